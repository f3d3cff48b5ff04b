// The account screens' words that are not a screen's: a refusal with the wait the server gave
// (too_many_logins, passwords_busy: `retry_after_ms`), and a device named by its User-Agent.

import {t} from './i18n.js';
import {errorText} from './errors.js';

// A refusal in words; when the server said how long to wait, that too.
export function accountError(error) {
  const words = errorText(error);
  const wait = error?.retryAfterMs;
  if (!Number.isFinite(wait) || wait <= 0) return words;
  return t('account.retry_after', {problem: words, count: Math.ceil(wait / 1000)});
}

// The browsers and systems a User-Agent names, the more particular first (Edge's and Opera's
// also say Chrome; Chrome's also says Safari; Android's also says Linux).
const BROWSERS = [['Edge', /\bEdg(e|A|iOS)?\//], ['Opera', /\bOPR\//], ['Firefox', /\bFirefox\//],
                  ['Chrome', /Chrome\/|CriOS\//], ['Safari', /\bSafari\//]];
const SYSTEMS = [['Android', /\bAndroid\b/], ['iPhone', /\biPhone\b/], ['iPad', /\biPad\b/],
                 ['Windows', /\bWindows\b/], ['macOS', /\bMac OS X\b/], ['ChromeOS', /\bCrOS\b/],
                 ['Linux', /\bLinux\b/]];

const named = (label, names) => names.find(([, pattern]) => pattern.test(label))?.[0] ?? null;

// "Firefox on Android" from what the device said it was; the label as it is when neither is
// known, and "an unknown device" when it said nothing.
export function deviceName(label) {
  const browser = named(label ?? '', BROWSERS);
  const system = named(label ?? '', SYSTEMS);
  if (browser && system) return t('account.device', {browser, system});
  if (browser || system) return browser ?? system;
  return label ? label : t('account.unknown_device');
}
