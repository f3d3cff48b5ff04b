// Scalawag! in words: the actions' labels and what each step did, told from the view's `log` (the
// table's events, numbered by `n`; `last_action` names only a seat and a type, since a `return`
// names cards only its captain may know). The Captain's Orders and crew cards by their names in
// the rulebook: Fire Cannons, Close and Board, Gunners, Davy Jones' locker (the Italian
// rulebook keeps the cards' English names and words the orders its own way: Fare Fuoco con i
// Cannoni, la Cassa di Davy Jones). The words are the catalogs' (games.scalawag).
// See docs/games/scalawag.md for the view, the actions and the events.

import {t, list, sentence} from '../js/i18n.js';
import {seatNumber} from '../js/names.js';

const w = (key, params) => t(`games.scalawag.${key}`, params);
const words = (text) => String(text).replace(/_/g, ' ');

const CARDS = ['sailor', 'gunner', 'marine', 'pilot', 'mutineer', 'lookout'];
export const crewName = (card) => (CARDS.includes(card) ? w(`crew.${card}`) : words(card));
// "a Gunner", "2 Gunners".
export const crewCount = (n, card) =>
  (CARDS.includes(card) ? w(`count.${card}`, {count: n}) : `${n} ${words(card)}`);
// "Sailor, Pilot and Lookout".
const cardList = (cards) => list((cards || []).map(crewName));
const points = (n) => w('points', {count: n});

// Each order, and the crew counted with it (Sailors for Make Sail...), or the one card it claims.
const ORDER = {
  make_sail: {crew: 'sailor', field: 'sailors'},
  fire: {crew: 'gunner', field: 'gunners'},
  board: {crew: 'marine', field: 'marines'},
  recruit: {},
  windward: {claims: 'pilot'},
  mutiny: {claims: 'mutineer'},
  on_guard: {claims: 'lookout'},
};
const known = (order) => Object.hasOwn(ORDER, order);
export const orderName = (order) => (known(order) ? w(`order.${order}.name`) : words(order));
export const flagName = (flag) => w(`flag.${flag}`);
export const allegianceName = (side) => w(`allegiance.${side}`);
export const phaseName = (phase) => w(`phase.${phase}`);

// What an action did, when its events are out of sight.
const DONE = ['order', 'second_fire', 'lookout', 'targets', 'challenge', 'decline', 'penalty',
              'lose_crew', 'return', 'to_locker'];

const seatOf = (names) => (seat) => names?.[seat] ?? seatNumber(seat);

// The headings of the groups of buttons.
export const group = (type) => (DONE.includes(type) ? w(`group.${type}`) : words(type));

export function label(action, view, names) {
  const who = seatOf(names);
  switch (action.type) {
    case 'order': {
      const o = ORDER[action.order];
      if (!o) return words(action.order);
      const name = orderName(action.order);
      if (o.field) {
        const n = action[o.field] ?? 0;
        return n ? w('label.order_claiming', {order: name, claim: crewCount(n, o.crew)}) : name;
      }
      return o.claims ? w('label.order_claiming', {order: name, claim: crewCount(1, o.claims)})
                      : name;
    }
    case 'second_fire': return w('label.second_fire');
    case 'lookout': return w('label.lookout');
    case 'targets': {
      const order = view?.order?.order;
      const targets = list(action.targets.map(who));
      if (order === 'mutiny') return w('label.mutiny', {targets, steal: action.steal});
      if (order === 'board') return w('label.board', {targets});
      if (order === 'windward') return w('label.windward', {targets});
      return action.steal ? w('label.fire_stealing', {targets, steal: action.steal})
                          : w('label.fire', {targets});
    }
    case 'challenge': return w('label.challenge');
    case 'decline': return w('label.decline');
    case 'penalty':
      return action.take === 'damage' ? w('label.penalty_damage')
          : action.card ? w('label.penalty_card', {card: crewName(action.card)})
                        : w('label.penalty_crew');
    case 'lose_crew': return w('label.lose_crew', {card: crewName(action.card)});
    case 'return':
      return action.cards?.length ? w('label.return', {cards: cardList(action.cards)})
                                  : w('label.return_none');
    case 'to_locker': return w('label.to_locker', {card: crewName(action.card)});
    case 'timeout': return w('label.timeout');
    default: return words(action.type);
  }
}

// One event in words. A captain's own events (`to`) speak to that captain in its view, and of
// the captain by name in the full view of review.
export function eventText(e, names, viewer = null) {
  const who = seatOf(names);
  const mine = e.to === undefined || e.to === viewer;
  // The events told to one captain: to "you" in that captain's view, else by name.
  const told = (key, params) => (mine ? w(`event.${key}.you`, params)
                                      : w(`event.${key}.other`, {...params, name: who(e.to)}));
  const claim = e.claim ? crewCount(e.claim.count, e.claim.crew) : '';
  switch (e.event) {
    case 'turn': return w('event.turn', {round: e.round, who: who(e.seat)});
    case 'fog_roll':
      return e.fog ? w('event.fog_roll', {symbol: e.symbol, a: who(e.fog[0]), b: who(e.fog[1])})
                   : w('event.fog_lifts', {symbol: e.symbol});
    // "Bot 3 orders 2 Gunners to fire cannons", "Anne gives the order to sail to windward".
    case 'order': {
      const o = ORDER[e.order];
      if (!o) return w('event.order_unknown', {who: who(e.seat), order: words(e.order)});
      return o.crew && e.crew
          ? w(`order.${e.order}.given_with`, {who: who(e.seat), crew: crewCount(e.crew, o.crew)})
          : w(`order.${e.order}.given`, {who: who(e.seat)});
    }
    case 'claim': return w('event.claim', {who: who(e.seat), claim});
    case 'claim_accepted': return w('event.claim_accepted', {who: who(e.seat), claim});
    case 'declined': return w('event.declined', {who: who(e.seat)});
    case 'window_timeout':
      return e.silent?.length ? w('event.window_timeout', {who: list(e.silent.map(who)),
                                                           count: e.silent.length})
                              : w('event.window_closes');
    case 'clock_timeout':
      return e.silent?.length ? w('event.clock_timeout', {who: list(e.silent.map(who)),
                                                          count: e.silent.length})
                              : w('event.clock_timeout_captain');
    case 'scalawag':
      return e.truthful
          ? w('event.scalawag_true', {by: who(e.by), who: who(e.seat),
                                      shown: e.shown?.length ? cardList(e.shown) : claim})
          : w('event.scalawag_bluff', {by: who(e.by), who: who(e.seat), claim});
    case 'penalty': {
      const how = e.take === 'damage' ? 'damage' : 'crew';
      return e.chosen_by !== undefined && e.chosen_by !== e.seat
          ? w(`event.penalty_${how}_chosen`, {who: who(e.seat), by: who(e.chosen_by)})
          : w(`event.penalty_${how}`, {who: who(e.seat)});
    }
    case 'damage': return w('event.damage', {who: who(e.seat), count: e.damage});
    case 'crew_lost': return w('event.crew_lost', {who: who(e.seat), card: crewName(e.card)});
    case 'eliminated':
      if (e.how !== 'sunk') return w('event.no_crew', {who: who(e.seat)});
      return e.by !== undefined && e.by >= 0 && e.by !== e.seat
          ? w('event.sunk_by', {who: who(e.seat), by: who(e.by)})
          : w('event.sunk', {who: who(e.seat)});
    case 'war_prize':
      return w(e.prize === 'repair' ? 'event.prize_repair' : 'event.prize_card',
               {who: who(e.seat)});
    case 'to_locker':
      return e.cards?.length ? w('event.to_locker', {who: who(e.seat), cards: cardList(e.cards)})
                             : w('event.to_locker_none', {who: who(e.seat)});
    case 'attack': return attackText(e, who);
    case 'made_sail': return w('event.made_sail', {who: who(e.seat), points: points(e.compass)});
    case 'on_guard': return w('event.on_guard', {who: who(e.seat)});
    case 'recruited':
      return e.drawn ? w('event.recruited', {who: who(e.seat), count: e.drawn})
                     : w('event.harbour_empty', {who: who(e.seat)});
    case 'returned': return w('event.returned', {who: who(e.seat), count: e.count});
    case 'compass': return w('event.compass', {who: who(e.seat), points: points(e.compass)});
    case 'order_lost':
      return w(e.why === 'time' ? 'event.order_lost_time' : 'event.order_lost_reach',
               {who: who(e.seat)});
    case 'shown_replaced': return w('event.shown_replaced', {who: who(e.seat), count: e.count});
    case 'you_drew':
      return e.cards?.length ? told('drew', {cards: cardList(e.cards)}) : told('drew_nothing');
    case 'you_stole':
      return e.cards?.length ? told('stole', {cards: cardList(e.cards), from: who(e.from)})
                             : told('stole_nothing', {from: who(e.from)});
    case 'mutiny_on_you': {
      const lost = e.lost?.length ? cardList(e.lost) : w('nothing');
      return e.drew?.length ? told('mutiny_drew', {by: who(e.by), lost, drew: cardList(e.drew)})
                            : told('mutiny', {by: who(e.by), lost});
    }
    case 'you_took': return told('took', {card: crewName(e.card)});
    default: return words(e.event);
  }
}

function attackText(e, who) {
  const targets = list((e.targets || []).map(who));
  const params = {who: who(e.seat), targets};
  switch (e.order) {
    case 'fire': case 'board':
      return e.cost !== undefined ? w(`event.${e.order}_paying`, {...params, cost: points(e.cost)})
                                  : w(`event.${e.order}`, params);
    case 'windward': return w('event.windward', {...params, points: points(e.stolen ?? 0)});
    case 'mutiny':
      return w('event.mutiny', {...params, count: e.stolen, drawn: e.refilled});
    default: return w('event.attack', {...params, order: orderName(e.order)});
  }
}

// The events of this step: those numbered after the view before it; without that view (a log
// that starts here), those of the turn under way.
function stepEvents(view, before) {
  const log = view.log || [];
  if (before && before.step === view.step - 1) {
    const seen = Math.max(-1, ...(before.log || []).map((e) => e.n ?? -1));
    return log.filter((e) => (e.n ?? Infinity) > seen);
  }
  const start = log.findLastIndex((e) => e.event === 'turn');
  return log.slice(Math.max(0, start));
}

// `you`: the view is the reader's own seat's (a replay through another seat's eyes says that
// seat's events by its name).
export function describe(view, names, before, you = true) {
  const events = stepEvents(view, before);
  const told = events.map((e) => eventText(e, names, you ? view.seat ?? null : undefined));
  if (!told.length) {
    // Every action sets off an event; a view cut short still names who did what.
    const last = view.last_action;
    if (!last) return null;
    if (last.seat === null || last.seat === undefined) return w('done.time_ran_out');
    const who = seatOf(names)(last.seat);
    return DONE.includes(last.type) ? w(`done.${last.type}`, {who})
                                    : w('done.other', {who, type: words(last.type)});
  }
  return sentence(told.join(w('event_separator')));
}

// The rules in short (games.scalawag.rules in the catalogs): their sections, and the phase a view
// is in, which the page explains beside the board.
export const rules = {
  sections: ['goal', 'turn', 'challenge', 'reach'],
  phase: (view) => (view.over ? 'over' : view.phase ?? null),
};
