// One match as this client sees it: the view kept in step from `state` and `patch` messages,
// the legal actions, and `act`. Versions rise by one per applied action; a patch that skips a
// version or does not apply is dropped and answered with `sync`, and patches arriving while
// that state is on its way are dropped too (the state holds them, and may be several versions
// ahead of the last patch: the server sends none of those it covers).

import {Emitter} from './emitter.js';
import {TortugaError} from './errors.js';
import {applyPatch} from './patch.js';
import * as check from './validate.js';

export class Match extends Emitter {
  #client;
  #syncing = false;
  #resolveReady;
  #resolveFinished;
  #actionId = null;  // the request id of the action under way
  #actions = 0;
  // The version an answer of this client's said its action landed in: an `applied` answer comes
  // ahead of the view that shows the action, which the seat waits for before choosing again.
  #landed = -1;

  constructor(client, id) {
    super();
    this.#client = client;
    this.id = id;
    this.view = null;
    this.version = -1;
    // performance.now() when the view arrived: a deadline's `after_ms` counts from then.
    this.arrivedAt = null;
    // True from a lost connection until a fresh `state` arrives: the view may be behind.
    this.stale = false;
    // True while the match waits for the server's store (a `store_unavailable` error naming
    // it): nothing is played until its fresh `state` comes.
    this.waiting = false;
    this.ready = new Promise((resolve) => { this.#resolveReady = resolve; });
    this.finished = new Promise((resolve) => { this.#resolveFinished = resolve; });
  }

  get seat() { return this.view?.seat ?? null; }
  get toAct() { return this.view?.to_act ?? []; }
  get legal() { return this.view?.legal ?? []; }
  get over() { return this.view?.over === true; }
  get result() { return this.view?.result ?? null; }
  get deadline() { return this.view?.deadline ?? null; }
  get syncing() { return this.#syncing; }
  // Whether an action this client sent has had no answer yet.
  get acting() { return this.#actionId !== null; }

  // Whether this seat should choose an action now: it is among those to act, has something
  // legal to send, and has no action under way (whose patch would change what is legal).
  get myTurn() {
    return !this.over && !this.stale && !this.waiting && this.seat !== null &&
           this.toAct.includes(this.seat) && this.legal.length > 0 && this.#actionId === null &&
           this.version >= this.#landed;
  }

  // Sends one action (one of `legal`, unchanged). Resolves with the version it landed in
  // once the server has applied it, answered by the patch that carries it, or by `applied` when
  // a state was on its way meanwhile (the view then shows the action once that state is here);
  // rejects with a TortugaError when it is refused.
  act(action) {
    try {
      check.action(action);
    } catch (error) {
      return Promise.reject(error);
    }
    // An id of its own, so that the patch answering it is known when it comes (before the
    // view's listeners hear of it) and the seat may choose again from that view.
    const id = `action:${this.id}:${++this.#actions}`;
    const sentAt = this.version;
    this.#actionId = id;
    return this.#client.request({type: 'action', match: this.id, action, id}).then(
      (reply) => reply.version,
      (error) => {
        if (this.#actionId === id) {
          this.#actionId = null;
          // Refused because the view moved on under it (another seat acted first): the seat
          // chooses again from the newer view, which came while the action was under way.
          if (this.version !== sentAt) this.#offerTurn();
        }
        throw error;
      });
  }

  // Asks for the whole view again; resolves with it. Concurrent calls share one request.
  sync() {
    if (this.#syncing) return this.#syncing;
    const request = this.#client.request({type: 'sync', match: this.id}).then(
      () => this.view,
      (error) => {
        this.#syncing = false;
        throw error;
      });
    this.#syncing = request;
    return request;
  }

  // Resolves with the view once `accept(view, match)` holds (at once when it holds now).
  until(accept) {
    if (this.view && accept(this.view, this)) return Promise.resolve(this.view);
    return this.once('view', ({view}) => accept(view, this)).then(({view}) => view);
  }

  // The client's entry points for the match's messages.
  takeState(message) {
    this.#answered(message);
    this.#syncing = false;
    this.stale = false;
    this.waiting = false;
    this.#change(message.view, message.version, 'state');
  }

  // The answer to this client's action when the server sent no patch for it: the action landed in
  // `version`, and the view that shows it comes with the state on its way.
  takeApplied(message) {
    this.#answered(message);
    this.#landed = Math.max(this.#landed, message.version);
  }

  takePatch(message) {
    this.#answered(message);
    if (this.#syncing) return;
    if (this.view === null || message.version !== this.version + 1) {
      this.#resync(this.view === null
        ? `patch ${message.version} before any state`
        : `patch ${message.version} after version ${this.version}`);
      return;
    }
    let view;
    try {
      view = applyPatch(this.view, message.ops);
    } catch (error) {
      this.#resync(`patch ${message.version} does not apply: ${error.message}`);
      return;
    }
    this.#change(view, message.version, 'patch');
  }

  // The server's store cannot write: the match waits, and its state comes once the store is
  // back (an action under way was not stored, and is answered so).
  takeWaiting(message) {
    const began = !this.waiting;
    this.waiting = true;
    if (began) this.emit('waiting', {match: this, message: message.message});
  }

  // A frame about this match that could not be read: whatever it held is now missing.
  takeMalformed(problem) {
    this.#resync(problem);
  }

  // The connection dropped: the view stays readable but may fall behind until a `state`.
  markStale() {
    this.stale = true;
    this.#syncing = false;
    this.#actionId = null;
  }

  // `turn`: the seat should choose an action now. A bot listens to this alone.
  #offerTurn() {
    if (this.myTurn) this.emit('turn', {match: this, view: this.view, legal: this.legal});
  }

  #answered(message) {
    if (message.re !== undefined && message.re === this.#actionId) this.#actionId = null;
  }

  #resync(reason) {
    if (this.#syncing) return;
    this.emit('resync', {match: this, error: new TortugaError('bad_patch', reason)});
    this.sync().catch((error) => this.#client.recover(this, error));
  }

  #change(view, version, cause) {
    const previous = this.view;
    this.view = view;
    this.version = version;
    this.arrivedAt = performance.now();
    this.#resolveReady(this);
    this.emit('view', {match: this, view, previous, version, cause, arrivedAt: this.arrivedAt});
    this.#offerTurn();
    if (this.over && previous?.over !== true) {
      this.#resolveFinished(this.result);
      this.emit('over', {match: this, result: this.result});
    }
  }
}
