// UI text from Fluent files (a small subset: `key = value`, indented continuation lines,
// `{ $var }` variables, `#` comments, and plural selectors `{ $n -> [one] … *[other] … }`: the
// variant named by the number itself, then by its plural category, then the default; the same
// subset as the Rust reader, ludus-i18n). One file per language under /assets/i18n/.

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
  return format(messages[key] ?? key, args);
}

// The index of the `}` closing the placeable that opens at `start`, or -1.
function placeableEnd(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

// The variants of a selector's body: [{ key, isDefault, text }].
function variantsOf(body) {
  const starts = [];
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '{') depth += 1;
    else if (body[i] === '}') depth = Math.max(depth - 1, 0);
    else if (body[i] === '[' && depth === 0) starts.push(i);
  }
  return starts.map((start, n) => {
    const end = n + 1 < starts.length ? starts[n + 1] : body.length;
    const close = body.indexOf(']', start);
    const text = body.slice(close + 1, end).trimEnd();
    return { key: body.slice(start + 1, close).trim(), isDefault: body.slice(0, start).trimEnd().endsWith('*'),
      text: text.endsWith('*') ? text.slice(0, -1) : text };
  });
}

// The plural category of `value` ('one' for 1, 'other' else in English, Estonian, Hungarian).
const pluralCategory = (value) => (Number(value) === 1 && String(value).trim() === '1' ? 'one' : 'other');

function expand(inner, args) {
  const arrow = inner.indexOf('->');
  if (arrow >= 0) {
    const name = inner.slice(0, arrow).trim().replace(/^\$/, '');
    const value = name in args ? String(args[name]).trim() : null;
    const variants = variantsOf(inner.slice(arrow + 2));
    const chosen = (value !== null && variants.find((v) => v.key === value))
      || (value !== null && variants.find((v) => v.key === pluralCategory(value)))
      || variants.find((v) => v.isDefault);
    return chosen ? format(chosen.text.trim(), args) : '';
  }
  const m = /^\s*\$([\w-]+)\s*$/.exec(inner);
  return m && m[1] in args ? String(args[m[1]]) : '';
}

// A template with its placeables filled in (a missing variable becomes nothing).
export function format(template, args = {}) {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const start = template.indexOf('{', i);
    const end = start < 0 ? -1 : placeableEnd(template, start);
    if (end < 0) { out += template.slice(i); break; }
    out += template.slice(i, start) + expand(template.slice(start + 1, end), args);
    i = end + 1;
  }
  return out;
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
