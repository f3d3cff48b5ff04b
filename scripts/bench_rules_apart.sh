#!/usr/bin/env bash
# Each game's server CPU per action with the rules' own compute taken apart, in the server itself:
# tortuga-bench against a server started here (its defaults, the rate limit and the limits per
# address lifted), the server's CPU over the run from /proc, and the rules' time from its /metrics
# (tortuga_action_rules_seconds, scraped before and after). docs/performance.md sets every game
# against Raft & Scupper with it.
#   scripts/bench_rules_apart.sh [SECONDS] [GAME:PLAYERS:MATCHES ...]   (after scripts/build.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-8}
shift || true
runs=("$@")
[ ${#runs[@]} -gt 0 ] || runs=(raft-and-scupper:2:200 scalawag:3:200 scalawag:8:200 colpaccio:1:200
                               colpaccio:5:200 um-rum-und-ehre:2:200 um-rum-und-ehre:5:200
                               riff-raff:2:40 riff-raff:4:40 raft-and-scupper:2:200)
tortuga=$PWD/build/server/tortuga
tortuga_bench=$PWD/build/server/tortuga-bench
work=$(mktemp -d /tmp/tortuga-rules-apart-XXXXXX)
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
# Every client of the bench comes from 127.0.0.1: the limits per address would refuse most.
cat > "$work/config.json" <<'JSON'
{"limits": {"messages_per_second": 1000000, "message_burst": 1000000,
            "max_connections_per_address": 1000000, "new_players_per_address_per_hour": 1000000,
            "max_rooms_per_address": 1000000}}
JSON

# "SUM COUNT" of the rules' histogram for one game.
rules_seconds() {
  curl -s "http://127.0.0.1:$1/metrics" | awk -v game="$2" '
    $1 == "tortuga_action_rules_seconds_sum{game=\"" game "\"}" { sum = $2 }
    $1 == "tortuga_action_rules_seconds_count{game=\"" game "\"}" { count = $2 }
    END { print sum + 0, count + 0 }'
}

printf '%-18s %7s %9s %18s %16s %14s\n' game players actions "server per action" "rules per action" "rules apart"
for run in "${runs[@]}"; do
  IFS=: read -r game players matches <<< "$run"
  rm -f "$work/port" "$work/tortuga.db"*
  "$tortuga" serve --config "$work/config.json" --port 0 --port-file "$work/port" \
    --db "$work/tortuga.db" --log-level warn > "$work/log" 2>&1 &
  server=$!
  for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
  port=$(cat "$work/port")
  read -r sum0 count0 < <(rules_seconds "$port" "$game")
  report=$("$tortuga_bench" --port "$port" --pid "$server" --game "$game" --players "$players" \
    --matches "$matches" --duration "$seconds" --warmup 0 --idle 0 --json)
  read -r sum1 count1 < <(rules_seconds "$port" "$game")
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=
  python3 - "$report" "$game" "$players" "$sum0" "$count0" "$sum1" "$count1" <<'EOF'
import json, sys
report = json.loads(sys.argv[1])
game, players = sys.argv[2], sys.argv[3]
sum0, count0, sum1, count1 = map(float, sys.argv[4:])
server = 1e6 * report["server"]["cpu_s"] / report["actions"]
rules = 1e6 * (sum1 - sum0) / (count1 - count0)
print(f'{game:<18} {players:>7} {report["actions"]:>9} {server:>15.0f} µs {rules:>13.0f} µs '
      f'{server - rules:>11.0f} µs')
EOF
done
