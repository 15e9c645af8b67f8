#!/usr/bin/env bash
# Issue 15: what a column added to a data set file costs at the next start. W1's 200,000 invoices stored as a sync
# writes them, then the start adds the column and fills it from the stored raw (zero requests), on H2 (file) and
# PostgreSQL (the tests' embedded server). Prints a markdown table of medians.
# See src/bench/java/io/ledgersync/sync/BackfillBenchmark.java.
#
#   bench/backfill.sh [--databases=h2,postgres] [--rounds=3] [--companies=10] [--invoices=20000] [--batch-sizes=1000]
exec "$(dirname "$0")/java-main.sh" 2g io.ledgersync.sync.BackfillBenchmark "$@"
