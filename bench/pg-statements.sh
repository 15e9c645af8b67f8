#!/usr/bin/env bash
# Where PostgreSQL's time goes in one W1 sync (issue 28): the writer's statements ranked by total execution time.
# The shared server at 5432 cannot load pg_stat_statements without a restart, so this runs its own PostgreSQL from the
# machine's binaries (same version; autovacuum off and shared_buffers 128MB, as the shared server has them) on $PGPORT
# with pg_stat_statements preloaded, then: a standalone sandbox (W1, seed 28), `schema`, the statistics reset, one
# `bin/ledgersync sync --datasets=companies,invoices --json` as bench/end-to-end.sh runs it, and the top statements,
# the server's CPU over the sync (/proc) and the tables' sizes. Needs target/ledgersync.jar (./mvnw package -DskipTests),
# root (initdb runs as user postgres), ~2.5 GB under $PGDIR.
#   bench/pg-statements.sh [tree=.] [out=target/bench/pg-statements]
# Environment: COMPANIES (10), INVOICES (20000), PGPORT (5433), PGDIR (/tmp/ls_e2e_pg), DB (ls_e2e_prof).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd) # this script's folder: its helpers, whatever tree is measured
TREE=$(readlink -f "${1:-$(dirname "$0")/..}"); OUT=$(readlink -m "${2:-$TREE/target/bench/pg-statements}")
PGPORT=${PGPORT:-5433}; PGDIR=${PGDIR:-/tmp/ls_e2e_pg}; DB=${DB:-ls_e2e_prof}
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
mkdir -p "$OUT"; cd "$OUT"
if [ ! -f "$PGDIR/data/PG_VERSION" ]; then
    mkdir -p "$PGDIR"; chown postgres "$PGDIR"
    su postgres -c "$BIN/initdb -D $PGDIR/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
    cat >> "$PGDIR/data/postgresql.conf" <<CONF
port = $PGPORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$PGDIR'
autovacuum = off
shared_buffers = 128MB
max_wal_size = 1GB
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = all
pg_stat_statements.max = 10000
track_io_timing = on
timezone = 'Etc/UTC'
CONF
fi
P=(psql -h 127.0.0.1 -p "$PGPORT" -U postgres -qAt)
"${P[@]}" -c "SELECT 1" >/dev/null 2>&1 || su postgres -c "$BIN/pg_ctl -D $PGDIR/data -l $PGDIR/log -w start" >/dev/null
"${P[@]}" -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
java -jar "$TREE/target/ledgersync.jar" sandbox --port="$PORT" --companies="${COMPANIES:-10}" \
    --invoices-per-company="${INVOICES:-20000}" --seed=28 --as-of=2026-11-01 >sandbox.log 2>&1 &
SANDBOX=$!; trap 'kill $SANDBOX' EXIT
until (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do sleep 0.3; done; sleep 1
"${P[@]}" -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB"
SETTINGS=(--ledgersync.api.base-url="http://127.0.0.1:$PORT" --ledgersync.api.api-key=sandbox-key
    --ledgersync.api.rate-limit.requests-per-second=100000 --spring.datasource.url="jdbc:postgresql://127.0.0.1:$PGPORT/$DB"
    --spring.datasource.username=postgres --spring.datasource.password=)
"$TREE/bin/ledgersync" schema "${SETTINGS[@]}" >schema.out 2>&1
"${P[@]}" -c CHECKPOINT -c "SELECT pg_stat_statements_reset()" >/dev/null
cpu() { # the server's CPU seconds so far: postmaster with its reaped children, and its live children
    python3 "$HERE/proc-cpu.py" "tree:$(head -1 "$PGDIR/data/postmaster.pid")"
}
before=$(cpu)
/usr/bin/time -f "%e %U %S" -o time.txt "$TREE/bin/ledgersync" sync --datasets=companies,invoices --json "${SETTINGS[@]}" >sync.json 2>sync.err
after=$(cpu)
read -r wall user system < time.txt
echo "# $(date -u +%FT%TZ) sync wall $wall s, client CPU $(python3 -c "print(round($user + $system, 2))") s, server CPU $(python3 -c "print(round($after - $before, 2))") s, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# total_exec_time s | calls | rows | shared blocks | WAL MB | statement"
"${P[@]}" -F ' | ' -c "SELECT round(total_exec_time::numeric / 1000, 2), calls, rows, shared_blks_hit + shared_blks_read + shared_blks_dirtied,
    round(wal_bytes / 1e6), left(regexp_replace(query, '\s+', ' ', 'g'), 200) FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 15"
echo "# tables: name | size | inserted | updated | deleted"
"${P[@]}" -d "$DB" -F ' | ' -c "SELECT relname, pg_size_pretty(pg_total_relation_size(relid)), n_tup_ins, n_tup_upd, n_tup_del
    FROM pg_stat_user_tables ORDER BY pg_total_relation_size(relid) DESC LIMIT 7"
"${P[@]}" -c "DROP DATABASE $DB WITH (FORCE)"
