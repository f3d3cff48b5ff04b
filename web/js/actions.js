// The generic controls: every action of the view's `legal` list as a button, grouped by type.
// It serves every game, with or without a board, and is the keyboard's way to play.

import {h, fill} from './dom.js';
import {t} from './i18n.js';

// `onBoard(action)`: whether a click on the board offers that action; long lists of those fold
// away, and every action the board does not offer stays in sight. `groupName(type)`: a group's
// heading in the game's words.
export function showActions(host, view, {label, act, onBoard = () => false,
                                         groupName = (type) => type.replace(/_/g, ' ')}) {
  const legal = view.legal || [];
  if (!act || legal.length === 0) return fill(host);
  const groups = new Map();
  for (const action of legal) {
    if (!groups.has(action.type)) groups.set(action.type, []);
    groups.get(action.type).push(action);
  }
  const buttons = [];
  const group = ([type, actions]) => h('fieldset', {class: 'action-group'},
    h('legend', {}, t('actions.group', {name: groupName(type), count: actions.length})),
    actions.map((action) => {
      const button = h('button', {type: 'button', class: 'action',
                                  'data-action': JSON.stringify(action),
                                  onclick: () => {
                                    for (const b of buttons) b.disabled = true;
                                    act(action);
                                  }}, label(action, view));
      buttons.push(button);
      return button;
    }));
  // What the board offers folds away when it is long; the rest, and short lists, stay in sight.
  const inSight = [];
  const folded = [];
  for (const [type, actions] of groups) {
    const offered = actions.filter((action) => onBoard(action));
    const rest = actions.filter((action) => !onBoard(action));
    if (offered.length <= 3) {
      inSight.push([type, actions]);
      continue;
    }
    folded.push([type, offered]);
    if (rest.length) inSight.push([type, rest]);
  }
  const foldedCount = folded.reduce((n, [, actions]) => n + actions.length, 0);
  fill(host, h('section', {class: 'actions', 'aria-label': t('actions.label')},
    h('h3', {}, t('actions.title')), inSight.map(group),
    folded.length > 0 && h('details', {},
      h('summary', {}, t(inSight.length ? 'actions.rest' : 'actions.all',
                         {count: foldedCount})),
      folded.map(group))));
  return buttons;
}
