// The analysis board (/analysis?text=…): paste a gnubg Position ID (with its Match ID), an XGID
// or a Sanmill FEN; the server reads it (GET /api/position) and the engines rank the moves
// (GET /api/backgammon/analysis at the chosen lookahead, 0 to 2 plies; GET /api/morris/analysis).
// The address holds the pasted text, the dice and the plies, so it can be shared.
// "Edit position" sets a position up by clicking (editor.js); leaving edit mode has the server
// check it and write it as an XGID or a Sanmill FEN (POST /api/setup) into the text field, then
// analyses it and updates the address.

import { errorText, t } from './i18n.js';
import { backgammonAnalysis, createGame, morrisAnalysis, readPosition } from './api.js';
import { createMorrisBoard } from './morris.js';
import { createBackgammonBoard } from './backgammon.js';
import { perfectWords } from './review.js';
import { EditError, addChecker, backgammonEditState, backgammonModel, cleared, editPanelHtml, morrisEditState,
  morrisModel, cyclePoint, readPanel, removeChecker, setupText } from './editor.js';

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const signed = (x, digits) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
const ctx = () => ({ seat: null, setHint: () => {}, play: async () => {}, act: async () => {}, steps: async () => null });

function backgammonState(read) {
  return {
    version: 1, to_act: null, legal_moves: [], actions: [], result: null, seats: { white: 'human', black: 'human' },
    view: { ...read.board, turn: read.on_roll, phase: 'over', dice: read.dice ? [Number(read.dice[0]), Number(read.dice[1])] : null,
      steps: null, last_play: null, cube: { enabled: true, value: read.cube.value, owner: read.cube.owner, offered: false },
      match: { length: read.cube.match_length, score: read.cube.score, game: 1 } },
  };
}

function morrisState(read) {
  return {
    version: 1, to_act: null, legal_moves: [], actions: [], result: null,
    view: { points: read.points, mills: read.mills, phase: 'moving', last_move: null, moves: [], side_to_move: read.side_to_move },
  };
}

// The moves, best first, each with its value, its loss against the best and `extra(move)`.
function rankingHtml(moves, format, extra = () => '') {
  return `<ol class="ranking" id="ranking">${moves.slice(0, 20).map((m, i) => `<li data-rank="${i + 1}"><code>${escape(m.move)}</code> ${format(m.value)}${i > 0 ? ` <span class="muted">(${format(m.value - moves[0].value)})</span>` : ''}${extra(m)}</li>`).join('')}</ol>`;
}

// A Morris move's perfect-play value and distance where the databases know the position after it.
const databaseValue = (m) => (m.perfect
  ? ` · <span class="db-value" data-db="known">${escape(t('analysis-db-value', { value: perfectWords(m.perfect) }))}</span>`
  : ` · <span class="db-value muted" data-db="unknown">${t('analysis-db-unknown')}</span>`);

// Ranks the read position: every move of the dice (backgammon) or of the side to move (Morris).
async function rank(read, dice, plies) {
  if (read.game === 'morris') {
    const { moves, perfect } = await morrisAnalysis(new URLSearchParams({ position: read.position }));
    const known = perfect ? `<p id="perfect">${t('review-perfect')}: ${perfectWords(perfect)}</p>` : '';
    // Each move's database value where they know some; one line where they know none.
    const anyKnown = moves.some((m) => m.perfect);
    const none = anyKnown ? '' : `<p class="muted" id="db-none">${t('analysis-db-none')}</p>`;
    return `<p>${t('analysis-board-to-move', { side: t(`side-${read.side_to_move}`) })}</p>${known}${none}${rankingHtml(moves, (v) => signed(v / 100, 2), anyKnown ? databaseValue : undefined)}`;
  }
  const query = new URLSearchParams({ position_id: read.position_id, match_id: read.match_id || '' });
  if (dice) query.set('dice', dice);
  query.set('plies', plies);
  const answer = await backgammonAnalysis(query);
  // The cube decision before rolling (not asked when the dice are given).
  const cube = answer.cube.may_double && !dice ? t('analysis-board-cube', {
    double: t(answer.cube.double ? 'review-double' : 'review-no-double'), take: t(answer.cube.take ? 'review-take' : 'review-pass') }) : '';
  const pips = t('analysis-board-pips', { player: answer.pips.player, opponent: answer.pips.opponent });
  const moves = answer.moves ? rankingHtml(answer.moves, (v) => signed(v, 3)) : `<p>${t('analysis-board-no-dice')}</p>`;
  const c = answer.chances;
  const percent = (x) => (100 * x).toFixed(1);
  const chances = c ? `<p id="chances">${t('analysis-board-chances', { win: percent(c.win), gammon: percent(c.win_gammon),
    lose: percent(1 - c.win), lose_gammon: percent(c.lose_gammon), equity: signed(c.equity, 3) })}</p>` : '';
  return `<p>${t('analysis-board-to-move', { side: t(`side-${read.on_roll}`) })} · ${pips}</p>${chances}<p id="cube-advice">${cube}</p>${moves}`;
}

export async function showAnalysisBoard(app) {
  const params = new URLSearchParams(location.search);
  app.innerHTML = `
    <div class="analysis-board" id="analysis-board">
      <h2>${t('analysis-board')}</h2>
      <form id="analysis-form" class="analysis-form">
        <label for="analysis-text">${t('analysis-board-paste')}</label>
        <input id="analysis-text" name="text" autocomplete="off" spellcheck="false" value="${escape(params.get('text') || '')}">
        <label for="analysis-dice">${t('analysis-board-dice')}</label>
        <input id="analysis-dice" name="dice" maxlength="2" size="3" inputmode="numeric" value="${escape(params.get('dice') || '')}">
        <label for="analysis-plies">${t('analysis-board-plies')}</label>
        <select id="analysis-plies" name="plies">${[0, 1, 2].map((n) => `<option value="${n}"${String(n) === (params.get('plies') || '1') ? ' selected' : ''}>${n}</option>`).join('')}</select>
        <button type="submit" id="analysis-go">${t('analysis-board-go')}</button>
      </form>
      <p class="muted">${t('analysis-board-formats')}</p>
      <div class="buttons"><button type="button" id="edit-toggle" class="secondary" aria-pressed="false">${t('edit-position')}</button></div>
      <p class="error" id="error" role="alert"></p>
      <div class="review-main">
        <div class="board-wrap" id="analysis-position"></div>
        <div class="panel" id="analysis-result"></div>
        <div class="panel edit-panel" id="edit-panel" hidden></div>
      </div>
      <form class="panel play-from-here" id="play-from-here" hidden>
        <span>${t('play-from-here-hint')}</span>
        <label>${t('opt-level')} <select name="level" id="play-level">${Array.from({ length: 10 }, (_, i) => `<option value="${i + 1}"${i === 4 ? ' selected' : ''}>${i + 1}</option>`).join('')}</select></label>
        <label>${t('opt-side')} <select name="side" id="play-side">${['white', 'black', 'random'].map((s) => `<option value="${s}">${t(`side-${s}`)}</option>`).join('')}</select></label>
        <button type="submit" id="play-from-here-go">${t('play-from-here-go')}</button>
      </form>
    </div>`;
  const $ = (id) => document.getElementById(id);
  let read = null;      // the position last read
  let editor = null;    // while editing: { model, tool, board, version }
  const go = async () => {
    const text = $('analysis-text').value.trim();
    if (!text) return;
    const query = new URLSearchParams({ text });
    $('error').textContent = '';
    $('analysis-result').textContent = t('hint-thinking');
    try {
      read = await readPosition(query);
      const dice = $('analysis-dice').value.trim() || read.dice || '';
      if (dice) query.set('dice', dice);
      const plies = $('analysis-plies').value;
      if (read.game === 'backgammon') query.set('plies', plies);
      history.replaceState(null, '', `/analysis?${query}`);
      $('analysis-position').replaceChildren();
      const board = read.game === 'morris' ? createMorrisBoard($('analysis-position'), ctx())
        : createBackgammonBoard($('analysis-position'), { ...ctx(), seat: read.on_roll }, document.createElement('div'));
      board.update(read.game === 'morris' ? morrisState(read) : backgammonState({ ...read, dice }));
      $('analysis-board').dataset.game = read.game;
      $('analysis-result').innerHTML = await rank(read, dice, plies);
      $('play-from-here').hidden = !STARTS.includes(read.game);
    } catch (error) {
      $('play-from-here').hidden = true;
      $('analysis-result').textContent = '';
      $('error').textContent = t('error', { message: errorText(error) });
    }
  };
  $('analysis-form').addEventListener('submit', (event) => { event.preventDefault(); if (!editor) go(); });
  const edit = editMode($, () => read, go, (on) => { editor = on; });
  $('edit-toggle').addEventListener('click', () => { $('play-from-here').hidden = true; edit.toggle(); });
  $('play-from-here').addEventListener('submit', (event) => {
    event.preventDefault();
    playFromHere($, read);
  });
  if (params.get('text')) go();
}

// The games the server starts from a set-up position (POST /api/games with `start`).
const STARTS = ['morris', 'backgammon'];

// Opens a game against the computer from the position shown: the text as read, standard rules.
// Backgammon: the board, cube and score read, with the dice given (else the game starts with a roll).
async function playFromHere($, read) {
  $('error').textContent = '';
  try {
    let start = read.position;
    if (read.game === 'backgammon') {
      const model = backgammonModel(read);
      const dice = $('analysis-dice').value.trim() || read.dice || '';
      model.dice = /^[1-6][1-6]$/.test(dice) ? [Number(dice[0]), Number(dice[1])] : null;
      start = await setupText(model);
    }
    const created = await createGame({ game: read.game, opponent: 'computer', level: Number($('play-level').value),
      side: $('play-side').value, start });
    localStorage.setItem(`ludus:seat:${created.id}`, JSON.stringify({ seat: created.seat, token: created.token, invite: created.invite }));
    location.assign(`/play/${created.id}`);
  } catch (error) {
    $('error').textContent = error instanceof EditError ? error.text() : t('error', { message: errorText(error) });
  }
}

// Edit mode: the board takes clicks (backgammon: add a checker of the chosen colour, right-click
// or the remove tool takes one off; Morris: empty → White → Black → empty), the panel sets the
// rest. `setEditing` tells the page whether it is on.
function editMode($, currentRead, go, setEditing) {
  let editor = null;
  const showError = (error) => {
    if (!(error instanceof EditError)) throw error;
    $('error').textContent = error.text();
  };
  const draw = () => {
    editor.version += 1;
    editor.board.update(editor.model.game === 'morris' ? morrisEditState(editor.model, editor.version)
      : backgammonEditState(editor.model, editor.version));
    // Every point takes the keyboard too: Tab to it, Enter or Space adds, Delete takes off.
    for (const point of $('analysis-position').querySelectorAll('[data-point]')) point.setAttribute('tabindex', '0');
  };
  const newBoard = () => {
    $('analysis-position').replaceChildren();
    editor.board = editor.model.game === 'morris' ? createMorrisBoard($('analysis-position'), ctx())
      : createBackgammonBoard($('analysis-position'), { ...ctx(), seat: 'white' }, document.createElement('div'));
    $('analysis-board').dataset.game = editor.model.game;
    draw();
  };
  const panel = () => {
    $('edit-panel').innerHTML = editPanelHtml(editor.model, editor.tool);
    $('edit-game').addEventListener('change', (event) => {
      editor.model = event.target.value === 'morris' ? morrisModel() : backgammonModel();
      panel();
      newBoard();
    });
    $('edit-clear').addEventListener('click', () => { editor.model = cleared(editor.model); panel(); draw(); });
    $('edit-start').addEventListener('click', () => {
      editor.model = editor.model.game === 'morris' ? morrisModel() : backgammonModel();
      panel();
      draw();
    });
  };
  const change = (event) => {
    if (!editor) return;
    if (event.target.name === 'edit-tool') { editor.tool = event.target.value; return; }
    if (event.target.id === 'edit-game') return;
    $('error').textContent = '';
    try { readPanel(editor.model, $); draw(); } catch (error) { showError(error); }
  };
  $('edit-panel').addEventListener('change', change);
  // A click on a point or the bar (the bar and trays: the chosen colour's).
  const click = (event, remove) => {
    const target = editor && event.target.closest?.('[data-point]');
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    $('error').textContent = '';
    const { model } = editor;
    try {
      if (model.game === 'morris') {
        if (remove) delete model.points[target.dataset.point];
        else cyclePoint(model, target.dataset.point);
        $('edit-hand-white').value = model.in_hand.white;
        $('edit-hand-black').value = model.in_hand.black;
      } else {
        const point = Number(target.dataset.point);
        if (point === 0) return;
        const colour = editor.tool === 'remove' ? null : editor.tool;
        if (remove || !colour) {
          const barSide = colour || (model.bar.white ? 'white' : 'black');
          removeChecker(model, barSide, point);
        } else addChecker(model, colour, point);
      }
      draw();
      if (event.type === 'keydown') $('analysis-position').querySelector(`[data-point="${target.dataset.point}"]`)?.focus();
    } catch (error) { showError(error); }
  };
  $('analysis-position').addEventListener('click', (event) => click(event, false), true);
  $('analysis-position').addEventListener('contextmenu', (event) => click(event, true), true);
  $('analysis-position').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') click(event, false);
    else if (event.key === 'Delete' || event.key === 'Backspace') click(event, true);
  }, true);
  const start = () => {
    const read = currentRead();
    const model = !read ? backgammonModel() : read.game === 'morris' ? morrisModel(read) : backgammonModel(read);
    editor = { model, tool: 'white', board: null, version: 0 };
    setEditing(editor);
    $('analysis-result').hidden = true;
    $('edit-panel').hidden = false;
    $('edit-toggle').textContent = t('edit-done');
    $('edit-toggle').setAttribute('aria-pressed', 'true');
    $('analysis-board').classList.add('editing');
    panel();
    newBoard();
  };
  // Leaves edit mode with the position written into the text field, analysed and addressed; a
  // set-up the server refuses stays in edit mode with the server's reason.
  let finishing = false;
  const finish = async () => {
    if (finishing) return;
    $('error').textContent = '';
    let text;
    finishing = true;
    try {
      readPanel(editor.model, $);
      text = await setupText(editor.model);
    } catch (error) {
      $('error').textContent = error instanceof EditError ? error.text() : errorText(error);
      return;
    } finally { finishing = false; }
    editor = null;
    setEditing(null);
    $('analysis-text').value = text;
    $('analysis-dice').value = '';
    $('analysis-result').hidden = false;
    $('edit-panel').hidden = true;
    $('edit-toggle').textContent = t('edit-position');
    $('edit-toggle').setAttribute('aria-pressed', 'false');
    $('analysis-board').classList.remove('editing');
    go();
  };
  return { toggle: () => (editor ? finish() : start()) };
}
