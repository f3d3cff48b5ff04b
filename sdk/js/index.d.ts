// Types of @tortuga/client. The protocol's messages are described in docs/protocol.md, and in
// its JSON Schema (GET /api/schema); a game's own fields of views and actions in
// docs/games/<game>.md, and as types in games.d.ts, generated from the schema.

export * from './games.js';

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};

/** An action: one of a view's `legal` objects, sent unchanged. */
export interface Action {
  type: string;
  [field: string]: Json;
}

/**
 * A value a sentence of the server's names (docs/protocol.md, "Words for people"): a number, a
 * text shown as it is, a player by seat (named as the room names the seat), the words of a
 * catalog key, or a list of these.
 */
export type Word = number | string | {seat: number} | {key: string} | Word[];

/** How a match ended; `key` and `params` tell it in words, `message` in English. */
export type Result = {
  winners: number[];
  reason: string;
  /** The key of the sentence in the catalogs (absent from results stored before they had one). */
  key?: string;
  params?: {[name: string]: Word};
  message?: string;
} & {[key: string]: Json};

/** The fields every game's view has; the rest is the game's own. */
export interface View {
  seat: number | null;
  to_act: number[];
  legal: Action[];
  over: boolean;
  result: Result | null;
  deadline: {after_ms: number; seats: number[]} | null;
  step: number;
  [field: string]: Json;
}

export interface Player { id: number; name: string; }

/** A part of an option (its items, its fields): like an option without `default`. */
export interface OptionShape {
  type: 'integer' | 'number' | 'boolean' | 'enum' | 'object' | 'array';
  title: string;
  /** The key of `title`'s words in the catalogs (docs/protocol.md, "Words for people"). */
  title_key: string;
  min?: number;
  max?: number;
  values?: Json[];
  /** Beside `values`: the key of each value's words, null for a value that is not text. */
  value_keys?: (string | null)[];
  items?: OptionShape;
  min_length?: number;
  max_length?: number;
  fields?: {[field: string]: OptionShape};
  order?: string[];
}

export interface OptionSchema {
  type: 'integer' | 'boolean' | 'enum' | 'object' | 'array';
  default: Json;
  title: string;
  title_key: string;
  /** What the option does, for players. */
  description: string;
  description_key: string;
  min?: number;
  max?: number;
  values?: Json[];
  value_keys?: (string | null)[];
  /** An array or object option's: in words, what null gives. */
  if_null?: string;
  if_null_key?: string;
  items?: OptionShape;
  min_length?: number;
  max_length?: number;
  fields?: {[field: string]: OptionShape};
  order?: string[];
  standard?: Json;
  start?: Json;
}

/** A level of bot: "random" (easy), "smart" (good) or "strong"; each game offers some (GameInfo.bots). */
export type BotKind = 'random' | 'smart' | 'strong';

export interface GameInfo {
  id: string;
  name: string;
  /** The key of the game's name in the catalogs. */
  name_key: string;
  min_players: number;
  max_players: number;
  options: {[option: string]: OptionSchema};
  /** The levels of bot the game offers, weakest first: what addBot and standIn may ask for. */
  bots: BotKind[];
}

/** A session: one device's token (never shown), as list_sessions lists it. */
export interface Session {
  id: number;
  /** What the device said it was (its User-Agent); may be empty. */
  label: string;
  created_ms: number;
  last_used_ms: number;
  /** Whether it is this client's. */
  current: boolean;
}

/** An account's notification settings (docs/notifications.md), as get_notifications and
 * set_notifications answer them. */
export interface NotificationSettings {
  /** "" for none; mailed only once verified by the link sent to it, and until unsubscribed. */
  email: string;
  emailVerified: boolean;
  emailUnsubscribed: boolean;
  /** "" for none. */
  webhookUrl: string;
  mode: 'digest' | 'immediate' | 'off';
  language: string;
  /** Only in the answer that set a new webhook: its HMAC-SHA256 key (64 hex digits), shown once. */
  webhookSecret?: string;
}

/** A change to the notification settings: a field left out stays as it is; "" removes an address
 * or a webhook. */
export interface NotificationChange {
  email?: string;
  webhookUrl?: string;
  mode?: 'digest' | 'immediate' | 'off';
  language?: string;
}

export interface Welcome {
  type: 'welcome';
  player: Player;
  /** Whether the player has an account (register, login); false for a guest. */
  account: boolean;
  token: string;
  protocol: number;
  games: GameInfo[];
  /** What create_room gives a room for its own options left out. */
  room_defaults: {absent_bot_s: number};
  /** The server's limits a client keeps within (docs/protocol.md, Limits). */
  limits: {
    max_message_bytes: number;
    messages_per_second: number;
    message_burst: number;
    idle_timeout_s: number;
    max_write_queue_bytes: number;
    max_rooms_per_player: number;
    max_mutes_per_member: number;
  };
}

export interface Seat {
  seat: number;
  name: string | null;
  player: Player | null;
  bot: BotKind | null;
  connected: boolean;
  /** A person's seat whose player is not in the room: since when (ms since 1970, server's clock). */
  away_since_ms: number | null;
  /** The kind of bot playing a person's seat while the person is away. */
  stand_in: BotKind | null;
  /** While a match runs and the player is away: ms from this message until a bot plays the seat. */
  stand_in_after_ms?: number | null;
  /** In a room played by correspondence while a match runs, the seat's clock; else null. */
  clock?: SeatClock | null;
}

/** A seat's correspondence clock (docs/correspondence.md). */
export interface SeatClock {
  /** When it runs out (ms since 1970); null while the rules do not wait for the seat. */
  due_ms: number | null;
  /** The room's own `room` message only: ms left, the move's days unused then the bank. */
  left_ms?: number;
  bank_ms: number;
  /** Timeouts in a row: a stand-in plays the seat after the server's number (3 by default). */
  timeouts: number;
  /** Only while the seat's player is on vacation: when the clock runs again (ms since 1970);
   * until then it stands still. */
  still_until_ms?: number;
}

/** take_vacation's and get_vacation's answer: every correspondence clock of the player's stands
 * still from `from_ms` to `until_ms`. Both null (get_vacation only) when the player took no day
 * this year and is on no vacation; `until_ms` in the past when the last one is over. */
export interface Vacation {
  type: 'vacation';
  re?: string | number;
  from_ms: number | null;
  until_ms: number | null;
  days_left: number;
  /** The days each account has a calendar year (the server's `correspondence.vacation_days`). */
  days_a_year: number;
}

/** A room played by correspondence (docs/correspondence.md): each move has `days_per_move` days
 * (1..14), then the seat's time bank, which starts full (`bank_cap_days`, 0..28, default 7) and
 * gains `bank_extra_hours` (0..168, default 12) with each move, up to its cap. */
export interface Correspondence {
  days_per_move: number;
  bank_extra_hours?: number;
  bank_cap_days?: number;
}

export interface Room {
  id: number;
  code?: string;
  game: string;
  options: {[option: string]: Json};
  private: boolean;
  host: number;
  status: 'open' | 'starting' | 'playing' | 'over';
  match: number | null;
  seats: Seat[];
  spectators: number;
  /** Seconds a running match waits for an absent player before a bot plays the seat; 0: never. */
  absent_bot_s: number;
  /** A private room's: whether its matches become everyone's to review once over. */
  public_when_over: boolean;
  /** Whether the room's match is rated (docs/ratings.md); before it starts, whether it would be. */
  rated: boolean;
  /** The pace of a room played by correspondence (every field given); null when played live. */
  correspondence: Required<Correspondence> | null;
  /** Whether spectators may chat (the host decides: spectatorChat). */
  spectator_chat: boolean;
  /** Once the match is over, a rematch offered: by whom, and who has accepted it. */
  rematch: {by: number; accepted: number[]} | null;
  /** Members only: the players the host removed, kept out until allowed again (allowPlayer). */
  banned?: Player[];
}

/** A room as the lobby lists it (list_rooms, watch_lobby, rooms_changed). */
export interface ListedRoom extends Room {
  /** The options but those set by hand (an object or array: a deck, a layout, a model)... */
  options: {[option: string]: number | string | boolean | null};
  /** ...which are named here instead; the `room` message to members carries them whole. */
  custom_options: string[];
  /** When the room was made, in ms since 1970; reckon its age from the server's `now_ms`. */
  created_ms: number;
  /** Whether the host is in the room now. */
  host_online: boolean;
}

/** A lobby's change, pushed to its watchers: rooms listed anew or changed, ids no longer listed. */
export interface RoomsChanged {
  type: 'rooms_changed';
  rooms: ListedRoom[];
  gone: number[];
  now_ms: number;
}

/** A `room` message: the room, and where this client is in it. */
export interface RoomMessage {
  type: 'room';
  re?: string | number;
  room: Room;
  you: {seat: number | null; spectator: boolean};
}

export interface LeftMessage { type: 'left'; re?: string | number; room: number; }

/** The answer to an action when no patch answered it (a state was on its way to this
 * connection, or it had left the room): the action landed in `version`. */
export interface AppliedMessage { type: 'applied'; re: string | number; match: number;
                                  version: number; }

/** A line said in a room. */
export interface ChatLine {
  player: number;
  name: string;
  /** The speaker's seat; null for a spectator. */
  seat: number | null;
  /** The room's match when it was said, and the step everybody had been sent then. */
  match: number | null;
  step: number | null;
  text: string;
  time_ms: number;
}

/** A line said in a room: pushed to those in it, and the reply to one's own `chat`. */
export interface ChatMessage { type: 'chat'; re?: string | number; room: number; line: ChatLine; }

/** The recent lines, given to whoever joins or watches a room. */
export interface ChatLogMessage { type: 'chat_log'; room: number; lines: ChatLine[]; }

/** A player's rating in a game (docs/ratings.md): `rating` is mu - 3 sigma. */
export interface LeaderboardEntry {
  player: {id: number; name: string};
  rating: number;
  mu: number;
  sigma: number;
  matches: number;
  provisional: boolean;
}

export interface LeaderboardMessage {
  type: 'leaderboard';
  re?: string | number;
  game: string;
  entries: LeaderboardEntry[];
}

/** One running match of the player's (`my_matches`, docs/protocol.md#my_matches). */
export interface MyMatch {
  /** What joinRoom takes to open it: the room's id, or a private room's code; null if unknown. */
  room: number | string | null;
  match: number;
  game: string;
  correspondence: boolean;
  players: {seat: number; name: string; bot?: string; you: boolean}[];
  /** The rules wait for one of the player's seats. */
  your_turn: boolean;
  /** The seats awaited, named by `players`. */
  waiting_for: number[];
  /** When the player's own awaited time runs out (ms since 1970), or null. */
  deadline: number | null;
  started: number;
}

export interface MyMatchesMessage {
  type: 'my_matches';
  re?: string | number;
  /** Theirs to play first, then by soonest deadline, then newest; at most 100. */
  matches: MyMatch[];
  /** How many more running matches were left out (absent when none). */
  more?: number;
}

export interface StoredMatch {
  id: number;
  game: string;
  status: 'running' | 'finished' | 'aborted';
  options: {[option: string]: Json};
  seats: {seat: number; name: string | null; player: number | null; bot: string | null}[];
  result: View['result'];
  actions: number;
  created_ms: number;
  ended_ms: number | null;
}

/** A line said in a match's room, as its replay keeps it: at the step it was said. */
export interface ReplayChatLine {
  step: number;
  /** The speaker's seat; null for a spectator. */
  seat: number | null;
  player: number | null;
  name: string;
  text: string;
  time_ms: number;
}

export interface Replay {
  type: 'replay';
  re?: string | number;
  match: number;
  seat: number | null;
  /** Every step fully revealed: a match that is over, asked without a seat. */
  revealed: boolean;
  steps: {step: number; seat: number | null; action: Action | null; view: View}[];
  /** What was said in the room while it had the match, in order, whatever the seat asked for. */
  chat: ReplayChatLine[];
}

export interface MatchFilter {
  game?: string;
  player?: number;
  status?: 'running' | 'finished' | 'aborted';
  limit?: number;
  before?: number;
}

/** Where the token is kept; get and set may return promises. set(key, null) forgets. */
export interface TokenStorage {
  get(key: string): string | null | undefined | Promise<string | null | undefined>;
  set(key: string, value: string | null): void | Promise<void>;
}

export function memoryStorage(): TokenStorage;
export function localStorageStorage(store?: {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}): TokenStorage;

export type ServerErrorCode =
  'bad_json' | 'unknown_type' | 'bad_field' | 'not_welcomed' | 'bad_token' | 'unknown_game' |
  'bad_options' | 'no_such_room' | 'no_such_bot' | 'no_such_match' | 'room_full' | 'seat_taken' |
  'not_in_room' | 'not_host' | 'not_enough_players' | 'already_started' | 'not_your_seat' |
  'not_your_turn' | 'illegal_action' | 'bad_action' | 'match_over' | 'rate_limited' |
  'message_too_large' | 'server_full' | 'draining' | 'elsewhere' | 'internal' | 'chat_too_long' |
  'chat_rate_limited' | 'chat_closed' | 'not_playing' | 'player_present' | 'not_over' |
  'options_too_large' | 'replay_busy' | 'replay_rate_limited' | 'store_unavailable' |
  'too_many_connections' | 'too_many_players' | 'too_many_rooms' | 'too_many_guesses' | 'banned' |
  'too_many_mutes' | 'bad_login' | 'name_taken' | 'weak_password' | 'too_many_logins' |
  'account_disabled' | 'passwords_busy' | 'no_such_session' | 'already_registered' |
  'not_registered' | 'not_rated' | 'no_correspondence' | 'no_such_player' |
  'too_many_correspondence_matches' | 'too_many_vacation_days' | 'bad_email' | 'bad_webhook' | 'webhook_refused' |
  'too_many_changes';
export type ClientErrorCode = 'disconnected' | 'timeout' | 'closed' | 'bad_patch';

export const SERVER_CODES: readonly ServerErrorCode[];
export const CLIENT_CODES: readonly ClientErrorCode[];

export class TortugaError extends Error {
  constructor(code: string, message: string,
              options?: {re?: string | number; retryAfterMs?: number;
                         params?: {[name: string]: Word}});
  /**
   * A ServerErrorCode, a ClientErrorCode, or (from a newer server) another: treat as internal.
   * The code is also the key of the refusal's words in the catalogs (`errors.<code>`).
   */
  code: ServerErrorCode | ClientErrorCode | string;
  /** The values the code's words name, for the codes that have them (chat_too_long's max). */
  params?: {[name: string]: Word};
  /** The request id the server's error answered, when it had one. */
  re?: string | number;
  /** too_many_guesses, too_many_players, too_many_logins, too_many_changes, passwords_busy: ms
   * until the server hears the request again. */
  retryAfterMs?: number;
  /** Whether `code` is one this client knows. */
  readonly known: boolean;
  static fromMessage(message: {code?: unknown; message?: unknown; re?: unknown; params?: unknown}):
    TortugaError;
}

/** Removes the listener it was returned for. */
export type Unsubscribe = () => void;

export class Emitter<Events extends {[type: string]: unknown}> {
  on<K extends keyof Events & string>(type: K, listener: (detail: Events[K]) => void): Unsubscribe;
  off<K extends keyof Events & string>(type: K, listener: (detail: Events[K]) => void): void;
  once<K extends keyof Events & string>(type: K, accept?: (detail: Events[K]) => boolean):
    Promise<Events[K]>;
}

export interface MatchEvents {
  [type: string]: unknown;
  /** The view changed: from a `state` (whole) or a `patch`. */
  view: {match: Match; view: View; previous: View | null; version: number;
         cause: 'state' | 'patch'; arrivedAt: number};
  /** This seat should choose an action now (myTurn became true): a bot listens to this. */
  turn: {match: Match; view: View; legal: Action[]};
  /** The view became over. */
  over: {match: Match; result: View['result']};
  /** A patch was dropped (a gap in versions, or it did not apply): a `sync` is on its way. */
  resync: {match: Match; error: TortugaError};
  /** A sync failed and could not be recovered by entering the room again. */
  error: {match: Match; error: TortugaError};
  /** The match waits for the server's store (`waiting` is true until its fresh state). */
  waiting: {match: Match; message: string};
}

export class Match extends Emitter<MatchEvents> {
  readonly id: number;
  /** The view, kept by patches; null until the first state. */
  readonly view: View | null;
  /** The view's version, -1 before the first state. */
  readonly version: number;
  /** performance.now() when the view arrived (a deadline's after_ms counts from then); null
   * before the first state. */
  readonly arrivedAt: number | null;
  /** True from a lost connection until a fresh state has come. */
  readonly stale: boolean;
  /** True while the match waits for the server's store, until its fresh state has come. */
  readonly waiting: boolean;
  /** Whether an action this client sent has had no answer yet. */
  readonly acting: boolean;
  readonly seat: number | null;
  readonly toAct: number[];
  readonly legal: Action[];
  readonly over: boolean;
  readonly result: View['result'];
  readonly deadline: View['deadline'];
  readonly syncing: false | Promise<View | null>;
  /** Among those to act, something legal to send, no action of this client under way, and the
   * view as far as the version this client's last answered action landed in. */
  readonly myTurn: boolean;
  /** Resolves with this handle once its first view has come. */
  readonly ready: Promise<Match>;
  /** Resolves with the result once the view is over. */
  readonly finished: Promise<View['result']>;
  /** Sends an action; resolves with the version it landed in, from the patch that carries it
   * or from `applied` (the view then catches up with the state on its way). */
  act(action: Action): Promise<number>;
  /** Asks for the whole view again; resolves with it. */
  sync(): Promise<View | null>;
  /** Resolves with the view once accept(view) holds. */
  until(accept: (view: View, match: Match) => boolean): Promise<View>;
}

export interface ClientOptions {
  /** ws:// or wss:// address of /ws, or a function returning it, asked at every connection. */
  url: string | (() => string);
  /**
   * The display name, as the server takes it: 1 to 32 characters once white space at both ends
   * is trimmed, none of them a control character, line break or text-direction mark
   * (docs/protocol.md, hello).
   */
  name: string;
  /** A WebSocket constructor; default globalThis.WebSocket (in Node 20: the "ws" package's). */
  WebSocket?: new (url: string) => unknown;
  /** Where the token is kept; default in memory only. */
  storage?: TokenStorage;
  /** The storage key of the token; default "tortuga.token". */
  storageKey?: string;
  /** Connect again after a lost connection; default true. */
  reconnect?: boolean;
  /** Waits before each new attempt, the last one repeated; default 500 ms doubling to 15 s. */
  backoffMs?: number[];
  /** How often to ping while connected; default 30 s. */
  pingMs?: number;
  /** How long a request waits for its reply; default 30 s. */
  requestTimeoutMs?: number;
}

export type Status = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed' | 'refused';

export interface ClientEvents {
  [type: string]: unknown;
  status: {status: Status; delay?: number; closeCode?: number; error?: TortugaError};
  welcome: Welcome;
  refused: TortugaError;
  /** The token's storage threw or rejected: the client goes on as if nothing was kept. */
  storage_error: unknown;
  /** A new match handle (from a state, a patch, or client.match()). */
  match: Match;
  /** A frame that does not fit the protocol, dropped. */
  malformed: {problem: string; data: unknown};
  /** On a cluster, another node plays a room of this player's: the link moves to `url` (null:
   * the usual address, after a pause) and resumes there. */
  elsewhere: {type: 'error'; code: 'elsewhere'; message: string; url: string | null;
              room: number | null; match: number | null; re?: number | string};
  /** Every message read, before its own event. */
  message: {type: string; [field: string]: Json};
  room: RoomMessage;
  left: LeftMessage;
  applied: AppliedMessage;
  /** `reason_key`: present when `reason` is the server's own words (nobody gave one). */
  room_closed: {type: 'room_closed'; room: number; match: number | null; reason: string;
                reason_key?: string; by: 'operator' | 'host'};
  removed: {type: 'removed'; room: number; seat: number; reason: string; reason_key?: string;
            by: 'operator' | 'host'};
  /** The lobby's list replaced whole: by watchLobby, and when it is watched again after a
   * reconnection; `client.lobby` holds it. */
  lobby: {rooms: ListedRoom[]; game: string | null};
  rooms_changed: RoomsChanged;
  /** A watched leaderboard, pushed again after a match of its game was rated. */
  leaderboard: LeaderboardMessage;
  /** The player's running matches, pushed whole again after one of them changed. */
  my_matches: MyMatchesMessage;
  chat: ChatMessage;
  chat_log: ChatLogMessage;
  notice: {type: 'notice'; text: string};
  /** An error pushed or answered; a request's own error also rejects its promise. */
  error: {type: 'error'; re?: string | number; code: string; message: string;
          params?: {[name: string]: Word}};
}

export class TortugaClient extends Emitter<ClientEvents> {
  constructor(options: ClientOptions);
  name: string;
  readonly status: Status;
  readonly welcomed: boolean;
  readonly welcome: Welcome | null;
  readonly player: Player | null;
  readonly token: string | null;
  readonly games: GameInfo[];
  /** Room id -> the last `room` message about it. */
  readonly rooms: Map<number, RoomMessage>;
  /** Room id -> the room as the lobby lists it, while the lobby is watched (watchLobby). */
  readonly lobby: Map<number, ListedRoom>;
  /** Match id -> its handle. */
  readonly matches: Map<number, Match>;

  connect(): Promise<Welcome>;
  close(): void;
  match(id: number): Match;
  /** A game the server hosts, as `welcome` lists it; null for an id it does not list. */
  game(id: string): GameInfo | null;
  /** The server's clock now (ms since 1970), from the last `now_ms` it sent; Date.now() before. */
  serverNow(): number;

  listRooms(filter?: {game?: string}): Promise<ListedRoom[]>;
  /** The listed rooms now; from then on `lobby` is kept by the pushed `rooms_changed`. */
  watchLobby(filter?: {game?: string}): Promise<ListedRoom[]>;
  unwatchLobby(): Promise<{type: 'lobby_unwatched'; re?: string | number}>;
  /** `rated`: true asks for rated matches (docs/ratings.md), false none; absent, a match is
   * rated when every seat is an account's. `correspondence`: played in days per move with a time
   * bank (docs/correspondence.md); absent, live. */
  createRoom(request: {game: string; options?: {[option: string]: Json}; private?: boolean;
                       absentBotS?: number; publicWhenOver?: boolean; rated?: boolean;
                       correspondence?: Correspondence}):
    Promise<RoomMessage>;
  /** A page of a game's leaderboard, best first, provisional ratings after the rest. */
  getLeaderboard(game: string, page?: {limit?: number; offset?: number}):
    Promise<LeaderboardEntry[]>;
  /** The board's first entries now; each change then comes as a `leaderboard` event. */
  watchLeaderboard(game: string, options?: {limit?: number}): Promise<LeaderboardEntry[]>;
  unwatchLeaderboard(): Promise<{type: 'leaderboard_unwatched'; re?: string | number}>;
  /** The player's running matches now; each change then comes as a `my_matches` event. */
  watchMyMatches(): Promise<{matches: MyMatch[]; more: number}>;
  unwatchMyMatches(): Promise<{type: 'my_matches_unwatched'; re?: string | number}>;
  joinRoom(room: number | string, options?: {seat?: number}): Promise<RoomMessage>;
  watchRoom(room: number | string): Promise<RoomMessage>;
  addBot(room: number, options?: {seat?: number; bot?: BotKind}):
    Promise<RoomMessage>;
  leaveRoom(room: number): Promise<LeftMessage>;
  start(room: number): Promise<RoomMessage>;
  /** Once the match is over: offers the same table again, or accepts the offer made. */
  rematch(room: number): Promise<RoomMessage>;

  /** Says a line (1 to 500 characters) in the room. */
  chat(room: number, text: string): Promise<ChatMessage>;
  /** Mutes (or, with muted: false, unmutes) a player's chat for this player; resolves with the
   * ids of the players muted in the room. */
  mute(room: number, player: number, options?: {muted?: boolean}): Promise<number[]>;

  /** The host's controls. */
  transferHost(room: number, player: number): Promise<RoomMessage>;
  removePlayer(room: number, player: number): Promise<RoomMessage>;
  allowPlayer(room: number, player: number): Promise<RoomMessage>;
  standIn(room: number, seat: number, options?: {bot?: BotKind}): Promise<RoomMessage>;
  spectatorChat(room: number, allowed: boolean): Promise<RoomMessage>;
  closeRoom(room: number, options?: {reason?: string}): Promise<LeftMessage>;

  /** Accounts (docs/protocol.md, Accounts). Makes an account of this player (a guest keeps
   * their id, seats and history) under `name` (this client's name by default); resolves with the
   * new welcome, whose token the client keeps. */
  register(password: string, options?: {name?: string}): Promise<Welcome>;
  /** Before connecting: connects as the account's player (a new session on this device) rather
   * than as the kept token's; resolves with the welcome, as connect() does. */
  login(name: string, password: string): Promise<Welcome>;
  listSessions(): Promise<Session[]>;
  /** An account's days of vacation (1 up to those left this year): every correspondence clock of
   * theirs stands still from now, or from the end of the vacation under way. */
  takeVacation(days: number): Promise<Vacation>;
  /** get_vacation: the days left and the last vacation, nothing taken; a guest is refused. */
  getVacation(): Promise<Vacation>;
  /** Ends a session (this client's too); resolves with the sessions left. */
  revokeSession(session: number): Promise<Session[]>;
  revokeOtherSessions(): Promise<Session[]>;
  /** An account's notification settings; a guest is refused (not_registered). */
  getNotifications(): Promise<NotificationSettings>;
  /** Changes them: a new address is sent a verification link; a new webhook gets a new key,
   * in this answer's `webhookSecret` only. Refused with bad_email, bad_webhook, webhook_refused,
   * too_many_changes. */
  setNotifications(change: NotificationChange): Promise<NotificationSettings>;
  /** Changes the password, ending every other session; resolves with the sessions left. */
  changePassword(password: string, newPassword: string): Promise<Session[]>;

  listMatches(filter?: MatchFilter): Promise<StoredMatch[]>;
  /** A private match needs its join `code` unless this player sits in it. */
  getMatch(match: number, options?: {code?: string}): Promise<StoredMatch>;
  getReplay(match: number, options?: {seat?: number; code?: string}): Promise<Replay>;
  /** Resolves with the round trip in milliseconds. */
  ping(): Promise<number>;
  /** Any client message; resolves with its reply. A string `id` is kept, else one is given. */
  request(message: {type: string; [field: string]: Json | undefined}): Promise<{
    type: string; [field: string]: Json}>;
}

export function applyPatch<T>(document: T, ops: {op: string; path: string; from?: string;
                                                 value?: Json}[]): T;
