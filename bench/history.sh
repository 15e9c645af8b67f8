#!/usr/bin/env bash
# Issue 26: an incremental night with history on against the same night with it off, side by side in one JVM (two
# instances of the service, two warehouses, one sandbox), rounds alternating which goes first; then a full refresh
# with nothing changed (versions written: 0), rows and bytes per version. Prints a markdown table and medians.
# See src/bench/java/io/ledgersync/sync/HistoryBenchmark.java.
#
#   bench/history.sh [--rounds=5] [--companies=4] [--invoices=5000] [--page-size=1000]
#                    [--on-url=jdbc:postgresql://... --off-url=jdbc:postgresql://...]
exec "$(dirname "$0")/java-main.sh" 1g io.ledgersync.sync.HistoryBenchmark "$@"
