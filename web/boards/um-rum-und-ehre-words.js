// Um Rum & Ehre in words: the town's spaces and what they do, the tiles, the actions (with what
// a move costs) and the events of the last action, for the board, its buttons and the log. The
// words are the catalogs' (games.um-rum-und-ehre: the Italian rulebook's birrerie, vicoli scuri,
// rissa, vessillo, punti onore). See docs/games/um-rum-und-ehre.md for the view, the actions and
// the costs of moving.

import {t, list, sentence} from '../js/i18n.js';
import {seatNumber} from '../js/names.js';

export const SEAT_COLOURS = ['#c0392b', '#2471a3', '#d4a017', '#1e8449', '#7d3c98'];
export const IMAGINARY_COLOUR = '#7f8c8d';

const w = (key, params) => t(`games.um-rum-und-ehre.${key}`, params);
const words = (text) => String(text).replace(/_/g, ' ');

const TAVERNS = ['es_cruce', 'frere_jacques', 'jolly_roger'];
const KINDS = ['coin', 'hq', 'pirate', 'goods', 'encounter', 'map_yellow', 'map_pink', 'map_green',
               'chest', 'rum', 'guard'];
const ARTICLES = ['hook', 'peg_leg', 'eye_patch', 'parrot'];
const COLOURS = ['yellow', 'pink', 'green'];
const ROLLS_FOR = ['tavern', 'chest', 'brawl'];

export const tavernName = (tavern) => (TAVERNS.includes(tavern) ? w(`tavern.${tavern}`)
                                                                : words(tavern));
const articleName = (article) => (ARTICLES.includes(article) ? w(`article.${article}`)
                                                             : words(article));
export const colourName = (colour) => (COLOURS.includes(colour) ? w(`colour.${colour}`)
                                                                : words(colour));

// Each kind of space: its name on the board, and its action in a few words.
export function spaceKind(kind) {
  if (kind.startsWith('tavern_')) {
    return {name: tavernName(kind.slice(7)), action: w('space.tavern.action'),
            short: w('space.tavern.short'), group: 'tavern'};
  }
  if (!KINDS.includes(kind)) return {name: words(kind), action: '', short: '', group: kind};
  return {name: w(`space.${kind}.name`), action: w(`space.${kind}.action`),
          short: w(`space.${kind}.short`), group: kind};
}

// A space by its kind and its tile ("Coin 3", "Rum, tile 9"): coins carry their tile's number.
export function spaceName(view, space) {
  const kind = view.town.spaces[space];
  const tile = view.town.tiles[space];
  if (kind === 'coin') return w('space.coin_numbered', {tile});
  if (kind === 'hq' || kind.startsWith('tavern_')) return spaceKind(kind).name;
  return w('space.on_tile', {name: spaceKind(kind).name, tile});
}

export function tileText(tile) {
  if (!tile) return w('tile.none');
  const value = tile.value;
  switch (tile.kind) {
    case 'tavern': return w('tile.tavern', {tavern: tavernName(tile.tavern), value});
    case 'map': return w('tile.map', {colour: colourName(tile.colour), value});
    case 'goods': return w('tile.goods', {article: articleName(tile.article), value});
    case 'encounter': return w('tile.encounter', {meeting: meetingText(tile.meeting), value});
    case 'scorpion': return w('tile.scorpion', {value, threshold: tile.threshold});
    case 'small_guard': case 'big_guard':
      return w(`tile.${tile.kind}${tile.coin ? '_coin' : ''}`, {value});
    case 'chest': case 'rope': case 'hammock': case 'bunk':
      return w(`tile.${tile.kind}`, {value});
    default: return w('tile.other', {kind: words(tile.kind), value});
  }
}

function meetingText(meeting) {
  const kind = String(meeting);
  if (kind === 'tavern' || KINDS.includes(kind)) return w(`meeting.${kind}`);
  return words(kind);
}

export const seatName = (names, seat) =>
  (seat === 'imaginary' ? w('imaginary') : names?.[seat] ?? seatNumber(seat));
// "of Anne", "of the imaginary crew": whose pirate, as a language joins the two.
const ofCrew = (names, crew) => (crew === 'imaginary' ? w('of_imaginary')
                                                      : w('of', {crew: seatName(names, crew)}));

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

// "3 pirates", "2 pirates, 1 coin".
function costText({pirates, coins}) {
  return coins ? w('cost_coins', {pirates: w('pirates', {count: pirates}),
                                  coins: w('coins', {count: coins})})
               : w('pirates', {count: pirates});
}

function alleyText(view, id) {
  const [a, b] = view.town.alleys[id];
  return b === null ? w('alley.dark', {id, space: spaceName(view, a)})
                    : w('alley.between', {id, a: spaceName(view, a), b: spaceName(view, b)});
}

// The headings of the groups of buttons.
const TYPES = ['move', 'move_dark', 'rest', 'board', 'end_turn', 'take_back', 'keep', 'sell',
               'take_map', 'guard', 'join', 'decline', 'roll', 'reroll', 'rum'];
export const group = (type) => (TYPES.includes(type) ? w(`group.${type}`) : words(type));

// What a roll is for: "the tavern", "the chest", "the brawl".
const rollFor = (what) => (ROLLS_FOR.includes(what) ? w(`roll_for.${what}`) : words(what));

export function label(action, view) {
  const q = view.question || {};
  const drawn = q.drawn ? w('the_tile', {tile: tileText(q.drawn)}) : w('the_article');
  switch (action.type) {
    case 'move':
      return w('label.move', {space: spaceName(view, moveTarget(view, action)),
                              cost: costText(moveCost(view, action))});
    case 'move_dark':
      return w('label.move_dark', {space: spaceName(view, moveTarget(view, action)),
                                   out: action.out, in: action.in,
                                   cost: costText(moveCost(view, action))});
    case 'rest': return w('label.rest');
    case 'board': return w('label.board');
    case 'end_turn': return w('label.end_turn');
    case 'take_back':
      if (action.alleys.length === 0) return w('label.take_back_none');
      return w('label.take_back', {alleys: list(action.alleys.map((id) => alleyText(view, id)))});
    case 'keep': return q.roll ? w('label.keep_roll', {roll: q.roll.value})
                               : w('label.keep', {tile: drawn});
    case 'sell': return w('label.sell', {tile: drawn});
    case 'take_map': {
      const took = (view.events || []).find((e) => e.event === 'took_map');
      const map = took ? took.tile : view.display.maps[action.slot];
      return map ? w('label.take_map', {tile: tileText(map)})
                 : w('label.take_map_slot', {slot: action.slot + 1});
    }
    case 'guard': return w(`label.guard_${action.size === 'big' ? 'big' : 'small'}`);
    case 'join':
      return q.drink?.tavern ? w('label.join', {tavern: tavernName(q.drink.tavern)})
                             : w('label.join_tavern');
    case 'decline': return w('label.decline');
    case 'roll': return q.roll ? w('label.roll_for', {what: rollFor(q.roll.for)})
                               : w('label.roll');
    case 'reroll': return w('label.reroll');
    case 'rum': return w('label.rum');
    case 'timeout': return w('label.timeout');
    default: return words(action.type);
  }
}

// Whether `e` tells the consequence of the roll the event before it in the same step made: the
// roll is then said once ("Marco rolled 2; not enough for a tile"), never twice.
function followsRoll(e, before) {
  return before && (before.event === 'rolled' || before.event === 'rerolled') &&
         before.seat === e.seat && before.value === e.roll;
}

// Who won the fight that knocked a pirate out: the crew that crossed the mast after it in the
// same step, or the one standing in the column still fought.
function knockedOutBy(e, events, index, view) {
  const crossed = events.slice(index + 1).find((x) => x.event === 'crossed');
  if (crossed) return crossed.crew;
  const fight = view.ship?.fight;
  return fight && fight.standing_row >= 0 ? view.ship.rows[fight.standing_row]?.crew : null;
}

// One event of the last action in words. `events` and `index` place it among the step's events
// (the roll before it, the crossing after it); alone, it is told in full.
export function eventText(e, view, names, events = [e], index = 0) {
  const who = seatName(names, e.seat);
  const tile = e.tile ? tileText(e.tile) : null;
  const after = followsRoll(e, events[index - 1]);
  switch (e.event) {
    case 'round': return w('event.round', {round: e.round, who: seatName(names, e.first_player)});
    case 'imaginary_crew': return w('event.imaginary_crew', {count: e.pirates});
    case 'move':
      return w('event.move', {who, from: spaceName(view, e.from), to: spaceName(view, e.to),
                              cost: costText(e)});
    case 'dead_end':
      return w('event.dead_end', {from: spaceName(view, e.from), to: spaceName(view, e.to)});
    case 'coin': return w('event.coin', {who});
    case 'recruit': return w('event.recruit', {who});
    case 'rum': return w('event.rum', {who, count: e.barrels});
    case 'drew_goods':
      return tile ? w('event.drew_goods', {who, tile}) : w('event.drew_article', {who});
    case 'kept_goods':
      return tile ? w('event.kept_goods', {who, tile}) : w('event.kept_article', {who});
    case 'sold_goods':
      return tile ? w('event.sold_goods', {who, tile}) : w('event.sold_article', {who});
    case 'drew_encounter':
      return tile ? w('event.drew_encounter', {who, tile}) : w('event.drew_encounter_tile', {who});
    case 'rendezvous':
      return e.value ? w('event.rendezvous_value', {who, meeting: meetingText(e.meeting),
                                                   value: e.value})
                     : w('event.rendezvous', {who});
    case 'took_map': return w('event.took', {who, tile});
    case 'took_tavern':
      if (e.roll === undefined) return w('event.won_tavern', {who, tiles: tile});
      return after ? w('event.roll_wins', {tile}) : w('event.kept_wins', {who, roll: e.roll, tile});
    case 'took_chest': return w('event.took', {who, tile});
    case 'stung':
      return after ? w('event.roll_stung', {who, total: e.total, tile})
                   : w('event.kept_stung', {who, roll: e.roll, total: e.total, tile});
    case 'chest_roll':
      return after ? w('event.roll_chest', {total: e.total})
                   : w('event.kept_chest', {who, roll: e.roll, total: e.total});
    case 'empty_tavern': return w('event.empty_tavern', {tavern: tavernName(e.tavern)});
    case 'joined_drink': return w('event.joined_drink', {who});
    case 'declined_drink': return w('event.declined_drink', {who});
    case 'drank_in_vain':
      return after ? w('event.roll_in_vain') : w('event.kept_in_vain', {who, roll: e.roll});
    case 'rolled':
      return e.for ? w('event.rolled_imaginary', {who, value: e.value})
                   : w('event.rolled', {who, value: e.value});
    case 'rerolled':
      return w(e.rum ? 'event.rerolled_rum' : 'event.rerolled', {who, value: e.value});
    case 'beat_guard': return w('event.beat_guard', {who, count: e.crew, tile});
    case 'lost_to_guard': return w('event.lost_to_guard', {who, count: e.crew, tile});
    case 'take_back': return w('event.take_back', {who, count: e.pirates});
    case 'end_turn': return w('event.end_turn', {who});
    case 'rest': return w('event.rest', {who});
    case 'board': return w('event.board', {who, count: e.pirates});
    case 'ashore_without_pirates': return w('event.ashore', {who});
    case 'brawl': return w('event.brawl', {count: e.crews});
    case 'crossed': return w('event.crossed', {of: ofCrew(names, e.crew)});
    case 'knocked_out': {
      const by = knockedOutBy(e, events, index, view);
      const params = {of: ofCrew(names, e.crew)};
      if (by !== null && by !== undefined && by !== e.crew) params.by = seatName(names, by);
      const key = `event.knocked_out${params.by ? '_by' : ''}${e.crew_out ? '_out' : ''}`;
      return w(key, params);
    }
    case 'sleeping_place':
      return w(e.removed ? 'event.sleeping_removed' : 'event.sleeping_place',
               {crew: seatName(names, e.crew), tile});
    case 'timeout': return w('event.timeout', {who});
    case 'game_over': return w('event.game_over');
    default: return words(e.event);
  }
}

// The step's events told in order; the tavern tiles a player alone at the table takes at once
// are said in one breath ("Bot 4 won the Es Cruce 3 and the Es Cruce 5").
function eventTexts(view, names) {
  const events = view.events || [];
  const told = [];
  for (let i = 0; i < events.length; ++i) {
    const e = events[i];
    if (e.event === 'took_tavern' && e.roll === undefined) {
      const tiles = [tileText(e.tile)];
      while (events[i + 1]?.event === 'took_tavern' && events[i + 1].roll === undefined &&
             events[i + 1].seat === e.seat) {
        tiles.push(tileText(events[++i].tile));
      }
      told.push(w('event.won_tavern', {who: seatName(names, e.seat), tiles: list(tiles)}));
      continue;
    }
    told.push(eventText(e, view, names, events, i));
  }
  return told;
}

export function describe(view, names, before) {
  const told = eventTexts(view, names);
  if (told.length) return sentence(told.join(w('event_separator')));
  // Keeping a roll sets off no event: the question before it says whose roll it was.
  const roll = before?.step === view.step - 1 ? before.question?.roll : null;
  if (roll && roll.value !== null && roll.value !== undefined) {
    return sentence(ROLLS_FOR.includes(roll.for)
        ? w('event.kept_roll_for', {who: seatName(names, roll.seat), roll: roll.value,
                                    what: rollFor(roll.for)})
        : w('event.kept_roll', {who: seatName(names, roll.seat), roll: roll.value}));
  }
  return null;
}

export function scoreText(result, score, name) {
  return w('scores.points', {name, count: score});
}

// The rules in short (games.um-rum-und-ehre.rules in the catalogs): their sections, and the part
// of a round a view is in (the town, a drink, a chest, the brawl), which the page explains
// beside the board.
export const rules = {
  sections: ['goal', 'turn', 'spaces', 'brawl'],
  phase(view) {
    if (view.over) return 'over';
    const roll = view.question?.roll?.for;
    if (view.ship?.fight || roll === 'brawl') return 'brawl';
    if (view.question?.drink || roll === 'tavern') return 'tavern';
    if (roll === 'chest') return 'chest';
    return 'town';
  },
};
