// The page's language in the browser: the one chosen in the header (kept in localStorage), or
// else the first of the browser's languages (navigator.languages, which it also sends as
// Accept-Language) that has a catalog, or else English. The catalogs are the files of
// web/locales/, which the server lists at /locales/: a new language is one file there.

import {addCatalog, hasCatalog, setLanguage, language, t, autonym, FALLBACK, PSEUDO}
    from './i18n.js';
import {h} from './dom.js';

const KEY = 'tortuga.language';

async function fetchJson(path) {
  const response = await fetch(path, {cache: 'no-cache'});
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

// The languages the server has catalogs of ("en", "it", ...).
export async function languages() {
  try {
    const {languages: codes} = await fetchJson('/locales/');
    return codes.includes(FALLBACK) ? codes : [FALLBACK, ...codes];
  } catch (_) {
    return [FALLBACK];
  }
}

// The language to show the page in, among `codes`.
export function preferred(codes) {
  const kept = localStorage.getItem(KEY);
  if (kept && (codes.includes(kept) || kept === PSEUDO)) return kept;
  for (const wanted of navigator.languages || [navigator.language]) {
    const code = String(wanted);
    if (codes.includes(code)) return code;
    const base = code.split('-')[0];
    if (codes.includes(base)) return base;
  }
  return FALLBACK;
}

async function load(code) {
  if (!hasCatalog(FALLBACK)) addCatalog(FALLBACK, await fetchJson(`/locales/${FALLBACK}.json`));
  if (code !== PSEUDO && !hasCatalog(code)) {
    addCatalog(code, await fetchJson(`/locales/${code}.json`));
  }
}

// Shows the page in `code` from now on: its catalog loaded, <html lang> and the page's fixed
// texts (those marked data-i18n in the HTML) written again. `keep`: the player chose it.
export async function useLanguage(code, keep = false) {
  try {
    await load(code);
  } catch (error) {
    console.warn(`the catalog of ${code} did not load`, error);
    code = FALLBACK;
    await load(code);
  }
  if (keep) localStorage.setItem(KEY, code);
  setLanguage(code);
  document.documentElement.lang = code === PSEUDO ? FALLBACK : code;
  translatePage();
}

// The fixed texts of the HTML: data-i18n names the key of an element's text, data-i18n-label
// that of its aria-label; <html data-i18n-title> that of the document's title.
export function translatePage(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-label]')) {
    node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  }
  const title = document.documentElement.dataset.i18nTitle;
  if (title) document.title = t(title);
}

// The header's choice of language: each language by its own name (marked with its lang, so
// that it is read in that language), the page's language chosen. `changed(code)` is called
// once the new language is in use.
export function languageChoice(codes, changed) {
  const select = h('select', {id: 'language', class: 'language',
                              'aria-label': t('app.language')},
    codes.map((code) => h('option', {value: code, lang: code, selected: code === language()},
                          autonym(code))));
  select.addEventListener('change', async () => {
    await useLanguage(select.value, true);
    changed(select.value);
  });
  return select;
}
