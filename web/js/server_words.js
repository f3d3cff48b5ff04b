// The server's texts in this page's words. Beside each English text a person may read (an
// error's message, a result's, an option's title), the server sends the key of its words in the
// catalogs and the values they name (docs/protocol.md, "Words for people"); the English is left
// for clients that do not translate, and never shown here.
//
// A value is a number, a text as it is, a player (`{"seat": n}`: whoever holds that seat, by the
// names the page has), words of the catalogs (`{"key": k}`: a crew, an alliance), or a list of
// these, said as a list with the language's "and".

import {t, list, number} from './i18n.js';
import {seatNumber} from './names.js';

// One value as the sentence says it; numbers stay numbers, for t() to write and to choose a
// plural by.
function said(value, names) {
  if (Array.isArray(value)) {
    return list(value.map((item) => {
      const words = said(item, names);
      return typeof words === 'number' ? number(words) : words;
    }));
  }
  if (value !== null && typeof value === 'object') {
    if (Number.isInteger(value.seat)) return names?.[value.seat] ?? seatNumber(value.seat);
    if (typeof value.key === 'string') return t(value.key);
  }
  return value;
}

// The values of `params` as the sentence says them, `names` naming the seats.
export function wordsOf(params, names) {
  if (params === null || typeof params !== 'object') return {};
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name,
                                                                             said(value, names)]));
}

// The words of a key the server sent, with its values.
export function serverText(key, params, names) {
  return t(key, wordsOf(params, names));
}
