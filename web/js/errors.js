// A refusal in words: the server's (and the SDK's) error codes each have a sentence in the
// catalogs (errors.<code>), written for the person who met it; an error this page made itself
// carries its words already (`said`). The server's own message, in English and often written
// for a program, is left to the console.

import {t, has} from './i18n.js';

export function errorText(error) {
  if (typeof error?.said === 'string') return error.said;
  const code = typeof error?.code === 'string' ? error.code : null;
  if (error?.message) console.info(`refused (${code ?? 'no code'}): ${error.message}`);
  if (code && has(`errors.${code}`)) return t(`errors.${code}`);
  return t('errors.unknown');
}

// An error whose words are already the person's: a form's value that cannot be sent.
export function saidError(words) {
  const error = new Error(words);
  error.said = words;
  return error;
}
