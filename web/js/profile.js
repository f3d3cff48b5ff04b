// A player's profile (GET /api/players/{id}, docs/ratings.md): how often they finish the matches
// they begin; per game their rating (provisional while still uncertain), rated matches and wins,
// and the rating's history drawn as a plot with its table (rating_plot.js); their latest matches,
// each with its result for them and its players, linked to its replay.

import {h, fill} from './dom.js';
import {gameName, playerName, seatNames, winnersText, replayLink} from './names.js';
import {t, number, dateTime} from './i18n.js';
import {errorText} from './errors.js';
import {ratingHistory, ratingText} from './rating_plot.js';
import {readProfile} from './ratings_api.js';

// A match's outcome for the player of the profile, in words.
function outcome(match, id) {
  const seats = match.seats.filter((s) => s.player === id).map((s) => s.seat);
  if (match.status !== 'finished' || !match.result) return t(`history.status.${match.status}`);
  const won = seats.some((seat) => (match.result.winners || []).includes(seat));
  return t(won ? 'ratings.outcome.won' : 'ratings.outcome.lost');
}

const fact = (key, value, extra) => h('div', {class: 'fact', 'data-fact': key},
                                      h('dt', {}, t(`ratings.fact.${key}`)),
                                      h('dd', {}, value, extra));

export function showProfile({client, screen}, id) {
  let shown = true;
  fill(screen, h('h1', {}, t('ratings.profile_title')),
       h('p', {class: 'muted', role: 'status'}, t('ratings.loading')));

  function gameCard(g) {
    const name = gameName(client, g.game);
    return h('section', {class: 'card rating-game', 'data-game': g.game,
                         'aria-labelledby': `rating-${g.game}`},
      h('h2', {id: `rating-${g.game}`}, name),
      h('dl', {class: 'facts'},
        fact('rating', ratingText(g.rating),
             g.provisional && h('span', {class: 'badge provisional',
                                         title: t('ratings.provisional_hint')},
                                t('ratings.provisional'))),
        fact('matches', number(g.matches)),
        fact('wins', number(g.wins)),
        fact('skill', t('ratings.mu_sigma', {mu: ratingText(g.mu), sigma: ratingText(g.sigma)}))),
      ratingHistory(g.history, name),
      h('p', {}, h('a', {href: `#/leaderboard/${encodeURIComponent(g.game)}`},
                   t('ratings.see_board', {game: name}))));
  }

  function matchRow(m) {
    const names = seatNames(m.seats);
    const cell = (column, ...content) => h('td',
        {'data-label': t(`ratings.match_column.${column}`)}, h('span', {class: 'cell'}, content));
    return h('tr', {'data-match': m.id},
      cell('match', h('a', {href: replayLink(m.id)}, t('history.match', {match: m.id}))),
      cell('game', gameName(client, m.game)),
      cell('outcome', outcome(m, id)),
      cell('players', m.seats.map((seat, i) => [i ? t('history.seat_separator') : '',
        seat.player ? playerName({id: seat.player, name: seat.name}) : names[i]])),
      cell('result', m.result ? winnersText(m.result, names) : ''),
      cell('started', dateTime(m.created_ms)));
  }

  function draw(profile) {
    const {player, games, finished, matches} = profile;
    const mine = player.id === client.player.id;
    fill(screen,
      h('h1', {}, t('ratings.profile_of', {name: player.name}),
        mine && h('span', {class: 'badge you'}, t('room.you'))),
      h('p', {id: 'finish-rate'}, finished.started === 0 ? t('ratings.finish_none')
        : t('ratings.finish_rate', {count: finished.started, finished: finished.finished,
                                    rate: number(finished.rate, {style: 'percent'})})),
      games.length === 0 ? h('p', {}, t('ratings.no_ratings'))
                         : h('div', {class: 'rating-games'}, games.map(gameCard)),
      h('section', {class: 'card', 'aria-labelledby': 'latest-matches'},
        h('h2', {id: 'latest-matches'}, t('ratings.latest_matches')),
        matches.length === 0 ? h('p', {}, t('history.none')) : h('div', {class: 'table-wrap'},
          h('table', {class: 'matches profile-matches'},
            h('thead', {}, h('tr', {}, ['match', 'game', 'outcome', 'players', 'result', 'started']
              .map((c) => h('th', {scope: 'col'}, t(`ratings.match_column.${c}`))))),
            h('tbody', {}, matches.map(matchRow))))));
  }

  readProfile(client, id).then((profile) => shown && draw(profile), (error) => {
    if (shown) fill(screen, h('h1', {}, t('ratings.profile_title')),
                    h('p', {class: 'error', role: 'alert'}, errorText(error)));
  });
  return () => { shown = false; };
}
