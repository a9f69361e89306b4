// The browser tests' shared helpers: the server, the games made through the HTTP API, the waits
// and the page's language. Every test makes its own games with these; none reads another's.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = process.env.LUDUS_BIN || join(ROOT, 'target', 'debug', 'ludus');
export const OUT = join(ROOT, 'target', 'e2e');
export const MAX_MORRIS_PLIES = 400;     // a Morris game ends by the 100-ply rule long before this
export const BG_TURNS = 6;               // backgammon turns played through the page
export const WAIT_MS = 15000;            // the longest wait for any one state change
export const REVIEW_WAIT_MS = 120000;    // the longest wait for a game's first review (the debug build's
                                  // 2-ply review of a long game on a loaded machine; the page asks
                                  // again while the server answers review-in-progress)
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];


export function assert(condition, message) { if (!condition) throw new Error(`assertion failed: ${message}`); }

// A friend game created through the API with both seats' tokens: the friend's seat claimed with
// the invitation's one-time code (the creator never receives that token).
export async function withFriend(url, created) {
  const code = new URLSearchParams(created.invite.split('#')[1]).get('invite');
  const response = await fetch(`${url}/api/games/${created.id}/join`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite: code }),
  });
  const joined = await response.json();
  assert(response.ok, `join answered ${response.status}: ${JSON.stringify(joined)}`);
  return { ...created, tokens: { ...created.tokens, [joined.seat]: joined.token } };
}


// A small deterministic generator, so runs are repeatable: the runner seeds it afresh before each
// test, so that a test's moves do not depend on which tests ran before it.
let seed = 12345;
/** Seeds the generator again. */
export function reseed(value = 12345) { seed = value; }
export const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };


export async function startServer(db = 'e2e.db', env = {}, args = []) {
  const server = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--db', join(work, db), '--think-ms', '300', '--allow-seeded-friend-games', '--moves-per-minute', '0', ...args],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  const url = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${text}`)), WAIT_MS);
    server.stderr.on('data', (chunk) => {
      text += chunk;
      const match = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (match) { clearTimeout(timer); resolve(match[1]); }
    });
    server.on('exit', (code) => reject(new Error(`server exited (${code}): ${text}`)));
  });
  return { server, url };
}

export const api = (page, path) => page.evaluate(async (p) => (await fetch(p)).json(), path);

// A game's review from the API, asked again while the server answers 503 review-in-progress (the
// review's job goes on; docs/server.md), as the page does.
export async function reviewOf(url, id) {
  const deadline = Date.now() + REVIEW_WAIT_MS;
  for (;;) {
    const response = await fetch(`${url}/api/games/${id}/review`);
    const body = await response.json();
    if (response.status !== 503 || body.code !== 'review-in-progress') return body;
    assert(Date.now() < deadline, `the review of ${id} never came`);
    await new Promise((resolve) => { setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') || 2)); });
  }
}
export const gameId = (page) => new URL(page.url()).pathname.split('/').pop();

// Waits until the server says `seat` must act (or the game is over); then until the page shows it.
export async function waitForTurn(page, seat) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const state = await api(page, `/api/games/${gameId(page)}`);
    if (state.result || state.to_act === seat) {
      await page.waitForSelector(`#play[data-version="${state.version}"]`, { timeout: WAIT_MS });
      return state;
    }
    assert(Date.now() < deadline, `waiting for ${seat} to act`);
    await page.waitForTimeout(100);
  }
}

export async function setLanguage(page, lang) {
  await page.selectOption('#lang', lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

export const point = (page, name) => page.click(`#morris-board [data-point="${name}"]`);

export async function dragPoint(page, from, to) {
  // The board is drawn anew while the computer's move is animated: a point read just then is
  // detached (no box), so it is read again.
  const centre = async (name) => {
    for (let tries = 0; ; tries++) {
      const box = await page.locator(`#morris-board [data-point="${name}"] .mb-hit`).boundingBox();
      if (box) return [box.x + box.width / 2, box.y + box.height / 2];
      assert(tries < 50, `point ${name} is drawn`);
      await page.waitForTimeout(100);
    }
  };
  const [x1, y1] = await centre(from);
  const [x2, y2] = await centre(to);
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move(x2, y2, { steps: 5 });
  await page.mouse.up();
}

export async function playMorrisMove(page, text, { drag = false } = {}) {
  const m = /^([a-g][1-7])(?:-([a-g][1-7]))?(?:x([a-g][1-7]))?$/.exec(text);
  if (m[2] && drag) await dragPoint(page, m[1], m[2]);
  else if (m[2]) { await point(page, m[1]); await point(page, m[2]); } else await point(page, m[1]);
  if (m[3]) { await page.waitForSelector('#morris-board .removable'); await point(page, m[3]); }
}

export function pickMorris(moves) {
  const removals = moves.filter((m) => m.includes('x'));
  const pool = removals.length ? removals : moves;
  return pool[random(pool.length)];
}


export const bgPoint = (page, q) => page.click(`#bg-board [data-point="${q}"]`);

// Makes a random move through the page: a random click of those the server offers (the state's
// `view.steps`, then GET /steps after each click) until the move is complete; the preview must
// show the server's notation of it. Returns the move.
export async function clickRandomMove(page, state) {
  let node = state.view.steps;
  while (!node.complete) {
    const next = node.next[random(node.next.length)];
    await bgPoint(page, next.from); await bgPoint(page, next.to);
    const taken = [...node.taken, ...next.steps].map(([from, to]) => `${from}/${to}`).join(',');
    node = await api(page, `/api/games/${gameId(page)}/steps?version=${state.version}&taken=${taken}`);
    assert(node.taken, `steps answered ${JSON.stringify(node)}`);
  }
  await page.waitForSelector('#confirm:not([disabled])');
  const preview = await page.textContent('#move-preview');
  assert(preview === node.move, `preview ${preview} is the move built ${node.move}`);
  return node.move;
}


export async function playBackgammonTurn(page, state) {
  await clickRandomMove(page, state);
  await page.click('#confirm');
  await page.waitForFunction((v) => Number(document.querySelector('#play').dataset.version) > v, state.version);
}


// Plays a backgammon game between two seats through the API with random moves (no doubles),
// then resigns it.
export async function randomBackgammonGame(url) {
  const post = async (path, body) => (await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const created = await withFriend(url, await post('/api/games', { game: 'backgammon', opponent: 'human', side: 'white', seed: 11, rules: { cube: false } }));
  // Its own generator: the same game whatever ran before (about 60 decisions).
  let own = 2024;
  const pick = (n) => { own = (own * 1103515245 + 12345) % 2147483648; return own % n; };
  let state = created.state;
  // Some 15 turns each, then the side to act resigns: the debug build's analysis of a whole game of
  // random moves (hundreds of plays to rank after each double) would take half a minute.
  for (let i = 0; i < 30 && !state.result; i++) {
    const token = created.tokens[state.to_act];
    state = state.legal_moves.length
      ? await post(`/api/games/${created.id}/moves`, { token, move: state.legal_moves[pick(state.legal_moves.length)] })
      : await post(`/api/games/${created.id}/actions`, { token, action: 'roll' });
  }
  if (!state.result) state = await post(`/api/games/${created.id}/actions`, { token: created.tokens[state.to_act], action: 'resign' });
  assert(state.result, 'the random backgammon game ended');
  return created;
}


export const reviewIndex = async (page) => Number(await page.getAttribute('#review', 'data-index'));

// The words (three letters or more) of a message file, lower-cased: its messages without keys,
// variables and selector names.
export function ftlWords(lang) {
  const text = readFileSync(join(ROOT, 'crates', 'i18n', 'ftl', `${lang}.ftl`), 'utf8').split('\n')
    .filter((line) => !line.startsWith('#')).map((line) => line.replace(/^[a-zA-Z][\w-]*\s*=/, ''))
    .join(' ').replace(/\$[\w-]+|\*?\[[\w-]+\]/g, ' ');
  return new Set((text.match(/\p{L}{3,}/gu) || []).map((word) => word.toLowerCase()));
}

// The English words a page in `lang` shows: the words of its text found in the English messages
// and nowhere in `lang`'s own (so "Ludus", "XGID" or "gnubg", in both, never count). Move
// notation (bar/22, 6/off) is no English.
export function englishWordsIn(text, lang) {
  englishWordsIn.cache ??= {};
  const cache = englishWordsIn.cache;
  cache.en ??= ftlWords('en');
  cache[lang] ??= ftlWords(lang);
  const words = text.replace(/\b(bar|off)\/|\/(bar|off)\b|XGID=\S+/g, ' ').match(/\p{L}{3,}/gu) || [];
  return [...new Set(words.filter((word) => cache.en.has(word.toLowerCase()) && !cache[lang].has(word.toLowerCase())))];
}

export const ENGLISH = /\b(White|Black|double|no double|take|pass|best|error|blunder|doubtful|Played|Loss|Decision|mistake|inaccuracy|moves|Game review)\b/;


// A friend backgammon game made through the API, for the tests below: its id, tokens and state.
export async function friendBackgammonGame(url, seed) {
  const post = async (path, body) => (await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const created = await withFriend(url, await post('/api/games', { game: 'backgammon', opponent: 'human', side: 'white', seed, rules: { cube: false } }));
  return { ...created, post };
}

export const seatUrl = (url, game, seat) => `${url}/play/${game.id}#seat=${seat}&token=${game.tokens[seat]}`;


// A page on the analysis board at 1280×800, in English.
export async function analysisPageEn(browser, url) {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${url}/analysis`);
  await setLanguage(page, 'en');
  return page;
}


// A money game between two seats through the API with the cube: random plays, White doubles at its
// third roll, Black takes, then random plays until the side to act resigns.
export async function cubeBackgammonGame(url) {
  const post = async (path, body) => (await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const created = await withFriend(url, await post('/api/games', { game: 'backgammon', opponent: 'human', side: 'white', seed: 21 }));
  let own = 4242;
  const pick = (n) => { own = (own * 1103515245 + 12345) % 2147483648; return own % n; };
  let state = created.state;
  let whiteRolls = 0;
  let doubled = false;
  for (let i = 0; i < 40 && !state.result; i++) {
    const seat = state.to_act;
    const token = created.tokens[seat];
    let body;
    if (state.view.phase === 'doubled') body = ['actions', { token, action: 'take' }];
    else if (state.legal_moves.length) body = ['moves', { token, move: state.legal_moves[pick(state.legal_moves.length)] }];
    else {
      if (seat === 'white') whiteRolls += 1;
      const double = !doubled && seat === 'white' && whiteRolls >= 3 && state.actions.includes('double');
      doubled ||= double;
      body = ['actions', { token, action: double ? 'double' : 'roll' }];
    }
    state = await post(`/api/games/${created.id}/${body[0]}`, body[1]);
    assert(!state.error, `the API took the command: ${JSON.stringify(state)}`);
  }
  if (!state.result) state = await post(`/api/games/${created.id}/actions`, { token: created.tokens[state.to_act], action: 'resign' });
  assert(doubled && state.result, 'the game had a double and ended');
  return created;
}

// Opens the review of `game` as its White seat (the seat's token in the page's storage).
export async function openReviewAsWhite(browser, url, game, size = { width: 1280, height: 800 }) {
  const page = await browser.newPage();
  await page.setViewportSize(size);
  await page.goto(url);
  await setLanguage(page, 'en');
  await page.evaluate(([id, token]) => localStorage.setItem(`ludus:seat:${id}`, JSON.stringify({ seat: 'white', token })), [game.id, game.tokens.white]);
  await page.goto(`${url}/review/${game.id}`);
  await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
  return page;
}

// White's checkers on the bottom half of the drawn board, and how many there should be with
// `bottom` at the bottom (White's points 1–12 are the bottom row when White is at the bottom).
export async function bottomWhiteCheckers(page, board, bottom) {
  const drawn = await page.$$eval('#bg-board circle.checker.white', (cs) => cs.filter((c) => Number(c.getAttribute('cy')) > 300).length);
  const low = board.points.slice(0, 12).filter((n) => n > 0).reduce((a, b) => a + b, 0);
  const high = board.points.slice(12).filter((n) => n > 0).reduce((a, b) => a + b, 0);
  const expected = (bottom === 'white' ? low + board.bar.white : high);
  return { drawn, expected };
}


/** The folder of this run's databases and browser profile (removed by the runner at the end). */
export const work = mkdtempSync(join(tmpdir(), 'ludus-e2e-'));
mkdirSync(OUT, { recursive: true });

// A finished Morris game between two seats through the API: random moves (removals first) from its
// own generator, the same game whatever ran before, then the side to act resigns. At least 21
// moves, so that the reviews can step to move 21. The game's id, tokens and state.
export async function finishedMorrisGame(url) {
  const post = async (path, body) => (await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const created = await withFriend(url, await post('/api/games', { game: 'morris', opponent: 'human', side: 'white' }));
  let own = 31;
  const pick = (n) => { own = (own * 1103515245 + 12345) % 2147483648; return own % n; };
  let state = created.state;
  for (let i = 0; i < 40 && !state.result; i++) {
    const removals = state.legal_moves.filter((m) => m.includes('x'));
    const pool = removals.length ? removals : state.legal_moves;
    state = await post(`/api/games/${created.id}/moves`, { token: created.tokens[state.to_act], move: pool[pick(pool.length)] });
    assert(!state.error, `the API took the move: ${JSON.stringify(state)}`);
  }
  if (!state.result) state = await post(`/api/games/${created.id}/actions`, { token: created.tokens[state.to_act], action: 'resign' });
  assert(state.result && state.view.moves.length >= 21, `the Morris game ended after 21 moves or more: ${state.view.moves.length}`);
  return { ...created, state };
}

// Gives the page's browser White's seat of `game` (its token in the page's storage), so that
// "Recent games" lists it and its review is seen from White's side.
export async function takeSeat(page, url, game) {
  if (!page.url().startsWith(url)) await page.goto(url);
  await page.evaluate(([id, token]) => localStorage.setItem(`ludus:seat:${id}`, JSON.stringify({ seat: 'white', token })), [game.id, game.tokens.white]);
}
