// The town of Um Rum & Ehre in SVG: the nine tiles in their arrangement, each space with its
// kind and its action, the alleys between them cut into segments (a pirate on each segment of a
// filled alley, in its player's colour), the dark alleys leaving the town at its edge, the dead
// ends, and the captain. Spaces the view offers a move to, and alleys the HQ lets a player take
// back, are clickable; what a click sends is decided by the board (um-rum-und-ehre.js).

import {s, clickable, squeeze, titled} from '../js/dom.js';
import {t} from '../js/i18n.js';
import {SEAT_COLOURS, spaceKind, spaceName, seatName} from './um-rum-und-ehre-words.js';

const w = (key, params) => t(`games.um-rum-und-ehre.${key}`, params);

const C = 110;    // a space's cell
const BOX = 74;   // the space drawn in it; the rest is street
const M = 58;     // the margin the dark alleys run into
export const TOWN_SIZE = 6 * C + 2 * M;

const centre = (space) => [M + (space % 6) * C + C / 2, M + Math.floor(space / 6) * C + C / 2];

// Dark alleys are numbered clockwise round the edge from the top-left corner, six a side
// (docs/games/um-rum-und-ehre.md): which way each leaves the town.
const OUTWARD = [[0, -1], [1, 0], [0, 1], [-1, 0]];

// A space is a dead end when the captain could not leave it: no empty ordinary alley, and no
// empty dark alley here together with another empty dark alley elsewhere.
export function deadEnds(view) {
  const alleys = view.town.alleys;
  const empty = (id) => view.alley_pirates[id] === null;
  const darkEmpty = alleys.map((a, id) => a[1] === null && empty(id));
  const dead = new Set();
  view.town.spaces.forEach((_, space) => {
    let open = false;
    alleys.forEach(([a, b], id) => {
      if (open || (a !== space && b !== space) || !empty(id)) return;
      if (b !== null) open = true;
      else open = darkEmpty.some((e, other) => e && other !== id && alleys[other][0] !== space);
    });
    if (!open) dead.add(space);
  });
  return dead;
}

function slots(id, from, to, n, owner, half) {
  const out = [];
  for (let i = 0; i < n; ++i) {
    const t = (i + 0.5) / (n + (half ? 0.35 : 0));
    const cx = from[0] + (to[0] - from[0]) * t;
    const cy = from[1] + (to[1] - from[1]) * t;
    out.push(owner === null
        ? s('circle', {class: 'slot', cx, cy, r: 5.5})
        : s('circle', {class: 'pirate', cx, cy, r: 7, fill: SEAT_COLOURS[owner]}));
  }
  return out;
}

function alley(view, id, names, lastMoved) {
  const [a, b, segments] = view.town.alleys[id];
  const owner = view.alley_pirates[id];
  const [ax, ay] = centre(a);
  let from;
  let to;
  let dir = null;
  const dark = b === null;
  if (dark) {
    dir = OUTWARD[Math.floor((id - view.town.alleys.findIndex((x) => x[1] === null)) / 6)];
    const [dx, dy] = dir;
    from = [ax + dx * BOX / 2, ay + dy * BOX / 2];
    to = [ax + dx * (C / 2 + M - 22), ay + dy * (C / 2 + M - 22)];
  } else {
    const [bx, by] = centre(b);
    const ux = Math.sign(bx - ax);
    const uy = Math.sign(by - ay);
    from = [ax + ux * BOX / 2, ay + uy * BOX / 2];
    to = [bx - ux * BOX / 2, by - uy * BOX / 2];
  }
  const where = dark ? w('town.dark_alley', {id, space: spaceName(view, a)})
                     : w('town.alley', {id, a: spaceName(view, a), b: spaceName(view, b)});
  const who = owner === null ? w('town.empty')
                             : w('town.pirates_of', {who: seatName(names, owner)});
  const g = s('g', {class: `alley${dark ? ' dark' : ''}${lastMoved.has(id) ? ' last-move' : ''}`,
                    'data-alley': id, 'data-seat': owner ?? null},
    s('line', {class: 'street', x1: from[0], y1: from[1], x2: to[0], y2: to[1]}),
    slots(id, from, to, segments, owner, dark));
  if (dark) {
    g.append(s('text', {class: 'alley-id', x: to[0] + dir[0] * 10, y: to[1] + dir[1] * 10 + 4,
                        'text-anchor': 'middle'}, id));
  }
  return {g, tooltip: w('town.alley_title', {where, count: segments, who}), from, to};
}

function space(view, id, dead) {
  const kind = view.town.spaces[id];
  const {name, action, short, group} = spaceKind(kind);
  const [cx, cy] = centre(id);
  const title = kind === 'coin' ? w('space.coin_numbered', {tile: view.town.tiles[id]}) : name;
  const g = s('g', {class: `space k-${group}${dead ? ' dead-end' : ''}`, 'data-space': id,
                    'data-kind': kind, transform: `translate(${cx - BOX / 2} ${cy - BOX / 2})`},
    s('rect', {class: 'box', width: BOX, height: BOX, rx: 9}),
    s('text', {class: 'kind', x: BOX / 2, y: 26, 'text-anchor': 'middle'}, title),
    s('text', {class: 'action-name', x: BOX / 2, y: BOX - 10, 'text-anchor': 'middle'},
      dead ? w('town.dead_end') : short));
  if (dead) g.append(s('rect', {class: 'hatch', width: BOX, height: BOX, rx: 9}));
  return {g, tooltip: w(dead ? 'town.space_dead' : 'town.space', {space: spaceName(view, id),
                                                                  action})};
}

// Draws the town. `targets`: space -> the legal moves that lead there; `onSpace(space)` is
// called on a click. `takeBack`: alley -> the take_back action of that alley alone.
export function drawTown(svg, view, {names, targets, onSpace, takeBack, send, chosen}) {
  svg.setAttribute('viewBox', `0 0 ${TOWN_SIZE} ${TOWN_SIZE}`);
  const dead = deadEnds(view);
  const lastMoved = new Set((view.events || []).filter((e) => e.event === 'move')
                                               .flatMap((e) => e.alleys || []));
  const items = [
    s('defs', {}, s('pattern', {id: 'umrum-hatch', width: 8, height: 8,
                                patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)'},
      s('line', {x1: 0, y1: 0, x2: 0, y2: 8, class: 'hatch-line'}))),
    s('rect', {class: 'night', width: TOWN_SIZE, height: TOWN_SIZE, rx: 14})];
  view.town.arrangement.forEach(({tile, rotation}, i) => {
    const x = M + (i % 3) * 2 * C;
    const y = M + Math.floor(i / 3) * 2 * C;
    items.push(s('g', {class: 'tile', 'data-tile': tile},
      s('title', {}, w('town.tile', {tile, degrees: rotation * 90})),
      s('rect', {x: x + 3, y: y + 3, width: 2 * C - 6, height: 2 * C - 6, rx: 12}),
      s('text', {class: 'tile-no', x: x + C, y: y + C + 4, 'text-anchor': 'middle'}, tile)));
  });
  view.town.alleys.forEach((_, id) => {
    const {g, tooltip} = alley(view, id, names, lastMoved);
    if (takeBack.has(id)) {
      const action = takeBack.get(id);
      g.classList.add('target');
      clickable(g, w(id >= 60 ? 'town.take_back_dark' : 'town.take_back', {id}),
                () => send(action));
    }
    items.push(titled(tooltip, g));
  });
  view.town.spaces.forEach((_, id) => {
    const {g, tooltip} = space(view, id, dead.has(id));
    const moves = targets.get(id);
    if (moves) {
      g.classList.add('target');
      if (chosen === id) g.classList.add('chosen');
      clickable(g, moves.length === 1 ? w('town.move_to', {space: spaceName(view, id)})
                                      : w('town.move_to_ways', {space: spaceName(view, id),
                                                                count: moves.length}),
                () => onSpace(id));
    }
    items.push(titled(tooltip, g));
  });
  const [cx, cy] = centre(view.captain);
  items.push(s('g', {class: 'captain', 'data-space': view.captain,
                     transform: `translate(${cx + BOX / 2 + 5} ${cy - BOX / 2 - 5})`},
    s('title', {}, w('town.captain', {space: spaceName(view, view.captain)})),
    s('circle', {r: 15}), s('text', {y: 6, 'text-anchor': 'middle'}, '☠')));
  // Redrawing replaces every element: keep the keyboard's place on the same space or alley.
  const focused = svg.contains(document.activeElement) ? document.activeElement : null;
  const place = focused && ['data-space', 'data-alley']
      .map((n) => focused.hasAttribute(n) && `[${n}="${focused.getAttribute(n)}"]`)
      .find(Boolean);
  svg.replaceChildren(...items);
  for (const text of svg.querySelectorAll('.space text')) fitInBox(text);
  if (place) svg.querySelector(`.clickable${place}`)?.focus();
  svg.setAttribute('aria-label', w('town.label', {space: spaceName(view, view.captain)}));
}

const INSIDE = BOX - 8;  // the width a space's words may take, clear of its edges

// Keeps a space's words inside its box, in any language: a name too long for one line is put on
// two, at the space nearest its middle ("Jolly / Roger", "Mappa / gialla"), and a line still too
// long is drawn narrower to fit. (Not drawn yet, as in a hidden panel: nothing is measured.)
function fitInBox(text) {
  const width = (node) => node.getComputedTextLength?.() ?? 0;
  if (!(width(text) > INSIDE)) return;
  const words = text.textContent.trim();
  const spaces = [...words.matchAll(/ /g)].map((m) => m.index);
  if (text.classList.contains('kind') && spaces.length) {
    const cut = spaces.reduce((a, b) => (Math.abs(b - words.length / 2) <
                                         Math.abs(a - words.length / 2) ? b : a));
    const y = Number(text.getAttribute('y'));
    text.replaceChildren(
      // (The space ends the first line: the name reads as its words, to screen readers too.)
      s('tspan', {x: BOX / 2, y: y - 7}, words.slice(0, cut + 1)),
      s('tspan', {x: BOX / 2, y: y + 8}, `${words.slice(cut + 1)} `));
    for (const line of text.children) squeeze(line, INSIDE);
    return;
  }
  squeeze(text, INSIDE);
}
