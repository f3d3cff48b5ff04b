#!/usr/bin/env bash
# A table of people's pace beside bots thinking at once (docs/performance.md, "Bots thinking
# beside a table"): tortuga-bench plays paced matches against a server on its default bot
# threads, first alone, then while scripts/bench_bots.mjs keeps BOTS rooms' bots of LEVEL
# thinking (strong: each move a search of its default budget), and prints the players' p99 of
# both runs and their ratio.
#   scripts/bench_bots.sh [BOTS] [SECONDS] [RATE] [LEVEL]   (after scripts/build.sh, and npm ci)
set -euo pipefail
cd "$(dirname "$0")/.."
bots=${1:-50}
seconds=${2:-20}
rate=${3:-200}
level=${4:-strong}
tortuga=$PWD/build/server/tortuga
tortuga_bench=$PWD/build/server/tortuga-bench
work=$(mktemp -d /tmp/tortuga-bench-bots-XXXXXX)
server=
driver=
cleanup() {
  [ -n "$driver" ] && kill "$driver" 2>/dev/null || true
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
# Every client comes from 127.0.0.1: the limits per address would refuse most.
cat > "$work/config.json" <<'JSON'
{"limits": {"messages_per_second": 1000000, "message_burst": 1000000,
            "max_connections_per_address": 1000000, "new_players_per_address_per_hour": 1000000,
            "max_rooms_per_address": 1000000}}
JSON
"$tortuga" serve --config "$work/config.json" --port 0 --port-file "$work/port" \
  --db "$work/tortuga.db" --log-level warn > "$work/log" 2>&1 &
server=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")

gauge() {
  curl -s "http://127.0.0.1:$port/metrics" | awk -v name="$1" '$1 == name { print $2 }'
}
people() {
  "$tortuga_bench" --port "$port" --pid "$server" --game raft-and-scupper --matches 20 \
    --rate "$rate" --duration "$seconds" --warmup 3 --idle 0 --json
}

alone=$(people)
node scripts/bench_bots.mjs "$port" "$bots" "$level" > "$work/driver.log" 2>&1 &
driver=$!
# Until the bots are all thinking or waiting for a thread.
for _ in $(seq 600); do
  queued=$(gauge tortuga_bot_queue_depth | cut -d. -f1)
  thinking=$(gauge tortuga_bot_jobs_thinking | cut -d. -f1)
  busy=$(( ${queued:-0} + ${thinking:-0} ))
  [ "$busy" -ge $((bots * 9 / 10)) ] && break
  sleep 0.1
done
beside=$(people)
depth=$(gauge tortuga_bot_queue_depth)
thinking=$(gauge tortuga_bot_jobs_thinking)
python3 - "$alone" "$beside" "$depth" "$thinking" "$bots" <<'PY'
import json, sys
alone, beside = json.loads(sys.argv[1]), json.loads(sys.argv[2])
depth, thinking, bots = sys.argv[3], sys.argv[4], sys.argv[5]
a, b = alone["latency_ms"], beside["latency_ms"]
print(f"alone:          {alone['actions']} actions, p50 {a['p50']:.2f} ms, p99 {a['p99']:.2f} ms")
print(f"beside {bots} bots: {beside['actions']} actions, p50 {b['p50']:.2f} ms, p99 {b['p99']:.2f} ms"
      f" (bots at the end: {thinking} thinking, {depth} waiting)")
print(f"p99 ratio: {b['p99'] / a['p99']:.2f} (target: at most 1.5)")
PY
