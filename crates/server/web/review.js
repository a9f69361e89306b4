// The game review page (/review/{id}, and /review/open for a pasted or uploaded record): the
// board in one orientation for the whole game (the viewer's side at the bottom, a flip button and
// the f key), the cube as it stood, arrows for the play made and the best play; the graph under
// the board with its axes and a legend; beside them the decision's alternatives with their
// numbers, the luck of the roll, and the clickable move list. Keys: ←/→ step, ↑/↓ previous/next
// error, Home/End, f flips. The data comes from GET /api/games/{id}/review or POST /api/review
// (see review.rs); the page only draws it.

import { errorText, t } from './i18n.js';
import { getGame, getReview, reviewRecord } from './api.js';
import { createMorrisBoard } from './morris.js';
import { createBackgammonBoard, pointGeometry } from './backgammon.js';
import { copyId, idLine } from './ids.js';
import { addToPractice } from './practice.js';

const SVG = 'http://www.w3.org/2000/svg';
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const other = (side) => (side === 'white' ? 'black' : 'white');
const sideOf = (player) => (player === 0 ? 'white' : 'black');
const signed = (value, digits = 3) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;
const percent = (value) => (value * 100).toFixed(1);
let keyHandler = null;

// The Morris engine's values (docs/server.md): hundredths of a piece, and a forced result as
// ±(30000 − plies) beyond ±28000.
const MORRIS_WIN = 30000;
const MORRIS_FORCED = 28000;
const forced = (value) => Math.abs(value) > MORRIS_FORCED;

// A Morris engine value in words: "win in 7 plies" / "loss in 4 plies" for a forced result,
// else pieces ("+1.25").
export function morrisValue(value) {
  if (!forced(value)) return signed(value / 100, 2);
  return t(value > 0 ? 'review-perfect-win-in' : 'review-perfect-loss-in', { plies: MORRIS_WIN - Math.abs(value) });
}

// The difference between two Morris values in pieces; none ("—") where one is a forced result.
export function morrisDifference(value, best) {
  return forced(value) || forced(best) ? '—' : signed((value - best) / 100, 2);
}

// Removes the review's keys (when another page is shown).
export function stopReview() {
  if (keyHandler) document.removeEventListener('keydown', keyHandler);
  keyHandler = null;
}

// The player of `side` as the viewer knows them: you, the computer, a friend, a name from the
// file, or the colour.
function label(state, side, seat, names) {
  if (names) return names[side] || t(`side-${side}`);
  if (side === seat) return t('label-you');
  if (state?.seats?.[side] === 'computer') return t('label-computer', { level: state.level });
  return seat ? t('label-friend') : t(`side-${side}`);
}

// The words of a backgammon decision or cube action (`double`, `no double, take`, …), or a move.
export function decisionWords(text) {
  const keys = {
    double: 'review-double', 'no double': 'review-no-double', take: 'review-take', pass: 'review-pass',
    'double, take': 'review-double-take', 'double, pass': 'review-double-pass',
  };
  return keys[text] ? t(keys[text]) : text;
}

// Dice as the game page shows them: the higher die first ("51", never "15").
function diceText(dice) {
  return dice ? [...dice].sort((a, b) => b.localeCompare(a)).join('') : dice;
}

// Every step of a backgammon review, one per decision.
function backgammonSteps(report) {
  const steps = [];
  for (const game of report.games) {
    game.decisions.forEach((d) => {
      const side = sideOf(d.player);
      steps.push({
        side,
        game: game.number,
        dice: diceText(d.dice),
        played: decisionWords(d.played),
        best: decisionWords(d.best),
        lossText: d.equity_lost.toFixed(3),
        mark: d.mark,
        bad: d.mark !== 'none',
        markText: d.mark === 'none' ? '' : t(`analysis-mark-${d.mark}`),
        board: d.board,
        kind: d.kind,
        onRoll: d.kind === 'take' ? other(side) : side,
        value: typeof d.white_win === 'number' ? d.white_win : null,
        alternatives: d.alternatives || [],
        cube: d.cube || { value: 1, owner: null },
        luck: typeof d.luck === 'number' ? d.luck : null,
        playedSteps: d.played_steps || null,
        bestSteps: d.best_steps || null,
        score: game.score,
        xgid: d.xgid || null,
        cubeAction: d.cube_action || null,
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
    lossText: forced(m.best_score) || forced(m.played_score) ? `${morrisValue(m.best_score)} → ${morrisValue(m.played_score)}`
      : (m.loss / 100).toFixed(2),
    mark: m.class,
    bad: ['inaccuracy', 'mistake', 'blunder'].includes(m.class),
    markText: t(`review-class-${m.class}`),
    playedScore: m.played_score,
    bestScore: m.best_score,
    perfectBefore: m.perfect_before,
    perfectAfter: m.perfect_after,
    perfectChanged: m.perfect_changed,
    alternatives: m.alternatives || [],
    after: review.boards[i + 1],
    afterMills: review.mills[i + 1],
    value: review.graph[i],
  }));
}

// The graph's frame: the plot area inside the axis labels.
const GRAPH = { width: 1000, height: 200, left: 80, right: 12, top: 10, bottom: 30 };
const graphX = (i, n) => GRAPH.left + (i * (GRAPH.width - GRAPH.left - GRAPH.right)) / Math.max(n - 1, 1);

// The graph: a line over the steps, the errors as dots that can be clicked, the axes labelled.
function graphSvg(steps, game) {
  const { width, height, top, bottom, left } = GRAPH;
  const n = steps.length;
  const x = (i) => graphX(i, n);
  const plot = height - top - bottom;
  // Backgammon: chance 0..1; Morris: the value, the scale from ±2 pieces up to ±10 (forced
  // results are capped at ten pieces).
  const scale = Math.max(200, Math.min(1000, Math.max(0, ...steps.map((s) => Math.abs(s.value ?? 0)))));
  const y = (v) => (game === 'morris'
    ? top + plot / 2 - (Math.max(-scale, Math.min(scale, v)) / scale) * (plot / 2)
    : top + plot - v * plot);
  const points = steps.map((s, i) => (s.value === null ? null : `${x(i).toFixed(1)},${y(s.value).toFixed(1)}`)).filter(Boolean);
  const dots = steps.map((s, i) => (s.bad && s.value !== null
    ? `<circle class="graph-dot mark-${s.mark}" data-index="${i}" cx="${x(i).toFixed(1)}" cy="${y(s.value).toFixed(1)}" r="8" tabindex="0" role="button"><title>${escape(s.played)}</title></circle>` : '')).join('');
  const middle = game === 'morris' ? y(0) : y(0.5);
  const yTicks = game === 'morris'
    ? [[scale, `+${scale / 100}`], [0, '0'], [-scale, `−${scale / 100}`]]
    : [[1, '100 %'], [0.5, '50 %'], [0, '0 %']];
  const yLabels = yTicks.map(([v, text]) => `<text class="graph-label" x="${left - 8}" y="${y(v).toFixed(1)}" text-anchor="end" dominant-baseline="central">${text}</text>`).join('');
  const xTicks = [...new Set([0, Math.floor((n - 1) / 2), n - 1])].filter((i) => i >= 0);
  const xLabels = xTicks.map((i) => `<text class="graph-label" x="${x(i).toFixed(1)}" y="${height - 8}" text-anchor="middle">${i + 1}</text>`).join('');
  return `<svg class="graph" id="review-graph" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(t('review-graph'))}">
    <rect class="graph-top" x="${left}" y="${top}" width="${width - left - GRAPH.right}" height="${middle - top}"></rect>
    <rect class="graph-bottom" x="${left}" y="${middle}" width="${width - left - GRAPH.right}" height="${height - bottom - middle}"></rect>
    <line class="graph-middle" x1="${left}" x2="${width - GRAPH.right}" y1="${middle}" y2="${middle}"></line>
    <g id="graph-y-axis">${yLabels}</g><g id="graph-x-axis">${xLabels}</g>
    <polyline class="graph-line" points="${points.join(' ')}"></polyline>
    <line class="graph-cursor" id="graph-cursor" x1="0" x2="0" y1="${top}" y2="${height - bottom}"></line>
    ${dots}</svg>`;
}

// The legend of the graph: what the axes mean and the colour of each mark.
function graphLegend(game) {
  const marks = game === 'morris' ? ['inaccuracy', 'mistake', 'blunder'] : ['doubtful', 'error', 'blunder'];
  const name = (mark) => (game === 'morris' ? t(`review-class-${mark}`) : t(`analysis-mark-${mark}`));
  const axis = t(game === 'morris' ? 'review-axis-morris' : 'review-axis-bg');
  return `<p class="graph-legend" id="graph-legend"><span>${axis}</span>
    ${marks.map((mark) => `<span class="legend-item"><svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true"><circle class="graph-dot mark-${mark}" cx="10" cy="10" r="8"></circle></svg> ${name(mark)}</span>`).join('')}</p>`;
}

// One line per player: backgammon's error rate, marks and luck; Morris' classes, average loss
// and perfect-play changes.
function summaries(review, who) {
  const sides = ['white', 'black'];
  if (review.game === 'backgammon') {
    const report = review.report;
    return sides.map((side, i) => {
      const p = report.players[i];
      const luck = report.luck?.[i];
      const luckText = luck ? ` · ${t('review-luck-total', { luck: signed(luck.total), rolls: luck.rolls })}` : '';
      return `<li class="summary-${side}"><span class="dot ${side}"></span> <b>${escape(who(side))}</b>: ${t('review-bg-summary', {
        rate: p.error_rate.toFixed(1), decisions: p.unforced_moves + p.cube_decisions, doubtful: p.doubtful, errors: p.errors, blunders: p.blunders })}${luckText}</li>`;
    }).join('');
  }
  return sides.map((side) => {
    const p = review.players[side];
    return `<li class="summary-${side}"><span class="dot ${side}"></span> <b>${escape(who(side))}</b>: ${t('review-morris-summary', {
      moves: p.moves, inaccuracies: p.inaccuracies, mistakes: p.mistakes, blunders: p.blunders,
      loss: (p.average_loss / 100).toFixed(2), changes: p.perfect_changes })}</li>`;
  }).join('');
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
  return m[2] ? t(`review-perfect-${m[1]}-in`, { plies: Number(m[2]) }) : t(`review-perfect-${m[1]}`);
}

// The alternatives of a backgammon decision: cubeful equity, difference, chances and plies.
function backgammonAlternatives(step) {
  if (step.alternatives.length === 0) return '';
  // The best row is the right action's (a difference of 0): the first of a ranking, and in a
  // cube table (always no double, double/take, double/pass) the proper action's row.
  const best = Math.max(0, step.alternatives.findIndex((a) => Math.abs(a.difference) < 1e-12));
  const rows = step.alternatives.map((a, i) => {
    const [win, wg, wbg, lg, lbg] = a.chances;
    return `<tr class="alternative${a.played ? ' played' : ''}${i === best ? ' best' : ''}" data-action="${escape(a.action)}">
      <td>${i + 1}</td><td class="action">${escape(decisionWords(a.action))}</td>
      <td class="equity">${signed(a.equity)}</td><td class="difference">${i === best ? '' : signed(a.difference)}</td>
      <td class="chances">${percent(win)} ${percent(wg)} ${percent(wbg)}</td><td class="chances">${percent(1 - win)} ${percent(lg)} ${percent(lbg)}</td>
      <td class="plies">${t('review-plies', { plies: a.plies })}</td></tr>`;
  }).join('');
  return `<table class="alternatives" id="review-alternatives"><thead><tr><th>#</th><th>${t(step.kind === 'checker' ? 'review-col-play' : 'review-col-action')}</th>
    <th>${t('review-col-equity')}</th><th>${t('review-col-difference')}</th><th>${t('review-col-win')}</th><th>${t('review-col-lose')}</th><th>${t('review-col-plies')}</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}

// The alternatives of a Morris move: the engine's value and the databases'.
function morrisAlternatives(step) {
  if (step.alternatives.length === 0) return '';
  const best = step.alternatives[0].value;
  const rows = step.alternatives.map((a, i) => `<tr class="alternative${a.played ? ' played' : ''}${i === 0 ? ' best' : ''}" data-action="${escape(a.move)}">
    <td>${i + 1}</td><td class="action">${escape(a.move)}</td><td class="equity">${escape(morrisValue(a.value))}</td>
    <td class="difference">${i === 0 ? '' : morrisDifference(a.value, best)}</td>
    <td class="perfect">${a.perfect ? escape(perfectWords(a.perfect)) : `<span class="muted">${t('review-not-in-databases')}</span>`}</td></tr>`).join('');
  return `<table class="alternatives" id="review-alternatives"><thead><tr><th>#</th><th>${t('review-col-move')}</th>
    <th>${t('review-col-engine')}</th><th>${t('review-col-difference')}</th><th class="perfect">${t('review-col-databases')}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function detailHtml(step, index, steps, game, who) {
  if (!step) return '';
  const side = `<span class="dot ${step.side}"></span> ${escape(who(step.side))}`;
  const lines = [`<p><b>${t('review-step', { number: index + 1, total: steps.length })}</b> · ${side}</p>`];
  lines.push(`<p>${t('review-played')}: <b id="review-played">${escape(step.dice ? `${step.dice}: ` : '')}${escape(step.played || '—')}</b>`
    + (game === 'morris' ? ` (${escape(morrisValue(step.playedScore))})` : '') + '</p>');
  lines.push(`<p>${t('review-best')}: <b id="review-best">${escape(step.best || '—')}</b>`
    + (game === 'morris' ? ` (${escape(morrisValue(step.bestScore))})` : '') + '</p>');
  if (step.cubeAction) lines.push(`<p id="review-cube-action">${t('analysis-cube-proper', { action: t(`cube-action-${step.cubeAction}`) })}</p>`);
  lines.push(`<p>${t('review-loss')}: <b id="review-loss">${step.lossText}</b>${step.bad ? ` · <strong class="mark-${step.mark}">${escape(step.markText)}</strong>` : ''}</p>`);
  if (game === 'morris') {
    lines.push(`<p>${t('review-perfect')}: ${perfectWords(step.perfectBefore)} → ${perfectWords(step.perfectAfter)}${step.perfectChanged ? ` <strong>${t('review-perfect-changed')}</strong>` : ''}</p>`);
  } else {
    if (step.luck !== null) lines.push(`<p id="review-luck">${t('review-luck', { luck: signed(step.luck) })}</p>`);
    if (step.value !== null) lines.push(`<p>${t('review-white-chance', { percent: percent(step.value) })}</p>`);
    if (step.xgid) lines.push(idLine('review-xgid', step.xgid, step.xgid));
  }
  lines.push(game === 'morris' ? morrisAlternatives(step) : backgammonAlternatives(step));
  return lines.join('');
}

// The board of a step: a Morris board after the move (the move marked), a backgammon board
// before the decision with its dice and the cube as it stood.
function boardState(step, game, version, cubeEnabled) {
  if (game === 'morris') {
    return {
      version, to_act: null, legal_moves: [], actions: [], result: null,
      view: { points: step.after, mills: step.afterMills, phase: 'moving', last_move: step.played, moves: [], side_to_move: other(step.side) },
    };
  }
  const dice = step.dice ? [Number(step.dice[0]), Number(step.dice[1])] : null;
  const owner = step.cube.owner === null || step.cube.owner === undefined ? null : sideOf(step.cube.owner);
  return {
    version, to_act: null, legal_moves: [], actions: [], result: null, seats: { white: 'human', black: 'human' },
    view: { ...step.board, turn: step.onRoll, phase: 'over', dice, steps: null, last_play: null,
      cube: { enabled: cubeEnabled, value: step.cube.value, owner, offered: false },
      match: { length: 0, score: { white: step.score[0], black: step.score[1] }, game: step.game } },
  };
}

// Where a checker of the mover's point `p` is drawn, with `viewer` at the bottom.
function checkerSpot(p, mover, viewer) {
  const mine = mover === viewer;
  if (p === 25) return { x: 350, y: mine ? 360 : 240 };
  if (p === 0) return { x: 745, y: mine ? 540 : 60 };
  const { x, top } = pointGeometry(mine ? p : 25 - p);
  return { x, y: top ? 60 : 540 };
}

// Arrows for the play made and the best play, drawn over the backgammon board.
function drawArrows(svg, step, viewer) {
  if (!svg || step.kind !== 'checker') return;
  const layer = document.createElementNS(SVG, 'g');
  layer.setAttribute('id', 'review-arrows');
  const same = step.played === step.best;
  const sets = same ? [['best', step.bestSteps]] : [['played', step.playedSteps], ['best', step.bestSteps]];
  for (const [kind, checkerSteps] of sets) {
    for (const s of checkerSteps || []) {
      const a = checkerSpot(s.from, step.side, viewer);
      const b = checkerSpot(s.to, step.side, viewer);
      // A curve bowed towards the middle of the board, so that arrows along a row stay apart.
      const bow = kind === 'best' ? 70 : 40;
      const cx = (a.x + b.x) / 2;
      const cy = (a.y + b.y) / 2 + (a.y + b.y > 600 ? -bow : bow);
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', `M${a.x},${a.y} Q${cx},${cy} ${b.x},${b.y}`);
      path.setAttribute('class', `review-arrow review-arrow-${kind}`);
      path.setAttribute('data-arrow', kind);
      path.setAttribute('marker-end', `url(#review-head-${kind})`);
      layer.appendChild(path);
    }
  }
  const defs = document.createElementNS(SVG, 'defs');
  defs.innerHTML = ['played', 'best'].map((kind) => `<marker id="review-head-${kind}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path class="review-head-${kind}" d="M0,0 L10,5 L0,10 z"></path></marker>`).join('');
  svg.append(defs, layer);
}

// Draws the review of `review` (the API's answer) into `app`: `state` is the game's state (null
// for an imported record), `id` its id (null for a record), `seat` the viewer's side if they
// played the game.
export function renderReview(app, review, { state = null, id = null, seat = null, token = null } = {}) {
  stopReview();
  const game = review.game;
  const steps = game === 'morris' ? morrisSteps(review) : backgammonSteps(review.report);
  const names = review.imported && game === 'backgammon'
    ? { white: review.report.players[0].name, black: review.report.players[1].name } : null;
  const who = (side) => label(state, side, seat, names);
  const cubeEnabled = game === 'backgammon' && (state ? state.view.cube.enabled : review.report.match_length !== 1);
  let orientation = seat || 'white';
  document.title = `${t('review-title')} – ${t('app-title')}`;
  const back = id ? `<a href="/play/${id}" data-link>${t('review-back')}</a> ` : '';
  app.innerHTML = `
    <div class="review" id="review" data-game="${game}" data-index="0" data-steps="${steps.length}" data-orientation="${orientation}">
      <div class="review-board-column">
        <div class="review-head">
          <h2>${t('review-title')}: ${t(game === 'morris' ? 'morris-title' : 'backgammon-title')}</h2>
          <div class="buttons review-nav">
            <button class="secondary" id="review-first" aria-label="${t('review-first')}" title="${t('review-first')}">|◀</button>
            <button class="secondary" id="review-prev" aria-label="${t('review-prev')}" title="${t('review-prev')}">◀</button>
            <button class="secondary" id="review-next" aria-label="${t('review-next')}" title="${t('review-next')}">▶</button>
            <button class="secondary" id="review-last" aria-label="${t('review-last')}" title="${t('review-last')}">▶|</button>
            <button class="secondary" id="review-flip" title="${t('review-flip-keys')}">${t('review-flip')}</button>
          </div>
        </div>
        <div class="board-wrap" id="review-board"></div>
        <div class="panel graph-panel"><h3>${t(game === 'morris' ? 'review-graph-morris' : 'review-graph-bg')}</h3>${graphSvg(steps, game)}${graphLegend(game)}</div>
      </div>
      <div class="review-side">
        <div class="panel review-detail" id="review-detail"></div>
        <div class="panel"><ol class="review-moves" id="review-moves">${moveList(steps) || `<li class="empty">${t('no-moves-yet')}</li>`}</ol></div>
        <div class="panel"><ul class="review-summary" id="review-summary">${summaries(review, who)}</ul>
          <p class="muted review-keys">${t('review-keys')}</p>
          <p class="buttons">${back}<a href="/review/open" data-link>${t('review-open')}</a> <a href="/" data-link>${t('nav-home')}</a></p>
          ${id && token ? `<p class="buttons"><button class="secondary" id="practice-add">${t('practice-add')}</button></p><p class="muted" id="practice-add-status" role="status"></p>` : ''}</div>
      </div>
    </div>`;
  const $ = (name) => document.getElementById(name);
  const ctx = { seat: orientation, setHint: () => {}, play: async () => {}, act: async () => {}, steps: async () => null };
  $('practice-add')?.addEventListener('click', async () => {
    const status = $('practice-add-status');
    $('practice-add').disabled = true;
    const waiting = (seconds) => { status.textContent = t('review-still-making', { seconds }); return Boolean($('review')); };
    try { await addToPractice(id, token, status, waiting); } catch (error) {
      status.textContent = t('error', { message: errorText(error) });
      $('practice-add').disabled = false;
    }
  });
  const board = game === 'morris' ? createMorrisBoard($('review-board'), ctx)
    : createBackgammonBoard($('review-board'), ctx, document.createElement('div'));
  let index = 0;
  let version = 0;
  const show = (next) => {
    if (steps.length === 0) return;
    index = Math.max(0, Math.min(steps.length - 1, next));
    version += 1;
    const step = steps[index];
    // One orientation for the whole game: the viewer's side (or the flipped one) at the bottom.
    ctx.seat = orientation;
    board.update(boardState(step, game, version, cubeEnabled));
    if (game === 'backgammon') drawArrows($('bg-board'), step, orientation);
    $('review').dataset.index = index;
    $('review').dataset.orientation = orientation;
    $('review-board').classList.toggle('flipped', game === 'morris' && orientation === 'black');
    $('review-detail').innerHTML = detailHtml(step, index, steps, game, who);
    for (const row of document.querySelectorAll('.review-move')) row.classList.toggle('current', Number(row.dataset.index) === index);
    // Only the list scrolls (the page keeps its place).
    const list = $('review-moves');
    const current = list.querySelector('.review-move.current');
    if (current) {
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    for (const d of document.querySelectorAll('.graph-dot[data-index]')) d.classList.toggle('current', Number(d.dataset.index) === index);
    const x = graphX(index, steps.length);
    $('graph-cursor').setAttribute('x1', x);
    $('graph-cursor').setAttribute('x2', x);
  };
  const flip = () => { orientation = other(orientation); show(index); };
  // The previous or next error from the current step (`direction` −1 or +1).
  const nextError = (direction) => {
    for (let i = index + direction; i >= 0 && i < steps.length; i += direction) if (steps[i].bad) return i;
    return index;
  };
  $('review-first').addEventListener('click', () => show(0));
  $('review-prev').addEventListener('click', () => show(index - 1));
  $('review-next').addEventListener('click', () => show(index + 1));
  $('review-last').addEventListener('click', () => show(steps.length - 1));
  $('review-flip').addEventListener('click', flip);
  $('review-detail').addEventListener('click', (event) => copyId(event.target));
  const pick = (event) => {
    const target = event.target.closest('[data-index]');
    if (target && target.id !== 'review') show(Number(target.dataset.index));
  };
  $('review-moves').addEventListener('click', pick);
  $('review-graph').addEventListener('click', pick);
  keyHandler = (event) => {
    if (!document.getElementById('review')) { stopReview(); return; }
    if (event.target.closest('select, input, textarea') || event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: steps.length - 1, ArrowUp: nextError(-1), ArrowDown: nextError(1) };
    if (event.key in moves) { event.preventDefault(); show(moves[event.key]); }
    if (event.key === 'f' || event.key === 'F') { event.preventDefault(); flip(); }
    if (event.key === 'Enter' && event.target.closest('[data-index]')) pick(event);
  };
  document.addEventListener('keydown', keyHandler);
  show(0);
}

export async function showReview(app, id) {
  stopReview();
  app.innerHTML = `<p id="review-loading" role="status">${t('review-loading')}</p>`;
  // While the review is being made: how long so far, or false once the page shows another thing.
  const waiting = (seconds) => {
    const loading = document.getElementById('review-loading');
    if (loading) loading.textContent = t('review-still-making', { seconds });
    return Boolean(loading);
  };
  let state;
  let review;
  try {
    [state, review] = await Promise.all([getGame(id), getReview(id, waiting)]);
  } catch (error) {
    if (!document.getElementById('review-loading')) return;
    app.innerHTML = `<p class="error" role="alert">${escape(t('error', { message: errorText(error) }))}</p><p><a href="/" data-link>${t('nav-home')}</a></p>`;
    return;
  }
  if (!document.getElementById('review-loading')) return;
  const seatInfo = JSON.parse(localStorage.getItem(`ludus:seat:${id}`) || 'null') || {};
  renderReview(app, review, { state, id, seat: seatInfo.token ? seatInfo.seat : null, token: seatInfo.token || null });
}

// The page to open a record for review (/review/open): paste it or choose a file; a Ludus game
// link opens that game's review.
export function showOpenReview(app, navigate) {
  stopReview();
  document.title = `${t('review-open')} – ${t('app-title')}`;
  app.innerHTML = `
    <section class="panel open-review" id="open-review">
      <h2>${t('review-open')}</h2>
      <p>${t('review-open-intro')}</p>
      <label class="open-file">${t('review-open-file')} <input type="file" id="review-file" accept=".mat,.sgf,.txt,.pgn,text/plain"></label>
      <textarea id="review-text" rows="10" spellcheck="false" aria-label="${t('review-open-paste')}" placeholder="${t('review-open-paste')}"></textarea>
      <p class="buttons"><button id="review-go">${t('review-open-go')}</button> <a href="/" data-link>${t('nav-home')}</a></p>
      <p class="muted" id="review-status" role="status"></p>
      <p class="error" id="review-error" role="alert"></p>
    </section>`;
  const $ = (name) => document.getElementById(name);
  $('review-file').addEventListener('change', async () => {
    const file = $('review-file').files[0];
    if (file) $('review-text').value = await file.text();
  });
  $('review-go').addEventListener('click', async () => {
    const text = $('review-text').value;
    $('review-error').textContent = '';
    $('review-go').disabled = true;
    $('review-go').textContent = t('review-loading');
    // While the review is being made: how long so far, or false once the page shows another thing.
    const waiting = (seconds) => {
      const status = $('review-status');
      if (status) status.textContent = t('review-still-making', { seconds });
      return Boolean(status);
    };
    try {
      const review = await reviewRecord(text, waiting);
      if (!$('open-review')) return;
      if (review.game_id) { navigate(`/review/${review.game_id}`); return; }
      renderReview(app, review);
    } catch (error) {
      if (!$('open-review')) return;
      $('review-status').textContent = '';
      $('review-error').textContent = t('error', { message: errorText(error) });
      $('review-go').disabled = false;
      $('review-go').textContent = t('review-open-go');
    }
  });
}
