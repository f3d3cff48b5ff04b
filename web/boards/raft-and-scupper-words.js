// Raft & Scupper in words: the actions' labels (what a button or a click will do) and what the
// last step did, from the view's `last_action`, told in the past with the crew that played it.
// See docs/games/raft-and-scupper.md for the view and the actions.

export const FIGURE = {yellowbeard: 'Yellowbeard', blackbeard: 'Blackbeard'};
export const CREW = {yellowbeards: 'Yellowbeards', blackbeards: 'Blackbeards'};
export const RIGGING = {round: 'round-rigged', square: 'square-rigged'};

export const key = ([x, y]) => `${x},${y}`;
export const cellText = ([x, y]) => `[${x}, ${y}]`;

function shipAt(view, cell) {
  return (view.ships || []).find((ship) => key(ship.cell) === key(cell));
}

export function shipText(view, cell) {
  const ship = shipAt(view, cell);
  return ship ? `ship ${ship.id} at ${cellText(cell)}` : `the ship at ${cellText(cell)}`;
}

export function pirateName(view, id) {
  const pirate = (view.pirates || []).find((p) => p.id === id);
  return pirate ? `${FIGURE[pirate.figure]} ${id}` : `pirate ${id}`;
}

// The headings of the groups of buttons.
const GROUP = {switch_pair: 'Switch a pair', place_pirate: 'Place a pirate',
               choose_crew: 'Your crew', jump: 'Jump', sail: 'Set sail', scupper: 'Scupper',
               pass: 'Pass'};
export const group = (type) => GROUP[type] ?? String(type).replace(/_/g, ' ');

export function label(action, view) {
  switch (action.type) {
    case 'switch_pair':
      return `switch pair ${action.pair} (ships ${2 * action.pair - 1} and ${2 * action.pair})`;
    case 'place_pirate':
      return `place a ${FIGURE[action.figure]} on ${shipText(view, action.at)}`;
    case 'choose_crew': return `play the ${CREW[action.crew]}`;
    case 'jump': return `${pirateName(view, action.pirate)} jumps to ${shipText(view, action.to)}`;
    case 'sail': return `${pirateName(view, action.pirate)} sets sail to ${cellText(action.to)}`;
    case 'scupper': return `scupper ${shipText(view, action.at)}`;
    case 'pass': return 'pass';
    case 'timeout': return 'time ran out: pass';
    default: return String(action.type).replace(/_/g, ' ');
  }
}

// The last action in the past tense ("switched ships 3 and 4"); `view` is the one it led to.
function done(action, view) {
  switch (action.type) {
    case 'switch_pair':
      return `switched pair ${action.pair} (ships ${2 * action.pair - 1} and ${2 * action.pair})`;
    case 'place_pirate': return `placed a ${FIGURE[action.figure]} on ${shipText(view, action.at)}`;
    case 'choose_crew': return `chose to play the ${CREW[action.crew]}`;
    case 'jump':
      return `moved ${pirateName(view, action.pirate)}, who jumped to ${shipText(view, action.to)}`;
    case 'sail':
      return `moved ${pirateName(view, action.pirate)}, who set sail to ${cellText(action.to)}`;
    // The scuppered ship is gone from the view after: it is named by its cell.
    case 'scupper': return `scuppered the ship at ${cellText(action.at)}`;
    case 'pass': return 'passed';
    default: return label(action, view);
  }
}

export function describe(view, names) {
  const last = view.last_action;
  if (!last || !last.action) return null;
  const who = names?.[last.seat] ?? `seat ${last.seat}`;
  const crew = view.seats?.[last.seat]?.crew;
  const by = crew ? `${who} (${CREW[crew]})` : who;
  if (last.timeout) return `${by} ran out of time and passed`;
  return `${by} ${done(last.action, view)}`;
}
