// Where the player's token is kept between connections, so that a later `hello` is the same
// player again. Any object with get(key) and set(key, value) will do (either may return a
// promise); set with null forgets the key.

export function memoryStorage() {
  const values = new Map();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => { if (value === null) values.delete(key); else values.set(key, value); },
  };
}

// The browser's localStorage (or any object with its getItem/setItem/removeItem).
export function localStorageStorage(store = globalThis.localStorage) {
  if (!store) throw new TypeError('no localStorage here: pass one, or use memoryStorage()');
  return {
    get: (key) => store.getItem(key),
    set: (key, value) => {
      if (value === null) store.removeItem(key); else store.setItem(key, String(value));
    },
  };
}
