// The Nine Men's Morris board in SVG: place, slide, fly and remove by click, drag or keyboard
// (Tab to a point, Enter or Space to choose it; Escape cancels). Standing mills are highlighted
// as the server's view names them (`view.mills`: the page keeps no table of mills),
// the last move is marked (an arrow from → to, a ring on the point reached, a cross where a piece
// was removed) and, when another player made it, animated (settings: `animate`, `coords`).
// The server sends the legal moves in notation (`d6`, `d6-d5`, `d6-d5xa1`); the board only
// filters them by what the user has chosen so far.

import { t } from './i18n.js';
import { settings } from './settings.js';

const SVG = 'http://www.w3.org/2000/svg';
const SIZE = 700;
const STEP = 100;
const MARGIN = 50;
const POINTS = ['a7', 'd7', 'g7', 'b6', 'd6', 'f6', 'c5', 'd5', 'e5', 'a4', 'b4', 'c4', 'e4', 'f4', 'g4',
  'c3', 'd3', 'e3', 'b2', 'd2', 'f2', 'a1', 'd1', 'g1'];
const LINES = [['a7', 'g7'], ['g7', 'g1'], ['g1', 'a1'], ['a1', 'a7'], ['b6', 'f6'], ['f6', 'f2'], ['f2', 'b2'],
  ['b2', 'b6'], ['c5', 'e5'], ['e5', 'e3'], ['e3', 'c3'], ['c3', 'c5'], ['d7', 'd5'], ['d3', 'd1'], ['a4', 'c4'],
  ['e4', 'g4']];

export function xy(point) {
  const file = 'abcdefg'.indexOf(point[0]);
  const rank = Number(point[1]);
  return [MARGIN + file * STEP, MARGIN + (7 - rank) * STEP];
}

export function parseMove(text) {
  const m = /^([a-g][1-7])(?:-([a-g][1-7]))?(?:x([a-g][1-7]))?$/.exec(text);
  if (!m) return null;
  return m[2] ? { text, from: m[1], to: m[2], remove: m[3] || null } : { text, from: null, to: m[1], remove: m[3] || null };
}

// The two ends of a line of three points (the points may come in any order).
export function lineEnds(points) {
  const sorted = [...points].sort((a, b) => (a[0] === b[0] ? Number(a[1]) - Number(b[1]) : a.localeCompare(b)));
  return [sorted[0], sorted[sorted.length - 1]];
}

// How long a piece takes to move, in ms.
const ANIMATION_MS = 420;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

export function createMorrisBoard(container, ctx) {
  const svg = el('svg', { viewBox: `0 0 ${SIZE} ${SIZE}`, role: 'group', 'aria-label': t('morris-title'), id: 'morris-board' });
  container.appendChild(svg);
  let state = null;
  let animation = null;    // the move being animated: { move, side, token, start } while it runs
  let selected = null;     // a point whose piece is being moved
  let pending = null;      // {from, to} waiting for a removal
  let busy = false;
  let hinted = null;       // the hint's move, drawn until the next position

  const mine = () => state && ctx.seat && state.to_act === ctx.seat && !busy;
  const moves = () => (mine() ? state.legal_moves.map(parseMove).filter(Boolean) : []);

  function candidatesTo(from, to) { return moves().filter((m) => m.from === from && m.to === to); }

  async function submit(text) {
    busy = true;
    selected = null; pending = null;
    draw();
    try { await ctx.play(text); } finally { busy = false; draw(); }
  }

  function choose(point) {
    if (!mine()) return;
    const piece = state.view.points[point];
    if (pending) {
      const hit = candidatesTo(pending.from, pending.to).find((m) => m.remove === point);
      if (hit) submit(hit.text);
      return;
    }
    const placing = state.view.phase === 'placing';
    if (!placing && piece === ctx.seat) {
      selected = moves().some((m) => m.from === point) ? (selected === point ? null : point) : null;
      draw();
      return;
    }
    if (piece) return;
    const from = placing ? null : selected;
    if (!placing && !from) return;
    const candidates = candidatesTo(from, point);
    if (candidates.length === 0) return;
    if (candidates.length === 1 && !candidates[0].remove) { submit(candidates[0].text); return; }
    pending = { from, to: point };
    draw();
  }

  function cancel() { selected = null; pending = null; draw(); }
  svg.addEventListener('keydown', (event) => { if (event.key === 'Escape') cancel(); });

  // Drag and drop with the mouse or a pen: press on one of your pieces, release on its target.
  // (A press and release on the same point is an ordinary click.)
  let dragFrom = null;
  const pointAt = (event) => document.elementFromPoint(event.clientX, event.clientY)?.closest('[data-point]')?.dataset.point;
  svg.addEventListener('pointerdown', (event) => {
    const point = pointAt(event);
    dragFrom = point && mine() && !pending && state.view.points[point] === ctx.seat ? point : null;
  });
  svg.addEventListener('pointerup', (event) => {
    const from = dragFrom;
    dragFrom = null;
    const to = pointAt(event);
    if (!from || !to || to === from || !mine()) return;
    selected = from;
    choose(to);
  });

  function hint() {
    if (!mine()) return '';
    if (pending) return t('morris-remove');
    return t({ placing: 'morris-place', flying: 'morris-fly' }[state.view.phase] || 'morris-move');
  }

  function draw() {
    svg.replaceChildren();
    if (!state) return;
    const view = state.view;
    el('rect', { x: 0, y: 0, width: SIZE, height: SIZE, rx: 24, fill: 'var(--wood)' }, svg);
    for (const [a, b] of LINES) {
      const [x1, y1] = xy(a); const [x2, y2] = xy(b);
      el('line', { x1, y1, x2, y2, class: 'mb-line' }, svg);
    }
    for (const mill of view.mills) {
      const [first, last] = lineEnds(mill.points);
      const [x1, y1] = xy(first); const [x2, y2] = xy(last);
      el('line', { x1, y1, x2, y2, class: `mill ${mill.color}`, 'data-mill': mill.points.join(' ') }, svg);
    }
    const list = moves();
    const targets = new Set();
    const removable = new Set();
    if (pending) {
      for (const m of candidatesTo(pending.from, pending.to)) if (m.remove) removable.add(m.remove);
    } else if (view.phase === 'placing') {
      for (const m of list) targets.add(m.to);
    } else if (selected) {
      for (const m of list) if (m.from === selected) targets.add(m.to);
    }
    const sources = new Set(view.phase === 'placing' || pending ? [] : list.map((m) => m.from));
    const last = view.last_move ? parseMove(view.last_move) : null;
    const coords = settings().coords;
    svg.setAttribute('viewBox', coords ? `-34 0 ${SIZE + 34} ${SIZE + 34}` : `0 0 ${SIZE} ${SIZE}`);
    if (coords) drawCoordinates();
    if (last) drawLastMove(last);
    const best = view.best_move || hinted ? parseMove(view.best_move || hinted) : null;
    if (best) drawBestMove(best);
    for (const point of POINTS) {
      const [x, y] = xy(point);
      let piece = view.points[point] || null;
      let tentative = false;
      if (pending && point === pending.to) { piece = ctx.seat; tentative = true; }
      if (pending && point === pending.from) piece = null;
      const g = el('g', { class: 'focusable', tabindex: mine() && (targets.has(point) || removable.has(point) || sources.has(point)) ? 0 : -1,
        role: 'button', 'data-point': point, 'aria-label': `${point} ${piece ? t(`side-${piece}`) : ''}` }, svg);
      el('circle', { cx: x, cy: y, r: 9, class: 'mb-point' }, g);
      const arriving = animation && point === animation.move.to;
      if (piece) el('circle', { cx: x, cy: y, r: 30, class: `piece ${piece}${tentative ? ' tentative' : ''}${arriving ? ' arriving' : ''}`, 'data-piece': piece }, g);
      if (last && point === last.to) el('circle', { cx: x, cy: y, r: 40, class: 'last-to', 'data-last': 'to' }, g);
      if (last && point === last.from) el('circle', { cx: x, cy: y, r: 16, class: 'last-from', 'data-last': 'from' }, g);
      if (targets.has(point)) el('circle', { cx: x, cy: y, r: 14, class: 'target' }, g);
      if (point === selected) el('circle', { cx: x, cy: y, r: 36, class: 'selected' }, g);
      if (removable.has(point)) el('circle', { cx: x, cy: y, r: 36, class: 'removable' }, g);
      el('circle', { cx: x, cy: y, r: 44, class: 'mb-hit' }, g);
      g.addEventListener('click', () => choose(point));
      g.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); choose(point); }
      });
    }
    if (animation) drawAnimation();
    ctx.setHint(hint());
  }

  // Letters a–g under the board, numbers 1–7 beside it (the move list's names).
  function drawCoordinates() {
    for (let file = 0; file < 7; file++) {
      el('text', { x: MARGIN + file * STEP, y: SIZE + 14, class: 'mb-coord' }, svg).textContent = 'abcdefg'[file];
    }
    for (let rank = 1; rank <= 7; rank++) {
      el('text', { x: -14, y: MARGIN + (7 - rank) * STEP, class: 'mb-coord' }, svg).textContent = rank;
    }
  }

  // The last move: an arrow from where the piece came from, a cross where one was removed.
  function drawLastMove(last) {
    if (last.from) {
      const [x1, y1] = xy(last.from); const [x2, y2] = xy(last.to);
      const length = Math.hypot(x2 - x1, y2 - y1);
      const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
      el('line', { x1: x1 + ux * 18, y1: y1 + uy * 18, x2: x2 - ux * 44, y2: y2 - uy * 44, class: 'last-arrow' }, svg);
      const [tx, ty] = [x2 - ux * 40, y2 - uy * 40];
      el('polygon', { points: `${tx},${ty} ${tx - ux * 22 - uy * 13},${ty - uy * 22 + ux * 13} ${tx - ux * 22 + uy * 13},${ty - uy * 22 - ux * 13}`, class: 'last-head' }, svg);
    }
    if (last.remove) {
      const [x, y] = xy(last.remove);
      el('path', { d: `M${x - 18},${y - 18} L${x + 18},${y + 18} M${x + 18},${y - 18} L${x - 18},${y + 18}`, class: 'last-removed', 'data-last': 'removed' }, svg);
    }
  }

  // A move not yet played (the analysis board's best move): an arrow from → to, a ring where a
  // piece is placed, a cross where one would be removed; all in the best-move colour.
  function drawBestMove(best) {
    const g = el('g', { class: 'best-move', 'data-best': best.text }, svg);
    const [x2, y2] = xy(best.to);
    if (best.from) {
      const [x1, y1] = xy(best.from);
      const length = Math.hypot(x2 - x1, y2 - y1);
      const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
      el('line', { x1: x1 + ux * 30, y1: y1 + uy * 30, x2: x2 - ux * 40, y2: y2 - uy * 40, class: 'best-arrow' }, g);
      const [tx, ty] = [x2 - ux * 34, y2 - uy * 34];
      el('polygon', { points: `${tx},${ty} ${tx - ux * 22 - uy * 13},${ty - uy * 22 + ux * 13} ${tx - ux * 22 + uy * 13},${ty - uy * 22 - ux * 13}`, class: 'best-head' }, g);
    } else {
      el('circle', { cx: x2, cy: y2, r: 34, class: 'best-ring' }, g);
    }
    if (best.remove) {
      const [x, y] = xy(best.remove);
      el('path', { d: `M${x - 16},${y - 16} L${x + 16},${y + 16} M${x + 16},${y - 16} L${x - 16},${y + 16}`, class: 'best-remove' }, g);
    }
  }

  // The moving piece: from its old point (or from beside the board when placed) to the new one;
  // a removed piece fades out.
  function drawAnimation() {
    const { move, side } = animation;
    const [x2, y2] = xy(move.to);
    const [x1, y1] = move.from ? xy(move.from) : [x2, y2 < SIZE / 2 ? -40 : SIZE + 40];
    const piece = el('circle', { cx: 0, cy: 0, r: 30, class: `piece ${side} moving` }, svg);
    const elapsed = performance.now() - animation.start;
    piece.animate([{ transform: `translate(${x1}px, ${y1}px)` }, { transform: `translate(${x2}px, ${y2}px)` }],
      { duration: ANIMATION_MS, easing: 'ease-in-out', fill: 'forwards' }).currentTime = elapsed;
    if (move.remove) {
      const [rx, ry] = xy(move.remove);
      const gone = el('circle', { cx: rx, cy: ry, r: 30, class: `piece ${side === 'white' ? 'black' : 'white'} moving` }, svg);
      gone.animate([{ opacity: 1 }, { opacity: 0 }], { duration: ANIMATION_MS * 1.6, fill: 'forwards' }).currentTime = elapsed;
    }
  }

  // Starts the animation of `next`'s last move when another player made it.
  function maybeAnimate(previous, next) {
    const move = next.view.last_move;
    const mover = next.view.side_to_move === 'white' ? 'black' : 'white';
    const fresh = previous && move && next.view.moves.length === previous.view.moves.length + 1;
    if (!fresh || mover === ctx.seat || !settings().animate) { animation = null; svg.dataset.animating = ''; return; }
    const token = {};
    animation = { move: parseMove(move), side: mover, token, start: performance.now() };
    svg.dataset.animating = '1';
    svg.dataset.animations = Number(svg.dataset.animations || 0) + 1; // for tests
    setTimeout(() => {
      if (animation?.token !== token) return;
      animation = null;
      svg.dataset.animating = '';
      draw();
    }, ANIMATION_MS * 1.6);
  }

  return {
    update(next) {
      if (!state || next.version !== state.version) {
        selected = null; pending = null;
        hinted = null;
        maybeAnimate(state, next);
      }
      state = next;
      draw();
    },
    // Draws `move` (the engine's hint) on the board until the position changes.
    showHint(move) {
      hinted = move;
      draw();
    },
    redraw: draw,
  };
}

// The state the Morris board draws for a position read by GET /api/position: the side to move may click its moves (`moves`, in notation).
export function morrisState(read, { last = null, best = null, moves = [], version = 1 } = {}) {
  return {
    version, to_act: read.side_to_move, legal_moves: moves, actions: [], result: null,
    view: { points: read.points, mills: read.mills, phase: read.in_hand[read.side_to_move] > 0 ? 'placing' : 'moving',
      last_move: last, best_move: best, moves: [], side_to_move: read.side_to_move, in_hand: read.in_hand,
      on_board: Object.fromEntries(['white', 'black'].map((side) => [side, Object.values(read.points).filter((s) => s === side).length])) },
  };
}

// The side panel of a Morris game: pieces in hand and on the board.
export function morrisCounts(state, label = (side) => t(`side-${side}`)) {
  const v = state.view;
  const row = (side) => `<span><span class="dot ${side}"></span> <span id="label-${side}">${label(side)}</span></span>
    <span>${v.in_hand[side]} ${t('in-hand')}</span><span>${v.on_board[side]} ${t('on-board')}</span>`;
  return `<div class="counts">${row('white')}${row('black')}</div>`;
}
