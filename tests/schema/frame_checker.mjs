// Checks frames against the protocol's JSON Schema (protocol/schema/, bundled by the build and
// served at GET /api/schema), so that the schema cannot drift from what the server and the
// clients really send. Every test that talks to a server (tests/integration through the frames
// its TestClient records, tests/web, tests/sdk) feeds each frame of each connection here, in
// order, and fails on any problem reported.
//
// A received frame must fit server_message, and a view (whole, or patched) its game's view. A
// sent frame must fit client_message, and an action its game's action; a sent frame that does
// not is allowed only when the server refused it for its form (bad_field and the like): tests
// send such frames on purpose, and the server's refusal shows that they are not messages.

import {readFileSync} from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import {applyPatch} from '../../sdk/js/patch.js';

// The codes with which the server refuses a frame for its form, not for the state of things.
const FORM_CODES = new Set(['bad_json', 'unknown_type', 'bad_field', 'bad_action', 'bad_options',
                            'chat_too_long', 'message_too_large', 'rate_limited']);
// Codes that say the server does not know a message at all: a frame the schema accepts and the
// server answers so is drift.
const UNKNOWN_CODES = new Set(['bad_json', 'unknown_type']);

export function readSchema(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export async function fetchSchema(httpUrl) {
  const response = await fetch(new URL('/api/schema', httpUrl));
  if (!response.ok) throw new Error(`GET /api/schema answered ${response.status}`);
  return response.json();
}

function shorten(text, n = 300) {
  return text.length > n ? `${text.slice(0, n)}...` : text;
}

export class FrameChecker {
  constructor(schema) {
    this.ajv = new Ajv2020({strict: false, allErrors: true});
    this.ajv.addSchema(schema, 'tortuga');
    this.defs = new Set(Object.keys(schema.$defs));
    this.validators = new Map();
  }

  // Null when `value` fits $defs[name], else what is wrong with it.
  problem(name, value) {
    if (!this.defs.has(name)) return `the schema has no ${name}`;
    let validate = this.validators.get(name);
    if (!validate) {
      validate = this.ajv.getSchema(`tortuga#/$defs/${name}`);
      this.validators.set(name, validate);
    }
    if (validate(value)) return null;
    const errors = validate.errors.slice(0, 4)
        .map((e) => `${e.instancePath || '/'} ${e.message}` +
                    (e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''));
    return `does not fit ${name}: ${errors.join('; ')}`;
  }

  // The message's own schema when its type has one, so that errors name the fields at fault.
  messageProblem(side, message) {
    const own = `${side}.${message.type}`;
    return this.problem(typeof message.type === 'string' && this.defs.has(own) ? own
                                                                                : `${side}_message`,
                        message);
  }

  conversation(label) {
    return new Conversation(this, label);
  }
}

// The frames of one connection, in the order they went.
export class Conversation {
  constructor(checker, label) {
    this.checker = checker;
    this.label = label;
    this.games = new Map();  // match id -> game id, from rooms, match descriptions and views
    this.views = new Map();  // match id -> the view as patched so far
    this.unfit = [];         // sent frames that fit no schema, waiting for their refusal
    this.fitting = new Map();  // request id -> a sent frame that fits, to catch its refusal
    this.problems = [];
  }

  report(direction, text, problem) {
    const line = `${this.label}: ${direction} frame ${shorten(text)} ${problem}`;
    this.problems.push(line);
    return line;
  }

  // `raw`: the bytes were written by hand, not as a message (a test of malformed frames).
  sent(text, {raw = false} = {}) {
    let message;
    try {
      message = JSON.parse(text);
    } catch (_) {
      if (raw) return null;
      return this.report('sent', text, 'is not JSON');
    }
    if (message === null || typeof message !== 'object' || Array.isArray(message)) {
      return raw ? null : this.report('sent', text, 'is not a JSON object');
    }
    let problem = this.checker.messageProblem('client', message);
    if (!problem && message.type === 'action' && this.games.has(message.match)) {
      problem = this.checker.problem(`games.${this.games.get(message.match)}.action`,
                                     message.action);
    }
    const id = message.id ?? null;
    if (problem) {
      // Bytes written by hand test the limits or the parser (a ping padded past the size limit,
      // with notes the server ignores): not a client's message, so not held to the schema.
      if (!raw) this.unfit.push({id, text, problem});
    } else if (id !== null) {
      this.fitting.set(JSON.stringify(id), text);
    }
    return null;
  }

  received(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch (_) {
      return this.report('received', text, 'is not JSON');
    }
    const problem = message && typeof message === 'object' && !Array.isArray(message)
        ? this.checker.messageProblem('server', message) : 'is not a JSON object';
    if (problem) return this.report('received', text, problem);
    if (message.type === 'error') this.refused(message, text);
    return this.follow(message, text);
  }

  // An error answers a sent frame: one that fit no schema is then accounted for, if the refusal
  // was for its form; one that fit is drift if the server did not know it.
  refused(error, text) {
    const re = error.re ?? null;
    const at = this.unfit.findIndex((f) => f.id === re || (re !== null && f.id !== null &&
                                                          JSON.stringify(f.id) === JSON.stringify(re)));
    if (at >= 0 && FORM_CODES.has(error.code)) this.unfit.splice(at, 1);
    const key = JSON.stringify(re);
    if (re !== null && this.fitting.has(key) && UNKNOWN_CODES.has(error.code)) {
      this.report('sent', this.fitting.get(key),
                  `fits the schema but the server refused it: ${shorten(text)}`);
    }
    if (re !== null) this.fitting.delete(key);
  }

  learn(match, game) {
    if (match && typeof game === 'string') this.games.set(match, game);
  }

  checkView(match, view, text) {
    const game = this.games.get(match) ?? view?.game;
    if (!game) return null;
    const problem = this.checker.problem(`games.${game}.view`, view);
    return problem ? this.report('received', text, `(its view) ${problem}`) : null;
  }

  follow(message, text) {
    switch (message.type) {
      case 'room':
        this.learn(message.room.match, message.room.game);
        return null;
      case 'rooms':
        for (const room of message.rooms) this.learn(room.match, room.game);
        return null;
      case 'match':
        this.learn(message.match.id, message.match.game);
        return null;
      case 'matches':
        for (const match of message.matches) this.learn(match.id, match.game);
        return null;
      case 'state':
        this.views.set(message.match, message.view);
        return this.checkView(message.match, message.view, text);
      case 'patch': {
        const view = this.views.get(message.match);
        if (view === undefined) return null;
        let patched;
        try {
          patched = applyPatch(view, message.ops);
        } catch (_) {
          // Whether patches apply is the clients' own tests' business; here only shapes count.
          this.views.delete(message.match);
          return null;
        }
        this.views.set(message.match, patched);
        return this.checkView(message.match, patched, text);
      }
      case 'replay': {
        const game = this.games.get(message.match);
        if (!game) return null;
        for (const step of message.steps) {
          const problem = this.checker.problem(`games.${game}.view`, step.view) ??
              (step.action && step.action.type !== 'timeout'
                   ? this.checker.problem(`games.${game}.action`, step.action) : null);
          if (problem) return this.report('received', text, `(step ${step.step}) ${problem}`);
        }
        return null;
      }
      default:
        return null;
    }
  }

  // Once the connection is over: sent frames that fit no schema and were never refused.
  finish() {
    for (const f of this.unfit) {
      this.report('sent', f.text, `${f.problem}, and the server did not refuse it for its form`);
    }
    this.unfit = [];
    return this.problems;
  }
}

// For suites that watch live connections (tests/web, tests/sdk): the frames of one WebSocket to
// `wsUrl`, checked against the schema its server serves (fetched once per server) as they go. A
// problem is thrown as an uncaught error, which fails the test under way.
const served = new Map();  // http origin -> Promise<FrameChecker>

export function watchConnection(wsUrl, label) {
  const origin = new URL(wsUrl.replace(/^ws/, 'http')).origin;
  if (!served.has(origin)) {
    served.set(origin, fetchSchema(origin).then((schema) => new FrameChecker(schema)));
  }
  let conversation = served.get(origin).then((checker) => checker.conversation(`${label} ${wsUrl}`));
  const fail = (problem) => {
    if (problem) {
      process.nextTick(() => {
        throw new Error(`a frame the protocol's schema does not describe: ${problem}`);
      });
    }
  };
  // In order: each frame waits for the one before it (and, the first, for the schema).
  const then = (step) => {
    conversation = conversation.then((c) => {
      step(c);
      return c;
    });
  };
  return {
    sent: (text) => then((c) => c.sent(String(text))),
    received: (text) => then((c) => fail(c.received(String(text)))),
    closed: () => then((c) => {
      const before = c.problems.length;
      c.finish().slice(before).forEach(fail);
    }),
  };
}
