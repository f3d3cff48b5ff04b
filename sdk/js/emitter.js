// A small event emitter that works the same in browsers and Node: `on` returns the function that
// removes the listener. A listener that throws does not break the client's handling of the
// frame under way: its error is thrown again on its own, as the DOM does with event listeners.

export class Emitter {
  #listeners = new Map();

  on(type, listener) {
    if (typeof listener !== 'function') throw new TypeError('a listener must be a function');
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
    this.#listeners.get(type).add(listener);
    return () => this.off(type, listener);
  }

  off(type, listener) {
    this.#listeners.get(type)?.delete(listener);
  }

  // Resolves with the next event of `type` for which `accept(detail)` holds.
  once(type, accept = () => true) {
    return new Promise((resolve) => {
      const off = this.on(type, (detail) => {
        if (!accept(detail)) return;
        off();
        resolve(detail);
      });
    });
  }

  emit(type, detail) {
    for (const listener of [...(this.#listeners.get(type) ?? [])]) {
      try {
        listener(detail);
      } catch (error) {
        queueMicrotask(() => { throw error; });
      }
    }
  }
}
