// A game's rating history on a profile: a plot drawn with uPlot (npm's `uplot`, which the server
// serves at /vendor/uplot/ from node_modules), the rating after each rated match, and beside it
// the same in words for every reader: a summary said with the plot (its accessible name and its
// caption) and the table of every point, which is also all a browser without the library shows.

import {h} from './dom.js';
import {t, number, dateTime} from './i18n.js';
import {replayLink} from './names.js';

const PLOT_URL = '/vendor/uplot/uPlot.esm.js';
const PLOT_CSS = '/vendor/uplot/uPlot.min.css';
const HEIGHT = 220;

// The page's accent colour: a canvas takes no CSS variable.
const accent = () => getComputedStyle(document.documentElement)
    .getPropertyValue('--accent').trim() || '#0f5c7a';

let library = null;  // the module's promise, loaded once for the page

function loadPlot() {
  if (!library) {
    if (!document.querySelector(`link[href="${PLOT_CSS}"]`)) {
      document.head.append(h('link', {rel: 'stylesheet', href: PLOT_CSS}));
    }
    library = import(PLOT_URL).then((module) => module.default).catch(() => null);
  }
  return library;
}

// "From 0 to 12.3 over 5 rated matches; the best 13.1, the lowest 0."
export function historySummary(history) {
  const ratings = history.map((p) => p.rating);
  if (ratings.length === 0) return t('ratings.plot_empty');
  return t('ratings.plot_summary', {count: history.length, first: ratingText(ratings[0]),
                                    last: ratingText(ratings[ratings.length - 1]),
                                    best: ratingText(Math.max(...ratings)),
                                    lowest: ratingText(Math.min(...ratings))});
}

// Rating figures as the page writes them: one decimal.
export const ratingText = (value) => number(value, {minimumFractionDigits: 1,
                                                    maximumFractionDigits: 1});

// The table of the points, newest first, each match linked to its replay when it may be read.
function pointsTable(history, caption) {
  const rows = history.map((p, i) => ({...p, n: i + 1})).reverse();
  return h('div', {class: 'table-wrap'}, h('table', {class: 'rating-points'},
    h('caption', {class: 'visually-hidden'}, caption),
    h('thead', {}, h('tr', {}, ['number', 'when', 'match', 'place', 'rating']
      .map((c) => h('th', {scope: 'col', class: `point-${c}`}, t(`ratings.point.${c}`))))),
    h('tbody', {}, rows.map((p) => h('tr', {},
      h('td', {class: 'point-number'}, number(p.n)),
      h('td', {}, dateTime(p.time_ms)),
      h('td', {}, p.match ? h('a', {href: replayLink(p.match)},
                              t('history.match', {match: p.match}))
                          : t('ratings.private_match')),
      h('td', {}, t('ratings.place', {place: p.place + 1})),
      h('td', {class: 'num point-rating'}, ratingText(p.rating)))))));
}

// The history of one game: `label` names it (the game's name). Returns the node; the plot is
// drawn into it once the library has loaded and the node is on the page.
export function ratingHistory(history, label) {
  const summary = historySummary(history);
  const plotHost = h('div', {class: 'rating-plot', role: 'img',
                             'aria-label': t('ratings.plot_label', {game: label, summary})});
  const figure = h('figure', {class: 'rating-history'}, plotHost,
                   h('figcaption', {class: 'muted'}, summary),
                   h('details', {class: 'rating-table'},
                     h('summary', {}, t('ratings.plot_table', {count: history.length})),
                     pointsTable(history, t('ratings.plot_label', {game: label, summary}))));
  if (history.length === 0) {
    plotHost.remove();
    return figure;
  }
  loadPlot().then((uPlot) => {
    if (!uPlot || !plotHost.isConnected) return;
    const xs = history.map((_, i) => i + 1);
    const ys = history.map((p) => p.rating);
    const width = () => Math.max(200, Math.floor(plotHost.getBoundingClientRect().width));
    const plot = new uPlot({
      width: width(), height: HEIGHT,
      legend: {show: false},
      cursor: {show: false},
      // Matches are counted whole; a single match still spans an axis.
      scales: {x: {time: false, range: (u, min, max) => [1, Math.max(2, max)]}},
      series: [{}, {stroke: accent(), width: 2, points: {show: true, size: 6},
                    label: t('ratings.point.rating')}],
      axes: [{label: t('ratings.plot_x'), incrs: [1, 2, 5, 10, 20, 50, 100],
              values: (u, splits) => splits.map(number)},
             {label: t('ratings.point.rating'), values: (u, splits) => splits.map(number)}],
    }, [xs, ys], plotHost);
    plotHost.uplot = plot;  // what the plot drew, for whoever reads the page (its tests)
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        if (plotHost.isConnected) plot.setSize({width: width(), height: HEIGHT});
      }).observe(plotHost);
    }
  });
  return figure;
}
