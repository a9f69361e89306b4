// The player's display settings and playing aids, kept in localStorage: each can be switched in
// the game page's "Settings" panel (ids `set-<name>`), and a test may set them before loading
// the page (`localStorage['ludus:settings'] = '{"animate":false}'`).

import { t } from './i18n.js';

const STORAGE_KEY = 'ludus:settings';

// Every setting with its default.
export const DEFAULTS = {
  animate: true,     // animate the other player's moves
  coords: true,      // Morris: a–g / 1–7 along the board
  pips: true,        // Backgammon: live pip counts while moving
  hints: true,       // a Hint button against the computer
  takeback: true,    // a Take back button against the computer
  dblclick: true,    // Backgammon: a double click plays a checker by the higher die
  autoBearOff: true, // Backgammon: a bear-off where nothing else matters plays itself (view.auto_play)
};

export function settings() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(STORAGE_KEY) || '{}') || {}; } catch { /* defaults */ }
  return { ...DEFAULTS, ...saved };
}

export function setSetting(name, value) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...settings(), [name]: value }));
}

// The settings panel: one checkbox per setting that applies to `game`; `onChange` after each.
export function settingsPanel(container, game, onChange) {
  const names = game === 'morris' ? ['animate', 'coords', 'hints', 'takeback']
    : ['animate', 'pips', 'hints', 'takeback', 'dblclick', 'autoBearOff'];
  const current = settings();
  container.innerHTML = `<details><summary>${t('settings')}</summary>${names.map((name) => `
    <label class="setting"><input type="checkbox" id="set-${name}"${current[name] ? ' checked' : ''}> ${t(`setting-${name}`)}</label>`).join('')}
    </details>`;
  for (const name of names) {
    container.querySelector(`#set-${name}`).addEventListener('change', (event) => {
      setSetting(name, event.target.checked);
      onChange();
    });
  }
}
