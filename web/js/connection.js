// The WebSocket to the server: hello with the kept token, request ids and their replies,
// reconnecting with backoff, and keeping each match's view in step (state, patch, sync).

import {applyPatch} from './patch.js';
import {saveIdentity} from './identity.js';

const PING_MS = 30000;         // a third of the default idle timeout, with room to spare
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
// Where `elsewhere` names no node (the room's node has just gone): how long before asking the
// page's own server again.
const ELSEWHERE_PAUSE_MS = 200;

export class Connection extends EventTarget {
  constructor(identity, url = defaultUrl()) {
    super();
    this.identity = identity;  // {name, token?}
    this.url = url;
    this.socket = null;
    this.nextId = 1;
    this.pending = new Map();   // request id -> {resolve, reject}
    this.player = null;         // {id, name} once welcomed
    this.games = [];
    this.roomDefaults = {};     // what create_room gives a room it says nothing of (welcome)
    this.matches = new Map();   // match id -> {view, version, at}
    this.rooms = new Map();     // room id -> the last `room` message about it
    this.syncing = new Set();   // matches whose state was asked for and has not come yet
    this.attempt = 0;
    this.welcomed = false;
    this.status = 'connecting';
    this.closedOnPurpose = false;
    this.routed = null;  // the node `elsewhere` sent this page to, while connected there
    this.moving = null;  // {url} while the link is closed to follow `elsewhere`
  }

  open() {
    this.closedOnPurpose = false;
    this.setStatus('connecting');
    const socket = new WebSocket(this.routed ?? this.url);
    this.socket = socket;
    socket.addEventListener('open', () => this.hello());
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', () => this.lost(socket));
  }

  close() {
    this.closedOnPurpose = true;
    clearInterval(this.pinger);
    this.socket?.close();
  }

  hello() {
    const message = {type: 'hello', id: 'hello', name: this.identity.name};
    if (this.identity.token) message.token = this.identity.token;
    this.socket.send(JSON.stringify(message));
  }

  lost(socket) {
    if (socket !== this.socket) return;
    clearInterval(this.pinger);
    this.welcomed = false;
    for (const {reject} of this.pending.values()) {
      reject({code: 'disconnected', message: 'the connection was lost'});
    }
    this.pending.clear();
    this.syncing.clear();
    if (this.closedOnPurpose) return;
    if (this.moving) {
      // Following `elsewhere`: at once to the node named, or after a pause to the page's server.
      this.routed = this.moving.url;
      this.moving = null;
      const pause = this.routed ? 0 : ELSEWHERE_PAUSE_MS;
      this.setStatus('reconnecting', pause);
      this.retry = setTimeout(() => this.open(), pause);
      return;
    }
    // The node this page was sent to is gone too: back to the page's server, which routes.
    this.routed = null;
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.setStatus('reconnecting', delay);
    this.retry = setTimeout(() => this.open(), delay * (0.75 + Math.random() / 2));
  }

  // On a cluster of nodes, another node plays a room of this player's (docs/protocol.md,
  // `elsewhere`): the link moves there with the same token, and the screens resume as after any
  // lost connection (the room screen joins or watches again and syncs on the next welcome).
  follow(message) {
    if (this.moving || this.closedOnPurpose) return;
    this.moving = {url: typeof message.url === 'string' && message.url ? message.url : null};
    this.socket?.close();
  }

  setStatus(status, delay) {
    this.status = status;
    this.dispatchEvent(new CustomEvent('status', {detail: {status, delay}}));
  }

  // Sends a message and resolves with its reply (or rejects with the `error`).
  request(message) {
    if (!this.welcomed) {
      return Promise.reject({code: 'disconnected', message: 'not connected'});
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, {resolve, reject});
      this.socket.send(JSON.stringify({...message, id}));
    });
  }

  receive(text) {
    let message;
    try { message = JSON.parse(text); } catch (_) { return; }
    if (message.type === 'welcome') return this.welcome(message);
    if (message.type === 'error' && message.re === 'hello') return this.helloRefused(message);
    if (message.type === 'state') this.takeState(message);
    if (message.type === 'patch') this.takePatch(message);
    if (message.type === 'room') this.rooms.set(message.room.id, message);
    if (['left', 'room_closed', 'removed'].includes(message.type)) this.rooms.delete(message.room);
    if (message.type === 'error' && message.code === 'elsewhere') this.follow(message);
    const waiting = message.re !== undefined && this.pending.get(message.re);
    if (waiting) {
      this.pending.delete(message.re);
      if (message.type === 'error') waiting.reject(message);
      else waiting.resolve(message);
    }
    if (message.type !== 'state' && message.type !== 'patch') {
      this.dispatchEvent(new CustomEvent(message.type, {detail: message}));
    }
  }

  welcome(message) {
    this.player = message.player;
    this.games = message.games;
    this.roomDefaults = message.room_defaults || {};
    this.identity = {name: message.player.name, token: message.token};
    saveIdentity(this.identity);
    this.welcomed = true;
    this.attempt = 0;
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.request({type: 'ping'}).catch(() => {}), PING_MS);
    this.setStatus('connected');
    // Views held from before a disconnection are stale: the server pushes a state for each seat
    // held, and the room screen joins or watches again and syncs (see room.js).
    this.dispatchEvent(new CustomEvent('welcome', {detail: message}));
  }

  helloRefused(message) {
    if (message.code === 'bad_token') {
      // The server no longer knows this token (a new database): start afresh under the name.
      this.identity = {name: this.identity.name};
      this.hello();
      return;
    }
    this.closedOnPurpose = true;
    this.socket.close();
    this.setStatus('refused');
    this.dispatchEvent(new CustomEvent('refused', {detail: message}));
  }

  // The views of matches: a `state` replaces, a `patch` applies when its version is the next one.
  takeState(message) {
    this.syncing.delete(message.match);
    this.matches.set(message.match, {view: message.view, version: message.version, at: now()});
    this.viewChanged(message.match);
  }

  takePatch(message) {
    if (this.syncing.has(message.match)) return;
    const held = this.matches.get(message.match);
    if (!held || message.version !== held.version + 1) return this.sync(message.match);
    let view;
    try {
      view = applyPatch(held.view, message.ops);
    } catch (_) {
      return this.sync(message.match);
    }
    this.matches.set(message.match, {view, version: message.version, at: now()});
    this.viewChanged(message.match);
  }

  // Patches that come while a state is on its way are dropped: the state will hold them.
  sync(match) {
    if (this.syncing.has(match)) return;
    this.syncing.add(match);
    this.request({type: 'sync', match}).catch(() => this.syncing.delete(match));
  }

  viewChanged(match) {
    this.dispatchEvent(new CustomEvent('view', {detail: {match, ...this.matches.get(match)}}));
  }

  game(id) {
    return this.games.find((g) => g.id === id);
  }
}

function now() {
  return performance.now();
}

function defaultUrl() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
