// The analysis board (/analysis?text=…): paste a gnubg Position ID (with its Match ID), an XGID
// or a Sanmill FEN; the server reads it and checks the dice typed beside it (GET /api/position),
// and the engines rank the moves (GET /api/backgammon/analysis at the chosen lookahead, 0 to 3
// plies, 2 unless chosen; GET /api/morris/analysis). The best move is drawn as arrows on the
// board. A ranked move clicked, a move typed, or (Morris) a move made on the board is played on
// it (GET /api/position/play): the variation grows, and ←/→ (or the buttons) step along it. A
// failure shows in place of the board. The address holds the position shown, its dice and the
// plies. Opened without a position, the page starts in edit mode on an empty board: "Edit
// position" sets a position up by clicking (editor.js); leaving edit mode has the server check
// it and write it as an XGID or a Sanmill FEN (POST /api/setup) into the text field, then
// analyses it.

import { errorText, t } from './i18n.js';
import { backgammonAnalysis, createGame, getRollout, morrisAnalysis, playOnPosition, positionSteps, readPosition, startRollout, stopRollout } from './api.js';
import { createMorrisBoard, morrisState } from './morris.js';
import { backgammonState, createBackgammonBoard } from './backgammon.js';
import { morrisDifference, morrisValue, perfectWords } from './review.js';
import { EditError, PIECES, addChecker, backgammonEditState, backgammonModel, cleared, editPanelHtml, morrisEditState,
  morrisModel, cyclePoint, readPanel, removeChecker, setupText } from './editor.js';

// The lookahead menu's choice when the address names none: the server's DEFAULT_ANALYSIS_PLIES
// (a test keeps the two equal).
const DEFAULT_PLIES = '2';
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const signed = (x, digits) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
const noop = async () => {};
const ctx = () => ({ seat: null, setHint: () => {}, play: noop, act: noop, steps: async () => null });

// The moves, best first, each with its value, its loss against the best (`difference(value,
// best)`) and `extra(move)`; a click on one plays it on the board.
function rankingHtml(moves, format, extra = () => '', difference = (value, best) => format(value - best)) {
  return `<ol class="ranking" id="ranking">${moves.slice(0, 20).map((m, i) => `<li data-rank="${i + 1}"><button type="button" class="link play-ranked" data-move="${escape(m.move)}" title="${escape(t('analysis-board-play-this'))}"><code>${escape(m.move)}</code></button> ${escape(format(m.value))}${i > 0 ? ` <span class="muted">(${difference(m.value, moves[0].value)})</span>` : ''}${extra(m)}</li>`).join('')}</ol>`;
}

// A Morris move's perfect-play value and distance where the databases know the position after it.
const databaseValue = (m) => (m.perfect
  ? ` · <span class="db-value" data-db="known">${escape(t('analysis-db-value', { value: perfectWords(m.perfect) }))}</span>`
  : ` · <span class="db-value muted" data-db="unknown">${t('analysis-db-unknown')}</span>`);

// The cube and score of a backgammon position, in words.
function cubeWords(read) {
  const c = read.cube;
  const owner = c.owner ? t(`side-${c.owner}`) : t('edit-cube-centre');
  const kind = c.match_length ? t('bg-match', { length: c.match_length }) : t('bg-money');
  const score = c.match_length ? ` · ${t('bg-score')} ${c.score.white}–${c.score.black}${c.crawford ? ` · ${t('bg-crawford')}` : ''}` : '';
  return `<p id="cube-shown">${t('bg-cube')}: ${c.value} (${owner}) · ${kind}${score}</p>`;
}

// Where a backgammon value comes from: its lookahead, or the exact bear-off database.
const plyLabel = (plies, exact = false) => (exact ? t('analysis-cube-exact') : t('analysis-ply', { plies }));

// The cube panel before the roll, drawn from the server's decision: the equities of no double,
// double/take and double/pass (points in money play, match winning chances in a match), the
// proper action, the take point and where the values come from. Nothing when the engine gave no
// decision.
function cubePanelHtml(cube) {
  if (!cube.action) return '';
  const value = (x) => (cube.money ? signed(x, 3) : `${(100 * x).toFixed(1)} %`);
  const row = (id, key, x) => `<tr id="${id}"><th scope="row">${t(key)}</th><td class="equity">${value(x)}</td></tr>`;
  const available = cube.action !== 'not-available';
  const rows = available
    ? row('cube-nd', 'review-no-double', cube.no_double) + row('cube-dt', 'review-double-take', cube.double_take) + row('cube-dp', 'review-double-pass', cube.double_pass)
    : row('cube-nd', 'review-no-double', cube.no_double);
  const takePoint = available ? ` · ${t('analysis-cube-take-point', { percent: (100 * cube.take_point).toFixed(1) })}` : '';
  return `<div class="cube-panel" id="cube-panel" data-action="${escape(cube.action)}" data-plies="${cube.plies}">
    <p>${t('analysis-cube-title')} <span class="muted" id="cube-source">(${plyLabel(cube.plies, cube.exact)})</span></p>
    <table class="cube-table">${rows}</table>
    <p id="cube-action">${t('analysis-cube-proper', { action: t(`cube-action-${cube.action}`) })}${takePoint}</p></div>`;
}

// A ranked backgammon move's lookahead, after its value.
const movePlies = (m) => ` <span class="muted plies" data-plies="${m.plies}">${plyLabel(m.plies)}</span>`;
// A ranked backgammon move's chances after it (win, gammon, backgammon / lose, gammon, backgammon)
// and the lookahead they and its value come from.
const moveChances = (m) => {
  const pc = (x) => (100 * Math.min(Math.max(x, 0), 1)).toFixed(1);
  const [win, wg, wbg, lg, lbg] = m.chances || [];
  const chances = m.chances ? ` <span class="chances">${pc(win)} ${pc(wg)} ${pc(wbg)} / ${pc(1 - win)} ${pc(lg)} ${pc(lbg)}</span>` : '';
  return `${chances}${movePlies(m)}`;
};

// Ranks the read position: every move of the dice (backgammon) or of the side to move (Morris).
// Returns the panel's HTML and the moves ranked.
async function rank(read, dice, plies) {
  if (read.game === 'morris') {
    const { moves, perfect } = await morrisAnalysis(new URLSearchParams({ position: read.position }));
    const known = perfect ? `<p id="perfect">${t('review-perfect')}: ${perfectWords(perfect)}</p>` : '';
    // Each move's database value where they know some; one line where they know none.
    const anyKnown = moves.some((m) => m.perfect);
    const none = anyKnown || moves.length === 0 ? '' : `<p class="muted" id="db-none">${t('analysis-db-none')}</p>`;
    const html = `<p>${t('analysis-board-to-move', { side: t(`side-${read.side_to_move}`) })}</p>${known}${none}${rankingHtml(moves, morrisValue, anyKnown ? databaseValue : undefined, morrisDifference)}`;
    return { html, moves };
  }
  const query = new URLSearchParams({ position_id: read.position_id, match_id: read.match_id || '' });
  if (dice) query.set('dice', dice);
  query.set('plies', plies);
  const answer = await backgammonAnalysis(query);
  // The cube decision before rolling (not shown when the dice are given).
  const cube = dice ? '' : cubePanelHtml(answer.cube);
  const pips = t('analysis-board-pips', { player: answer.pips.player, opponent: answer.pips.opponent });
  const moves = answer.moves || [];
  const measure = `<p class="muted" id="ranking-measure">${t(`analysis-board-measure-${answer.measure}`)}</p>`;
  const ranked = answer.moves ? `${measure}${rankingHtml(moves, (v) => signed(v, 3), moveChances)}` : `<p id="no-dice">${t('analysis-board-no-dice')}</p>`;
  const c = answer.chances;
  // Never "-0.0 %": a chance is shown between 0 and 100.
  const percent = (x) => Math.abs(100 * Math.min(Math.max(x, 0), 1)).toFixed(1);
  const chances = c ? `<p id="chances">${t('analysis-board-chances', { win: percent(c.win), gammon: percent(c.win_gammon),
    lose: percent(1 - c.win), lose_gammon: percent(c.lose_gammon), equity: signed(c.equity, 3) })} <span class="muted">(${plyLabel(c.plies)})</span></p>` : '';
  // Before the roll, the position's rollout; with the dice, the rollout of a play of the ranking.
  const rollout = rolloutPanelHtml(answer.position_id, dice, moves);
  const html = `<p>${t('analysis-board-to-move', { side: t(`side-${read.on_roll}`) })} · ${pips}</p>${cubeWords(read)}${chances}<div id="cube-advice">${cube}</div>${dice ? '' : rollout}${ranked}${dice && moves.length ? rollout : ''}`;
  return { html, moves };
}

// A rollout of the position before its roll, or with `dice` of one of the ranked `moves` (the
// best chosen first): which play, how many trials, how long each game, start, stop, its
// progress and result.
function rolloutPanelHtml(positionId, dice, moves) {
  const options = [36, 144, 324, 1296].map((n) => `<option value="${n}">${n}</option>`).join('');
  const lengths = ['truncated', 'full'].map((l) => `<option value="${l}">${t(`rollout-length-${l}`)}</option>`).join('');
  const cubes = ['cubeless', 'cubeful'].map((c) => `<option value="${c}">${t(`rollout-cube-${c}`)}</option>`).join('');
  const plays = dice ? `<label>${t('rollout-play')} <select id="rollout-play">${moves.map((m) => `<option value="${escape(m.move)}">${escape(m.move)}</option>`).join('')}</select></label>` : '';
  return `<div class="rollout" id="rollout-panel" data-position="${escape(positionId)}" data-dice="${escape(dice || '')}">
    ${plays}<label>${t('rollout-trials')} <select id="rollout-trials">${options}</select></label>
    <label>${t('rollout-length')} <select id="rollout-length">${lengths}</select></label>
    <label>${t('rollout-cube')} <select id="rollout-cube">${cubes}</select></label>
    <button type="button" class="secondary" id="rollout-start">${t('rollout-start')}</button>
    <button type="button" class="secondary" id="rollout-stop" hidden>${t('rollout-stop')}</button>
    <progress id="rollout-progress" hidden></progress><p id="rollout-result" role="status"></p></div>`;
}

// A rollout's answer in words: its mean and interval, chances, trials and where it stands.
function rolloutText(r) {
  const pc = (x) => (100 * Math.min(Math.max(x, 0), 1)).toFixed(1);
  const [win, wg, , lg] = r.chances;
  const subject = r.play ? t('rollout-subject-play', { play: r.play.play, dice: r.play.dice }) : t('rollout-subject-position');
  const measure = t(`rollout-measure-${r.cubeful ? 'cubeful' : 'cubeless'}`);
  const text = r.done === 0 ? t('rollout-none', { trials: r.trials }) : t('rollout-result', { subject, measure, how: t(`rollout-how-${r.length}`), done: r.done, trials: r.trials,
    equity: signed(r.equity, 3), ci: r.ci95.toFixed(3), win: pc(win), gammon: pc(wg), lose: pc(1 - win), lose_gammon: pc(lg) });
  return r.state === 'running' ? text : `${text} ${t(`rollout-${r.state}`)}`;
}

// Runs the analysis board's rollouts: one at a time, asked about until it ends or the panel goes.
const rollouts = {
  id: null,
  async start() {
    const panel = document.getElementById('rollout-panel');
    if (!panel || this.id) return;
    try {
      const more = { length: document.getElementById('rollout-length').value, cubeful: document.getElementById('rollout-cube').value === 'cubeful' };
      const play = document.getElementById('rollout-play');
      if (play) Object.assign(more, { dice: panel.dataset.dice, play: play.value });
      const first = await startRollout(panel.dataset.position, Number(document.getElementById('rollout-trials').value), more);
      this.id = first.id;
      this.show(first);
      this.follow(first.id);
    } catch (error) {
      document.getElementById('rollout-result').textContent = t('error', { message: errorText(error) });
    }
  },
  async stop() {
    if (this.id) this.show(await stopRollout(this.id).catch(() => null));
  },
  async follow(id) {
    while (this.id === id) {
      await new Promise((resolve) => { setTimeout(resolve, 300); });
      if (!document.getElementById('rollout-panel')) { await stopRollout(id).catch(() => null); this.id = null; return; }
      const answer = await getRollout(id).catch(() => null);
      this.show(answer);
      if (!answer || answer.state !== 'running') this.id = null;
    }
  },
  show(answer) {
    const [start, stop, bar, result] = ['rollout-start', 'rollout-stop', 'rollout-progress', 'rollout-result'].map((id) => document.getElementById(id));
    if (!answer || !result) return;
    const running = answer.state === 'running';
    start.hidden = running;
    stop.hidden = !running;
    bar.hidden = false;
    bar.max = answer.trials;
    bar.value = answer.done;
    result.textContent = rolloutText(answer);
    document.getElementById('rollout-panel').dataset.state = answer.state;
  },
};

// The variation being studied: the position pasted (or set up) first, then each move played on
// it, with a cursor; back and forward step along it, a move played from an earlier position
// replaces what followed.
function variationHtml(line, cursor) {
  const items = line.slice(1).map((node, i) => `<li><button type="button" class="link${i + 1 === cursor ? ' current' : ''}" data-node="${i + 1}">${node.played ? `${escape(node.played)}: ` : ''}${escape(node.move)}</button></li>`).join('');
  const nav = (id, label, text, disabled) => `<button type="button" class="secondary" id="${id}" aria-label="${escape(t(label))}" title="${escape(t(label))}"${disabled ? ' disabled' : ''}>${text}</button>`;
  return `<div class="buttons review-nav">${nav('var-first', 'review-first', '«', cursor === 0)}${nav('var-back', 'review-prev', '←', cursor === 0)}
    ${nav('var-forward', 'review-next', '→', cursor >= line.length - 1)}${nav('var-last', 'review-last', '»', cursor >= line.length - 1)}</div>
    <ol class="variation-moves" id="var-moves">${items || `<li class="empty muted">${t('analysis-board-variation-empty')}</li>`}</ol>`;
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
        <select id="analysis-plies" name="plies">${[0, 1, 2, 3].map((n) => `<option value="${n}"${String(n) === (params.get('plies') || DEFAULT_PLIES) ? ' selected' : ''}>${n}</option>`).join('')}</select>
        <button type="submit" id="analysis-go">${t('analysis-board-go')}</button>
      </form>
      <p class="muted">${t('analysis-board-formats')}</p>
      <div class="buttons"><button type="button" id="edit-toggle" class="secondary" aria-pressed="false">${t('edit-position')}</button></div>
      <p class="error" id="error" role="alert"></p>
      <div class="review-main">
        <div class="analysis-left">
          <div class="board-wrap" id="analysis-position"></div>
          <div class="analysis-controls" id="analysis-controls" hidden></div>
          <div class="panel variation" id="variation" hidden></div>
        </div>
        <div class="analysis-side">
          <div class="panel" id="analysis-result" hidden></div>
          <form class="panel play-move" id="play-move-form" hidden>
            <label for="analysis-move">${t('analysis-board-move')}</label>
            <input id="analysis-move" autocomplete="off" spellcheck="false" size="12">
            <button type="submit" id="analysis-play" class="secondary">${t('analysis-board-play')}</button>
          </form>
          <div class="panel edit-panel" id="edit-panel" hidden></div>
        </div>
      </div>
      <form class="panel play-from-here" id="play-from-here" hidden>
        <span>${t('play-from-here-hint')}</span>
        <label>${t('opt-level')} <select name="level" id="play-level">${Array.from({ length: 10 }, (_, i) => `<option value="${i + 1}"${i === 4 ? ' selected' : ''}>${i + 1}</option>`).join('')}</select></label>
        <label>${t('opt-side')} <select name="side" id="play-side">${['white', 'black', 'random'].map((s) => `<option value="${s}">${t(`side-${s}`)}</option>`).join('')}</select></label>
        <button type="submit" id="play-from-here-go">${t('play-from-here-go')}</button>
      </form>
    </div>`;
  const $ = (id) => document.getElementById(id);
  let read = null;      // the position shown, as read
  let editor = null;    // while editing: { model, tool, board, version }
  let line = [];        // the variation: [{ text, dice, move, last, over }]
  let cursor = 0;
  let shown = null;     // the board drawn for `read`: { game, board, ctx }
  let request = 0;      // the latest show(): older answers are dropped
  let drawn = 1;        // the Morris board's state version (a new one clears its selection)

  // A refusal of the server in place of the board (and of its analysis).
  const fail = (error) => {
    read = null;
    shown = null;
    const message = t('error', { message: errorText(error) });
    $('analysis-position').innerHTML = `<p class="board-error" id="board-error">${escape(message)}</p>`;
    for (const id of ['analysis-result', 'play-move-form', 'play-from-here', 'analysis-controls']) $(id).hidden = true;
  };

  // The board for the game of `read`, made anew when the game changes. The Morris board takes
  // the side to move's clicks (its legal moves come with the ranking); the backgammon board the
  // side on roll's (each step offered by the server), drawn from `orientation`'s side.
  const boardFor = (game, orientation) => {
    if (shown && shown.game === game && shown.orientation === orientation) return shown;
    $('analysis-position').replaceChildren();
    $('analysis-controls').replaceChildren();
    const boardCtx = { ...ctx(), seat: orientation, orientation: game === 'backgammon' ? orientation : undefined,
      animate: false, play: async (move) => playMove(move), steps: async (taken) => stepsAt(taken) };
    const board = game === 'morris' ? createMorrisBoard($('analysis-position'), boardCtx)
      : createBackgammonBoard($('analysis-position'), boardCtx, $('analysis-controls'));
    shown = { game, orientation, board, ctx: boardCtx };
    return shown;
  };

  // The move being built by clicks at the cursor after the steps `taken`; null when refused.
  const stepsAt = async (taken) => {
    const node = line[cursor];
    $('error').textContent = '';
    try { return await positionSteps(node.text, node.dice || '', taken); } catch (error) {
      $('error').textContent = t('error', { message: errorText(error) });
      return null;
    }
  };

  // `steps`: the backgammon move offered to clicks (null: none, as without dice).
  const draw = (node, { best = null, moves = [], steps = null, version = 1 } = {}) => {
    if (read.game === 'morris') {
      const board = boardFor('morris', 'morris');
      board.ctx.seat = node.over ? null : read.side_to_move;
      board.board.update(morrisState(read, { last: node.move, best, moves, version: ++drawn }));
    } else {
      // One orientation for the whole variation: the side on roll in its first position.
      const board = boardFor('backgammon', line[0].side || read.on_roll);
      board.ctx.seat = steps ? read.on_roll : null;
      board.board.update(backgammonState(read, { last: node.last, best, steps, version }));
    }
  };

  // The steps view the side on roll starts its clicks from: with dice, before the game's end.
  const clickable = async (node) => (read.game === 'backgammon' && node.dice && !node.over
    ? positionSteps(node.text, node.dice, []) : null);

  // The address holds the variation (its first position, the moves and the cursor), so that a
  // reload or a shared link shows the same.
  const updateAddress = () => {
    const query = variationQuery(line, cursor);
    if (read?.game === 'backgammon') query.set('plies', $('analysis-plies').value);
    history.replaceState(null, '', `/analysis?${query}`);
  };

  // Shows the position at the cursor: read by the server (the dice checked there), drawn, ranked,
  // and the best move drawn as arrows.
  const show = async () => {
    const mine = ++request;
    const node = line[cursor];
    $('error').textContent = '';
    // Nothing of the position shown before stays while this one is read.
    $('analysis-result').textContent = t('hint-thinking');
    $('analysis-text').value = node.text;
    $('analysis-dice').value = node.dice || '';
    $('variation').hidden = false;
    $('variation').innerHTML = variationHtml(line, cursor);
    try {
      const next = await readPosition(new URLSearchParams({ text: node.text, dice: node.dice || '' }));
      if (mine !== request) return;
      read = next;
      if (read.game === 'backgammon' && !node.dice && read.dice) node.dice = read.dice;
      if (cursor === 0 && !node.side) node.side = read.game === 'backgammon' ? read.on_roll : read.side_to_move;
      $('analysis-dice').value = read.game === 'backgammon' ? node.dice || '' : '';
      $('analysis-board').dataset.game = read.game;
      updateAddress();
      const steps = await clickable(node);
      if (mine !== request) return;
      draw(node, { steps, version: mine });
      $('analysis-result').hidden = false;
      $('play-from-here').hidden = !STARTS.includes(read.game);
      if (node.over) {
        $('analysis-result').innerHTML = `<p id="game-over">${t('analysis-board-over')}</p>`;
        $('play-move-form').hidden = true;
        return;
      }
      $('analysis-result').textContent = t('hint-thinking');
      const ranked = await rank(read, read.game === 'backgammon' ? node.dice : '', $('analysis-plies').value);
      if (mine !== request) return;
      $('analysis-result').innerHTML = ranked.html;
      $('play-move-form').hidden = read.game === 'backgammon' && !node.dice;
      const best = ranked.moves[0] ? await bestArrows(read, node, ranked.moves[0].move) : null;
      if (mine !== request) return;
      draw(node, { best, moves: ranked.moves.map((m) => m.move), steps, version: mine });
      $('analysis-board').dataset.best = ranked.moves[0]?.move || '';
    } catch (error) {
      if (mine === request) fail(error);
    }
  };

  // The best move as the board draws it: its checkers (backgammon, from the server) or its text.
  const bestArrows = async (position, node, move) => {
    if (position.game === 'morris') return move;
    const played = await playOnPosition(new URLSearchParams({ text: node.text, dice: node.dice, move }));
    return played.last_play;
  };

  // Plays `move` at the cursor: what followed the cursor is replaced by it.
  const playMove = async (move) => {
    const node = line[cursor];
    $('error').textContent = '';
    try {
      const query = new URLSearchParams({ text: node.text, move });
      if (read?.game === 'backgammon') query.set('dice', node.dice || '');
      const played = await playOnPosition(query);
      line = [...line.slice(0, cursor + 1), { text: played.text, dice: '', move: played.move, played: node.dice,
        last: played.last_play, over: played.over }];
      cursor = line.length - 1;
      $('analysis-move').value = '';
      await show();
    } catch (error) {
      $('error').textContent = t('error', { message: errorText(error) });
    }
  };
  const step = (to) => {
    if (to < 0 || to >= line.length || to === cursor) return;
    cursor = to;
    show();
  };

  // The form: a new text starts a new variation; the same text with other dice or plies ranks
  // the position at the cursor again.
  const go = () => {
    const text = $('analysis-text').value.trim();
    if (!text) return;
    const dice = $('analysis-dice').value.trim();
    if (line[cursor] && line[cursor].text === text) line[cursor].dice = dice;
    else { line = [{ text, dice, move: null, last: null }]; cursor = 0; }
    show();
  };
  // A text pasted while editing: the set-up is dropped and the text read.
  $('analysis-form').addEventListener('submit', (event) => {
    event.preventDefault();
    if (editor) edit.cancel();
    go();
  });
  $('play-move-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const move = $('analysis-move').value.trim();
    if (move) playMove(move);
  });
  $('analysis-result').addEventListener('click', (event) => {
    if (event.target.id === 'rollout-start') rollouts.start();
    if (event.target.id === 'rollout-stop') rollouts.stop();
    const button = event.target.closest('.play-ranked');
    if (button && !editor) playMove(button.dataset.move);
  });
  $('variation').addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button || button.disabled) return;
    if (button.dataset.node) step(Number(button.dataset.node));
    else step({ 'var-first': 0, 'var-back': cursor - 1, 'var-forward': cursor + 1, 'var-last': line.length - 1 }[button.id]);
  });
  document.addEventListener('keydown', function keys(event) {
    if (!document.body.contains($('analysis-board'))) { document.removeEventListener('keydown', keys); return; }
    if (editor || event.target.closest?.('input, select, textarea')) return;
    const to = { ArrowLeft: cursor - 1, ArrowRight: cursor + 1, Home: 0, End: line.length - 1 }[event.key];
    if (to !== undefined) { event.preventDefault(); step(to); }
  });
  const edit = editMode($, () => read, go, (on) => {
    editor = on;
    if (on) {
      shown = null;
      for (const id of ['variation', 'play-move-form', 'analysis-controls']) $(id).hidden = true;
    }
  });
  $('edit-toggle').addEventListener('click', () => { $('play-from-here').hidden = true; edit.toggle(); });
  $('play-from-here').addEventListener('submit', (event) => {
    event.preventDefault();
    playFromHere($, read);
  });
  // With a position in the address it is shown (with the variation played on it); without one
  // the board opens empty, to set up.
  if (params.get('text')) {
    variationFromAddress(params).then((restored) => {
      ({ line, cursor } = restored);
      show();
      if (restored.error) $('error').textContent = t('error', { message: errorText(restored.error) });
    });
  } else edit.start({ empty: true });
}

// The address of a variation: `text` its first position, `line` the moves played from it
// (backgammon `DICE:MOVE`, Morris `MOVE`, separated by `;`), `at` the cursor and `dice` those
// typed at the cursor.
function variationQuery(line, cursor) {
  const query = new URLSearchParams({ text: line[0].text });
  if (line[cursor].dice) query.set('dice', line[cursor].dice);
  if (line.length > 1) {
    query.set('line', line.slice(1).map((node) => (node.played ? `${node.played}:${node.move}` : node.move)).join(';'));
    query.set('at', cursor);
  }
  return query;
}

// The variation of an address, its moves played again by the server; `error`: the refusal that
// stopped it (the moves before it are kept).
async function variationFromAddress(params) {
  const line = [{ text: params.get('text').trim(), dice: '', move: null, last: null }];
  const entries = (params.get('line') || '').split(';').filter((entry) => entry.trim());
  let error = null;
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    const [dice, move] = colon >= 0 ? [entry.slice(0, colon).trim(), entry.slice(colon + 1).trim()] : ['', entry.trim()];
    const node = line[line.length - 1];
    if (dice) node.dice = dice;
    try {
      const played = await playOnPosition(new URLSearchParams({ text: node.text, dice, move }));
      line.push({ text: played.text, dice: '', move: played.move, played: dice, last: played.last_play, over: played.over });
      // The board's orientation: the side that moved first (backgammon).
      if (line.length === 2 && played.last_play) line[0].side = played.last_play.side;
    } catch (refused) { error = refused; break; }
  }
  const at = Number(params.get('at') ?? line.length - 1);
  const cursor = Number.isInteger(at) ? Math.min(Math.max(at, 0), line.length - 1) : line.length - 1;
  if (params.get('dice')) line[cursor].dice = params.get('dice').trim();
  return { line, cursor, error };
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
        else {
          // A colour with all nine pieces placed is skipped: say so.
          const skipped = cyclePoint(model, target.dataset.point);
          if (skipped) {
            $('error').textContent = t('edit-note-skipped', { side: t(`side-${skipped}`), count: PIECES,
              point: target.dataset.point });
          }
        }
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
  // Starts editing the position shown (`empty`: an empty backgammon board, as the page opens).
  const start = ({ empty = false } = {}) => {
    const read = currentRead();
    const model = empty ? cleared(backgammonModel()) : !read ? backgammonModel()
      : read.game === 'morris' ? morrisModel(read) : backgammonModel(read);
    editor = { model, tool: 'white', board: null, version: 0 };
    setEditing(editor);
    $('analysis-result').hidden = true;
    $('analysis-result').replaceChildren();
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
    stop();
    $('analysis-text').value = text;
    $('analysis-dice').value = '';
    go();
  };
  // Leaves edit mode, the set-up dropped.
  const stop = () => {
    editor = null;
    setEditing(null);
    $('error').textContent = '';
    $('analysis-result').hidden = false;
    $('edit-panel').hidden = true;
    $('edit-toggle').textContent = t('edit-position');
    $('edit-toggle').setAttribute('aria-pressed', 'false');
    $('analysis-board').classList.remove('editing');
  };
  return { toggle: () => (editor ? finish() : start()), start, cancel: stop };
}
