// A room's seat list, folding away: on a phone, once the match is on, the seats wait behind
// their summary so that the board and the actions come first; elsewhere it stands open. The
// player's own opening or closing is kept while the room is shown, through every redraw.

import {h} from './dom.js';
import {t} from './i18n.js';

const PHONE = '(max-width: 760px)';  // style.css's single column

export function foldingSeats() {
  let chosen = null;  // what the player chose, once they did
  return function seatList(room, rows) {
    const folded = matchMedia(PHONE).matches && room.status !== 'open';
    const open = chosen ?? !folded;
    const taken = room.seats.filter((s) => s.player || s.bot).length;
    const details = h('details', {class: 'seat-list', open},
      h('summary', {}, t('room.seats_taken', {taken, count: room.seats.length})),
      h('ul', {class: 'seats'}, rows));
    // `toggle` also follows the opening given here; only a change from it is the player's.
    details.addEventListener('toggle', () => {
      if (details.open !== open) chosen = details.open;
    });
    return details;
  };
}
