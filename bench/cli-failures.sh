#!/usr/bin/env bash
# How long the command line takes to fail (issue 12), against `--help` as the baseline in the same run:
#   1. a usage error to exit 2: `sync --no-such-option` (options only) and `sync --datasets=bills` (the data set
#      files read too), median of RUNS runs with hyperfine (Debian package `hyperfine`);
#   2. "connection refused" to exit 7 with the default settings: `sync` against a closed port (127.0.0.1:9), a fresh
#      H2 warehouse each time; from the first refused attempt in the log to the process's end, and the whole command.
# Results go in bench/BENCHMARKS.md ("Failing fast"). Needs target/ledgersync.jar (./mvnw -q -B package -DskipTests).
# With BEFORE_JAR=<an older ledgersync.jar>, its `sync --no-such-option` is timed too (3 runs: it starts the application).
#   [BEFORE_JAR=...] bench/cli-failures.sh [runs=10] [refused-runs=3]
set -euo pipefail
RUNS=${1:-10}
REFUSED_RUNS=${2:-3}
JAR="$(cd "$(dirname "$0")/.." && pwd)/target/ledgersync.jar"
[ -f "$JAR" ] || { echo "no $JAR: run ./mvnw -q -B package -DskipTests first" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is missing: apt-get install hyperfine" >&2; exit 1; }
if (exec 3<>/dev/tcp/127.0.0.1/9) 2>/dev/null; then
    echo "something listens on 127.0.0.1:9: the refused case needs a closed port" >&2; exit 1
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" # a fresh working directory: ./data/ (the default warehouse) and ./config/ are nobody's here

echo "# $(date -u +%FT%TZ), $(nproc) cores, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"

echo "## usage errors, $RUNS runs each (hyperfine -N --warmup 2)"
hyperfine -N -i --warmup 2 --runs "$RUNS" --export-json usage.json \
    "java -jar $JAR --help" "java -jar $JAR sync --no-such-option" "java -jar $JAR sync --datasets=bills" >/dev/null
python3 - usage.json <<'EOF'
import json, sys
print("| command | median s | mean s | min s | max s |")
print("|---|---:|---:|---:|---:|")
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"| `{r['command'].split('ledgersync.jar ')[1]}` | {r['median']:.2f} | {r['mean']:.2f} | {r['min']:.2f} | {r['max']:.2f} |")
EOF

if [ -n "${BEFORE_JAR:-}" ]; then
    echo "## before: $BEFORE_JAR, 3 runs"
    hyperfine -N -i --runs 3 --export-json before.json "java -jar $BEFORE_JAR sync --no-such-option" >/dev/null
    python3 -c "import json,sys; r=json.load(open('before.json'))['results'][0]; print(f\"| before: \`sync --no-such-option\` | {r['median']:.2f} | {r['mean']:.2f} | {r['min']:.2f} | {r['max']:.2f} |\")"
    rm -rf data
fi

echo "## connection refused, default settings, $REFUSED_RUNS runs"
echo "| run | exit | whole command s | first refused attempt to exit s | the line on stderr |"
echo "|---:|---:|---:|---:|---|"
for run in $(seq "$REFUSED_RUNS"); do
    rm -rf data
    exit_code=0
    LEDGERSYNC_API_BASE_URL=http://127.0.0.1:9 LEDGERSYNC_API_KEY=bench \
        /usr/bin/time -f %e -o time.txt java -jar "$JAR" sync >out.txt 2>err.txt || exit_code=$?
    ended=$(date +%s.%N)
    whole=$(tail -1 time.txt)
    # the log (on standard error, after the summary went to standard output) has the first "attempt 1 failed
    # (connection refused)" line, starting with its ISO timestamp; the command's own line is the last one
    first=$(grep -m1 'attempt 1 failed (connection refused)' err.txt | cut -d' ' -f1)
    refused=$(python3 -c "import datetime,sys; print(f'{float(sys.argv[2]) - datetime.datetime.fromisoformat(sys.argv[1].replace(\"Z\", \"+00:00\")).timestamp():.1f}')" "$first" "$ended")
    echo "| $run | $exit_code | $whole | $refused | $(tail -1 err.txt) |"
done
