// UI text from Fluent files (a small subset: `key = value`, indented continuation lines,
// `{ $var }` variables, `#` comments). One file per language under /assets/i18n/.

export const LANGUAGES = { en: 'English', et: 'Eesti', hu: 'Magyar' };
const STORAGE_KEY = 'ludus:lang';
let messages = {};
let current = 'en';

export function parseFtl(text) {
  const out = {};
  let key = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') { key = null; continue; }
    const match = /^([a-zA-Z][\w-]*)\s*=\s?(.*)$/.exec(line);
    if (match) { key = match[1]; out[key] = match[2].trim(); continue; }
    if (key && /^\s/.test(line)) out[key] += ' ' + line.trim();
  }
  return out;
}

export function t(key, args = {}) {
  const text = messages[key] ?? key;
  return text.replace(/\{\s*\$(\w+)\s*\}/g, (_, name) => (name in args ? String(args[name]) : ''));
}

export function language() { return current; }

export function pickLanguage() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved in LANGUAGES) return saved;
  for (const wanted of navigator.languages || [navigator.language || 'en']) {
    const base = wanted.toLowerCase().split('-')[0];
    if (base in LANGUAGES) return base;
  }
  return 'en';
}

export async function setLanguage(lang) {
  if (!(lang in LANGUAGES)) lang = 'en';
  const response = await fetch(`/assets/i18n/${lang}.ftl`);
  messages = parseFtl(await response.text());
  current = lang;
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
}

// An API error in the user's language: the message `err-<code>` with the error's values (a
// `side` value is a seat, shown by its name); the server's English sentence when no message fits.
export function errorText(error) {
  const key = `err-${error.code}`;
  if (!error.code || !(key in messages)) return error.message || String(error);
  const params = { ...(error.params || {}) };
  if (params.side) params.side = t(`side-${params.side}`);
  return t(key, params);
}

// Fills every element with data-i18n="key" under root.
export function translate(root) {
  for (const element of root.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
}
