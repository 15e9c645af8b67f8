#!/usr/bin/env bash
# Scale out (issues 14 and 28): one sync of the same data by a cluster of 1, 2 and 4 worker JVMs, with the sandbox
# answering every request LATENCY_MS (150) late, so that the time goes on waiting for the Data API, as it does against a
# slow one. Each worker runs CONCURRENCY partitions at a time (ledgersync.sync.concurrency, the same in every
# configuration); the manager is the `sync` command in cluster mode. Rounds interleave the configurations; the figure is
# each one's median run time as the manager's summary line prints it ("COMPLETED in X s"), beside the requests the run
# made (the workers' own ledgersync_api_requests count) and their request-bound ideal, requests x latency / (workers x
# CONCURRENCY): the time the requests take at that many in flight, nothing else counted. The workers first run one sync,
# not measured, so that the measured one finds their JIT warm, as a long-running worker's is (cold JVMs compiling on 2
# shared cores would measure the compiler).
# With BASELINE_JAR, every configuration also runs with that jar (manager and workers), alternating with this one in each
# round: before and after in the same run.
# Needs target/ledgersync.jar (./mvnw -q -B package -DskipTests), PostgreSQL at 127.0.0.1:5432 (user postgres, trust
# auth) and RabbitMQ at 127.0.0.1:5672 (guest/guest). Results go in bench/BENCHMARKS.md ("Scale out").
# Small pages keep each request's CPU small next to its latency, so that the 2 cores of the machine, which run the
# sandbox, PostgreSQL, RabbitMQ and every JVM here, do not become what the run waits for.
#   [WORKERS="1 2 4"] [CONCURRENCY=4] [LATENCY_MS=150] [NAME=bench_cluster] [BASELINE_JAR=old.jar] \
#   bench/cluster-scale.sh [rounds=3] [companies=16] [invoices-per-company=200] [page-size=10]
# Issue 28's run (8 companies, 169 requests, 1 and 2 workers of 2 partitions each):
#   WORKERS="1 2" CONCURRENCY=2 BASELINE_JAR=/tmp/base.jar bench/cluster-scale.sh 3 8 400 50
set -euo pipefail
ROUNDS=${1:-3}
COMPANIES=${2:-16}
INVOICES=${3:-200}
PAGE_SIZE=${4:-10}
WORKERS=${WORKERS:-1 2 4}
CONCURRENCY=${CONCURRENCY:-4}
LATENCY_MS=${LATENCY_MS:-150}
NAME=${NAME:-bench_cluster}          # the database, the cluster (its queues) and nothing else
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JAR="$ROOT/target/ledgersync.jar"
[ -f "$JAR" ] || { echo "no $JAR: run ./mvnw -q -B package -DskipTests first" >&2; exit 1; }
JARS=(after="$JAR")
[ -n "${BASELINE_JAR:-}" ] && JARS=(before="$BASELINE_JAR" after="$JAR")
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
SANDBOX_PORT=$(free_port)
WORK=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" 2>/dev/null || true
    # the durable queues the workers declared; rabbitmqctl where the broker is local
    rabbitmqctl delete_queue "$NAME.partitions" >/dev/null 2>&1 || true
    rabbitmqctl delete_queue "$NAME.partitions.dlq" >/dev/null 2>&1 || true
    rm -rf "$WORK"
}
trap cleanup EXIT
cd "$WORK"

cat > slow.yml <<YAML
faults:
  - latencyMillis: $LATENCY_MS     # every request, as a slow Data API
YAML
java -jar "$JAR" sandbox --port=$SANDBOX_PORT --companies="$COMPANIES" --invoices-per-company="$INVOICES" \
    --scenario=slow.yml >sandbox.log 2>&1 &
pids+=($!)
until (exec 3<>/dev/tcp/127.0.0.1/$SANDBOX_PORT) 2>/dev/null; do sleep 0.5; done

common=(--ledgersync.cluster.name=$NAME --ledgersync.cluster.poll-interval=200ms
    --ledgersync.api.base-url=http://127.0.0.1:$SANDBOX_PORT --ledgersync.api.api-key=sandbox-key
    --ledgersync.api.page-size=$PAGE_SIZE --ledgersync.api.rate-limit.requests-per-second=2000
    --ledgersync.sync.concurrency=$CONCURRENCY
    --spring.datasource.url=jdbc:postgresql://127.0.0.1:5432/$NAME --spring.datasource.username=postgres
    --spring.datasource.password= --spring.rabbitmq.host=127.0.0.1 --ledgersync.security.password=bench
    --logging.level.root=WARN)

# The Data API requests the workers on these ports have made so far.
requests_of() {
    local total=0 port n
    for port in "$@"; do
        n=$(curl -fs "http://127.0.0.1:$port/actuator/prometheus" | awk '/^ledgersync_api_requests_seconds_count/ {s += $2} END {printf "%d", s}')
        total=$((total + n))
    done
    echo "$total"
}

# One sync with N workers of one jar; prints the run's seconds from the manager's summary line and its requests.
sync_with() {
    local jar=$1 workers=$2 label=$3 worker_pids=() ports=() port before
    psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $NAME WITH (FORCE)" -c "CREATE DATABASE $NAME"
    # the schema first, so that the workers do not race the manager's migration
    java -jar "$jar" sync --datasets=companies "${common[@]}" >/dev/null 2>&1
    for i in $(seq 1 "$workers"); do
        port=$(free_port)
        ports+=("$port")
        java -Xmx384m -jar "$jar" worker "${common[@]}" --ledgersync.cluster.worker-port=$port >"worker-$label-$i.log" 2>&1 &
        worker_pids+=($!)
        pids+=($!)
    done
    for port in "${ports[@]}"; do
        until curl -fs "http://127.0.0.1:$port/actuator/health" 2>/dev/null | grep -q UP; do sleep 0.5; done
    done
    # --full: a sync reads incrementally once it has watermarks (issue 13); this measures the whole walk each time
    java -Xmx384m -jar "$jar" sync --full "${common[@]}" --ledgersync.cluster.enabled=true >"warmup-$label.log" 2>&1
    before=$(requests_of "${ports[@]}")
    java -Xmx384m -jar "$jar" sync --full "${common[@]}" --ledgersync.cluster.enabled=true >"manager-$label.log" 2>&1
    echo "$(grep -oE 'COMPLETED in [0-9.]+ s' "manager-$label.log" | head -1 | grep -oE '[0-9.]+') $(( $(requests_of "${ports[@]}") - before ))"
    for pid in "${worker_pids[@]}"; do kill "$pid"; wait "$pid" 2>/dev/null || true; done
}

echo "# $(date -u +%FT%TZ), $(nproc) cores, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $COMPANIES companies x $INVOICES invoices, pages of $PAGE_SIZE, $LATENCY_MS ms per request, $CONCURRENCY partitions per worker"
echo "# jars: ${JARS[*]}"
results=()
for round in $(seq 1 "$ROUNDS"); do
    for workers in $WORKERS; do
        for entry in "${JARS[@]}"; do
            label=${entry%%=*}
            read -r seconds requests < <(sync_with "${entry#*=}" "$workers" "$label-$workers-$round")
            echo "round $round: $label, $workers worker(s): $seconds s, $requests requests, load average $(cut -d' ' -f1-3 /proc/loadavg)"
            results+=("$label $workers $seconds $requests")
        done
    done
done
echo "# end $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s\n' "${results[@]}" | python3 -c '
import statistics, sys
latency, concurrency = float(sys.argv[1]) / 1000, int(sys.argv[2])
runs = {}
for line in sys.stdin:
    label, workers, seconds, requests = line.split()
    runs.setdefault((label, int(workers)), []).append((float(seconds), int(requests)))
one = {label: statistics.median(s for s, _ in r) for (label, w), r in runs.items() if w == 1}
print("| jar | workers | runs (s) | median s | requests | request-bound ideal s | median / ideal | speed-up over 1 worker |")
print("|---|---:|---|---:|---:|---:|---:|---:|")
for (label, workers), r in sorted(runs.items(), key=lambda item: (item[0][1], item[0][0] != "before")):
    median = statistics.median(s for s, _ in r)
    requests = statistics.median(n for _, n in r)
    ideal = requests * latency / (workers * concurrency)
    speedup = "%.2fx" % (one[label] / median) if label in one else ""
    each = " ".join("%.1f" % s for s, _ in r)
    print(f"| {label} | {workers} | {each} | {median:.1f} | {requests:.0f} | {ideal:.1f} | {median / ideal:.2f}x | {speedup} |")
' "$LATENCY_MS" "$CONCURRENCY"
