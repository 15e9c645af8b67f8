#!/usr/bin/env bash
# Many companies (issue 27): ledgersync's own cost per company data set when there is nothing to do. A sandbox of
# COMPANIES companies, each of its 6 company data sets RECORDS records long (accounts 24, the sandbox's
# least), fully synced once into PostgreSQL; then,
# nothing changed, rounds of an incremental `sync` (the real command, JVM start excluded: the figure is the run's
# durationSeconds from `sync --json`), each beside the Data API's own time for the same requests: curl, 4 in parallel
# (ledgersync's concurrency), the same URLs the run asked (its watermarks read back from sync_state, minus the lookback).
# The rate limit is lifted. Overhead per company data set = (run - curl) / company data sets. JFR=1 keeps a flight
# recording of the last round's sync command (bench/jfr-top.py reads it). BASELINE_JAR=other.jar runs that jar's sync
# too in every round, before this one's, on the same warehouse: the baseline measured in the same run. THREADS=1 runs
# each sync under bench/thread-cpu.py: its CPU by thread (JIT compilers, GC, partitions, main), a table per sync
# printed after the round and kept in $KEEP/*.threads. SYNC_JAVA_OPTS="..." go to this jar's JVM only (not the
# baseline's), e.g. "-XX:TieredStopAtLevel=1" or "-Xlog:gc:file=/tmp/gc.log": with JAR=BASELINE_JAR, a JVM option's
# effect in the same run. LAUNCHER=1 runs each jar's sync through the bin/ledgersync of the checkout that built it
# (<jar's folder>/../bin/ledgersync: its CDS archive and the JVM options it ships), not `java -jar`; JVM options then
# reach it through the launcher's JAVA_OPTS (SYNC_JAVA_OPTS, JFR=1 and -Xmx512m do).
# Needs target/ledgersync.jar (./mvnw -q -B package -DskipTests) and PostgreSQL at 127.0.0.1:5432 (user postgres, trust);
# makes and drops the database ls_f_many. Results go in bench/BENCHMARKS.md ("Many companies").
#   bench/many-companies.sh [rounds=3] [companies=1000] [records=5] [extra sync settings...]
set -euo pipefail
ROUNDS=${1:-3}
COMPANIES=${2:-1000}
RECORDS=${3:-5}
shift $(( $# < 3 ? $# : 3 ))
EXTRA=("$@")
PORT=${PORT:-25089}
DB=${DB:-ls_f_many}
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JAR=${JAR:-$ROOT/target/ledgersync.jar}
[ -f "$JAR" ] || { echo "no $JAR: run ./mvnw -q -B package -DskipTests first" >&2; exit 1; }
WORK=$(mktemp -d)
KEEP=${KEEP:-$ROOT/target/bench/many-companies}
mkdir -p "$KEEP"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
cd "$WORK"

cat > many.yml <<YAML
data:
  companies: $COMPANIES
  invoicesPerCompany: $RECORDS
  # accounts: at least the 24 of the standard chart, which other records name (docs/sandbox.md); still one page
  recordsPerCompany: { customers: $RECORDS, creditNotes: $RECORDS, suppliers: $RECORDS, bills: $RECORDS, accounts: $(( RECORDS > 24 ? RECORDS : 24 )) }
account: { freeTrial: false }
YAML
java -Xmx512m -jar "$JAR" sandbox --port="$PORT" --scenario=many.yml >sandbox.log 2>&1 &
pids+=($!)
until (exec 3<>/dev/tcp/127.0.0.1/"$PORT") 2>/dev/null; do
    kill -0 "${pids[0]}" 2>/dev/null || { cat sandbox.log >&2; exit 1; }
    sleep 0.5
done

psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB"
common=(--ledgersync.api.base-url=http://127.0.0.1:$PORT --ledgersync.api.api-key=sandbox-key
    --ledgersync.api.rate-limit.requests-per-second=100000
    --spring.datasource.url=jdbc:postgresql://127.0.0.1:5432/$DB --spring.datasource.username=postgres
    --spring.datasource.password= --logging.level.root=WARN "${EXTRA[@]}")

# prints "seconds pages cpu" of one sync: the run's seconds and requests from its --json summary, and the CPU
# seconds (user + system) of the whole command, JVM start included (the load of a busy machine does not inflate it)
sync_json() {
    local out=$1 jar=$2 threads=() command; shift 2
    [ "${THREADS:-0}" = 1 ] && threads=(python3 "$ROOT/bench/thread-cpu.py" "$out.threads" --)
    if [ "${LAUNCHER:-0}" = 1 ]; then
        command=(env JAVA_OPTS="-Xmx512m $*" "$(dirname "$jar")/../bin/ledgersync")
    else
        command=(java -Xmx512m "$@" -jar "$jar")
    fi
    /usr/bin/time -f "%U %S" -o "$out.cpu" ${threads[@]+"${threads[@]}"} "${command[@]}" sync --json "${common[@]}" >"$out" 2>"$out.err" \
        || { echo "sync failed: $(tail -3 "$out.err")" >&2; exit 1; }
    python3 - "$out" <<'PY'
import json, sys
doc = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
assert doc["outcome"] == "COMPLETED", doc
user, system = (float(x) for x in open(sys.argv[1] + ".cpu").read().split()[-2:])
print(doc["durationSeconds"], sum(d["pages"] for d in doc["dataSets"]), f"{user + system:.1f}")
PY
}

# the requests an incremental run sends, one URL a line, from the watermarks the last run left (lookback 1h)
urls() {
    echo "http://127.0.0.1:$PORT/companies?page=1&pageSize=1000"
    psql -h 127.0.0.1 -U postgres -d $DB -Atc "
      SELECT 'http://127.0.0.1:$PORT/companies/' || company_id || '/data/' ||
             CASE data_set WHEN 'credit_notes' THEN 'creditNotes' ELSE data_set END || '?page=1&pageSize=1000' ||
             COALESCE('&query=modifiedDate%3E%3D' ||
                 to_char((watermark - interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), '')
      FROM sync_state ORDER BY company_id, data_set"
}

# rows written per table and the database's commits, as PostgreSQL counts them: where a run's writes go
db_counts() {
    sleep 1 # the statistics of other backends reach the views within a second (PGSTAT_MIN_INTERVAL)
    psql -h 127.0.0.1 -U postgres -d $DB -AtF' ' -c "
      SELECT relname, n_tup_ins, n_tup_upd, n_tup_del, seq_scan + COALESCE(idx_scan, 0) FROM pg_stat_user_tables
      UNION ALL SELECT '(commits)', xact_commit, 0, 0, 0 FROM pg_stat_database WHERE datname = '$DB'"
}

curl_all() {
    local start end
    start=$(date +%s.%N)
    xargs -P4 -n 50 curl -fsS -H "Authorization: Basic $(printf sandbox-key | base64)" <urls.txt >/dev/null
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.2f}')"
}

echo "# $(date -u +%FT%TZ), $(nproc) cores, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $COMPANIES companies x 6 company data sets of $RECORDS records, nothing changed, incremental, PostgreSQL; settings: ${EXTRA[*]:-defaults}"
read -r full_s full_pages full_cpu < <(sync_json full.json "$JAR")
echo "first (full) sync: $full_s s, $full_pages requests, $full_cpu s of CPU"
urls >urls.txt
cds=$(( $(wc -l <urls.txt) - 1 ))
echo "company data sets: $cds; the minimum an incremental run asks: $((cds + 1)) requests"
runs=() curls=() cpus=() bases=() base_cpus=()
for round in $(seq 1 "$ROUNDS"); do
    jfr=()
    if [ "${JFR:-0}" = 1 ] && [ "$round" = "$ROUNDS" ]; then
        jfr=(-XX:StartFlightRecording=filename="$KEEP/sync.jfr",settings=profile)
    fi
    if [ -n "${BASELINE_JAR:-}" ]; then
        read -r base_s base_pages base_cpu < <(sync_json "base-$round.json" "$BASELINE_JAR")
        echo "round $round: baseline ($BASELINE_JAR) sync $base_s s ($base_pages requests, the command $base_cpu s of CPU)"
        bases+=("$base_s") base_cpus+=("$base_cpu")
    fi
    db_counts >before.txt
    read -r -a sync_opts <<< "${SYNC_JAVA_OPTS:-}"
    read -r run_s pages cpu < <(sync_json "run-$round.json" "$JAR" ${sync_opts[@]+"${sync_opts[@]}"} ${jfr[@]+"${jfr[@]}"})
    db_counts >after.txt
    urls >urls.txt
    curl_s=$(curl_all)
    echo "round $round: sync $run_s s ($pages requests, the command $cpu s of CPU), curl -P4 $curl_s s"
    runs+=("$run_s") curls+=("$curl_s") cpus+=("$cpu")
    for table in base-"$round".json.threads run-"$round".json.threads; do
        if [ -f "$table" ]; then echo "$table:"; cat "$table"; cp "$table" "$KEEP/"; fi
    done
done
if [ -n "${BASELINE_JAR:-}" ]; then
    python3 - "$cds" "${bases[*]}" "${base_cpus[*]}" <<'PY'
import statistics, sys
cds = int(sys.argv[1])
r, u = (statistics.median(float(x) for x in arg.split()) for arg in sys.argv[2:4])
print(f"baseline: incremental sync median {r:.2f} s, {1000 * r / cds:.2f} ms per company data set, the command's CPU median {u:.1f} s")
PY
fi
cp -- *.json "$KEEP/" 2>/dev/null || true
echo "The last round's writes per company data set (PostgreSQL's statistics; the job repository, our bookkeeping):"
python3 - "$cds" before.txt after.txt <<'PY'
import sys
cds = int(sys.argv[1])
def read(path):
    return {f[0]: [int(x) for x in f[1:]] for f in (line.split() for line in open(path)) if f}
before, after = read(sys.argv[2]), read(sys.argv[3])
print("| table | inserts | updates | deletes | scans | per company data set (writes) |")
print("|---|---:|---:|---:|---:|---:|")
for table in sorted(after):
    d = [a - b for a, b in zip(after[table], before.get(table, [0, 0, 0, 0]))]
    if any(d):
        print(f"| {table} | {d[0]} | {d[1]} | {d[2]} | {d[3]} | {(d[0] + d[1] + d[2]) / cds:.2f} |")
PY
python3 - "$cds" "${runs[*]}" "${curls[*]}" "${cpus[*]}" <<'PY'
import statistics, sys
cds = int(sys.argv[1])
runs, curls, cpus = ([float(x) for x in arg.split()] for arg in sys.argv[2:5])
r, c, u = statistics.median(runs), statistics.median(curls), statistics.median(cpus)
print("| incremental sync, median s | curl -P4, median s | sync ms per company data set | curl ms per company data set | overhead ms per company data set | sync command's CPU, median s |")
print("|---:|---:|---:|---:|---:|---:|")
print(f"| {r:.2f} | {c:.2f} | {1000 * r / cds:.2f} | {1000 * c / cds:.2f} | {1000 * (r - c) / cds:.2f} | {u:.1f} |")
PY
