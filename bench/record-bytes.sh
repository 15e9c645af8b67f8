#!/usr/bin/env bash
# Issue 28, records parsed once, as bytes: the pipeline benchmark (bench/run.sh) of W1 with the shipped
# jobs/invoices.yml (line items) on the code of an earlier commit ("before") and on this checkout ("after"), alternating
# round by round so that a noisy minute hits both alike. Each measurement is a fresh JVM; with --jfr=true (the default
# here) its flight recording is kept and summarised by bench/jfr-top.py. Client CPU per record = the client CPU
# seconds of a measurement / the records it moved (200,010 for W1).
#
#   bench/record-bytes.sh [--before=<commit>] [--after=HEAD] [--rounds=2] [any option of bench/run.sh, e.g. --databases=h2]
#
# Both are checked out as git worktrees under target/record-bytes-{before,after} (each built there by bench/run.sh),
# so the checkout itself can be built and tested meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
before=f1d836e
after=HEAD
rounds=2
options=()
for arg in "$@"; do
  case "$arg" in
    --before=*) before=${arg#--before=} ;;
    --after=*) after=${arg#--after=} ;;
    --rounds=*) rounds=${arg#--rounds=} ;;
    *) options+=("$arg") ;;
  esac
done
marker=$(mktemp)
checkout() { # worktree commit
  [ -d "$1" ] || git worktree add --detach "$1" "$2" >/dev/null
  git -C "$1" checkout -q --detach "$(git rev-parse "$2")"
}
checkout target/record-bytes-before "$before"
checkout target/record-bytes-after "$after"
run() {
  "$1/bench/run.sh" --scenarios=throughput --modes=sink,pipeline --databases=postgres,h2 --rounds=1 --jfr=true "${options[@]}"
}
for round in $(seq 1 "$rounds"); do
  echo "# round $round: before ($(git rev-parse --short "$before"))"
  run target/record-bytes-before
  echo "# round $round: after ($(git rev-parse --short "$after"))"
  run target/record-bytes-after
done
for recording in $(find target/record-bytes-before/target/bench/logs target/record-bytes-after/target/bench/logs -name '*.jfr' -newer "$marker" | sort); do
  echo "## $recording"
  python3 bench/jfr-top.py "$recording" 12
done
rm -f "$marker"
