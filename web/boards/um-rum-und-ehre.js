// The Um Rum & Ehre board: the round and phase, the question being asked and of whom, the town
// (um-rum-und-ehre-town.js) with the captain and the pirates in the alleys, the tiles on
// display, the ship and its brawl, and each player's pirates, rum and tiles
// (um-rum-und-ehre-side.js). A click on a lit space moves the captain there; when several legal
// moves lead to it (through the dark, say), the board lists them to choose from. A map on
// display, a guard stack and an alley of your own at the HQ are clicked too; every other choice
// is a button of the actions panel, named by label(). See docs/games/um-rum-und-ehre.md.

import {h, s, fill} from '../js/dom.js';
import {drawTown, deadEnds} from './um-rum-und-ehre-town.js';
import {drawDispenser, drawShip, drawPlayers} from './um-rum-und-ehre-side.js';
import {label, describe, group, moveTarget, moveCost, spaceName, seatName, tileText}
    from './um-rum-und-ehre-words.js';

const TAVERN = {es_cruce: 'Es Cruce', frere_jacques: 'Frère Jacques', jolly_roger: 'Jolly Roger'};

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
  if (view.over) return 'The match is over.';
  const q = view.question || {};
  const who = (seat) => seatName(names, seat);
  const cur = who(view.current);
  if (q.drink && q.drink.invitee !== undefined) {
    return `${cur} drinks at ${TAVERN[q.drink.tavern]}: does ${who(q.drink.invitee)} join ` +
           'for a coin?';
  }
  if (q.roll) {
    const crew = q.roll.crew === 'imaginary' ? ' for the imaginary crew' : '';
    const forWhat = {tavern: `the tavern ${TAVERN[q.drink?.tavern] ?? ''}`.trim(),
                     chest: `the chest (${q.chest_total ?? 0} so far; the scorpion stings ` +
                            `at ${view.display.scorpion?.threshold ?? '—'})`,
                     brawl: 'the brawl'}[q.roll.for];
    if (q.roll.value === null) return `${who(q.roll.seat)} rolls${crew} for ${forWhat}.`;
    return `${who(q.roll.seat)} rolled ${q.roll.value}${crew} for ${forWhat}: keep it, or ` +
           `roll again${q.roll.rerolls_left ? ' (the barrel allows one more roll)' : ' with rum'}?`;
  }
  const colour = view.town.spaces[view.captain].replace(/^map_/, '');
  switch (view.stage) {
    case 'goods':
      return `${cur} keeps or sells the article drawn` +
             `${q.drawn ? ` (${tileText(q.drawn)})` : ''}.`;
    case 'map': return `${cur} chooses a ${colour} map.`;
    case 'guard': return `${cur} chooses a city guard to fight.`;
    case 'hq': return `${cur} may take pirates back at the HQ.`;
    case 'after_move': return `${cur} moves the captain on, or ends the turn.`;
  }
  return `${cur}'s turn: move the captain, rest or board the ship.`;
}

function phaseText(view) {
  const brawl = view.ship.fight || view.question?.roll?.for === 'brawl';
  return `Round ${view.round} of ${view.rounds} · ` +
         (view.over ? 'final scoring' : brawl ? 'the brawl on the ship' : 'in the town');
}

function create(host) {
  const phase = h('p', {class: 'phase'});
  const question = h('p', {class: 'question', 'aria-live': 'polite'});
  const head = h('div', {class: 'umrum-head'}, phase, question);
  const town = s('svg', {class: 'umrum-town', role: 'group'});
  const routes = h('div', {class: 'umrum-routes', role: 'group', 'aria-label': 'ways to go'});
  const hint = h('p', {class: 'board-hint'});
  const side = h('div', {class: 'umrum-side'});
  const root = h('div', {class: 'umrum'}, head, h('div', {class: 'umrum-main'},
                 h('div', {class: 'umrum-town-box'}, town, routes, hint), side));
  fill(host, root);
  let chosen = null;  // a space several legal moves lead to, whose ways are listed
  let last = null;

  function update(view, context) {
    last = [view, context];
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
    phase.textContent = phaseText(view) +
        (view.decision_s ? ` · each question waits ${view.decision_s} s` : '');
    question.textContent = questionText(view, names);
    drawTown(town, view, {names, targets: c.targets, onSpace, takeBack: c.takeBack, send,
                          chosen});
    showRoutes(view, c, send, names);
    hint.textContent = hintFor(view, c);
    fill(side, drawDispenser(view, {maps: c.maps, guards: c.guards, send}),
         drawShip(view, names), drawPlayers(view, names));
  }

  function showRoutes(view, c, send) {
    if (chosen === null) return fill(routes);
    // The cheapest way first: coins, then pirates.
    const price = (a) => moveCost(view, a).coins * 100 + moveCost(view, a).pirates;
    const moves = [...c.targets.get(chosen)].sort((a, b) => price(a) - price(b));
    fill(routes, h('p', {}, `${moves.length} ways to ${spaceName(view, chosen)}:`),
      moves.map((a) => h('button', {type: 'button', class: 'route', 'data-action':
                                    JSON.stringify(a), onclick: () => send(a)}, label(a, view))),
      h('button', {type: 'button', class: 'secondary', onclick: () => {
        chosen = null;
        update(...last);
      }}, 'cancel'));
  }

  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && chosen !== null) { chosen = null; update(...last); }
  });
  return {update};
}

function hintFor(view, c) {
  if (view.over) return '';
  const dead = deadEnds(view).size;
  const deadNote = dead ? ` Hatched spaces are dead ends (${dead}).` : '';
  if (c.targets.size) {
    return 'Click a lit space to move the captain there; dark alleys leave the town at its ' +
           `edge.${deadNote}`;
  }
  if (c.maps.size) return 'Click a map on display to take it.';
  if (c.guards.size) return 'Click a stack of city guards to fight its top guard.';
  if (c.takeBack.size) return 'Click one of your alleys to take its pirates back.';
  return deadNote.trim();
}

// What the clicks of choices() offer (the panel folds their long lists away).
const onBoard = (a) =>
  ['move', 'move_dark', 'take_map', 'guard'].includes(a.type) || takesBackOne(a);

export default {create, label, describe, group, onBoard};
