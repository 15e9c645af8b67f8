#!/usr/bin/env bash
# Issue 7's lever "H2's fastest merge": ways of upserting 1000-row chunks into an H2 file database, each in a JVM of
# its own, rounds interleaved; first sync (inserts) and rerun (updates). Prints markdown tables, medians and ratios to
# the first variant named (records/s and, steadier on a shared machine, process CPU seconds). The variants are listed
# in src/bench/java/io/ledgersync/warehouse/H2UpsertBenchmark.java; each measurement takes ~1.5 min.
#
#   bench/h2-upsert.sh [--variants=batch,shipped,merge-values-100,merge-using,inplace,varchar,...] [--rounds=5] [--companies=10]
#                      [--invoices=20000] [--concurrency=4] [--chunk=1000] [--xmx=3g]
exec "$(dirname "$0")/java-main.sh" 256m io.ledgersync.warehouse.H2UpsertBenchmark "$@"
