// Um Rum & Ehre in words: the town's spaces and what they do, the tiles, the actions (with what
// a move costs) and the events of the last action, for the board, its buttons and the log.
// See docs/games/um-rum-und-ehre.md for the view, the actions and the costs of moving.

export const SEAT_COLOURS = ['#c0392b', '#2471a3', '#d4a017', '#1e8449', '#7d3c98'];
export const IMAGINARY_COLOUR = '#7f8c8d';

const TAVERN = {es_cruce: 'Es Cruce', frere_jacques: 'Frère Jacques', jolly_roger: 'Jolly Roger'};
const ARTICLE = {hook: 'hook', peg_leg: 'peg leg', eye_patch: 'eye patch', parrot: 'parrot'};
const FOR = {tavern: 'the tavern', chest: 'the chest', brawl: 'the brawl'};

// Each kind of space: its name on the board, and its action in a few words.
export function spaceKind(kind) {
  if (kind.startsWith('tavern_')) {
    const name = TAVERN[kind.slice(7)] ?? kind.slice(7);
    return {name, action: 'drink for tavern tiles', short: 'drink', group: 'tavern'};
  }
  if (kind.startsWith('map_')) {
    const colour = kind.slice(4);
    return {name: `${colour[0].toUpperCase()}${colour.slice(1)} map`,
            action: `take a ${colour} map`, short: 'take a map', group: kind};
  }
  const kinds = {
    coin: ['Coin', 'take a coin', '+1 coin'], hq: ['HQ', 'take pirates back', 'take back'],
    pirate: ['Pirate', 'recruit a pirate', 'recruit'],
    goods: ['Goods', 'draw pirate goods', 'draw goods'],
    encounter: ['Encounter', 'draw an encounter', 'draw a tile'],
    chest: ['Chest', 'roll for the chest', 'roll'], rum: ['Rum', 'take 2 rum barrels', '2 barrels'],
    guard: ['Guard', 'fight a city guard', 'fight'],
  };
  const [name, action, short] = kinds[kind] ?? [kind, '', ''];
  return {name, action, short, group: kind};
}

// A space by its kind and its tile ("Coin 3", "Rum, tile 9"): coins carry their tile's number.
export function spaceName(view, space) {
  const kind = view.town.spaces[space];
  const tile = view.town.tiles[space];
  if (kind === 'coin') return `Coin ${tile}`;
  if (kind === 'hq' || kind.startsWith('tavern_')) return spaceKind(kind).name;
  return `${spaceKind(kind).name}, tile ${tile}`;
}

export function tileText(tile) {
  if (!tile) return 'none';
  switch (tile.kind) {
    case 'tavern': return `${TAVERN[tile.tavern] ?? tile.tavern} ${tile.value}`;
    case 'map': return `${tile.colour} map ${tile.value}`;
    case 'goods': return `${ARTICLE[tile.article] ?? tile.article} ${tile.value}`;
    case 'encounter': return `encounter at ${meetingText(tile.meeting)} ${tile.value}`;
    case 'scorpion': return `scorpion ${tile.value} (stings at ${tile.threshold})`;
    case 'small_guard': case 'big_guard':
      return `${tile.kind === 'big_guard' ? 'big' : 'small'} guard ${tile.value}` +
             `${tile.coin ? ' + coin' : ''}`;
    default: return `${tile.kind} ${tile.value}`;
  }
}

function meetingText(meeting) {
  if (meeting === 'tavern') return 'a tavern';
  if (String(meeting).startsWith('map_')) return `a ${meeting.slice(4)} map`;
  return `a ${String(meeting).replace(/_/g, ' ')} space`;
}

export const seatName = (names, seat) =>
  seat === 'imaginary' ? 'the imaginary crew' : names?.[seat] ?? `seat ${seat}`;

// What a move costs, as docs/games/um-rum-und-ehre.md says: a pirate per segment; a coin for
// every move after the first of a turn (not for the last player ashore); a coin more through the
// dark unless no ordinary alley from the captain's space is empty.
export function moveCost(view, action) {
  const done = doneMove(view, action);
  if (done) return {pirates: done.pirates, coins: done.coins};
  const alleys = view.town.alleys;
  const ids = action.type === 'move' ? [action.alley] : [action.out, action.in];
  const pirates = ids.reduce((n, id) => n + alleys[id][2], 0);
  const others = view.players.filter((p) => p.seat !== view.current);
  const lastAshore = others.every((p) => p.done);
  let coins = view.moves_this_turn > 0 && !lastAshore ? 1 : 0;
  if (action.type === 'move_dark') {
    const onlyWay = !alleys.some(([a, b], id) => b !== null && (a === view.captain ||
                                 b === view.captain) && view.alley_pirates[id] === null);
    if (!onlyWay) coins += 1;
  }
  return {pirates, coins};
}

// The move event of this very action, when `view` is the one it led to (a replay's captions
// name each step's action with the view after it). Its alleys are filled now, so no legal move
// of the live view can match it.
function doneMove(view, action) {
  const ids = JSON.stringify(action.type === 'move' ? [action.alley] : [action.out, action.in]);
  return (view.events || []).find((e) => e.event === 'move' && JSON.stringify(e.alleys) === ids);
}

// The space a move leads to.
export function moveTarget(view, action) {
  const done = doneMove(view, action);
  if (done) return done.to;
  const alleys = view.town.alleys;
  if (action.type === 'move_dark') return alleys[action.in][0];
  const [a, b] = alleys[action.alley];
  return a === view.captain ? b : a;
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function costText(view, action) {
  const {pirates, coins} = moveCost(view, action);
  return `${plural(pirates, 'pirate')}${coins ? `, ${plural(coins, 'coin')}` : ''}`;
}

function alleyText(view, id) {
  const [a, b] = view.town.alleys[id];
  return b === null ? `the dark alley ${id} by ${spaceName(view, a)}`
                    : `alley ${id} (${spaceName(view, a)} to ${spaceName(view, b)})`;
}

// The headings of the groups of buttons.
const GROUP = {move: 'Move', move_dark: 'Through the dark', rest: 'Rest', board: 'Board the ship',
               end_turn: 'End the turn', take_back: 'Take pirates back', keep: 'Keep',
               sell: 'Sell', take_map: 'Take a map', guard: 'Fight a guard', join: 'Join the drink',
               decline: 'Decline', roll: 'Roll', reroll: 'Roll again', rum: 'Rum'};
export const group = (type) => GROUP[type] ?? String(type).replace(/_/g, ' ');

export function label(action, view) {
  const q = view.question || {};
  const drawn = q.drawn ? `the ${tileText(q.drawn)}` : 'the article';
  switch (action.type) {
    case 'move':
      return `move to ${spaceName(view, moveTarget(view, action))} (${costText(view, action)})`;
    case 'move_dark':
      return `through the dark to ${spaceName(view, moveTarget(view, action))}: out by alley ` +
             `${action.out}, in by alley ${action.in} (${costText(view, action)})`;
    case 'rest': return 'rest: pay a coin and pass';
    case 'board': return 'board the ship with all your pirates';
    case 'end_turn': return 'end your turn';
    case 'take_back':
      if (action.alleys.length === 0) return 'take no pirates back';
      return `take back your pirates from ${action.alleys.map((id) => alleyText(view, id))
          .join(' and ')}`;
    case 'keep': return q.roll ? `keep the roll of ${q.roll.value}` : `keep ${drawn}`;
    case 'sell': return `sell ${drawn} for 2 coins`;
    case 'take_map': {
      const took = (view.events || []).find((e) => e.event === 'took_map');
      const map = took ? took.tile : view.display.maps[action.slot];
      return map ? `take the ${tileText(map)}` : `take map ${action.slot + 1}`;
    }
    case 'guard':
      return `fight a ${action.size} guard (worth ${action.size === 'big' ? '4 to 6' : '1 to 3'})`;
    case 'join':
      return `join the drink at ${TAVERN[q.drink?.tavern] ?? 'the tavern'} for a coin`;
    case 'decline': return 'decline the drink';
    case 'roll': return q.roll ? `roll the die for ${FOR[q.roll.for]}` : 'roll the die';
    case 'reroll': return 'roll again (the barrel\'s second roll)';
    case 'rum': return 'drink a rum barrel and roll again';
    case 'timeout': return 'time ran out';
    default: return action.type.replace(/_/g, ' ');
  }
}

// One event of the last action in words.
export function eventText(e, view, names) {
  const who = seatName(names, e.seat);
  const tile = e.tile ? ` the ${tileText(e.tile)}` : '';
  switch (e.event) {
    case 'round': return `round ${e.round} begins; ${seatName(names, e.first_player)} starts`;
    case 'imaginary_crew': return `the imaginary crew boards with ${plural(e.pirates, 'pirate')}`;
    case 'move':
      return `${who} moved from ${spaceName(view, e.from)} to ${spaceName(view, e.to)} ` +
             `(${plural(e.pirates, 'pirate')}${e.coins ? `, ${plural(e.coins, 'coin')}` : ''})`;
    case 'dead_end':
      return `dead end at ${spaceName(view, e.from)}: the captain goes to ${spaceName(view, e.to)}`;
    case 'coin': return `${who} took a coin`;
    case 'recruit': return `${who} recruited a pirate`;
    case 'rum': return `${who} took ${plural(e.barrels, 'rum barrel')}`;
    case 'drew_goods': return `${who} drew${tile || ' an article'}`;
    case 'kept_goods': return `${who} kept${tile || ' the article'}`;
    case 'sold_goods': return `${who} sold${tile || ' the article'} for 2 coins`;
    case 'drew_encounter': return `${who} drew${tile || ' an encounter tile'}`;
    case 'rendezvous':
      return `${who} met an encounter${e.value ? ` (${meetingText(e.meeting)}, ${e.value})` : ''}`;
    case 'took_map': return `${who} took${tile}`;
    case 'took_tavern': return `${who} won${tile}`;
    case 'took_chest': return `${who} took${tile}`;
    case 'stung': return `${who} rolled ${e.roll} (total ${e.total}) and was stung:${tile}`;
    case 'chest_roll': return `${who} rolled ${e.roll} for the chest (total ${e.total})`;
    case 'empty_tavern': return `${TAVERN[e.tavern] ?? e.tavern} has no tiles left`;
    case 'joined_drink': return `${who} joined the drink`;
    case 'declined_drink': return `${who} declined the drink`;
    case 'drank_in_vain': return `${who} rolled ${e.roll} and won nothing`;
    case 'rolled': return `${who} rolled ${e.value}${e.for ? ' for the imaginary crew' : ''}`;
    case 'rerolled': return `${who} rolled again${e.rum ? ' with rum' : ''}: ${e.value}`;
    case 'beat_guard': return `${who}'s ${plural(e.crew, 'pirate')} beat${tile}`;
    case 'lost_to_guard': return `${who}'s ${plural(e.crew, 'pirate')} lost to${tile}`;
    case 'take_back': return `${who} took ${plural(e.pirates, 'pirate')} back`;
    case 'end_turn': return `${who} ended the turn`;
    case 'rest': return `${who} rested`;
    case 'board': return `${who} boarded with ${plural(e.pirates, 'pirate')}`;
    case 'ashore_without_pirates': return `${who} is ashore without pirates`;
    case 'brawl': return `the brawl begins among ${plural(e.crews, 'crew')}`;
    case 'crossed': return `a pirate of ${seatName(names, e.crew)} crossed the mast`;
    case 'knocked_out':
      return `a pirate of ${seatName(names, e.crew)} was knocked out` +
             `${e.crew_out ? ': that crew is out' : ''}`;
    case 'sleeping_place': return `${seatName(names, e.crew)} sleeps on${tile}`;
    case 'timeout': return `${who} ran out of time`;
    case 'game_over': return 'the match is over';
    default: return e.event.replace(/_/g, ' ');
  }
}

export function describe(view, names, before) {
  const events = view.events || [];
  if (events.length) return events.map((e) => eventText(e, view, names)).join('; ');
  // Keeping a roll sets off no event: the question before it says whose roll it was.
  const roll = before?.step === view.step - 1 ? before.question?.roll : null;
  if (roll && roll.value !== null && roll.value !== undefined) {
    return `${seatName(names, roll.seat)} kept the roll of ${roll.value}` +
           (FOR[roll.for] ? ` for ${FOR[roll.for]}` : '');
  }
  return null;
}
