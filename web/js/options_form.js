// A "new room" form built from a game's option schema alone (as `welcome` describes it), so a
// new game needs nothing here. Every option is named by its `title` and edited as a person
// expects: a checkbox, a number within its range, a choice; a list or an object (a deck, a
// layout, a die) as its items and fields, from the shape the schema gives (`items`, `fields`,
// `min_length`/`max_length`), started from the `standard` value that `null` stands for (or the
// `start` the schema gives where null stands for no one value, as a random town). Such an
// option stays at the game's standard until "set by hand" is ticked.

import {h} from './dom.js';

// An option's name in words: its title, or its name with spaces when a server sends none.
export function optionTitle(name, spec) {
  if (spec?.title) return spec.title;
  const words = String(name).replace(/_/g, ' ');
  return words[0].toUpperCase() + words.slice(1);
}

// A value of an enum or a list in words: "two doubloons", "none" for null.
export function valueText(value) {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value).replace(/_/g, ' ');
}

// The value a new item starts from when the schema has no standard to copy.
function blank(spec) {
  switch (spec.type) {
    case 'boolean': return false;
    case 'integer': return spec.min ?? 0;
    case 'number': return 0;
    case 'enum': return (spec.values || [null])[0];
    case 'array':
      return Array.from({length: spec.min_length ?? 0}, () => blank(spec.items || {}));
    case 'object':
      return Object.fromEntries(fieldNames(spec).map((f) => [f, blank(spec.fields[f])]));
    default: return null;
  }
}

const fieldNames = (spec) => spec.order || Object.keys(spec.fields || {});

let counter = 0;
const newId = (base) => `${base}-${++counter}`;

// An editor of one value of shape `spec`, labelled `label` for assistive technology: returns
// {node, read}, read() giving the value or throwing with what is wrong.
function editor(spec, value, label, path) {
  const id = newId('option-part');
  const named = {id, 'aria-label': label, 'data-path': path};
  if (spec.type === 'boolean') {
    const input = h('input', {...named, type: 'checkbox', checked: value === true});
    return {node: input, read: () => input.checked};
  }
  if (spec.type === 'integer' || spec.type === 'number') {
    const input = h('input', {...named, type: 'number', step: spec.type === 'integer' ? 1 : 'any',
                              min: spec.min, max: spec.max, value: value ?? '', required: true});
    return {node: input, read: () => {
      const n = Number(input.value);
      if (input.value.trim() === '' || !Number.isFinite(n)) throw new Error(`${label}: a number`);
      if (spec.type === 'integer' && !Number.isInteger(n)) {
        throw new Error(`${label}: a whole number`);
      }
      if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) {
        throw new Error(`${label}: from ${spec.min} to ${spec.max}`);
      }
      return n;
    }};
  }
  if (spec.type === 'enum') {
    const values = spec.values || [];
    const input = h('select', named, values.map((v, i) =>
      h('option', {value: String(i), selected: v === value}, valueText(v))));
    return {node: input, read: () => values[Number(input.value)]};
  }
  if (spec.type === 'array') {
    return listEditor(spec, Array.isArray(value) ? value : [], label, path);
  }
  if (spec.type === 'object') return recordEditor(spec, value || {}, label, path);
  throw new Error(`${label}: a kind of value this page does not know (${spec.type})`);
}

// A record: each field with its title beside it.
function recordEditor(spec, value, label, path) {
  const parts = fieldNames(spec).map((name) => {
    const shape = spec.fields[name];
    const title = optionTitle(name, shape);
    const part = editor(shape, value[name] ?? blank(shape), `${label}: ${title}`,
                        `${path}.${name}`);
    return [name, part, h('label', {class: 'part'}, h('span', {}, title), part.node)];
  });
  return {
    node: h('div', {class: 'record'}, parts.map(([, , node]) => node)),
    read: () => Object.fromEntries(parts.map(([name, part]) => [name, part.read()])),
  };
}

// A list: its items numbered, with buttons to add and remove where its length may change.
function listEditor(spec, value, label, path) {
  const itemSpec = spec.items || {type: 'integer'};
  const itemTitle = itemSpec.title || 'Item';
  const min = spec.min_length ?? 0;
  const max = spec.max_length ?? Infinity;
  const simple = !['array', 'object'].includes(itemSpec.type);
  const rows = h('ol', {class: simple ? 'list flat' : 'list'});
  const items = [];
  const controls = h('div', {class: 'list-controls'});
  const addButton = h('button', {type: 'button', class: 'secondary',
                                 onclick: () => { add(blank(itemSpec)); refresh(); }},
                      `add a ${itemTitle.toLowerCase()}`);
  const removeButton = h('button', {type: 'button', class: 'secondary',
                                    onclick: () => { items.pop().row.remove(); refresh(); }},
                         `remove the last`);
  function add(v) {
    const part = editor(itemSpec, v, `${label}: ${itemTitle} ${items.length + 1}`,
                        `${path}.${items.length}`);
    const row = h('li', {}, part.node);
    rows.append(row);
    items.push({part, row});
  }
  function refresh() {
    addButton.disabled = items.length >= max;
    removeButton.disabled = items.length <= min;
  }
  for (const v of value) add(v);
  while (items.length < min) add(blank(itemSpec));
  if (min !== max) controls.append(addButton, ' ', removeButton);
  refresh();
  return {node: h('div', {class: 'list-editor'}, rows, controls),
          read: () => items.map(({part}) => part.read())};
}

function field(name, spec) {
  const id = `option-${name}`;
  const hint = h('small', {id: `${id}-hint`}, spec.description || '');
  const common = {id, name, 'aria-describedby': `${id}-hint`};
  const title = optionTitle(name, spec);
  if (spec.type === 'boolean') {
    const input = h('input', {...common, type: 'checkbox', checked: spec.default === true});
    return {node: h('div', {class: 'option check'}, input, h('label', {for: id}, title), hint),
            read: () => input.checked};
  }
  if (spec.type === 'array' || spec.type === 'object') {
    // The game's standard until ticked; then the value's own editor, from the standard.
    const byHand = h('input', {...common, type: 'checkbox'});
    // Disabled while unticked: its boxes then neither count nor stop the form being sent.
    const host = h('fieldset', {class: 'structured', hidden: true, disabled: true});
    let part = null;
    byHand.addEventListener('change', () => {
      if (byHand.checked && !part) {
        part = editor(spec, spec.standard ?? spec.start ?? blank(spec), title, name);
        host.append(part.node);
      }
      host.hidden = host.disabled = !byHand.checked;
    });
    return {
      node: h('div', {class: 'option check structured-option'}, byHand,
              h('label', {for: id}, `${title}: set by hand`),
              // The description speaks to client authors (the JSON it takes): the editor and
              // what is kept otherwise say enough here.
              h('small', {id: `${id}-hint`}, `Otherwise ${spec.if_null || 'the standard'}.`),
              host),
      read: () => (byHand.checked ? part.read() : undefined),
    };
  }
  const part = editor(spec, spec.default, title, name);
  Object.assign(part.node, {id, name});
  part.node.setAttribute('aria-describedby', `${id}-hint`);
  part.node.removeAttribute('aria-label');
  const range = spec.type === 'integer' && spec.min !== undefined && spec.max !== undefined
      ? ` (${spec.min} to ${spec.max})` : '';
  return {node: h('div', {class: 'option'},
                  h('label', {for: id}, title, h('span', {class: 'range'}, range)), part.node, hint),
          read: part.read};
}

// Returns {node, read}: read() gives the options object (only the fields set) or throws.
export function optionsForm(game) {
  const entries = Object.entries(game.options || {});
  // The seat count first, as players look for it first; lists and objects, long, last.
  const rank = ([name, spec]) =>
    (name === 'players' ? 0 : spec.type === 'array' || spec.type === 'object' ? 2 : 1);
  entries.sort((a, b) => rank(a) - rank(b));
  const fields = entries
      .filter(([name, spec]) => !(name === 'players' && spec.min === spec.max))
      .map(([name, spec]) => [name, field(name, spec)]);
  return {
    node: h('div', {class: 'options'}, fields.map(([, f]) => f.node)),
    read() {
      const options = {};
      for (const [name, f] of fields) {
        const value = f.read();
        if (value !== undefined) options[name] = value;
      }
      return options;
    },
  };
}

// A room's options in words, as the form names them ("Seconds to challenge a claim: 10",
// "Fog of War (three players): yes", "The deck of ship cards: set by hand"); the seat count,
// which the seats show, is left out.
export function optionsText(game, options) {
  const schema = game?.options || {};
  return Object.entries(options || {})
      .filter(([name]) => name !== 'players')
      .map(([name, value]) => {
        const spec = schema[name] || {};
        const title = optionTitle(name, spec);
        if (value === null || value === undefined) return `${title}: ${spec.if_null || 'standard'}`;
        if (typeof value === 'object') return `${title}: set by hand`;
        return `${title}: ${valueText(value)}`;
      });
}
