// The analysis board (/analysis?text=…): paste a gnubg Position ID (with its Match ID), an XGID
// or a Sanmill FEN; the server reads it (GET /api/position) and the engines rank the moves
// (GET /api/backgammon/analysis at the chosen lookahead, 0 to 2 plies; GET /api/morris/analysis).
// The address holds the pasted text, the dice and the plies, so it can be shared.

import { errorText, t } from './i18n.js';
import { backgammonAnalysis, morrisAnalysis, readPosition } from './api.js';
import { createMorrisBoard, standingMills } from './morris.js';
import { createBackgammonBoard } from './backgammon.js';
import { perfectWords } from './review.js';

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const signed = (x, digits) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
const ctx = () => ({ seat: null, setHint: () => {}, play: async () => {}, act: async () => {}, steps: async () => null });

function backgammonState(read) {
  return {
    version: 1, to_act: null, legal_moves: [], actions: [], result: null, seats: { white: 'human', black: 'human' },
    view: { ...read.board, turn: read.on_roll, phase: 'over', dice: read.dice ? [Number(read.dice[0]), Number(read.dice[1])] : null,
      steps: null, last_play: null, cube: { enabled: false, value: 1, owner: null, offered: false },
      match: { length: 0, score: { white: 0, black: 0 }, game: 1 } },
  };
}

function morrisState(read) {
  return {
    version: 1, to_act: null, legal_moves: [], actions: [], result: null,
    view: { points: read.points, mills: standingMills(read.points), phase: 'moving', last_move: null, moves: [], side_to_move: read.side_to_move },
  };
}

function rankingHtml(moves, format) {
  return `<ol class="ranking" id="ranking">${moves.slice(0, 20).map((m, i) => `<li data-rank="${i + 1}"><code>${escape(m.move)}</code> ${format(m.value)}${i > 0 ? ` <span class="muted">(${format(m.value - moves[0].value)})</span>` : ''}</li>`).join('')}</ol>`;
}

// Ranks the read position: every move of the dice (backgammon) or of the side to move (Morris).
async function rank(read, dice, plies) {
  if (read.game === 'morris') {
    const { moves, perfect } = await morrisAnalysis(new URLSearchParams({ position: read.position }));
    const known = perfect ? `<p id="perfect">${t('review-perfect')}: ${perfectWords(perfect)}</p>` : '';
    return `<p>${t('analysis-board-to-move', { side: t(`side-${read.side_to_move}`) })}</p>${known}${rankingHtml(moves, (v) => signed(v / 100, 2))}`;
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
      <p class="error" id="error" role="alert"></p>
      <div class="review-main">
        <div class="board-wrap" id="analysis-position"></div>
        <div class="panel" id="analysis-result"></div>
      </div>
    </div>`;
  const $ = (id) => document.getElementById(id);
  const go = async () => {
    const text = $('analysis-text').value.trim();
    if (!text) return;
    const query = new URLSearchParams({ text });
    $('error').textContent = '';
    $('analysis-result').textContent = t('hint-thinking');
    try {
      const read = await readPosition(query);
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
    } catch (error) {
      $('analysis-result').textContent = '';
      $('error').textContent = t('error', { message: errorText(error) });
    }
  };
  $('analysis-form').addEventListener('submit', (event) => { event.preventDefault(); go(); });
  if (params.get('text')) go();
}
