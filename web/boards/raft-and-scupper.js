// The Raft & Scupper board: the ships on the water, drawn in SVG from the view, with the
// pirates aboard, the crews' standing and the sunk ships beside it. Clicks choose among the
// view's legal actions: a ship to switch or to place a pirate on, one of your pirates and then
// a ship to jump to or water to sail to, a ship marked for scuppering.
// See docs/games/raft-and-scupper.md for the view and the actions.

import {h, s, fill, clickable, titled} from '../js/dom.js';
import {zoomable} from '../js/zoom.js';
import {t, parts, list} from '../js/i18n.js';
import {seatNumber} from '../js/names.js';
import {figureName, crewName, traitName, key, pirateName, pirateMark, label, describe, group, rules}
    from './raft-and-scupper-words.js';

const w = (key, params) => t(`games.raft-and-scupper.${key}`, params);

const C = 64;   // a cell's size in SVG units
const PAD = 12;

// What the legal actions allow, by cell and by pirate.
function choices(legal) {
  const c = {switch: new Map(), place: new Map(), jump: new Map(), sail: new Map(),
             scupper: new Map(), pirates: new Set()};
  for (const a of legal) {
    if (a.type === 'switch_pair') c.switch.set(a.pair, a);
    if (a.type === 'place_pirate') {
      if (!c.place.has(key(a.at))) c.place.set(key(a.at), []);
      c.place.get(key(a.at)).push(a);
    }
    if (a.type === 'scupper') c.scupper.set(key(a.at), a);
    if (a.type === 'jump' || a.type === 'sail') {
      c.pirates.add(a.pirate);
      const byCell = c[a.type];
      if (!byCell.has(a.pirate)) byCell.set(a.pirate, new Map());
      byCell.get(a.pirate).set(key(a.to), a);
    }
  }
  return c;
}

function sail(rigging) {
  return rigging === 'round'
      ? s('circle', {cx: 24, cy: 30, r: 13, class: 'sail'})
      : s('rect', {x: 12, y: 18, width: 24, height: 24, class: 'sail'});
}

function create(host) {
  const svg = s('svg', {class: 'raft-board', role: 'group'});
  const hint = h('p', {class: 'board-hint'});
  const figures = h('div', {class: 'figure-choice', role: 'group',
                            'aria-label': w('board.which_pirate')});
  const legend = h('div', {class: 'raft-legend'});
  // Its own size: a cell of C units is a cell of C pixels, its ships as large as a fingertip.
  const zoom = zoomable(svg, {ownWidth: () => svg.viewBox.baseVal?.width ?? 0,
                              centre: () => svg.querySelector('.clickable, .pirate')});
  const root = h('div', {class: 'raft'}, figures, zoom.node, hint, legend);
  fill(host, root);
  let selected = null;     // the pirate chosen to move
  let figure = null;       // the figure chosen to place
  let last = null;

  function update(view, context) {
    last = [view, context];
    draw(view, context.act, context.names);
    zoom.start();
  }

  // `act` is null when nothing may be clicked: a spectator, a replay, or a move on its way.
  function draw(view, act, names) {
    const c = act ? choices(view.legal) : choices([]);
    if (!c.pirates.has(selected)) selected = null;
    const placeable = [...new Set([...c.place.values()].flat().map((a) => a.figure))];
    if (!placeable.includes(figure)) figure = placeable[0] ?? null;
    const send = (action) => {
      selected = null;
      act(action);
      draw(view, null, names);
    };
    const {width, height} = view.board;
    svg.setAttribute('viewBox', `0 0 ${width * C + 2 * PAD} ${height * C + 2 * PAD}`);
    svg.setAttribute('aria-label', w('board.label', {count: view.ships.length, width, height}));
    const at = ([x, y]) => `translate(${PAD + x * C} ${PAD + y * C})`;
    const items = [s('rect', {class: 'water', x: 0, y: 0, width: width * C + 2 * PAD,
                              height: height * C + 2 * PAD, rx: 10})];
    const area = view.area;
    if (area) {
      items.push(s('rect', {class: 'area', x: PAD + area.x * C, y: PAD + area.y * C,
                            width: area.width * C, height: area.height * C}));
    }
    const lastCell = view.last_action?.action?.to || view.last_action?.action?.at;
    if (lastCell) {
      items.push(s('rect', {class: 'last-move', x: PAD + lastCell[0] * C + 1,
                            y: PAD + lastCell[1] * C + 1, width: C - 2, height: C - 2, rx: 8}));
    }
    const jumps = c.jump.get(selected) || new Map();
    const sails = c.sail.get(selected) || new Map();
    for (const ship of view.ships) {
      const k = key(ship.cell);
      const pair = Math.ceil(ship.id / 2);
      const kind = {ship: ship.id, cargo: traitName(ship.cargo), rigging: traitName(ship.rigging)};
      const name = ship.pirate_id !== null && ship.pirate_id !== undefined
          ? w('board.ship_aboard', {...kind, pirate: pirateName(view, ship.pirate_id)})
          : w('board.ship', kind);
      const g = s('g', {class: `ship ${ship.cargo} ${ship.rigging}`, transform: at(ship.cell),
                        'data-ship': ship.id, 'data-cell': k},
        s('rect', {class: 'hull', x: 3, y: 3, width: C - 6, height: C - 6, rx: 9}),
        s('line', {class: 'mast', x1: 24, y1: 12, x2: 24, y2: 52}),
        sail(ship.rigging),
        s('text', {class: 'ship-id', x: 52, y: 17, 'text-anchor': 'middle'}, ship.id));
      let action = null;
      let what = '';
      if (jumps.has(k)) { action = jumps.get(k); what = 'target-jump'; }
      else if (c.place.has(k)) {
        const here = c.place.get(k);
        action = here.find((a) => a.figure === figure) || here[0];
        what = 'target-place';
      } else if (c.switch.has(pair)) { action = c.switch.get(pair); what = 'target-switch'; }
      else if (c.scupper.has(k)) { action = c.scupper.get(k); what = 'target-scupper'; }
      if (what === 'target-scupper') {
        g.append(s('path', {class: 'scupper-mark', d: 'M42 42 l12 12 M54 42 l-12 12'}));
      }
      if (action) {
        g.classList.add(what);
        clickable(g, w('board.click', {action: label(action, view), ship: name}),
                  () => send(action));
      }
      items.push(titled(name, g));
      if (ship.pirate) items.push(pirate(view, ship, c, at));
    }
    for (const [k, action] of sails) {
      const cell = k.split(',').map(Number);
      items.push(clickable(s('rect', {class: 'target-sail', transform: at(cell), x: 4, y: 4,
                                      width: C - 8, height: C - 8, rx: 9, 'data-cell': k}),
                           label(action, view), () => send(action)));
    }
    // Redrawing replaces every element: keep the keyboard's place on the same ship or water.
    const focused = svg.contains(document.activeElement) ? document.activeElement : null;
    const place = focused && ['data-pirate', 'data-ship', 'data-cell']
        .map((name) => focused.hasAttribute(name) && `[${name}="${focused.getAttribute(name)}"]`)
        .find(Boolean);
    svg.replaceChildren(...items);
    if (place) svg.querySelector(`.clickable${place}`)?.focus();
    showFigures(c, placeable);
    hint.textContent = hintFor(view, c);
    showLegend(legend, view, names);
  }

  function pirate(view, ship, c, at) {
    const id = ship.pirate_id;
    const movable = c.pirates.has(id);
    const g = s('g', {class: `pirate ${ship.pirate}${movable ? ' movable' : ''}` +
                             `${selected === id ? ' selected' : ''}`,
                      transform: at(ship.cell), 'data-pirate': id},
      s('circle', {cx: 44, cy: 42, r: 14}),
      s('text', {x: 44, y: 47, 'text-anchor': 'middle'}, pirateMark(view, id)));
    if (movable) {
      clickable(g, w(selected === id ? 'board.deselect' : 'board.select',
                     {pirate: pirateName(view, id), ship: ship.id}), () => {
        selected = selected === id ? null : id;
        update(...last);
      });
      g.setAttribute('aria-pressed', String(selected === id));
    }
    return g;
  }

  function showFigures(c, placeable) {
    if (placeable.length < 2) return fill(figures);
    fill(figures, w('board.place_which'), ' ', placeable.map((f) => h('button', {
      type: 'button', class: `figure ${f === figure ? 'chosen' : ''}`,
      'aria-pressed': String(f === figure),
      onclick: () => { figure = f; update(...last); }}, figureName(f))));
  }

  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && selected !== null) { selected = null; update(...last); }
  });
  return {update};
}

function hintFor(view, c) {
  if (view.over) return '';
  if (c.switch.size) return w('hint.switch');
  if (c.place.size) return w('hint.place');
  if (c.pirates.size) return w('hint.move');
  if (c.scupper.size) return w('hint.scupper');
  return '';
}

// The crews' standing: whom each favours, who plays it, the ships it sank, its passes, and how
// many flotillas its favoured ships still form (one of them whole wins).
function showLegend(legend, view, names) {
  const crews = Object.entries(view.crews || {}).map(([crew, info]) => {
    const seat = info.seat;
    const who = seat === null || seat === undefined ? w('legend.not_chosen')
                                                    : names[seat] ?? seatNumber(seat);
    const turn = view.turn === crew && !view.over;
    const flotillas = Object.entries(info.flotillas || {}).map(([trait, count]) =>
      w('legend.flotillas_of', {trait: traitName(trait), count}));
    return h('li', {class: `crew ${crew}${turn ? ' to-move' : ''}`},
      parts(turn ? 'games.raft-and-scupper.legend.crew_to_move'
                 : 'games.raft-and-scupper.legend.crew',
            {crew: h('strong', {}, crewName(crew)), who,
             favours: list(info.favours.map(traitName), 'disjunction')}),
      h('br'), w('legend.record', {since: info.scuppered_since, total: info.scuppered_total,
                                   passes: info.passes_in_row}),
      h('br'), w('legend.flotillas', {flotillas: list(flotillas)}));
  });
  fill(legend,
    h('p', {}, w(`phase.${view.phase}`), view.connected?.length
      ? w('legend.connected', {traits: list(view.connected.map(traitName))}) : ''),
    h('ul', {class: 'crews'}, crews),
    view.sunk?.length ? h('p', {}, w('legend.sunk', {ships: list(view.sunk.map((ship) =>
      w('legend.sunk_ship', {ship: ship.id, cargo: traitName(ship.cargo),
                             rigging: traitName(ship.rigging), crew: crewName(ship.by)})))}))
      : null);
}

// The actions a click on the board makes (the panel folds their long lists away).
const onBoard = (a) => ['switch_pair', 'place_pirate', 'jump', 'sail', 'scupper'].includes(a.type);

export default {create, label, describe, group, onBoard, rules};
