#!/usr/bin/env bash
# Where PostgreSQL's CPU goes in the COPY upsert, measured with psql on the W1 invoices (10 companies x 20,000):
# COPY of the 200,000 rows into a staging table with raw compressed by pglz, by lz4, or not at all; raw as text; text
# against binary COPY; then the chunk INSERT ... ON CONFLICT in 1000-row chunks with and without DISTINCT ON.
# Needs a running PostgreSQL 14+ (default: 127.0.0.1:5432, user postgres, trust auth) and psql; builds the jar,
# syncs W1 into a scratch database (bench_copy), exports its invoices, times each step 3 times, drops the database.
#
#   bench/postgres-copy.sh [host=127.0.0.1] [port=5432]
set -euo pipefail
cd "$(dirname "$0")/.."
host=${1:-127.0.0.1} port=${2:-5432}
psql_() { psql -h "$host" -p "$port" -U postgres -v ON_ERROR_STOP=1 -q "$@"; }
work=$(mktemp -d)
trap 'rm -rf "$work"; psql_ -d postgres -c "DROP DATABASE IF EXISTS bench_copy WITH (FORCE)" >/dev/null 2>&1 || true' EXIT

./mvnw -q -B package -DskipTests >/dev/null
psql_ -d postgres -c "DROP DATABASE IF EXISTS bench_copy WITH (FORCE)" -c "CREATE DATABASE bench_copy"
LEDGERSYNC_DB_URL="jdbc:postgresql://$host:$port/bench_copy" LEDGERSYNC_DB_USER=postgres \
  java -jar target/ledgersync.jar sync --ledgersync.sandbox.companies=10 --ledgersync.sandbox.invoices-per-company=20000 \
  --logging.level.root=WARN >/dev/null
psql_ -d bench_copy -c "\\copy (SELECT i.*, row_number() OVER () AS ord FROM invoices i) TO '$work/rows.copy'"
psql_ -d bench_copy -Atc "SELECT version()"

columns="company_id, id, invoice_number, customer_id, customer_name, issue_date, due_date, paid_on_date, modified_date,
  source_modified_date, status, currency, currency_rate, sub_total, total_tax_amount, total_discount, total_amount,
  amount_due, is_deleted, raw, synced_at, run_id"
psql_ -d bench_copy <<SQL 2>&1 | grep -E '^(Time|copy|insert)'
CREATE TEMPORARY TABLE stage_pglz (LIKE invoices, ord INTEGER);
ALTER TABLE stage_pglz ALTER COLUMN raw SET COMPRESSION pglz;
CREATE TEMPORARY TABLE stage_lz4 (LIKE invoices, ord INTEGER);
ALTER TABLE stage_lz4 ALTER COLUMN raw SET COMPRESSION lz4;
CREATE TEMPORARY TABLE stage_none (LIKE invoices, ord INTEGER);
ALTER TABLE stage_none ALTER COLUMN raw SET STORAGE EXTERNAL;
CREATE TEMPORARY TABLE stage_text (LIKE invoices, ord INTEGER);
ALTER TABLE stage_text ALTER COLUMN raw TYPE text;
\\copy stage_none FROM '$work/rows.copy'
\\copy stage_none TO '$work/rows.bin' WITH (FORMAT binary)
TRUNCATE stage_none;
CREATE TABLE target (LIKE invoices INCLUDING ALL);
CREATE INDEX ON stage_pglz (ord);
CREATE PROCEDURE upsert_chunks(distinct_on boolean) LANGUAGE plpgsql AS \$\$
BEGIN
  FOR chunk IN 0..199 LOOP
    EXECUTE format('INSERT INTO target SELECT %s $columns FROM stage_pglz WHERE ord > \$1 AND ord <= \$2 %s'
        ' ON CONFLICT (company_id, id) DO UPDATE SET raw = EXCLUDED.raw, synced_at = EXCLUDED.synced_at',
        CASE WHEN distinct_on THEN 'DISTINCT ON (company_id, id)' ELSE '' END,
        CASE WHEN distinct_on THEN 'ORDER BY company_id, id, ord DESC' ELSE '' END)
      USING chunk * 1000, chunk * 1000 + 1000;
  END LOOP;
END \$\$;
$(timed() { echo "\\echo $1"; echo "\\timing on"; echo "$2"; echo "\\timing off"; }
for round in 1 2 3; do
  for stage in pglz lz4 none text; do
    timed "copy text into the staging table, raw $stage, round $round" "\\copy stage_$stage FROM '$work/rows.copy'"
    [ "$stage" = pglz ] || echo "TRUNCATE stage_$stage;"
  done
  timed "copy binary into the staging table, raw none, round $round" "\\copy stage_none FROM '$work/rows.bin' WITH (FORMAT binary)"
  echo "TRUNCATE stage_none;"
  for d in true false; do
    echo "TRUNCATE target;"
    timed "insert from the staging table (raw pglz) in 200 chunks of 1000, DISTINCT ON $d, round $round" "CALL upsert_chunks($d);"
  done
  echo "TRUNCATE stage_pglz;"
done)
SQL
