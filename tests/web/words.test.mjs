// Every game's table reads in words: every kind of event and every kind of action of every game,
// taken from real matches that bots play through the rules (word_samples.cpp), is told by the
// browser's words modules (web/boards/<game>-words.js, and the log line and replay caption built
// on them) in words: never a raw object, JSON, "undefined", an identifier with underscores or a
// placeholder. And nothing is left out: every event kind the rules' sources can emit, and every
// action kind each game's page documents, was seen in those matches and said in the game's words
// rather than by a catch-all.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import path from 'node:path';
import {stepText, resultText} from '../../web/js/play.js';
import {useCatalogs, catalogs} from './catalogs.mjs';
import {setLanguage} from '../../web/js/i18n.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NAMES = ['Anne Bonny', 'Mary Read', 'Bot 3 (smart)', 'Calico Jack', 'Bot 5 (random)',
               'Ching Shih', 'Bot 7 (smart)', 'Edward Low'];

// Each game: its rules' folder, its words module, and how that module tells one event (`null`
// for a game whose views name no events: its steps are told from its actions).
const GAMES = {
  'raft-and-scupper': {dir: 'raft_and_scupper', event: null},
  'scalawag': {dir: 'scalawag', event: (w, e, view) => w.eventText(e, NAMES, view.seat ?? null)},
  'colpaccio': {dir: 'colpaccio', event: (w, e) => w.eventText(e, NAMES)},
  // An event is told with the step's others around it (the roll said once, not twice).
  'um-rum-und-ehre': {dir: 'um_rum_und_ehre',
                      event: (w, e, view, events = [e]) =>
                        w.eventText(e, view, NAMES, events, events.indexOf(e))},
  'riff-raff': {dir: 'riff_raff', event: null},
};

// Event kinds random play does not reach, with where the rules' own tests make them: these are
// told from the event the rules emit there, exactly.
const UNREACHED = {
  'colpaccio': {
    // tests/rules/colpaccio/rogue_test.cpp, "when the deck runs out": an empty convoy, no doubloon.
    turn_passed: {event: 'turn_passed', seat: 1},
  },
};

// What reads as words: a string, not empty, and none of what leaks from data.
function problemOf(text) {
  if (typeof text !== 'string') return `not a string: ${typeof text}`;
  if (!text.trim()) return 'empty';
  const leaks = [[/\[object /, 'an object'], [/\bundefined\b/, 'undefined'], [/\bNaN\b/, 'NaN'],
                 [/\bnull\b/, 'null'], [/[{}]/, 'JSON braces'], [/"\w+"\s*:/, 'a JSON key'],
                 [/\w_\w/, 'an identifier with underscores'],
                 [/something happened|\bTODO\b|\?\?/i, 'a placeholder']];
  for (const [pattern, what] of leaks) if (pattern.test(text)) return what;
  return null;
}

// Every failure of the run, to be told together at its end.
const failures = [];
const check = (fact, message) => { if (!fact) failures.push(message); };

function assertWords(text, where) {
  const problem = problemOf(text);
  check(problem === null, `${where}: ${problem} in ${JSON.stringify(text)}`);
}

// The event kinds a game's rules can emit: every literal a `{"event", ...}` entry of its sources
// can take (also each branch of a `cond ? "a" : "b"`); the chance events are another thing.
function eventKinds(dir) {
  const kinds = new Set();
  const folder = path.join(root, 'rules', dir);
  for (const file of readdirSync(folder)) {
    if (!file.endsWith('.cpp') || file.startsWith('chance_events')) continue;
    const source = readFileSync(path.join(folder, file), 'utf8');
    for (const [, value] of source.matchAll(/\{"event",\s*([^}]*)\}/g)) {
      for (const [, kind] of value.matchAll(/(?:^|\?|:)\s*"([a-z_]+)"/g)) kinds.add(kind);
    }
  }
  return kinds;
}

// The action kinds a game's page documents, in its "Actions" section; the room's `timeout` too
// for a game with a clock.
function actionKinds(game) {
  const page = readFileSync(path.join(root, 'docs/games', `${game}.md`), 'utf8');
  const section = page.match(/^#+ Actions\n([\s\S]*?)(?=^#)/m)?.[1] ?? '';
  const kinds = new Set([...section.matchAll(/"type":\s*"([a-z_]+)"/g)].map((m) => m[1]));
  if (/timeout/.test(page)) kinds.add('timeout');
  return kinds;
}

// The events of one step: a view's `events`, or the entries of its `log` numbered after the
// view before it (Scalawag's log keeps the last 16), as word_samples.cpp keys them.
function stepEvents(view, before) {
  if (Array.isArray(view.events)) return view.events;
  const seen = Math.max(-1, ...(before?.log || []).map((e) => e.n ?? -1));
  return (view.log || []).filter((e) => e.n === undefined || e.n > seen);
}

function samples() {
  const binary = process.env.WORD_SAMPLES;
  assert.ok(binary, 'WORD_SAMPLES names the word_samples program (ctest sets it)');
  const run = spawnSync(binary, [], {encoding: 'utf8', maxBuffer: 256 * 1024 * 1024});
  assert.equal(run.status, 0, `word_samples failed: ${run.stderr}`);
  return run.stdout.trim().split('\n').map((line) => JSON.parse(line));
}

// In every language of the catalogs: the words are the catalogs', and each must say it all.
test('every event and action of every game reads in words, in the log and the replay', async () => {
  const problems = useCatalogs('en');
  const all = samples();
  for (const language of Object.keys(catalogs())) {
    setLanguage(language);
    for (const [game, how] of Object.entries(GAMES)) {
      const words = await import(`../../web/boards/${game}-words.js`);
      // The results' words are result_words.test.mjs's.
      const mine = all.filter((s) => s.game === game && s.sample !== 'result');
      const seenEvents = new Set();
      const seenActions = new Set();
      const toldSteps = new Set();
      for (const s of mine) {
        if (s.sample === 'action') {
          seenActions.add(s.type);
          assertWords(words.label(s.action, s.view, NAMES),
                      `${language} ${game}: the label of ${s.type}`);
          // The heading of its group of buttons (the room's timeout is no button).
          if (s.type !== 'timeout') {
            const heading = words.group(s.type);
            assertWords(heading, `${language} ${game}: the group of ${s.type}`);
            check(heading !== s.type.replace(/_/g, ' '),
                  `${language} ${game}: ${s.type}'s group has its words`);
          }
          continue;
        }
        const where = `${language} ${game}: step ${s.view.step} (${s.key}, ${s.audience} view)`;
        // The end in the words of the result's key, naming the winners by their names (Raft &
        // Scupper's, which the heading names by player, by their crew).
        const result = s.view.over ? s.view.result : null;
        if (result?.winners?.length) {
          const said = resultText(game, result, NAMES);
          assertWords(said, `${where}: the result`);
          const named = result.winning_crew ? [words.crewName(result.winning_crew)]
                                            : result.winners.map((seat) => NAMES[seat]);
          for (const name of named) check(said?.includes(name), `${where}: ${said} names ${name}`);
        }
        toldSteps.add(s.key);
        // The log line and the replay caption: from the step's view and the one before it.
        const said = words.describe(s.view, NAMES, s.before);
        check(said, `${where}: the game's words tell the step`);
        assertWords(said, where);
        // A log that starts at this step (a reload, a spectator arriving) tells it too.
        assertWords(stepText(words, s.view, NAMES, undefined), `${where}, told alone`);
        // Whoever acted is named: the line says who did what.
        if (s.seat !== null) {
          check(said?.includes(NAMES[s.seat]), `${where}: ${said} names ${NAMES[s.seat]}`);
        }
        if (!how.event) continue;
        const events = stepEvents(s.view, s.before);
        for (const e of events) {
          seenEvents.add(e.event);
          const text = how.event(words, e, s.view, events);
          assertWords(text, `${where}: the event ${e.event}`);
          check(text !== e.event.replace(/_/g, ' '), `${where}: ${e.event} has its own words`);
          // The line tells every event of its step (tavern tiles won together, in one breath).
          const told = e.event === 'took_tavern' && e.roll === undefined
              ? words.tileText(e.tile) : text;
          check(said?.toLowerCase().includes(told.toLowerCase()),
                `${where}: ${JSON.stringify(said)} tells ${JSON.stringify(told)}`);
        }
      }

      if (how.event) {
        const unreached = UNREACHED[game] || {};
        for (const kind of eventKinds(how.dir)) {
          if (unreached[kind]) {
            const text = how.event(words, unreached[kind], {seat: null});
            assertWords(text, `${language} ${game}: the event ${kind}`);
            check(text !== kind.replace(/_/g, ' '),
                  `${language} ${game}: ${kind} has its own words`);
            continue;
          }
          check(seenEvents.has(kind),
                `${language} ${game}: the event ${kind} was met in the bots' matches`);
        }
        check(seenEvents.size >= 10, `${language} ${game}: its events were found in its sources`);
      }
      for (const kind of actionKinds(game)) {
        check(seenActions.has(kind),
              `${language} ${game}: the action ${kind} was offered in the matches`);
        if (!how.event) {
          check(toldSteps.has(`action ${kind}`), `${language} ${game}: a step of ${kind} was told`);
        }
      }
      check(seenActions.size >= 4, `${language} ${game}: its actions were found in its page`);
    }
  }
  for (const problem of new Set(problems)) failures.push(`the catalogs: ${problem}`);
  const distinct = [...new Set(failures)];
  assert.deepEqual(distinct.slice(0, 40), [], `${distinct.length} things not in words`);
});
