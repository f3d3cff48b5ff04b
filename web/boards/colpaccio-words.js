// Colpaccio in words: the actions' labels, what the view's log says happened, and the prestige
// each area would score if the match ended now (the rules' scoring, from the visible columns).

import {GOODS, goodName, oneGood, goodFrom, cardText, prizeName, threatName}
    from './colpaccio-cards.js';
import {genericLabel} from './generic.js';

// Every card whose face the view shows, by id: the convoy, the columns, the ships looked at, the
// goods lost, and the cards of the log (a replay's view comes after its action).
export function cardsOf(view) {
  const cards = new Map();
  const add = (list) => {
    for (const card of list || []) if (card && typeof card === 'object') cards.set(card.id, card);
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

const listText = (items) => (items.length < 2 ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const plainCard = (card) => (card ? goodFrom(card) : 'a card');

// The headings of the groups of buttons.
const GROUP = {raid: 'Raid', letter_of_marque: 'Letter of marque', secret_chest: 'Secret chest',
               parrot_pact: 'Parrot pact', reveal_ships: 'Reveal ships', end_turn: 'End the turn',
               lose_good: 'A good for the ghost ship'};
export const group = (type) => GROUP[type] ?? String(type).replace(/_/g, ' ');

export function label(action, view) {
  const cards = cardsOf(view);
  // A card the view does not show (never in a seat's own view) is named by its id.
  const named = (id, words = goodFrom) => (cards.has(id) ? words(cards.get(id)) : `card ${id}`);
  switch (action.type) {
    case 'raid': {
      if (action.cards.length === 1) return `raid ${named(action.cards[0], cardText)}`;
      const goods = action.cards.map((id) => named(id));
      return `raid ${action.cards.length} goods: ${listText(goods)}` +
             (action.cards.length === 3 ? ' (the third costs 1 doubloon)' : '');
    }
    case 'letter_of_marque':
      return `letter of marque (4 doubloons): the deck's top card, ` +
             `${listText(action.cards.map((id) => named(id)))}`;
    case 'secret_chest': return 'secret chest (2 doubloons): the deck\'s top card, face up';
    case 'parrot_pact': return 'parrot pact (3 doubloons): draw 2 ships, reveal up to 2';
    case 'reveal_ships':
      return action.ships.length
          ? `reveal ${listText(action.ships.map((id) => named(id)))}`
          : 'keep all your ships face down';
    case 'end_turn': return 'end the turn';
    case 'timeout': return 'time ran out';
    case 'lose_good': return `give up one of your ${goodName(action.good)} to the ghost ship`;
    default: return genericLabel(action);
  }
}

// One event of the view's log in words.
export function eventText(event, names) {
  const who = (seat) => (seat === 'corsairs' ? 'the Corsairs' : names[seat] ?? `seat ${seat}`);
  const cards = (list) => listText((list || []).map(plainCard));
  switch (event.event) {
    case 'raid':
      return `${who(event.seat)} raided ${cards(event.cards)}` +
             (event.prize ? `, taking the prize: ${prizeName(event.prize)}` : '');
    case 'ship': return event.drawn ? `${who(event.seat)} drew a ship, face down`
                                    : 'no ship was left to draw';
    case 'secret_chest':
      return `${who(event.seat)} opened a secret chest: ${plainCard(event.card)}`;
    case 'parrot_pact':
      return `${who(event.seat)} made a parrot pact and drew ${event.drawn} ` +
             `ship${event.drawn === 1 ? '' : 's'}`;
    case 'revealed':
      return event.cards.length ? `${who(event.seat)} revealed ${cards(event.cards)}`
                                : `${who(event.seat)} kept every ship face down`;
    case 'letter_of_marque':
      return `${who(event.seat)} used a letter of marque: ${cards(event.cards)} and a card ` +
             'from the deck';
    case 'threat_drawn':
      return `${who(event.by)} drew a threat: frozen face down until the turn's end`;
    case 'threat':
      return `${threatName(event.threat)} struck: ` +
             (event.defeated.length ? `${listText(event.defeated.map(who))} beaten`
                                    : 'nobody beaten');
    case 'lost_doubloons': return `${who(event.seat)} lost ${event.doubloons} doubloon` +
                                  `${event.doubloons === 1 ? '' : 's'}`;
    case 'lost_prestige': return `${who(event.seat)} will lose ${event.prestige} prestige`;
    case 'lost_ships':
      return event.ships ? `${who(event.seat)} lost ${event.ships} ship` +
                           `${event.ships === 1 ? '' : 's'} to the kraken`
                         : `${who(event.seat)} had no ship for the kraken to sink`;
    case 'lost_good': return `${who(event.seat)} lost ${plainCard(event.card)} to the ghost ship`;
    case 'corsairs_raid':
      return event.cards.length
          ? `the Corsairs raided the ${event.location}: ` +
            `${listText(event.cards.map((c) => oneGood(c.good)))}` +
            (event.bonus_ship ? ' and took a bonus ship' : '')
          : 'the Corsairs found nothing to raid';
    case 'end_turn': return `${who(event.seat)} ended the turn`;
    case 'turn_passed': return `${who(event.seat)} had nothing to do: the turn passed`;
    case 'timeout': return `${listText((event.seats || []).map(who))} ran out of time`;
    default: return String(event.event).replace(/_/g, ' ');
  }
}

export function describe(view, names) {
  const parts = (view.log || []).map((e) => eventText(e, names));
  if (!parts.length) return null;
  const text = parts.join('; ');
  return text[0].toUpperCase() + text.slice(1);
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
