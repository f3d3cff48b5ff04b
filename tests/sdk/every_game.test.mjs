// A random player written with the SDK plays a whole match of every hosted game (as the
// server's welcome lists them) with every player count the game allows: the host's seat and,
// from two players, a second SDK client in seat 1; any other seat the server's random bot.
// Each client's view, kept by patches alone, must end as the history's final view of its seat.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, seeded, newClient, playRandomly, within,
        storedFinalView} from './sdk_harness.mjs';

test('an SDK bot plays every game with every player count to its end', async (t) => {
  const server = await startServer({manyReplays: true});  // a final view of each seat, each game
  const host = newClient(server, 'Random Rackham');
  const mate = newClient(server, 'Calico Jack');
  try {
    const welcome = await host.connect();
    await mate.connect();
    assert.equal(welcome.games.length, 5);
    const random = seeded(22);
    for (const game of welcome.games) {
      for (let players = game.min_players; players <= game.max_players; ++players) {
        await t.test(`${game.id} with ${players}`, async () => {
          const {room} = await host.createRoom({game: game.id, options: {players}});
          assert.equal(room.seats.length, players);
          if (players >= 2) await mate.joinRoom(room.id, {seat: 1});
          for (let seat = players >= 2 ? 2 : 1; seat < players; ++seat) {
            await host.addBot(room.id, {seat, bot: 'random'});
          }
          const started = await host.start(room.id);
          const clients = players >= 2 ? [host, mate] : [host];
          const matches = clients.map((client) => client.match(started.room.match));
          const results = await within(60000, Promise.all(
              matches.map((match) => playRandomly(match, random))), `${game.id} to end`);

          const stored = await host.getMatch(started.room.match);
          assert.equal(stored.status, 'finished');
          assert.deepEqual(stored.result, results[0]);
          for (const [seat, match] of matches.entries()) {
            assert.equal(match.seat, seat);
            assert.equal(match.version, stored.actions);
            assert.deepEqual(match.view, await storedFinalView(host, match.id, seat));
          }
          for (const client of clients) await client.leaveRoom(room.id);
        });
      }
    }
  } finally {
    host.close();
    mate.close();
    await server.stop();
  }
});
