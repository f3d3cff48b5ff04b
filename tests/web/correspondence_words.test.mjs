// A correspondence clock's time left in words (web/js/correspondence.js), in each language: to
// the hour while days are left, to the minute in the last day, counted up to the minute as a
// clock counts, each unit's plural the language's own.

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useCatalogs} from './catalogs.mjs';
import {setLanguage} from '../../web/js/i18n.js';
import {leftText} from '../../web/js/correspondence.js';

const MINUTE = 60000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

test('the time left to move, in English and Italian', () => {
  const problems = useCatalogs('en');
  const cases = [
    [9 * DAY, '9 days', '9 giorni'],
    [9 * DAY - 1000, '9 days', '9 giorni'],  // a second into the move
    [DAY + HOUR, '1 day 1 hour', '1 giorno e 1 ora'],
    [2 * DAY + 5 * HOUR + 30 * MINUTE, '2 days 5 hours', '2 giorni e 5 ore'],  // the minutes left out
    [23 * HOUR + 59 * MINUTE, '23 hours 59 minutes', '23 ore e 59 minuti'],
    [5 * HOUR, '5 hours', '5 ore'],
    [61 * MINUTE, '1 hour 1 minute', '1 ora e 1 minuto'],
    [12 * MINUTE, '12 minutes', '12 minuti'],
    [59 * 1000, 'less than a minute', 'meno di un minuto'],
    [0, 'less than a minute', 'meno di un minuto'],
  ];
  for (const [ms, english] of cases) assert.equal(leftText(ms), english, `${ms} ms`);
  setLanguage('it');
  for (const [ms, , italian] of cases) assert.equal(leftText(ms), italian, `${ms} ms`);
  assert.deepEqual(problems, []);
});
