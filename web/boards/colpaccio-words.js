// Colpaccio in words: the actions' labels, what the view's log says happened, and the prestige
// each area would score if the match ended now (the rules' scoring, from the visible columns).
// The words are the rulebook's (games.colpaccio in the catalogs: il Convoglio, le Merci, le
// Minacce, i Corsari, i dobloni, the Azioni Mascalzone).

import {GOODS, goodName, oneGood, goodFrom, cardText, prizeName, threatName, thePlace}
    from './colpaccio-cards.js';
import {genericLabel} from './generic.js';
import {t, list, sentence} from '../js/i18n.js';
import {seatNumber} from '../js/names.js';

const w = (key, params) => t(`games.colpaccio.${key}`, params);

// Every card whose face the view shows, by id: the convoy, the columns, the ships looked at, the
// goods lost, and the cards of the log (a replay's view comes after its action).
export function cardsOf(view) {
  const cards = new Map();
  const add = (items) => {
    for (const card of items || []) if (card && typeof card === 'object') cards.set(card.id, card);
  };
  add(view.convoy);
  add(view.looking);
  add(view.lost_goods);
  for (const area of [...(view.players || []), view.corsairs].filter(Boolean)) {
    for (const good of GOODS) add(area.goods?.[good]);
  }
  for (const event of view.log || []) add(event.cards ?? (event.card ? [event.card] : []));
  return cards;
}

const plainCard = (card) => (card ? goodFrom(card) : w('a_card'));

// A seat, or the Corsairs of the solo duel, in a sentence.
export const areaName = (names) => (seat) =>
  (seat === 'corsairs' ? w('the_corsairs') : names[seat] ?? seatNumber(seat));

// The headings of the groups of buttons.
const TYPES = ['raid', 'letter_of_marque', 'secret_chest', 'parrot_pact', 'reveal_ships',
               'end_turn', 'lose_good'];
export const group = (type) => (TYPES.includes(type) ? w(`group.${type}`)
                                                     : String(type).replace(/_/g, ' '));

export function label(action, view) {
  const cards = cardsOf(view);
  // A card the view does not show (never in a seat's own view) is named by its id.
  const named = (id, words = goodFrom) => (cards.has(id) ? words(cards.get(id))
                                                         : w('card_id', {id}));
  switch (action.type) {
    case 'raid': {
      if (action.cards.length === 1) {
        return w('label.raid_single', {card: named(action.cards[0], cardText)});
      }
      const goods = list(action.cards.map((id) => named(id)));
      return w(action.cards.length === 3 ? 'label.raid_triple' : 'label.raid_pair', {goods});
    }
    case 'letter_of_marque':
      return w('label.letter_of_marque', {goods: list(action.cards.map((id) => named(id)))});
    case 'secret_chest': return w('label.secret_chest');
    case 'parrot_pact': return w('label.parrot_pact');
    case 'reveal_ships':
      return action.ships.length
          ? w('label.reveal', {ships: list(action.ships.map((id) => named(id)))})
          : w('label.keep_face_down');
    case 'end_turn': return w('label.end_turn');
    case 'timeout': return w('label.timeout');
    case 'lose_good': return w('label.lose_good', {good: goodName(action.good)});
    default: return genericLabel(action);
  }
}

// One event of the view's log in words.
export function eventText(event, names) {
  const who = areaName(names);
  const cards = (items) => list((items || []).map(plainCard));
  switch (event.event) {
    case 'raid':
      return event.prize
          ? w('event.raid_prize', {who: who(event.seat), cards: cards(event.cards),
                                   prize: prizeName(event.prize)})
          : w('event.raid', {who: who(event.seat), cards: cards(event.cards)});
    case 'ship': return event.drawn ? w('event.ship', {who: who(event.seat)})
                                    : w('event.no_ship');
    case 'secret_chest':
      return w('event.secret_chest', {who: who(event.seat), card: plainCard(event.card)});
    case 'parrot_pact':
      return w('event.parrot_pact', {who: who(event.seat), count: event.drawn});
    case 'revealed':
      return event.cards.length ? w('event.revealed', {who: who(event.seat),
                                                       cards: cards(event.cards)})
                                : w('event.kept_face_down', {who: who(event.seat)});
    case 'letter_of_marque':
      return w('event.letter_of_marque', {who: who(event.seat), cards: cards(event.cards)});
    case 'threat_drawn':
      return event.by === 'corsairs' ? w('event.threat_drawn_corsairs')
                                     : w('event.threat_drawn', {who: who(event.by)});
    case 'threat':
      return event.defeated.length
          ? w('event.threat', {threat: threatName(event.threat),
                               beaten: list(event.defeated.map(who)),
                               count: event.defeated.length})
          : w('event.threat_nobody', {threat: threatName(event.threat)});
    case 'lost_doubloons':
      return w('event.lost_doubloons', {who: who(event.seat), count: event.doubloons});
    case 'lost_prestige':
      return w('event.lost_prestige', {who: who(event.seat), count: event.prestige});
    case 'lost_ships':
      return event.ships ? w('event.lost_ships', {who: who(event.seat), count: event.ships})
                         : w('event.no_ship_to_lose', {who: who(event.seat)});
    case 'lost_good': return w('event.lost_good', {who: who(event.seat),
                                                   card: plainCard(event.card)});
    case 'corsairs_raid':
      if (!event.cards.length) return w('event.corsairs_nothing');
      return w(event.bonus_ship ? 'event.corsairs_raid_ship' : 'event.corsairs_raid',
               {place: thePlace(event.location),
                goods: list(event.cards.map((c) => oneGood(c.good)))});
    case 'end_turn': return w('event.end_turn', {who: who(event.seat)});
    case 'turn_passed': return w('event.turn_passed', {who: who(event.seat)});
    case 'timeout':
      return w('event.timeout', {who: list((event.seats || []).map(who)),
                                 count: (event.seats || []).length});
    default: return String(event.event).replace(/_/g, ' ');
  }
}

export function describe(view, names) {
  const parts = (view.log || []).map((e) => eventText(e, names));
  if (!parts.length) return null;
  return sentence(parts.join(w('event_separator')));
}

// The prestige of each area if the match ended now: [{goods: {good: points}, ships, total}],
// the players by seat, then the Corsairs in the solo duel. docs/games/colpaccio.md, "Scoring".
export function standings(view) {
  const areas = [...view.players, ...(view.solo && view.corsairs ? [view.corsairs] : [])];
  const score = areas.map(() => ({goods: {}, ships: 0, total: 0}));
  const held = (area, good) => area.goods[good].length;
  for (const good of GOODS) {
    const counts = areas.map((a) => held(a, good));
    if (view.solo && areas.length === 2) {
      const [mine, theirs] = counts;
      const side = mine > theirs ? 0 : theirs > mine ? 1
          : mine > 0 && view.solo_difficulty === 'hard' ? 1 : -1;
      areas.forEach((_, i) => { score[i].goods[good] = side === i ? 1 : 0; });
      continue;
    }
    const most = Math.max(...counts);
    const second = Math.max(0, ...counts.filter((n) => n < most));
    counts.forEach((n, i) => {
      score[i].goods[good] = most > 0 && n === most ? 7 : second > 0 && n === second ? n : 0;
    });
  }
  areas.forEach((area, i) => {
    const s = score[i];
    s.ships = view.solo ? Math.floor(area.ships / 3) : 2 * area.ships;
    s.total = GOODS.reduce((sum, g) => sum + s.goods[g], 0) + s.ships - area.penalty;
  });
  return score;
}

// The rules in short (games.colpaccio.rules in the catalogs): their sections (the solo duel's
// only in a solo match), and the phase a view is in, which the page explains beside the board.
export const rules = {
  sections: ['goal', 'turn', 'threats', 'solo'],
  shown: (section, view) => section !== 'solo' || Boolean(view.solo),
  phase: (view) => (view.over ? 'over' : view.turn === 'corsairs' ? 'corsairs'
      : ['parrot_pact', 'ghost_ship'].includes(view.phase) ? view.phase : 'turn'),
};
