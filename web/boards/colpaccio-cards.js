// The Colpaccio cards, drawn in SVG: a good's face (its location, its good, its prize and its
// cannonball), a ship's back (the deck, face-down ships, a threat's back with its spyglass), a
// threat's face, and a play area's columns (the strip each card shows, oldest first; the
// face-down ships). Only the board module (colpaccio.js) uses these; words for cards are here
// too, so labels and drawings agree: the rulebook's (games.colpaccio in the catalogs: the
// Convoy, the goods, the Threats, the doubloons).

import {s} from '../js/dom.js';
import {t, list} from '../js/i18n.js';

const w = (key, params) => t(`games.colpaccio.${key}`, params);

export const GOODS = ['gems', 'silverware', 'fabrics', 'rum', 'pistols', 'sabres'];
const LOCATIONS = ['inn', 'tower', 'dock', 'beach'];
const PRIZES = ['doubloon', 'two_doubloons', 'ship', 'spyglass'];
const THREATS = ['corsairs', 'ghost_ship', 'kraken'];
const known = (names, name, key) => (names.includes(name) ? w(key) : String(name));

export const goodName = (good) => known(GOODS, good, `good.${good}`);
export const oneGood = (good) => known(GOODS, good, `one.${good}`);
export const shortGood = (good) => known(GOODS, good, `short.${good}`);
export const locationName = (place) => known(LOCATIONS, place, `location.${place}`);
export const prizeName = (prize) => known(PRIZES, prize, `prize.${prize}`);
// "the Corsairs", "the ghost ship": a threat named in a sentence; threatTitle on its card.
export const threatName = (threat) => known(THREATS, threat, `threat.${threat}`);
export const threatTitle = (threat) => known(THREATS, threat, `threat_title.${threat}`);

// "gem from the beach": a card's good and location.
export const goodFrom = (card) => w('good_from', {
  good: oneGood(card.good),
  from: LOCATIONS.includes(card.location) ? w(`from.${card.location}`) : String(card.location)});
// "the inn": a location as a sentence names it.
export const thePlace = (place) => known(LOCATIONS, place, `the_place.${place}`);

// "gem from the beach (prize: a spyglass, a cannonball)": a card in words, all of it.
export function cardText(card) {
  if (!card) return w('a_card');
  const extra = [card.prize && w('card_prize', {prize: prizeName(card.prize)}),
                 card.cannonball && w('a_cannonball')].filter(Boolean);
  return extra.length ? w('card_with', {card: goodFrom(card), extra: list(extra, 'unit')})
                      : goodFrom(card);
}

// Glyphs in a 40 by 40 box: shapes rather than emoji, which not every system can show.
const GLYPH = {
  gems: ['M8 15 L14 6 H26 L32 15 L20 34 Z', 'M8 15 H32 M14 6 L20 15 L26 6 M20 15 V34'],
  silverware: ['M11 5 H29 C29 17 25 21 20 21 C15 21 11 17 11 5 Z M18 21 H22 V30 H18 Z ' +
               'M12 31 H28 V35 H12 Z', 'M14 9 H26'],
  fabrics: ['M5 9 Q12 3 19 9 T33 9 V29 Q26 23 19 29 T5 29 Z', 'M5 16 Q12 10 19 16 T33 16 ' +
            'M5 22 Q12 16 19 22 T33 22'],
  rum: ['M11 5 H29 Q35 20 29 35 H11 Q5 20 11 5 Z', 'M8 13 H32 M8 27 H32 M20 5 V35'],
  pistols: ['M3 10 H29 L33 7 H36 V17 H29 L35 33 H26 L21 17 H3 Z', 'M21 17 Q21 24 27 22'],
  sabres: ['M9 30 Q28 26 35 3 Q37 24 13 34 Z M4 28 L7 25 L16 35 L13 38 Z', ''],
};

export function glyph(good, attrs = {}) {
  const [body, lines] = GLYPH[good] || ['M5 5 H35 V35 H5 Z', ''];
  return s('g', {class: `glyph good-${good}`, ...attrs},
    s('path', {class: 'glyph-body', d: body}), s('path', {class: 'glyph-line', d: lines}));
}

function coin(x, y, text) {
  return [s('circle', {class: 'coin', cx: x, cy: y, r: 9}),
          s('text', {class: 'coin-text', x, y: y + 4, 'text-anchor': 'middle'}, text)];
}

// A prize's icon centred at (x, y).
export function prizeIcon(prize, x, y) {
  switch (prize) {
    case 'doubloon': return s('g', {class: 'prize'}, coin(x, y, '1'));
    case 'two_doubloons': return s('g', {class: 'prize'}, coin(x - 5, y, ''), coin(x + 5, y, '2'));
    case 'ship':
      return s('g', {class: 'prize ship-icon', transform: `translate(${x - 11} ${y - 11})`},
        s('path', {class: 'hull-icon', d: 'M1 14 H21 L17 21 H5 Z'}),
        s('path', {class: 'sail-icon', d: 'M10 1 V13 H3 Z M12 3 V13 H19 Z'}));
    case 'spyglass': return spyglass(x, y);
    default: return null;
  }
}

function spyglass(x, y) {
  return s('g', {class: 'prize spyglass', transform: `translate(${x} ${y}) rotate(-30)`},
    s('rect', {x: -11, y: -3, width: 9, height: 6, rx: 1}),
    s('rect', {x: -3, y: -4, width: 8, height: 8, rx: 1}),
    s('rect', {x: 5, y: -5, width: 7, height: 10, rx: 1}));
}

export function cannonball(x, y, r = 7) {
  return s('g', {class: 'cannonball'}, s('circle', {cx: x, cy: y, r}),
    s('circle', {class: 'shine', cx: x - r / 3, cy: y - r / 3, r: r / 3}));
}

const W = 100;
const H = 140;

// A word longer than its card or column in some language ("tessuti pregiati") is drawn narrower
// to fit, rather than cut: attributes for a text of `text` at `size` px in `width` units.
function fits(text, size, width) {
  const guess = String(text).length * size * 0.6;  // bold, mostly lower case
  return guess <= width ? {} : {textLength: width, lengthAdjust: 'spacingAndGlyphs'};
}

// A good's face, in its own <svg>: location band, glyph, good, prize and cannonball.
export function cardFace(card, attrs = {}) {
  return s('svg', {viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': cardText(card), ...attrs,
                   class: `colp-card face good-${card.good} at-${card.location} ` +
                          `${attrs.class || ''}`, 'data-card': card.id},
    s('title', {}, cardText(card)),
    s('rect', {class: 'card-body', x: 2, y: 2, width: W - 4, height: H - 4, rx: 9}),
    s('path', {class: 'band', d: `M2 26 V11 Q2 2 11 2 H${W - 11} Q${W - 2} 2 ${W - 2} 11 V26 Z`}),
    s('text', {class: 'band-text', x: W / 2, y: 19, 'text-anchor': 'middle',
               ...fits(locationName(card.location), 12, W - 12)}, locationName(card.location)),
    glyph(card.good, {transform: 'translate(22 32) scale(1.4)'}),
    s('text', {class: 'good-text', x: W / 2, y: 104, 'text-anchor': 'middle',
               ...fits(goodName(card.good), 13, W - 10)}, goodName(card.good)),
    card.prize ? prizeIcon(card.prize, 22, 122) : null,
    card.cannonball ? cannonball(W - 22, 122) : null);
}

// A ship's back: the deck, a face-down ship, or a threat (its back shows a spyglass).
export function cardBack({threat = false, text = '', attrs = {}} = {}) {
  return s('svg', {viewBox: `0 0 ${W} ${H}`, role: 'img',
                   'aria-label': w(threat ? 'threat_back' : 'ship_back'), ...attrs,
                   class: `colp-card back${threat ? ' threat-back' : ''} ${attrs.class || ''}`},
    s('rect', {class: 'card-body', x: 2, y: 2, width: W - 4, height: H - 4, rx: 9}),
    s('rect', {class: 'back-frame', x: 9, y: 9, width: W - 18, height: H - 18, rx: 6}),
    prizeIcon('ship', W / 2, 58),
    threat ? s('g', {transform: 'translate(0 30)'}, spyglass(W / 2, 58)) : null,
    text ? s('text', {class: 'back-text', x: W / 2, y: 120, 'text-anchor': 'middle'}, text)
         : null);
}

// A threat's face.
export function threatFace(threat, attrs = {}) {
  return s('svg', {viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': threatName(threat),
                   ...attrs, class: `colp-card threat threat-${threat} ${attrs.class || ''}`},
    s('title', {}, threatName(threat)),
    s('rect', {class: 'card-body', x: 2, y: 2, width: W - 4, height: H - 4, rx: 9}),
    s('text', {class: 'threat-kind', x: W / 2, y: 22, 'text-anchor': 'middle',
               ...fits(w('threat_kind'), 12, W - 12)}, w('threat_kind')),
    s('path', {class: 'threat-mark', d: THREAT_MARK[threat] || ''}),
    s('text', {class: 'threat-text', x: W / 2, y: 118, 'text-anchor': 'middle',
               ...fits(threatTitle(threat), 13, W - 12)}, threatTitle(threat)));
}

const THREAT_MARK = {
  corsairs: 'M30 40 L70 90 M70 40 L30 90 M24 46 L36 34 M76 46 L64 34',
  ghost_ship: 'M26 84 H74 L66 96 H34 Z M48 40 V82 M50 44 L70 78 H50 Z M46 48 L30 78 H46 Z',
  kraken: 'M30 96 Q20 70 40 64 M44 96 Q40 72 50 62 M56 96 Q60 72 50 62 M70 96 Q80 70 60 64 ' +
          'M36 62 Q50 30 64 62 Z',
};

// The strip a card shows in a column, `width` wide at (0, y): its location (or `text`) and its
// cannonball.
export const STRIP = 22;
export function strip(card, y, width, text = locationName(card.location)) {
  return s('g', {class: `strip at-${card.location}`, transform: `translate(0 ${y})`,
                 'data-card': card.id},
    s('title', {}, cardText(card)),
    s('rect', {class: 'band', x: 1, y: 0, width: width - 2, height: STRIP - 2, rx: 4}),
    s('text', {class: 'band-text', x: 7, y: 15, ...fits(text, 12, width - 30)}, text),
    card.cannonball ? cannonball(width - 12, 10, 6) : null);
}

const COLUMN = 84;
const HEAD = 64;

// A column in its own <svg>: a head (an icon, a count, a name, a badge) over strips of cards.
function columnSvg(attrs, rows, icon, count, name, badge, most, strips) {
  return s('svg', {...attrs, viewBox: `0 0 ${COLUMN} ${HEAD + Math.max(1, rows) * STRIP + 2}`,
                   role: 'img'},
    s('rect', {class: 'column-head', x: 1, y: 1, width: COLUMN - 2, height: HEAD - 4, rx: 6}),
    icon,
    s('text', {class: 'count', x: 62, y: 24, 'text-anchor': 'middle'}, count),
    s('text', {class: 'name', x: COLUMN / 2, y: 40, 'text-anchor': 'middle',
               ...fits(name, 12, COLUMN - 6)}, name),
    badge ? s('text', {class: `badge-text${most ? ' most' : ''}`, x: COLUMN / 2, y: 55,
                       ...fits(badge, 12, COLUMN - 6),
                       'text-anchor': 'middle'}, badge) : null,
    strips);
}

// A column of one good: its glyph, count and running points, then the cards, oldest first.
export function column(cards, good, points, solo) {
  const badge = points === 0 ? null
      : solo || points === 7 ? w('column.most', {points}) : w('column.second', {points});
  return columnSvg({class: `colp-column good-${good}`, 'data-good': good,
                    'data-count': cards.length, 'data-points': points,
                    'aria-label': badge ? w('column.label_points', {good: goodName(good),
                                                                    count: cards.length, badge})
                                        : w('column.label', {good: goodName(good),
                                                             count: cards.length})},
    cards.length, glyph(good, {transform: 'translate(6 4) scale(.6)'}), cards.length,
    goodName(good), badge, solo || points === 7,
    cards.map((card, i) => strip(card, HEAD + i * STRIP, COLUMN)));
}

// The face-down ships of a personal area: only how many, as backs; a fully revealed replay
// (the only view with `ship_cards`) shows what they hide.
export function shipsColumn(area, points, solo, mine) {
  const count = area.ships;
  const worth = w(solo ? 'ships_column.solo' : 'ships_column.each', {points});
  const hidden = (_, i) => s('g', {class: 'ship-back',
                                   transform: `translate(0 ${HEAD + i * STRIP})`},
    s('rect', {x: 1, y: 0, width: COLUMN - 2, height: STRIP - 2, rx: 4}),
    s('text', {x: COLUMN / 2, y: 15, 'text-anchor': 'middle',
               ...fits(w('ships_column.face_down'), 12, COLUMN - 8)}, w('ships_column.face_down')));
  return columnSvg({class: 'colp-column ships', 'data-ships': count,
                    'aria-label': w(mine ? 'ships_column.label_mine' : 'ships_column.label',
                                    {count, worth})},
    count, prizeIcon('ship', 20, 18), count, w('ships_column.name'), worth, false,
    area.ship_cards
        ? area.ship_cards.map((card, i) => strip(card, HEAD + i * STRIP, COLUMN,
                                                 shortGood(card.good)))
        : Array.from({length: count}, hidden));
}
