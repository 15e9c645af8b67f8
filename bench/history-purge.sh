#!/usr/bin/env bash
# Issue 12: what the purge of the run history costs and saves. A year of nightly full runs written into the job
# repository as Spring Batch stores them, then the purge of the oldest 275 days, on H2 (file) and PostgreSQL (the
# tests' embedded server), by the shipped purge (sql), by Spring Batch's own deleteJobInstance (batch-api, the
# baseline) and, on PostgreSQL, by the shipped purge without V8's indexes (sql-without-v8); one GET /api/runs page,
# rows and bytes before and after. Prints a markdown table of medians.
# See src/bench/java/io/ledgersync/warehouse/HistoryPurgeBenchmark.java.
#
#   bench/history-purge.sh [--databases=h2,postgres] [--variants=sql,batch-api,sql-without-v8] [--rounds=5] [--days=365]
#                          [--purge-days=275] [--companies=10] [--page-queries=10]
exec "$(dirname "$0")/java-main.sh" 1g io.ledgersync.warehouse.HistoryPurgeBenchmark "$@"
