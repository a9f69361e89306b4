// Practice from your own games: today's exercises (the decisions you got wrong in reviewed
// games, scheduled by SM-2 on the server) answered on the board, the answer judged by the
// review's own analysis, and your progress over time. The browser keeps only the player's
// private key (localStorage); the server keeps the exercises (docs/server.md, "Practice").

import { errorText, t } from './i18n.js';
import {
  addPracticeGame, answerExercise, exportPlayerFile, importPlayerFile, newPlayer, positionSteps,
  practiceOverview, practiceProgress, readPosition, setPracticeThreshold,
} from './api.js';
import { backgammonState, createBackgammonBoard } from './backgammon.js';
import { createMorrisBoard, morrisCounts, morrisState } from './morris.js';

const KEY = 'ludus:player-key';
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const dayText = (day) => new Date(day * 86400000).toISOString().slice(0, 10);
const mp = (x) => (x === null || x === undefined ? '–' : x.toFixed(1));
const CUBE_WORDS = { double: 'review-double', 'no double': 'review-no-double', take: 'review-take', pass: 'review-pass' };
const words = (text) => (CUBE_WORDS[text] ? t(CUBE_WORDS[text]) : text);

// The player's key: the one kept, or a new player's.
export async function playerKey() {
  const kept = localStorage.getItem(KEY);
  if (kept) return kept;
  const { key } = await newPlayer();
  localStorage.setItem(KEY, key);
  return key;
}

// The review page's "Add to practice": the viewer's decisions in game `id` (its seat token)
// become exercises; `status` tells how many.
export async function addToPractice(id, token, status, onWait) {
  const added = await addPracticeGame(await playerKey(), id, token, onWait);
  status.innerHTML = `${escape(t('practice-added-game', { count: added.touched.length, total: added.exercises }))}
    <a href="/practice" data-link id="practice-link">${t('practice-go')}</a>`;
}

// /practice: today's exercises one after the other.
export async function showPractice(app) {
  document.title = `${t('practice')} – ${t('app-title')}`;
  app.innerHTML = `<section class="practice" id="practice"><h2>${t('practice')}</h2>
    <p class="muted" id="practice-status">${t('hint-thinking')}</p>
    <p class="error" id="error" role="alert"></p>
    <div class="review-main" id="practice-main" hidden>
      <div class="analysis-left"><div class="board-wrap" id="practice-board"></div><div class="analysis-controls" id="practice-controls"></div></div>
      <div class="analysis-side"><div class="panel" id="practice-question"></div><div class="panel" id="practice-result" hidden></div></div>
    </div>
    <div class="panel practice-tools">
      <p class="buttons"><a href="/practice/progress" data-link id="progress-link">${t('practice-progress')}</a>
        <button class="secondary" id="practice-export">${t('practice-export')}</button>
        <label class="open-file">${t('practice-import')} <input type="file" id="practice-import" accept=".json,application/json"></label></p>
      <form id="practice-threshold" class="analysis-form">
        <label for="threshold-checker">${t('practice-threshold-checker')}</label><input id="threshold-checker" size="5" inputmode="decimal">
        <label for="threshold-cube">${t('practice-threshold-cube')}</label><input id="threshold-cube" size="5" inputmode="decimal">
        <button type="submit" class="secondary" id="threshold-save">${t('practice-save')}</button>
      </form>
    </div></section>`;
  const $ = (id) => document.getElementById(id);
  const fail = (error) => { if ($('error')) $('error').textContent = t('error', { message: errorText(error) }); };
  let key;
  let view;
  try {
    key = await playerKey();
    view = await practiceOverview(key);
  } catch (error) { fail(error); return; }
  if (!$('practice')) return;
  $('threshold-checker').value = view.threshold.checker;
  $('threshold-cube').value = view.threshold.cube;
  $('practice-threshold').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      await setPracticeThreshold(key, Number($('threshold-checker').value), Number($('threshold-cube').value));
      $('practice-status').textContent = t('practice-saved');
    } catch (error) { fail(error); }
  });
  $('practice-export').addEventListener('click', async () => {
    const text = await exportPlayerFile(key);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    link.download = 'ludus-player.json';
    link.click();
  });
  $('practice-import').addEventListener('change', async () => {
    const file = $('practice-import').files[0];
    if (!file) return;
    try {
      const merged = await importPlayerFile(key, await file.text());
      $('practice-status').textContent = t('practice-imported', { total: merged.exercises });
    } catch (error) { fail(error); }
  });
  let index = 0;
  const next = () => {
    const due = view.due[index];
    if (!due) {
      $('practice-main').hidden = true;
      $('practice-status').textContent = view.exercises
        ? t('practice-waiting', { total: view.exercises }) : t('practice-no-exercises');
      return;
    }
    $('practice-status').textContent = t('practice-due', { number: index + 1, count: view.due.length, total: view.exercises });
    showExercise($, key, due, () => { index += 1; next(); }).catch(fail);
  };
  next();
}

// One exercise on the board: a checker play or a Morris move by clicks (a Morris move may also be
// typed), a cube answer by buttons; the judged answer with the ranking at the review's ply.
async function showExercise($, key, exercise, onNext) {
  $('practice-main').hidden = false;
  $('practice-result').hidden = true;
  $('practice-board').replaceChildren();
  $('practice-controls').replaceChildren();
  $('practice').dataset.asks = exercise.asks;
  $('practice').dataset.exercise = exercise.id;
  const question = $('practice-question');
  const submit = async (answer) => {
    $('practice-controls').replaceChildren();
    try {
      const judged = await answerExercise(key, exercise.id, answer);
      showResult($, judged, onNext);
    } catch (error) { $('error').textContent = t('error', { message: errorText(error) }); }
  };
  const times = exercise.times_erred > 1 ? ` <span class="muted">${t('practice-times', { count: exercise.times_erred })}</span>` : '';
  if (exercise.asks === 'morris') {
    const read = await readPosition(new URLSearchParams({ text: exercise.position }));
    const ctx = { seat: read.side_to_move, animate: false, setHint: () => {}, act: async () => {},
      play: async (move) => submit(move), steps: async () => null };
    const state = morrisState(read, { moves: read.legal_moves });
    createMorrisBoard($('practice-board'), ctx).update(state);
    question.innerHTML = `<p>${t('practice-ask-morris')}${times}</p>
      <p id="practice-to-move"><strong>${escape(t('analysis-board-to-move', { side: t(`side-${read.side_to_move}`) }))}</strong></p>${morrisCounts(state)}
      <p class="mono">${escape(exercise.position)}</p>
      <form id="morris-answer"><input id="morris-move" size="8" autocomplete="off"> <button type="submit">${t('practice-submit')}</button></form>`;
    $('morris-answer').addEventListener('submit', (event) => { event.preventDefault(); submit($('morris-move').value); });
    return;
  }
  const text = exercise.position;
  const dice = exercise.asks === 'checker' ? `${exercise.question.dice[0]}${exercise.question.dice[1]}` : '';
  const read = await readPosition(new URLSearchParams({ text, dice }));
  const decider = exercise.asks === 'take' ? (read.on_roll === 'white' ? 'black' : 'white') : read.on_roll;
  const ctx = { seat: null, orientation: decider, animate: false, setHint: () => {}, act: async () => {},
    play: async (move) => submit(move), steps: async (taken) => positionSteps(text, dice, taken) };
  const board = createBackgammonBoard($('practice-board'), ctx, $('practice-controls'));
  if (exercise.asks === 'checker') {
    ctx.seat = read.on_roll;
    const steps = await positionSteps(text, dice, []);
    board.update(backgammonState(read, { steps }));
    question.innerHTML = `<p>${t('practice-ask-checker', { dice: `${dice[0]}-${dice[1]}` })}${times}</p>`;
    return;
  }
  board.update(backgammonState(read, { offered: exercise.asks === 'take' }));
  const choices = exercise.asks === 'double' ? ['no double', 'double'] : ['take', 'pass'];
  question.innerHTML = `<p>${t(exercise.asks === 'double' ? 'practice-ask-double' : 'practice-ask-take')}${times}</p>
    <p class="buttons">${choices.map((c) => `<button class="cube-answer" data-answer="${c}">${escape(words(c))}</button>`).join(' ')}</p>`;
  for (const button of question.querySelectorAll('.cube-answer')) {
    button.addEventListener('click', () => submit(button.dataset.answer));
  }
}

function showResult($, judged, onNext) {
  const result = $('practice-result');
  result.hidden = false;
  result.dataset.right = judged.right;
  const due = judged.card.interval && judged.right ? t('practice-due-in', { days: judged.card.interval }) : t('practice-due-today');
  const rows = judged.ranking.map((r, i) => `<tr class="${r.yours ? 'yours' : ''}"><td>${r.ranked ? `${i + 1}.` : ''}</td><td>${escape(words(r.choice))}</td><td>${escape(r.value)}</td><td>${r.yours ? t('practice-yours') : ''}</td></tr>`).join('');
  result.innerHTML = `<h3 id="practice-verdict">${t(judged.right ? 'practice-right' : 'practice-wrong')}</h3>
    <p>${escape(t('practice-your-answer', { answer: words(judged.answer) }))} · <strong>${escape(t('practice-best', { best: words(judged.best) }))}</strong></p>
    <p class="muted">${escape(t('practice-earlier', { played: words(judged.earlier) }))}</p>
    <table class="ranking"><caption>${judged.plies ? t('analysis-ply', { plies: judged.plies }) : ''}</caption>${rows}</table>
    <p class="muted" id="practice-next-due">${due}</p>
    <p class="buttons"><button id="practice-next">${t('practice-next')}</button></p>`;
  $('practice-next').addEventListener('click', onNext);
}

// /practice/progress: a table per game kind and day, and a plot of every reviewed game.
export async function showProgress(app) {
  document.title = `${t('practice-progress')} – ${t('app-title')}`;
  app.innerHTML = `<section class="progress" id="progress"><h2>${t('practice-progress')}</h2><p class="muted" id="progress-status">${t('hint-thinking')}</p></section>`;
  const section = document.getElementById('progress');
  let progress;
  try { progress = await practiceProgress(await playerKey()); } catch (error) {
    section.insertAdjacentHTML('beforeend', `<p class="error" role="alert">${escape(t('error', { message: errorText(error) }))}</p>`);
    return;
  }
  if (!document.getElementById('progress')) return;
  document.getElementById('progress-status').textContent = t('progress-summary', {
    games: progress.games.length, exercises: progress.exercises, answered: progress.answered, right: progress.right,
  });
  const head = ['practice-col-date', 'practice-col-game', 'practice-col-games', 'practice-col-checker', 'practice-col-cube', 'practice-col-value-changes', 'practice-col-luck', 'practice-col-exercises']
    .map((k) => `<th scope="col">${t(k)}</th>`).join('');
  const rows = progress.rows.map((r) => `<tr><td>${dayText(r.day)}</td><td>${t(`${r.game}-title`)}</td><td>${r.games}</td>
    <td>${mp(r.checker_mp_per_decision)}</td><td>${mp(r.cube_mp_per_decision)}</td><td>${mp(r.value_changes_per_game)}</td>
    <td>${r.luck_per_game === null ? '–' : r.luck_per_game.toFixed(3)}</td><td>${r.exercises_right} / ${r.exercises_wrong}</td></tr>`).join('');
  section.insertAdjacentHTML('beforeend', `
    <div class="panel"><h3>${t('progress-plot')}</h3>${plot(progress.games)}</div>
    <div class="panel table-scroll"><table class="progress-table" id="progress-table"><tr>${head}</tr>${rows}</table></div>
    <div class="panel table-scroll">${levelsHtml(progress)}</div>
    <p class="buttons"><a href="/practice" data-link>${t('practice')}</a> <a href="/" data-link>${t('nav-home')}</a></p>`);
}

// The computer levels' measured strength, the level to try next (the server's: the weakest that
// errs less than the player's checker plays) marked.
function levelsHtml(progress) {
  const [yours, next] = [progress.checker_mp, progress.level_to_try];
  const rows = progress.levels.map((l) => `<tr class="${l.level === next ? 'yours' : ''}" data-level="${l.level}"><td>${l.level}</td>
    <td>${l.backgammon_mp_per_move.toFixed(1)} ± ${l.backgammon_ci95.toFixed(1)}</td><td>${l.morris_ladder_elo}</td></tr>`).join('');
  const advice = next === null ? '' : `<p id="level-advice">${escape(t('progress-level-advice', { mp: yours.toFixed(1), level: next }))}</p>`;
  return `<h3>${t('progress-levels-title')}</h3>${advice}
    <table class="progress-table" id="levels-table"><tr><th scope="col">${t('opt-level')}</th><th scope="col">${t('progress-level-bg')}</th><th scope="col">${t('progress-level-morris')}</th></tr>${rows}</table>
    <p class="muted">${t('progress-levels-how')}</p>`;
}

// Millipoints lost per checker and per cube decision of every backgammon game, in order.
function plot(games) {
  const points = games.filter((g) => g.game === 'backgammon').map((g) => ({
    checker: g.checker_decisions ? (1000 * g.checker_equity_lost) / g.checker_decisions : null,
    cube: g.cube_decisions ? (1000 * g.cube_equity_lost) / g.cube_decisions : null,
  }));
  if (!points.length) return `<p class="muted">${t('practice-no-games')}</p>`;
  const [width, height, pad] = [480, 200, 32];
  const top = Math.max(10, ...points.flatMap((p) => [p.checker || 0, p.cube || 0]));
  const x = (i) => pad + (points.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (points.length - 1));
  const y = (v) => height - pad - (v / top) * (height - 2 * pad);
  const series = (name, cls) => {
    const at = points.map((p, i) => [i, p[name]]).filter(([, v]) => v !== null);
    const line = at.map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    const dots = at.map(([i, v]) => `<circle class="${cls}" cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3.5"><title>${t('progress-game-number', { number: i + 1 })}: ${v.toFixed(1)}</title></circle>`).join('');
    return `<polyline class="${cls}" fill="none" points="${line}"/>${dots}`;
  };
  return `<svg class="progress-plot" id="progress-plot" viewBox="0 0 ${width} ${height}" role="img" aria-label="${t('progress-plot')}" data-points="${points.length}">
    <line class="axis" x1="${pad}" y1="${height - pad}" x2="${width - pad}" y2="${height - pad}"/><line class="axis" x1="${pad}" y1="${pad}" x2="${pad}" y2="${height - pad}"/>
    <text x="${pad - 4}" y="${pad}" text-anchor="end" class="tick">${top.toFixed(0)}</text><text x="${pad - 4}" y="${height - pad}" text-anchor="end" class="tick">0</text>
    <text x="${width / 2}" y="${height - 6}" text-anchor="middle" class="tick">${t('progress-games-axis')}</text>
    ${series('checker', 'series-checker')}${series('cube', 'series-cube')}</svg>
    <p class="legend"><span class="key series-checker">■</span> ${t('practice-col-checker')} <span class="key series-cube">■</span> ${t('practice-col-cube')}</p>`;
}
