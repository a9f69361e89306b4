// Ludus in the browser: the home page (start a game, recent games) and the game page (board,
// status, move list, invitation, game over summary). Live updates come over a WebSocket.

import { LANGUAGES, errorText, language, pickLanguage, setLanguage, t, translate } from './i18n.js';
import { createGame, getAnalysis, getGame, getSteps, listGames, sendAction, sendMove, watch } from './api.js';
import { createMorrisBoard, morrisCounts } from './morris.js';
import { createBackgammonBoard, backgammonPanel, backgammonLog } from './backgammon.js';

const app = document.getElementById('app');
let rerender = () => {};
let stopWatching = () => {};

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const seatKey = (id) => `ludus:seat:${id}`;

function levelOptions() {
  return Array.from({ length: 10 }, (_, i) => `<option value="${i + 1}"${i === 4 ? ' selected' : ''}>${i + 1}</option>`).join('');
}

// The post-game analysis of a backgammon match: per-player totals, then every marked decision.
export function analysisHtml(report) {
  const num = (x, digits = 3) => Number(x).toFixed(digits);
  const totals = report.players.map((p) => `<tr><th>${escape(p.name)}</th><td>${num(p.checker_loss)}</td>
    <td>${num(p.cube_loss)}</td><td>${p.doubtful}</td><td>${p.errors}</td><td>${p.blunders}</td><td>${num(p.error_rate, 1)}</td></tr>`).join('');
  const marked = [];
  for (const game of report.games) {
    game.decisions.forEach((d, index) => {
      if (d.mark === 'none') return;
      const dice = d.dice ? `${escape(d.dice)}: ` : '';
      marked.push(`<li class="mark-${d.mark}">${t('analysis-decision', { game: game.number, number: index + 1 })}
        ${escape(report.players[d.player].name)}: ${dice}${escape(d.played)} (${t('analysis-best')}: ${escape(d.best)})
        −${num(d.equity_lost)} <strong>${t('analysis-mark-' + d.mark)}</strong></li>`);
    });
  }
  return `<table class="analysis-totals"><tr><th></th><th>${t('analysis-checker-loss')}</th><th>${t('analysis-cube-loss')}</th>
    <th>${t('analysis-mark-doubtful')}</th><th>${t('analysis-mark-error')}</th><th>${t('analysis-mark-blunder')}</th>
    <th>${t('analysis-error-rate')}</th></tr>${totals}</table>
    <ul class="analysis-errors">${marked.join('') || `<li class="empty">${t('analysis-no-errors')}</li>`}</ul>`;
}

function commonFields(prefix) {
  return `
    <label>${t('opt-opponent')}
      <select name="opponent" id="${prefix}-opponent">
        <option value="computer">${t('opponent-computer')}</option>
        <option value="human">${t('opponent-human')}</option>
      </select></label>
    <label>${t('opt-level')} <select name="level" id="${prefix}-level">${levelOptions()}</select></label>
    <label>${t('opt-side')}
      <select name="side" id="${prefix}-side">
        <option value="white">${t('side-white')}</option>
        <option value="black">${t('side-black')}</option>
        <option value="random">${t('side-random')}</option>
      </select></label>`;
}

async function home() {
  stopWatching();
  document.title = t('app-title');
  app.innerHTML = `
    <p>${t('home-intro')}</p>
    <div class="cards">
      <section class="card" aria-labelledby="morris-h">
        <h2 id="morris-h">${t('morris-title')}</h2>
        <form id="morris-form">
          <label>${t('opt-flying')} <input type="checkbox" name="flying" id="morris-flying" checked></label>
          ${commonFields('morris')}
          <button type="submit" id="start-morris">${t('start-game')}</button>
        </form>
      </section>
      <section class="card" aria-labelledby="bg-h">
        <h2 id="bg-h">${t('backgammon-title')}</h2>
        <form id="bg-form">
          <label>${t('opt-game-type')}
            <select name="type" id="bg-type">
              <option value="money">${t('game-money')}</option>
              <option value="match">${t('game-match')}</option>
            </select></label>
          <label>${t('opt-match-length')} <input type="number" name="length" id="bg-length" min="1" max="25" value="5"></label>
          <label>${t('opt-cube')} <input type="checkbox" name="cube" id="bg-cube" checked></label>
          ${commonFields('bg')}
          <button type="submit" id="start-backgammon">${t('start-game')}</button>
        </form>
      </section>
    </div>
    <section class="panel" style="margin-top:1rem"><h3>${t('recent-games')}</h3><ul class="games" id="games"></ul></section>
    <p class="error" id="error" role="alert"></p>`;
  const start = async (game, form, rules) => {
    const data = new FormData(form);
    try {
      const created = await createGame({
        game, rules, opponent: data.get('opponent'), level: Number(data.get('level')), side: data.get('side'),
      });
      localStorage.setItem(seatKey(created.id), JSON.stringify({ seat: created.seat, token: created.token, invite: created.invite }));
      navigate(`/play/${created.id}`);
    } catch (error) {
      document.getElementById('error').textContent = t('error', { message: errorText(error) });
    }
  };
  document.getElementById('morris-form').addEventListener('submit', (event) => {
    event.preventDefault();
    start('morris', event.target, { flying: event.target.flying.checked });
  });
  const bgType = document.getElementById('bg-type');
  const bgLength = document.getElementById('bg-length');
  const syncLength = () => { bgLength.disabled = bgType.value !== 'match'; };
  bgType.addEventListener('change', syncLength);
  syncLength();
  document.getElementById('bg-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.target;
    const match = form.type.value === 'match' ? Number(form.length.value) : 0;
    start('backgammon', form, { match_length: match, cube: form.cube.checked });
  });
  try {
    const { games } = await listGames();
    const list = document.getElementById('games');
    if (!list) return;
    list.innerHTML = games.length === 0 ? `<li>${t('no-games')}</li>` : games.map((g) => `
      <li><a href="/play/${g.id}" data-link>${t(g.game === 'morris' ? 'morris-title' : 'backgammon-title')}</a>
      <span>${new Date(g.created_at).toLocaleString(language())}</span>
      <span>${t(g.result ? 'game-finished' : 'game-playing')}</span></li>`).join('');
  } catch { /* the list is optional */ }
}

function resultText(state) {
  const r = state.result;
  if (!r) return '';
  const who = r.winner ? t('result-win', { side: t(`side-${r.winner}`) }) : t('result-draw');
  const reason = t(`reason-${r.reason}`);
  const points = state.game === 'backgammon' ? ` ${t('result-points', { points: r.points })}` : '';
  return `${who} ${reason}${points}`;
}

async function play(id) {
  stopWatching();
  const seatInfo = JSON.parse(localStorage.getItem(seatKey(id)) || 'null') || {};
  // An invitation link carries the seat in the fragment (never sent to the server).
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get('token')) {
    seatInfo.seat = params.get('seat');
    seatInfo.token = params.get('token');
    seatInfo.invite = null;
    localStorage.setItem(seatKey(id), JSON.stringify(seatInfo));
    history.replaceState(null, '', `/play/${id}`);
  }
  const seat = seatInfo.token ? seatInfo.seat : null;
  let state;
  try { state = await getGame(id); } catch (error) {
    app.innerHTML = `<p class="error" role="alert">${escape(t('error', { message: errorText(error) }))}</p><p><a href="/" data-link>${t('nav-home')}</a></p>`;
    return;
  }
  app.innerHTML = `
    <div class="play" id="play" data-game="${state.game}">
      <div class="board-wrap" id="board"></div>
      <aside class="side">
        <div class="panel"><div class="status" id="status" role="status"></div><div class="hint" id="hint"></div>
          <div class="error" id="error" role="alert"></div></div>
        <div class="panel summary" id="summary" hidden></div>
        <div class="panel" id="controls"></div>
        <div class="panel" id="counts"></div>
        <div class="panel invite" id="invite" hidden><p>${t('invite')}</p>
          <input readonly id="invite-link"> <button class="secondary" id="copy">${t('copy')}</button></div>
        <div class="panel"><h3>${t('moves')}</h3><ol class="movelist" id="movelist"></ol></div>
        <div class="buttons"><button class="secondary" id="resign">${t('resign')}</button>
          <a href="/api/games/${id}/export" id="export" download>${t('export')}</a></div>
      </aside>
    </div>`;
  const $ = (name) => document.getElementById(name);
  // The analysis shown under the summary: null, 'loading', { report } or { error }.
  let analysis = null;
  const showAnalysis = () => {
    const box = $('analysis');
    if (!box) return;
    if (analysis === 'loading') box.textContent = t('analysis-loading');
    else if (analysis?.report) box.innerHTML = analysisHtml(analysis.report);
    else if (analysis?.error) box.textContent = t('error', { message: analysis.error });
    else box.textContent = '';
  };
  const analyse = async () => {
    analysis = 'loading';
    showAnalysis();
    try { analysis = { report: await getAnalysis(id) }; } catch (error) { analysis = { error: errorText(error) }; }
    showAnalysis();
  };
  const showError = (error) => { $('error').textContent = error ? t('error', { message: errorText(error) }) : ''; };
  // A refused command: say why; on 409 (the game moved on, e.g. through another server or page)
  // show the game as it now is.
  const refused = async (error) => {
    showError(error);
    if (error.status === 409) {
      try { update(await getGame(id)); } catch { /* the WebSocket brings it too */ }
    }
  };
  const ctx = {
    seat,
    setHint: (text) => { $('hint').textContent = text; },
    play: async (move) => {
      showError(null);
      try { update(await sendMove(id, seatInfo.token, move)); } catch (error) { await refused(error); }
    },
    act: async (action) => {
      showError(null);
      try { update(await sendAction(id, seatInfo.token, action)); } catch (error) { await refused(error); }
    },
    // The backgammon move after the checker steps `taken`, or null (the error is shown).
    steps: async (taken, version) => {
      showError(null);
      try { return await getSteps(id, taken, version); } catch (error) { await refused(error); return null; }
    },
  };
  const board = state.game === 'morris' ? createMorrisBoard($('board'), ctx) : createBackgammonBoard($('board'), ctx, $('controls'));
  if (state.game === 'morris') $('controls').hidden = true;
  if (seatInfo.invite && seat) {
    $('invite').hidden = false;
    $('invite-link').value = new URL(seatInfo.invite, location.origin).href;
    $('copy').addEventListener('click', async () => {
      $('invite-link').select();
      try { await navigator.clipboard.writeText($('invite-link').value); $('copy').textContent = t('copied'); } catch { /* selected for manual copy */ }
    });
  }
  $('resign').hidden = !seat;
  $('resign').addEventListener('click', () => { if (confirm(t('resign-confirm'))) ctx.act('resign'); });

  function status() {
    if (state.result) return t('status-over');
    if (!seat) return t('status-watching');
    if (state.to_act === seat) return t('status-your-turn');
    if (state.seats[state.to_act] === 'computer') return t('status-thinking');
    return t('status-waiting', { side: t(`side-${state.to_act}`) });
  }

  function update(next) {
    if (next.version < state.version) return; // an older message arrived late
    state = next;
    document.title = `${t(state.game === 'morris' ? 'morris-title' : 'backgammon-title')} – ${t('app-title')}`;
    $('status').textContent = status();
    // For tests and styles: which state the page shows.
    $('play').dataset.version = state.version;
    $('play').dataset.toAct = state.to_act || '';
    $('resign').disabled = !!state.result;
    board.update(state);
    if (state.game === 'morris') {
      $('counts').innerHTML = morrisCounts(state);
      const moves = state.view.moves;
      const items = [];
      for (let i = 0; i < moves.length; i += 2) items.push(`<li>${escape(moves[i])} ${escape(moves[i + 1] || '')}</li>`);
      $('movelist').innerHTML = items.join('') || `<li class="empty">${t('no-moves-yet')}</li>`;
    } else {
      $('counts').innerHTML = backgammonPanel(state, seat);
      $('movelist').innerHTML = backgammonLog(state) || `<li class="empty">${t('no-moves-yet')}</li>`;
    }
    $('movelist').scrollTop = $('movelist').scrollHeight;
    const summary = $('summary');
    summary.hidden = !state.result;
    if (state.result) {
      summary.innerHTML = `<h3>${t('status-over')}</h3><p id="result-text">${escape(resultText(state))}</p>
        <div class="buttons"><a href="/" data-link><button>${t('new-game')}</button></a>
        ${state.game === 'backgammon' ? `<button class="secondary" id="analyse">${t('analysis')}</button>` : ''}</div>
        <div class="analysis" id="analysis"></div>`;
      $('analyse')?.addEventListener('click', analyse);
      showAnalysis();
    }
  }
  update(state);
  rerender = () => { board.redraw(); update(state); };
  stopWatching = watch(id, update, (ok) => { if (!ok) $('hint').textContent = t('connection-lost'); });
}

function route() {
  rerender = () => route();
  const match = /^\/play\/([0-9a-f]+)$/.exec(location.pathname);
  if (match) play(match[1]); else home();
}

function navigate(path) {
  history.pushState(null, '', path);
  route();
}

document.addEventListener('click', (event) => {
  const link = event.target.closest('a[data-link]');
  if (link && !event.ctrlKey && !event.metaKey) { event.preventDefault(); navigate(link.getAttribute('href')); }
});
window.addEventListener('popstate', route);

async function start() {
  await setLanguage(pickLanguage());
  const select = document.getElementById('lang');
  select.innerHTML = Object.entries(LANGUAGES).map(([code, name]) => `<option value="${code}">${name}</option>`).join('');
  select.value = language();
  select.addEventListener('change', async () => {
    await setLanguage(select.value);
    translate(document);
    if (/^\/play\//.test(location.pathname)) route(); else home();
  });
  translate(document);
  route();
}

start();
