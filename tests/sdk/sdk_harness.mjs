// What the SDK's tests share: a real `tortuga serve` (started as the browser tests start it),
// clients of sdk/js whose sockets the test can reach (to drop one, or to slip in a frame as if
// the server had sent it), and a random player written with the SDK.

import WebSocket from 'ws';
import {TortugaClient} from '../../sdk/js/index.js';
import {watchConnection} from '../schema/frame_checker.mjs';

export {startServer, seeded, until} from '../web/harness.mjs';

export function wsUrl(server) {
  return `ws://127.0.0.1:${server.port}/ws`;
}

// A WebSocket class whose sockets are listed in `sockets`, newest last, each keeping the
// frames it sent (parsed) in `sent`. Every frame that really goes over a socket, either way, is
// checked against the protocol's schema (tests/schema/frame_checker.mjs): a frame it does not
// describe fails the test. Injected frames are the test's own and are not checked.
export function recordingWebSocket() {
  const sockets = [];
  class Recorded extends WebSocket {
    constructor(...args) {
      super(...args);
      this.sent = [];
      const watch = watchConnection(String(args[0]), `socket ${sockets.length + 1}`);
      this.watch = watch;
      this.on('message', (data) => { if (!this.injecting) watch.received(data); });
      this.on('close', () => watch.closed());
      sockets.push(this);
    }

    send(text, ...rest) {
      this.sent.push(JSON.parse(text));
      this.watch.sent(text);
      return super.send(text, ...rest);
    }

    // A frame as if the server had sent it.
    inject(frame) {
      this.injecting = true;
      try {
        this.emit('message', Buffer.from(typeof frame === 'string' ? frame : JSON.stringify(frame)),
                  false);
      } finally {
        this.injecting = false;
      }
    }
  }
  return {WebSocket: Recorded, sockets, latest: () => sockets[sockets.length - 1]};
}

export function newClient(server, name, options = {}) {
  const recording = recordingWebSocket();
  const client = new TortugaClient({url: () => wsUrl(server), name,
                                    WebSocket: recording.WebSocket, backoffMs: [100, 200, 400],
                                    ...options});
  client.recording = recording;
  return client;
}

// `host` opens a room of `game`, every guest joins it, the host starts it; resolves once every
// one of them holds the match's first view, with the room and each player's match handle.
export async function startMatch(host, guests, {game = 'colpaccio', options} = {}) {
  const {room} = await host.createRoom({game, options: options ?? {players: guests.length + 1}});
  for (const guest of guests) await guest.joinRoom(room.id);
  const started = await host.start(room.id);
  const matches = [host, ...guests].map((player) => player.match(started.room.match));
  await Promise.all(matches.map((m) => m.ready));
  return {room, match: started.room.match, matches};
}

// `client` opens a room of `game` against a random bot and starts it; resolves with the match's
// handle once its first view is there.
export async function startAgainstBot(client, {game = 'raft-and-scupper',
                                               options = {short_game: true}} = {}) {
  const {room} = await client.createRoom({game, options});
  await client.addBot(room.id, {bot: 'random'});
  const started = await client.start(room.id);
  const match = client.match(started.room.match);
  await match.ready;
  return match;
}

// Refusals a random player meets in the normal course of a match: several seats acting at once,
// a view changing under a chosen action, the connection dropping under a request.
const RACES = ['not_your_turn', 'illegal_action', 'match_over', 'disconnected'];

// Plays random legal actions whenever the match waits for this seat. Resolves with the result
// once the match is over; rejects on any refusal that a legal choice should never meet.
export function playRandomly(match, random = Math.random) {
  return new Promise((resolve, reject) => {
    const play = () => {
      const action = match.legal[Math.floor(random() * match.legal.length)];
      match.act(action).catch((error) => {
        if (!RACES.includes(error.code)) reject(error);
      });
    };
    match.on('turn', play);
    match.on('error', ({error}) => reject(error));
    match.finished.then(resolve);
    match.ready.then(() => { if (match.myTurn) play(); });
  });
}

// Rejects when `promise` takes longer than `ms`, naming `what`.
export function within(ms, promise, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// The view a seat had at the end, as the server's history keeps it.
export async function storedFinalView(client, matchId, seat) {
  const replay = await client.getReplay(matchId, {seat});
  return replay.steps[replay.steps.length - 1].view;
}
