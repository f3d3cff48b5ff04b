// Raft & Scupper in words: the actions' labels (what a button or a click will do) and what the
// last step did, from the view's `last_action`, told in the past with the crew that played it.
// Ships are named by their numbers, as the board draws them; pirates by their figure and their
// number within it. The words are the catalogs' (games.raft-and-scupper, the Italian from the
// Italian half of the rulebook). See docs/games/raft-and-scupper.md for the view and the actions.

import {t, list} from '../js/i18n.js';
import {seatNumber} from '../js/names.js';

const w = (key, params) => t(`games.raft-and-scupper.${key}`, params);

export const figureName = (figure) => w(`figure.${figure}`);
export const crewName = (crew) => w(`crew.${crew}`);
export const traitName = (trait) => w(`trait.${trait}`);

export const key = ([x, y]) => `${x},${y}`;

function shipAt(view, cell) {
  return (view.ships || []).find((ship) => key(ship.cell) === key(cell));
}

// A ship by its number ("ship 7"); water, where no ship is.
export function shipText(view, cell) {
  const ship = shipAt(view, cell);
  return ship ? w('ship', {ship: ship.id}) : w('water');
}

// "Yellowbeard 2": the pirate's figure, and its number among the pirates of that figure.
export function pirateName(view, id) {
  const pirates = view.pirates || [];
  const pirate = pirates.find((p) => p.id === id);
  if (!pirate) return w('pirate', {number: id + 1});
  const number = pirates.filter((p) => p.figure === pirate.figure && p.id <= id).length;
  return w('pirate_named', {figure: figureName(pirate.figure), number});
}

// The short mark of a pirate on the board ("Y1").
export function pirateMark(view, id) {
  const pirate = (view.pirates || []).find((p) => p.id === id);
  const number = (view.pirates || []).filter((p) => p.figure === pirate?.figure && p.id <= id)
      .length;
  return w('mark', {letter: w(`letter.${pirate?.figure ?? 'yellowbeard'}`), number});
}

// Where a sailing ship goes from where it is: "2 cells left and 1 up".
function sailText(view, pirateId, to) {
  const from = (view.pirates || []).find((p) => p.id === pirateId)?.cell;
  if (!from) return w('sail_somewhere');
  const [dx, dy] = [to[0] - from[0], to[1] - from[1]];
  const parts = [];
  if (dx) parts.push(w(dx < 0 ? 'left' : 'right', {count: Math.abs(dx)}));
  if (dy) parts.push(w(dy < 0 ? 'up' : 'down', {count: Math.abs(dy)}));
  return list(parts);
}

const pairShips = (pair) => ({pair, a: 2 * pair - 1, b: 2 * pair});

// The ship a pirate is aboard, in the view given.
function pirateShip(view, pirateId) {
  const ship = (view.ships || []).find((s) => s.pirate_id === pirateId);
  return ship ? ship.id : '?';
}

// The headings of the groups of buttons.
const GROUPS = ['switch_pair', 'place_pirate', 'choose_crew', 'jump', 'sail', 'scupper', 'pass'];
export const group = (type) => (GROUPS.includes(type) ? w(`group.${type}`)
                                                      : String(type).replace(/_/g, ' '));

export function label(action, view) {
  switch (action.type) {
    case 'switch_pair': return w('label.switch_pair', pairShips(action.pair));
    case 'place_pirate':
      return w('label.place_pirate', {figure: figureName(action.figure),
                                      ship: shipText(view, action.at)});
    case 'choose_crew': return w('label.choose_crew', {crew: crewName(action.crew)});
    case 'jump':
      return w('label.jump', {pirate: pirateName(view, action.pirate),
                              ship: shipText(view, action.to)});
    case 'sail':
      return w('label.sail', {pirate: pirateName(view, action.pirate),
                              ship: pirateShip(view, action.pirate),
                              where: sailText(view, action.pirate, action.to)});
    case 'scupper': return w('label.scupper', {ship: shipText(view, action.at)});
    case 'pass': return w('label.pass');
    case 'timeout': return w('label.timeout');
    default: return String(action.type).replace(/_/g, ' ');
  }
}

// The last action in the past tense ("Anne (Yellowbeards) switched ships 3 and 4"); `view` is
// the one it led to, where a moved ship stands at its new place.
function done(action, view, who) {
  switch (action.type) {
    case 'switch_pair': return w('done.switch_pair', {who, ...pairShips(action.pair)});
    case 'place_pirate':
      return w('done.place_pirate', {who, figure: figureName(action.figure),
                                     ship: shipText(view, action.at)});
    case 'choose_crew': return w('done.choose_crew', {who, crew: crewName(action.crew)});
    case 'jump':
      return w('done.jump', {who, pirate: pirateName(view, action.pirate),
                             ship: shipText(view, action.to)});
    case 'sail':
      return w('done.sail', {who, pirate: pirateName(view, action.pirate),
                             ship: shipText(view, action.to)});
    // The scuppered ship is gone from the view after: it is the last of the sunk.
    case 'scupper': {
      const sunk = view.sunk?.at(-1);
      return sunk ? w('done.scupper', {who, ship: sunk.id}) : w('done.scupper_unknown', {who});
    }
    case 'pass': return w('done.pass', {who});
    default: return w('done.other', {who, action: label(action, view)});
  }
}

export function describe(view, names) {
  const last = view.last_action;
  if (!last || !last.action) return null;
  const name = names?.[last.seat] ?? seatNumber(last.seat);
  const crew = view.seats?.[last.seat]?.crew;
  const who = crew ? w('who_crew', {name, crew: crewName(crew)}) : name;
  if (last.timeout) return w('done.timeout', {who});
  return done(last.action, view, who);
}

// The rules in short (games.raft-and-scupper.rules in the catalogs): their sections, and the
// phase a view is in, which the page explains beside the board.
export const rules = {
  sections: ['goal', 'setup', 'turn', 'end'],
  phase: (view) => view.phase ?? null,
};
