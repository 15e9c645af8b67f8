#!/usr/bin/env bash
# The sandbox benchmark: pages/s and MB/s serving 5000-record invoice pages of a 1,000,000-invoice company over
# loopback HTTP, with generation + serialization alone as the baseline. Results go in bench/BENCHMARKS.md.
#   bench/sandbox-throughput.sh [rounds=7] [pages-per-round=20]
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt \
  -Dmdep.includeScope=test >/dev/null
exec java -Xmx512m -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
  io.ledgersync.sandbox.SandboxThroughput "$@"
