// The room's own requests, as the browser client uses them through the SDK: chat and mutes, the
// host's controls (spectators' chat, passing the role, a bot for an absent player, removing a
// player, closing), the rematch; and what a client keeps besides: the games by id, the server's
// clock, the lobby's list replaced whole, one `welcome` per welcome, each view's arrival time.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {TortugaError} from '../../sdk/js/index.js';
import {startServer, newClient, playRandomly, within} from './sdk_harness.mjs';

async function refusal(promise, code) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof TortugaError, `a TortugaError, not ${error}`);
    assert.equal(error.code, code, error.message);
    return true;
  });
}

test('chat, mutes, the host\'s controls and the rematch, each as a promise', async () => {
  const server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  const mary = newClient(server, 'Mary Read');
  const carl = newClient(server, 'Calico Jack');
  try {
    // One `welcome` event per welcome, with the client already holding it.
    const welcomes = [];
    anne.on('welcome', (welcome) => welcomes.push({welcome, player: anne.player}));
    await anne.connect();
    await mary.connect();
    await carl.connect();
    assert.equal(welcomes.length, 1);
    assert.deepEqual(welcomes[0].player, welcomes[0].welcome.player);
    assert.equal(anne.game('scalawag').name, 'Scalawag!');
    assert.equal(anne.game('no-such-game'), null);

    // The lobby's list, whole, as an event once client.lobby holds it; the server's clock.
    const listed = within(5000, anne.once('lobby'), 'the lobby listed');
    await anne.watchLobby();
    assert.deepEqual((await listed).rooms, [...anne.lobby.values()]);
    assert.ok(Math.abs(anne.serverNow() - Date.now()) < 5000, 'the server\'s clock, near ours');
    await anne.unwatchLobby();

    const {room} = await anne.createRoom({game: 'raft-and-scupper', options: {short_game: true}});
    await mary.joinRoom(room.id);
    await carl.watchRoom(room.id);

    // Chat: said, heard by the others; checked here before it is sent.
    const heard = within(5000, mary.once('chat', (m) => m.line.text === 'Fair winds!'), 'heard');
    const said = await anne.chat(room.id, 'Fair winds!');
    assert.equal(said.line.player, anne.player.id);
    assert.equal((await heard).room, room.id);
    const socket = anne.recording.latest();
    const sentBefore = socket.sent.length;
    await refusal(anne.chat(room.id, 'x'.repeat(501)), 'chat_too_long');
    await refusal(anne.chat(room.id, ''), 'bad_field');
    await refusal(anne.chat(0, 'hi'), 'bad_field');
    await refusal(anne.mute(room.id, 0), 'bad_field');
    await refusal(anne.spectatorChat(room.id, 'yes'), 'bad_field');
    await refusal(anne.closeRoom(room.id, {reason: ''}), 'bad_field');
    assert.equal(socket.sent.length, sentBefore, 'nothing was sent');
    // A spectator speaks once the host allows it.
    await refusal(carl.chat(room.id, 'ahoy'), 'chat_closed');
    assert.equal((await mary.spectatorChat(room.id, true).catch((e) => e)).code, 'not_host');
    assert.equal((await anne.spectatorChat(room.id, true)).room.spectator_chat, true);
    assert.equal((await carl.chat(room.id, 'ahoy')).line.seat, null);

    // Mutes: Mary no longer hears Anne, then hears her again.
    assert.deepEqual(await mary.mute(room.id, anne.player.id), [anne.player.id]);
    assert.deepEqual(await mary.mute(room.id, anne.player.id, {muted: false}), []);

    // The host's role passes to Mary and back.
    assert.equal((await anne.transferHost(room.id, mary.player.id)).room.host, mary.player.id);
    await refusal(anne.transferHost(room.id, mary.player.id), 'not_host');
    assert.equal((await mary.transferHost(room.id, anne.player.id)).room.host, anne.player.id);
    // A bot for a seat whose player is there, or before any match: refused.
    await refusal(anne.standIn(room.id, 1), 'not_playing');

    // A match, then the rematch offered and accepted.
    const started = await anne.start(room.id);
    const matches = [anne.match(started.room.match), mary.match(started.room.match)];
    await Promise.all(matches.map((m) => m.ready));
    await refusal(anne.standIn(room.id, 1), 'player_present');
    await refusal(anne.rematch(room.id), 'not_over');
    const arrivals = [];
    matches[0].on('view', ({arrivedAt}) => arrivals.push(arrivedAt));
    await within(60000, Promise.all(matches.map((m) => playRandomly(m))), 'the match to end');
    assert.ok(arrivals.length > 0);
    assert.ok(arrivals.every((at, i) => typeof at === 'number' && at >= (arrivals[i - 1] ?? 0)));
    assert.equal(matches[0].arrivedAt, arrivals[arrivals.length - 1]);
    assert.ok(matches[0].arrivedAt <= performance.now());
    const offered = await anne.rematch(room.id);
    assert.equal(offered.room.rematch.by, anne.player.id);
    const accepted = await mary.rematch(room.id);
    assert.notEqual(accepted.room.match, started.room.match, 'a new match');

    // Removing a player, then closing the room: the others are told, and forget it.
    const removed = within(5000, mary.once('removed'), 'Mary told');
    assert.equal((await anne.removePlayer(room.id, mary.player.id)).room.seats[1].player, null);
    assert.equal((await removed).by, 'host');
    const left = await anne.closeRoom(room.id, {reason: 'the tide turns'});
    assert.equal(left.room, room.id);
    assert.equal(anne.rooms.has(room.id), false);
  } finally {
    anne.close();
    mary.close();
    carl.close();
    await server.stop();
  }
});
