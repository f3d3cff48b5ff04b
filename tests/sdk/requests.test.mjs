// Every lobby and history request as a promise: replies matched by id, refusals as
// TortugaErrors with the protocol's codes, arguments checked before anything is sent, and the
// token kept in the given storage (a stale one forgotten, a kept one resuming the player).

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {TortugaClient, TortugaError, memoryStorage,
        localStorageStorage} from '../../sdk/js/index.js';
import {startServer, newClient, playRandomly, within} from './sdk_harness.mjs';

async function refusal(promise, code) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof TortugaError, `a TortugaError, not ${error}`);
    assert.equal(error.code, code, error.message);
    return true;
  });
}

test('requests resolve with their replies and refusals carry the server codes', async () => {
  const server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  const mary = newClient(server, 'Mary Read');
  try {
    await anne.connect();
    await mary.connect();
    const socket = anne.recording.latest();
    const sentBefore = socket.sent.length;

    // Checked here, never sent.
    await refusal(anne.createRoom({game: 7}), 'bad_field');
    await refusal(anne.createRoom({game: 'scalawag', options: [1]}), 'bad_field');
    await refusal(anne.createRoom({game: 'scalawag', absentBotS: 3601}), 'bad_field');
    await refusal(anne.createRoom({game: 'scalawag', absentBotS: 1.5}), 'bad_field');
    await refusal(anne.joinRoom(1, {seat: -1}), 'bad_field');
    await refusal(anne.joinRoom(1.5), 'bad_field');
    await refusal(anne.addBot(1, {bot: 'clever'}), 'bad_field');
    await refusal(anne.listMatches({limit: 500}), 'bad_field');
    await refusal(anne.listMatches({status: 'done'}), 'bad_field');
    await refusal(anne.getReplay(0), 'bad_field');
    await refusal(anne.getReplay(1, {code: 7}), 'bad_field');
    await refusal(anne.getMatch(1, {code: ''}), 'bad_field');
    await refusal(anne.createRoom({game: 'scalawag', publicWhenOver: 'yes'}), 'bad_field');
    await refusal(anne.request({kind: 'ping'}), 'bad_field');
    const cyclic = {type: 'ping'};
    cyclic.self = cyclic;
    await refusal(anne.request(cyclic), 'bad_field');
    const handle = anne.match(99);
    await refusal(handle.act({kind: 'pass'}), 'bad_action');
    await refusal(handle.act('pass'), 'bad_action');
    assert.equal(socket.sent.length, sentBefore, 'nothing was sent');
    assert.throws(() => new TortugaClient({url: 'ws://x/ws', name: ' ', WebSocket: class {}}),
                  (error) => error.code === 'bad_field');

    // Refused by the server, each with its code.
    await refusal(anne.createRoom({game: 'no-such-game'}), 'unknown_game');
    await refusal(anne.createRoom({game: 'scalawag', options: {players: 99}}), 'bad_options');
    await refusal(anne.joinRoom(424242), 'no_such_room');
    await refusal(anne.getMatch(424242), 'no_such_match');
    await refusal(handle.act({type: 'pass'}), 'no_such_match');

    const {room, you} = await anne.createRoom({game: 'raft-and-scupper',
                                               options: {short_game: true}, absentBotS: 45});
    assert.equal(you.seat, 0);
    assert.equal(room.absent_bot_s, 45);
    assert.equal(anne.welcome.room_defaults.absent_bot_s, 30);
    await refusal(anne.start(room.id), 'not_enough_players');
    await refusal(mary.addBot(room.id), 'not_in_room');
    const joined = await mary.joinRoom(room.id);
    assert.equal(joined.you.seat, 1);
    await refusal(mary.start(room.id), 'not_host');
    await refusal(anne.addBot(room.id), 'room_full');
    assert.ok((await anne.listRooms()).some((r) => r.id === room.id));
    assert.ok(typeof (await anne.ping()) === 'number');

    const started = await anne.start(room.id);
    await refusal(anne.start(room.id), 'already_started');
    const matches = [anne.match(started.room.match), mary.match(started.room.match)];
    await Promise.all(matches.map((m) => m.ready));
    // Seat 0 places first: seat 1 may not act yet.
    await refusal(matches[1].act(matches[0].legal[0]), 'not_your_turn');
    await refusal(matches[0].act({type: 'fly'}), 'bad_action');
    await within(60000, Promise.all(matches.map((m) => playRandomly(m))), 'the match to end');
    await refusal(matches[0].act({type: 'pass'}), 'match_over');

    // History.
    const listed = await anne.listMatches({player: anne.player.id, status: 'finished'});
    assert.deepEqual(listed.map((m) => m.id), [started.room.match]);
    const stored = await anne.getMatch(started.room.match);
    assert.equal(stored.seats[1].player, mary.player.id);
    const replay = await anne.getReplay(stored.id);
    assert.equal(replay.steps.length, stored.actions + 1);
    assert.equal(replay.steps[0].view.seat, null);

    // A private room's match: its players', and theirs with the code, once over too.
    const secret = await anne.createRoom({game: 'raft-and-scupper', private: true,
                                          options: {short_game: true}});
    assert.equal(secret.room.public_when_over, false);
    await mary.joinRoom(secret.room.code);
    const hidden = await anne.start(secret.room.id);
    const outsider = newClient(server, 'Calico Jack');
    await outsider.connect();
    try {
      await refusal(outsider.getMatch(hidden.room.match), 'no_such_match');
      await refusal(outsider.getReplay(hidden.room.match), 'no_such_match');
      assert.equal((await outsider.getMatch(hidden.room.match, {code: secret.room.code})).id,
                   hidden.room.match);
      const watched = await outsider.getReplay(hidden.room.match, {code: secret.room.code});
      assert.equal(watched.match, hidden.room.match);
      assert.ok(!(await outsider.listMatches()).some((m) => m.id === hidden.room.match));
      assert.ok((await mary.listMatches()).some((m) => m.id === hidden.room.match));
    } finally {
      outsider.close();
    }
    const left = await anne.leaveRoom(room.id);
    assert.equal(left.room, room.id);
    assert.equal(anne.rooms.has(room.id), false);
  } finally {
    anne.close();
    mary.close();
    await server.stop();
  }
});

test('the token is kept in storage: a kept one resumes the player, a stale one is dropped',
     async () => {
  const server = await startServer();
  const storage = memoryStorage();
  const clients = [];
  try {
    const first = newClient(server, 'Anne Bonny', {storage});
    clients.push(first);
    const welcome = await first.connect();
    assert.equal(storage.get('tortuga.token'), welcome.token);
    first.close();
    assert.equal(first.status, 'closed');
    await refusal(first.ping(), 'closed');

    const again = newClient(server, 'Anne B.', {storage});
    clients.push(again);
    const resumed = await again.connect();
    assert.equal(resumed.player.id, welcome.player.id);
    assert.equal(resumed.player.name, 'Anne B.');
    assert.equal(again.recording.latest().sent[0].token, welcome.token);

    // A browser's localStorage, here an object with its three methods.
    const entries = new Map([['tortuga.token', 'f'.repeat(64)]]);
    const local = localStorageStorage({
      getItem: (key) => entries.get(key) ?? null,
      setItem: (key, value) => entries.set(key, value),
      removeItem: (key) => entries.delete(key),
    });
    const stranger = newClient(server, 'Mary Read', {storage: local});
    clients.push(stranger);
    const fresh = await stranger.connect();
    assert.notEqual(fresh.player.id, welcome.player.id);
    assert.equal(entries.get('tortuga.token'), fresh.token);
    const hellos = stranger.recording.latest().sent.filter((m) => m.type === 'hello');
    assert.deepEqual(hellos.map((m) => m.token), ['f'.repeat(64), undefined]);

    // A storage that fails costs the kept token, not the connection.
    const broken = {get: () => { throw new Error('disk gone'); },
                    set: async () => { throw new Error('disk gone'); }};
    const careless = newClient(server, 'Jack Rackham', {storage: broken});
    clients.push(careless);
    const failures = [];
    careless.on('storage_error', (error) => failures.push(error.message));
    assert.equal((await careless.connect()).player.name, 'Jack Rackham');
    assert.deepEqual(failures, ['disk gone', 'disk gone']);
    await refusal(careless.start('ABCDEF'), 'bad_field');
  } finally {
    for (const client of clients) client.close();
    await server.stop();
  }
});

test('a watched lobby is kept in client.lobby by the pushed changes, and watched again after a drop',
     async () => {
  const server = await startServer();
  const anne = newClient(server, 'Anne Bonny');
  const mary = newClient(server, 'Mary Read');
  try {
    await anne.connect();
    await mary.connect();
    assert.deepEqual(await anne.watchLobby({game: 'raft-and-scupper'}), []);
    await refusal(anne.watchLobby({game: 7}), 'bad_field');

    const made = within(5000, anne.once('rooms_changed'), 'the room made');
    const {room} = await mary.createRoom({game: 'raft-and-scupper'});
    assert.deepEqual((await made).rooms.map((r) => r.id), [room.id]);
    assert.equal(anne.lobby.get(room.id).host_online, true);
    assert.equal(typeof anne.lobby.get(room.id).created_ms, 'number');

    // Anne's connection drops: once back, she watches again and hears of the room closing.
    const rewatched = within(10000, anne.once('rooms'), 'the list again');
    anne.recording.latest().terminate();
    assert.deepEqual((await rewatched).rooms.map((r) => r.id), [room.id]);
    assert.ok(anne.recording.latest().sent.some((m) => m.type === 'watch_lobby' &&
                                                       m.game === 'raft-and-scupper'));
    const closed = within(5000, anne.once('rooms_changed', (m) => m.gone.includes(room.id)),
                          'the room closed');
    await mary.request({type: 'close_room', room: room.id});
    await closed;
    assert.equal(anne.lobby.has(room.id), false);

    assert.equal((await anne.unwatchLobby()).type, 'lobby_unwatched');
    assert.equal(anne.lobby.size, 0);
  } finally {
    anne.close();
    mary.close();
    await server.stop();
  }
});
