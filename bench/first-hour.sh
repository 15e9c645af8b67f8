#!/usr/bin/env bash
# The commands of a newcomer's first hour, timed as an operator meets them (issue 24): `--help` (the baseline: it
# starts nothing), a usage error, a configuration mistake, and the connector verbs `check`, `status` and `runs`
# against an H2 warehouse that one sync filled from a standalone sandbox. Each command from the JVM's start to its
# exit, median of RUNS runs after one warm-up, with hyperfine (Debian package `hyperfine`). Results go in
# bench/BENCHMARKS.md ("The first hour's commands"). Needs target/ledgersync.jar (./mvnw -q -B package -DskipTests).
#   bench/first-hour.sh [runs=5]
set -euo pipefail
RUNS=${1:-5}
JAR="$(cd "$(dirname "$0")/.." && pwd)/target/ledgersync.jar"
[ -f "$JAR" ] || { echo "no $JAR: run ./mvnw -q -B package -DskipTests first" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is missing: apt-get install hyperfine" >&2; exit 1; }
WORK=$(mktemp -d)
SANDBOX=
trap '[ -n "$SANDBOX" ] && kill "$SANDBOX" 2>/dev/null; rm -rf "$WORK"' EXIT
cd "$WORK" # a fresh working directory: ./data/ (the default warehouse) is this run's own

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
java -jar "$JAR" sandbox --port="$PORT" --companies=5 >sandbox.log 2>&1 &
SANDBOX=$!
until (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do sleep 0.2; done
export LEDGERSYNC_API_BASE_URL="http://127.0.0.1:$PORT" LEDGERSYNC_API_KEY=sandbox-key
java -jar "$JAR" sync >sync.out 2>sync.err || { echo "the first sync failed: $(tail -1 sync.err)" >&2; exit 1; }

echo "# $(date -u +%FT%TZ), $(nproc) cores, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# the warehouse: $(head -1 sync.out)"
hyperfine -N -i --warmup 1 --runs "$RUNS" --export-json first-hour.json \
    "java -jar $JAR --help" "java -jar $JAR sync --no-such-option" "java -jar $JAR schema --rebuild=nope" \
    "java -jar $JAR check" "java -jar $JAR status" "java -jar $JAR runs" >/dev/null
python3 - first-hour.json <<'PY'
import json, sys
print("| command | exit | median s | mean s | min s | max s |")
print("|---|---:|---:|---:|---:|---:|")
for r in json.load(open(sys.argv[1]))["results"]:
    codes = sorted(set(r.get("exit_codes", [])))
    print(f"| `{r['command'].split('ledgersync.jar ')[1]}` | {','.join(map(str, codes))} | {r['median']:.2f} | {r['mean']:.2f} "
          f"| {r['min']:.2f} | {r['max']:.2f} |")
PY
