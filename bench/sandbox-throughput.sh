#!/usr/bin/env bash
# The sandbox benchmark: pages/s and MB/s serving 5000-record invoice pages of a 1,000,000-invoice company over
# loopback HTTP, with generation + serialization alone as the baseline. Results go in bench/BENCHMARKS.md.
#   bench/sandbox-throughput.sh [rounds=7] [pages-per-round=20]
exec "$(dirname "$0")/java-main.sh" 512m io.ledgersync.sandbox.http.SandboxThroughput "$@"
