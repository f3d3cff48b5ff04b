// The web client's message catalogs (web/locales/<language>.json) for Node's tests: every
// catalog given to web/js/i18n.js, as the browser gives them after fetching, and every problem
// it meets (a key no catalog has, a parameter not given) kept, to be asserted empty.

import {readFileSync, readdirSync} from 'node:fs';
import {join, dirname} from 'node:path';
import {fileURLToPath} from 'node:url';
import {addCatalog, setLanguage, onProblem, flatten} from '../../web/js/i18n.js';

export const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web',
                               'locales');

// The languages there are catalogs of, and each catalog as the file holds it.
export function catalogs() {
  return Object.fromEntries(readdirSync(localesDir).filter((f) => f.endsWith('.json'))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(localesDir, f), 'utf8'))]));
}

// Each catalog's keys, flat ("lobby.join"), with the plural forms ("rooms_one") as they are.
export function flatKeys(catalog) {
  return [...flatten(catalog).keys()];
}

// Gives i18n.js every catalog and shows words in `language`; returns the list of problems met.
export function useCatalogs(language = 'en') {
  for (const [code, catalog] of Object.entries(catalogs())) addCatalog(code, catalog);
  setLanguage(language);
  const problems = [];
  onProblem((what) => problems.push(what));
  return problems;
}
