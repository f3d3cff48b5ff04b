// A game's leaderboard (docs/ratings.md), best first by the conservative rating, provisional
// players after the settled ones and marked, a page at a time; the server pushes the board again
// whenever a match of the game is rated (watch_leaderboard), and the page shown is drawn again
// then. Beside it, players found by name, each linked to their profile.

import {h, fill} from './dom.js';
import {gameName, playerName} from './names.js';
import {t, number} from './i18n.js';
import {errorText} from './errors.js';
import {ratingText} from './rating_plot.js';
import {findPlayers} from './ratings_api.js';

const PAGE = 20;

export function showLeaderboard({client, screen}, chosenGame, query = new URLSearchParams()) {
  const game = client.game(chosenGame) ? chosenGame : client.games[0]?.id;
  const page = Math.max(0, Math.floor(Number(query.get('page')) || 0));
  const offset = page * PAGE;
  const address = (p) => `#/leaderboard/${encodeURIComponent(game)}${p ? `?page=${p}` : ''}`;
  const problem = h('p', {class: 'error', role: 'alert'});
  const body = h('tbody');
  const status = h('p', {class: 'muted', id: 'leaderboard-status', role: 'status'});
  const previous = h('a', {class: 'button secondary', href: address(page - 1),
                           hidden: page === 0}, t('ratings.previous'));
  const next = h('a', {class: 'button secondary', href: address(page + 1), hidden: true},
                 t('ratings.next'));
  const choice = h('select', {id: 'leaderboard-game'},
                   client.games.map((g) => h('option', {value: g.id, selected: g.id === game},
                                             gameName(client, g.id))));
  choice.addEventListener('change', () => {
    location.hash = `#/leaderboard/${encodeURIComponent(choice.value)}`;
  });
  let shown = true;

  // One more than a page is asked for: whether there is a next page.
  function draw(entries) {
    next.hidden = entries.length <= PAGE;
    const rows = entries.slice(0, PAGE);
    status.textContent = rows.length
        ? t('ratings.showing', {from: offset + 1, to: offset + rows.length}) : '';
    fill(body, rows.length === 0
        ? h('tr', {}, h('td', {colspan: 4}, t(page ? 'ratings.no_more' : 'ratings.nobody_yet')))
        : rows.map((e, i) => h('tr', {'data-player': e.player.id,
                                      class: e.player.id === client.player.id ? 'you' : null},
            h('td', {class: 'num'}, number(offset + i + 1)),
            h('td', {}, playerName(e.player),
              e.player.id === client.player.id && h('span', {class: 'badge you'}, t('room.you'))),
            h('td', {class: 'num'}, ratingText(e.rating),
              e.provisional && h('span', {class: 'badge provisional',
                                          title: t('ratings.provisional_hint')},
                                 t('ratings.provisional'))),
            h('td', {class: 'num'}, number(e.matches)))));
  }

  const fail = (error) => {
    if (shown && error.code !== 'disconnected') problem.textContent = errorText(error);
  };
  const reread = () => client.getLeaderboard(game, {limit: PAGE + 1, offset})
      .then((entries) => shown && draw(entries), fail);

  // The first page is the watched board itself; another page is read again at each push.
  const listening = [client.on('leaderboard', (board) => {
    if (!shown || board.game !== game) return;
    if (page === 0) draw(board.entries);
    else reread();
  }),
  // After a reconnection the client watches the board again; what changed meanwhile is read.
  client.on('welcome', () => { if (shown) reread(); })];
  if (game) {
    client.watchLeaderboard(game, {limit: PAGE + 1})
        .then((entries) => (page === 0 ? shown && draw(entries) : reread()), fail);
  }

  // Players by name.
  const name = h('input', {id: 'player-search', type: 'search', maxlength: 64,
                           autocomplete: 'off', required: true});
  const found = h('div', {id: 'players-found', 'aria-live': 'polite'});
  const search = async (event) => {
    event.preventDefault();
    const text = name.value.trim();
    if (!text) return;
    try {
      const players = await findPlayers(client, text);
      if (!shown) return;
      fill(found, players.length === 0 ? h('p', {}, t('ratings.no_player', {name: text}))
          : h('ul', {class: 'players-found'}, players.map((p) => h('li', {}, playerName(p)))));
    } catch (error) {
      fill(found, h('p', {class: 'error'}, errorText(error)));
    }
  };

  fill(screen, h('h1', {}, t('ratings.leaderboard_title')), problem,
    h('div', {class: 'columns leaderboard'},
      h('section', {class: 'card', 'aria-labelledby': 'board-heading'},
        h('div', {class: 'heading-row'},
          h('h2', {id: 'board-heading'}, t('ratings.board_of', {game: gameName(client, game)})),
          h('span', {class: 'filter'}, h('label', {for: 'leaderboard-game'}, t('lobby.game')),
            choice)),
        h('p', {class: 'muted'}, t('ratings.scale_hint')),
        h('div', {class: 'table-wrap'}, h('table', {class: 'leaderboard-table'},
          h('thead', {}, h('tr', {}, ['rank', 'player', 'rating', 'matches']
            .map((c) => h('th', {scope: 'col', class: c === 'player' ? null : 'num'},
                          t(`ratings.column.${c}`))))),
          body)),
        status,
        h('nav', {class: 'buttons', 'aria-label': t('ratings.pages')}, previous, next)),
      h('section', {class: 'card', 'aria-labelledby': 'search-heading'},
        h('h2', {id: 'search-heading'}, t('ratings.find_player')),
        h('form', {class: 'inline', role: 'search', onsubmit: search},
          h('label', {for: 'player-search'}, t('ratings.player_name')), name,
          h('button', {type: 'submit'}, t('ratings.find'))),
        found)));
  return () => {
    shown = false;
    for (const stop of listening) stop();
    client.unwatchLeaderboard().catch(() => {});
  };
}
