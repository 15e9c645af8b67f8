#!/usr/bin/env bash
# Scale out (issue 14): one sync of the same data by a cluster of 1, 2 and 4 worker JVMs, with the sandbox answering
# every request 150 ms late, so that the time goes on waiting for the Data API, as it does against a slow one. Each
# worker runs CONCURRENCY partitions at a time (ledgersync.sync.concurrency, the same in every configuration); the
# manager is the `sync` command in cluster mode. Rounds interleave the configurations; the figure is each one's median
# run time as the manager's summary line prints it ("COMPLETED in X s"), and the ratio to 1 worker. The workers
# first run one sync, not measured, so that the measured one finds their JIT warm, as a long-running worker's is
# (cold JVMs compiling on 2 shared cores would measure the compiler).
# Needs target/ledgersync.jar (./mvnw -q -B package -DskipTests), PostgreSQL at 127.0.0.1:5432 (user postgres, trust
# auth) and RabbitMQ at 127.0.0.1:5672 (guest/guest). Results go in bench/BENCHMARKS.md ("Scale out").
# Small pages (10 records) keep each request's CPU small next to its 150 ms, so that the 2 cores of the machine, which
# run the sandbox, PostgreSQL, RabbitMQ and every JVM here, do not become what the run waits for.
#   bench/cluster-scale.sh [rounds=3] [companies=16] [invoices-per-company=200] [page-size=10]
set -euo pipefail
ROUNDS=${1:-3}
COMPANIES=${2:-16}
INVOICES=${3:-200}
PAGE_SIZE=${4:-10}
CONCURRENCY=4
SANDBOX_PORT=18089
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JAR="$ROOT/target/ledgersync.jar"
[ -f "$JAR" ] || { echo "no $JAR: run ./mvnw -q -B package -DskipTests first" >&2; exit 1; }
WORK=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS bench_cluster WITH (FORCE)" 2>/dev/null || true
    # the durable queue the workers declared; rabbitmqctl where the broker is local
    rabbitmqctl delete_queue bench_cluster.partitions >/dev/null 2>&1 || true
    rabbitmqctl delete_queue bench_cluster.partitions.dlq >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT
cd "$WORK"

cat > slow.yml <<YAML
faults:
  - latencyMillis: 150     # every request, as a slow Data API
YAML
java -jar "$JAR" sandbox --port=$SANDBOX_PORT --companies="$COMPANIES" --invoices-per-company="$INVOICES" \
    --scenario=slow.yml >sandbox.log 2>&1 &
pids+=($!)
until (exec 3<>/dev/tcp/127.0.0.1/$SANDBOX_PORT) 2>/dev/null; do sleep 0.5; done

common=(--ledgersync.cluster.name=bench_cluster --ledgersync.cluster.poll-interval=200ms
    --ledgersync.api.base-url=http://127.0.0.1:$SANDBOX_PORT --ledgersync.api.api-key=sandbox-key
    --ledgersync.api.page-size=$PAGE_SIZE --ledgersync.api.rate-limit.requests-per-second=2000
    --ledgersync.sync.concurrency=$CONCURRENCY
    --spring.datasource.url=jdbc:postgresql://127.0.0.1:5432/bench_cluster --spring.datasource.username=postgres
    --spring.datasource.password= --spring.rabbitmq.host=127.0.0.1 --ledgersync.security.password=bench
    --logging.level.root=WARN)

# One sync with N workers; prints the run's seconds from the manager's summary line.
sync_with() {
    local workers=$1 round=$2 worker_pids=() port
    psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS bench_cluster WITH (FORCE)" -c "CREATE DATABASE bench_cluster"
    # the schema first, so that the workers do not race the manager's migration
    java -jar "$JAR" sync --datasets=companies "${common[@]}" >/dev/null 2>&1
    for i in $(seq 1 "$workers"); do
        port=$((18100 + i))
        java -Xmx384m -jar "$JAR" worker "${common[@]}" --ledgersync.cluster.worker-port=$port >"worker-$workers-$i-$round.log" 2>&1 &
        worker_pids+=($!)
        pids+=($!)
    done
    for i in $(seq 1 "$workers"); do
        port=$((18100 + i))
        until curl -fs "http://127.0.0.1:$port/actuator/health" 2>/dev/null | grep -q UP; do sleep 0.5; done
    done
    # --full: a sync reads incrementally once it has watermarks (issue 13); this measures the whole walk each time
    java -Xmx384m -jar "$JAR" sync --full "${common[@]}" --ledgersync.cluster.enabled=true >"warmup-$workers-$round.log" 2>&1
    java -Xmx384m -jar "$JAR" sync --full "${common[@]}" --ledgersync.cluster.enabled=true >"manager-$workers-$round.log" 2>&1
    for pid in "${worker_pids[@]}"; do kill "$pid"; wait "$pid" 2>/dev/null || true; done
    grep -oE 'COMPLETED in [0-9.]+ s' "manager-$workers-$round.log" | head -1 | grep -oE '[0-9.]+'
}

echo "# $(date -u +%FT%TZ), $(nproc) cores, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $COMPANIES companies x $INVOICES invoices, pages of $PAGE_SIZE, 150 ms per request, $CONCURRENCY partitions per worker"
declare -A times
for round in $(seq 1 "$ROUNDS"); do
    for workers in 1 2 4; do
        seconds=$(sync_with "$workers" "$round")
        echo "round $round: $workers worker(s): $seconds s"
        times[$workers]="${times[$workers]:-} $seconds"
    done
done
python3 - "${times[1]}" "${times[2]}" "${times[4]}" <<'PY'
import statistics, sys
medians = {w: statistics.median(float(t) for t in sys.argv[i].split()) for i, w in ((1, 1), (2, 2), (3, 4))}
print("| workers | runs (s) | median s | speed-up over 1 worker |")
print("|---:|---|---:|---:|")
for i, w in ((1, 1), (2, 2), (3, 4)):
    print(f"| {w} | {sys.argv[i].strip()} | {medians[w]:.1f} | {medians[1] / medians[w]:.2f}x |")
PY
