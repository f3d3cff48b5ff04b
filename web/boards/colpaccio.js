// The Colpaccio table: the convoy line (position 0, the outer end, on the left; the deck beside
// the last place), the deck, the threats (set aside, struck, frozen), and each player's play
// area: the columns of goods with their running majorities, the doubloons, the cannonballs and
// the face-down ships, whose goods nobody sees, not even their owner. The Corsairs' area in the
// solo duel. Goods of the convoy are clicked to choose a raid (one, or a run of two or three) or
// a letter of marque; after a parrot pact the player's ships, face up in that player's view
// only, are clicked to choose what to reveal; a column is clicked to give a good up to the
// ghost ship. Every choice is one of the view's legal actions, confirmed by a button named with
// its label. See docs/games/colpaccio.md for the view and the actions.

import {h, s, fill, clickable, focusableWhileScrolling} from '../js/dom.js';
import {GOODS, goodFrom, cardText, shortGood, cardFace, cardBack, threatFace, column,
        shipsColumn} from './colpaccio-cards.js';
import {label, describe, group, eventText, standings, areaName, rules}
    from './colpaccio-words.js';
import {t, list, sentence} from '../js/i18n.js';

const w = (key, params) => t(`games.colpaccio.${key}`, params);
const same = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
const covers = (a, part) => part.every((x) => a.includes(x));

// Choosing cards one by one among actions that name a set of them (raids and letters of marque
// by `cards`, the parrot pact's reveal by `ships`): a card joins the choice while some action
// still holds the whole choice, otherwise the choice starts again from it.
function toggle(chosen, id, actions, field) {
  if (chosen.includes(id)) return chosen.filter((x) => x !== id);
  const more = [...chosen, id];
  return actions.some((a) => covers(a[field], more)) ? more : [id];
}

function figure(svg, caption, attrs = {}) {
  return h('figure', {class: 'colp-slot', ...attrs}, svg, h('figcaption', {}, caption));
}

function create(host) {
  const status = h('p', {class: 'colp-status'});
  const convoy = h('div', {class: 'colp-convoy', role: 'group',
                           'aria-label': w('board.convoy_label')});
  const pile = h('div', {class: 'colp-pile'});
  const choice = h('div', {class: 'colp-choice', 'aria-live': 'polite'});
  const looking = h('div', {class: 'colp-looking'});
  const areas = h('div', {class: 'colp-areas'});
  const scores = h('div', {class: 'colp-scores'});
  const events = h('div', {class: 'colp-events'});
  const root = h('div', {class: 'colpaccio'}, status,
    h('section', {class: 'colp-table', 'aria-label': w('board.table_label')},
      h('div', {class: 'colp-line'}, h('h3', {}, w('board.convoy'),
        h('small', {}, w('board.convoy_ends'))), convoy), pile),
    choice, looking, areas, scores, events);
  fill(host, root);
  // On a phone the convoy and the ships looked at pan sideways: the keyboard pans them too.
  const convoyPans = focusableWhileScrolling(convoy);
  let chosen = [];
  let shownStep = null;
  // Whether the view's seat is the reader's own (live), or another's seen in a replay; and how
  // a seat is named.
  let you = true;
  let seatLabel = (seat) => String(seat);
  let last = null;

  function update(view, context) {
    if (view.step !== shownStep) chosen = [];
    shownStep = view.step;
    last = [view, context];
    draw(view, context);
  }

  function redraw() { if (last) draw(...last); }

  function draw(view, {act, names, you: own = true}) {
    const legal = act ? view.legal : [];
    const name = areaName(names);
    you = own;
    seatLabel = name;
    const focused = root.contains(document.activeElement)
        ? document.activeElement.dataset.focus : null;
    const send = (action) => {
      chosen = [];
      act(action);
      draw(view, {act: null, names});
    };
    const reveals = legal.filter((a) => a.type === 'reveal_ships');
    const takes = legal.filter((a) => a.type === 'raid' || a.type === 'letter_of_marque');
    const picking = reveals.length ? {actions: reveals, field: 'ships'}
                                   : {actions: takes, field: 'cards'};
    const pick = (id) => () => {
      chosen = toggle(chosen, id, picking.actions, picking.field);
      redraw();
    };

    showStatus(view, name);
    drawConvoy(view, reveals.length ? [] : takes, pick);
    drawPile(view);
    drawLooking(view, reveals, pick);
    const losses = legal.filter((a) => a.type === 'lose_good');
    drawChoice(view, picking, send, losses.length > 0);
    drawAreas(view, losses, name, send);
    drawScores(view, name);
    fill(events, view.log?.length ? [h('h3', {}, w('board.just_happened')),
      h('ol', {}, view.log.map((e) => h('li', {}, eventText(e, names))))] : null);
    if (focused) root.querySelector(`[data-focus="${focused}"]`)?.focus();
  }

  function showStatus(view, name) {
    const corsairs = view.turn === 'corsairs';
    const turn = name(view.turn);
    const done = corsairs ? {} : view.this_turn || {};
    const choosing = list((view.ghost_ship?.choosing || []).map(name));
    const playing = corsairs ? w('status.corsairs')
        : view.phase === 'ghost_ship' ? w('status.ghost_ship', {who: turn, choosing})
        : view.phase === 'parrot_pact' ? w('status.parrot_pact', {who: turn})
        : w('status.to_play', {who: turn});
    fill(status,
      view.solo
          ? w('status.solo', {difficulty: t(`games.colpaccio.values.${view.solo_difficulty}`)})
          : '',
      view.over ? w('status.over')
          : [sentence(playing), done.main_action_done ? w('status.raid_made') : '',
             done.rogue_action_done ? w('status.rogue_made') : '']);
  }

  function drawConvoy(view, takes, pick) {
    const slots = view.convoy.map((card, i) => {
      const svg = cardFace(card, {'data-position': i, 'data-focus': `card-${card.id}`});
      const ways = new Set(takes.filter((a) => a.cards.includes(card.id))
          .map((a) => w(a.type === 'raid' ? 'board.way_raid' : 'board.way_letter')));
      if (ways.size) {
        svg.classList.add('choosable');
        if (chosen.includes(card.id)) svg.classList.add('chosen');
        clickable(svg, w(chosen.includes(card.id) ? 'board.unchoose_convoy' : 'board.choose_convoy',
                         {card: cardText(card), place: i + 1,
                          ways: list([...ways], 'disjunction')}),
                  pick(card.id));
        svg.setAttribute('aria-pressed', String(chosen.includes(card.id)));
      }
      return svg;
    });
    for (let i = view.convoy.length; i < 5; ++i) {
      slots.push(s('svg', {class: 'colp-card empty', viewBox: '0 0 100 140'},
        s('rect', {x: 3, y: 3, width: 94, height: 134, rx: 9})));
    }
    fill(convoy, slots);
    convoyPans();
  }

  function drawPile(view) {
    const threats = view.threats;
    const items = [figure(cardBack({threat: view.deck.threat_on_top, text: view.deck.count,
                                    attrs: {class: 'deck'}}),
                          w(view.deck.threat_on_top ? 'pile.deck_threat' : 'pile.deck',
                            {count: view.deck.count}),
                          {'data-deck': view.deck.count})];
    const mine = view.players[view.seat];
    const known = threats.revealed.length >= 2 || !mine?.spyglass;
    items.push(threats.set_aside
        ? figure(threatFace(threats.set_aside),
                 known ? w('pile.set_aside_known')
                       : you ? w('pile.set_aside_spyglass')
                       : w('pile.set_aside_spyglass_of', {who: seatLabel(view.seat)}),
                 {class: 'colp-slot set-aside'})
        : figure(cardBack({threat: true, text: '?'}), w('pile.set_aside_unseen'),
                 {class: 'colp-slot set-aside'}));
    threats.revealed.forEach((threat, i) => items.push(
        figure(threatFace(threat), w(`pile.struck.${Math.min(i + 1, 3)}`),
               {class: 'colp-slot struck'})));
    for (let i = 0; i < threats.waiting; ++i) {
      items.push(figure(cardBack({threat: true, text: '!'}), w('pile.frozen'),
                        {class: 'colp-slot waiting'}));
    }
    // A fully revealed replay lists the sunk ships' cards; a seat's view only counts them.
    const sunk = Array.isArray(view.sunk_ships) ? view.sunk_ships.length : view.sunk_ships;
    const away = [w('pile.threats_inside', {count: view.deck.threats_inside}),
                  view.lost_goods.length &&
                      w('pile.lost_goods', {goods: list(view.lost_goods.map(goodFrom))}),
                  sunk && w('pile.sunk', {count: sunk}),
                  view.removed && w('pile.removed', {count: view.removed})];
    fill(pile, items, h('p', {class: 'colp-away'},
                        away.filter(Boolean).join(w('pile.separator'))));
  }

  function drawLooking(view, reveals, pick) {
    if (!view.looking) return fill(looking);
    const choosable = new Set(reveals.flatMap((a) => a.ships));
    fill(looking, h('h3', {}, you ? w('looking.title')
                                  : w('looking.title_of', {who: seatLabel(view.seat)})),
      h('div', {class: 'colp-hand', role: 'group', 'aria-label': w('looking.label')},
        view.looking.map((card) => {
          const svg = cardFace(card, {'data-focus': `ship-${card.id}`});
          if (!choosable.has(card.id)) return svg;
          svg.classList.add('choosable');
          if (chosen.includes(card.id)) svg.classList.add('chosen');
          svg.setAttribute('aria-pressed', String(chosen.includes(card.id)));
          return clickable(svg, w(chosen.includes(card.id) ? 'looking.unchoose'
                                                           : 'looking.choose',
                                  {card: cardText(card)}), pick(card.id));
        })));
  }

  function drawChoice(view, {actions, field}, send, losing) {
    if (losing) return fill(choice, h('p', {}, w('choice.ghost_ship')));
    if (!actions.length) return fill(choice);
    const matching = actions.filter((a) => same(a[field], chosen));
    const picked = chosen.length ? w('choice.chosen', {cards: list(chosen.map((id) =>
        cardText([...view.convoy, ...(view.looking || [])].find((c) => c.id === id))))}) : '';
    const raiding = actions.some((a) => a.type === 'raid');
    const hint = field === 'ships' ? w('choice.reveal')
        : !raiding ? (matching.length ? '' : w('choice.letter'))
        : !chosen.length ? w('choice.raid')
        : matching.length ? '' : w('choice.neighbour');
    fill(choice, h('p', {}, picked, picked && hint ? w('pile.separator') : '', hint),
      h('div', {class: 'buttons'}, matching.map((action, i) =>
        h('button', {type: 'button', class: 'colp-do', 'data-focus': `do-${i}`,
                     'data-action': JSON.stringify(action), onclick: () => send(action)},
          label(action, view))),
        chosen.length ? h('button', {type: 'button', class: 'secondary', 'data-focus': 'clear',
                                     onclick: () => { chosen = []; redraw(); }},
                                  w('choice.clear'))
                      : null));
  }

  function drawAreas(view, losses, name, send) {
    const score = standings(view);
    // Your own area first, under the convoy: the one you play from (the ghost ship takes a
    // good from it); the others follow in turn order.
    const all = view.players.map((p, i) => [p, name(p.seat), score[i], p.seat])
        .sort(([, , , a], [, , , b]) => (b === view.seat) - (a === view.seat));
    if (view.solo && view.corsairs) {
      all.push([view.corsairs, w('corsairs_title'), score[1], 'corsairs']);
    }
    fill(areas, all.map(([area, who, points, seat]) => {
      // The reader's own area (live); in a replay through a seat's eyes, named as the others.
      const mine = seat === view.seat && you;
      const turn = !view.over && view.turn === seat;
      const chips = [
        seat === view.first_player && h('span', {class: 'chip first'}, w('area.first_player')),
        h('span', {class: 'chip doubloons'}, w('area.doubloons', {count: area.doubloons})),
        h('span', {class: 'chip'}, w('area.cannonballs', {count: area.cannonballs})),
        area.spyglass && h('span', {class: 'chip'}, w('area.spyglass')),
        area.penalty > 0 && h('span', {class: 'chip penalty'},
                              w('area.penalty', {count: area.penalty})),
        h('span', {class: 'chip prestige', 'data-prestige': points.total},
          w(view.over ? 'area.prestige' : 'area.prestige_now', {count: points.total}))];
      const columns = GOODS.map((good) => {
        const loss = losses.find((a) => a.good === good && mine);
        const svg = column(area.goods[good], good, points.goods[good], view.solo);
        if (loss) {
          svg.classList.add('choosable');
          svg.dataset.focus = `lose-${good}`;
          clickable(svg, label(loss, view), () => send(loss));
        }
        return svg;
      });
      columns.push(shipsColumn(area, points.ships, view.solo, mine));
      return h('section', {class: `colp-area${turn ? ' to-play' : ''}${mine ? ' mine' : ''}`,
                           'data-seat': seat, 'aria-label': w('area.label', {who})},
        h('h3', {}, w(mine ? (turn ? 'area.title_mine_turn' : 'area.title_mine')
                           : (turn ? 'area.title_turn' : 'area.title'), {who})),
        h('p', {class: 'chips'}, chips),
        h('div', {class: 'colp-columns'}, columns));
    }));
  }

  function drawScores(view, name) {
    const r = view.over ? view.result : null;
    if (!r?.prestige) return fill(scores);
    const rows = r.prestige.map((p, i) => [p.seat ?? i, name(p.seat ?? i), p]);
    if (r.corsairs) rows.push(['corsairs', w('corsairs_title'), r.corsairs]);
    const winners = r.winners || [];
    fill(scores, h('h3', {}, w('scores.title')), h('div', {class: 'table-wrap'},
      h('table', {class: 'matches colp-score-table'},
        h('thead', {}, h('tr', {}, h('th', {}, ''), GOODS.map((g) => h('th', {}, shortGood(g))),
          h('th', {}, w('scores.ships')), h('th', {}, w('scores.penalty')),
          h('th', {}, w('scores.prestige')),
          h('th', {title: w('scores.doubloons_title')}, w('scores.doubloons')),
          h('th', {title: w('scores.goods_title')}, w('scores.goods')))),
        h('tbody', {}, rows.map(([seat, who, p]) => {
          const won = winners.includes(seat);
          return h('tr', {'data-seat': seat, class: won ? 'won' : ''},
            h('th', {}, who, won ? ' ★' : ''),
            GOODS.map((g) => h('td', {}, p.goods[g])), h('td', {}, p.ships),
            h('td', {}, p.penalty ? `−${p.penalty}` : 0), h('td', {class: 'total'}, p.total),
            h('td', {}, p.doubloons), h('td', {}, p.goods_cards));
        })))));
  }

  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && chosen.length) { chosen = []; redraw(); }
  });
  return {update};
}

// Clicks choose raids and letters of marque (the convoy), reveals (your ships) and the good the
// ghost ship takes (your columns): the panel folds their long lists away.
const onBoard = (a) => ['raid', 'letter_of_marque', 'reveal_ships', 'lose_good'].includes(a.type);

export default {create, label, describe, group, onBoard, rules};
