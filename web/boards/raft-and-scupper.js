// The Raft & Scupper board: the ships on the water, drawn in SVG from the view, with the
// pirates aboard, the crews' standing and the sunk ships beside it. Clicks choose among the
// view's legal actions: a ship to switch or to place a pirate on, one of your pirates and then
// a ship to jump to or water to sail to, a ship marked for scuppering.
// See docs/games/raft-and-scupper.md for the view and the actions.

import {h, s, fill, clickable} from '../js/dom.js';
import {FIGURE, CREW, RIGGING, key, cellText, pirateName, label, describe, group}
    from './raft-and-scupper-words.js';

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
                            'aria-label': 'which pirate to place'});
  const legend = h('div', {class: 'raft-legend'});
  const root = h('div', {class: 'raft'}, figures, svg, hint, legend);
  fill(host, root);
  let selected = null;     // the pirate chosen to move
  let figure = null;       // the figure chosen to place
  let last = null;

  function update(view, context) {
    last = [view, context];
    draw(view, context.act, context.names);
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
    svg.setAttribute('aria-label', `The ships, ${view.ships.length} of them, on a board of ` +
                     `${width} by ${height} cells`);
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
      const name = `ship ${ship.id}, ${ship.cargo}, ${RIGGING[ship.rigging]}, at ` +
                   `${cellText(ship.cell)}${ship.pirate ? `, ${FIGURE[ship.pirate]} aboard` : ''}`;
      const g = s('g', {class: `ship ${ship.cargo} ${ship.rigging}`, transform: at(ship.cell),
                        'data-ship': ship.id, 'data-cell': k},
        s('title', {}, name),
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
        clickable(g, `${label(action, view)} (${name})`, () => send(action));
      }
      items.push(g);
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
      s('text', {x: 44, y: 47, 'text-anchor': 'middle'},
        `${ship.pirate === 'yellowbeard' ? 'Y' : 'B'}${id}`));
    if (movable) {
      clickable(g, `${selected === id ? 'deselect' : 'select'} ${pirateName(view, id)} ` +
                   `on ship ${ship.id}`, () => {
        selected = selected === id ? null : id;
        update(...last);
      });
      g.setAttribute('aria-pressed', String(selected === id));
    }
    return g;
  }

  function showFigures(c, placeable) {
    if (placeable.length < 2) return fill(figures);
    fill(figures, 'Place a ', placeable.map((f) => h('button', {
      type: 'button', class: `figure ${f === figure ? 'chosen' : ''}`,
      'aria-pressed': String(f === figure),
      onclick: () => { figure = f; update(...last); }}, FIGURE[f])));
  }

  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && selected !== null) { selected = null; update(...last); }
  });
  return {update};
}

function hintFor(view, c) {
  if (view.over) return '';
  if (c.switch.size) return 'All ships of one kind are connected: click a ship to switch its pair.';
  if (c.place.size) return 'Click a ship to place the chosen pirate on it.';
  if (c.pirates.size) {
    return 'Click one of your pirates, then a ship to jump to or open water to sail to; ' +
           'click a ship marked ✕ to scupper it.';
  }
  if (c.scupper.size) return 'Click a ship marked ✕ to scupper it, or pass.';
  return '';
}

function showLegend(legend, view, names) {
  const crews = Object.entries(view.crews || {}).map(([crew, info]) => {
    const seat = info.seat;
    const who = seat === null || seat === undefined ? 'not chosen yet'
                                                    : names[seat] ?? `seat ${seat}`;
    const turn = view.turn === crew && !view.over;
    const flotillas = Object.entries(info.flotillas || {}).map(([t, n]) => `${t} ${n}`);
    return h('li', {class: `crew ${crew}${turn ? ' to-move' : ''}`},
      h('strong', {}, CREW[crew]), ` (${info.favours.join(' & ')}): ${who}`,
      turn ? ' · to move' : '',
      h('br'), `sunk since the other crew last sank one: ${info.scuppered_since}, ` +
               `in all: ${info.scuppered_total}; passes in a row: ${info.passes_in_row}; ` +
               `flotillas: ${flotillas.join(', ')}`);
  });
  fill(legend,
    h('p', {}, `Phase: ${view.phase}`, view.connected?.length
      ? ` · all connected: ${view.connected.join(', ')}` : ''),
    h('ul', {class: 'crews'}, crews),
    view.sunk?.length ? h('p', {}, 'Sunk: ', view.sunk.map((ship) =>
      `${ship.id} (${ship.cargo}, ${ship.rigging}, by the ${CREW[ship.by]})`).join('; ')) : null);
}

// The actions a click on the board makes (the panel folds their long lists away).
const onBoard = (a) => ['switch_pair', 'place_pirate', 'jump', 'sail', 'scupper'].includes(a.type);

export default {create, label, describe, group, onBoard};
