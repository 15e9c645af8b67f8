#!/usr/bin/env bash
# Start-up, before and after the fast-start layout (issue 28), side by side in one run: every command twice, as
# `java -jar target/ledgersync.jar` (before) and as bin/ledgersync starts it from target/cds/ (the jar extracted and its
# class data sharing archive, after). Against a standalone sandbox (5 companies) and an H2 warehouse one sync filled:
#  - sync to its first Data API request: from the JVM's start to the first connection on a port that only counts it
#    (then the JVM is killed), RUNS times per variant interleaved, plus the extracted jar without its archive, to tell
#    the layout's part from the archive's;
#  - hyperfine, median of RUNS runs after one warm-up, each command before then after: --help, schema, check, status and
#    a whole incremental sync (with the mean CPU, user + sys, per run: the figure a busy machine moves least).
# Needs target/ledgersync.jar and target/cds/ (./mvnw -q -B package -DskipTests), hyperfine and python3.
#   bench/startup.sh [runs=5]
set -euo pipefail
RUNS=${1:-5}
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
JAR="$ROOT/target/ledgersync.jar"
CDS="$ROOT/target/cds"
[ -f "$JAR" ] && [ -f "$CDS/ledgersync.jsa" ] || { echo "no $JAR or $CDS/ledgersync.jsa: run ./mvnw -q -B package -DskipTests first" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is missing: apt-get install hyperfine" >&2; exit 1; }
BEFORE="java -jar $JAR"
AFTER="$ROOT/bin/ledgersync"
LAYOUT_ONLY="java -jar $CDS/ledgersync.jar"
WORK=$(mktemp -d)
SANDBOX=
trap '[ -n "$SANDBOX" ] && kill "$SANDBOX" 2>/dev/null; rm -rf "$WORK"' EXIT
cd "$WORK" # a fresh working directory: ./data/ (the default warehouse) is this run's own
unset JAVA_OPTS

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
java -jar "$JAR" sandbox --port="$PORT" --companies=5 >sandbox.log 2>&1 &
SANDBOX=$!
until (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do sleep 0.2; done
export LEDGERSYNC_API_BASE_URL="http://127.0.0.1:$PORT" LEDGERSYNC_API_KEY=sandbox-key
$BEFORE sync >sync.out 2>sync.err || { echo "the first sync failed: $(tail -1 sync.err)" >&2; exit 1; }

echo "# $(date -u +%FT%TZ), $(nproc) cores, $(java -version 2>&1 | head -1), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# the warehouse: $(head -1 sync.out)"
# sync to its first request: a port that accepts, notes the time and ends the JVM (kill -9: each run on a copy of the
# warehouse as the first sync left it, so that no killed run's lock or execution is in the next one's way)
cp -r data data.synced
python3 - "$RUNS" "$BEFORE" "$AFTER" "$LAYOUT_ONLY" <<'PY'
import os, shlex, signal, socket, statistics, subprocess, sys, time
runs, variants = int(sys.argv[1]), sys.argv[2:]
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(8)
server.settimeout(300)
env = dict(os.environ, LEDGERSYNC_API_BASE_URL=f"http://127.0.0.1:{server.getsockname()[1]}")
times = {variant: [] for variant in variants}
for _ in range(runs + 1):  # the first round is the warm-up
    for variant in variants:
        subprocess.run(["rm", "-rf", "data"], check=True)
        subprocess.run(["cp", "-r", "data.synced", "data"], check=True)
        start = time.monotonic()
        process = subprocess.Popen(shlex.split(variant) + ["sync"], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        connection, _ = server.accept()
        elapsed = time.monotonic() - start
        process.send_signal(signal.SIGKILL)
        process.wait()
        connection.close()
        times[variant].append(elapsed)
print()
print("| sync to its first request | median s | min s | max s |", flush=True)
print("|---|---:|---:|---:|")
for variant, observed in times.items():
    observed = observed[1:]
    print(f"| `{variant.replace(os.path.dirname(os.path.dirname(sys.argv[2].split()[-1])) + '/', '')} sync` | "
          f"{statistics.median(observed):.2f} | {min(observed):.2f} | {max(observed):.2f} |")
PY

commands=()
for command in "--help" "schema" "check" "status" "sync"; do
    commands+=("$BEFORE $command" "$AFTER $command")
done
hyperfine -N -i --warmup 1 --runs "$RUNS" --export-json startup.json "${commands[@]}" >/dev/null
python3 - startup.json "$BEFORE" "$AFTER" <<'PY'
import json, sys
results, before, after = json.load(open(sys.argv[1]))["results"], sys.argv[2], sys.argv[3]
by = {r["command"]: r for r in results}
print("| command | before: java -jar, median s (user+sys CPU s) | after: bin/ledgersync, median s (CPU s) | after/before |")
print("|---|---:|---:|---:|")
for command in ["--help", "schema", "check", "status", "sync"]:
    b, a = by[f"{before} {command}"], by[f"{after} {command}"]
    cpu = lambda r: r["user"] + r["system"]  # hyperfine's means per run
    print(f"| `{command}` | {b['median']:.2f} ({cpu(b):.2f}) | {a['median']:.2f} ({cpu(a):.2f}) | {a['median'] / b['median']:.2f} |")
PY

echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
