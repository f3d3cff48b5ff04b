// The admin page: the token typed in, then the node's rooms with their seats and connections,
// and the operator's controls over the admin API: close a room, remove a player, send a notice
// to everyone, drain the node; and the record of what admins did.
// On a cluster each node's page acts on that node: the other nodes' rooms are listed with a link
// to their node's page.

import {h, fill} from './dom.js';
import {call, savedToken, saveToken, forgetToken} from './admin_api.js';
import {t, maybe, dateTime, language} from './i18n.js';
import {languages, preferred, useLanguage, languageChoice} from './languages.js';
import {errorText} from './errors.js';
import {seatNames} from './names.js';

const screen = document.getElementById('screen');
const status = document.getElementById('status');
let shown = null;  // draws the screen shown again, after a change of language

function askToken(problem) {
  status.textContent = '';
  const input = h('input', {id: 'admin-token', type: 'password', autocomplete: 'off',
                            required: true});
  const form = h('form', {class: 'card narrow', onsubmit: async (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    saveToken(input.value.trim());
    await signIn();
  }},
  h('h1', {}, t('admin.admin')),
  h('p', {}, t('admin.token_hint')),
  problem && h('p', {class: 'error', role: 'alert'}, problem),
  h('label', {for: 'admin-token'}, t('admin.token')), input,
  h('button', {type: 'submit'}, t('admin.sign_in')));
  fill(screen, form);
  input.focus();
  shown = () => askToken(problem);
}

// Checks the kept token against the API: the rooms list answers only to the admin token.
async function signIn() {
  try {
    showConsole(await call('GET', 'rooms'));
  } catch (error) {
    forgetToken();
    askToken(error.status === 404 ? t('admin.api_off')
           : error.status === 401 ? t('admin.wrong_token') : errorText(error));
  }
}

function seatLine(room, seat, act) {
  const name = seatNames([seat])[0];
  const holder = seat.player ? t('admin.player', {name, id: seat.player.id})
               : seat.bot ? name : t('seat.empty');
  const after = h('select', {'aria-label': t('admin.after_removing', {name, room: room.id})},
                  h('option', {value: 'bot'}, t('admin.bot_takes')),
                  h('option', {value: 'open'}, t('admin.stays_open')));
  const remove = () => act(t('admin.remove', {name, room: room.id}),
      () => call('POST', `rooms/${room.id}/remove`,
                 {player: seat.player.id, seat: after.value}));
  return h('li', {'data-seat': seat.seat},
    h('span', {class: 'seat-no'}, t('room.seat', {number: seat.seat + 1})), ' ',
    h('strong', {}, holder),
    seat.player && h('span', {class: `badge ${seat.connected ? 'you' : 'away'}`},
                     t(seat.connected ? 'admin.connected' : 'presence.away')),
    seat.player && room.status !== 'over' && [after,
      h('button', {type: 'button', class: 'secondary', onclick: remove},
        t('admin.remove_button', {name, room: room.id}))]);
}

// `typed`: the reason the operator has typed for this room so far, kept through a redraw.
function roomCard(room, act, typed = '') {
  const reason = h('input', {type: 'text', maxlength: 200, value: typed, 'data-reason': room.id,
                             'aria-label': t('admin.reason_label', {room: room.id}),
                             placeholder: t('admin.reason_placeholder')});
  const close = () => act(t('admin.close', {room: room.id}), () => call(
      'POST', `rooms/${room.id}/close`, reason.value.trim() ? {reason: reason.value.trim()} : {}));
  return h('section', {class: 'card admin-room', 'data-room': room.id},
    h('h3', {}, t('admin.room_title', {room: room.id,
                                      game: maybe(`games.${room.game}.name`) ?? room.game})),
    h('p', {}, h('span', {class: `badge ${room.status}`}, t(`room.status.${room.status}`)),
      room.match ? t('admin.match', {match: room.match}) : '',
      room.private ? t('admin.private', {code: room.code}) : t('admin.public'),
      room.dormant ? t('admin.dormant')
                   : t('admin.connections', {count: room.connections, watching: room.spectators})),
    h('ul', {class: 'seats'}, room.seats.map((seat) => seatLine(room, seat, act))),
    h('div', {class: 'admin-form'}, reason,
      h('button', {type: 'button', onclick: close}, t('admin.close_button', {room: room.id}))));
}

// Another node's room: where it is, and that node's own admin page, where it is acted on.
function elsewhereLine(room) {
  const listed = room.room;
  return h('li', {'data-room': room.id},
    t('admin.elsewhere_room', {room: room.id, node: room.node}),
    listed ? ` · ${maybe(`games.${listed.game}.name`) ?? listed.game} · ` +
             t(`room.status.${listed.status}`) : '',
    room.match ? t('admin.match', {match: room.match}) : '',
    room.private ? t('admin.elsewhere_private') : '', ' · ',
    room.admin_url
      ? h('a', {href: new URL(room.admin_url).origin + '/admin.html'},
          t('admin.elsewhere_page', {node: room.node}))
      : h('span', {class: 'muted'}, t('admin.elsewhere_silent')));
}

// An entry of the record: when, who, what; its details as the API gives them (names of fields,
// ids: the operator's own words, kept as they are).
function describe(action) {
  return t('admin.record', {when: dateTime(action.time_ms), who: action.who,
                            action: action.action, detail: JSON.stringify(action.detail)});
}

// `firstListed`: the rooms list as the API gave it ({rooms, elsewhere}).
function showConsole(firstListed) {
  const problem = h('p', {class: 'error', role: 'alert'});
  const done = h('p', {class: 'muted', role: 'status', id: 'admin-done'});
  const node = h('p', {id: 'drain-state'});
  const rooms = h('div', {id: 'admin-rooms'});
  const record = h('ol', {class: 'admin-record', reversed: true});
  const noticeText = h('input', {id: 'notice-text', type: 'text', maxlength: 500});

  // Runs one admin call (which may answer {said} to say more than that it was done), says how
  // it went, and shows the node as it is afterwards.
  const act = async (what, run) => {
    problem.textContent = '';
    try {
      done.textContent = (await run()).said || t('admin.done', {what});
    } catch (error) {
      if (error.status === 401) return signIn();
      problem.textContent = t('admin.failed', {what, why: errorText(error)});
    }
    await refresh();
  };

  // The rooms drawn again as the node has them now; a reason being typed stays as it is. On a
  // cluster, the other nodes' rooms after them (`elsewhere` null: the database cannot say).
  const showRooms = ({rooms: list, elsewhere}) => {
    const typed = new Map([...rooms.querySelectorAll('input[data-reason]')]
        .map((input) => [Number(input.dataset.reason), input.value]));
    fill(rooms, list.length ? list.map((room) => roomCard(room, act, typed.get(room.id)))
                            : h('p', {class: 'muted'}, t('admin.no_rooms')),
      elsewhere === null && h('p', {class: 'muted'}, t('admin.elsewhere_unknown')),
      elsewhere?.length > 0 && [h('h3', {}, t('admin.elsewhere')),
                                h('ul', {class: 'admin-elsewhere'}, elsewhere.map(elsewhereLine))]);
  };

  async function refresh() {
    try {
      const [listed, drain, {actions}] = await Promise.all(
          [call('GET', 'rooms'), call('GET', 'drain'), call('GET', 'actions?limit=20')]);
      showRooms(listed);
      const running = drain.running_matches;
      node.textContent = !drain.draining ? t('admin.taking', {count: running})
          : t(drain.empty ? 'admin.drained' : 'admin.draining', {count: running});
      fill(record, actions.map((a) => h('li', {}, describe(a))));
    } catch (error) {
      if (error.status === 401) return signIn();
      problem.textContent = errorText(error);
    }
  }

  const sendNotice = (event) => {
    event.preventDefault();
    const text = noticeText.value.trim();
    if (!text) return;
    act(t('admin.send_notice_what'), async () => {
      const {connections, others} = await call('POST', 'notice', {text});
      noticeText.value = '';
      // Each node reaches its own connections: the others are named, to be sent it too.
      const rest = others?.length
        ? t('admin.notice_others', {nodes: others.map((o) => o.node).join(', ')}) : '';
      return {said: t('admin.notice_sent', {count: connections}) + rest};
    });
  };

  fill(screen,
    h('h1', {}, t('admin.admin')),
    problem, done,
    h('section', {class: 'card', 'aria-label': t('admin.the_node')},
      h('h2', {}, t('admin.this_node')), node,
      h('div', {class: 'buttons'},
        h('button', {type: 'button', onclick: () => act(t('admin.drain_what'),
                                                        () => call('POST', 'drain'))},
          t('admin.drain')),
        h('button', {type: 'button', class: 'secondary', onclick: refresh}, t('admin.refresh')),
        h('button', {type: 'button', class: 'secondary', onclick: () => {
          forgetToken();
          askToken();
        }}, t('admin.sign_out')))),
    h('form', {class: 'card admin-form', onsubmit: sendNotice},
      h('label', {for: 'notice-text'}, t('admin.notice')), noticeText,
      h('button', {type: 'submit'}, t('admin.send_notice'))),
    h('h2', {}, t('admin.rooms')), rooms,
    h('h2', {}, t('admin.record_title')), record);
  showRooms(firstListed);
  refresh();
  status.textContent = t('admin.signed_in');
  shown = () => showConsole(firstListed);
}

// The page in the chosen language, then signed in with the tab's token, or asking for one.
async function start() {
  const codes = await languages();
  await useLanguage(preferred(codes));
  const offered = codes.includes(language()) ? codes : [...codes, language()];
  fill(document.getElementById('languages'), languageChoice(offered, () => shown?.()));
  if (savedToken()) signIn();
  else askToken();
}

start();
