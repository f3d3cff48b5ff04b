// The Riff Raff board: the ship on its ball joint, side view, drawn from the view's model (hull,
// mast, yards, the areas numbered), the cargo on it, and both moving as the server's motion
// frames say (riff-raff-motion.js); the players' supplies, cards and catches, the captain and
// whose turn it is; your own cards (only your view holds them), to choose one face down; the
// loader's controls (riff-raff-load.js): a ghost of the piece on the ship, drawn where the
// server will release it, that follows the pointer, the keys and the sliders; and, while the
// fall you may catch from plays, the falling pieces to click. See docs/games/riff-raff.md.

import {h, s, fill, clickable} from '../js/dom.js';
import {zoomable} from '../js/zoom.js';
import {deg, releasePose, xBounds} from './riff-raff-shapes.js';
import {MotionPlayer, restPoses} from './riff-raff-motion.js';
import {Placer, KINDS} from './riff-raff-load.js';
import {part, pieceDrawing, kindPicture} from './riff-raff-pieces.js';
import {milli, areaName, catchText, label, describe, group, kindName, thePiece, scoreText, rules}
    from './riff-raff-words.js';
import {t, list} from '../js/i18n.js';
import {seatNumber} from '../js/names.js';

const w = (key, params) => t(`games.riff-raff.${key}`, params);

// The world shown, y up: the ship tilted to its limit with cargo on its top yard, the water
// below; no wider, so that the pieces are drawn as large as the screen allows.
const BOX = {x: -4.3, y: -0.4, w: 8.6, h: 9.1};
// Pixels a world unit takes at the drawing's own size: an area's number 12 px high.
const OWN_PX = 42;

const poseTransform = (p) => `translate(${p.x} ${p.y}) rotate(${deg(p.angle)})`;
// Text inside the flipped world, upright again.
const text = (x, y, value, cls) =>
  s('text', {x, y: -y, transform: 'scale(1 -1)', class: cls, 'text-anchor': 'middle'}, value);

function create(host) {
  const svg = s('svg', {class: 'riff-ship', viewBox: `${BOX.x} ${-BOX.y - BOX.h} ${BOX.w} ${BOX.h}`,
                        role: 'group'});
  const backdrop = s('g', {class: 'backdrop'});
  const shipG = s('g', {class: 'ship'});
  const cargoG = s('g', {class: 'cargo'});
  const overG = s('g', {class: 'over'});      // with the ship: the ghost on top of the cargo
  const ghost = s('g', {class: 'ghost'});
  const status = h('p', {class: 'riff-status', 'aria-live': 'polite'});
  const hint = h('p', {class: 'board-hint'});
  const hand = h('div', {class: 'riff-hand'});
  const players = h('ul', {class: 'riff-players', 'aria-label': w('board.players')});
  svg.append(s('g', {transform: 'scale(1 -1)'}, backdrop, shipG, cargoG, overG));
  overG.append(ghost);
  let view = null;
  let modelKey = null;
  let ctx = {act: null, names: []};
  let catchable = new Map();
  const pieces = new Map();  // id -> its drawn element
  const placer = new Placer(() => drawGhost(), (action) => send(action));
  const player = new MotionPlayer((poses, frame) => drawPoses(poses, frame), () => {
    drawPoses(restPoses(view.world), null);
    catchable = new Map();
  });
  // Its own size: the area numbers and the pieces large enough to read and to tap.
  const zoom = zoomable(svg, {ownWidth: () => BOX.w * OWN_PX});
  fill(host, h('div', {class: 'riff'}, status, zoom.node,
               h('div', {class: 'riff-controls'}, hint, placer.node, hand), players));

  function send(action) {
    const act = ctx.act;
    ctx = {...ctx, act: null};
    placer.enabled = false;
    catchable = new Map();
    if (act) act(action);
  }

  function drawStatic() {
    const m = view.model;
    const [px, py] = m.ship.pivot;
    const area = view.placement?.area ?? view.turn?.area;
    backdrop.replaceChildren(
      // Sky and water reach past the box: a wide screen shows more of them, not blank bands.
      s('rect', {class: 'sky', x: -50, y: 0, width: 100, height: 50}),
      s('rect', {class: 'water', x: -50, y: -50, width: 100, height: 50}),
      s('path', {class: 'wave', d: Array.from({length: 40}, (_, i) =>
        `M${-16 + i * 0.8} 0 q0.2 0.08 0.4 0 t0.4 0`).join(' ')}),
      s('rect', {class: 'stand', x: px - 0.09, y: BOX.y, width: 0.18, height: py - BOX.y}));
    fill(shipG,
      part(m.ship.counterweight, 'counterweight'),
      m.ship.parts.map((p, i) => part(p, i === 0 ? 'hull' : i === 1 ? 'mast' : 'yard')),
      s('circle', {class: 'pivot', cx: 0, cy: 0, r: 0.1}),
      m.areas.map((a) => [
        a.number === area && s('rect', {class: 'loading-area', x: a.from, y: a.surface,
                                        width: a.to - a.from, height: a.ceiling - a.surface}),
        text((a.from + a.to) / 2, a.surface - (a.number <= 4 ? 0.45 : 0.3), a.number,
             `area-number${a.number === area ? ' current' : ''}`)]));
  }

  function pieceNode(kind, id) {
    const title = kindName(kind);
    return s('g', {class: `piece kind-${kind}`, 'data-id': id, 'data-kind': kind},
             s('title', {}, title), pieceDrawing(view.model, kind));
  }

  // One frame (null: the rest) of the ship and the pieces.
  function drawPoses({ship, pieces: poses}, frame) {
    for (const g of [shipG, overG]) g.setAttribute('transform', poseTransform(ship));
    shipG.dataset.x = milli(ship.x);
    shipG.dataset.y = milli(ship.y);
    shipG.dataset.angle = milli(ship.angle);
    svg.dataset.frame = frame ?? 'rest';
    for (const [id, el] of pieces) if (!poses.has(id)) { el.remove(); pieces.delete(id); }
    for (const [id, pose] of poses) {
      let el = pieces.get(id);
      if (!el) {
        el = pieceNode(pose.kind, id);
        pieces.set(id, el);
        cargoG.append(el);
      }
      el.setAttribute('transform', poseTransform(pose));
      Object.assign(el.dataset, {x: milli(pose.x), y: milli(pose.y), angle: milli(pose.angle)});
      const grab = frame !== null && catchable.get(id);
      if (grab && !el.classList.contains('clickable')) {
        el.classList.add('falling');
        clickable(el, w('board.catch', {piece: thePiece(pose.kind)}), () => {
          const at = player.frame();
          if (catchable.has(id) && at !== null) {
            send({...grab, grabs: [{...grab.grabs[0], frame: at}]});
          }
        });
      }
    }
  }

  function drawGhost() {
    const active = placer.templates.length > 0 && view?.placement;
    svg.classList.toggle('placing', Boolean(active));
    if (!active) {
      ghost.replaceChildren();
      for (const name of ['tabindex', 'role', 'aria-label']) ghost.removeAttribute(name);
      return;
    }
    const area = placer.area();
    const release = releasePose(view.model, view.world.ship, view.world.cargo,
        {kind: placer.kind, area, x: placer.x, angleDeg: placer.angle, drop: placer.drop});
    const [from, to] = xBounds(area, placer.parts(), placer.angle);
    fill(ghost,
      s('line', {class: 'span', x1: from, x2: to, y1: area.surface + 0.03,
                 y2: area.surface + 0.03}),
      release && s('line', {class: 'drop', x1: release.x, x2: release.x, y1: release.rest,
                            y2: release.y}),
      release && s('g', {class: 'ghost-piece', transform: poseTransform(release)},
                   placer.parts().map((p, i) => part(p, `part-${i}`))));
    Object.assign(ghost.dataset, {x: placer.x, angle: placer.angle, drop: placer.drop,
                                  kind: placer.kind});
    ghost.setAttribute('tabindex', '0');
    ghost.setAttribute('role', 'button');
    ghost.setAttribute('aria-label', w('board.ghost', {piece: thePiece(placer.kind),
                                                       area: area.number}));
  }

  // The ghost takes the keys: arrows move, Page Up/Down turn, Enter or Space sets it down.
  ghost.addEventListener('keydown', (event) => {
    if (ghost.hasAttribute('role')) placer.key(event);
  });

  // The pointer moves the piece along the area; a click sets it down.
  const local = (event) => {
    const point = new DOMPoint(event.clientX, event.clientY);
    return point.matrixTransform(overG.getScreenCTM().inverse());
  };
  const follow = (event) => {
    if (placer.templates.length && placer.enabled) placer.moveTo(local(event).x);
  };
  svg.addEventListener('pointermove', follow);
  svg.addEventListener('pointerdown', follow);  // a tap on a touch screen moves it too
  svg.addEventListener('click', (event) => {
    if (placer.templates.length && placer.enabled && event.detail > 0) placer.go();
  });

  function update(next, context) {
    const key = JSON.stringify(next.model);
    const fresh = key !== modelKey;
    modelKey = key;
    view = next;
    ctx = context;
    const act = context.act;
    catchable = new Map((act ? view.legal : []).filter((a) => a.type === 'catch' &&
                                                               a.grabs.length === 1)
        .map((a) => [a.grabs[0].piece, a]));
    if (fresh) pieces.clear();
    drawStatic();
    if (fresh) cargoG.replaceChildren();
    player.offer(view.motion, view.world, catchable.size > 0);
    if (!player.busy) drawPoses(restPoses(view.world), null);
    placer.offer(view, act ? view.legal.filter((a) => a.type === 'load') : [], Boolean(act));
    drawGhost();
    showText(context.names);
    zoom.start();
  }

  function showText(names) {
    const who = (seat) => names[seat] ?? seatNumber(seat);
    const v = view;
    const turn = v.turn;
    svg.setAttribute('aria-label', w('board.ship', {count: v.world.cargo.length,
                                                    degrees: Math.round(deg(v.world.ship.angle))}));
    const phase = v.phase === 'choosing' ? w('phase.choosing')
        : v.phase === 'appointing' ? w('phase.appointing', {who: who(v.captain)})
        : v.phase === 'loading' && turn
            ? w(turn.announced === 2 ? 'phase.loading_pair' : 'phase.loading',
                {who: who(turn.seat), area: turn.area, where: areaName(turn.area)})
        : v.phase === 'catching' && turn
            ? w('phase.catching', {who: who(turn.seat), count: v.catch?.pieces.length ?? 0})
        : v.phase === 'over' ? w('phase.over') : '';
    fill(status, h('strong', {}, w('status.round', {round: v.round, rounds: v.rounds})),
         phase && w('status.part', {text: phase}),
         v.order?.length ? w('status.order', {order: list(v.order.map(who))}) : '',
         v.last_catch ? w('status.part', {text: catchText(v.last_catch, who)}) : '');
    const mine = ctx.act && v.seat !== null;
    const letGo = catchable.size ? v.legal.find((a) => a.type === 'catch' && !a.grabs.length)
                                 : null;
    fill(hint, !mine ? '' : placer.templates.length ? w('hint.load')
        : catchable.size ? w('hint.catch')
        : v.legal.some((a) => a.type === 'choose') ? w('hint.choose') : '',
    letGo && [' ', h('button', {type: 'button', class: 'riff-let-go', onclick: () => send(letGo)},
                     label(letGo, v))]);
    showHand(v, names);
    fill(players, v.players.map((p, seat) => h('li', {
      class: `riff-player${turn?.seat === seat ? ' to-move' : ''}${seat === v.seat ? ' mine' : ''}`,
      'data-seat': seat},
      h('strong', {}, who(seat)), v.captain === seat ? w('players.captain') : '',
      w('players.pieces', {count: p.pieces}),
      p.caught ? w('players.caught', {count: p.caught}) : '',
      h('br'),
      h('span', {class: 'riff-supply'}, KINDS.filter((k) => p.supply[k])
        .map((k, i) => [i ? w('players.separator') : '', kindPicture(v.model, k, 16),
                        w('players.supply', {piece: kindName(k), count: p.supply[k]})]),
        Object.values(p.supply).some(Boolean) ? '' : w('players.no_pieces')),
      h('br'),
      p.played.length ? w('players.cards', {left: p.cards_left, played: list(p.played)})
                      : w('players.cards_none', {left: p.cards_left}),
      v.phase === 'choosing' ? (p.chosen ? h('span', {class: 'riff-back',
                                                      title: w('players.chosen_title')},
                                               w('players.face_down'))
                                         : w('players.choosing')) : '')));
  }

  function showHand(v, names) {
    const me = v.seat !== null && v.seat !== undefined ? v.players[v.seat] : null;
    if (!me?.hand) {
      delete hand.dataset.key;
      return fill(hand);
    }
    const choose = new Map((ctx.act ? v.legal : []).filter((a) => a.type === 'choose')
        .map((a) => [a.card, a]));
    // Drawn again only when it changes: a button under the pointer stays the same button.
    const key = JSON.stringify([me.hand, me.card, [...choose.keys()]]);
    if (hand.dataset.key === key) return;
    hand.dataset.key = key;
    // The reader's own cards (live), or another seat's seen in a replay.
    const yours = ctx.you ?? true;
    const who = names[v.seat] ?? seatNumber(v.seat);
    fill(hand, h('strong', {}, yours ? w('hand.title') : w('hand.title_of', {who})), ' ',
         me.hand.map((card) => choose.has(card)
        ? h('button', {type: 'button', class: 'riff-card', 'data-card': card,
                       'aria-label': label(choose.get(card), v),
                       onclick: () => send(choose.get(card))}, card)
        : h('span', {class: `riff-card${card === me.card ? ' chosen' : ''}`, 'data-card': card},
            card)),
         me.card ? h('span', {class: 'riff-mine'},
                     yours ? w('hand.face_down', {card: me.card})
                           : w('hand.face_down_of', {who, card: me.card})) : '');
  }

  return {update};
}

// Cards, placements and catches are on the board; appointing is a button of the panel.
// Catches are single grabs (a click on a falling piece) or letting go (the hint's button).
const onBoard = (a) => ['choose', 'load', 'catch'].includes(a.type);

export default {create, label, describe, group, onBoard, scoreText, rules};
