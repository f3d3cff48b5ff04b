// The board of a game that has none of its own yet: the view (its legal actions aside, which
// the actions panel offers) as an expandable tree.

import {h, fill} from '../js/dom.js';
import {t, list, number} from '../js/i18n.js';
import {seatNumber} from '../js/names.js';

const LONG = 160;  // characters of a list of plain values shown on one line

function tree(value, key) {
  const name = key === undefined ? null : h('span', {class: 'key'}, `${key}: `);
  // Lists of plain values (a hand, motion frames) on one line: thousands of rows help nobody.
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
    const text = JSON.stringify(value);
    return h('li', {}, name, h('span', {class: 'value', title: text.length > LONG ? text : null},
                              text.length > LONG
                                  ? t('generic.long', {start: text.slice(0, LONG),
                                                       count: value.length})
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
// commas, objects as their fields, never JSON. The names of fields and values are the game's
// data, as the server sends them: a game with words of its own says them in the page's language.
export function plainWords(value) {
  if (value === null || value === undefined) return t('generic.none');
  if (Array.isArray(value)) return value.length ? list(value.map(plainWords)) : t('generic.none');
  if (typeof value === 'object') {
    return list(Object.entries(value).map(([k, v]) => t('generic.field', {
      name: k.replace(/_/g, ' '), value: plainWords(v)})), 'unit');
  }
  if (typeof value === 'boolean') return t(value ? 'generic.yes' : 'generic.no');
  if (typeof value === 'number') return number(value);
  return String(value).replace(/_/g, ' ');
}

export function genericLabel(action) {
  const rest = Object.entries(action).filter(([k]) => k !== 'type');
  const args = rest.map(([k, v]) => t('generic.field', {name: k.replace(/_/g, ' '),
                                                        value: plainWords(v)}));
  const type = String(action.type).replace(/_/g, ' ');
  return args.length ? t('generic.action', {type, details: list(args, 'unit')})
                     : t('generic.action_bare', {type});
}

export default {
  create(host) {
    const root = h('ul', {class: 'tree', translate: 'no', 'aria-label': t('generic.view')});
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
    const who = last.seat === null || last.seat === undefined ? t('generic.the_room')
        : names?.[last.seat] ?? seatNumber(last.seat);
    if (!last.action && !last.type) return null;
    return t('generic.step', {who, action: genericLabel(last.action || {type: last.type})});
  },
};
