// Beside the town of Um Rum & Ehre: the dispenser's face-up tiles and stacks (a map or a guard
// stack is clickable when the view offers it), the ship with its crews and the brawl under way,
// and each player's pirates, rum and tiles. Coins, the tiles under a flag and the encounter
// tiles come only in their owner's view (everyone's once the match is over), so only they are
// drawn; the others' show as hidden.

import {h, s, clickable} from '../js/dom.js';
import {t, list} from '../js/i18n.js';
import {SEAT_COLOURS, IMAGINARY_COLOUR, tileText, seatName} from './um-rum-und-ehre-words.js';

const w = (key, params) => t(`games.um-rum-und-ehre.${key}`, params);

const shortName = (name) => (name.length > 13 ? `${name.slice(0, 12)}…` : name);
const colourOf = (crew) => (crew === 'imaginary' ? IMAGINARY_COLOUR : SEAT_COLOURS[crew]);

function chip(tile, extra = '') {
  const sort = tile.tavern || tile.colour || tile.article || '';
  return h('span', {class: `tile-chip ${tile.kind} ${sort} ${extra}`}, tileText(tile));
}

// The dispenser: `maps` is slot -> take_map action, `guards` size -> guard action.
export function drawDispenser(view, {maps, guards, send}) {
  const d = view.display;
  const st = view.stacks;
  const mapChips = d.maps.map((tile, slot) => {
    const c = chip(tile);
    c.dataset.slot = slot;
    if (maps.has(slot)) {
      c.classList.add('target');
      clickable(c, w('label.take_map', {tile: tileText(tile)}), () => send(maps.get(slot)));
    }
    return c;
  });
  const guard = (size, count) => {
    const c = h('span', {class: `tile-chip ${size}_guard stack`, 'data-guard': size},
                w(`display.${size}_guards`, {count}));
    if (guards.has(size)) {
      c.classList.add('target');
      clickable(c, w(`label.guard_${size}`), () => send(guards.get(size)));
    }
    return c;
  };
  const row = (name, ...items) => h('div', {class: 'display-row'}, h('strong', {}, name), items);
  return h('section', {class: 'umrum-display', 'aria-label': w('display.label')},
    row(w('display.taverns'), d.taverns.map((tile) => chip(tile)),
        h('small', {}, w('display.in_stack', {count: st.taverns}))),
    row(w('display.maps'), mapChips, h('small', {}, w('display.in_stack', {count: st.maps}))),
    row(w('display.chest'), d.chest ? chip(d.chest) : w('tile.none'),
        d.scorpion ? chip(d.scorpion) : '',
        h('small', {}, w('display.chests_left', {chests: st.chests, scorpions: st.scorpions}))),
    row(w('display.guards'), guard('small', st.small_guards), guard('big', st.big_guards)),
    row(w('display.stacks'), h('small', {}, w('display.stacks_left', {
      goods: st.goods, encounters: st.encounters, rum: view.rum_supply}))));
}

// The ship: the crews' rows from the top of the mast, their pirates left and right of it; in a
// brawl, the fighting column and the standing winner's roll.
export function drawShip(view, names) {
  const W = 460;
  const ROW = 30;
  const NAME = 100;  // room for the crew's name at the left end of its row
  const rows = view.ship.rows;
  const fight = view.ship.fight;
  const most = Math.max(1, ...rows.flatMap((r) => [r.left, r.right]));
  const gap = Math.min(22, (W / 2 - 20 - NAME) / most);
  const svg = s('svg', {class: 'umrum-ship', viewBox: `0 0 ${W} ${Math.max(1, rows.length) *
                        ROW + 52}`, role: 'img'});
  const deck = rows.length * ROW + 22;
  const items = [s('path', {class: 'hull',
                            d: `M6 ${deck} L${W - 6} ${deck} L${W - 40} ${deck + 26} ` +
                               `L40 ${deck + 26} Z`}),
                 s('line', {class: 'mast', x1: W / 2, y1: 4, x2: W / 2, y2: deck})];
  rows.forEach((r, i) => {
    const y = 18 + i * ROW;
    const fighting = fight && fight.rows.includes(i);
    const g = s('g', {class: `ship-row${fighting ? ' fighting' : ''}`, 'data-row': i,
                      'data-crew': r.crew, 'data-left': r.left, 'data-right': r.right},
      s('title', {}, w('ship.row', {row: i + 1, crew: seatName(names, r.crew), left: r.left,
                                    right: r.right})),
      s('text', {class: 'crew-name', x: 4, y: y + 5},
        r.crew === 'imaginary' ? w('ship.imaginary') : shortName(seatName(names, r.crew))));
    for (const [side, n, dir] of [['left', r.left, -1], ['right', r.right, 1]]) {
      for (let c = 0; c < n; ++c) {
        const inFight = fighting && fight.side === side && fight.column === c;
        const standing = inFight && fight.standing_row === i;
        g.append(s('circle', {class: `ship-pirate${inFight ? ' in-fight' : ''}` +
                                     `${standing ? ' standing' : ''}`,
                              cx: W / 2 + dir * (14 + c * gap), cy: y, r: inFight ? 9 : 7,
                              fill: colourOf(r.crew)}));
      }
    }
    items.push(g);
  });
  svg.replaceChildren(...items);
  svg.setAttribute('aria-label', rows.length
      ? w('ship.label', {rows: list(rows.map((r, i) => w('ship.row_short', {
        row: i + 1, crew: seatName(names, r.crew), left: r.left, right: r.right})))})
      : w('ship.nobody'));
  const d = view.display;
  return h('section', {class: 'umrum-ship-box', 'aria-label': w('ship.title_label')},
    h('h3', {}, fight ? w(fight.rolled ? 'ship.brawl_rolled' : 'ship.brawl',
                          {side: w(`ship.side.${fight.side === 'left' ? 'left' : 'right'}`),
                           column: fight.column + 1, count: fight.rolled ?? 0})
                      : w('ship.title')),
    fight && fight.standing_row >= 0 ? h('p', {class: 'standing'},
      w('ship.standing', {crew: seatName(names, rows[fight.standing_row].crew),
                          roll: fight.standing_roll})) : null,
    svg,
    h('p', {class: 'sleeping'}, w('ship.sleeping'), ' ',
      ['bunk', 'hammock', 'rope'].map((k) => (d[k] ? chip(d[k]) : h('span', {class: 'muted'},
                                                                     w(`ship.no_${k}`), ' ')))));
}

// Each player: pirates in the supply, the office, the alleys and aboard; rum; and what the
// view shows of their tiles.
export function drawPlayers(view, names, you = true) {
  const inAlleys = (seat) => view.alley_pirates.reduce(
      (n, owner, id) => n + (owner === seat ? view.town.alleys[id][2] : 0), 0);
  const aboard = (seat) => view.ship.rows.filter((r) => r.crew === seat)
                                         .reduce((n, r) => n + r.left + r.right, 0);
  return h('section', {class: 'umrum-players', 'aria-label': w('players.label')},
    view.players.map((p) => {
      // The reader's own seat (live); in a replay through a seat's eyes, named as the others.
      const mine = p.seat === view.seat && you;
      const secret = p.coins !== undefined;
      const turn = view.current === p.seat && !view.over && !p.done;
      return h('div', {class: `umrum-player${turn ? ' current' : ''}${mine ? ' mine' : ''}`,
                       'data-seat': p.seat},
        h('p', {class: 'who'},
          h('span', {class: 'swatch', style: `background:${colourOf(p.seat)}`}),
          h('strong', {}, seatName(names, p.seat)), mine ? w('players.you') : '',
          view.first_player === p.seat ? w('players.first') : '',
          turn ? w('players.turn') : '', p.done ? w('players.done') : ''),
        h('p', {class: 'counts'},
          h('span', {'data-count': 'supply'}, w('players.supply', {count: p.supply})),
          w('players.separator'),
          h('span', {'data-count': 'alleys'}, w('players.alleys', {count: inAlleys(p.seat)})),
          w('players.separator'),
          h('span', {'data-count': 'aboard'}, w('players.aboard', {count: aboard(p.seat)})),
          w('players.separator'),
          h('span', {'data-count': 'office'}, w('players.office', {count: p.office})),
          w('players.separator'),
          h('span', {'data-count': 'rum'}, w('players.rum', {count: p.rum})),
          w('players.separator'),
          h('span', {'data-count': 'encounters'},
            w('players.encounters', {count: p.encounters_face_down}))),
        secret ? h('div', {class: 'umrum-private', 'data-seat': p.seat},
          h('p', {}, h('span', {'data-count': 'coins'}, w('coins', {count: p.coins})),
            w('players.separator'),
            h('span', {'data-count': 'points'}, w('players.points', {count: p.points}))),
          h('p', {class: 'flag'}, w('players.under_flag'), ' ',
            p.flag.length ? p.flag.map((tile) => chip(tile))
                          : h('span', {class: 'muted'}, w('players.nothing'))),
          p.encounters.length
              ? h('p', {class: 'encounters'}, w('players.encounters_title'), ' ',
                  p.encounters.map((tile) => chip(tile)))
              : null)
          : h('p', {class: 'muted hidden-note'}, w('players.hidden')));
    }));
}
