// The Scalawag! table: the ships in turn order around the harbour, each with its compass points,
// damage, crew and guard; lines joining the ships within reach of each other (the rules'
// adjacency, as the view's `adjacent` gives it) and the Fog of War where it cuts one; the open
// claim and the order under way, your own hand (only in your
// own view: the spectators' has none), the locker and the recent events. A click on a ship
// names it as the target when the view offers that; every other choice (orders, claims,
// challenges, penalties, cards) is a button of the actions panel, named here in plain words.
// See docs/games/scalawag.md for the view and the actions.

import {h, s, fill, clickable, squeeze, nameWithWords} from '../js/dom.js';
import {zoomable} from '../js/zoom.js';
import {CARD, PILL, seating, reachPath, fogPlace, reachPairs} from './scalawag-seating.js';
import {label, describe, group, eventText, crewCount, crewName, orderName, flagName,
        allegianceName, phaseName, rules}
    from './scalawag-words.js';
import {t, list} from '../js/i18n.js';
import {seatNumber} from '../js/names.js';

const NARROW = 560;  // px: a board narrower than this seats the ships down a long table
const w = (key, params) => t(`games.scalawag.${key}`, params);

function create(host) {
  const svg = s('svg', {class: 'scalawag-table', role: 'group'});
  const hand = h('div', {class: 'hand'});
  const legend = h('p', {class: 'scalawag-legend'});
  const table = h('div', {class: 'scalawag-notes'});
  // Its own size: a unit is a pixel, the cards' words as large as the page's small print.
  // (The long table's words are larger, 14 units: at 12/14 of its size they are 12 px.)
  const zoom = zoomable(svg, {ownWidth: () => (svg.viewBox.baseVal?.width ?? 0) *
                                               (drawnNarrow ? 12 / 14 : 1),
                              centre: () => svg.querySelector('.ship-card.mine')});
  const root = h('div', {class: 'scalawag'}, zoom.node, legend, hand, table);
  fill(host, root);
  let last = null;
  // A narrow board (a phone, or the two columns of a small window) seats the ships down a long
  // table; the choice follows the width the board is given (its frame's, whatever the zoom),
  // and a change draws the table again.
  const narrow = () => (zoom.node.getBoundingClientRect().width || 800) < NARROW;
  let drawnNarrow = null;
  if (typeof ResizeObserver === 'function') {
    const watch = new ResizeObserver(() => {
      if (!svg.isConnected) watch.disconnect();  // a board replaced (the plain view)
      else if (last && narrow() !== drawnNarrow) update(...last);
    });
    watch.observe(zoom.node);
  }

  function update(view, context) {
    last = [view, context];
    const {act, names} = context;
    // The view's seat is the reader's own (live), or another's seen in a replay.
    const yours = context.you ?? true;
    const who = (seat) => names[seat] ?? seatNumber(seat);
    const ring = view.ring?.length ? view.ring : view.players.map((p) => p.seat);
    const targets = new Map();
    for (const a of act ? view.legal : []) {
      if (onBoard(a)) targets.set(a.targets[0], a);
    }
    drawnNarrow = narrow();
    const seats = seating(ring.length, drawnNarrow);
    const place = new Map(ring.map((seat, i) => [seat, i]));
    svg.setAttribute('viewBox', `0 0 ${seats.w} ${seats.h}`);
    svg.classList.toggle('long-table', drawnNarrow);
    svg.dataset.ring = ring.join(' ');
    svg.setAttribute('aria-label', w('table.label', {count: ring.length}));
    const [cx, cy] = seats.centre;
    const items = [];
    if (!seats.narrow) {
      items.push(s('ellipse', {class: 'harbour', cx, cy, rx: 120, ry: 64}),
                 s('text', {class: 'harbour-text', x: cx, y: cy - 4, 'text-anchor': 'middle'},
                   w('table.harbour', {count: view.harbour})),
                 s('text', {class: 'harbour-text', x: cx, y: cy + 16, 'text-anchor': 'middle'},
                   w('table.locker', {count: view.locker?.length ?? 0})));
    }
    // The lines of reach, under the cards: those of the captain to move stand out.
    const fog = view.fog?.length === 2 && view.fog;
    for (const [a, b] of reachPairs(view)) {
      const turn = !view.over && (a === view.turn || b === view.turn);
      const fogged = fog && fog.includes(a) && fog.includes(b);
      items.push(s('path', {class: `reach${turn ? ' of-turn' : ''}`, 'data-a': a, 'data-b': b,
                            d: reachPath(seats, place.get(a), place.get(b), fogged)}));
    }
    if (fog) {
      const [i, j] = [place.get(fog[0]), place.get(fog[1])];
      const [fx, fy] = fogPlace(seats, i, j);
      const [x1, y1] = seats.places[i];
      const [x2, y2] = seats.places[j];
      items.push(s('path', {class: 'fog-cut', d: `M${x1} ${y1} L${x2} ${y2}`}),
        s('g', {class: 'fog', 'data-a': Math.min(...fog), 'data-b': Math.max(...fog),
                transform: `translate(${fx} ${fy})${seats.narrow ? ' scale(0.7)' : ''}`},
          s('title', {}, w('table.fog_title', {a: who(fog[0]), b: who(fog[1])})),
          [[-26, 4, 16], [-8, -6, 19], [14, -2, 17], [28, 6, 12], [0, 8, 16]]
              .map(([x, y, r]) => s('circle', {cx: x, cy: y, r})),
          s('text', {x: 0, y: 10, 'text-anchor': 'middle'}, w('table.fog'))));
    }
    const drawnNames = [];
    ring.forEach((seat, i) => {
      const p = view.players[seat];
      const [x, y] = seats.places[i];
      const claim = view.claim && view.claim.seat === seat;
      const classes = ['ship-card', p.alive ? '' : 'sunk',
                       !view.over && view.turn === seat ? 'to-move' : '',
                       claim ? 'claiming' : '', view.seat === seat ? 'mine' : ''].join(' ');
      const near = (p.adjacent || []).map(who);
      const ship = {who: who(seat), flag: flagName(p.flag), compass: p.compass,
                    damage: p.damage, crew: p.crew};
      const name = !p.alive ? w('table.ship_sunk', ship)
          : w(p.on_guard ? 'table.ship_on_guard' : 'table.ship',
              {...ship, near: near.length ? list(near) : w('table.no_ship')});
      const nameText = s('text', {x: 10, y: 21, class: 'who'}, who(seat));
      drawnNames.push(nameText);
      const g = s('g', {class: classes, transform: `translate(${x - CARD.w / 2} ${y - CARD.h / 2})`,
                        'data-seat': seat, 'data-adjacent': (p.adjacent || []).join(' ')},
        s('title', {}, name),
        s('rect', {width: CARD.w, height: CARD.h, rx: 10}),
        nameText,
        s('text', {x: 10, y: 40}, w(p.on_guard ? 'card.flag_on_guard' : 'card.flag',
                                    {flag: flagName(p.flag)})),
        s('text', {x: 10, y: 58}, w('card.compass', {compass: p.compass, crew: p.crew})),
        s('text', {x: 10, y: 76, class: 'muted'},
          p.alive ? w('card.damage', {damage: p.damage, cost: p.boarding_cost})
                  : w('card.sunk')));
      if (claim) {
        const said = w('card.claims', {claim: crewCount(view.claim.count, view.claim.crew)});
        const width = Math.min(CARD.w - 8, said.length * 8.2 + 22);
        g.append(s('g', {class: 'claim', transform: `translate(${CARD.w / 2} ${CARD.h - PILL.over})`},
          s('rect', {x: -width / 2, y: 0, width, height: PILL.h, rx: PILL.h / 2}),
          s('text', {x: 0, y: PILL.h / 2 + 4.5, 'text-anchor': 'middle',
                     'data-width': width - 16}, said)));
      }
      if (targets.has(seat)) {
        g.classList.add('target');
        // Named by what the card shows (its captain, ship, compass, crew...), then the order.
        clickable(g, label(targets.get(seat), view, names),
                  () => act(targets.get(seat)));
      }
      items.push(g);
    });
    svg.replaceChildren(...items);
    for (const text of drawnNames) fit(text, CARD.w - 20);
    // A name cut short to fit its card: the card's control is named by what it now shows.
    for (const g of svg.querySelectorAll('.ship-card.target')) {
      g.setAttribute('aria-label', nameWithWords(g, label(targets.get(Number(g.dataset.seat)),
                                                          view, names)));
    }
    // The other lines of a card, and a claim in its pill, in any language: drawn narrower when
    // longer than their box.
    for (const text of svg.querySelectorAll('.ship-card > text:not(.who)')) {
      squeeze(text, CARD.w - 20);
    }
    for (const text of svg.querySelectorAll('.claim text')) {
      squeeze(text, Number(text.dataset.width));
    }
    zoom.start();

    const turnShip = view.turn !== null && view.turn !== undefined && view.players[view.turn];
    // The captain to move is in bold while the match goes on (never after its end).
    fill(legend, w(turnShip?.alive && !view.over ? 'legend.lines_turn' : 'legend.lines',
                   {who: view.turn !== null && view.turn !== undefined ? who(view.turn) : ''}),
      fog ? w('legend.fog', {a: who(fog[0]), b: who(fog[1])}) : '');

    const you = view.you;
    fill(hand, you ? [h('strong', {}, yours ? w('hand.title')
                                            : w('hand.title_of', {who: who(view.seat)})),
                      you.hand.length
                          ? you.hand.map((card) => h('span', {class: 'card'}, crewName(card)))
                          : w('hand.none'),
                      you.allegiance && w('hand.allegiance',
                                          {allegiance: allegianceName(you.allegiance)}),
                      you.partner !== null && you.partner !== undefined &&
                          w('hand.partner', {who: who(you.partner)})]
                   : null);
    const order = view.order;
    fill(table,
      h('p', {}, view.round ? w('notes.round', {round: view.round, phase: phaseName(view.phase)})
                            : phaseName(view.phase),
        order && view.turn !== null && view.turn !== undefined
            ? w('notes.order', {who: who(view.turn), order: orderName(order.order)}) : '',
        w('notes.harbour', {count: view.harbour}),
        view.locker?.length ? w('notes.locker', {cards: list(view.locker.map(crewName))}) : ''),
      view.log?.length ? h('ol', {class: 'events', 'aria-label': w('notes.recent')},
        view.log.slice(-6).map((e) => h('li', {}, eventText(e, names,
                                                            yours ? view.seat ?? null
                                                                  : undefined)))) : null);
  }
  return {update};
}

// Shortens a name drawn on a card to its width, with an ellipsis; the card's title and label
// keep it whole. (Not drawn yet, as in a hidden panel: nothing is measured, nothing cut.)
function fit(text, width) {
  const whole = text.textContent;
  if (!(text.getComputedTextLength?.() > width)) return;
  for (let n = whole.length - 1; n > 1; --n) {
    text.textContent = `${whole.slice(0, n).trimEnd()}…`;
    if (text.getComputedTextLength() <= width) return;
  }
}

// A click on a ship names a single target; everything else (two targets after a second fire, a
// mutiny's target with its steal) is a button.
const onBoard = (a) => a.type === 'targets' && a.targets.length === 1 && !a.steal;

export default {create, label, describe, group, onBoard, rules};
