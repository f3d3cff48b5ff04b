// Riff Raff in words: the actions' labels and what each step did. A Riff Raff view names no
// action, so a step is told by comparing its view with the one before it: a new load (with its
// falls), a catch, a card chosen face down and the reveal, a captain appointed. A piece's place
// is told as a person sees it (the area, which end of it, turned or level), never as the
// numbers the server takes. The words are the catalogs' (games.riff-raff).
// See docs/games/riff-raff.md for the view and the actions.

import {t, list, sentence} from '../js/i18n.js';
import {seatNumber} from '../js/names.js';

const w = (key, params) => t(`games.riff-raff.${key}`, params);
export const milli = (v) => Math.round(v * 1000) / 1000;

export const KINDS = ['boat', 'barrel', 'bottle', 'crate', 'chest', 'plank', 'sailor', 'rat'];
export const kindName = (kind) => (KINDS.includes(kind) ? w(`kind.${kind}`) : String(kind));
// "a boat", "un barile": a piece with its article, as a sentence names one.
export const aPiece = (kind) => (KINDS.includes(kind) ? w(`a.${kind}`) : String(kind));
// "the boat", "il barile".
export const thePiece = (kind) => (KINDS.includes(kind) ? w(`the.${kind}`) : String(kind));

// "the lowest yard, bow": an area where it is on the ship.
export function areaName(n) {
  if (!(n >= 1 && n <= 10)) return w('area.unknown', {area: n});
  return w(`area.${n}`);
}

function kindOf(view, id) {
  return view?.motion?.falls?.find((f) => f.id === id)?.kind ??
         view?.world?.cargo?.find((c) => c.id === id)?.kind ?? null;
}

const seatOf = (names) => (seat) => names?.[seat] ?? seatNumber(seat);

// Where along its area a piece goes (its stern end, the middle, its bow end), from the view's
// model; null where the model does not say.
function alongText(view, areaNumber, x) {
  const area = view?.model?.areas?.find((a) => a.number === areaNumber);
  if (!area || typeof x !== 'number') return null;
  const at = (x - area.from) / (area.to - area.from);
  return w(at < 1 / 3 ? 'along.stern' : at > 2 / 3 ? 'along.bow' : 'along.middle');
}

// How a piece was set down: where along its area, turned or level, let go from above or not.
function howText(view, areaNumber, {x, angle, drop}) {
  const parts = [alongText(view, areaNumber, x),
                 Math.round(angle) === 0 ? w('how.level')
                                         : w('how.turned', {degrees: Math.round(angle)}),
                 drop > 0 ? w('how.dropped') : null].filter(Boolean);
  return list(parts, 'unit');
}

// The headings of the groups of buttons.
const GROUPS = ['choose', 'appoint', 'load', 'catch'];
export const group = (type) => (GROUPS.includes(type) ? w(`group.${type}`)
                                                      : String(type).replace(/_/g, ' '));

export function label(action, view, names) {
  switch (action.type) {
    case 'choose': return w('label.choose', {card: action.card});
    case 'appoint': return w('label.appoint', {who: seatOf(names)(action.seat)});
    case 'load': {
      const area = view?.placement?.area;
      const how = howText(view, area, action);
      const key = action.pieces === 2 ? 'label.load_pair' : 'label.load';
      return area ? w(`${key}_area`, {piece: aPiece(action.piece), area, how})
                  : w(key, {piece: aPiece(action.piece), how});
    }
    case 'catch':
      return action.grabs.length === 0 ? w('label.let_go')
          : list(action.grabs.map((g) => {
            const kind = kindOf(view, g.piece);
            return kind ? w('label.grab', {piece: thePiece(kind)}) : w('label.grab_piece');
          }));
    case 'timeout': return w('label.timeout');
    default: return String(action.type).replace(/_/g, ' ');
  }
}

export function catchText(c, who) {
  if (!c) return '';
  const back = c.returned.length;
  if (c.counted) {
    return w('catch.counted', {who: who(c.seat), count: c.out.length,
                               back: w('catch.back', {count: back})});
  }
  return w(c.caught.length ? 'catch.own_load' : 'catch.nothing',
           {who: who(c.seat), back: w('catch.back', {count: back})});
}

function loadText(view, who) {
  const l = view.motion.load;
  const falls = view.motion.falls.length;
  const params = {who: who(l.seat), piece: aPiece(l.piece), area: l.area,
                  where: areaName(l.area), how: howText(view, l.area, l), count: falls};
  return w(falls ? 'load.fell' : 'load.still', params);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function revealText(view, who) {
  const cards = list(view.players.map((p, i) => w('reveal.card', {who: who(i),
                                                                  card: p.played.at(-1)})));
  // A tie for the highest card: the captain in office appoints the new one.
  return view.phase === 'appointing' ? w('reveal.tie', {cards, captain: who(view.captain)})
                                     : w('reveal.captain', {cards, captain: who(view.captain)});
}

// What the step to `view` did; `before` is the view of the step before it, when known.
export function describe(view, names, before) {
  return sentence(tell(view, names, before));
}

function tell(view, names, before) {
  const who = seatOf(names);
  if (!before || before.step !== view.step - 1) return told(view, who);
  if (view.motion && view.motion.load.id !== before.motion?.load?.id) {
    const c = view.last_catch && !same(view.last_catch, before.last_catch) ? view.last_catch : null;
    return c ? w('then', {first: loadText(view, who), then: catchText(c, who)})
             : loadText(view, who);
  }
  if (view.last_catch && !same(view.last_catch, before.last_catch)) {
    return catchText(view.last_catch, who);
  }
  if (before.phase === 'choosing') {
    const seat = before.to_act.find((s) => !before.players[s].chosen && (view.players[s].chosen ||
        view.players[s].played.length > before.players[s].played.length));
    const by = seat === undefined ? w('chose.someone') : w('chose.seat', {who: who(seat)});
    if (view.phase === 'choosing' && view.round === before.round) return by;
    return w('then', {first: by, then: revealText(view, who)});
  }
  if (before.phase === 'appointing') {
    return view.captain === before.captain
        ? w('appointed.themself', {who: who(before.captain)})
        : w('appointed.other', {who: who(before.captain), captain: who(view.captain)});
  }
  return told(view, who);
}

// A step told from its view alone (the first of a log, or one after a gap).
function told(view, who) {
  if (view.phase === 'catching' && view.motion) return loadText(view, who);
  if (view.phase === 'choosing') {
    const chosen = view.players.map((p, i) => (p.chosen ? who(i) : null)).filter(Boolean);
    return chosen.length ? w('told.chosen', {round: view.round, who: list(chosen),
                                             count: chosen.length})
                         : w('told.round', {round: view.round});
  }
  if (view.phase === 'appointing') return w('told.appointing', {round: view.round});
  if (view.last_catch) return catchText(view.last_catch, who);
  if (view.motion) return loadText(view, who);
  return w('told.captain', {round: view.round, who: who(view.captain)});
}

// A player's score is the pieces left: fewer is better.
export function scoreText(result, score, name) {
  return w('scores.pieces_left', {name, count: score});
}

// The rules in short (games.riff-raff.rules in the catalogs): their sections, and the phase a
// view is in, which the page explains beside the board.
export const rules = {
  sections: ['goal', 'round', 'loading', 'falling'],
  phase: (view) => view.phase ?? null,
};
