// The generic controls: every action of the view's `legal` list as a button, grouped by type.
// It serves every game, with or without a board, and is the keyboard's way to play.

import {h, fill} from './dom.js';

export function showActions(host, view, {label, act, collapsed}) {
  const legal = view.legal || [];
  if (!act || legal.length === 0) return fill(host);
  const groups = new Map();
  for (const action of legal) {
    if (!groups.has(action.type)) groups.set(action.type, []);
    groups.get(action.type).push(action);
  }
  const buttons = [];
  const group = ([type, actions]) => h('fieldset', {class: 'action-group'},
    h('legend', {}, `${type.replace(/_/g, ' ')} (${actions.length})`),
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
  // Beside a drawn board, big groups fold away (the board offers them); small ones (pass, a
  // choice between two) stay in sight.
  const all = [...groups];
  const inSight = collapsed ? all.filter(([, actions]) => actions.length <= 3) : all;
  const folded = all.filter((g) => !inSight.includes(g));
  const foldedCount = folded.reduce((n, [, actions]) => n + actions.length, 0);
  fill(host, h('section', {class: 'actions', 'aria-label': 'your legal actions'},
    h('h3', {}, 'Your actions'), inSight.map(group),
    folded.length > 0 && h('details', {},
      h('summary', {}, `${inSight.length ? 'The other' : 'All'} ${foldedCount} as buttons`),
      folded.map(group))));
  return buttons;
}
