// The Backgammon board in SVG, drawn from the viewer's side (home board bottom right).
// A turn is built checker by checker: click (or Tab + Enter) a checker, then a highlighted point;
// Undo takes a step back; Confirm sends the whole move. The page applies no rule: the state's
// `view.steps` (and, after each click, GET /api/games/{id}/steps) gives the board so far, the dice
// used, every click legal next (`next`: from, to and the steps it takes, in the mover's numbering:
// 25 = bar, 0 = off) and the move once complete; the last move comes with the board after each
// of its checkers (`view.last_play.boards`). The page only draws what it is told.
// `ctx.orientation` (the analysis board) keeps one side at the bottom while `ctx.seat`, the side
// that clicks, changes: the other side's checkers are then clicked from the top of the board.

import { t } from './i18n.js';
import { settings } from './settings.js';

// How long one checker takes to move, in ms.
const STEP_MS = 320;

const SVG = 'http://www.w3.org/2000/svg';
// The points take most of the width (a narrow bar and tray) so that on a 375 px phone each
// point is still about 25 px wide to tap.
const WIDTH = 740;
const HEIGHT = 600;
const COL = 50;          // width of a point
const LEFT = 12;         // left edge of the left half
const BAR_X = LEFT + 6 * COL; // left edge of the bar
const BAR_W = 48;
const RIGHT = BAR_X + BAR_W; // left edge of the right half
const TRAY_X = RIGHT + 6 * COL + 10;
const TOP = 20;
const BOTTOM = 580;
const TRI = 230;         // triangle height
const R = 23;            // checker radius
const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

const other = (side) => (side === 'white' ? 'black' : 'white');

// Centre x of point q (the viewer's numbering) and whether it is on the top row.
export function pointGeometry(q) {
  if (q <= 6) return { x: TRAY_X - 10 - (q - 0.5) * COL, top: false };
  if (q <= 12) return { x: BAR_X - (q - 6.5) * COL, top: false };
  if (q <= 18) return { x: LEFT + (q - 12.5) * COL, top: true };
  return { x: RIGHT + (q - 18.5) * COL, top: true };
}

// The board in the viewer's numbering: mine[0..25] (0 off, 25 bar), opp[1..24], oppBar, oppOff.
function boardFor(view, me) {
  const mine = new Array(26).fill(0);
  const opp = new Array(26).fill(0);
  view.points.forEach((value, index) => {
    const whitePoint = index + 1;
    const q = me === 'white' ? whitePoint : 25 - whitePoint;
    const white = Math.max(value, 0);
    const black = Math.max(-value, 0);
    mine[q] = me === 'white' ? white : black;
    opp[q] = me === 'white' ? black : white;
  });
  mine[25] = view.bar[me];
  mine[0] = view.off[me];
  opp[25] = view.bar[other(me)];
  opp[0] = view.off[other(me)];
  return withTotals({ mine, opp });
}

// Keeps the opponent's bar and tray (opp[25], opp[0]) also under the names the drawing uses.
function withTotals(board) {
  return { ...board, oppBar: board.opp[25], oppOff: board.opp[0] };
}

// The checkers of a played move in the viewer's numbering (25 the mover's bar, 0 its tray).
export function playedSteps(lastPlay, me) {
  const mine = lastPlay.side === me;
  const map = (p) => (mine || p === 0 || p === 25 ? p : 25 - p);
  return lastPlay.steps.map((s) => ({ mine, from: map(s.from), to: map(s.to), hit: s.hit }));
}

export function createBackgammonBoard(container, ctx, controls) {
  const svg = el('svg', { viewBox: `0 -8 ${WIDTH} ${HEIGHT + 16}`, role: 'group', 'aria-label': t('backgammon-title'), id: 'bg-board' });
  container.appendChild(svg);
  let state = null;
  let nodes = [];         // the move so far: the server's steps views, one per click (first: no step)
  let selected = null;    // the point a checker is being moved from
  let busy = false;
  let clicks = Promise.resolve(); // clicks are handled in order, each after the answer before it
  let animation = null;   // the other player's move being shown: { frames, steps, index, start, token }
  const me = () => ctx.orientation || ctx.seat || 'white';
  const myTurn = () => state && ctx.seat && state.to_act === ctx.seat && !busy;
  const moving = () => myTurn() && state.view.phase === 'move' && nodes.length > 0;
  const current = () => nodes[nodes.length - 1] || null;

  // What to draw: the board so far, the points to offer, the dice and the finished move.
  function analyse() {
    const node = moving() ? current() : null;
    let board = boardFor(node ? node.board : state.view, me());
    if (animation) {
      // The checker in flight has left its point.
      const step = animation.steps[animation.index];
      board = animation.frames[animation.index];
      const side = step.mine ? [...board.mine] : [...board.opp];
      side[step.from] -= 1;
      board = withTotals(step.mine ? { ...board, mine: side } : { ...board, opp: side });
    }
    const sources = new Set(node ? node.next.map((n) => n.from) : []);
    const complete = node && node.complete ? node : null;
    return { node, board, sources, complete };
  }

  // Destinations of the checker on `from`: each point with the steps that take it there.
  function destinations(info, from) {
    const found = new Map();
    if (info.node) for (const next of info.node.next) if (next.from === from) found.set(next.to, next.steps);
    return found;
  }

  async function chooseNow(point) {
    if (!moving()) return;
    if (animation) stopAnimation();
    const info = analyse();
    if (selected !== null) {
      const steps = destinations(info, selected).get(point);
      if (steps) {
        selected = null;
        const version = state.version;
        const next = await ctx.steps([...info.node.taken, ...steps], version);
        if (next && state.version === version) nodes.push(next);
        draw();
        return;
      }
    }
    selected = info.sources.has(point) && selected !== point ? point : null;
    draw();
  }

  // A double click on a checker plays it by the higher die still free (a setting): the single-die
  // step from `point` that goes furthest. The two clicks before it selected and unselected it.
  function playHigherDie(point) {
    if (!settings().dblclick) return;
    clicks = clicks.then(async () => {
      if (!moving()) return;
      const info = analyse();
      const single = info.node.next.filter((n) => n.from === point && n.steps.length === 1);
      if (single.length === 0) return;
      const best = single.reduce((a, b) => (b.from - b.to > a.from - a.to ? b : a));
      selected = null;
      const version = state.version;
      const next = await ctx.steps([...info.node.taken, ...best.steps], version);
      if (next && state.version === version) nodes.push(next);
      draw();
    }).catch(() => {});
  }

  function choose(point) {
    clicks = clicks.then(() => chooseNow(point)).catch(() => {});
  }

  async function send(fn) {
    busy = true;
    draw();
    try { await fn(); } finally { busy = false; draw(); }
  }

  // The dice as the server lists them (four for a double), used ones dimmed; the higher die
  // first, as the move list writes them.
  function diceShown(info) {
    const listed = info.node || state.view.steps;
    const dice = listed ? listed.dice : (state.view.dice || []).map((face) => ({ face, used: false }));
    return [...dice].sort((a, b) => b.face - a.face);
  }

  function drawDie(x, y, face, color, used) {
    const g = el('g', { class: 'die-group', 'data-die': face }, svg);
    el('rect', { x: x - 22, y: y - 22, width: 44, height: 44, rx: 7, class: `die ${color}${used ? ' used' : ''}` }, g);
    for (const [dx, dy] of PIPS[face]) el('circle', { cx: x + dx * 11, cy: y + dy * 11, r: 4.5, class: `pip ${color}`, opacity: used ? 0.35 : 1 }, g);
  }

  function stack(x, top, count, color, maxHeight) {
    const spacing = count > 1 ? Math.min(2 * R, (maxHeight - 2 * R) / (count - 1)) : 0;
    for (let k = 0; k < count; k++) {
      const cy = top ? TOP + R + k * spacing : BOTTOM - R - k * spacing;
      el('circle', { cx: x, cy, r: R - 1, class: `checker ${color}` }, svg);
      if (k === count - 1 && count > 5) el('text', { x, y: cy, class: `checker-count ${color}` }, svg).textContent = count;
    }
  }

  function draw() {
    svg.replaceChildren();
    if (!state) return;
    const view = state.view;
    const mySide = me();
    const oppSide = other(mySide);
    const info = analyse();
    const targets = selected !== null ? destinations(info, selected) : new Map();
    el('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 14, class: 'bg-frame' }, svg);
    el('rect', { x: LEFT, y: TOP, width: BAR_X - LEFT, height: BOTTOM - TOP, class: 'bg-field' }, svg);
    el('rect', { x: RIGHT, y: TOP, width: TRAY_X - 10 - RIGHT, height: BOTTOM - TOP, class: 'bg-field' }, svg);
    el('rect', { x: BAR_X, y: TOP, width: BAR_W, height: BOTTOM - TOP, class: 'bg-bar' }, svg);
    el('rect', { x: TRAY_X, y: TOP, width: WIDTH - TRAY_X - 10, height: BOTTOM - TOP, class: 'bg-field', opacity: 0.6 }, svg);
    for (let q = 1; q <= 24; q++) {
      const { x, top } = pointGeometry(q);
      const base = top ? TOP : BOTTOM;
      const tip = top ? TOP + TRI : BOTTOM - TRI;
      el('polygon', { points: `${x - COL / 2},${base} ${x + COL / 2},${base} ${x},${tip}`, class: q % 2 ? 'bg-tri-a' : 'bg-tri-b' }, svg);
      el('text', { x, y: top ? TOP - 3 : BOTTOM + 21, class: 'point-label' }, svg).textContent = q;
    }
    // Checkers on the points.
    for (let q = 1; q <= 24; q++) {
      const { x, top } = pointGeometry(q);
      if (info.board.mine[q]) stack(x, top, info.board.mine[q], mySide, TRI + 20);
      if (info.board.opp[q]) stack(x, top, info.board.opp[q], oppSide, TRI + 20);
    }
    // The bar: the viewer's checkers below the middle, the opponent's above.
    const barX = BAR_X + BAR_W / 2;
    for (let k = 0; k < info.board.mine[25]; k++) el('circle', { cx: barX, cy: 360 + k * 36, r: R - 1, class: `checker ${mySide}` }, svg);
    for (let k = 0; k < info.board.oppBar; k++) el('circle', { cx: barX, cy: 240 - k * 36, r: R - 1, class: `checker ${oppSide}` }, svg);
    // Borne-off checkers in the tray.
    const trayW = WIDTH - TRAY_X - 20;
    for (let k = 0; k < info.board.mine[0]; k++) el('rect', { x: TRAY_X + 5, y: BOTTOM - 14 - k * 13, width: trayW, height: 11, rx: 3, class: `off-checker ${mySide}` }, svg);
    for (let k = 0; k < info.board.oppOff; k++) el('rect', { x: TRAY_X + 5, y: TOP + 3 + k * 13, width: trayW, height: 11, rx: 3, class: `off-checker ${oppSide}` }, svg);
    if (animation) drawFlight(info.board, mySide, oppSide);
    else if (view.last_play && !(info.node && info.node.taken.length)) drawLastPlay(view.last_play, info.board);
    if (view.best_play && !animation) drawBestPlay(view.best_play, info.board);
    // Cube: centred on the bar, or in the tray on its owner's side.
    const cube = view.cube;
    if (cube.enabled) {
      const cx = cube.owner ? TRAY_X + trayW / 2 + 5 : barX;
      const cy = cube.owner === mySide ? 380 : cube.owner === oppSide ? 220 : 300;
      el('rect', { x: cx - 22, y: cy - 22, width: 44, height: 44, rx: 6, class: 'cube', id: 'cube', 'stroke-width': cube.offered ? 5 : 2 }, svg);
      el('text', { x: cx, y: cy, class: 'cube-text' }, svg).textContent = cube.offered ? cube.offered_value : (cube.value === 1 ? 64 : cube.value);
    }
    // Dice on the roller's half: the viewer's on the right, the opponent's on the left. Once the
    // other player has moved, its dice stay there (dimmed) until the viewer rolls.
    if (view.dice) {
      const faces = diceShown(info);
      const centre = view.turn === mySide ? (RIGHT + TRAY_X - 10) / 2 : (LEFT + BAR_X) / 2;
      const start = centre - (faces.length - 1) * 27;
      faces.forEach((d, i) => drawDie(start + i * 54, 300, d.face, view.turn, d.used));
    } else if (view.last_play && view.last_play.side !== mySide && view.phase !== 'over' && !animation) {
      const faces = [...view.last_play.dice].sort((a, b) => b - a);
      const centre = (LEFT + BAR_X) / 2;
      faces.forEach((face, i) => drawDie(centre - 27 + i * 54, 300, face, view.last_play.side, true));
      svg.querySelectorAll('.die-group').forEach((g) => g.setAttribute('data-last-dice', '1'));
    }
    // Highlights and hit areas, in the mover's numbering (the server's steps use it).
    const flipped = !!ctx.seat && ctx.seat !== mySide;
    for (let q = 0; q <= 25; q++) {
      const isSource = info.sources.has(q);
      const isTarget = targets.has(q);
      const area = hitArea(q, flipped);
      if (isTarget) el('rect', { ...{ x: area.x + 3, y: area.y, width: area.w - 6, height: area.h }, class: 'bg-target', 'data-target': q }, svg);
      if (q === selected || (isSource && selected === null && moving())) el('rect', { x: area.x + 3, y: area.y, width: area.w - 6, height: area.h, class: 'bg-source' }, svg);
      const g = el('g', { class: 'focusable', role: 'button', 'data-point': q, tabindex: isSource || isTarget ? 0 : -1,
        'aria-label': q === 25 ? t('bg-bar') : q === 0 ? t('bg-off') : String(q) }, svg);
      el('rect', { x: area.x, y: area.y, width: area.w, height: area.h, class: 'bg-hit' }, g);
      g.addEventListener('click', () => choose(q));
      g.addEventListener('dblclick', () => playHigherDie(q));
      g.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); choose(q); }
      });
    }
    drawControls(info);
    ctx.onPips?.(info.node ? info.node.board.pips : view.pips);
  }

  // The place the mover's point `p` takes on the board (25 its bar, 0 its tray): the lower half
  // for the side at the bottom, the upper half (points counted from the other end) when `flipped`.
  function hitArea(p, flipped) {
    const lower = { y: 330, h: BOTTOM - 330 };
    const upper = { y: TOP, h: 270 - TOP };
    if (p === 25) return { x: BAR_X, w: BAR_W, ...(flipped ? upper : lower) };
    if (p === 0) return { x: TRAY_X, w: WIDTH - TRAY_X - 10, ...(flipped ? upper : lower) };
    const { x, top } = pointGeometry(flipped ? 25 - p : p);
    return { x: x - COL / 2, y: top ? TOP : BOTTOM - TRI - 30, w: COL, h: TRI + 30 };
  }

  // Where the `n`-th checker (from 1) of a stack stands: point, bar or tray.
  function slot(q, n, mine, count) {
    if (q === 25) return { x: BAR_X + BAR_W / 2, y: mine ? 360 + (n - 1) * 36 : 240 - (n - 1) * 36 };
    if (q === 0) return { x: TRAY_X + (WIDTH - TRAY_X - 20) / 2 + 5, y: mine ? BOTTOM - 8 - (n - 1) * 13 : TOP + 9 + (n - 1) * 13 };
    const { x, top } = pointGeometry(q);
    const spacing = count > 1 ? Math.min(2 * R, (TRI + 20 - 2 * R) / (count - 1)) : 0;
    return { x, y: top ? TOP + R + (n - 1) * spacing : BOTTOM - R - (n - 1) * spacing };
  }

  const countOn = (board, mine, q) => (mine ? board.mine[q] : board.opp[q]);

  // The last move: a ring where each checker left, an arrow to where it landed, a cross on a hit.
  function drawLastPlay(lastPlay, board) {
    for (const step of playedSteps(lastPlay, me())) {
      const atTo = Math.max(countOn(board, step.mine, step.to), 1);
      const atFrom = countOn(board, step.mine, step.from);
      const a = slot(step.from, atFrom + 1, step.mine, atFrom + 1);
      const b = slot(step.to, atTo, step.mine, atTo);
      el('circle', { cx: a.x, cy: a.y, r: R - 4, class: 'bg-last-from', 'data-last-from': step.from }, svg);
      const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const [ux, uy] = [(b.x - a.x) / length, (b.y - a.y) / length];
      el('line', { x1: a.x, y1: a.y, x2: b.x - ux * (R + 8), y2: b.y - uy * (R + 8), class: 'bg-last-arrow' }, svg);
      const [tx, ty] = [b.x - ux * (R + 2), b.y - uy * (R + 2)];
      el('polygon', { points: `${tx},${ty} ${tx - ux * 16 - uy * 9},${ty - uy * 16 + ux * 9} ${tx - ux * 16 + uy * 9},${ty - uy * 16 - ux * 9}`, class: 'bg-last-head' }, svg);
      if (step.to !== 0) el('circle', { cx: b.x, cy: b.y, r: R + 1, class: 'bg-last-to', 'data-last-to': step.to }, svg);
      if (step.hit) el('text', { x: b.x + R, y: b.y - R, class: 'bg-last-hit', 'data-last-hit': step.to }, svg).textContent = '×';
    }
  }

  // A move not yet played, drawn on the board before it (`view.best_play`, the steps of a
  // `last_play`): an arrow from the checker that moves to the place it reaches.
  function drawBestPlay(play, board) {
    const counts = { mine: [...board.mine], opp: [...board.opp] };
    for (const step of playedSteps(play, me())) {
      const side = step.mine ? counts.mine : counts.opp;
      const a = slot(step.from, Math.max(side[step.from], 1), step.mine, Math.max(side[step.from], 1));
      side[step.from] -= 1;
      side[step.to] += 1;
      const b = slot(step.to, side[step.to], step.mine, side[step.to]);
      arrowInto(el('g', { class: 'bg-best', 'data-best-from': step.from, 'data-best-to': step.to }, svg), a, b);
    }
  }

  // An arrow from `a` to `b` (the best move's checker) inside `group`.
  function arrowInto(group, a, b) {
    const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const [ux, uy] = [(b.x - a.x) / length, (b.y - a.y) / length];
    el('line', { x1: a.x, y1: a.y, x2: b.x - ux * 14, y2: b.y - uy * 14, class: 'bg-best-arrow' }, group);
    el('polygon', { points: `${b.x},${b.y} ${b.x - ux * 18 - uy * 10},${b.y - uy * 18 + ux * 10} ${b.x - ux * 18 + uy * 10},${b.y - uy * 18 - ux * 10}`, class: 'bg-best-head' }, group);
  }

  // The checker in flight, from its point to its landing place.
  function drawFlight(board, mySide, oppSide) {
    const step = animation.steps[animation.index];
    const after = animation.frames[animation.index + 1];
    const from = slot(step.from, countOn(board, step.mine, step.from) + 1, step.mine, countOn(board, step.mine, step.from) + 1);
    const landed = countOn(after, step.mine, step.to);
    const to = slot(step.to, landed, step.mine, landed);
    const checker = el('circle', { cx: 0, cy: 0, r: R - 1, class: `checker ${step.mine ? mySide : oppSide} moving` }, svg);
    checker.animate([{ transform: `translate(${from.x}px, ${from.y}px)` }, { transform: `translate(${to.x}px, ${to.y}px)` }],
      { duration: STEP_MS, easing: 'ease-in-out', fill: 'forwards' }).currentTime = performance.now() - animation.start;
  }

  // Shows the other player's new move checker by checker (when the setting allows).
  function maybeAnimate(previous, next) {
    const play = next.view.last_play;
    // After a take-back the last move is an older one: nothing new to show.
    const takenBack = next.history?.[next.history.length - 1]?.command === ':takeback';
    const fresh = play && play.steps.length > 0 && previous && !takenBack
      && JSON.stringify(previous.view.last_play) !== JSON.stringify(play)
      && previous.view.match.game === next.view.match.game;
    if (!fresh || play.side === ctx.seat || !settings().animate || ctx.animate === false) { stopAnimation(); return; }
    const steps = playedSteps(play, me());
    const token = {};
    // The server sends the board before the move and after each checker (hits included).
    animation = { frames: play.boards.map((board) => boardFor(board, me())), steps, index: 0, start: performance.now(), token };
    svg.dataset.animating = '1';
    svg.dataset.animations = Number(svg.dataset.animations || 0) + 1; // for tests
    const tick = () => {
      if (animation?.token !== token) return;
      if (animation.index + 1 >= steps.length) { stopAnimation(); draw(); return; }
      animation.index += 1;
      animation.start = performance.now();
      draw();
      setTimeout(tick, STEP_MS);
    };
    setTimeout(tick, STEP_MS);
  }

  // A bear-off where nothing else matters plays itself when the setting allows: the server names
  // it in `view.auto_play` (gnubg's rule, decided by the rules crate: no contact, and one play
  // bears off a checker with each die).
  function autoBearOff() {
    const play = state.view.auto_play;
    if (!play || !myTurn() || state.view.phase !== 'move' || !settings().autoBearOff) return;
    // Right after a take-back the person wants to choose again: no automatic play then.
    if (state.history?.[state.history.length - 1]?.command === ':takeback') return;
    const version = state.version;
    setTimeout(() => {
      if (state.version === version && myTurn() && nodes.length === 1) send(() => ctx.play(play));
    }, STEP_MS);
  }

  function stopAnimation() {
    animation = null;
    svg.dataset.animating = '';
  }

  function button(id, label, onClick, enabled = true, secondary = false) {
    const b = document.createElement('button');
    b.id = id;
    b.textContent = label;
    b.disabled = !enabled || busy;
    if (secondary) b.className = 'secondary';
    b.addEventListener('click', onClick);
    return b;
  }

  function drawControls(info) {
    controls.replaceChildren();
    const row = document.createElement('div');
    row.className = 'buttons';
    const hint = document.createElement('p');
    hint.className = 'hint';
    const view = state.view;
    if (myTurn()) {
      const actions = state.actions;
      if (view.phase === 'roll') {
        hint.textContent = actions.includes('double') ? t('bg-roll-or-double') : '';
        row.append(button('roll', t('bg-roll'), () => send(() => ctx.act('roll'))));
        if (actions.includes('double')) row.append(button('double', t('bg-double'), () => send(() => ctx.act('double')), true, true));
      } else if (view.phase === 'doubled') {
        hint.textContent = t('bg-double-offered', { side: t(`side-${view.turn}`), value: view.cube.offered_value });
        row.append(button('take', t('bg-take'), () => send(() => ctx.act('take'))));
        row.append(button('pass', t('bg-pass'), () => send(() => ctx.act('pass')), true, true));
      } else if (view.phase === 'move') {
        hint.textContent = info.complete ? t('bg-move-done') : t('bg-move-hint');
        const undo = () => { clicks = clicks.then(() => { if (nodes.length > 1) nodes.pop(); selected = null; draw(); }); };
        row.append(button('undo', t('bg-undo'), undo, nodes.length > 1, true));
        const confirm = button('confirm', t('bg-confirm'), () => {
          const text = info.complete.move;
          send(() => ctx.play(text));
        }, !!info.complete);
        row.append(confirm);
        if (info.complete) {
          const preview = document.createElement('code');
          preview.id = 'move-preview';
          preview.textContent = info.complete.move;
          row.append(preview);
        }
      }
    } else if (view.phase === 'doubled' && ctx.seat === view.turn) {
      hint.textContent = t('bg-waiting-answer');
    }
    controls.append(hint, row);
    controls.hidden = !hint.textContent && row.childElementCount === 0;
  }

  return {
    update(next) {
      if (!state || next.version !== state.version) {
        nodes = next.view.steps ? [next.view.steps] : [];
        selected = null;
        maybeAnimate(state, next);
      }
      state = next;
      draw();
      autoBearOff();
    },
    redraw: draw,
  };
}

// Pip counts, score, cube and match state; `label(side)` names the player of a side.
export function backgammonPanel(state, label, showPips = true) {
  const v = state.view;
  const row = (side) => `<span><span class="dot ${side}"></span> <span id="label-${side}">${label(side)}</span></span>
    <span${showPips ? '' : ' hidden'}>${t('bg-pips')}: <b id="pips-${side}">${v.pips[side]}</b></span>
    <span>${t('bg-score')}: <b id="score-${side}">${v.match.score[side]}</b></span>`;
  const kind = v.match.length ? t('bg-match', { length: v.match.length }) : t('bg-money');
  const extras = [kind, t('bg-game-number', { number: v.match.game })];
  if (v.match.crawford) extras.push(t('bg-crawford'));
  if (v.cube.enabled) extras.push(`${t('bg-cube')}: ${v.cube.value}${v.cube.owner ? ` (${t(`side-${v.cube.owner}`)})` : ''}`);
  const last = v.last_game ? `<p>${t('bg-last-game', { side: t(`side-${v.last_game.winner}`), points: v.last_game.points })}</p>` : '';
  return `<div class="counts">${row('white')}${row('black')}</div><p>${extras.join(' · ')}</p>${last}`;
}

// A line of the game log (the `.mat` record's English words) in the page's language.
export function logText(text) {
  // The higher die first ("41: 4/off 1/off"), as the board shows them.
  text = text.replace(/^([1-6])([1-6]):/, (all, a, b) => (a < b ? `${b}${a}:` : all));
  let m = /^(\d\d):\s*$/.exec(text);
  if (m) return t('bg-log-no-move', { dice: m[1] });
  if ((m = /^Doubles => (\d+)$/.exec(text))) return t('bg-log-doubles', { value: m[1] });
  if ((m = /^Beavers => (\d+)$/.exec(text))) return t('bg-log-beavers', { value: m[1] });
  if ((m = /^Wins (\d+) points?$/.exec(text))) return t('bg-log-wins', { points: m[1] });
  const words = { Takes: 'bg-log-takes', Drops: 'bg-log-drops', Resigns: 'bg-log-resigns', 'Resigns the match': 'bg-log-resigns-match' };
  return words[text] ? t(words[text]) : text;
}

// The game log as list items.
export function backgammonLog(state) {
  const esc = (text) => String(text).replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  let game = 0;
  return state.view.log.map((entry) => {
    const header = entry.game !== game && state.view.match.game > 1 ? `<li><b>${t('bg-game-number', { number: entry.game })}</b></li>` : '';
    game = entry.game;
    return `${header}<li><span class="dot ${entry.side}"></span> ${esc(logText(entry.text))}</li>`;
  }).join('');
}

// The state the backgammon board draws for a position read: its dice and cube, the move that led
// to it (`last`: a `last_play`) and the best move found (`best`: drawn as arrows). With `steps`
// (the server's StepsView of the dice) the side on roll moves its checkers by clicks; `offered`
// draws the cube as a double just offered (at twice its value).
export function backgammonState(read, { last = null, best = null, steps = null, version = 1, offered = false } = {}) {
  return {
    version, to_act: steps ? read.on_roll : null, legal_moves: [], actions: [], result: null, seats: { white: 'human', black: 'human' },
    view: { ...read.board, turn: read.on_roll, phase: steps ? 'move' : 'over', dice: read.dice ? [Number(read.dice[0]), Number(read.dice[1])] : null,
      steps, last_play: last, best_play: best, cube: { enabled: true, value: read.cube.value, owner: read.cube.owner, offered, offered_value: 2 * read.cube.value },
      match: { length: read.cube.match_length, score: read.cube.score, game: 1 } },
  };
}
