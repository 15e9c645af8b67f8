#!/usr/bin/env bash
# Issue 28 on PostgreSQL: a first full sync straight into empty tables (COPY) against the same sync upserted through
# the staging table, and a full refresh with nothing changed (its time, the row versions it wrote, the dead tuples it
# left), side by side in one JVM and one database, round by round. Creates and drops the database ls_b_bench.
# See src/bench/java/io/ledgersync/sync/UnchangedRefreshBenchmark.java.
#
#   bench/unchanged-refresh.sh [--rounds=3] [--companies=10] [--invoices=5000] [--page-size=1000]
set -euo pipefail
db=${LEDGERSYNC_BENCH_DB:-ls_b_bench}
psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
trap 'psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $db"' EXIT
"$(dirname "$0")/java-main.sh" 1g io.ledgersync.sync.UnchangedRefreshBenchmark \
  "--jdbc-url=jdbc:postgresql://127.0.0.1:5432/$db?user=postgres" "$@"
