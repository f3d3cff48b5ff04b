// A connection to a Tortuga server for one player: `hello` with the kept token, every request
// of docs/protocol.md as a promise, a Match handle per match, and reconnecting with backoff,
// after which it resumes the player and brings the views of its matches up to date.

import {backoffDelay, DEFAULT_BACKOFF_MS} from './backoff.js';
import {Emitter} from './emitter.js';
import {TortugaError} from './errors.js';
import {readFrame} from './frames.js';
import {Match} from './match.js';
import {memoryStorage} from './storage.js';
import * as check from './validate.js';

// A `notifications` reply as the SDK gives it: the settings in camelCase, the webhook's key only
// when the reply has it (a new webhook's, shown once).
function notificationSettings(reply) {
  const out = {email: reply.email, emailVerified: reply.email_verified,
               emailUnsubscribed: reply.email_unsubscribed, webhookUrl: reply.webhook_url,
               mode: reply.mode, language: reply.language};
  if (reply.webhook_secret !== undefined) out.webhookSecret = reply.webhook_secret;
  return out;
}

const PING_MS = 30000;  // a third of the server's default idle timeout, with room to spare
const REQUEST_TIMEOUT_MS = 30000;
// The server's default rate is 50 messages a second in bursts of 100: a refused burst has room
// again within a few hundred milliseconds.
const RATE_LIMIT_RETRIES_MS = [100, 250, 500, 1000, 2000];
const PUSHED = ['state', 'patch'];
// Messages whose event the client emits itself, once its own state has taken them in: a
// `welcome` listener finds client.player (and the rest) already set.
const EMITTED_LATER = ['welcome'];
// A request answered with `elsewhere` is sent again on the node named, this many times at most
// (a room moving again meanwhile moves it again).
const ELSEWHERE_RETRIES = 3;
// Where `elsewhere` names no node (the room's node has just gone, its rooms are being taken
// over): how long before asking the usual address again.
const ELSEWHERE_PAUSE_MS = 200;

export class TortugaClient extends Emitter {
  #url;
  #WebSocket;
  #storage;
  #storageKey;
  #options;
  #socket = null;
  #nextId = 1;
  #pending = new Map();  // request id -> {resolve, reject, timer}
  #attempt = 0;
  #retry = null;
  #pinger = null;
  #closed = false;
  #connecting = null;  // {resolve, reject} while connect() waits for the first welcome
  #tokenRefused = false;  // the last hello's token was refused: the next welcome is a stranger
  #watched = new Set();  // rooms watched as a spectator: the server forgets them on a new link
  #lobbyWatch = null;  // {game} while the lobby is watched: watched again on a new link
  #boardWatch = null;  // {game, limit} while a leaderboard is watched: the same
  #myMatchesWatch = false;  // while the player's matches are watched: the same
  #routed = null;  // the node `elsewhere` sent this client to, while connected there
  #moving = null;  // {url} while the link is being closed to follow `elsewhere`
  #clock = null;  // {ms, at}: the server's clock (`now_ms`) as last read, and performance.now()
  #login = null;  // {name, password} until the first welcome: sent instead of hello

  constructor({url, name, WebSocket = globalThis.WebSocket, storage = memoryStorage(),
               storageKey = 'tortuga.token', reconnect = true, backoffMs = DEFAULT_BACKOFF_MS,
               pingMs = PING_MS, requestTimeoutMs = REQUEST_TIMEOUT_MS} = {}) {
    super();
    if (typeof url !== 'string' && typeof url !== 'function') {
      throw new TypeError('url must be a ws:// or wss:// address, or a function returning one');
    }
    if (typeof WebSocket !== 'function') {
      throw new TypeError('no WebSocket here: pass one, e.g. {WebSocket} from the "ws" package');
    }
    if (typeof storage?.get !== 'function' || typeof storage?.set !== 'function') {
      throw new TypeError('storage must have get(key) and set(key, value)');
    }
    // Where to connect is asked anew at every connection: the one place a later routing answer
    // (the node that holds a room) would change.
    this.#url = url;
    this.#WebSocket = WebSocket;
    this.#storage = storage;
    this.#storageKey = storageKey;
    this.#options = {reconnect, backoffMs, pingMs, requestTimeoutMs};
    this.name = check.name(name);
    this.status = 'idle';
    this.welcomed = false;
    this.welcome = null;  // the last `welcome` message
    this.player = null;  // {id, name} once welcomed
    this.lobby = new Map();  // room id -> the room as listed, while the lobby is watched
    this.token = null;
    this.games = [];
    this.rooms = new Map();  // room id -> the last `room` message about it
    this.matches = new Map();  // match id -> Match
  }

  // Connects and says hello; resolves with the `welcome` (after retries, if the server is not
  // up yet). Rejects when the server refuses the hello or close() is called first.
  connect() {
    if (this.welcomed) return Promise.resolve(this.welcome);
    if (this.#connecting) return this.#connecting.promise;
    this.#closed = false;
    let settle;
    const promise = new Promise((resolve, reject) => { settle = {resolve, reject}; });
    this.#connecting = {...settle, promise};
    this.#open();
    return promise;
  }

  close() {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#pinger);
    const socket = this.#socket;
    this.#socket = null;
    this.#lost(socket, 'closed');
    socket?.close();
  }

  // The handle of a match, made on first mention so that listeners can be attached before its
  // state arrives.
  match(id) {
    check.match(id);
    let match = this.matches.get(id);
    if (!match) {
      match = new Match(this, id);
      this.matches.set(id, match);
      this.emit('match', match);
    }
    return match;
  }

  // A game the server hosts, as `welcome` lists it (its name, players and option schema).
  game(id) {
    return this.games.find((game) => game.id === id) ?? null;
  }

  // The server's clock now, in ms since 1970, reckoned from the last `now_ms` it sent (the
  // lobby's messages carry it) and the time passed since; this machine's clock until then. The
  // lobby's `created_ms` are on the server's clock: ages are told from this, not Date.now().
  serverNow() {
    if (!this.#clock) return Date.now();
    return this.#clock.ms + (performance.now() - this.#clock.at);
  }

  // The lobby.
  listRooms({game} = {}) {
    const build = () => ({type: 'list_rooms', game: check.optional(check.string, 'game', game)});
    return this.#ask(build).then((reply) => reply.rooms);
  }

  // The lobby's list, kept here (client.lobby) by the server's pushes from now on: each change
  // comes as a `rooms_changed` event, already applied. Resolves with the rooms now; the list
  // replaced whole (now, and when it is watched again after a reconnection) is a `lobby` event.
  watchLobby({game} = {}) {
    const build = () => ({type: 'watch_lobby', game: check.optional(check.string, 'game', game)});
    return this.#ask(build).then((reply) => {
      this.#lobbyWatch = {game};
      this.lobby.clear();
      for (const room of reply.rooms) this.lobby.set(room.id, room);
      this.emit('lobby', {rooms: reply.rooms, game: game ?? null});
      return reply.rooms;
    });
  }

  unwatchLobby() {
    this.#lobbyWatch = null;
    this.lobby.clear();
    return this.#ask(() => ({type: 'unwatch_lobby'}));
  }

  createRoom({game, options, private: isPrivate, absentBotS, publicWhenOver, rated,
              correspondence} = {}) {
    return this.#ask(() => ({
      type: 'create_room', game: check.string('game', game),
      options: check.optional(check.object, 'options', options),
      private: check.optional(check.boolean, 'private', isPrivate),
      absent_bot_s: check.optional(check.integer, 'absent_bot_s', absentBotS, 0, 3600),
      public_when_over: check.optional(check.boolean, 'public_when_over', publicWhenOver),
      rated: check.optional(check.boolean, 'rated', rated),
      correspondence: check.optional(check.object, 'correspondence', correspondence),
    }));
  }

  // Ratings (docs/ratings.md). A page of a game's leaderboard, best first.
  getLeaderboard(game, {limit, offset} = {}) {
    return this.#ask(() => ({
      type: 'get_leaderboard', game: check.string('game', game),
      limit: check.optional(check.integer, 'limit', limit, 1, 200),
      offset: check.optional(check.integer, 'offset', offset, 0, 1000000000),
    })).then((reply) => reply.entries);
  }

  // The board's first entries now; from then on each change comes as a `leaderboard` event (the
  // whole board again), and it is watched again after a reconnection. One board at a time.
  watchLeaderboard(game, {limit} = {}) {
    return this.#ask(() => ({
      type: 'watch_leaderboard', game: check.string('game', game),
      limit: check.optional(check.integer, 'limit', limit, 1, 200),
    })).then((reply) => {
      this.#boardWatch = {game, limit};
      return reply.entries;
    });
  }

  unwatchLeaderboard() {
    this.#boardWatch = null;
    return this.#ask(() => ({type: 'unwatch_leaderboard'}));
  }

  // "My matches": the player's running matches now, theirs to play first; from then on the whole
  // list again comes as a `my_matches` event each time one changes, and it is watched again
  // after a reconnection.
  watchMyMatches() {
    return this.#ask(() => ({type: 'watch_my_matches'})).then((reply) => {
      this.#myMatchesWatch = true;
      return {matches: reply.matches, more: reply.more ?? 0};
    });
  }

  unwatchMyMatches() {
    this.#myMatchesWatch = false;
    return this.#ask(() => ({type: 'unwatch_my_matches'}));
  }

  joinRoom(room, {seat} = {}) {
    return this.#ask(() => ({type: 'join_room', room: check.room(room), seat: check.seat(seat)}));
  }

  watchRoom(room) {
    return this.#ask(() => ({type: 'watch_room', room: check.room(room)})).then((reply) => {
      if (reply.you?.spectator) this.#watched.add(reply.room.code ?? reply.room.id);
      return reply;
    });
  }

  addBot(room, {seat, bot} = {}) {
    return this.#ask(() => ({type: 'add_bot', room: check.roomId(room), seat: check.seat(seat),
                             bot: check.bot(bot)}));
  }

  leaveRoom(room) {
    return this.#ask(() => ({type: 'leave_room', room: check.roomId(room)})).then((reply) => {
      this.#forgetRoom(reply.room);
      return reply;
    });
  }

  start(room) {
    return this.#ask(() => ({type: 'start', room: check.roomId(room)}));
  }

  // Once the match is over: offers the same table again, or accepts the offer made.
  rematch(room) {
    return this.#ask(() => ({type: 'rematch', room: check.roomId(room)}));
  }

  // The room's chat. Resolves with the `chat` message carrying the line.
  chat(room, text) {
    return this.#ask(() => ({type: 'chat', room: check.roomId(room), text: check.chatText(text)}));
  }

  // Stops (muted: false, starts again) a player's chat reaching this player in the room.
  // Resolves with the ids of the players muted there.
  mute(room, player, {muted = true} = {}) {
    return this.#ask(() => ({type: 'mute', room: check.roomId(room), player: check.player(player),
                             muted: check.boolean('muted', muted)}))
      .then((reply) => reply.muted);
  }

  // The host's controls; each resolves with the `room` message, but closeRoom with `left`.
  transferHost(room, player) {
    return this.#ask(() => ({type: 'transfer_host', room: check.roomId(room),
                             player: check.player(player)}));
  }

  removePlayer(room, player) {
    return this.#ask(() => ({type: 'remove_player', room: check.roomId(room),
                             player: check.player(player)}));
  }

  allowPlayer(room, player) {
    return this.#ask(() => ({type: 'allow_player', room: check.roomId(room),
                             player: check.player(player)}));
  }

  standIn(room, seat, {bot} = {}) {
    return this.#ask(() => ({type: 'stand_in', room: check.roomId(room),
                             seat: check.integer('seat', seat, 0), bot: check.bot(bot)}));
  }

  spectatorChat(room, allowed) {
    return this.#ask(() => ({type: 'spectator_chat', room: check.roomId(room),
                             allowed: check.boolean('allowed', allowed)}));
  }

  closeRoom(room, {reason} = {}) {
    const build = () => ({type: 'close_room', room: check.roomId(room),
                          reason: check.optional(check.reason, 'reason', reason)});
    return this.#ask(build).then((reply) => {
      this.#forgetRoom(reply.room);
      return reply;
    });
  }

  // Accounts (docs/protocol.md, Accounts). A guest who registers keeps their id, seats and
  // history; the welcome's new token is kept as hello's is.
  register(password, {name = this.name} = {}) {
    return this.#ask(() => ({type: 'register', name: check.name(name),
                             password: check.password('password', password)}))
      .then((welcome) => this.#adopt(welcome));
  }

  // Before connecting: the first message is a login, not a hello with the kept token.
  login(name, password) {
    if (this.welcomed || this.#connecting) {
      return Promise.reject(new TortugaError('bad_field',
                                             'log in before connecting, or with a new client'));
    }
    try {
      this.#login = {name: check.name(name), password: check.password('password', password)};
    } catch (error) {
      return Promise.reject(error);
    }
    return this.connect();
  }

  listSessions() {
    return this.request({type: 'list_sessions'}).then((reply) => reply.sessions);
  }

  takeVacation(days) {
    return this.#ask(() => ({type: 'take_vacation', days: check.integer('days', days, 1, 365)}));
  }

  // Reads the days left and the vacation under way (or the last this year) without taking any.
  getVacation() {
    return this.request({type: 'get_vacation'});
  }

  revokeSession(session) {
    return this.#ask(() => ({type: 'revoke_session',
                             session: check.integer('session', session, 1)}))
      .then((reply) => reply.sessions);
  }

  revokeOtherSessions() {
    return this.request({type: 'revoke_other_sessions'}).then((reply) => reply.sessions);
  }

  // Notifications (docs/notifications.md): an account's settings; a guest is refused.
  getNotifications() {
    return this.request({type: 'get_notifications'}).then(notificationSettings);
  }

  setNotifications(change = {}) {
    return this.#ask(() => ({
      type: 'set_notifications',
      // "" removes an address or a webhook; the server's limits are far below 4096.
      email: check.optional(check.text, 'email', change.email, 0, 4096),
      webhook_url: check.optional(check.text, 'webhookUrl', change.webhookUrl, 0, 4096),
      mode: check.optional(check.oneOf, 'mode', change.mode, ['digest', 'immediate', 'off']),
      language: check.optional(check.string, 'language', change.language),
    })).then(notificationSettings);
  }

  changePassword(password, newPassword) {
    return this.#ask(() => ({type: 'change_password',
                             password: check.password('password', password),
                             new_password: check.password('newPassword', newPassword)}))
      .then((reply) => reply.sessions);
  }

  // History.
  listMatches(filter = {}) {
    return this.#ask(() => ({type: 'list_matches', ...check.matchFilter(filter)}))
      .then((reply) => reply.matches);
  }

  // A private match needs its join `code` unless this player sits in it.
  getMatch(match, {code} = {}) {
    return this.#ask(() => ({type: 'get_match', match: check.match(match),
                             code: check.optional(check.string, 'code', code)}))
      .then((reply) => reply.match);
  }

  getReplay(match, {seat, code} = {}) {
    return this.#ask(() => ({type: 'get_replay', match: check.match(match),
                             seat: check.seat(seat),
                             code: check.optional(check.string, 'code', code)}));
  }

  // Resolves with the round trip in milliseconds.
  ping() {
    const sent = Date.now();
    return this.request({type: 'ping'}).then(() => Date.now() - sent);
  }

  // Any client message, for what this class has no method for; resolves with the reply.
  request(message) {
    if (!check.isPlainObject(message) || typeof message.type !== 'string') {
      return Promise.reject(new TortugaError('bad_field', 'a message needs a string "type"'));
    }
    if (this.#closed) return Promise.reject(new TortugaError('closed', 'the client was closed'));
    if (!this.welcomed) {
      return Promise.reject(new TortugaError('disconnected', 'not connected'));
    }
    return this.#sendPaced(message, 0);
  }

  // Called by a Match whose sync failed: brings the client back into the match's room when
  // the server no longer counts it there, as after a server restart.
  recover(match, error) {
    if (error.code === 'disconnected' || error.code === 'closed') return;  // resumed on welcome
    if (match.waiting) return;  // its state comes once the server's store is back
    const held = [...this.rooms.values()].find((r) => r.room.match === match.id);
    if (error.code !== 'not_in_room' || !held) {
      match.emit('error', {match, error});
      return;
    }
    const room = held.room.code ?? held.room.id;
    const enter = held.you?.spectator ? this.watchRoom(room) : this.joinRoom(room);
    enter.catch((failure) => match.emit('error', {match, error: failure}));
  }

  // Validates with `build` (which throws a TortugaError on a bad argument) before sending.
  #ask(build) {
    let message;
    try {
      message = build();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.request(message);
  }

  // A message refused with `rate_limited` was not processed: the protocol asks to slow down and
  // send it again, which is done here a few times, waiting longer each time.
  #sendPaced(message, attempt, moved = 0) {
    return this.#send(this.#socket, message).catch((error) => {
      if (error.code === 'elsewhere' && moved < ELSEWHERE_RETRIES) {
        // Another node has the room: the link is moving there (#follow); the request is sent
        // again once that node has welcomed the player.
        return this.once('welcome').then(() => this.#sendPaced(message, attempt, moved + 1));
      }
      if (error.code !== 'rate_limited' || attempt >= RATE_LIMIT_RETRIES_MS.length) throw error;
      return new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_RETRIES_MS[attempt]))
        .then(() => {
          if (!this.welcomed) throw new TortugaError('disconnected', 'the connection was lost');
          return this.#sendPaced(message, attempt + 1, moved);
        });
    });
  }

  // A message may bring its own id (a string, so as not to meet the numbered ones).
  #send(socket, message) {
    const id = typeof message.id === 'string' ? message.id : this.#nextId++;
    if (this.#pending.has(id)) {
      return Promise.reject(new TortugaError('bad_field', `request id ${id} is already waiting`));
    }
    let text;
    try {
      text = check.serialize({...message, id});
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new TortugaError('timeout', `no reply to ${message.type} in time`));
      }, this.#options.requestTimeoutMs);
      timer.unref?.();
      this.#pending.set(id, {resolve, reject, timer});
      try {
        socket.send(text);
      } catch (error) {
        this.#settle(id, new TortugaError('disconnected', error.message));
      }
    });
  }

  #settle(id, outcome) {
    const waiting = this.#pending.get(id);
    if (!waiting) return false;
    this.#pending.delete(id);
    clearTimeout(waiting.timer);
    if (outcome instanceof TortugaError) waiting.reject(outcome);
    else waiting.resolve(outcome);
    return true;
  }

  #setStatus(status, detail = {}) {
    this.status = status;
    this.emit('status', {status, ...detail});
  }

  #open() {
    this.#setStatus('connecting');
    let socket;
    try {
      const url = this.#routed ?? (typeof this.#url === 'function' ? this.#url() : this.#url);
      socket = new this.#WebSocket(url);
    } catch (error) {
      // A bad address will not get better by waiting.
      this.#refused(new TortugaError('disconnected', `cannot connect: ${error.message}`));
      return;
    }
    this.#socket = socket;
    socket.addEventListener('open', () => this.#hello(socket));
    socket.addEventListener('message', (event) => this.#receive(socket, event.data));
    socket.addEventListener('close', (event) => this.#lost(socket, event.code));
    socket.addEventListener('error', () => {});  // a close event follows, and handles it
  }

  async #hello(socket, token) {
    if (token === undefined) token = await this.#stored(() => this.#storage.get(this.#storageKey));
    if (socket !== this.#socket) return;
    let message = {type: 'hello', name: this.name};
    if (typeof token === 'string' && token) message.token = token;
    if (this.#login) message = {type: 'login', ...this.#login};
    let welcome;
    try {
      welcome = await this.#send(socket, message);
    } catch (error) {
      if (socket !== this.#socket) return;
      if (message.type === 'login') {
        this.#login = null;
        this.#refused(error);
      } else if (error.code === 'bad_token') {
        // The server no longer knows the token (a new database): start afresh as a new player.
        this.#tokenRefused = true;
        await this.#stored(() => this.#storage.set(this.#storageKey, null));
        this.#hello(socket, null);
      } else if (error.code === 'store_unavailable') {
        // The server cannot read its players now: no verdict on the token, which is kept and
        // sent again after a pause.
        const delay = backoffDelay(this.#attempt++, this.#options.backoffMs);
        this.#setStatus('reconnecting', {delay, error});
        clearTimeout(this.#retry);
        this.#retry = setTimeout(() => this.#hello(socket, token), delay);
      } else if (error.code !== 'disconnected' && error.code !== 'timeout') {
        this.#refused(error);
      }
      return;
    }
    if (socket === this.#socket) this.#welcome(welcome);
  }

  // A welcome answering register: the player and token are the account's now.
  async #adopt(message) {
    this.welcome = message;
    this.player = message.player;
    this.name = message.player.name;
    this.token = message.token;
    await this.#stored(() => this.#storage.set(this.#storageKey, message.token));
    return message;
  }

  async #welcome(message) {
    this.#login = null;
    const resuming = this.player !== null;
    if (resuming && this.#tokenRefused) {
      // The token was not taken (the server lost its players): this is a new player, who holds
      // none of the old one's seats. Its rooms are forgotten, so that none is entered again
      // under their ids, which may now be other rooms.
      this.rooms.clear();
    }
    this.#tokenRefused = false;
    this.welcome = message;
    this.player = message.player;
    this.name = message.player.name;
    this.games = message.games;
    this.token = message.token;
    this.welcomed = true;
    this.#attempt = 0;
    clearInterval(this.#pinger);
    this.#pinger = setInterval(() => this.ping().catch(() => {}), this.#options.pingMs);
    this.#pinger.unref?.();
    await this.#stored(() => this.#storage.set(this.#storageKey, message.token));
    this.#setStatus('connected');
    this.emit('welcome', message);
    this.#connecting?.resolve(message);
    this.#connecting = null;
    if (resuming) this.#resume();
  }

  // After a new welcome the server pushes a `room` and a `state` for every seat held. The pong
  // to a ping sent now comes after those pushes; whatever match is still stale then is synced,
  // and rooms watched are watched again (the server does not remember spectators).
  async #resume() {
    for (const room of this.#watched) this.watchRoom(room).catch(() => this.#watched.delete(room));
    if (this.#lobbyWatch) this.watchLobby(this.#lobbyWatch).catch(() => {});
    if (this.#boardWatch) {
      this.watchLeaderboard(this.#boardWatch.game, this.#boardWatch).catch(() => {});
    }
    if (this.#myMatchesWatch) this.watchMyMatches().catch(() => {});
    try {
      await this.ping();
    } catch (_) {
      return;  // lost again: the next welcome resumes
    }
    for (const match of this.matches.values()) {
      if (match.stale && !match.over) match.sync().catch((error) => this.recover(match, error));
    }
  }

  // A storage that fails costs only the resuming of this player later, not the connection:
  // the failure is told to listeners and the client goes on as if nothing was kept.
  async #stored(use) {
    try {
      return await use();
    } catch (error) {
      this.emit('storage_error', error);
      return null;
    }
  }

  #refused(error) {
    this.#closed = true;
    this.#setStatus('refused', {error});
    this.emit('refused', error);
    this.#connecting?.reject(error);
    this.#connecting = null;
    const socket = this.#socket;
    this.#socket = null;
    this.#lost(socket, 'closed');
    socket?.close();
  }

  #lost(socket, code) {
    if (socket !== this.#socket && code !== 'closed') return;
    if (socket === this.#socket) this.#socket = null;
    clearInterval(this.#pinger);
    this.welcomed = false;
    const why = code === 'closed' ? 'the client was closed' : 'the connection was lost';
    for (const id of [...this.#pending.keys()]) {
      this.#settle(id, new TortugaError(code === 'closed' ? 'closed' : 'disconnected', why));
    }
    for (const match of this.matches.values()) match.markStale();
    if (this.#closed || !this.#options.reconnect) {
      if (this.status !== 'refused') this.#setStatus('closed');
      this.#connecting?.reject(new TortugaError('closed', why));
      this.#connecting = null;
      return;
    }
    let delay;
    if (this.#moving) {
      // Following `elsewhere`: at once to the node named, or after a pause to the usual address.
      this.#routed = this.#moving.url;
      delay = this.#routed ? 0 : ELSEWHERE_PAUSE_MS;
      this.#moving = null;
    } else {
      // The node this client was sent to is gone too: back to the usual address, which routes.
      this.#routed = null;
      delay = backoffDelay(this.#attempt++, this.#options.backoffMs);
    }
    this.#setStatus('reconnecting', {delay, closeCode: code});
    this.#retry = setTimeout(() => this.#open(), delay);
  }

  #receive(socket, data) {
    if (socket !== this.#socket) return;
    const {message, problem} = readFrame(data);
    if (problem) return this.#malformed(problem, message, data);
    if (Number.isSafeInteger(message.now_ms)) {
      this.#clock = {ms: message.now_ms, at: performance.now()};
    }
    if (message.type === 'state') this.match(message.match).takeState(message);
    if (message.type === 'patch') this.match(message.match).takePatch(message);
    if (message.type === 'applied') this.match(message.match).takeApplied(message);
    if (message.type === 'room') this.#takeRoom(message);
    if (message.type === 'rooms_changed' && this.#lobbyWatch) this.#takeLobbyChanges(message);
    if (['left', 'room_closed', 'removed'].includes(message.type)) this.#forgetRoom(message.room);
    if (message.type === 'error' && message.code === 'elsewhere') this.#follow(socket, message);
    if (message.type === 'error' && message.code === 'store_unavailable' &&
        this.matches.has(message.match)) {
      this.matches.get(message.match).takeWaiting(message);
    }
    if (message.re !== undefined) {
      this.#settle(message.re,
                   message.type === 'error' ? TortugaError.fromMessage(message) : message);
    }
    this.emit('message', message);
    if (!PUSHED.includes(message.type) && !EMITTED_LATER.includes(message.type)) {
      this.emit(message.type, message);
    }
  }

  // A frame that does not fit: said to listeners; a request it answers fails rather than
  // waiting forever; a match it names is synced, since whatever it carried is lost.
  #malformed(problem, message, data) {
    this.emit('malformed', {problem, data});
    if (!message) return;
    if (message.re !== undefined) {
      this.#settle(message.re, new TortugaError('internal', `the server sent ${problem}`));
    }
    if (PUSHED.includes(message.type) && this.matches.has(message.match)) {
      this.matches.get(message.match).takeMalformed(problem);
    }
  }

  // On a cluster of nodes, a room of this player's is played by another node (docs/protocol.md,
  // `elsewhere`): the link moves there, with the same token, and resumes as after any lost
  // connection (the matches are synced, watched rooms watched again, requests answered with
  // `elsewhere` sent again). Once per link: the first answer decides.
  #follow(socket, message) {
    if (this.#moving || this.#closed) return;
    const url = typeof message.url === 'string' && message.url ? message.url : null;
    this.emit('elsewhere', message);
    this.#moving = {url};
    socket.close();
  }

  #takeRoom(message) {
    // After a restart a resumed match's room comes back under a new id.
    for (const [id, held] of this.rooms) {
      if (id !== message.room.id && message.room.match !== null &&
          held.room.match === message.room.match) {
        this.rooms.delete(id);
      }
    }
    this.rooms.set(message.room.id, message);
  }

  #takeLobbyChanges({rooms, gone}) {
    for (const room of rooms) this.lobby.set(room.id, room);
    for (const id of gone) this.lobby.delete(id);
  }

  #forgetRoom(id) {
    const held = this.rooms.get(id);
    this.rooms.delete(id);
    this.#watched.delete(id);
    if (held?.room.code) this.#watched.delete(held.room.code);
  }
}
