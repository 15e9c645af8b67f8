#!/usr/bin/env bash
# W1 end to end, as a user sees it (issue 28): `bin/ledgersync sync` from the shell to its exit, JVM start included,
# against a standalone sandbox process, into the machine's PostgreSQL, beside what the two ends can do alone:
#  - pipeline: `<launcher> sync --datasets=companies,invoices --json` into a database whose tables `schema` made
#    (untimed: the sink's tables exist too); wall time and the command's CPU from /usr/bin/time, the sandbox's and the
#    PostgreSQL server's CPU from /proc over the same interval. The shipped jobs/ (invoices with line items, payment
#    allocations and history), page size and concurrency as shipped; only the client's rate limit is lifted (the
#    sandbox has none, and curl has none);
#  - source: the very URLs the sync asked (the companies page, then every invoice page of every company, its page
#    size), fetched by curl, 4 processes in parallel (the sync's concurrency), each with keep-alive;
#  - sink: the very rows the sync wrote (every table of the warehouse with rows, but the job repository's, Flyway's and `schema`'s),
#    `\copy ... TO` files once (untimed), then `COPY FROM` timed into `CREATE TABLE sink_x (LIKE x INCLUDING ALL)`
#    copies (indexes, defaults, lz4 compression), by 1 psql and by 4 psql in parallel (each file cut in 4 by lines);
#    the faster of the two is "what the database can do";
#  - ratio = max(source, sink) / pipeline, per round and of the medians: >= 0.8 is issue 28's target.
# Rounds alternate the order (source, pipelines, sink; then sink, pipelines reversed, source) after one untimed warm-up
# round; every pipeline gets a fresh database and a CHECKPOINT before it (so does the sink). Each launcher given is a
# variant measured in every round (label=command, e.g. before=/tmp/old/bin/ledgersync "gc=env JAVA_OPTS=-XX:+UseParallelGC
# bin/ledgersync"): a change against the code before it, side by side. JFR=1: the last round's syncs keep a flight
# recording (bench/jfr-top.py reads it) in $KEEP.
# Needs target/ledgersync.jar and target/cds/ (./mvnw -B -ntp package -DskipTests), psql, curl, python3, /usr/bin/time,
# PostgreSQL at 127.0.0.1:5432 (user postgres, trust); makes and drops the database $DB; needs ~3.5 GB
# under /tmp for the exported rows. A round took ~12 min at load 20+ (one sync ~7 min); on 2 quiet cores expect ~2 min
# a round and variant, plus the warm-up (W1: 501 MB of JSON; 0.94 million rows written twice with history on).
#   bench/end-to-end.sh [rounds=5] [label=launcher ...]      (default launcher: bin/ledgersync)
# Environment: COMPANIES (10), INVOICES (20000), DB (ls_d_e2e), PORT (a free one), KEEP (target/bench/end-to-end).
set -euo pipefail
ROUNDS=${1:-5}
shift $(( $# > 0 ? 1 : 0 ))
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VARIANTS=()
for variant in "$@"; do # a launcher named by a relative path is found from here: the runs go on in a folder of their own
    read -r -a words <<< "${variant#*=}"
    for i in "${!words[@]}"; do [ -f "${words[i]}" ] && words[i]=$(readlink -f "${words[i]}"); done
    VARIANTS+=("${variant%%=*}=${words[*]}")
done
[ ${#VARIANTS[@]} -gt 0 ] || VARIANTS=("bin/ledgersync=$ROOT/bin/ledgersync")
COMPANIES=${COMPANIES:-10}
INVOICES=${INVOICES:-20000}
DB=${DB:-ls_d_e2e}
PORT=${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
JAR="$ROOT/target/ledgersync.jar"
KEEP=${KEEP:-$ROOT/target/bench/end-to-end}
[ -f "$JAR" ] && [ -f "$ROOT/target/cds/ledgersync.jsa" ] || { echo "no $JAR or target/cds/: run ./mvnw -B -ntp package -DskipTests" >&2; exit 1; }
for tool in psql curl python3 /usr/bin/time; do command -v "$tool" >/dev/null || { echo "$tool is missing" >&2; exit 1; }; done
export PGOPTIONS="-c client_min_messages=warning"
PSQL=(psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qAt)
WORK=$(mktemp -d)
mkdir -p "$KEEP"
SANDBOX=
cleanup() {
    [ -n "$SANDBOX" ] && kill "$SANDBOX" 2>/dev/null
    "${PSQL[@]}" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
cd "$WORK" # the launcher's working directory: no ./config/ or ./jobs/ of the repository, the packaged ones

java -jar "$JAR" sandbox --port="$PORT" --companies="$COMPANIES" --invoices-per-company="$INVOICES" --seed=28 \
    --as-of=2026-11-01 >sandbox.log 2>&1 &
SANDBOX=$!
until (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do
    kill -0 "$SANDBOX" 2>/dev/null || { cat sandbox.log >&2; exit 1; }
    sleep 0.2
done
sleep 1
kill -0 "$SANDBOX" 2>/dev/null || { echo "the sandbox did not start (port $PORT taken?):" >&2; cat sandbox.log >&2; exit 1; }
BASE="http://127.0.0.1:$PORT"
AUTH="Authorization: Basic $(printf sandbox-key | base64)"
SETTINGS=(--ledgersync.api.base-url="$BASE" --ledgersync.api.api-key=sandbox-key
    --ledgersync.api.rate-limit.requests-per-second=100000
    --spring.datasource.url="jdbc:postgresql://127.0.0.1:5432/$DB" --spring.datasource.username=postgres
    --spring.datasource.password=)
PAGE_SIZE=$(sed -n 's/.*page-size: \${LEDGERSYNC_PAGE_SIZE:\([0-9]*\)}.*/\1/p' "$ROOT/config/application.yml")
[ -n "$PAGE_SIZE" ] || { echo "cannot read the shipped page size from $JAR" >&2; exit 1; }

# CPU seconds so far of the sandbox JVM and of the PostgreSQL server (postmaster, reaped and live children: /proc)
cpu_of() {
    python3 "$ROOT/bench/proc-cpu.py" "$SANDBOX" "tree:$(head -1 "$("${PSQL[@]}" -c 'SHOW data_directory')/postmaster.pid")"
}

fresh_database() {
    "${PSQL[@]}" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB"
}

# the data tables the sync wrote: every table with rows but the job repository's, Flyway's and data_set_schema (schema's)
data_tables() {
    "${PSQL[@]}" -d "$DB" -c "SELECT string_agg(table_name, ' ' ORDER BY table_name) FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'batch\_%'
          AND table_name NOT LIKE 'sink\_%' AND table_name NOT IN ('flyway_schema_history', 'data_set_schema')" | tr ' ' '\n' | while read -r t; do
        [ "$("${PSQL[@]}" -d "$DB" -c "SELECT EXISTS (SELECT 1 FROM $t)" </dev/null)" = t ] && echo "$t"
    done
}

row_counts() { # "table rows" a line, of the tables named
    for t in "$@"; do echo "$t $("${PSQL[@]}" -d "$DB" -c "SELECT count(*) FROM $t")"; done
}

# one sync of a variant into a fresh database: prints "wall_s client_cpu_s sandbox_cpu_s server_cpu_s"
pipeline() {
    local label=${1//[^A-Za-z0-9_.-]/_} jfr=$2 command
    read -r -a command <<< "$3"
    fresh_database
    "${command[@]}" schema "${SETTINGS[@]}" >"schema-$label.out" 2>&1 || { echo "$label: schema failed: $(tail -3 "schema-$label.out")" >&2; exit 1; }
    "${PSQL[@]}" -c CHECKPOINT
    local options=()
    [ "$jfr" = 1 ] && options=(env "JAVA_OPTS=${JAVA_OPTS:-} -XX:StartFlightRecording=filename=$KEEP/$label.jfr,settings=profile")
    read -r sandbox0 server0 < <(cpu_of)
    /usr/bin/time -f "%e %U %S" -o "time-$label" ${options[@]+"${options[@]}"} "${command[@]}" sync --datasets=companies,invoices --json \
        "${SETTINGS[@]}" >"sync-$label.json" 2>"sync-$label.err" || { echo "$label: sync failed: $(tail -5 "sync-$label.err")" >&2; exit 1; }
    read -r sandbox1 server1 < <(cpu_of)
    python3 - "sync-$label.json" "$((1 + COMPANIES * ((INVOICES + PAGE_SIZE - 1) / PAGE_SIZE)))" <<'PY' >&2
import json, sys
doc = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
pages = sum(d["pages"] for d in doc["dataSets"])
assert doc["outcome"] == "COMPLETED" and pages == int(sys.argv[2]), f"{doc['outcome']}, {pages} pages for {sys.argv[2]}: {doc}"
PY
    local invoices
    invoices=$("${PSQL[@]}" -d "$DB" -c "SELECT count(*) FROM invoices")
    [ "$invoices" = $((COMPANIES * INVOICES)) ] || { echo "$label: $invoices invoices, not $((COMPANIES * INVOICES))" >&2; exit 1; }
    read -r wall user system < "time-$label"
    python3 -c "print(f'$wall {$user + $system:.2f} {$sandbox1 - $sandbox0:.2f} {$server1 - $server0:.2f}')"
}

# the sync's requests, one URL a line: the companies page, then each company's invoice pages
urls() {
    echo "$BASE/companies?page=1&pageSize=$PAGE_SIZE"
    "${PSQL[@]}" -d "$DB" -F' ' -c "SELECT company_id, count(*) FROM invoices GROUP BY company_id ORDER BY company_id" |
        while read -r company count; do
            for page in $(seq 1 $(( (count + PAGE_SIZE - 1) / PAGE_SIZE ))); do
                echo "$BASE/companies/$company/data/invoices?page=$page&pageSize=$PAGE_SIZE"
            done
        done
}

source_only() { # seconds for curl, 4 in parallel, to fetch every URL
    local start end per
    per=$(( ($(wc -l < urls.txt) + 3) / 4 ))
    start=$(date +%s.%N)
    xargs -P4 -n "$per" curl -fsS -H "$AUTH" < urls.txt > /dev/null
    end=$(date +%s.%N)
    python3 -c "print(f'{$end - $start:.2f}')"
}

# seconds for psql to COPY the exported rows into empty copies of the tables, with $1 psql processes in parallel
sink_only() {
    local parallel=$1 t start end k
    for t in "${TABLES[@]}"; do
        "${PSQL[@]}" -d "$DB" -c "DROP TABLE IF EXISTS sink_$t" -c "CREATE TABLE sink_$t (LIKE $t INCLUDING ALL)"
    done
    "${PSQL[@]}" -c CHECKPOINT
    local pids=()
    start=$(date +%s.%N)
    for k in $(seq 1 "$parallel"); do
        for t in "${TABLES[@]}"; do
            if [ "$parallel" = 1 ]; then echo "\\copy sink_$t FROM 'export/$t.txt'"; else echo "\\copy sink_$t FROM 'export/$t.part$k'"; fi
        done | "${PSQL[@]}" -d "$DB" &
        pids+=($!)
    done
    for k in "${pids[@]}"; do wait "$k"; done
    end=$(date +%s.%N)
    for t in "${TABLES[@]}"; do
        [ "$("${PSQL[@]}" -d "$DB" -c "SELECT count(*) FROM sink_$t")" = "${ROWS[$t]}" ] || { echo "sink_$t: wrong row count" >&2; exit 1; }
        "${PSQL[@]}" -d "$DB" -c "DROP TABLE sink_$t"
    done
    python3 -c "print(f'{$end - $start:.2f}')"
}

echo "# $(date -u +%FT%TZ), $(nproc) cores, $(java -version 2>&1 | head -1), $(psql -h 127.0.0.1 -U postgres -Atc 'SHOW server_version'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# W1: $COMPANIES companies x $INVOICES invoices, page size $PAGE_SIZE; variants: ${VARIANTS[*]}"

# warm-up round (untimed): each variant once, then the export of the rows and the URLs from the last one's database
for variant in "${VARIANTS[@]}"; do
    warm=$(pipeline "${variant%%=*}" 0 "${variant#*=}")
    echo "# warm-up: ${variant%%=*} ${warm%% *} s"
done
mapfile -t TABLES < <(data_tables)
declare -A ROWS
mkdir export
while read -r t n; do
    ROWS[$t]=$n
    "${PSQL[@]}" -d "$DB" -c "\\copy $t TO 'export/$t.txt'" </dev/null
    (cd export && split -n l/4 --numeric-suffixes=1 --suffix-length=1 "$t.txt" "$t.part")
done < <(row_counts "${TABLES[@]}")
echo "# rows the sync wrote (the sink's input, $(du -sm export | cut -f1) MB of COPY text, each file also cut in 4): $(for t in "${TABLES[@]}"; do printf '%s %s, ' "$t" "${ROWS[$t]}"; done)"
urls > urls.txt
echo "# source: $(wc -l < urls.txt) URLs, $(xargs -n 50 curl -fsS -H "$AUTH" < urls.txt | wc -c | awk '{printf "%.0f", $1 / 1e6}') MB of JSON (this fetch untimed)"

declare -A RESULTS
for round in $(seq 1 "$ROUNDS"); do
    order=("${VARIANTS[@]}")
    if (( round % 2 == 0 )); then # the other way round: sink first (on the last round's database), source last
        RESULTS[sink1,$round]=$(sink_only 1); RESULTS[sink4,$round]=$(sink_only 4)
        for (( i = ${#VARIANTS[@]} - 1, j = 0; i >= 0; i--, j++ )); do order[j]=${VARIANTS[i]}; done
    else
        RESULTS[source,$round]=$(source_only)
    fi
    for variant in "${order[@]}"; do
        jfr=0; [ "${JFR:-0}" = 1 ] && [ "$round" = "$ROUNDS" ] && jfr=1
        RESULTS[${variant%%=*},$round]=$(pipeline "${variant%%=*}" "$jfr" "${variant#*=}")
    done
    if (( round % 2 == 0 )); then
        RESULTS[source,$round]=$(source_only)
    else
        RESULTS[sink1,$round]=$(sink_only 1); RESULTS[sink4,$round]=$(sink_only 4)
    fi
    line="round $round:"
    for key in source sink1 sink4; do line+=" $key ${RESULTS[$key,$round]} s;"; done
    for variant in "${VARIANTS[@]}"; do line+=" ${variant%%=*} ${RESULTS[${variant%%=*},$round]};"; done
    echo "# $line (wall s, then client, sandbox, PostgreSQL CPU s) load $(cut -d' ' -f1 /proc/loadavg)"
done
cp sync-*.json "$KEEP/" 2>/dev/null || true

for key in "${!RESULTS[@]}"; do echo "$key ${RESULTS[$key]}"; done > results.txt
cp results.txt "$KEEP/results.txt"
python3 - results.txt "$ROUNDS" "${VARIANTS[@]}" <<'PY'
import statistics, sys
rounds, variants = int(sys.argv[2]), [v.split("=", 1)[0] for v in sys.argv[3:]]
results = {}
for line in open(sys.argv[1]):
    key, *values = line.split()
    name, round_ = key.rsplit(",", 1)
    results[(name, int(round_))] = [float(v) for v in values]
median = lambda name, i=0: statistics.median(results[(name, r)][i] for r in range(1, rounds + 1))
def bound(r):  # the slower of the two ends, the sink being the faster of its two ways
    return max(results[("source", r)][0], min(results[("sink1", r)][0], results[("sink4", r)][0]))
print()
print("| round | source: curl ×4 s | sink: psql ×1 s | sink: psql ×4 s | " + " | ".join(f"`{v}` sync s (ratio)" for v in variants) + " |")
print("|---" * (4 + len(variants)) + "|")
for r in range(1, rounds + 1):
    cells = [f"{results[('source', r)][0]:.2f}", f"{results[('sink1', r)][0]:.2f}", f"{results[('sink4', r)][0]:.2f}"]
    cells += [f"{results[(v, r)][0]:.2f} ({bound(r) / results[(v, r)][0]:.2f})" for v in variants]
    print(f"| {r} | " + " | ".join(cells) + " |")
slower = max(median("source"), min(median("sink1"), median("sink4")))
cells = [f"**{median('source'):.2f}**", f"**{median('sink1'):.2f}**", f"**{median('sink4'):.2f}**"]
cells += [f"**{median(v):.2f}** ({slower / median(v):.2f})" for v in variants]
print("| median | " + " | ".join(cells) + " |")
print()
print("| variant | sync wall s | ratio: max(source, sink) / sync, of medians | median of the rounds' ratios | client CPU s | sandbox CPU s | PostgreSQL CPU s | CPU / 2 cores, s |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for v in variants:
    ratios = statistics.median(bound(r) / results[(v, r)][0] for r in range(1, rounds + 1))
    client, sandbox, server = median(v, 1), median(v, 2), median(v, 3)
    print(f"| `{v}` | {median(v):.2f} | **{slower / median(v):.2f}** | {ratios:.2f} | {client:.1f} | {sandbox:.1f} | {server:.1f} | {(client + sandbox + server) / 2:.2f} |")
PY
echo "# end: $(date -u +%FT%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
