// The Um Rum & Ehre board: the round and phase, the question being asked and of whom, the town
// (um-rum-und-ehre-town.js) with the captain and the pirates in the alleys, the tiles on
// display, the ship and its brawl, and each player's pirates, rum and tiles
// (um-rum-und-ehre-side.js). A click on a lit space moves the captain there; when several legal
// moves lead to it (through the dark, say), the board lists them to choose from. A map on
// display, a guard stack and an alley of your own at the HQ are clicked too; every other choice
// is a button of the actions panel, named by label(). See docs/games/um-rum-und-ehre.md.

import {h, s, fill} from '../js/dom.js';
import {t} from '../js/i18n.js';
import {zoomable} from '../js/zoom.js';
import {drawTown, deadEnds, TOWN_SIZE} from './um-rum-und-ehre-town.js';
import {drawDispenser, drawShip, drawPlayers} from './um-rum-und-ehre-side.js';
import {label, describe, group, moveTarget, moveCost, spaceName, seatName, tileText, tavernName,
        colourName, scoreText, rules}
    from './um-rum-und-ehre-words.js';

const w = (key, params) => t(`games.um-rum-und-ehre.${key}`, params);

// Taking back one alley is a click on it; taking none, or two dark alleys at once, is a button.
const takesBackOne = (a) => a.type === 'take_back' && a.alleys.length === 1;

// What the clicks may choose among, from the legal actions.
function choices(legal, view) {
  const c = {targets: new Map(), maps: new Map(), guards: new Map(), takeBack: new Map()};
  for (const a of legal) {
    if (a.type === 'move' || a.type === 'move_dark') {
      const to = moveTarget(view, a);
      if (!c.targets.has(to)) c.targets.set(to, []);
      c.targets.get(to).push(a);
    }
    if (a.type === 'take_map') c.maps.set(a.slot, a);
    if (a.type === 'guard') c.guards.set(a.size, a);
    if (takesBackOne(a)) c.takeBack.set(a.alleys[0], a);
  }
  return c;
}

// The question under way in words, from the view's `stage` and the question's details.
export function questionText(view, names) {
  if (view.over) return w('question.over');
  const q = view.question || {};
  const who = (seat) => seatName(names, seat);
  const cur = who(view.current);
  if (q.drink && q.drink.invitee !== undefined) {
    return w('question.drink', {who: cur, tavern: tavernName(q.drink.tavern),
                                invitee: who(q.drink.invitee)});
  }
  if (q.roll) {
    const forWhat = q.roll.for === 'tavern'
        ? (q.drink?.tavern ? w('question.for_tavern', {tavern: tavernName(q.drink.tavern)})
                           : w('roll_for.tavern'))
        : q.roll.for === 'chest'
            ? w('question.for_chest', {total: q.chest_total ?? 0,
                                       threshold: view.display.scorpion?.threshold ?? '—'})
            : w('roll_for.brawl');
    const imaginary = q.roll.crew === 'imaginary';
    if (q.roll.value === null) {
      return w(imaginary ? 'question.rolls_imaginary' : 'question.rolls',
               {who: who(q.roll.seat), what: forWhat});
    }
    return w(`question.rolled${imaginary ? '_imaginary' : ''}` +
             `${q.roll.rerolls_left ? '_barrel' : '_rum'}`,
             {who: who(q.roll.seat), roll: q.roll.value, what: forWhat});
  }
  const colour = colourName(view.town.spaces[view.captain].replace(/^map_/, ''));
  switch (view.stage) {
    case 'goods':
      return q.drawn ? w('question.goods_drawn', {who: cur, tile: tileText(q.drawn)})
                     : w('question.goods', {who: cur});
    case 'map': return w('question.map', {who: cur, colour});
    case 'guard': return w('question.guard', {who: cur});
    case 'hq': return w('question.hq', {who: cur});
    case 'after_move': return w('question.after_move', {who: cur});
  }
  return w('question.turn', {who: cur});
}

function phaseText(view) {
  const brawl = view.ship.fight || view.question?.roll?.for === 'brawl';
  return w(view.over ? 'phase.scoring' : brawl ? 'phase.brawl' : 'phase.town',
           {round: view.round, rounds: view.rounds});
}

function create(host) {
  const phase = h('p', {class: 'phase'});
  const question = h('p', {class: 'question', 'aria-live': 'polite'});
  const head = h('div', {class: 'umrum-head'}, phase, question);
  const town = s('svg', {class: 'umrum-town', role: 'group'});
  const routes = h('div', {class: 'umrum-routes', role: 'group',
                           'aria-label': w('board.ways_label')});
  const hint = h('p', {class: 'board-hint'});
  const side = h('div', {class: 'umrum-side'});
  const players = h('div', {class: 'umrum-people'});
  // Its own size: a unit is a pixel, a space as large as a fingertip and its words readable.
  const zoom = zoomable(town, {ownWidth: () => TOWN_SIZE,
                               centre: () => town.querySelector('.captain')});
  const root = h('div', {class: 'umrum'}, head, h('div', {class: 'umrum-main'},
                 h('div', {class: 'umrum-town-box'}, zoom.node, routes, hint), side), players);
  fill(host, root);
  let chosen = null;  // a space several legal moves lead to, whose ways are listed
  let you = true;     // the view's seat is the reader's own (live), not one seen in a replay
  let last = null;

  function update(view, context) {
    last = [view, context];
    you = context.you ?? true;
    draw(view, context.act, context.names);
  }

  function draw(view, act, names) {
    const c = choices(act ? view.legal : [], view);
    if (!c.targets.has(chosen)) chosen = null;
    const send = (action) => {
      chosen = null;
      act(action);
      draw(view, null, names);
    };
    const onSpace = (space) => {
      const moves = c.targets.get(space);
      if (moves.length === 1) return send(moves[0]);
      chosen = chosen === space ? null : space;
      draw(view, act, names);
      routes.querySelector('button')?.focus();
    };
    phase.textContent = view.decision_s
        ? w('board.phase_clock', {phase: phaseText(view), seconds: view.decision_s})
        : phaseText(view);
    question.textContent = questionText(view, names);
    drawTown(town, view, {names, targets: c.targets, onSpace, takeBack: c.takeBack, send,
                          chosen});
    showRoutes(view, c, send, names);
    hint.textContent = hintFor(view, c);
    fill(side, drawDispenser(view, {maps: c.maps, guards: c.guards, send}),
         drawShip(view, names));
    fill(players, drawPlayers(view, names, you));
    zoom.start();
  }

  function showRoutes(view, c, send) {
    if (chosen === null) return fill(routes);
    // The cheapest way first: coins, then pirates.
    const price = (a) => moveCost(view, a).coins * 100 + moveCost(view, a).pirates;
    const moves = [...c.targets.get(chosen)].sort((a, b) => price(a) - price(b));
    fill(routes, h('p', {}, w('board.ways', {count: moves.length,
                                             space: spaceName(view, chosen)})),
      moves.map((a) => h('button', {type: 'button', class: 'route', 'data-action':
                                    JSON.stringify(a), onclick: () => send(a)}, label(a, view))),
      h('button', {type: 'button', class: 'secondary', onclick: () => {
        chosen = null;
        update(...last);
      }}, w('board.cancel')));
  }

  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && chosen !== null) { chosen = null; update(...last); }
  });
  return {update};
}

function hintFor(view, c) {
  if (view.over) return '';
  const dead = deadEnds(view).size;
  const deadNote = dead ? w('hint.dead_ends', {count: dead}) : '';
  if (c.targets.size) return [w('hint.move'), deadNote].filter(Boolean).join(' ');
  if (c.maps.size) return w('hint.map');
  if (c.guards.size) return w('hint.guard');
  if (c.takeBack.size) return w('hint.take_back');
  return deadNote;
}

// What the clicks of choices() offer (the panel folds their long lists away).
const onBoard = (a) =>
  ['move', 'move_dark', 'take_map', 'guard'].includes(a.type) || takesBackOne(a);

export default {create, label, describe, group, onBoard, scoreText, rules};
