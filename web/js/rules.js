// The game's rules at hand, beside the board: what the phase the match is in asks of the table,
// always in sight ("Now: ..."), and the rules in short, folded, in a few sections. The words are
// the catalogs' (games.<game-id>.rules), written from the rulebooks in every language; a board
// says which sections it has and which phase a view is in (its `rules`).

import {h, fill} from './dom.js';
import {t, maybe} from './i18n.js';

// `game`: the game's id and name; `rules`: the board's {sections, shown?, phase(view)}.
export function rulesAtHand({id, name}, rules) {
  const now = h('p', {class: 'rules-now', 'aria-live': 'polite'});
  const sections = h('div', {class: 'rules-sections'});
  const node = h('div', {class: 'rules'}, now,
    h('details', {class: 'rules-details'},
      h('summary', {}, t('rules.of_game', {game: name})), sections));
  let drawnFor = null;  // the sections shown (they differ only between a solo match and others)

  function update(view) {
    const phase = rules.phase(view);
    const said = phase && maybe(`games.${id}.rules.phase.${phase}`);
    fill(now, said ? t('rules.now', {text: said}) : '');
    const shown = rules.sections.filter((s) => rules.shown?.(s, view) ?? true);
    if (drawnFor === shown.join()) return;
    drawnFor = shown.join();
    fill(sections, shown.map((section) => [
      h('h3', {}, t(`games.${id}.rules.section.${section}.title`)),
      h('p', {}, t(`games.${id}.rules.section.${section}.text`))]));
  }
  return {node, update};
}
