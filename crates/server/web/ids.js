// A position's ids on a page: a line with the id, its copy button and (where the engine may help)
// a link that opens it in the analysis board; one click handler for every copy button of a box.
import { t } from './i18n.js';

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// One id (`name` is the code element's id) with its copy button, and the analysis link when
// `analyse` is the text to open there.
export function idLine(name, text, analyse = null) {
  const open = analyse
    ? ` <a id="${name}-analyse" class="analyse-link" href="/analysis?text=${encodeURIComponent(analyse)}" data-link>${t('analyse-position')}</a>` : '';
  return `<p class="id-line"><code id="${name}">${escape(text)}</code>
    <button class="secondary small" data-copy="${name}">${t('copy-id')}</button>${open}</p>`;
}

// Copies the id a clicked copy button names (or selects it where the browser refuses).
export async function copyId(button) {
  const name = button?.dataset?.copy;
  if (!name) return;
  const code = document.getElementById(name);
  try {
    await navigator.clipboard.writeText(code.textContent);
    button.textContent = t('copied');
  } catch {
    getSelection().selectAllChildren(code);
  }
}
