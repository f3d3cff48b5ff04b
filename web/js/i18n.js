// Every sentence a person reads, from a catalog: web/locales/<language>.json, one file per
// language, nested keys ("lobby.join" is {"lobby": {"join": ...}}), parameters as {{name}}, and
// plurals as the key with the plural category of `count` after an underscore ("rooms_one",
// "rooms_other"), as i18next's JSON v4 writes them, so that translation tools read the files.
// The plural category, numbers, lists, dates and relative times come from the browser's Intl
// in the page's language; nothing here is built by joining sentences.
//
// The module holds no state of the page: it is given its catalogs (languages.js fetches them in
// the browser; Node's tests read the files), so the games' words load anywhere.
//
// `en-XA` is the pseudo-language: English with every letter accented and every text between
// ⟦ and ⟧, so that a page shown in it tells at a glance (and to tests) any text that did not come
// from a catalog. docs/translating.md says how to use it.

export const FALLBACK = 'en';
export const PSEUDO = 'en-XA';

const catalogs = new Map();  // language -> Map(flat key -> text)
let current = FALLBACK;
// Told of a key no catalog has, or a parameter the text names but was not given.
let problem = (what) => console.warn(`i18n: ${what}`);

// Flattens nested catalog objects into "a.b.c" keys.
export function flatten(tree, prefix = '', into = new Map()) {
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value !== null && typeof value === 'object') flatten(value, key, into);
    else into.set(key, String(value));
  }
  return into;
}

export function addCatalog(language, tree) {
  catalogs.set(language, flatten(tree));
}

export function hasCatalog(language) {
  return language === PSEUDO ? catalogs.has(FALLBACK) : catalogs.has(language);
}

export function setLanguage(language) {
  current = language;
}

export function language() {
  return current;
}

export function onProblem(report) {
  problem = report;
}

// The languages a text is looked for in, the page's first: "it-CH", then "it", then English.
function chain(language) {
  if (language === PSEUDO) return [FALLBACK];
  const base = language.split('-')[0];
  return [...new Set([language, base, FALLBACK])];
}

// The locale Intl formats with: the pseudo-language formats as English.
const locale = () => (current === PSEUDO ? FALLBACK : current);

function find(key, params) {
  const count = params?.count;
  for (const language of chain(current)) {
    const catalog = catalogs.get(language);
    if (!catalog) continue;
    if (typeof count === 'number') {
      const category = new Intl.PluralRules(language).select(count);
      for (const name of [`${key}_${category}`, `${key}_other`]) {
        if (catalog.has(name)) return catalog.get(name);
      }
    }
    if (catalog.has(key)) return catalog.get(key);
  }
  return null;
}

// Whether a catalog of the page's language (or English) has the key.
export function has(key) {
  return chain(current).some((language) => {
    const catalog = catalogs.get(language);
    return catalog && (catalog.has(key) || catalog.has(`${key}_other`));
  });
}

// A parameter as the page's language writes it: numbers with its separators, lists joined
// with its "and"; anything else as text.
function written(value) {
  if (typeof value === 'number') return number(value);
  if (Array.isArray(value)) return list(value.map(written));
  return String(value);
}

// Accents every letter of a text outside its {{parameters}} and marks its ends.
const ACCENTED = {a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', y: 'ý', s: 'š', z: 'ž',
                  A: 'Á', E: 'É', I: 'Í', O: 'Ö', U: 'Ü', C: 'Ç', N: 'Ñ', Y: 'Ý', S: 'Š', Z: 'Ž'};
function pseudo(text) {
  const parts = text.split(/(\{\{\w+\}\})/);
  return `⟦${parts.map((part, i) => (i % 2 ? part : part.replace(/[a-zA-Z]/g,
                                                                 (c) => ACCENTED[c] ?? c)))
      .join('')}⟧`;
}

// The text of `key` in the page's language with `params` put in. A key no catalog has is told
// to the problem handler and shows as itself, so that it is seen and fixed.
export function t(key, params = {}) {
  let text = find(key, params);
  if (text === null) {
    problem(`no text for "${key}" in ${current}`);
    return key;
  }
  if (current === PSEUDO) text = pseudo(text);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name) => {
    if (!(name in params) || params[name] === undefined || params[name] === null) {
      problem(`"${key}" in ${current} names {{${name}}}, which was not given`);
      return whole;
    }
    return written(params[name]);
  });
}

// The text of `key` as a list of pieces, for a sentence with a part drawn otherwise (a name in
// bold, a link): parameters that are objects (DOM nodes) come back as they are, in their places,
// the rest as text. h() and fill() take the list as children.
export function parts(key, params = {}) {
  const kept = [];
  const plain = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      plain[name] = `\u0000${kept.length}\u0000`;
      kept.push(value);
    } else {
      plain[name] = value;
    }
  }
  return t(key, plain).split(/\u0000(\d+)\u0000/)
      .map((piece, i) => (i % 2 ? kept[Number(piece)] : piece))
      .filter((piece) => piece !== '');
}

// The text of `key` when a catalog has it, else null: for words a game may or may not have.
export function maybe(key, params = {}) {
  return has(key) ? t(key, params) : null;
}

// A line begun with a capital letter, as the page's language writes it ("round 3: ..." becomes
// "Round 3: ..."), for texts made of lower-case parts.
export function sentence(text) {
  return text.replace(/\p{L}/u, (letter) => letter.toLocaleUpperCase(locale()));
}

export function number(value, options = {}) {
  return new Intl.NumberFormat(locale(), {maximumFractionDigits: 3, ...options}).format(value);
}

// What Intl writes in the page's language is the language's too: the pseudo-language marks it.
const marked = (text) => (current === PSEUDO ? `⟦${text}⟧` : text);

// "Anne, Mary and Jack", "Anne, Mary e Jack".
export function list(items, type = 'conjunction') {
  return marked(new Intl.ListFormat(locale(), {style: 'long', type}).format(items.map(String)));
}

// A moment on the wall clock: a date and a time.
export function dateTime(ms) {
  return marked(new Intl.DateTimeFormat(locale(), {dateStyle: 'medium', timeStyle: 'short'})
      .format(new Date(ms)));
}

// "5 minutes ago", "5 minuti fa": `value` of `unit` from now (negative: in the past).
export function relative(value, unit) {
  return marked(new Intl.RelativeTimeFormat(locale(), {numeric: 'auto'}).format(value, unit));
}

// A length of time in words, "3 days, 4 hours", "3 giorni e 4 ore": `parts` as
// Intl.DurationFormat takes them ({days, hours, minutes, seconds}), the zero ones left out.
export function duration(parts) {
  const given = Object.fromEntries(Object.entries(parts).filter(([, value]) => value > 0));
  if (typeof Intl.DurationFormat === 'function') {
    return marked(new Intl.DurationFormat(locale(), {style: 'long'}).format(given));
  }
  // A browser without it: each unit as Intl.NumberFormat words it, listed as units are.
  const units = {days: 'day', hours: 'hour', minutes: 'minute', seconds: 'second'};
  return list(Object.entries(given).map(([name, value]) => new Intl.NumberFormat(locale(), {
    style: 'unit', unit: units[name], unitDisplay: 'long'}).format(value)), 'unit');
}

// A language's name in that language ("Italiano", "English"): how a person finds their own.
export function autonym(code) {
  if (code === PSEUDO) return 'Pseudo';
  try {
    const name = new Intl.DisplayNames([code], {type: 'language'}).of(code) || code;
    return name[0].toLocaleUpperCase(code) + name.slice(1);
  } catch (_) {
    return code;
  }
}
