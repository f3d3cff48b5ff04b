#!/usr/bin/env bash
# The capacity model of docs/scaling.md: tortuga-bench against one node on SQLite, one node on
# PostgreSQL, and two nodes on one PostgreSQL (a bench against each, at once). Starts a throwaway
# PostgreSQL in a temporary directory (as the `postgres` user when run as root) and removes it.
#   scripts/bench_capacity.sh [MATCHES] [SECONDS]     (after scripts/build.sh; an idle machine)
set -euo pipefail
cd "$(dirname "$0")/.."
matches=${1:-500}
seconds=${2:-20}
tortuga=$PWD/build/server/tortuga
tortuga_bench=$PWD/build/server/tortuga-bench
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
work=$(mktemp -d /tmp/tortuga-capacity-XXXXXX)
chmod 755 "$work"
as_postgres=()
[ "$(id -u)" = 0 ] && as_postgres=(runuser -u postgres --)
pg_port=$((20000 + RANDOM % 20000))
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

mkdir "$work/pg"
[ "$(id -u)" = 0 ] && chown postgres "$work/pg"
"${as_postgres[@]}" "$pg_bin/initdb" -D "$work/pg" -U postgres -A trust >/dev/null
"${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -l "$work/pg/log" -w \
  -o "-p $pg_port -k $work/pg -c max_connections=200" start >/dev/null
db() { echo "postgresql://postgres@127.0.0.1:$pg_port/$1"; }
for name in alone cluster; do
  "${as_postgres[@]}" "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres "$name"
done

# The same settings as `tortuga-bench --spawn`: no per-connection rate limit, room for the load,
# which comes from one address.
cat >"$work/bench.json" <<JSON
{"limits": {"messages_per_second": 1000000, "message_burst": 1000000,
            "max_connections": 20000, "max_connections_per_address": 20000,
            "new_players_per_address_per_hour": 20000,
            "max_rooms": 10000, "max_rooms_per_address": 10000}}
JSON

# Starts a server with the given flags; sets $port and $pid.
serve() {
  local port_file="$work/port-$RANDOM"
  "$tortuga" serve --port 0 --port-file "$port_file" --bot-delay-ms 0 --config "$work/bench.json" \
    "$@" >>"$work/serve.log" 2>&1 &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 100); do [ -s "$port_file" ] && break; sleep 0.1; done
  port=$(cat "$port_file")
}

bench() { "$tortuga_bench" --matches "$1" --duration "$seconds" --warmup 3 --idle 0 "${@:2}"; }

echo "== one node, SQLite"
bench "$matches" --spawn

echo "== one node, PostgreSQL"
serve --db "$(db alone)"
bench "$matches" --port "$port" --pid "$pid"

echo "== two nodes, one PostgreSQL (a bench against each, at once)"
serve --db "$(db cluster)" --node-id node-1
port1=$port pid1=$pid
serve --db "$(db cluster)" --node-id node-2
bench $((matches / 2)) --port "$port1" --pid "$pid1" >"$work/node-1.txt" &
first=$!
bench $((matches / 2)) --port "$port" --pid "$pid" >"$work/node-2.txt"
wait "$first"
echo "-- node-1"; cat "$work/node-1.txt"
echo "-- node-2"; cat "$work/node-2.txt"
