#!/usr/bin/env bash
# Issue 13: W1 (10 companies x 20,000 invoices) fully synced, then 1 % of the invoices changed and synced
# incrementally, side by side in one JVM and one database, round by round; prints a markdown table and medians.
# See src/bench/java/io/ledgersync/sync/IncrementalBenchmark.java.
#
#   bench/incremental.sh [--rounds=3] [--companies=10] [--invoices=20000] [--page-size=1000]
#                        [--database=h2|postgres --jdbc-url=jdbc:postgresql://...]
exec "$(dirname "$0")/java-main.sh" 1g io.ledgersync.sync.IncrementalBenchmark "$@"
