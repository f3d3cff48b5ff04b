// Riff Raff in words: the actions' labels and what each step did. A Riff Raff view names no
// action, so a step is told by comparing its view with the one before it: a new load (with its
// falls), a catch, a card chosen face down and the reveal, a captain appointed.
// See docs/games/riff-raff.md for the view and the actions.

const YARDS = ['the deck', 'the lowest yard', 'the middle yard', 'the top yard'];
export const milli = (v) => Math.round(v * 1000) / 1000;

export function areaName(n) {
  const level = YARDS[n <= 4 ? 0 : Math.floor((n - 3) / 2)];
  const side = n <= 4 ? ['stern', 'stern side of the mast', 'bow side of the mast', 'bow'][n - 1]
                      : n % 2 ? 'stern' : 'bow';
  return `${level ?? 'area'}, ${side}`;
}

function kindOf(view, id) {
  return view?.motion?.falls?.find((f) => f.id === id)?.kind ??
         view?.world?.cargo?.find((c) => c.id === id)?.kind ?? 'piece';
}

const seatOf = (names) => (seat) => names?.[seat] ?? `seat ${seat}`;

// The headings of the groups of buttons.
const GROUP = {choose: 'Your card', appoint: 'Appoint the captain', load: 'Load', catch: 'Catch'};
export const group = (type) => GROUP[type] ?? String(type).replace(/_/g, ' ');

export function label(action, view, names) {
  switch (action.type) {
    case 'choose': return `play card ${action.card} face down`;
    case 'appoint': return `appoint ${seatOf(names)(action.seat)} captain`;
    case 'load': {
      const how = action.angle === 0 ? 'level' : `turned ${Math.round(action.angle)}°`;
      const where = view?.placement ? ` on area ${view.placement.area}` : '';
      const pair = action.pieces === 2 ? ', announcing two pieces'
                 : action.pieces === 1 ? ', one piece' : '';
      return `load a ${action.piece}${where} at x ${milli(action.x)}, ${how}, drop ` +
             `${milli(action.drop)}${pair}`;
    }
    case 'catch':
      return action.grabs.length === 0 ? 'let the falling pieces go'
          : action.grabs.map((g) => `grab the ${kindOf(view, g.piece)} (piece ${g.piece}) at ` +
                                    `frame ${g.frame}`).join(' and ');
    case 'timeout': return 'time ran out';
    default: return String(action.type).replace(/_/g, ' ');
  }
}

const pieces = (n) => `${n} piece${n === 1 ? '' : 's'}`;

export function catchText(c, who) {
  if (!c) return '';
  const held = c.counted ? `caught ${pieces(c.out.length)} out of the game` : c.caught.length
      ? 'caught only their own load, which does not count' : 'caught nothing';
  return `${who(c.seat)} ${held}; ${pieces(c.returned.length)} back to their supply`;
}

function loadText(view, who) {
  const l = view.motion.load;
  const falls = view.motion.falls.length;
  return `${who(l.seat)} loaded a ${l.piece} on area ${l.area}, ${areaName(l.area)} (x ` +
         `${milli(l.x)}, ${Math.round(l.angle)}°, drop ${milli(l.drop)})` +
         (falls ? `: ${pieces(falls)} fell` : ': nothing fell');
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function revealText(view, who) {
  const cards = view.players.map((p, i) => `${who(i)} ${p.played.at(-1)}`).join(', ');
  // A tie for the highest card: the captain in office appoints the new one.
  return `the cards are revealed: ${cards}; ` + (view.phase === 'appointing'
      ? `a tie, which ${who(view.captain)} breaks by appointing the captain`
      : `${who(view.captain)} is captain`);
}

// What the step to `view` did; `before` is the view of the step before it, when known.
export function describe(view, names, before) {
  const who = seatOf(names);
  if (!before || before.step !== view.step - 1) return told(view, who);
  if (view.motion && view.motion.load.id !== before.motion?.load?.id) {
    const c = view.last_catch && !same(view.last_catch, before.last_catch) ? view.last_catch : null;
    return loadText(view, who) + (c ? `; ${catchText(c, who)}` : '');
  }
  if (view.last_catch && !same(view.last_catch, before.last_catch)) {
    return catchText(view.last_catch, who);
  }
  if (before.phase === 'choosing') {
    const seat = before.to_act.find((s) => !before.players[s].chosen && (view.players[s].chosen ||
        view.players[s].played.length > before.players[s].played.length));
    const by = seat === undefined ? 'a card was chosen' : `${who(seat)} chose a card face down`;
    if (view.phase === 'choosing' && view.round === before.round) return by;
    return `${by}; ${revealText(view, who)}`;
  }
  if (before.phase === 'appointing') {
    const themself = view.captain === before.captain;
    return `${who(before.captain)} appointed ${themself ? 'themself' : who(view.captain)} captain`;
  }
  return told(view, who);
}

// A step told from its view alone (the first of a log, or one after a gap).
function told(view, who) {
  if (view.phase === 'catching' && view.motion) return loadText(view, who);
  if (view.phase === 'choosing') {
    const chosen = view.players.map((p, i) => (p.chosen ? who(i) : null)).filter(Boolean);
    return chosen.length ? `round ${view.round}: ${chosen.join(', ')} chose a card face down`
                         : `round ${view.round} begins`;
  }
  if (view.phase === 'appointing') return `round ${view.round}: the captain is to appoint`;
  if (view.last_catch) return catchText(view.last_catch, who);
  if (view.motion) return loadText(view, who);
  return `round ${view.round}: ${who(view.captain)} is captain`;
}
