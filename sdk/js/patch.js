// JSON Patch (RFC 6902) over JSON Pointer (RFC 6901), as the server's `patch` messages use it.
// applyPatch returns a new document and leaves the old one untouched; it throws on an op that
// does not apply, which the match handle answers with `sync`.

function tokens(pointer) {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`bad pointer ${pointer}`);
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function index(array, token, forAdd) {
  if (forAdd && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`bad array index ${token}`);
  const i = Number(token);
  if (i > array.length || (!forAdd && i === array.length)) {
    throw new Error(`index ${i} out of range`);
  }
  return i;
}

function parentOf(doc, path) {
  const keys = tokens(path);
  if (keys.length === 0) return {parent: null, key: null};
  let node = doc;
  for (const key of keys.slice(0, -1)) {
    node = Array.isArray(node) ? node[index(node, key, false)] : node?.[key];
    if (node === undefined || node === null || typeof node !== 'object') {
      throw new Error(`no parent for ${path}`);
    }
  }
  return {parent: node, key: keys[keys.length - 1]};
}

function get(doc, path) {
  let node = doc;
  for (const key of tokens(path)) {
    if (Array.isArray(node)) node = node[index(node, key, false)];
    else if (node !== null && typeof node === 'object' && key in node) node = node[key];
    else throw new Error(`nothing at ${path}`);
  }
  return node;
}

function add(doc, path, value) {
  const {parent, key} = parentOf(doc, path);
  if (parent === null) return value;
  if (Array.isArray(parent)) parent.splice(index(parent, key, true), 0, value);
  // Defined rather than assigned, so that a key such as "__proto__" is only ever a key.
  else Object.defineProperty(parent, key, {value, writable: true, enumerable: true,
                                           configurable: true});
  return doc;
}

function remove(doc, path) {
  const {parent, key} = parentOf(doc, path);
  if (parent === null) throw new Error('cannot remove the whole document');
  if (Array.isArray(parent)) parent.splice(index(parent, key, false), 1);
  else if (key in parent) delete parent[key];
  else throw new Error(`nothing to remove at ${path}`);
  return doc;
}

function equal(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function applyPatch(document, ops) {
  let doc = structuredClone(document);
  for (const op of ops) {
    switch (op.op) {
      case 'add': doc = add(doc, op.path, structuredClone(op.value)); break;
      case 'remove': doc = remove(doc, op.path); break;
      case 'replace':
        if (op.path === '') { doc = structuredClone(op.value); break; }
        get(doc, op.path);
        doc = add(remove(doc, op.path), op.path, structuredClone(op.value));
        break;
      case 'move': {
        const value = get(doc, op.from);
        doc = add(remove(doc, op.from), op.path, value);
        break;
      }
      case 'copy': doc = add(doc, op.path, structuredClone(get(doc, op.from))); break;
      case 'test':
        if (!equal(get(doc, op.path), op.value)) throw new Error(`test failed at ${op.path}`);
        break;
      default: throw new Error(`unknown op ${op.op}`);
    }
  }
  return doc;
}
