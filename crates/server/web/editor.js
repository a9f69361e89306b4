// The analysis board's edit mode: a position set up by clicking, kept here as a plain model (the
// editor's model is the body of POST /api/setup). The server checks it by the rules crates and
// writes the text the board reads (an XGID for backgammon, a Sanmill FEN for Morris), or says why
// not; the page applies no rule of a set-up. The clicks only keep the model drawable: no 16th
// checker of a colour, no 10th piece.

import { t } from './i18n.js';
import { writeSetup } from './api.js';

export const CHECKERS = 15;
export const PIECES = 9;
// The cube values the panel offers.
const CUBES = [1, 2, 4, 8, 16, 32, 64];

// A refused edit: `key` and `args` name the translated message.
export class EditError extends Error {
  constructor(key, args = {}) {
    super(key);
    this.key = key;
    this.args = args;
  }

  text() {
    const args = { ...this.args };
    if (args.side) args.side = t(`side-${args.side}`);
    return t(this.key, args);
  }
}

// ---------------------------------------------------------------- backgammon

// The starting position in White's numbering (positive White, negative Black).
function startingPoints() {
  const points = new Array(24).fill(0);
  for (const [point, count] of [[24, 2], [13, 5], [8, 3], [6, 5]]) {
    points[point - 1] = count;
    points[25 - point - 1] = -count;
  }
  return points;
}

// A backgammon set-up: the board in White's numbering as the server's views have it, the side on
// roll, the dice (null: none yet), the cube, the score and the match length (0: money).
export function backgammonModel(read = null) {
  const model = {
    game: 'backgammon', points: startingPoints(), bar: { white: 0, black: 0 }, turn: 'white', dice: null,
    cube: { value: 1, owner: null }, length: 0, score: { white: 0, black: 0 }, crawford: false,
  };
  if (!read) return model;
  model.points = [...read.board.points];
  model.bar = { ...read.board.bar };
  model.turn = read.on_roll;
  model.dice = read.dice ? [Number(read.dice[0]), Number(read.dice[1])] : null;
  if (read.cube) {
    model.cube = { value: read.cube.value, owner: read.cube.owner };
    model.length = read.cube.match_length;
    model.score = { ...read.cube.score };
    model.crawford = read.cube.crawford;
  }
  return model;
}

// Checkers of `side` on the board (points and bar).
export function checkersOn(model, side) {
  const sign = side === 'white' ? 1 : -1;
  return model.points.reduce((sum, v) => sum + Math.max(sign * v, 0), 0) + model.bar[side];
}

// Adds a checker of `side` to White's point `point` (1..24; 25: the side's bar). A point held by
// the other colour is taken over with one checker.
export function addChecker(model, side, point) {
  const sign = side === 'white' ? 1 : -1;
  const held = point === 25 ? 0 : model.points[point - 1];
  const freed = sign * held < 0 ? Math.abs(held) : 0;
  if (checkersOn(model, side) >= CHECKERS) throw new EditError('edit-err-checkers', { side, count: CHECKERS });
  if (point === 25) model.bar[side] += 1;
  else model.points[point - 1] = freed ? sign : held + sign;
  return model;
}

// Takes a checker off White's point `point` (whoever's it is), or `side`'s off the bar (25).
export function removeChecker(model, side, point) {
  if (point === 25) model.bar[side] = Math.max(model.bar[side] - 1, 0);
  else if (point >= 1 && point <= 24) {
    const v = model.points[point - 1];
    model.points[point - 1] = v - Math.sign(v);
  }
  return model;
}

// The state the backgammon board draws while editing.
export function backgammonEditState(model, version) {
  const off = { white: CHECKERS - checkersOn(model, 'white'), black: CHECKERS - checkersOn(model, 'black') };
  return {
    version, to_act: null, legal_moves: [], actions: [], result: null, seats: { white: 'human', black: 'human' },
    view: { points: model.points, bar: model.bar, off, turn: model.turn, phase: 'over', dice: model.dice,
      steps: null, last_play: null, cube: { enabled: true, value: model.cube.value, owner: model.cube.owner, offered: false },
      match: { length: model.length, score: model.score, game: 1 } },
  };
}

// ---------------------------------------------------------------- Morris

// A Morris set-up: the occupied points, the pieces in hand and the side to move.
export function morrisModel(read = null) {
  if (!read) return { game: 'morris', points: {}, in_hand: { white: PIECES, black: PIECES }, side_to_move: 'white' };
  return { game: 'morris', points: { ...read.points }, in_hand: { ...read.in_hand }, side_to_move: read.side_to_move };
}

const piecesOf = (model, side) => Object.values(model.points).filter((s) => s === side).length;

// The next occupant of `point` in the cycle empty → White → Black → empty. A colour with all
// nine pieces on the board and in hand already takes the piece from its hand; with none in hand
// it is skipped (refused when neither colour fits). Returns the colour skipped, if any, so that
// the page can say why the point did not take it.
export function cyclePoint(model, point) {
  const order = [undefined, 'white', 'black'];
  const now = model.points[point];
  let full = null;
  for (let k = 1; k <= 2; k++) {
    const next = order[(order.indexOf(now) + k) % 3];
    if (next && piecesOf(model, next) + model.in_hand[next] >= PIECES) {
      if (model.in_hand[next] === 0) { full = next; continue; }
      model.in_hand[next] -= 1;
    }
    if (next) model.points[point] = next; else delete model.points[point];
    return full;
  }
  throw new EditError('edit-err-pieces', { side: full, count: PIECES });
}

// The state the Morris board draws while editing (no mills: the server names them once the
// set-up is read as a position).
export function morrisEditState(model, version) {
  return { version, to_act: null, legal_moves: [], actions: [], result: null,
    view: { points: model.points, mills: [], phase: 'moving', last_move: null, moves: [], side_to_move: model.side_to_move } };
}

// The id of a set-up, checked and written by the server (POST /api/setup: the rules crates'
// checks): an XGID for backgammon, a Sanmill FEN for Morris. A refusal throws the API's error,
// translated by `errorText`.
export async function setupText(model) {
  const ids = await writeSetup(model);
  return model.game === 'morris' ? ids.fen : ids.xgid;
}

// ---------------------------------------------------------------- the panel

const option = (value, label, current) => `<option value="${value}"${String(value) === String(current) ? ' selected' : ''}>${label}</option>`;
const sideOptions = (current) => ['white', 'black'].map((s) => option(s, t(`side-${s}`), current)).join('');
const numberOptions = (from, to, current) => Array.from({ length: to - from + 1 }, (_, i) => option(from + i, from + i, current)).join('');

// The controls of the edit panel for `model` (ids edit-*; the tool is kept by the caller).
export function editPanelHtml(model, tool) {
  const game = `<label>${t('edit-game')} <select id="edit-game">${option('backgammon', t('backgammon-title'), model.game)}${option('morris', t('morris-title'), model.game)}</select></label>`;
  const buttons = `<div class="buttons"><button type="button" id="edit-clear" class="secondary">${t('edit-clear')}</button>
    <button type="button" id="edit-start" class="secondary">${t('edit-start-position')}</button></div>`;
  if (model.game === 'morris') {
    return `${game}
      <p class="muted">${t('edit-hint-morris')}</p>
      <label>${t('edit-side-to-move')} <select id="edit-turn">${sideOptions(model.side_to_move)}</select></label>
      <label>${t('edit-in-hand', { side: t('side-white') })} <select id="edit-hand-white">${numberOptions(0, PIECES, model.in_hand.white)}</select></label>
      <label>${t('edit-in-hand', { side: t('side-black') })} <select id="edit-hand-black">${numberOptions(0, PIECES, model.in_hand.black)}</select></label>
      ${buttons}`;
  }
  const die = (i) => {
    const current = model.dice ? model.dice[i] : '';
    return `<select id="edit-die${i + 1}" aria-label="${t('analysis-board-dice')} ${i + 1}">${option('', '–', current)}${numberOptions(1, 6, current)}</select>`;
  };
  const owner = [option('', t('edit-cube-centre'), model.cube.owner || ''), ...['white', 'black'].map((s) => option(s, t(`side-${s}`), model.cube.owner || ''))].join('');
  return `${game}
    <p class="muted">${t('edit-hint-backgammon')}</p>
    <fieldset class="edit-tools"><legend>${t('edit-tool')}</legend>
      ${['white', 'black', 'remove'].map((k) => `<label><input type="radio" name="edit-tool" value="${k}" id="edit-tool-${k}"${tool === k ? ' checked' : ''}> ${k === 'remove' ? t('edit-tool-remove') : t(`side-${k}`)}</label>`).join('')}
    </fieldset>
    <label>${t('edit-on-roll')} <select id="edit-turn">${sideOptions(model.turn)}</select></label>
    <label>${t('analysis-board-dice')} <span>${die(0)} ${die(1)}</span></label>
    <label>${t('bg-cube')} <select id="edit-cube">${CUBES.map((v) => option(v, v, model.cube.value)).join('')}</select>
      <select id="edit-cube-owner" aria-label="${t('edit-cube-owner')}">${owner}</select></label>
    <label>${t('edit-length')} <input id="edit-length" type="number" min="0" max="25" value="${model.length}"></label>
    <label>${t('edit-score', { side: t('side-white') })} <input id="edit-score-white" type="number" min="0" max="24" value="${model.score.white}"></label>
    <label>${t('edit-score', { side: t('side-black') })} <input id="edit-score-black" type="number" min="0" max="24" value="${model.score.black}"></label>
    <label>${t('bg-crawford')} <input id="edit-crawford" type="checkbox"${model.crawford ? ' checked' : ''}></label>
    ${buttons}`;
}

// Reads the panel's fields into `model` (the board's clicks change it directly).
export function readPanel(model, $) {
  if (model.game === 'morris') {
    model.side_to_move = $('edit-turn').value;
    model.in_hand = { white: Number($('edit-hand-white').value), black: Number($('edit-hand-black').value) };
    return model;
  }
  model.turn = $('edit-turn').value;
  const dice = [$('edit-die1').value, $('edit-die2').value];
  if (dice.some((d) => d) && !dice.every((d) => d)) throw new EditError('edit-err-dice');
  model.dice = dice[0] ? dice.map(Number) : null;
  model.cube = { value: Number($('edit-cube').value), owner: $('edit-cube-owner').value || null };
  model.length = Number($('edit-length').value);
  model.score = { white: Number($('edit-score-white').value), black: Number($('edit-score-black').value) };
  model.crawford = $('edit-crawford').checked;
  return model;
}

// An empty board of the model's game (backgammon: one checker each would be needed to analyse).
export function cleared(model) {
  if (model.game === 'morris') return { ...model, points: {}, in_hand: { white: 0, black: 0 } };
  return { ...model, points: new Array(24).fill(0), bar: { white: 0, black: 0 } };
}

