#!/usr/bin/env bash
# Issue 15: what invoice line items cost a sync. The pipeline of workload W1 (bench/run.sh, mode pipeline) with the
# shipped jobs/invoices.yml (invoices, invoice_line_items, invoice_payment_allocations) and with the same file
# without its children: section (invoices only), alternating round by round so that a noisy minute hits both alike.
# Each round is one bench/run.sh per variant; the medians and the ratio go in bench/BENCHMARKS.md.
#
#   bench/line-items.sh [--rounds=3] [any option of bench/run.sh, e.g. --databases=postgres --workload=smoke]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=3
options=()
for arg in "$@"; do
  case "$arg" in
    --rounds=*) rounds=${arg#--rounds=} ;;
    *) options+=("$arg") ;;
  esac
done
without=target/bench/jobs-without-children
mkdir -p "$without"
sed '/^# Lists of each invoice/,$d' jobs/invoices.yml > "$without/invoices.yml"
if grep -q '^children:' "$without/invoices.yml"; then
  echo "could not cut the children: section out of jobs/invoices.yml" >&2
  exit 1
fi
for round in $(seq 1 "$rounds"); do
  echo "# round $round: with line items (jobs/invoices.yml as shipped)"
  bench/run.sh --scenarios=throughput --modes=pipeline --rounds=1 "${options[@]}"
  echo "# round $round: without line items ($without/invoices.yml)"
  bench/run.sh --scenarios=throughput --modes=pipeline --rounds=1 "${options[@]}" \
    "--set=ledgersync.sync.datasets=classpath*:jobs/*.yml,file:$without/*.yml"
done
