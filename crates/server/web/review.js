// The game review page (/review/{id}): the whole width for the board, an equity graph over the
// game (backgammon: White's winning chance before each decision; Morris: the engine's value after
// each move, White's view), every decision with its loss and the better move, error counts and
// a one-line summary per player. Step with the buttons, ←/→ (Home/End), a click on a move or on a
// dot of the graph. The data comes from GET /api/games/{id}/review (see review.rs).

import { errorText, t } from './i18n.js';
import { getGame, getReview } from './api.js';
import { createMorrisBoard } from './morris.js';
import { createBackgammonBoard } from './backgammon.js';

const SVG = 'http://www.w3.org/2000/svg';
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const other = (side) => (side === 'white' ? 'black' : 'white');
let keyHandler = null;

// Removes the review's keys (when another page is shown).
export function stopReview() {
  if (keyHandler) document.removeEventListener('keydown', keyHandler);
  keyHandler = null;
}

// The player of `side` as the viewer knows them: you, the computer, a friend, or the colour.
function label(state, side, seat) {
  if (side === seat) return t('label-you');
  if (state.seats[side] === 'computer') return t('label-computer', { level: state.level });
  return seat ? t('label-friend') : t(`side-${side}`);
}

// The words of a backgammon decision (`double`, `no double`, `take`, `pass`, or a move).
function decisionWords(text) {
  const keys = { double: 'review-double', 'no double': 'review-no-double', take: 'review-take', pass: 'review-pass' };
  return keys[text] ? t(keys[text]) : text;
}

// Every step of the review, one per decision: { side, text, detail, bad, class, board, value }.
function backgammonSteps(report) {
  const steps = [];
  for (const game of report.games) {
    game.decisions.forEach((d) => {
      const side = d.player === 0 ? 'white' : 'black';
      steps.push({
        side,
        game: game.number,
        dice: d.dice,
        played: decisionWords(d.played),
        best: decisionWords(d.best),
        loss: d.equity_lost,
        lossText: d.equity_lost.toFixed(3),
        mark: d.mark,
        bad: d.mark !== 'none',
        markText: d.mark === 'none' ? '' : t(`analysis-mark-${d.mark}`),
        board: d.board,
        kind: d.kind,
        onRoll: d.kind === 'take' ? other(side) : side,
        value: typeof d.white_win === 'number' ? d.white_win : null,
      });
    });
  }
  return steps;
}

function morrisSteps(review) {
  return review.moves.map((m, i) => ({
    side: m.side,
    played: m.played,
    best: m.best,
    loss: m.loss,
    lossText: (m.loss / 100).toFixed(2),
    mark: m.class,
    bad: ['inaccuracy', 'mistake', 'blunder'].includes(m.class),
    markText: t(`review-class-${m.class}`),
    playedScore: m.played_score,
    bestScore: m.best_score,
    perfectBefore: m.perfect_before,
    perfectAfter: m.perfect_after,
    perfectChanged: m.perfect_changed,
    before: review.boards[i],
    after: review.boards[i + 1],
    afterMills: review.mills[i + 1],
    value: review.graph[i],
  }));
}

// The graph: a line over the steps, the errors as dots that can be clicked.
function graphSvg(steps, game) {
  const width = 1000;
  const height = 260;
  const pad = 14;
  const n = Math.max(steps.length - 1, 1);
  const x = (i) => pad + (i * (width - 2 * pad)) / n;
  // Backgammon: chance 0..1; Morris: the value, the scale from ±2 pieces up to ±10 (forced
  // results are capped at ten pieces).
  const scale = Math.max(200, Math.min(1000, ...steps.map((s) => Math.abs(s.value ?? 0))));
  const y = (v) => (game === 'morris'
    ? height / 2 - (Math.max(-scale, Math.min(scale, v)) / scale) * (height / 2 - pad)
    : height - pad - v * (height - 2 * pad));
  const points = steps.map((s, i) => (s.value === null ? null : `${x(i).toFixed(1)},${y(s.value).toFixed(1)}`)).filter(Boolean);
  const dots = steps.map((s, i) => (s.bad && s.value !== null
    ? `<circle class="graph-dot mark-${s.mark}" data-index="${i}" cx="${x(i).toFixed(1)}" cy="${y(s.value).toFixed(1)}" r="9" tabindex="0" role="button"><title>${escape(s.played)}</title></circle>` : '')).join('');
  const middle = game === 'morris' ? height / 2 : y(0.5);
  return `<svg class="graph" id="review-graph" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(t('review-graph'))}">
    <rect class="graph-top" x="0" y="0" width="${width}" height="${middle}"></rect>
    <rect class="graph-bottom" x="0" y="${middle}" width="${width}" height="${height - middle}"></rect>
    <line class="graph-middle" x1="0" x2="${width}" y1="${middle}" y2="${middle}"></line>
    <polyline class="graph-line" points="${points.join(' ')}"></polyline>
    <line class="graph-cursor" id="graph-cursor" x1="0" x2="0" y1="0" y2="${height}"></line>
    ${dots}</svg>`;
}

// One line per player: backgammon's error rate (thousandths of equity per decision, gnubg's
// style) and marks; Morris' classes, average loss and perfect-play changes.
function summaries(review, state, seat) {
  const sides = ['white', 'black'];
  if (review.game === 'backgammon') {
    return sides.map((side, i) => {
      const p = review.report.players[i];
      return `<li class="summary-${side}"><span class="dot ${side}"></span> <b>${escape(label(state, side, seat))}</b>: ${t('review-bg-summary', {
        rate: p.error_rate.toFixed(1), decisions: p.unforced_moves + p.cube_decisions, doubtful: p.doubtful, errors: p.errors, blunders: p.blunders })}</li>`;
    }).join('');
  }
  return sides.map((side) => {
    const p = review.players[side];
    return `<li class="summary-${side}"><span class="dot ${side}"></span> <b>${escape(label(state, side, seat))}</b>: ${t('review-morris-summary', {
      moves: p.moves, inaccuracies: p.inaccuracies, mistakes: p.mistakes, blunders: p.blunders,
      loss: (p.average_loss / 100).toFixed(2), changes: p.perfect_changes })}</li>`;
  }).join('');
}

function countsTable(steps, game) {
  const classes = game === 'morris' ? ['inaccuracy', 'mistake', 'blunder'] : ['doubtful', 'error', 'blunder'];
  const name = (c) => (game === 'morris' ? t(`review-class-${c}`) : t(`analysis-mark-${c}`));
  const count = (side, c) => steps.filter((s) => s.side === side && s.mark === c).length;
  return `<table class="review-counts" id="review-counts"><tr><th></th>${classes.map((c) => `<th>${name(c)}</th>`).join('')}</tr>
    ${['white', 'black'].map((side) => `<tr><th><span class="dot ${side}"></span> ${t(`side-${side}`)}</th>${classes.map((c) => `<td>${count(side, c)}</td>`).join('')}</tr>`).join('')}</table>`;
}

function moveList(steps) {
  return steps.map((s, i) => `<li class="review-move${s.bad ? ` mark-${s.mark}` : ''}" data-index="${i}" tabindex="0" role="button">
    <span class="num">${i + 1}.</span> <span class="dot ${s.side}"></span>
    ${s.dice ? `${escape(s.dice)}: ` : ''}${escape(s.played || '—')}${s.bad ? ` <strong>${escape(s.markText)}</strong>` : ''}</li>`).join('');
}

// A perfect-play value in words (`win in 12`, `draw`, …: the analyser's words, translated).
export function perfectWords(text) {
  if (!text) return t('review-unknown');
  const m = /^(win|loss|draw)(?: in (\d+))?/.exec(text);
  if (!m) return text;
  return m[2] ? t(`review-perfect-${m[1]}-in`, { plies: m[2] }) : t(`review-perfect-${m[1]}`);
}

function detailHtml(step, index, steps, game) {
  if (!step) return '';
  const who = `<span class="dot ${step.side}"></span> ${t(`side-${step.side}`)}`;
  const lines = [`<p><b>${t('review-step', { number: index + 1, total: steps.length })}</b> · ${who}</p>`];
  lines.push(`<p>${t('review-played')}: <b id="review-played">${escape(step.dice ? `${step.dice}: ` : '')}${escape(step.played || '—')}</b>`
    + (game === 'morris' ? ` (${(step.playedScore / 100).toFixed(2)})` : '') + '</p>');
  lines.push(`<p>${t('review-best')}: <b id="review-best">${escape(step.best || '—')}</b>`
    + (game === 'morris' ? ` (${(step.bestScore / 100).toFixed(2)})` : '') + '</p>');
  lines.push(`<p>${t('review-loss')}: <b id="review-loss">${step.lossText}</b>${step.bad ? ` · <strong class="mark-${step.mark}">${escape(step.markText)}</strong>` : ''}</p>`);
  if (game === 'morris') {
    lines.push(`<p>${t('review-perfect')}: ${perfectWords(step.perfectBefore)} → ${perfectWords(step.perfectAfter)}${step.perfectChanged ? ` <strong>${t('review-perfect-changed')}</strong>` : ''}</p>`);
  } else if (step.value !== null) {
    lines.push(`<p>${t('review-white-chance', { percent: (step.value * 100).toFixed(1) })}</p>`);
  }
  return lines.join('');
}

// The board of a step: a Morris board after the move (the move marked), a backgammon board
// before the decision with its dice.
function boardState(step, game, version) {
  if (game === 'morris') {
    return {
      version, to_act: null, legal_moves: [], actions: [], result: null,
      view: { points: step.after, mills: step.afterMills, phase: 'moving', last_move: step.played, moves: [], side_to_move: other(step.side) },
    };
  }
  const dice = step.dice ? [Number(step.dice[0]), Number(step.dice[1])] : null;
  return {
    version, to_act: null, legal_moves: [], actions: [], result: null, seats: { white: 'human', black: 'human' },
    view: { ...step.board, turn: step.onRoll, phase: 'over', dice, steps: null, last_play: null,
      cube: { enabled: false, value: 1, owner: null, offered: false }, match: { length: 0, score: { white: 0, black: 0 }, game: step.game } },
  };
}

export async function showReview(app, id) {
  stopReview();
  app.innerHTML = `<p id="review-loading">${t('review-loading')}</p>`;
  let state;
  let review;
  try {
    [state, review] = await Promise.all([getGame(id), getReview(id)]);
  } catch (error) {
    app.innerHTML = `<p class="error" role="alert">${escape(t('error', { message: errorText(error) }))}</p><p><a href="/" data-link>${t('nav-home')}</a></p>`;
    return;
  }
  const seatInfo = JSON.parse(localStorage.getItem(`ludus:seat:${id}`) || 'null') || {};
  const seat = seatInfo.token ? seatInfo.seat : null;
  const game = review.game;
  const steps = game === 'morris' ? morrisSteps(review) : backgammonSteps(review.report);
  document.title = `${t('review-title')} – ${t('app-title')}`;
  app.innerHTML = `
    <div class="review" id="review" data-game="${game}" data-index="0" data-steps="${steps.length}">
      <div class="review-head">
        <h2>${t('review-title')}: ${t(game === 'morris' ? 'morris-title' : 'backgammon-title')}</h2>
        <ul class="review-summary" id="review-summary">${summaries(review, state, seat)}</ul>
        ${countsTable(steps, game)}
      </div>
      <div class="panel graph-panel"><h3>${t(game === 'morris' ? 'review-graph-morris' : 'review-graph-bg')}</h3>${graphSvg(steps, game)}</div>
      <div class="review-main">
        <div class="board-wrap" id="review-board"></div>
        <div class="review-side">
          <div class="buttons review-nav">
            <button class="secondary" id="review-first" aria-label="${t('review-first')}">|◀</button>
            <button class="secondary" id="review-prev" aria-label="${t('review-prev')}">◀</button>
            <button class="secondary" id="review-next" aria-label="${t('review-next')}">▶</button>
            <button class="secondary" id="review-last" aria-label="${t('review-last')}">▶|</button>
          </div>
          <div class="panel review-detail" id="review-detail"></div>
          <div class="panel"><ol class="review-moves" id="review-moves">${moveList(steps) || `<li class="empty">${t('no-moves-yet')}</li>`}</ol></div>
          <p class="buttons"><a href="/play/${id}" data-link>${t('review-back')}</a> <a href="/" data-link>${t('nav-home')}</a></p>
        </div>
      </div>
    </div>`;
  const $ = (name) => document.getElementById(name);
  const ctx = { seat: null, setHint: () => {}, play: async () => {}, act: async () => {}, steps: async () => null };
  const board = game === 'morris' ? createMorrisBoard($('review-board'), ctx)
    : createBackgammonBoard($('review-board'), ctx, document.createElement('div'));
  let index = 0;
  let version = 0;
  const show = (next) => {
    if (steps.length === 0) return;
    index = Math.max(0, Math.min(steps.length - 1, next));
    version += 1;
    const step = steps[index];
    // Backgammon: the board from the decider's side, numbered as the moves are written.
    if (game === 'backgammon') ctx.seat = step.onRoll;
    board.update(boardState(step, game, version));
    $('review').dataset.index = index;
    $('review-detail').innerHTML = detailHtml(step, index, steps, game);
    for (const row of document.querySelectorAll('.review-move')) row.classList.toggle('current', Number(row.dataset.index) === index);
    document.querySelector('.review-move.current')?.scrollIntoView({ block: 'nearest' });
    const dot = document.querySelectorAll('.graph-dot');
    for (const d of dot) d.classList.toggle('current', Number(d.dataset.index) === index);
    const n = Math.max(steps.length - 1, 1);
    const x = 14 + (index * (1000 - 28)) / n;
    $('graph-cursor').setAttribute('x1', x);
    $('graph-cursor').setAttribute('x2', x);
  };
  $('review-first').addEventListener('click', () => show(0));
  $('review-prev').addEventListener('click', () => show(index - 1));
  $('review-next').addEventListener('click', () => show(index + 1));
  $('review-last').addEventListener('click', () => show(steps.length - 1));
  const pick = (event) => {
    const target = event.target.closest('[data-index]');
    if (target && target.id !== 'review') show(Number(target.dataset.index));
  };
  $('review-moves').addEventListener('click', pick);
  $('review-graph').addEventListener('click', pick);
  keyHandler = (event) => {
    if (!document.getElementById('review')) { stopReview(); return; }
    const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: steps.length - 1 };
    if (event.key in moves && !event.target.closest('select, input')) { event.preventDefault(); show(moves[event.key]); }
    if (event.key === 'Enter' && event.target.closest('[data-index]')) pick(event);
  };
  document.addEventListener('keydown', keyHandler);
  show(0);
}
