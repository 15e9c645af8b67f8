#!/usr/bin/env bash
# Builds the test classes with the benchmarks (src/bench/java, profile "bench") and runs one of the
# benchmarks' main classes on the test classpath, from the repository root.
#   bench/java-main.sh <heap, e.g. 512m> <main class> [arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
heap=$1 main=$2
shift 2
./mvnw -q -B -Pbench test-compile dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt \
  -Dmdep.includeScope=test >/dev/null
mkdir -p target/tmp
exec java "-Xmx$heap" -Djava.io.tmpdir=target/tmp \
  -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" "$main" "$@"
