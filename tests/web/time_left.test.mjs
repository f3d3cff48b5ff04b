// The time a clock has left, in words, as "Your matches" shows a match's (countdown.js): to its
// two largest units, rounded down, in each catalog's language, by Intl.DurationFormat where the
// browser has it and by each unit's own words listed where it has not (Node 20 has not, so this
// test reads that way; the browser tests read the other, with the same words).

import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useCatalogs} from './catalogs.mjs';
import {setLanguage} from '../../web/js/i18n.js';
import {timeLeftText} from '../../web/js/countdown.js';

const MINUTE = 60000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const problems = useCatalogs();

const EXPECTED = {
  en: ['2 days, 23 hours', '3 days', '1 day', '5 hours, 20 minutes', '12 minutes', '42 s', '0 s'],
  it: ['2 giorni e 23 ore', '3 giorni', '1 giorno', '5 ore e 20 minuti', '12 minuti', '42 s', '0 s'],
};
const LEFT = [3 * DAY - 1, 3 * DAY, DAY + MINUTE, 5 * HOUR + 20 * MINUTE + 59999,
              12 * MINUTE + 5000, 41001, -5000];

for (const [language, words] of Object.entries(EXPECTED)) {
  test(`the time left in ${language}: days and hours, hours and minutes, then seconds`, () => {
    setLanguage(language);
    try {
      assert.deepEqual(LEFT.map(timeLeftText), words);
      assert.deepEqual(problems, []);
    } finally {
      setLanguage('en');
    }
  });
}
