// Ludus in the browser: the home page (start a game, recent games) and the game page (board,
// status, move list, invitation, game over summary). Live updates come over a WebSocket.

import { LANGUAGES, errorText, language, pickLanguage, setLanguage, t, translate } from './i18n.js';
import { backgammonAnalysis, createGame, getAnalysis, getGame, getSteps, joinGame, listGames, morrisAnalysis, sendAction, sendMove, takeBack, watch } from './api.js';
import { createMorrisBoard, morrisCounts } from './morris.js';
import { createBackgammonBoard, backgammonPanel, backgammonLog } from './backgammon.js';
import { settings, settingsPanel } from './settings.js';
import { morrisValue, showOpenReview, showReview, stopReview } from './review.js';
import { showAnalysisBoard } from './analysis.js';
import { copyId, idLine } from './ids.js';
import { showPractice, showProgress } from './practice.js';

const app = document.getElementById('app');
let rerender = () => {};
let stopWatching = () => {};

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const seatKey = (id) => `ludus:seat:${id}`;

function levelOptions() {
  return Array.from({ length: 10 }, (_, i) => `<option value="${i + 1}"${i === 4 ? ' selected' : ''}>${i + 1}</option>`).join('');
}

// The post-game analysis of a backgammon match: per-player totals, then every marked decision.
const otherSide = (side) => (side === 'white' ? 'black' : 'white');

// The name of the player of `side` as `seat` (the viewer's seat, null for a spectator) sees it:
// "You", "Computer, level 5", "Friend"; a spectator sees the colours.
export function playerLabel(state, side, seat) {
  if (side === seat) return t('label-you');
  if (state.seats[side] === 'computer') return t('label-computer', { level: state.level });
  return seat ? t('label-friend') : t(`side-${side}`);
}

// A player's name in the report: the colours in the page's language (the record names them in
// English), any other name as written.
const reportName = (name) => ({ White: t('side-white'), Black: t('side-black') }[name] || name);
// A cube decision's words in the page's language (the report writes gnubg's English words).
const CUBE_WORDS = { double: 'review-double', 'no double': 'review-no-double', take: 'review-take', pass: 'review-pass' };
const decisionWords = (text) => (CUBE_WORDS[text] ? t(CUBE_WORDS[text]) : text);

// The table has one row per figure and one column per player, so that it fits the side panel
// in every language.
export function analysisHtml(report) {
  const num = (x, digits = 3) => Number(x).toFixed(digits);
  const rows = [['analysis-checker-loss', (p) => num(p.checker_loss)], ['analysis-cube-loss', (p) => num(p.cube_loss)],
    ['analysis-mark-doubtful', (p) => p.doubtful], ['analysis-mark-error', (p) => p.errors],
    ['analysis-mark-blunder', (p) => p.blunders], ['analysis-error-rate', (p) => num(p.error_rate, 1)]];
  const head = `<tr><th></th>${report.players.map((p) => `<th scope="col">${escape(reportName(p.name))}</th>`).join('')}</tr>`;
  const body = rows.map(([key, value]) => `<tr><th scope="row">${t(key)}</th>${report.players.map((p) => `<td>${value(p)}</td>`).join('')}</tr>`).join('');
  const marked = [];
  for (const game of report.games) {
    game.decisions.forEach((d, index) => {
      if (d.mark === 'none') return;
      const dice = d.dice ? `${escape(d.dice)}: ` : '';
      marked.push(`<li class="mark-${d.mark}">${t('analysis-decision', { game: game.number, number: index + 1 })}
        ${escape(reportName(report.players[d.player].name))}: ${dice}${escape(decisionWords(d.played))} (${t('analysis-best')}: ${escape(decisionWords(d.best))})
        −${num(d.equity_lost)} <strong>${t('analysis-mark-' + d.mark)}</strong></li>`);
    });
  }
  return `<table class="analysis-totals">${head}${body}</table>
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
    <p>${t('home-intro')} <a href="/analysis" data-link id="open-analysis">${t('analysis-board')}</a> · <a href="/review/open" data-link id="open-review-link">${t('review-open')}</a> · <a href="/practice" data-link id="open-practice">${t('practice')}</a></p>
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
    <section class="panel recent"><h3>${t('recent-games')}</h3><p class="muted">${t('recent-mine')}</p><ul class="games" id="games"></ul></section>
    <p class="error" id="error" role="alert"></p>`;
  const start = async (game, form, rules) => {
    const data = new FormData(form);
    try {
      const created = await createGame({
        // The level is off (and not sent) against a friend.
        game, rules, opponent: data.get('opponent'), level: data.get('level') ? Number(data.get('level')) : undefined, side: data.get('side'),
      });
      localStorage.setItem(seatKey(created.id), JSON.stringify({ seat: created.seat, token: created.token, invite: created.invite }));
      navigate(`/play/${created.id}`);
    } catch (error) {
      document.getElementById('error').textContent = t('error', { message: errorText(error) });
    }
  };
  // The computer's level means nothing against a friend.
  for (const prefix of ['morris', 'bg']) {
    const opponent = document.getElementById(`${prefix}-opponent`);
    const level = document.getElementById(`${prefix}-level`);
    const sync = () => { level.disabled = opponent.value !== 'computer'; };
    opponent.addEventListener('change', sync);
    sync();
  }
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
    // Only the games of the seats this browser holds, asked by id (newest first).
    const ids = heldGames().slice(0, 200);
    const { games } = ids.length ? await listGames(ids) : { games: [] };
    const list = document.getElementById('games');
    if (!list) return;
    const mine = games.filter((g) => mySeat(g.id));
    list.innerHTML = mine.length === 0 ? `<li>${t('no-games')}</li>` : mine.map(recentGameHtml).join('');
  } catch { /* the list is optional */ }
}

// The ids of the games whose seats this browser holds (its local storage).
function heldGames() {
  const prefix = seatKey('');
  return Object.keys(localStorage).filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length))
    .filter((id) => mySeat(id));
}

// The seat this browser holds at game `id` (from its local storage), or null.
function mySeat(id) {
  try {
    const info = JSON.parse(localStorage.getItem(seatKey(id)) || 'null');
    return info && info.token ? info.seat : null;
  } catch { return null; }
}

// One line of Recent games: the game, the opponent, the date, the result for this browser's seat.
function recentGameHtml(g) {
  const seat = mySeat(g.id);
  const computer = g.seats[otherSide(seat)] === 'computer';
  const opponent = computer && g.level ? t('recent-vs-computer-level', { level: g.level })
    : t(computer ? 'recent-vs-computer' : 'recent-vs-friend');
  const result = !g.result ? t('game-playing') : !g.result.winner ? t('recent-drawn')
    : t(g.result.winner === seat ? 'recent-won' : 'recent-lost');
  return `<li data-game="${escape(g.id)}"><a href="/play/${g.id}" data-link>${t(g.game === 'morris' ? 'morris-title' : 'backgammon-title')}</a>
    <span class="recent-opponent">${escape(opponent)}</span>
    <span class="recent-date">${new Date(g.created_at).toLocaleString(language())}</span>
    <span class="recent-result${g.result ? ` ${g.result.winner === seat ? 'won' : 'lost'}` : ''}">${escape(result)}</span>
    ${g.result ? `<a href="/review/${g.id}" data-link class="review-link">${t('review')}</a>` : ''}</li>`;
}

// The page for an address that names nothing: an unknown game (`id`) or any other path.
export function notFound(id = null) {
  stopWatching();
  document.title = `${t('not-found-title')} – ${t('app-title')}`;
  const text = id ? t('not-found-game', { id }) : t('not-found-page', { path: location.pathname });
  app.innerHTML = `<section class="panel not-found" id="not-found"><h2>${t('not-found-title')}</h2>
    <p>${escape(text)}</p><p><a href="/" data-link>${t('not-found-home')}</a></p></section>`;
}

// The result in personal words for a player ("You won 2 points — gammon", "You lost — blocked"),
// in the colours' names for a spectator.
export function resultText(state, seat) {
  const r = state.result;
  if (!r) return '';
  const why = t(`why-${r.reason}`);
  if (!r.winner) return `${t('result-draw')} ${t(`reason-${r.reason}`)}`;
  if (!seat) {
    const points = state.game === 'backgammon' ? ` ${t('result-points', { points: r.points })}` : '';
    return `${t('result-win', { side: t(`side-${r.winner}`) })} ${t(`reason-${r.reason}`)}${points}`;
  }
  const won = r.winner === seat ? 'won' : 'lost';
  if (state.game === 'morris') return t(`result-you-${won}`, { why });
  if (r.reason === 'match') {
    const score = state.view.match.score;
    return t(`result-you-${won}-match`, { you: score[seat], them: score[otherSide(seat)] });
  }
  return t(`result-you-${won}-${r.points === 1 ? 'point' : 'points'}`, { points: r.points, why });
}

// The backgammon position's ids (XGID, gnubg's Position ID:Match ID), each with a copy button, and
// a link that opens it in the analysis board where the engine may help (against the computer, or
// once the game is over); empty before the first game.
function positionIds(view, analysable) {
  if (!view.xgid) return '';
  const gnubg = `${view.position_id}:${view.match_id || ''}`;
  return `<h3>${t('position-ids')}</h3>${idLine('xgid', view.xgid, analysable ? view.xgid : null)}${idLine('gnubg-id', gnubg)}`;
}

// The running score of a series of games (a game and its rematches), from the viewer's side.
const tallyKey = (id) => `ludus:tally:${id}`;
function tallyOf(state, seat) {
  const base = JSON.parse(localStorage.getItem(tallyKey(state.id)) || 'null') || { you: 0, them: 0, games: 0 };
  const r = state.result;
  if (!r || !seat) return base;
  const points = state.game === 'backgammon' && r.reason !== 'match' ? r.points : (r.winner ? 1 : 0);
  return {
    you: base.you + (r.winner === seat ? points : 0),
    them: base.them + (r.winner && r.winner !== seat ? points : 0),
    games: base.games + 1,
  };
}

const signed = (x, digits) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;

// The engine's advice for the side to act: { text } in words, and (Morris) the move to draw.
async function hintText(state) {
  const view = state.view;
  if (state.game === 'morris') {
    // The game's own analysis: its history counts for repetitions, as in its review.
    const { moves } = await morrisAnalysis(new URLSearchParams({ game: state.id }));
    return { text: t('hint-move', { move: moves[0].move, value: morrisValue(moves[0].value) }), move: moves[0].move };
  }
  const query = new URLSearchParams({ position_id: view.position_id || '', match_id: view.match_id || '' });
  if (view.phase === 'move') {
    query.set('dice', `${view.dice[0]}${view.dice[1]}`);
    const { moves } = await backgammonAnalysis(query);
    return { text: t('hint-move', { move: moves[0].move, value: signed(moves[0].value, 3) }) };
  }
  const { cube } = await backgammonAnalysis(query);
  const hint = t(view.phase === 'doubled' ? (cube.take ? 'hint-take' : 'hint-pass') : (cube.double ? 'hint-double' : 'hint-no-double'));
  // The numbers behind the hint, from the viewer's side: the doubler's equities (money: points
  // per unit of cube; a match: its match winning chance), or the doubled side's take and pass.
  if (!cube.action || cube.action === 'not-available') return { text: hint };
  const mine = (value) => (cube.money ? signed(value, 3) : `${(100 * value).toFixed(1)} %`);
  const theirs = (value) => mine(cube.money ? -value : 1 - value);
  if (view.phase === 'doubled') {
    return { text: t('hint-answer', { hint, take: theirs(cube.double_take), pass: theirs(cube.double_pass), plies: cube.plies }) };
  }
  return { text: t('hint-cube', { hint, nd: mine(cube.no_double), dt: mine(cube.double_take), dp: mine(cube.double_pass), plies: cube.plies }) };
}

// How many of `seat`'s moves (not rolls or cube actions) a take-back could still undo.
function movesToTakeBack(state, seat) {
  const mine = state.history.filter((e) => e.seat === seat);
  return mine.filter((e) => !e.command.startsWith(':')).length - mine.filter((e) => e.command === ':takeback').length;
}

// What the other player just did that the board does not show: "Computer, level 5 took the
// double: the cube is at 2."
function noticeText(state, seat, label) {
  if (state.game !== 'backgammon' || !seat || state.result) return '';
  const last = state.history[state.history.length - 1];
  if (!last || last.seat === seat || last.command !== ':take') return '';
  return t('bg-opponent-took', { side: label(last.seat), value: state.view.cube.value });
}

// A new game with the same settings and the sides swapped; the series' score goes with it.
async function rematch(state, seat, tally) {
  const vsComputer = state.seats[otherSide(seat)] === 'computer';
  try {
    const created = await createGame({
      game: state.game, rules: state.rules, opponent: vsComputer ? 'computer' : 'human', level: state.level, side: otherSide(seat),
    });
    localStorage.setItem(seatKey(created.id), JSON.stringify({ seat: created.seat, token: created.token, invite: created.invite }));
    localStorage.setItem(tallyKey(created.id), JSON.stringify(tally));
    navigate(`/play/${created.id}`);
  } catch (error) {
    document.getElementById('error').textContent = t('error', { message: errorText(error) });
  }
}

async function play(id) {
  stopWatching();
  const seatInfo = JSON.parse(localStorage.getItem(seatKey(id)) || 'null') || {};
  // An invitation link carries a one-time code in the fragment (never sent as part of the
  // address): the page claims the friend's seat with it, once.
  const params = new URLSearchParams(location.hash.slice(1));
  let joinError = null;
  if (params.get('invite')) {
    try {
      const joined = await joinGame(id, params.get('invite'));
      Object.assign(seatInfo, { seat: joined.seat, token: joined.token, invite: null });
      localStorage.setItem(seatKey(id), JSON.stringify(seatInfo));
    } catch (error) { joinError = error; }
  }
  // A seat's own link (its token in the fragment) takes that seat.
  if (params.get('token')) {
    Object.assign(seatInfo, { seat: params.get('seat'), token: params.get('token'), invite: null });
    localStorage.setItem(seatKey(id), JSON.stringify(seatInfo));
  }
  if (params.get('invite') || params.get('token')) history.replaceState(null, '', `/play/${id}`);
  const seat = seatInfo.token ? seatInfo.seat : null;
  let state;
  try { state = await getGame(id); } catch (error) {
    if (error.status === 404) { notFound(id); return; }
    app.innerHTML = `<p class="error" role="alert">${escape(t('error', { message: errorText(error) }))}</p><p><a href="/" data-link>${t('nav-home')}</a></p>`;
    return;
  }
  app.innerHTML = `
    <div class="play" id="play" data-game="${state.game}">
      <div class="board-wrap" id="board"></div>
      <aside class="side">
        <div class="panel"><div class="status" id="status" role="status"></div><div class="you-are" id="you-are"></div>
          <div class="hint" id="hint"></div>
          <div class="buttons aids" id="aids"><button class="secondary" id="hint-button" hidden>${t('hint')}</button>
            <button class="secondary" id="takeback" hidden>${t('takeback')}</button></div>
          <div class="hint-text" id="hint-text"></div>
          <div class="notice" id="notice" role="status"></div>
          <div class="error" id="error" role="alert"></div></div>
        <div class="panel summary" id="summary" hidden></div>
        <div class="panel" id="controls"></div>
        <div class="panel" id="counts"></div>
        <div class="panel" id="settings"></div>
        <div class="panel invite" id="invite" hidden><p>${t('invite')}</p>
          <input readonly id="invite-link"> <button class="secondary" id="copy">${t('copy')}</button></div>
        <div class="panel"><h3>${t('moves')}</h3><ol class="movelist" id="movelist"></ol></div>
        <div class="panel ids" id="position-ids" hidden></div>
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
  if (joinError) showError(joinError);
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
    onPips: (pips) => {
      for (const side of ['white', 'black']) {
        const node = document.getElementById(`pips-${side}`);
        if (node) node.textContent = pips[side];
      }
    },
    steps: async (taken, version) => {
      showError(null);
      try { return await getSteps(id, taken, version); } catch (error) { await refused(error); return null; }
    },
  };
  const board = state.game === 'morris' ? createMorrisBoard($('board'), ctx) : createBackgammonBoard($('board'), ctx, $('controls'));
  if (state.game === 'morris') $('controls').hidden = true;
  if (seatInfo.invite && seat) {
    $('invite-link').value = new URL(seatInfo.invite, location.origin).href;
    $('copy').addEventListener('click', async () => {
      $('invite-link').select();
      try { await navigator.clipboard.writeText($('invite-link').value); $('copy').textContent = t('copied'); } catch { /* selected for manual copy */ }
    });
  }
  $('resign').hidden = !seat;
  $('position-ids').addEventListener('click', (event) => copyId(event.target));
  const vsComputer = seat && state.seats[otherSide(seat)] === 'computer';
  if (seat) $('you-are').textContent = t('you-play', { side: t(`side-${seat}`) });
  settingsPanel($('settings'), state.game, () => { board.redraw(); update(state); });
  let hintFor = -1; // the version the hint shown is about
  $('hint-button').addEventListener('click', async () => {
    hintFor = state.version;
    $('hint-text').textContent = t('hint-thinking');
    try {
      const { text, move } = await hintText(state);
      if (hintFor === state.version) {
        $('hint-text').textContent = text;
        // The Morris hint is drawn on the board too.
        if (move && board.showHint) board.showHint(move);
      }
    } catch (error) { $('hint-text').textContent = t('error', { message: errorText(error) }); }
  });
  $('takeback').addEventListener('click', async () => {
    showError(null);
    try { update(await takeBack(id, seatInfo.token)); } catch (error) { await refused(error); }
  });
  $('resign').addEventListener('click', () => { if (confirm(t('resign-confirm'))) ctx.act('resign'); });

  function status() {
    if (state.result) return seat ? '' : t('status-over');
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
    $('resign').hidden = !seat || !!state.result;
    // The link is offered until the friend has joined (the server says so at once).
    $('invite').hidden = !(seatInfo.invite && seat && state.invitation_open);
    board.update(state);
    const aids = settings();
    const mine = !state.result && state.to_act === seat;
    $('hint-button').hidden = !(vsComputer && aids.hints && mine);
    $('takeback').hidden = !(vsComputer && aids.takeback && !state.result && movesToTakeBack(state, seat) > 0);
    if (hintFor !== state.version) $('hint-text').textContent = '';
    const label = (side) => playerLabel(state, side, seat);
    $('notice').textContent = noticeText(state, seat, label);
    if (state.game === 'morris') {
      $('counts').innerHTML = morrisCounts(state, label);
      const moves = state.view.moves;
      const items = [];
      for (let i = 0; i < moves.length; i += 2) items.push(`<li>${escape(moves[i])} ${escape(moves[i + 1] || '')}</li>`);
      $('movelist').innerHTML = items.join('') || `<li class="empty">${t('no-moves-yet')}</li>`;
    } else {
      const ids = positionIds(state.view, vsComputer || !!state.result);
      $('position-ids').hidden = !ids;
      $('position-ids').innerHTML = ids;
      $('counts').innerHTML = backgammonPanel(state, label, aids.pips);
      $('movelist').innerHTML = backgammonLog(state) || `<li class="empty">${t('no-moves-yet')}</li>`;
    }
    $('movelist').scrollTop = $('movelist').scrollHeight;
    const summary = $('summary');
    summary.hidden = !state.result;
    if (state.result) {
      const tally = tallyOf(state, seat);
      const series = seat && tally.games > 1
        ? `<p id="tally">${t('series-score', { you: tally.you, them: tally.them, other: label(otherSide(seat)), games: tally.games })}</p>` : '';
      summary.innerHTML = `<h3 id="result-text">${escape(resultText(state, seat))}</h3>${series}
        <div class="buttons">${seat ? `<button id="rematch">${t('rematch')}</button>` : ''}
        <a href="/review/${id}" data-link><button class="secondary" id="review">${t('review')}</button></a>
        <a href="/" data-link><button class="secondary">${t('new-game')}</button></a>
        ${state.game === 'backgammon' ? `<button class="secondary" id="analyse">${t('analysis')}</button>` : ''}</div>
        <div class="analysis" id="analysis"></div>`;
      $('analyse')?.addEventListener('click', analyse);
      $('rematch')?.addEventListener('click', () => rematch(state, seat, tally));
      showAnalysis();
    }
  }
  update(state);
  rerender = () => { board.redraw(); update(state); };
  stopWatching = watch(id, update, (ok) => { if (!ok) $('hint').textContent = t('connection-lost'); });
}

function route() {
  rerender = () => route();
  stopReview();
  const match = /^\/play\/([^/]+)$/.exec(location.pathname);
  const review = /^\/review\/([^/]+)$/.exec(location.pathname);
  if (match) play(decodeURIComponent(match[1]));
  else if (location.pathname === '/review/open') { stopWatching(); showOpenReview(app, navigate); }
  else if (review) openReview(decodeURIComponent(review[1]));
  else if (location.pathname === '/practice') { stopWatching(); showPractice(app); }
  else if (location.pathname === '/practice/progress') { stopWatching(); showProgress(app); }
  else if (location.pathname === '/analysis') {
    stopWatching();
    showAnalysisBoard(app);
  } else if (location.pathname === '/') home();
  else notFound();
}

// The review of game `id`, or the "not found" page when there is no such game.
async function openReview(id) {
  stopWatching();
  try { await getGame(id); } catch (error) {
    if (error.status === 404) { notFound(id); return; }
  }
  showReview(app, id);
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
    route();
  });
  translate(document);
  route();
}

start();
