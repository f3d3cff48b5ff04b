// Beside the town of Um Rum & Ehre: the dispenser's face-up tiles and stacks (a map or a guard
// stack is clickable when the view offers it), the ship with its crews and the brawl under way,
// and each player's pirates, rum and tiles. Coins, the tiles under a flag and the encounter
// tiles come only in their owner's view (everyone's once the match is over), so only they are
// drawn; the others' show as hidden.

import {h, s, clickable} from '../js/dom.js';
import {SEAT_COLOURS, IMAGINARY_COLOUR, tileText, seatName} 
    from './um-rum-und-ehre-words.js';

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
      clickable(c, `take the ${tileText(tile)}`, () => send(maps.get(slot)));
    }
    return c;
  });
  const guard = (size, count) => {
    const c = h('span', {class: `tile-chip ${size}_guard stack`, 'data-guard': size},
                `${size} guards (${size === 'big' ? '4–6' : '1–3'}): ${count} left`);
    if (guards.has(size)) {
      c.classList.add('target');
      clickable(c, `fight a ${size} guard`, () => send(guards.get(size)));
    }
    return c;
  };
  const row = (name, ...items) => h('div', {class: 'display-row'}, h('strong', {}, name), items);
  return h('section', {class: 'umrum-display', 'aria-label': 'the tiles on display'},
    row('Taverns', d.taverns.map((t) => chip(t)), h('small', {}, `${st.taverns} in the stack`)),
    row('Maps', mapChips, h('small', {}, `${st.maps} in the stack`)),
    row('Chest', d.chest ? chip(d.chest) : 'none', d.scorpion ? chip(d.scorpion) : '',
        h('small', {}, `${st.chests} chests, ${st.scorpions} scorpions left`)),
    row('City guards', guard('small', st.small_guards), guard('big', st.big_guards)),
    row('Stacks', h('small', {}, `${st.goods} pirate goods, ${st.encounters} encounters, ` +
                                 `${view.rum_supply} rum barrels`)));
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
      s('title', {}, `row ${i + 1}: ${seatName(names, r.crew)}, ${r.left} left and ` +
                     `${r.right} right of the mast`),
      s('text', {class: 'crew-name', x: 4, y: y + 5},
        r.crew === 'imaginary' ? 'imaginary' : shortName(seatName(names, r.crew))));
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
      ? `The ship: ${rows.map((r, i) => `row ${i + 1} ${seatName(names, r.crew)} ` +
                                        `${r.left} left, ${r.right} right`).join('; ')}`
      : 'The ship: nobody aboard yet');
  const d = view.display;
  return h('section', {class: 'umrum-ship-box', 'aria-label': 'the ship'},
    h('h4', {}, fight ? `The brawl: the ${fight.side} side, column ${fight.column + 1}` +
                        `${fight.rolled ? `, ${fight.rolled} rolled` : ''}` : 'The ship'),
    fight && fight.standing_row >= 0 ? h('p', {class: 'standing'},
      `${seatName(names, rows[fight.standing_row].crew)} stands with a ${fight.standing_roll}` +
      ' (ringed); a challenger needs as much or more') : null,
    svg,
    h('p', {class: 'sleeping'}, 'Sleeping places: ',
      ['bunk', 'hammock', 'rope'].map((k) => (d[k] ? chip(d[k]) : h('span', {class: 'muted'},
                                                                     `no ${k} `)))));
}

const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// Each player: pirates in the supply, the office, the alleys and aboard; rum; and what the
// view shows of their tiles.
export function drawPlayers(view, names) {
  const inAlleys = (seat) => view.alley_pirates.reduce(
      (n, owner, id) => n + (owner === seat ? view.town.alleys[id][2] : 0), 0);
  const aboard = (seat) => view.ship.rows.filter((r) => r.crew === seat)
                                         .reduce((n, r) => n + r.left + r.right, 0);
  return h('section', {class: 'umrum-players', 'aria-label': 'the players'},
    view.players.map((p) => {
      const mine = p.seat === view.seat;
      const secret = p.coins !== undefined;
      const turn = view.current === p.seat && !view.over && !p.done;
      return h('div', {class: `umrum-player${turn ? ' current' : ''}${mine ? ' mine' : ''}`,
                       'data-seat': p.seat},
        h('p', {class: 'who'},
          h('span', {class: 'swatch', style: `background:${colourOf(p.seat)}`}),
          h('strong', {}, seatName(names, p.seat)), mine ? ' (you)' : '',
          view.first_player === p.seat ? ' · first player' : '', turn ? ' · the turn' : '',
          p.done ? ' · done this round' : ''),
        h('p', {class: 'counts'},
          h('span', {'data-count': 'supply'}, `${p.supply} beside the flag`), ' · ',
          h('span', {'data-count': 'alleys'}, `${inAlleys(p.seat)} in alleys`), ' · ',
          h('span', {'data-count': 'aboard'}, `${aboard(p.seat)} aboard`), ' · ',
          h('span', {'data-count': 'office'}, `${p.office} in the office`), ' · ',
          h('span', {'data-count': 'rum'}, count(p.rum, 'rum barrel')), ' · ',
          h('span', {'data-count': 'encounters'},
            `${count(p.encounters_face_down, 'encounter')} face down`)),
        secret ? h('div', {class: 'umrum-private', 'data-seat': p.seat},
          h('p', {}, h('span', {'data-count': 'coins'}, count(p.coins, 'coin')), ' · ',
            h('span', {'data-count': 'points'}, `${count(p.points, 'point')} under the flag`)),
          h('p', {class: 'flag'}, 'Under the flag: ',
            p.flag.length ? p.flag.map((t) => chip(t)) : h('span', {class: 'muted'}, 'nothing')),
          p.encounters.length
              ? h('p', {class: 'encounters'}, 'Encounters: ', p.encounters.map((t) => chip(t)))
              : null)
          : h('p', {class: 'muted hidden-note'}, 'coins and tiles hidden'));
    }));
}
