#!/usr/bin/env bash
# What the measured JVM of bench/run.sh keeps alive as it goes (issue 28, "stays flat in -Xmx256m"): runs the memory
# scenario with each JVM's GC log (-Xlog:gc) and, every INTERVAL seconds, a class histogram of the live objects of the
# measured JVM (`jcmd <pid> GC.class_histogram`, which collects first: what is left is the live set), top TOP classes.
#
#   bench/heap-histogram.sh <out dir> [bench/run.sh options...]
#   INTERVAL=20 TOP=25 bench/heap-histogram.sh target/heap --workload=smoke --memory-workload=W1M
#   INTERVAL=0 bench/heap-histogram.sh target/heap-plain ...   # GC logs only: the run's own GC and speed figures
#
# Run from the root of the checkout to measure (its target/ must hold the bench build: bench/run.sh once, or
# ./mvnw -Pbench test-compile dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt
# -Dmdep.includeScope=test). Each histogram forces a full collection: GC figures of a run sampled this way are not
# those of a plain run.
set -euo pipefail
out=$1
shift
interval=${INTERVAL:-20}
top=${TOP:-25}
mkdir -p "$out" target/tmp
export JAVA_TOOL_OPTIONS="-Xlog:gc:file=$out/gc-%p.log"
java -Xmx512m -Djava.io.tmpdir=target/tmp -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
  io.ledgersync.bench.PipelineBenchmark --scenarios=memory --databases=postgres "$@" >"$out/bench.txt" 2>&1 &
bench=$!
started=$(date +%s)
while [ "$interval" -gt 0 ] && kill -0 "$bench" 2>/dev/null; do
  sleep "$interval"
  for pid in $(jcmd -l 2>/dev/null | awk '/io.ledgersync.bench.Measurement/ {print $1}'); do
    at=$(($(date +%s) - started))
    histogram=$(jcmd "$pid" GC.class_histogram 2>/dev/null || true)
    [ -n "$histogram" ] || continue
    {
      echo "### t=${at}s pid=$pid $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
      echo "$histogram" | sed -n "2,$((top + 3))p"
      echo "$histogram" | tail -n 1
    } >>"$out/histogram-$pid.txt"
  done
done
wait "$bench"
