// A bot that opens a room of one game, fills the other seats with the server's bots and plays
// random legal actions to the end. Usage: node random-bot.mjs [game] [ws://host:port/ws]
import WebSocket from 'ws';
import {TortugaClient} from '@tortuga/client';

const game = process.argv[2] ?? 'raft-and-scupper';
const url = process.argv[3] ?? 'ws://127.0.0.1:8080/ws';

const client = new TortugaClient({url, name: 'Random Rackham', WebSocket});
await client.connect();

const {room} = await client.createRoom({game});
for (let seat = 1; seat < room.seats.length; ++seat) {
  await client.addBot(room.id, {bot: 'random'});
}
const started = await client.start(room.id);
const match = client.match(started.room.match);

// `turn` comes whenever the match waits for this seat (again after a refusal, if another seat
// acted first): choose one of the legal actions, here at random.
function play() {
  const action = match.legal[Math.floor(Math.random() * match.legal.length)];
  match.act(action).catch((error) => console.log(`refused: ${error.code}`));
}
match.on('turn', play);
await match.ready;
if (match.myTurn) play();

const result = await match.finished;
console.log(`match ${match.id} over after ${match.view.step} steps:`, JSON.stringify(result));
client.close();
