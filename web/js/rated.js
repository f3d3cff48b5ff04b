// Whether a room's matches are rated (docs/ratings.md): a badge on its card in the lobby and on
// its line in the room. Before the start the server says whether the match would be, with the
// seats as they are taken now.

import {h} from './dom.js';
import {t} from './i18n.js';

export function ratedBadge(room) {
  if (typeof room.rated !== 'boolean') return null;
  return h('span', {class: `badge ${room.rated ? 'rated' : 'unrated'}`,
                    title: t(room.rated ? 'ratings.rated_hint' : 'ratings.unrated_hint')},
           t(room.rated ? 'ratings.rated' : 'ratings.unrated'));
}
