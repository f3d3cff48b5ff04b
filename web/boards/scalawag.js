// The Scalawag! table: the ships in turn order around the harbour, each with its compass points,
// damage, crew and guard, the open claim and the order under way, your own hand (only in your
// own view: the spectators' has none), the locker and the recent events. A click on a ship
// names it as the target when the view offers that; every other choice (orders, claims,
// challenges, penalties, cards) is a button of the actions panel, named here in plain words.
// See docs/games/scalawag.md for the view and the actions.

import {h, s, fill, clickable} from '../js/dom.js';
import {label, describe, group, eventText, crewCount, crewName, orderName}
    from './scalawag-words.js';

const W = 640;
const H = 420;
const words = (text) => String(text).replace(/_/g, ' ');

function create(host) {
  const svg = s('svg', {class: 'scalawag-table', viewBox: `0 0 ${W} ${H}`, role: 'group'});
  const hand = h('div', {class: 'hand'});
  const table = h('div', {class: 'scalawag-notes'});
  fill(host, h('div', {class: 'scalawag'}, svg, hand, table));

  function update(view, {act, names}) {
    const ring = view.ring?.length ? view.ring : view.players.map((p) => p.seat);
    const targets = new Map();
    for (const a of act ? view.legal : []) {
      if (onBoard(a)) targets.set(a.targets[0], a);
    }
    svg.setAttribute('aria-label', `The ships of ${ring.length} captains around the harbour`);
    const items = [s('ellipse', {class: 'harbour', cx: W / 2, cy: H / 2, rx: 120, ry: 70}),
                   s('text', {class: 'harbour-text', x: W / 2, y: H / 2 - 6,
                              'text-anchor': 'middle'}, `harbour: ${view.harbour} cards`),
                   s('text', {class: 'harbour-text', x: W / 2, y: H / 2 + 16,
                              'text-anchor': 'middle'}, `locker: ${view.locker?.length ?? 0}`)];
    ring.forEach((seat, i) => {
      const p = view.players[seat];
      const angle = -Math.PI / 2 + (2 * Math.PI * i) / ring.length;
      const x = W / 2 + 225 * Math.cos(angle) - 85;
      const y = H / 2 + 150 * Math.sin(angle) - 42;
      const claim = view.claim && view.claim.seat === seat;
      const classes = ['ship-card', p.alive ? '' : 'sunk', view.turn === seat ? 'to-move' : '',
                       claim ? 'claiming' : '', view.seat === seat ? 'mine' : ''].join(' ');
      const name = `${names[seat] ?? `seat ${seat}`}, ${words(p.flag)}: ${p.compass} compass ` +
                   `points, ${p.damage} damage, ${p.crew} crew` +
                   `${p.on_guard ? ', on guard' : ''}${p.alive ? '' : ', sunk'}`;
      const g = s('g', {class: classes, transform: `translate(${x} ${y})`, 'data-seat': seat},
        s('title', {}, name),
        s('rect', {width: 170, height: 84, rx: 10}),
        s('text', {x: 10, y: 20, class: 'who'}, names[seat] ?? `seat ${seat}`),
        s('text', {x: 10, y: 38}, `${words(p.flag)}${p.on_guard ? ' · on guard' : ''}`),
        s('text', {x: 10, y: 56}, `compass ${p.compass} · crew ${p.crew}`),
        s('text', {x: 10, y: 74, class: 'muted'},
          p.alive ? `damage ${p.damage} · boarding ${p.boarding_cost}` : 'sunk'));
      if (claim) {
        g.append(s('text', {x: 85, y: -8, 'text-anchor': 'middle', class: 'claim'},
                   `claims ${crewCount(view.claim.count, view.claim.crew)}`));
      }
      if (targets.has(seat)) {
        g.classList.add('target');
        clickable(g, `${label(targets.get(seat), view, names)}: ${name}`,
                  () => act(targets.get(seat)));
      }
      items.push(g);
    });
    svg.replaceChildren(...items);

    const you = view.you;
    fill(hand, you ? [h('strong', {}, 'Your hand: '),
                      you.hand.length
                          ? you.hand.map((card) => h('span', {class: 'card'}, crewName(card)))
                          : 'no cards',
                      you.allegiance && ` · allegiance ${words(you.allegiance)}`,
                      you.partner !== null && you.partner !== undefined &&
                          ` · partner ${names[you.partner] ?? `seat ${you.partner}`}`]
                   : null);
    const order = view.order;
    fill(table,
      h('p', {}, `Round ${view.round ?? '?'} · phase ${words(view.phase)}`,
        order ? ` · ${names[view.turn] ?? ''} orders ${orderName(order.order)}` : '',
        view.locker?.length ? ` · in the locker: ${view.locker.map(crewName).join(', ')}` : ''),
      view.log?.length ? h('ol', {class: 'events', 'aria-label': 'recent events'},
        view.log.slice(-6).map((e) => h('li', {}, eventText(e, names, view.seat ?? null)))) : null);
  }
  return {update};
}

// A click on a ship names a single target; everything else (two targets after a second fire, a
// mutiny's target with its steal) is a button.
const onBoard = (a) => a.type === 'targets' && a.targets.length === 1 && !a.steal;

export default {create, label, describe, group, onBoard};
