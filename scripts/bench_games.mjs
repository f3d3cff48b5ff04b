// Measures every game through the server, at its fewest and its most players, and prints the
// table that opens docs/performance.md. Each row is two runs of `tortuga-bench --spawn`: one
// closed loop with plain clients (speed, CPU, memory, bytes as text) and one with every client
// offering permessage-deflate, as browsers do (bytes as sent).
//
//   node scripts/bench_games.mjs [--bench build/server/tortuga-bench] [--server PATH] [--duration S]
//                                [--matches N]
// --server is the server binary measured (by default the tortuga beside tortuga-bench).
import { execFileSync } from 'node:child_process';

const GAMES = ['raft-and-scupper', 'scalawag', 'colpaccio', 'um-rum-und-ehre', 'riff-raff'];
// Riff Raff simulates every piece's fall: fewer of its matches keep its latency comparable.
const MATCHES = { 'riff-raff': 40 };

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const benchBinary = flag('--bench', 'build/server/tortuga-bench');
const server = flag('--server', null);
const duration = flag('--duration', '10');
const matchesFlag = flag('--matches', null);

function bench(game, players, matches, extra) {
  const out = execFileSync(benchBinary, ['--spawn', ...(server ? ['--server', server] : []),
    '--json', '--game', game, '--players', players, '--matches', String(matches),
    '--duration', duration, '--warmup', '2', '--idle', '0', ...extra],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return JSON.parse(out);
}

const fixed = (x, digits = 0) => x.toLocaleString('en-US', {
  minimumFractionDigits: digits, maximumFractionDigits: digits });

console.log('| game | players | matches | actions/s | server CPU per action | p50 / p99 | ' +
  'bytes per action (text → deflate) | memory per match |');
console.log('|---|---|---|---|---|---|---|---|');
for (const game of GAMES) {
  const seen = new Set();
  for (const which of ['min', 'max']) {
    const matches = Number(matchesFlag ?? MATCHES[game] ?? 200);
    const plain = bench(game, which, matches, []);
    const players = plain.settings.players;
    if (seen.has(players)) continue;
    seen.add(players);
    const deflated = bench(game, which, matches, ['--deflate']);
    const cpuUs = 1e6 * plain.server.cpu_s / plain.actions;
    const perMatchKib = (plain.server.rss_load_peak_kib - plain.server.rss_load_start_kib) / matches;
    const errors = Object.values(plain.errors).reduce((a, b) => a + b, 0);
    console.log(`| ${game} | ${players} | ${matches} | ${fixed(plain.actions_per_s)} | ` +
      `${fixed(cpuUs)} µs | ${fixed(plain.latency_ms.p50, 1)} / ${fixed(plain.latency_ms.p99, 1)} ms | ` +
      `${fixed(plain.patch_bytes_per_action)} → ${fixed(deflated.patch_bytes_per_action)} | ` +
      `${fixed(perMatchKib, 1)} KiB |` + (errors ? ` (${errors} errors)` : ''));
  }
}
