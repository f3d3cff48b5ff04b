// Every game's views, in each of its variants, fit the protocol's schema: a player written with
// the SDK plays a whole match of each game once with its standard options and once more for
// each boolean option switched on and each value of each enum option (the solo duel's
// difficulties, the fog of war, alliances, the short game), against random bots, with a
// spectator watching; then asks for the replay of its seat and the revealed replay. Every frame
// of both clients goes through the schema checker of tests/sdk's harness, which fails the test on
// any frame the schema does not describe: the views a seat, a spectator and a review see.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, seeded, newClient, playRandomly, within} from '../sdk/sdk_harness.mjs';

// The options to try besides the standard ones: each boolean switched, each enum value.
function variants(game) {
  const out = [{}];
  for (const [name, option] of Object.entries(game.options)) {
    if (option.type === 'boolean') out.push({[name]: !option.default});
    if (option.type === 'enum') {
      for (const value of option.values) if (value !== option.default) out.push({[name]: value});
    }
  }
  return out;
}

function counts(game) {
  return Array.from({length: game.max_players - game.min_players + 1}, (_, i) => game.min_players + i);
}

test('every game\'s views fit the schema in each variant, for a seat, a spectator and a review',
     async (t) => {
  const server = await startServer({manyReplays: true});  // a review of each variant
  const host = newClient(server, 'Random Rackham');
  const watcher = newClient(server, 'Calico Jack');
  try {
    const welcome = await host.connect();
    await watcher.connect();
    const random = seeded(5);
    for (const game of welcome.games) {
      for (const options of variants(game)) {
        await t.test(`${game.id} ${JSON.stringify(options)}`, async () => {
          // Some variants need a number of players of their own (Colpaccio's solo difficulties
          // one, Scalawag's alliances six or eight): the first count the game takes.
          let created = null;
          for (const players of [undefined, ...counts(game)]) {
            try {
              created = await host.createRoom({game: game.id, options: {...options, players}});
              break;
            } catch (error) {
              assert.equal(error.code, 'bad_options');
            }
          }
          assert.ok(created, 'the game takes the variant with some number of players');
          const {room} = created;
          for (let seat = 1; seat < room.seats.length; ++seat) {
            await host.addBot(room.id, {seat, bot: 'random'});
          }
          await watcher.watchRoom(room.id);
          const started = await host.start(room.id);
          const match = host.match(started.room.match);
          await within(60000, playRandomly(match, random), `${game.id} to its end`);
          const seen = await host.getReplay(match.id, {seat: 0});
          const revealed = await host.getReplay(match.id);
          assert.equal(seen.steps.length, revealed.steps.length);
          await watcher.leaveRoom(room.id);
          await host.leaveRoom(room.id);
        });
      }
    }
  } finally {
    host.close();
    watcher.close();
    await server.stop();
  }
});
