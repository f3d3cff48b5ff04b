// A room's card, folding away: while its match is played it folds to its one line (the room's
// state, its options), so that the board comes first, on a phone as on a wide screen; before
// the start and once the match is over (the seats to fill, the rematch to offer) it stands open.
// The player's own opening or closing is kept while the room is shown, through every redraw,
// until the room's state changes (a start, an end).

import {h} from './dom.js';

export function foldingCard() {
  let chosen = null;  // what the player chose, while the room is in this state
  let chosenIn = null;
  return function card(room, line, content) {
    if (chosenIn !== room.status) chosen = null;
    const playing = room.status === 'starting' || room.status === 'playing';
    const open = chosen ?? !playing;
    const details = h('details', {class: 'card room-card', open}, h('summary', {}, line), content);
    // `toggle` also follows the opening given here; only a change from it is the player's.
    details.addEventListener('toggle', () => {
      if (details.open !== open) {
        chosen = details.open;
        chosenIn = room.status;
      }
    });
    return details;
  };
}
