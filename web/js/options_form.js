// A "new room" form built from a game's option schema alone (as `welcome` describes it), so a
// new game needs nothing here. Every option is named by its `title` and edited as a person
// expects: a checkbox, a number within its range, a choice; a list or an object (a deck, a
// layout, a die) as its items and fields, from the shape the schema gives (`items`, `fields`,
// `min_length`/`max_length`), started from the `standard` value that `null` stands for (or the
// `start` the schema gives where null stands for no one value, as a random town). Such an
// option stays at the game's standard until "set by hand" is ticked.
//
// The words are the catalogs', at the keys the server gives beside its English (docs/protocol.md,
// "Words for people"): an option's `title_key`, `description_key` and `if_null_key`, each part's
// `title_key`, and a choice's `value_keys`. The server's English serves only a key no catalog
// has (an option of a server newer than this page).

import {h} from './dom.js';
import {t, maybe, number} from './i18n.js';
import {saidError} from './errors.js';

const words = (name) => {
  const text = String(name).replace(/_/g, ' ');
  return text[0].toUpperCase() + text.slice(1);
};

// The catalogs' words at `key`, if it is given and they have it.
const worded = (key) => (typeof key === 'string' ? maybe(key) : null);

// The name of an option, or of a part of one (named `name` where it is), in words.
export function optionTitle(spec, name) {
  return worded(spec?.title_key) ?? spec?.title ?? words(name);
}

// What an option does, for a player; what leaving it unset keeps.
const optionHelp = (spec) => worded(spec?.description_key) ?? spec?.description ?? '';
const ifNull = (spec) => worded(spec?.if_null_key) ?? spec?.if_null ?? t('options.the_standard');

// A value of a choice of shape `spec` in words: the game's words for it, "none" for null, yes
// or no, a number as the language writes it.
export function valueText(spec, value) {
  if (value === null || value === undefined) return t('options.none');
  if (typeof value === 'boolean') return t(value ? 'options.yes' : 'options.no');
  if (typeof value === 'number') return number(value);
  const index = (spec?.values || []).indexOf(value);
  return worded(spec?.value_keys?.[index]) ?? String(value).replace(/_/g, ' ');
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
// {node, read}, read() giving the value or throwing with what is wrong. `path`: where the value
// is ("deck.3.good").
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
      if (input.value.trim() === '' || !Number.isFinite(n)) {
        throw saidError(t('options.need_number', {label}));
      }
      if (spec.type === 'integer' && !Number.isInteger(n)) {
        throw saidError(t('options.need_whole', {label}));
      }
      if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) {
        throw saidError(t('options.need_range', {label, min: spec.min, max: spec.max}));
      }
      return n;
    }};
  }
  if (spec.type === 'enum') {
    const values = spec.values || [];
    const input = h('select', named, values.map((v, i) =>
      h('option', {value: String(i), selected: v === value}, valueText(spec, v))));
    return {node: input, read: () => values[Number(input.value)]};
  }
  if (spec.type === 'array') {
    return listEditor(spec, Array.isArray(value) ? value : [], label, path);
  }
  if (spec.type === 'object') return recordEditor(spec, value || {}, label, path);
  throw saidError(t('options.unknown_kind', {label, kind: String(spec.type)}));
}

// A record: each field with its title beside it.
function recordEditor(spec, value, label, path) {
  const parts = fieldNames(spec).map((name) => {
    const shape = spec.fields[name];
    const title = optionTitle(shape, name);
    const part = editor(shape, value[name] ?? blank(shape),
                        t('options.part', {whole: label, part: title}), `${path}.${name}`);
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
  const itemTitle = optionTitle(itemSpec, 'item');
  const min = spec.min_length ?? 0;
  const max = spec.max_length ?? Infinity;
  const simple = !['array', 'object'].includes(itemSpec.type);
  const rows = h('ol', {class: simple ? 'list flat' : 'list'});
  const items = [];
  const controls = h('div', {class: 'list-controls'});
  const addButton = h('button', {type: 'button', class: 'secondary',
                                 onclick: () => { add(blank(itemSpec)); refresh(); }},
                      t('options.add', {item: itemTitle}));
  const removeButton = h('button', {type: 'button', class: 'secondary',
                                    onclick: () => { items.pop().row.remove(); refresh(); }},
                         t('options.remove_last'));
  function add(v) {
    const part = editor(itemSpec, v,
                        t('options.item', {whole: label, item: itemTitle,
                                           number: items.length + 1}),
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
  const hint = h('small', {id: `${id}-hint`}, optionHelp(spec));
  const common = {id, name, 'aria-describedby': `${id}-hint`};
  const title = optionTitle(spec, name);
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
              h('label', {for: id}, t('options.by_hand', {title})),
              h('small', {id: `${id}-hint`}, h('span', {}, optionHelp(spec)), ' ',
                h('span', {}, t('options.otherwise', {standard: ifNull(spec)}))),
              host),
      read: () => (byHand.checked ? part.read() : undefined),
    };
  }
  const part = editor(spec, spec.default, title, name);
  Object.assign(part.node, {id, name});
  part.node.setAttribute('aria-describedby', `${id}-hint`);
  part.node.removeAttribute('aria-label');
  const range = spec.type === 'integer' && spec.min !== undefined && spec.max !== undefined
      ? t('options.range', {min: spec.min, max: spec.max}) : '';
  return {node: h('div', {class: 'option'},
                  h('label', {for: id}, title, h('span', {class: 'range'}, range)), part.node, hint),
          read: part.read};
}

// Returns {node, read, live}: read() gives the options object (only the fields set) or throws;
// live(false) puts the game's own times aside (hidden, and left out of read()), as a room played
// by correspondence has its own clock and theirs plays no part.
export function optionsForm(game) {
  const entries = Object.entries(game.options || {});
  // The seat count first, as players look for it first; lists and objects, long, last.
  const rank = ([name, spec]) =>
    (name === 'players' ? 0 : spec.type === 'array' || spec.type === 'object' ? 2 : 1);
  entries.sort((a, b) => rank(a) - rank(b));
  const fields = entries
      .filter(([name, spec]) => !(name === 'players' && spec.min === spec.max))
      .map(([name, spec]) => [name, field(name, spec)]);
  const schema = game.options || {};
  let live = true;
  return {
    node: h('div', {class: 'options'}, fields.map(([, f]) => f.node)),
    live(isLive) {
      live = isLive;
      for (const [name, f] of fields) if (pace(name, schema[name])) f.node.hidden = !live;
    },
    read() {
      const options = {};
      for (const [name, f] of fields) {
        if (!live && pace(name, schema[name])) continue;
        const value = f.read();
        if (value !== undefined) options[name] = value;
      }
      return options;
    },
  };
}

// Whether a room's option holds the game's own default (null, where the default is none).
const standard = (spec, value) =>
  JSON.stringify(value ?? null) === JSON.stringify(spec?.default ?? null);

// A time of the table, in seconds (a turn clock, a challenge window): it sets the pace everyone
// plays at, and the countdowns count it down, so it is named even at its default.
const pace = (name, spec) => spec?.type === 'integer' && name.endsWith('_s');

// A room's options in words, as the form names them ("Challenge window, in seconds: 10",
// "Short game (16 ships): yes", "The deck of ship cards: set by hand"): its times, and the
// options the room's maker set away from the game's defaults, which is what sets this table
// apart. The defaults are the game as its rulebook plays it. An option that names the numbers of
// players it applies to (the Fog of War of three, the solo duel's difficulty) is left out at any
// other number, where it changes nothing: listed, it would read as a rule of this table. The
// seat count, which the seats show, is left out too, and in a room played by correspondence
// (`live` false) the game's own times, which play no part there.
const applies = (spec, players) => !Array.isArray(spec?.players) || players === undefined ||
                                   spec.players.includes(players);

export function optionsText(game, options, {live = true} = {}) {
  const schema = game?.options || {};
  return Object.entries(options || {})
      .filter(([name, value]) => name !== 'players' && applies(schema[name], options.players) &&
                                 (pace(name, schema[name]) ? live
                                                           : !standard(schema[name], value)))
      .map(([name, value]) => {
        const spec = schema[name] || {};
        const title = optionTitle(spec, name);
        const said = value === null || value === undefined ? ifNull(spec)
            : typeof value === 'object' ? t('options.set_by_hand') : valueText(spec, value);
        return t('options.value', {title, value: said});
      });
}
