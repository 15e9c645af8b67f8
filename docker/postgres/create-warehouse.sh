#!/bin/sh
# Runs once, when the postgres container initialises an empty volume: the warehouse's own role and
# database, apart from the server's superuser (POSTGRES_USER), so that ledgersync holds no more
# rights than its database needs.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
     -v warehouse_user="$LEDGERSYNC_DB_USER" -v warehouse_password="$LEDGERSYNC_DB_PASSWORD" <<'SQL'
CREATE ROLE :"warehouse_user" LOGIN PASSWORD :'warehouse_password';
CREATE DATABASE ledgersync OWNER :"warehouse_user";
SQL
