// Keeps fifty (or N) bots thinking at once on a server, for scripts/bench_bots.sh: each of N
// players makes a room of Raft & Scupper, puts a bot of LEVEL (strong unless told) in its other
// seat, starts, and answers its own turns at once, so that every room's bot is always asked for
// its next move and the pool's queue stays about N deep.
//   node scripts/bench_bots.mjs PORT [N] [LEVEL]
import WebSocket from 'ws';
import {TortugaClient} from '../sdk/js/index.js';

const port = Number(process.argv[2]);
const count = Number(process.argv[3] ?? 50);
const level = process.argv[4] ?? 'strong';
const url = `ws://127.0.0.1:${port}/ws`;

async function table(i) {
  const client = new TortugaClient({url, name: `Bench host ${i}`, WebSocket});
  await client.connect();
  for (;;) {
    const {room} = await client.createRoom({game: 'raft-and-scupper'});
    await client.addBot(room.id, {bot: level});
    const started = await client.start(room.id);
    const match = client.match(started.room.match);
    const play = () => {
      const action = match.legal[Math.floor(Math.random() * match.legal.length)];
      match.act(action).catch(() => {});
    };
    match.on('turn', play);
    await match.ready;
    if (match.myTurn) play();
    await match.finished;
    await client.leaveRoom(room.id);
  }
}

for (let i = 0; i < count; ++i) table(i).catch((error) => console.error(`table ${i}:`, error));
console.log(`${count} tables started`);
