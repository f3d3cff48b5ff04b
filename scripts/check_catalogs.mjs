// Checks the web client's message catalogs (web/locales/<language>.json) against English, the
// catalog every other follows, and against the code of web/ that looks their texts up:
//   node scripts/check_catalogs.mjs        lists what is missing or left over, exits 1 if any
// docs/translating.md says how to read what it prints. tests/web/catalogs.test.mjs runs it.
//
// - missing: a key English has and the language has not (its plural forms count as one key);
// - extra: a key the language has and English has not (a typo, or a key English dropped);
// - plurals: a key with plural forms but no `_other`, the form every language falls back to;
// - parameters: a {{name}} a translation uses that English never gives (it would show as is);
// - unknown: a key the code looks up by name (t('lobby.join'), w('label.pass')) that English
//   lacks;
// - unused: a key of English that no code of web/ can look up, by its name or by a pattern the
//   code builds (t(`errors.${code}`)), and that is not one of the keys the server sends
//   (SERVER_KEYS: tests/web/catalogs.test.mjs holds those to what a real server sends).

import {readFileSync, readdirSync, statSync} from 'node:fs';
import {join, dirname, relative} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'web');
const locales = join(web, 'locales');

export const BASE = 'en';
const PLURAL = /_(zero|one|two|few|many|other)$/;

// The keys the server sends beside its English (docs/protocol.md, "Words for people"): the page
// looks them up as the server names them, so no code of web/ spells them. Each game's words for
// its name, its options and their parts and values, its results; the words every game's options
// share; a room closed or a player removed in the server's own words; and the mails, webhooks and
// pages by which the server calls players back (server/notify/), which it words itself.
export const SERVER_KEYS = [
  /^games\.[\w-]+\.(name|options\..+|fields\.\w+|values\.\w+|result\..+)$/,
  /^options\.(players\.(title|help)|common\.value)$/,
  /^room\.reason\.\w+$/,
  /^notify\.[\w.]+$/,
];

function flatten(tree, prefix = '', into = new Map()) {
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value !== null && typeof value === 'object') flatten(value, key, into);
    else into.set(key, String(value));
  }
  return into;
}

// A catalog's keys with their plural forms folded: base key -> [texts].
function folded(catalog) {
  const keys = new Map();
  for (const [key, text] of flatten(catalog)) {
    const base = key.replace(PLURAL, '');
    if (!keys.has(base)) keys.set(base, {texts: [], forms: new Set()});
    keys.get(base).texts.push(text);
    if (base !== key) keys.get(base).forms.add(key.slice(base.length + 1));
  }
  return keys;
}

const params = (texts) => new Set(texts.flatMap((t) => [...t.matchAll(/\{\{(\w+)\}\}/g)]
    .map((m) => m[1])));

function sources(dir, ext) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sources(path, ext));
    else if (ext.some((e) => name.endsWith(e))) found.push(path);
  }
  return found;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const KEYLIKE = /^[a-z][\w-]*(\.[\w-]+)*$/;

// What the code of web/ looks up: literal keys, patterns of keys built from templates, and the
// keys passed to t(), w(), parts() or maybe() by name. A module that words a game through a
// helper `const w = (key, params) => t(`games.<id>.${key}`, params)` has its literals taken
// both as they are and under that prefix.
export function lookups() {
  const literals = new Set();
  const patterns = [];
  const named = [];
  for (const file of sources(web, ['.js'])) {
    const code = readFileSync(file, 'utf8');
    const helper = code.match(/const w = \(key, params\) => t\(`([^`$]*)\$\{key\}`, params\);/);
    const prefixes = ['', ...(helper ? [helper[1]] : [])];
    const body = helper ? code.replace(helper[0], '') : code;
    for (const [, quoted] of body.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)) {
      if (!quoted || !KEYLIKE.test(quoted)) continue;
      for (const prefix of prefixes) literals.add(prefix + quoted);
    }
    // A template names keys when it begins with a key's first part ("errors.", "games."), or,
    // in a module with a helper, when it is one of the helper's keys (`order.${order}.name`).
    for (const [, template] of body.matchAll(/`([^`]*\$\{[^`]*)`/g)) {
      const pieces = template.split(/\$\{[^}]*\}/);
      if (!/^([a-z][\w-]*\.)*[\w-]*$/.test(pieces[0]) || pieces.some((p) => /\s/.test(p))) continue;
      const regex = pieces.map(escape).join('[^.]+(?:\\.[^.]+)*');
      if (/^[a-z][\w-]*\./.test(pieces[0])) patterns.push(new RegExp(`^${regex}$`));
      if (helper) patterns.push(new RegExp(`^${escape(helper[1])}${regex}$`));
    }
    for (const [, call, key] of body.matchAll(/\b(t|w|parts|maybe)\(\s*'([^']+)'/g)) {
      named.push({key: call === 'w' && helper ? helper[1] + key : key,
                  where: relative(root, file), maybe: call === 'maybe'});
    }
  }
  for (const file of sources(web, ['.html'])) {
    const html = readFileSync(file, 'utf8');
    for (const [, key] of html.matchAll(/data-i18n(?:-label|-title)?="([^"]+)"/g)) {
      literals.add(key);
      named.push({key, where: relative(root, file), maybe: false});
    }
  }
  return {literals, patterns, named};
}

export function languages() {
  return readdirSync(locales).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
}

export function catalog(language) {
  return JSON.parse(readFileSync(join(locales, `${language}.json`), 'utf8'));
}

export function check() {
  const base = folded(catalog(BASE));
  const report = {missing: {}, extra: {}, plurals: {}, parameters: {}, unknown: [], unused: []};
  for (const language of languages()) {
    const keys = folded(catalog(language));
    if (language !== BASE) {
      report.missing[language] = [...base.keys()].filter((k) => !keys.has(k));
      report.extra[language] = [...keys.keys()].filter((k) => !base.has(k));
    }
    report.plurals[language] = [...keys].filter(([, k]) => k.forms.size && !k.forms.has('other'))
        .map(([key]) => key);
    report.parameters[language] = [...keys].filter(([key]) => base.has(key)).flatMap(
        ([key, k]) => {
          const given = params(base.get(key).texts);
          return [...params(k.texts)].filter((p) => !given.has(p)).map((p) => `${key}: {{${p}}}`);
        });
  }
  const {literals, patterns, named} = lookups();
  report.unknown = named.filter(({key, maybe}) => !maybe && !base.has(key))
      .map(({key, where}) => `${key} (${where})`);
  report.unused = [...base.keys()].filter((key) => !literals.has(key) &&
                                                    !patterns.some((p) => p.test(key)) &&
                                                    !SERVER_KEYS.some((p) => p.test(key)));
  return report;
}

// Every finding as a line; none when the catalogs are whole.
export function findings(report = check()) {
  const lines = [];
  for (const [what, byLanguage] of Object.entries(report)) {
    if (Array.isArray(byLanguage)) {
      for (const item of byLanguage) lines.push(`${what}: ${item}`);
      continue;
    }
    for (const [language, items] of Object.entries(byLanguage)) {
      for (const item of items) lines.push(`${language}: ${what}: ${item}`);
    }
  }
  return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lines = findings();
  for (const line of lines) console.log(line);
  console.log(lines.length ? `${lines.length} to fix`
                            : `the catalogs of ${languages().join(', ')} are whole`);
  process.exitCode = lines.length ? 1 : 0;
}
