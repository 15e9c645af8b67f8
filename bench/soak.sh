#!/usr/bin/env bash
# The soak (issue 27): a year of simulated nights of the service's own schedule against the sandbox's scripted changes,
# the warehouse compared with the sandbox every morning. It runs the whole-app test AbstractSoakIntegrationTests
# (src/test/java/io/ledgersync/trigger/schedule/) at full length: PostgreSQL (embedded), then H2 (a file under target/).
# Per-night figures (CSV) and a markdown summary go to bench/results/soak-<time>/.
#
#   bench/soak.sh                       # 365 nights, runs kept 90 days, PostgreSQL then H2
#   NIGHTS=120 DATABASES=postgres bench/soak.sh
set -euo pipefail
cd "$(dirname "$0")/.."

NIGHTS=${NIGHTS:-365}
RETENTION=${RETENTION:-90d}
KEEP=${KEEP:-$RETENTION}   # ledgersync.history.keep: closed record versions of the history tables
DATABASES=${DATABASES:-postgres h2}
OUT=${OUT:-bench/results/soak-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
{
  echo "command: NIGHTS=$NIGHTS RETENTION=$RETENTION KEEP=$KEEP DATABASES=\"$DATABASES\" bench/soak.sh"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GB, $(uname -sr)"
  echo "load before: $(uptime)"
} > "$OUT/machine.txt"

for database in $DATABASES; do
  case $database in
    postgres) test=PostgresSoakIntegrationTests ;;
    h2) test=H2SoakIntegrationTests ;;
    *) echo "DATABASES: '$database' is not postgres or h2" >&2; exit 2 ;;
  esac
  started=$(date +%s)
  status=0
  ./mvnw -B -ntp verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dit.test="$test" -Dfailsafe.forks=1 \
    -Dsoak.nights="$NIGHTS" -Dsoak.retention="$RETENTION" -Dsoak.keep="$KEEP" -Dsoak.out="$OUT" > "$OUT/$database.log" 2>&1 || status=$?
  echo "$database: exit $status in $(( $(date +%s) - started )) s; load after: $(uptime)" | tee -a "$OUT/machine.txt"
  cat "$OUT/$database-$NIGHTS-nights.md" 2>/dev/null || echo "no summary: see $OUT/$database.log"
done
