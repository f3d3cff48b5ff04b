// The board of a game that has none of its own yet: the view (its legal actions aside, which
// the actions panel offers) as an expandable tree.

import {h, fill} from '../js/dom.js';

const LONG = 160;  // characters of a list of plain values shown on one line

function tree(value, key) {
  const name = key === undefined ? null : h('span', {class: 'key'}, `${key}: `);
  // Lists of plain values (a hand, motion frames) on one line: thousands of rows help nobody.
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    const text = JSON.stringify(value);
    return h('li', {}, name, h('span', {class: 'value', title: text.length > LONG ? text : null},
                              text.length > LONG ? `${text.slice(0, LONG)}… (${value.length})`
                                                 : text));
  }
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    const summary = Array.isArray(value) ? `[${value.length}]` : `{${entries.length}}`;
    return h('li', {}, h('details', {open: entries.length <= 8},
                         h('summary', {}, name, summary),
                         h('ul', {}, entries.map(([k, v]) => tree(v, k)))));
  }
  return h('li', {}, name, h('span', {class: 'value'}, JSON.stringify(value)));
}

// A value in plain words, for a game whose words this client does not have: lists joined with
// commas, objects as their fields, never JSON.
export function plainWords(value) {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return value.length ? value.map(plainWords).join(', ') : 'none';
  if (typeof value === 'object') {
    return Object.entries(value).map(([k, v]) => `${k.replace(/_/g, ' ')} ${plainWords(v)}`)
        .join(', ');
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value).replace(/_/g, ' ');
}

export function genericLabel(action) {
  const rest = Object.entries(action).filter(([k]) => k !== 'type');
  const args = rest.map(([k, v]) => `${k.replace(/_/g, ' ')} ${plainWords(v)}`);
  return [String(action.type).replace(/_/g, ' '), ...args].join(' · ');
}

export default {
  create(host) {
    const root = h('ul', {class: 'tree', 'aria-label': 'the view of the match'});
    fill(host, root);
    return {
      update(view) {
        const {legal, ...rest} = view;
        fill(root, Object.entries(rest).map(([k, v]) => tree(v, k)));
      },
    };
  },
  label: genericLabel,
  describe(view, names) {
    const last = view.last_action;
    if (!last) return null;
    const who = last.seat === null || last.seat === undefined ? 'the room'
        : names?.[last.seat] ?? `seat ${last.seat}`;
    if (!last.action && !last.type) return null;
    return `${who}: ${genericLabel(last.action || {type: last.type})}`;
  },
};
