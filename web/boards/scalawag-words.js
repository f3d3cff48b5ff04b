// Scalawag! in words: the actions' labels and what each step did, told from the view's `log` (the
// table's events, numbered by `n`; `last_action` names only a seat and a type, since a `return`
// names cards only its captain may know). The Captain's Orders and crew cards by their names in
// the rulebook: Fire Cannons, Close and Board, Gunners, Davy Jones' locker.
// See docs/games/scalawag.md for the view, the actions and the events.

const CREW = {sailor: 'Sailor', gunner: 'Gunner', marine: 'Marine', pilot: 'Pilot',
              mutineer: 'Mutineer', lookout: 'Lookout'};
const words = (text) => String(text).replace(/_/g, ' ');
export const crewName = (card) => CREW[card] ?? words(card);
const NUMBER = ['no', 'a', '2', '3', '4', '5', '6'];
// "a Gunner", "2 Gunners".
export const crewCount = (n, card) =>
  `${NUMBER[n] ?? n} ${crewName(card)}${n === 1 ? '' : 's'}`;
const cardList = (cards) => {
  const named = (cards || []).map(crewName);
  return named.length < 2 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
};
const points = (n) => `${n} compass point${n === 1 ? '' : 's'}`;

// Each order: its name, and the crew counted with it (Sailors for Make Sail...), or the one
// card it claims.
const ORDER = {
  make_sail: {name: 'Make Sail', verb: 'make sail', crew: 'sailor', field: 'sailors'},
  fire: {name: 'Fire Cannons', verb: 'fire cannons', crew: 'gunner', field: 'gunners'},
  board: {name: 'Close and Board', verb: 'close and board', crew: 'marine', field: 'marines'},
  recruit: {name: 'Recruit Crew', verb: 'recruit crew'},
  windward: {name: 'Sail to Windward', verb: 'sail to windward', claims: 'pilot'},
  mutiny: {name: 'Mutiny', verb: 'mutiny', claims: 'mutineer'},
  on_guard: {name: 'On Guard', verb: 'stand on guard', claims: 'lookout'},
};
// What an action did, when its events are out of sight.
const DONE = {order: 'gave an order', second_fire: 'claimed a Pilot to fire again',
              lookout: 'claimed a Lookout', targets: 'named the targets',
              challenge: 'cried "Scalawag!"', decline: 'let the claim stand',
              penalty: 'paid the penalty', lose_crew: 'lost a crew card',
              return: 'put cards back in the harbour', to_locker: 'sent a card to the locker'};
export const orderName = (order) => ORDER[order]?.name ?? words(order);

const seatOf = (names) => (seat) => names?.[seat] ?? `seat ${seat}`;
const listOf = (items) => (items.length < 2 ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

// The headings of the groups of buttons.
const GROUP = {order: 'Captain\'s Orders', second_fire: 'Fire again', lookout: 'A Lookout',
               targets: 'Targets', challenge: 'Challenge', decline: 'Let it stand',
               penalty: 'The penalty', lose_crew: 'The card to lose', return: 'Cards to put back',
               to_locker: 'The card for the locker'};
export const group = (type) => GROUP[type] ?? words(type);

export function label(action, view, names) {
  const who = seatOf(names);
  switch (action.type) {
    case 'order': {
      const o = ORDER[action.order] || {name: words(action.order)};
      if (o.field) {
        const n = action[o.field] ?? 0;
        return n ? `${o.name}, claiming ${crewCount(n, o.crew)}` : o.name;
      }
      return o.claims ? `${o.name}, claiming a ${crewName(o.claims)}` : o.name;
    }
    case 'second_fire': return 'fire a second time, claiming a Pilot';
    case 'lookout': return 'claim a Lookout: every ship within reach';
    case 'targets': {
      const order = view?.order?.order;
      const targets = listOf(action.targets.map(who));
      if (order === 'mutiny') return `stir a mutiny on ${targets}'s ship, stealing ${action.steal}`;
      if (order === 'board') return `board ${targets}`;
      if (order === 'windward') return `sail to windward of ${targets}`;
      return `fire on ${targets}${action.steal ? `, stealing ${action.steal}` : ''}`;
    }
    case 'challenge': return 'challenge: Scalawag!';
    case 'decline': return 'let the claim stand';
    case 'penalty':
      return action.take === 'damage' ? 'take a damage'
          : action.card ? `lose a ${crewName(action.card)}` : 'lose a crew card of their choosing';
    case 'lose_crew': return `lose a ${crewName(action.card)} to Davy Jones' locker`;
    case 'return': return `put back ${cardList(action.cards) || 'no cards'}`;
    case 'to_locker': return `send a ${crewName(action.card)} to Davy Jones' locker`;
    case 'timeout': return 'time ran out';
    default: return words(action.type);
  }
}

// One event in words. A captain's own events (`to`) speak to that captain in its view, and of
// the captain by name in the full view of review.
export function eventText(e, names, viewer = null) {
  const who = seatOf(names);
  const mine = e.to === undefined || e.to === viewer;
  const you = mine ? 'you' : who(e.to);
  const your = mine ? 'your' : `${who(e.to)}'s`;
  const claim = e.claim ? crewCount(e.claim.count, e.claim.crew) : '';
  switch (e.event) {
    case 'turn': return `round ${e.round}: ${who(e.seat)}'s turn`;
    case 'fog_roll':
      return `the Fog of War die shows ${e.symbol}: ` +
             (e.fog ? `the fog lies between ${who(e.fog[0])} and ${who(e.fog[1])}`
                    : 'the fog lifts');
    // "Bot 3 orders 2 Gunners to fire cannons", "Anne gives the order to sail to windward".
    case 'order': {
      const o = ORDER[e.order] || {verb: words(e.order)};
      return o.crew && e.crew ? `${who(e.seat)} orders ${crewCount(e.crew, o.crew)} to ${o.verb}`
                              : `${who(e.seat)} gives the order to ${o.verb}`;
    }
    case 'claim': return `${who(e.seat)} claims ${claim}`;
    case 'claim_accepted':
      return `nobody challenges: ${who(e.seat)}'s claim of ${claim} stands`;
    case 'declined': return `${who(e.seat)} lets the claim stand`;
    case 'window_timeout':
      return e.silent?.length ? `time is up for ${listOf(e.silent.map(who))}: the claim stands`
                              : 'the challenge window closes';
    case 'clock_timeout': return `${listOf((e.silent || []).map(who)) || 'the captain'} ran out ` +
                                 'of time';
    case 'scalawag':
      return `${who(e.by)} cries "Scalawag!" at ${who(e.seat)}: ` +
             (e.truthful ? `${who(e.seat)} shows ${cardList(e.shown) || claim}, the claim was true`
                         : `${who(e.seat)} was bluffing ${claim}`);
    case 'penalty':
      return `${who(e.seat)} pays the penalty with ` +
             (e.take === 'damage' ? 'a damage' : 'a crew card') +
             (e.chosen_by !== undefined && e.chosen_by !== e.seat
                 ? ` (chosen by ${who(e.chosen_by)})` : '');
    case 'damage': return `${who(e.seat)}'s ship takes a damage (${e.damage} in all)`;
    case 'crew_lost': return `${who(e.seat)} loses a ${crewName(e.card)} to Davy Jones' locker`;
    case 'eliminated':
      return e.how === 'sunk'
          ? `${who(e.seat)}'s ship sinks` +
            (e.by !== undefined && e.by >= 0 && e.by !== e.seat ? `, sunk by ${who(e.by)}` : '')
          : `${who(e.seat)} has no crew left and is out`;
    case 'war_prize':
      return `${who(e.seat)} takes a war prize: ` +
             (e.prize === 'repair' ? 'a damage repaired' : 'a crew card from the wreck');
    case 'to_locker':
      return e.cards?.length
          ? `${who(e.seat)}'s last crew go to Davy Jones' locker: ${cardList(e.cards)}`
          : `nothing of ${who(e.seat)}'s crew is left for the locker`;
    case 'attack': return attackText(e, who);
    case 'made_sail': return `${who(e.seat)} makes sail: ${points(e.compass)} now`;
    case 'on_guard': return `${who(e.seat)} stands on guard`;
    case 'recruited':
      return e.drawn ? `${who(e.seat)} recruits ${e.drawn} card${e.drawn === 1 ? '' : 's'} from ` +
                       'the harbour'
                     : `${who(e.seat)} finds the harbour empty`;
    case 'returned':
      return `${who(e.seat)} puts ${e.count} card${e.count === 1 ? '' : 's'} back in the harbour`;
    case 'compass': return `${who(e.seat)} ends the turn with ${points(e.compass)}`;
    case 'order_lost':
      return `${who(e.seat)}'s order is lost: ` +
             (e.why === 'time' ? 'time ran out' : 'no ship within reach');
    case 'shown_replaced':
      return e.count === 1
          ? `${who(e.seat)} puts the card shown back in the harbour and draws another`
          : `${who(e.seat)} puts the ${e.count} cards shown back in the harbour and draws ` +
            `${e.count} others`;
    case 'you_drew': return `${you} drew ${cardList(e.cards) || 'nothing'}`;
    case 'you_stole': return `${you} stole ${cardList(e.cards) || 'nothing'} from ${who(e.from)}`;
    case 'mutiny_on_you':
      return `mutiny on ${your} ship! ${who(e.by)} stole ${cardList(e.lost) || 'nothing'}` +
             (e.drew?.length ? `; ${you} drew ${cardList(e.drew)}` : '');
    case 'you_took': return `${you} took a ${crewName(e.card)} from the wreck`;
    default: return words(e.event);
  }
}

function attackText(e, who) {
  const targets = listOf((e.targets || []).map(who));
  const cost = e.cost !== undefined ? `, paying ${points(e.cost)}` : '';
  switch (e.order) {
    case 'fire': return `${who(e.seat)} fires on ${targets}${cost}`;
    case 'board': return `${who(e.seat)} boards ${targets}${cost}`;
    case 'windward':
      return `${who(e.seat)} sails to windward of ${targets}, taking ${points(e.stolen ?? 0)}`;
    case 'mutiny':
      return `${who(e.seat)} stirs a mutiny on ${targets}'s ship: ${e.stolen} card` +
             `${e.stolen === 1 ? '' : 's'} stolen, ${e.refilled} drawn from the harbour`;
    default: return `${who(e.seat)} attacks ${targets} (${orderName(e.order)})`;
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

export function describe(view, names, before) {
  const events = stepEvents(view, before);
  const told = events.map((e) => eventText(e, names, view.seat ?? null));
  if (!told.length) {
    // Every action sets off an event; a view cut short still names who did what.
    const last = view.last_action;
    if (!last) return null;
    if (last.seat === null || last.seat === undefined) return 'Time ran out';
    return `${seatOf(names)(last.seat)} ${DONE[last.type] ?? `played: ${words(last.type)}`}`;
  }
  const text = told.join('; ');
  return text[0].toUpperCase() + text.slice(1);
}
