// End-to-end tests of the Ludus web UI: a real `ludus serve` on 127.0.0.1 (random port, fresh
// database) driven through headless Chromium from Debian (/usr/bin/chromium) with playwright-core.
//
//   node scripts/e2e/run.mjs            (builds nothing: expects target/debug/ludus, or LUDUS_BIN)
//   E2E_ONLY=name,name node scripts/e2e/run.mjs   runs only the tests named (later tests use the
//                                 games of earlier ones: morris_review_en, review_et_hu, review_phone
//                                 and review_layout need morris_full_game_en; review_et_hu and
//                                 review_phone need backgammon_review_error; review_alternatives_bg,
//                                 review_layout and review_mat_file need review_orientation_cube)
//
// Tests (each bounded in moves and time):
//   1. morris_full_game_en      – English; a whole Morris game against the computer by clicks,
//                                 with removals; the game-over summary appears.
//   2. backgammon_turns_et      – Estonian; a money game against the computer: roll, move checker
//                                 by checker (the clicks the server offers, several dice at once
//                                 among them), undo, confirm, for several turns; cube and pips shown.
//   3. two_humans_hu            – Hungarian; Morris between two browser pages (creator and the
//                                 invitation link); each sees the other's moves live (WebSocket).
//   4. phone_layout             – a backgammon match at phone width (responsive layout).
//   5. cube_between_two_pages   – Backgammon between two pages: one doubles by button, the other
//                                 sees the offer live and takes; both show the cube at 2.
//   6. analysis_after_game      – a backgammon game ended by resignation; the summary's Analysis
//                                 button shows both players' totals (GET /api/games/{id}/analysis).
//   7. sigkill_resume           – a second server is killed with SIGKILL mid-game; restarted on
//                                 the same database, every game is back with its full history.
//   8. backgammon_move_marked   – the computer's backgammon move is animated checker by checker,
//                                 then marked on the board (from, to); the log is translated.
//   9. morris_review_en         – the Morris game of test 1 reviewed move by move (buttons, ←/→,
//                                 a click on a move, a dot of the graph), at 1280 px; flipped (f),
//                                 its coordinates still upright.
//  10. backgammon_review_error  – a finished backgammon game: a click on an error's dot of the graph
//                                 shows that decision and its position (the checkers drawn).
//  11. hint_rematch             – against the computer: a hint, a take-back, resignation ("You lost —"),
//                                 rematch with the sides swapped and the series' score.
//  12. review_et_hu             – the backgammon and Morris reviews in Estonian and Hungarian at
//                                 1280 and 375 px: no English word left (no word of en.ftl that the
//                                 language's own file lacks), no element wider than its box (the
//                                 alternatives table included), no panel or board past the review's
//                                 box, the page no wider than the screen.
//  13. review_phone             – both reviews at 375 px: nothing wider than the screen.
//  14. analysis_board           – the analysis board from a pasted XGID (moves ranked at 1 and 0 plies), from a
//                                 Sanmill FEN, and again from its shareable address.
//  14b. analysis_cube_panel    – the analysis board's cube panel for the textbook last roll: exact
//                                 double, take, +0.278 / +0.556 / +1.000, take point 25 %; every
//                                 ranked play labelled with its lookahead.
//  15. page_functions           – the page's own functions in the browser: the a7–a4–a1 mill drawn
//                                 end to end (as the server names it), "44: no move" in the log.
//  22. review_orientation_cube  – a money game with a double and a take: the review keeps White at the
//                                 bottom through both players' decisions (checkers counted per half),
//                                 the cube drawn (centred, then the taker's at 2), arrows for the plays,
//                                 f flips the board and ↑/↓ jump between errors.
//  23. review_alternatives_bg   – a backgammon checker decision lists at least five plays with cubeful
//                                 equity, difference, chances and plies; a cube decision its cube table.
//  24. review_morris_databases  – a second server with the 3-against-3 databases built (ludus morris
//                                 solve): a Morris game from a 3-against-3 position, each alternative
//                                 of its review with the databases' value.
//  25. review_layout            – board and graph both in the viewport at 1280×800 (page not scrolled),
//                                 one column at 375×812; screenshots under target/e2e (and /tmp when
//                                 E2E_SHOT_DIR says so).
//  26. review_mat_file          – a gnubg .mat file opened for review on /review/open (file input), a
//                                 bad text refused with the translated message, an oversized one with 413.
//  16. analysis_edit            – edit mode of the analysis board: a backgammon position set up by
//                                 clicks (clear, checkers added and taken off, dice), 16 checkers and a
//                                 side with none refused by the server, the XGID it writes ranked; a Morris position
//                                 set up by clicks (the cycle, hands, side to move), inconsistent hands
//                                 refused, the FEN written, each ranked move with its database value
//                                 (or "not in the databases"); then games against the computer from the
//                                 Morris and the backgammon position (dice, cube, score kept).
//  17. analysis_variation       – the analysis board: an XGID's dice and cube shown, the best move as
//                                 arrows, ranked moves played as a variation (back/forward by buttons
//                                 and keys), a typed illegal move refused, a Morris move by a click;
//                                 1280×800 and 375×812 screenshots.
//  18. analysis_dice_seven      – dice 71 refused by the server, the message (en, et, hu) in place of
//                                 the board.
//  19. not_found_pages          – /play/doesnotexist, /review/doesnotexist, /nope: 404 with the
//                                 translated page; /api/nope: 404 JSON.
//  20. recent_games             – Recent games lists only this browser's games (asked by id), with
//                                 result, opponent and the computer's level, date; the level menu is
//                                 off for a friend; no Resign after.
//  21. et_hu_pages              – home, analysis board, 404 and a game page in Estonian and Hungarian
//                                 at 1280 and 375 px: no English word, no panel wider than itself.
//  27. analysis_clicks_address  – the analysis board's checkers moved by clicks for both sides (the
//                                 server offering each step), the variation kept in the address and
//                                 restored on reload (backgammon and Morris), a refused move in it.
//  28. review_slow_server       – a server whose requests may take 1 s: the .mat review outlasts it,
//                                 503 review-in-progress is answered while its job goes on, the page
//                                 says it is still at work, asks again and shows the review.
// Screenshots go to target/e2e/*.png. E2E_WEB_DIR=crates/server/web serves the page's files from
// that folder instead of the binary (to try changes to the page without rebuilding).

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = process.env.LUDUS_BIN || join(ROOT, 'target', 'debug', 'ludus');
const OUT = join(ROOT, 'target', 'e2e');
const MAX_MORRIS_PLIES = 400;     // a Morris game ends by the 100-ply rule long before this
const BG_TURNS = 6;               // backgammon turns played through the page
const WAIT_MS = 15000;            // the longest wait for any one state change
const REVIEW_WAIT_MS = 120000;    // the longest wait for a game's first review (the debug build's
                                  // 2-ply review of a long game on a loaded machine; the page asks
                                  // again while the server answers review-in-progress)
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

mkdirSync(OUT, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'ludus-e2e-'));

function assert(condition, message) { if (!condition) throw new Error(`assertion failed: ${message}`); }

// A friend game created through the API with both seats' tokens: the friend's seat claimed with
// the invitation's one-time code (the creator never receives that token).
async function withFriend(url, created) {
  const code = new URLSearchParams(created.invite.split('#')[1]).get('invite');
  const response = await fetch(`${url}/api/games/${created.id}/join`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite: code }),
  });
  const joined = await response.json();
  assert(response.ok, `join answered ${response.status}: ${JSON.stringify(joined)}`);
  return { ...created, tokens: { ...created.tokens, [joined.seat]: joined.token } };
}

// A small deterministic generator, so runs are repeatable.
let seed = 12345;
const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };

async function startServer(db = 'e2e.db', env = {}, args = []) {
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

const api = (page, path) => page.evaluate(async (p) => (await fetch(p)).json(), path);

// A game's review from the API, asked again while the server answers 503 review-in-progress (the
// review's job goes on; docs/server.md), as the page does.
async function reviewOf(url, id) {
  const deadline = Date.now() + REVIEW_WAIT_MS;
  for (;;) {
    const response = await fetch(`${url}/api/games/${id}/review`);
    const body = await response.json();
    if (response.status !== 503 || body.code !== 'review-in-progress') return body;
    assert(Date.now() < deadline, `the review of ${id} never came`);
    await new Promise((resolve) => { setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') || 2)); });
  }
}
const gameId = (page) => new URL(page.url()).pathname.split('/').pop();

// Waits until the server says `seat` must act (or the game is over); then until the page shows it.
async function waitForTurn(page, seat) {
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

async function setLanguage(page, lang) {
  await page.selectOption('#lang', lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

const point = (page, name) => page.click(`#morris-board [data-point="${name}"]`);

async function dragPoint(page, from, to) {
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

async function playMorrisMove(page, text, { drag = false } = {}) {
  const m = /^([a-g][1-7])(?:-([a-g][1-7]))?(?:x([a-g][1-7]))?$/.exec(text);
  if (m[2] && drag) await dragPoint(page, m[1], m[2]);
  else if (m[2]) { await point(page, m[1]); await point(page, m[2]); } else await point(page, m[1]);
  if (m[3]) { await page.waitForSelector('#morris-board .removable'); await point(page, m[3]); }
}

function pickMorris(moves) {
  const removals = moves.filter((m) => m.includes('x'));
  const pool = removals.length ? removals : moves;
  return pool[random(pool.length)];
}

// Games the later tests review: the Morris game of test 1, a random backgammon game.
const reviewed = {};

async function morrisFullGameEn(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await setLanguage(page, 'en');
  await page.selectOption('#morris-level', '1');
  await page.selectOption('#morris-side', 'white');
  await page.click('#start-morris');
  await page.waitForSelector('#morris-board');
  let plies = 0;
  let state;
  let screenshotTaken = false;
  let dragged = 0;
  for (; plies < MAX_MORRIS_PLIES; plies++) {
    state = await waitForTurn(page, 'white');
    if (state.result) break;
    if (!screenshotTaken && state.view.on_board.white >= 5 && state.view.mills.length > 0) {
      await page.screenshot({ path: join(OUT, 'morris-midgame-en.png') });
      screenshotTaken = true;
    }
    const before = state.version;
    // Slides alternate between drag and drop and two clicks.
    await playMorrisMove(page, pickMorris(state.legal_moves), { drag: plies % 2 === 0 });
    if (state.view.phase !== 'placing' && plies % 2 === 0) dragged += 1;
    await page.waitForFunction((v) => Number(document.querySelector('#play').dataset.version) > v, before, { timeout: WAIT_MS });
  }
  state = await api(page, `/api/games/${gameId(page)}`);
  assert(state.result, `the Morris game ended within ${MAX_MORRIS_PLIES} plies`);
  await page.waitForSelector('#summary:not([hidden])');
  const summary = await page.textContent('#summary');
  assert(/You (won|lost) —|drawn/.test(summary), `English game-over summary: ${summary}`);
  if (!screenshotTaken) await page.screenshot({ path: join(OUT, 'morris-midgame-en.png') });
  await page.screenshot({ path: join(OUT, 'morris-over-en.png') });
  const record = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/export`)).text(), gameId(page));
  assert(record.includes('1. '), 'the exported Morris record lists the moves');
  assert((await page.locator('#morris-board [data-last="to"]').count()) === 1, 'the last move is marked');
  const overText = await page.textContent('#play');
  assert((overText.match(/Game over\./g) || []).length <= 1, '"Game over." at most once');
  reviewed.morris = gameId(page);
  await page.close();
  return `${state.history.length} plies (${dragged} by drag and drop), result ${JSON.stringify(state.result)}`;
}

const bgPoint = (page, q) => page.click(`#bg-board [data-point="${q}"]`);

// Makes a random move through the page: a random click of those the server offers (the state's
// `view.steps`, then GET /steps after each click) until the move is complete; the preview must
// show the server's notation of it. Returns the move.
async function clickRandomMove(page, state) {
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

async function backgammonTurnsEt(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await setLanguage(page, 'et');
  assert((await page.textContent('#start-backgammon')).includes('Alusta'), 'Estonian start button');
  await page.selectOption('#bg-side', 'white');
  await page.selectOption('#bg-level', '3');
  await page.click('#start-backgammon');
  await page.waitForSelector('#bg-board');
  let turns = 0;
  let undoTested = false;
  while (turns < BG_TURNS) {
    const state = await waitForTurn(page, 'white');
    if (state.result) break;
    const view = state.view;
    if (view.phase === 'roll') {
      await page.click('#roll');
      await page.waitForFunction((v) => Number(document.querySelector('#play').dataset.version) > v, state.version);
      continue;
    }
    if (view.phase === 'doubled') { await page.click('#take'); continue; }
    if (!undoTested) {
      const { from, to } = view.steps.next[0];
      await bgPoint(page, from); await bgPoint(page, to);
      await page.waitForSelector('#undo:not([disabled])');
      await page.click('#undo');
      await page.waitForSelector('#undo[disabled]');
      undoTested = true;
    }
    const move = await clickRandomMove(page, state);
    assert(state.legal_moves.includes(move), `${move} is one of the legal moves`);
    if (turns === 1) await page.screenshot({ path: join(OUT, 'backgammon-before-confirm-et.png') });
    await page.click('#confirm');
    await page.waitForFunction((v) => Number(document.querySelector('#play').dataset.version) > v, state.version);
    turns += 1;
  }
  await page.screenshot({ path: join(OUT, 'backgammon-et.png') });
  const state = await api(page, `/api/games/${gameId(page)}`);
  const moved = state.history.filter((e) => e.seat === 'white' && !e.command.startsWith(':')).length;
  assert(moved >= Math.min(turns, BG_TURNS), 'every confirmed move is in the history');
  assert((await page.textContent('#counts')).includes('Silmi'), 'Estonian pip label');
  await page.close();
  return `${moved} white moves through the page, ${state.history.length} events`;
}

async function twoHumansHu(browser, url) {
  const host = await browser.newPage();
  await host.goto(url);
  await setLanguage(host, 'hu');
  await host.selectOption('#morris-opponent', 'human');
  await host.selectOption('#morris-side', 'white');
  await host.click('#start-morris');
  await host.waitForSelector('#invite-link');
  const invite = await host.inputValue('#invite-link');
  assert(/#invite=[0-9a-f]{32}$/.test(invite) && !invite.includes('token'), `invitation link ${invite}`);
  const guest = await browser.newPage();
  await guest.goto(invite);
  await guest.waitForSelector('#morris-board');
  assert(!guest.url().includes('token'), 'the token leaves the address bar');
  const moves = ['d6', 'd2', 'b6', 'f2', 'f6xd2', 'b2'];
  for (const [i, move] of moves.entries()) {
    const [mover, watcher] = i % 2 === 0 ? [host, guest] : [guest, host];
    await waitForTurn(mover, i % 2 === 0 ? 'white' : 'black');
    // A page in the background gets few animation frames: clicks there wait long to be "stable".
    await mover.bringToFront();
    await playMorrisMove(mover, move);
    // The other page learns of the move by the WebSocket alone.
    await watcher.waitForSelector(`#play[data-version="${i + 1}"]`, { timeout: WAIT_MS });
    await watcher.waitForSelector(`#morris-board [data-point="${move.slice(0, 2)}"] .piece`);
  }
  // The white mill b6-d6-f6 stands and is highlighted on both pages.
  await host.waitForSelector('#morris-board [data-mill="b6 d6 f6"]', { state: 'attached' });
  await guest.waitForSelector('#morris-board [data-mill="b6 d6 f6"]', { state: 'attached' });
  const status = await guest.textContent('#status');
  assert(/Várakozás|Te lépsz/.test(status), `Hungarian status: ${status}`);
  await host.screenshot({ path: join(OUT, 'morris-two-humans-hu.png') });
  await host.close(); await guest.close();
  return `${moves.length} moves relayed live between two pages`;
}

async function phoneLayout(browser, url) {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  await setLanguage(page, 'en');
  await page.selectOption('#bg-type', 'match');
  await page.fill('#bg-length', '3');
  await page.selectOption('#bg-side', 'black');
  await page.click('#start-backgammon');
  await page.waitForSelector('#bg-board');
  await waitForTurn(page, 'black');
  await page.screenshot({ path: join(OUT, 'backgammon-phone-en.png'), fullPage: true });
  const box = await page.locator('#bg-board').boundingBox();
  assert(box.width <= 390 && box.width > 300, `board fits the phone width (${box.width})`);
  assert((await page.textContent('#counts')).includes('Match to 3'), 'match length shown');
  // At 375 px each point is at least 24 px wide to tap.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(100);
  const tap = await page.locator('#bg-board [data-point="7"] .bg-hit').boundingBox();
  assert(tap.width >= 24, `a point is ${tap.width.toFixed(1)} px wide to tap at 375 px`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 375, `the game page fits 375 px (${wide})`);
  await page.close();
  return `board ${Math.round(box.width)} px wide; points ${tap.width.toFixed(1)} px wide at 375 px`;
}

async function playBackgammonTurn(page, state) {
  await clickRandomMove(page, state);
  await page.click('#confirm');
  await page.waitForFunction((v) => Number(document.querySelector('#play').dataset.version) > v, state.version);
}

async function cubeBetweenTwoPages(browser, url) {
  const host = await browser.newPage();
  await host.goto(url);
  await setLanguage(host, 'hu');
  await host.selectOption('#bg-opponent', 'human');
  await host.selectOption('#bg-side', 'white');
  await host.click('#start-backgammon');
  await host.waitForSelector('#invite-link');
  const guest = await browser.newPage();
  await guest.goto(await host.inputValue('#invite-link'));
  await guest.waitForSelector('#bg-board');
  const pages = { white: host, black: guest };
  const opening = await api(host, `/api/games/${gameId(host)}`);
  const opener = opening.to_act;
  const doubler = opener === 'white' ? 'black' : 'white';
  await pages[opener].bringToFront();
  await playBackgammonTurn(pages[opener], await waitForTurn(pages[opener], opener));
  const before = await waitForTurn(pages[doubler], doubler);
  assert(before.actions.includes('double'), `the doubler may double: ${before.actions}`);
  await pages[doubler].bringToFront();
  await pages[doubler].click('#double');
  // The opener's page learns of the offer over the WebSocket and shows Take / Pass.
  await pages[opener].waitForSelector('#take', { timeout: WAIT_MS });
  await pages[opener].waitForSelector('#pass');
  await pages[opener].screenshot({ path: join(OUT, 'backgammon-double-offered-hu.png') });
  await pages[opener].bringToFront();
  await pages[opener].click('#take');
  // The cube shows the offered value while the double waits too: wait for the take itself.
  await pages[opener].waitForSelector('#take', { state: 'detached', timeout: WAIT_MS });
  for (const page of [host, guest]) {
    await page.waitForFunction(() => document.querySelector('#cube + text')?.textContent === '2'
      && document.querySelector('#cube').getAttribute('stroke-width') === '2', null, { timeout: WAIT_MS });
  }
  const after = await api(host, `/api/games/${gameId(host)}`);
  assert(after.view.cube.value === 2 && after.view.cube.owner === opener, `cube ${JSON.stringify(after.view.cube)}`);
  // The doubler is told in words that the double was taken (the board shows only the cube).
  await pages[doubler].waitForFunction(() => /^Barát elfogadta a duplázást: a duplázókocka értéke 2\.?$/
    .test(document.getElementById('notice').textContent), null, { timeout: WAIT_MS })
    .catch(async () => { throw new Error(`assertion failed: the take is told: "${await pages[doubler].textContent('#notice')}"`); });
  await host.close(); await guest.close();
  return `${doubler} doubled, ${opener} took; the cube shows 2 on both pages`;
}

async function analysisAfterGame(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await setLanguage(page, 'en');
  await page.selectOption('#bg-opponent', 'human');
  await page.selectOption('#bg-side', 'white');
  await page.click('#start-backgammon');
  await page.waitForSelector('#invite-link');
  const id = gameId(page);
  const invite = await page.inputValue('#invite-link');
  // The side to act resigns through the API (white's token is the page's, black's the invitation's).
  const status = await page.evaluate(async ({ id, invite }) => {
    const state = await (await fetch(`/api/games/${id}`)).json();
    const code = new URLSearchParams(invite.split('#')[1]).get('invite');
    const token = state.to_act === 'white'
      ? JSON.parse(localStorage.getItem(`ludus:seat:${id}`)).token
      : (await (await fetch(`/api/games/${id}/join`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite: code }),
      })).json()).token;
    const response = await fetch(`/api/games/${id}/actions`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, action: 'resign' }),
    });
    return response.status;
  }, { id, invite });
  assert(status === 200, `resign answered ${status}`);
  await page.waitForSelector('#analyse', { timeout: WAIT_MS });
  await page.click('#analyse');
  await page.waitForSelector('.analysis-totals', { timeout: WAIT_MS });
  const rows = await page.locator('.analysis-totals tr').count();
  const columns = await page.locator('.analysis-totals tr:first-child th').count();
  assert(rows === 7 && columns === 3, `a header and six figures for two players, got ${rows} rows, ${columns} columns`);
  await page.screenshot({ path: join(OUT, 'backgammon-analysis-en.png') });
  // Nothing of the panel is cut at 1280 px, in English and in Hungarian (the longest words).
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const lang of ['en', 'hu']) {
    await setLanguage(page, lang);
    await page.waitForSelector('#analyse');
    await page.click('#analyse');
    await page.waitForSelector('.analysis-totals', { timeout: WAIT_MS });
    const clipped = await page.evaluate(() => [...document.querySelectorAll('#summary, #analysis, .analysis-totals')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.id || e.className} ${e.scrollWidth}>${e.clientWidth}`));
    assert(clipped.length === 0, `${lang}: the analysis panel is clipped: ${clipped}`);
  }
  const hu = await page.innerText('#summary');
  assert(/Hibaarány/.test(hu) && !/\b(White|Black|no double|double)\b/.test(hu), `the Hungarian analysis is translated: ${hu}`);
  await page.screenshot({ path: join(OUT, 'backgammon-analysis-hu.png') });
  await setLanguage(page, 'en');
  await page.close();
  return 'the summary shows the analysis of a finished game, unclipped at 1280 px in en and hu';
}

// Plays a backgammon game between two seats through the API with random moves (no doubles),
// then resigns it.
async function randomBackgammonGame(url) {
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

async function backgammonMoveMarked(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await setLanguage(page, 'et');
  await page.selectOption('#bg-side', 'white');
  await page.selectOption('#bg-level', '1');
  await page.click('#start-backgammon');
  await page.waitForSelector('#bg-board');
  // Play until the computer has answered one of our moves on this page.
  for (let turns = 0; turns < 6; turns++) {
    const state = await waitForTurn(page, 'white');
    const animated = Number(await page.getAttribute('#bg-board', 'data-animations') || 0);
    if (animated > 0 && state.view.last_play?.side === 'black' && state.view.last_play.steps.length) break;
    if (state.result) break;
    if (state.view.phase === 'roll') { await page.click('#roll'); await page.waitForFunction((v) => Number(document.querySelector('#play').dataset.version) > v, state.version); continue; }
    if (state.view.phase === 'doubled') { await page.click('#take'); continue; }
    await playBackgammonTurn(page, state);
  }
  assert(Number(await page.getAttribute('#bg-board', 'data-animations')) > 0, 'the computer\'s move was animated');
  await page.waitForSelector('#bg-board:not([data-animating="1"])', { timeout: WAIT_MS });
  const state = await api(page, `/api/games/${gameId(page)}`);
  const play = state.view.last_play;
  if (play.side === 'black') {
    // The viewer plays White: Black's point p is White's 25 - p.
    const to = play.steps[play.steps.length - 1].to;
    const shown = to === 0 ? null : 25 - to;
    if (shown) await page.waitForSelector(`#bg-board [data-last-to="${shown}"]`, { state: 'attached' });
  }
  assert((await page.locator('#bg-board [data-last-from]').count()) === play.steps.length, 'each checker of the last move is marked');
  const log = await page.textContent('#movelist');
  assert(!/: *$/m.test(log) && !/Doubles|Takes|Wins/.test(log), `the Estonian log is translated: ${log.slice(0, 200)}`);
  // The hint of the moment (the cube before rolling, a move after), in Estonian.
  if (!state.result && state.to_act === 'white') {
    await page.click('#hint-button');
    await page.waitForFunction(() => /^Vihje: /.test(document.querySelector('#hint-text').textContent), null, { timeout: WAIT_MS });
  }
  await page.screenshot({ path: join(OUT, 'backgammon-last-move-et.png') });
  await page.close();
  return `${play.side} played ${play.steps.map((s) => `${s.from}/${s.to}`).join(' ')}: animated, then marked`;
}

const reviewIndex = async (page) => Number(await page.getAttribute('#review', 'data-index'));

async function morrisReviewEn(browser, url) {
  assert(reviewed.morris, 'test 1 left a Morris game');
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  await setLanguage(page, 'en');
  // From "Recent games": the finished game's Review link.
  await page.click(`a.review-link[href="/review/${reviewed.morris}"]`);
  await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
  const steps = Number(await page.getAttribute('#review', 'data-steps'));
  const state = await api(page, `/api/games/${reviewed.morris}`);
  assert(steps === state.view.moves.length, `a step per move: ${steps} of ${state.view.moves.length}`);
  assert(await page.locator('#review-graph .graph-line').count() === 1, 'the graph is drawn');
  await page.click('#review-next');
  await page.keyboard.press('ArrowRight');
  assert(await reviewIndex(page) === 2, 'button and → step forward');
  await page.keyboard.press('ArrowLeft');
  assert(await reviewIndex(page) === 1, '← steps back');
  assert((await page.textContent('#review-played')).includes(state.view.moves[1]), 'the move shown is the game\'s');
  await page.click('.review-move[data-index="5"]');
  assert(await reviewIndex(page) === 5, 'a click on a move shows it');
  await page.waitForSelector(`#morris-board [data-point="${state.view.moves[5].replace(/^.*-/, '').slice(0, 2)}"] .piece`, { state: 'attached' });
  const dots = await page.locator('.graph-dot').count();
  if (dots > 0) {
    const index = Number(await page.locator('.graph-dot').first().getAttribute('data-index'));
    await page.locator('.graph-dot').first().dispatchEvent('click');
    assert(await reviewIndex(page) === index, 'a dot of the graph shows its move');
  }
  const summary = await page.textContent('#review-summary');
  assert(/moves ·/.test(summary), `a summary per player: ${summary}`);
  // Flipped (f), the board turns but its coordinates stay upright and readable.
  const upright = () => page.evaluate(() => [...document.querySelectorAll('#morris-board .mb-coord')]
    .map((label) => label.getScreenCTM().a > 0));
  assert((await upright()).every(Boolean), 'the coordinates read upright');
  await page.keyboard.press('f');
  await page.waitForSelector('#review-board.flipped');
  const flippedLabels = await upright();
  assert(flippedLabels.length === 14 && flippedLabels.every(Boolean), `flipped, the coordinates still read upright: ${flippedLabels}`);
  const [a, g] = await page.evaluate(() => ['a', 'g'].map((name) => [...document.querySelectorAll('#morris-board .mb-coord')]
    .find((label) => label.textContent === name).getBoundingClientRect().x));
  assert(a > g, 'flipped, file a is on the right');
  await page.screenshot({ path: join(OUT, 'review-morris-flipped-en.png') });
  await page.keyboard.press('f');
  await page.screenshot({ path: join(OUT, 'review-morris-desktop-en.png'), fullPage: true });
  await page.close();
  return `${steps} moves stepped, ${dots} errors on the graph`;
}

async function backgammonReviewError(browser, url) {
  const created = await randomBackgammonGame(url);
  reviewed.backgammon = created.id;
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${url}/review/${created.id}`);
  await setLanguage(page, 'en');
  await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
  const review = await reviewOf(url, created.id);
  const decisions = review.report.games.flatMap((g) => g.decisions);
  // Dots of neighbouring decisions may overlap: the click goes to this one's element.
  const dot = page.locator('.graph-dot').nth(1);
  const index = Number(await dot.getAttribute('data-index'));
  await dot.dispatchEvent('click');
  assert(await reviewIndex(page) === index, 'the dot shows its decision');
  const decision = decisions[index];
  assert(decision.mark !== 'none', 'the dot is an error');
  assert((await page.textContent('#review-played')).includes(decision.played), 'the decision played is shown');
  assert((await page.textContent('#review-best')).includes(decision.best), 'the best play is shown');
  // The board is the decision's: as many White checkers drawn as the position has on points and bar.
  const white = decision.board.points.filter((n) => n > 0).reduce((a, b) => a + b, 0) + decision.board.bar.white;
  const drawn = await page.locator('#bg-board circle.checker.white').count();
  assert(drawn === white, `${drawn} White checkers drawn, ${white} in the position`);
  assert(/error rate/.test(await page.textContent('#review-summary')), 'the error rate per player');
  await page.screenshot({ path: join(OUT, 'review-backgammon-desktop-en.png'), fullPage: true });
  await page.close();
  return `${decisions.length} decisions, decision ${index + 1} (${decision.mark}) shown from the graph`;
}

async function hintRematch(browser, url) {
  const page = await browser.newPage();
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(url);
  await setLanguage(page, 'en');
  await page.selectOption('#morris-side', 'white');
  await page.selectOption('#morris-level', '1');
  await page.click('#start-morris');
  let state = await waitForTurn(page, 'white');
  assert(await page.isHidden('#takeback'), 'no Take back before you have moved');
  await page.click('#hint-button');
  await page.waitForFunction(() => /Hint: [a-g][1-7]/.test(document.querySelector('#hint-text').textContent), null, { timeout: WAIT_MS });
  const hint = await page.textContent('#hint-text');
  await playMorrisMove(page, state.legal_moves[0]);
  state = await waitForTurn(page, 'white');
  assert(state.history.length === 2, 'the computer answered');
  let detail = hint;
  await page.waitForSelector('#takeback:not([hidden])', { timeout: WAIT_MS });
  await page.click('#takeback');
  await page.waitForFunction(() => document.querySelectorAll('#morris-board .piece').length === 0, null, { timeout: WAIT_MS });
  await page.waitForSelector('#takeback', { state: 'hidden', timeout: WAIT_MS });
  detail += ', takeback (hidden before the first move and after it)';
  assert(/Computer, level 1/.test(await page.textContent('#counts')), 'the computer is named with its level');
  await page.click('#resign');
  await page.waitForSelector('#summary:not([hidden])');
  const result = await page.textContent('#result-text');
  assert(/^You lost — resignation/.test(result), `personal result: ${result}`);
  const first = gameId(page);
  await page.click('#rematch');
  await page.waitForFunction((id) => !location.pathname.endsWith(id) && document.querySelector('#morris-board'), first);
  // The address changes before the new game's page is drawn: wait for its seat line.
  await page.waitForFunction(() => /You play Black/.test(document.querySelector('#you-are')?.textContent || ''), null, { timeout: WAIT_MS })
    .catch(() => { throw new Error('assertion failed: the rematch swaps the sides'); });
  await waitForTurn(page, 'black');
  await page.click('#resign');
  await page.waitForSelector('#tally');
  const tally = await page.textContent('#tally');
  assert(/you 0 – 2/.test(tally), `the series' score: ${tally}`);
  await page.close();
  return `${detail}; ${result}; ${tally}`;
}

// The words (three letters or more) of a message file, lower-cased: its messages without keys,
// variables and selector names.
function ftlWords(lang) {
  const text = readFileSync(join(ROOT, 'crates', 'i18n', 'ftl', `${lang}.ftl`), 'utf8').split('\n')
    .filter((line) => !line.startsWith('#')).map((line) => line.replace(/^[a-zA-Z][\w-]*\s*=/, ''))
    .join(' ').replace(/\$[\w-]+|\*?\[[\w-]+\]/g, ' ');
  return new Set((text.match(/\p{L}{3,}/gu) || []).map((word) => word.toLowerCase()));
}

// The English words a page in `lang` shows: the words of its text found in the English messages
// and nowhere in `lang`'s own (so "Ludus", "XGID" or "gnubg", in both, never count). Move
// notation (bar/22, 6/off) is no English.
function englishWordsIn(text, lang) {
  englishWordsIn.cache ??= {};
  const cache = englishWordsIn.cache;
  cache.en ??= ftlWords('en');
  cache[lang] ??= ftlWords(lang);
  const words = text.replace(/\b(bar|off)\/|\/(bar|off)\b|XGID=\S+/g, ' ').match(/\p{L}{3,}/gu) || [];
  return [...new Set(words.filter((word) => cache.en.has(word.toLowerCase()) && !cache[lang].has(word.toLowerCase())))];
}

const ENGLISH = /\b(White|Black|double|no double|take|pass|best|error|blunder|doubtful|Played|Loss|Decision|mistake|inaccuracy|moves|Game review)\b/;

async function reviewEtHu(browser, url) {
  const page = await browser.newPage();
  const seen = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const lang of ['et', 'hu']) {
      for (const id of [reviewed.backgammon, reviewed.morris]) {
        await page.goto(`${url}/review/${id}`);
        await setLanguage(page, lang);
        await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
        // A take decision and a cube word show in the backgammon detail only when stepped to.
        for (const step of [0, 3]) {
          await page.click(`.review-move[data-index="${step}"]`);
          const text = await page.innerText('#review');
          const english = ENGLISH.exec(text);
          assert(!english, `${lang} review of ${id} at ${width}: English word "${english?.[0]}"`);
          const untranslated = englishWordsIn(text, lang);
          assert(untranslated.length === 0, `${lang} review of ${id} at ${width}: English words ${untranslated}`);
          // Nothing clipped: no element of the review wider than its own box, the alternatives
          // table included (it fits its panel at 1280 px, in two lines per play at 375 px).
          const clipped = await page.evaluate(() => [...document.querySelectorAll('#review, #review *')]
            .filter((e) => !(e instanceof SVGElement) && e.scrollWidth > e.clientWidth + 1)
            .map((e) => `${e.id || e.className || e.tagName}: ${e.scrollWidth}>${e.clientWidth}`));
          assert(clipped.length === 0, `${lang} review of ${id} at ${width}: clipped ${clipped}`);
          // Nor anything past the review's box: every panel and the board inside the column.
          const outside = await page.evaluate(() => {
            const box = document.getElementById('review').getBoundingClientRect();
            return [...document.querySelectorAll('#review .panel, #review .board-wrap, #review-board svg')]
              .map((e) => [e.id || e.className.baseVal || e.className, e.getBoundingClientRect()])
              .filter(([, r]) => r.left < box.left - 1 || r.right > box.right + 1)
              .map(([name, r]) => `${name}: ${Math.round(r.left)}..${Math.round(r.right)} in ${Math.round(box.left)}..${Math.round(box.right)}`);
          });
          assert(outside.length === 0, `${lang} review of ${id} at ${width}: past the review's box: ${outside}`);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          assert(wide <= width, `${lang} review of ${id}: the page is ${wide} px wide at ${width}`);
        }
        seen.push(`${lang}/${width}`);
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(OUT, 'review-backgammon-hu.png'), fullPage: true });
  await page.close();
  return `${seen.length} reviews checked`;
}

async function reviewPhone(browser, url) {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 375, height: 812 });
  const widths = [];
  for (const [name, id] of [['morris', reviewed.morris], ['backgammon', reviewed.backgammon]]) {
    await page.goto(`${url}/review/${id}`);
    await setLanguage(page, 'en');
    await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
    await page.click('#review-next');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(width <= 375, `${name} review fits 375 px (${width})`);
    const board = await page.locator('#review-board svg').boundingBox();
    assert(board.width > 300, `${name} board ${board.width} px wide`);
    widths.push(width);
    await page.screenshot({ path: join(OUT, `review-${name}-phone-en.png`), fullPage: true });
  }
  await page.close();
  return `page widths ${widths.join(', ')} px`;
}

async function analysisBoard(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await setLanguage(page, 'en');
  await page.click('#open-analysis');
  const xgid = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10';
  await page.fill('#analysis-text', xgid);
  await page.click('#analysis-go');
  await page.waitForSelector('#ranking li', { timeout: WAIT_MS });
  const best = await page.textContent('#ranking li[data-rank="1"] code');
  assert(best === '8/5 6/5', `the best 31 at the start is 8/5 6/5, not ${best}`);
  await page.waitForSelector('#analysis-position #bg-board circle.checker');
  assert(/wins \d+\.\d %/.test(await page.textContent('#chances')), 'the winning chances are shown');
  const shared = page.url();
  assert(shared.includes('/analysis?text=XGID'), `the address holds the position: ${shared}`);
  // The lookahead is selectable: 0 plies ranks again, and the address says so.
  await page.selectOption('#analysis-plies', '0');
  await page.click('#analysis-go');
  await page.waitForFunction(() => location.search.includes('plies=0') && document.querySelector('#ranking li'),
    null, { timeout: WAIT_MS });
  const zeroPly = await page.textContent('#ranking li[data-rank="1"] code');
  assert(zeroPly === '8/5 6/5', `at 0 ply too the best 31 is 8/5 6/5, not ${zeroPly}`);
  const fen = 'O*******/********/******** b p p 1 8 0 9 0 0 -1 -1 -1 -1 0 0 1';
  await page.fill('#analysis-text', fen);
  await page.fill('#analysis-dice', '');
  await page.click('#analysis-go');
  await page.waitForSelector('#analysis-board[data-game="morris"] #ranking li', { timeout: WAIT_MS });
  assert(await page.locator('#analysis-position #morris-board .piece').count() === 1, 'the FEN\'s one piece is drawn');
  const morrisMoves = await page.locator('#ranking li').count();
  await page.goto(shared);
  await page.waitForSelector('#ranking li', { timeout: WAIT_MS });
  assert(await page.textContent('#ranking li[data-rank="1"] code') === best, 'the shared address shows the same analysis');
  await page.screenshot({ path: join(OUT, 'analysis-board-en.png'), fullPage: true });
  await page.close();
  return `XGID: best ${best} at 1 and 0 plies; FEN: ${morrisMoves} moves ranked; shared address reopened`;
}

// The analysis board's cube panel for the textbook last roll (23 rolls in 36 bear both off, the
// opponent is off next turn): exact double, take with +0.278 / +0.556 / +1.000 and a take point of
// 25 %, whatever the lookahead; then every ranked play labelled with the lookahead asked for.
async function analysisCubePanel(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await setLanguage(page, 'en');
  await page.click('#open-analysis');
  await page.fill('#analysis-text', 'XGID=--A-A-------------------b-:0:0:1:00:0:0:0:0:10');
  await page.fill('#analysis-dice', '');
  await page.selectOption('#analysis-plies', '2');
  // A fresh unoptimised server may still be building its bear-off databases: its answer is then
  // 503 (timeout, shown in place of the board) and the page asks again.
  for (let tries = 1; ; tries += 1) {
    await page.click('#analysis-go');
    await page.waitForSelector('#cube-panel, #board-error', { timeout: WAIT_MS * 2 });
    if (await page.locator('#cube-panel').count() > 0) break;
    assert(tries < 8, `no cube panel: ${await page.textContent('#board-error')}`);
  }
  const action = await page.getAttribute('#cube-panel', 'data-action');
  assert(action === 'double-take', `the proper action is double, take, not ${action}`);
  const values = [];
  for (const id of ['cube-nd', 'cube-dt', 'cube-dp']) values.push(await page.textContent(`#${id} td`));
  assert(values.join(' ') === '+0.278 +0.556 +1.000', `no double / double, take / double, pass: ${values}`);
  const words = await page.textContent('#cube-action');
  assert(/Proper action: double, take/.test(words) && /take point 25\.0 %/.test(words), `the action and take point: ${words}`);
  const source = await page.textContent('#cube-source');
  assert(/exact/.test(source), `the values say where they come from: ${source}`);
  // With dice the cube panel gives way to the ranking, each play with its lookahead.
  await page.fill('#analysis-text', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10');
  await page.selectOption('#analysis-plies', '1');
  await page.click('#analysis-go');
  await page.waitForFunction(() => !document.querySelector('#cube-panel') && document.querySelector('#ranking li'), null, { timeout: WAIT_MS * 4 });
  const ranked = await page.locator('#ranking li').count();
  const labelled = await page.locator('#ranking li .plies[data-plies="1"]').count();
  assert(ranked === 16 && labelled === ranked, `every one of the ${ranked} plays at 1 ply (${labelled} labelled so)`);
  assert(/\(1-ply\)/.test(await page.textContent('#chances')), 'the chances say their lookahead');
  await page.screenshot({ path: join(OUT, 'analysis-cube-panel-en.png'), fullPage: true });
  await page.close();
  return `double, take ${values.join(' / ')} (${source.trim()}); ${labelled} of ${ranked} plays labelled 1-ply`;
}

// The analysis board's edit mode, both games, and a game started from the position set up.
async function analysisEdit(browser, url) {
  const page = await browser.newPage();
  await page.goto(`${url}/analysis`);
  await setLanguage(page, 'en');
  const board = '#analysis-position';
  const at = (p) => `${board} [data-point="${p}"]`;
  // The page opens in edit mode on an empty board (a board to set up, not empty panels).
  await page.waitForSelector(`${board} #bg-board`);
  assert(await page.isVisible('#edit-panel') && !(await page.isVisible('#analysis-result')), 'the page opens editing');
  assert(await page.locator(`${board} circle.checker`).count() === 0, 'the board opens empty');
  await page.click('#edit-start');
  await page.waitForSelector(`${board} #bg-board circle.checker`);
  assert(await page.locator(`${board} circle.checker`).count() === 30, 'Starting position sets up the 30 checkers');
  await page.click('#edit-clear');
  assert(await page.locator(`${board} circle.checker`).count() === 0, 'the board is cleared');
  // White on its 1 and 2 points, Black on White's 24 (its own 1 point).
  await page.click(at(1));
  await page.click(at(2));
  await page.click(at(2));
  await page.click(at(2), { button: 'right' }); // takes one off again
  // The keyboard: Enter on a focused point adds, Delete takes off.
  await page.focus(at(3));
  await page.keyboard.press('Enter');
  assert(await page.locator(`${board} circle.checker`).count() === 3, 'Enter added a checker');
  await page.keyboard.press('Delete');
  assert(await page.locator(`${board} circle.checker`).count() === 2, 'Delete took it off again');
  await page.check('#edit-tool-black');
  await page.click(at(24));
  assert(await page.locator(`${board} circle.checker`).count() === 3, 'three checkers placed');
  // Sixteen white checkers are refused.
  await page.check('#edit-tool-white');
  for (let i = 0; i < 13; i++) await page.click(at(5));
  assert(await page.textContent('#error') === '', 'fifteen white checkers are allowed');
  await page.click(at(5));
  assert(/White already has 15 checkers/.test(await page.textContent('#error')), `16 refused: ${await page.textContent('#error')}`);
  await page.check('#edit-tool-remove');
  for (let i = 0; i < 13; i++) await page.click(at(5));
  // A side with no checker on the board is refused when leaving edit mode.
  await page.click(at(24));
  await page.click('#edit-toggle');
  // The server checks the set-up (POST /api/setup) and the page shows its translated refusal.
  const refusal = (pattern) => page.waitForFunction((source) => new RegExp(source).test(document.getElementById('error').textContent),
    pattern.source, { timeout: WAIT_MS });
  await refusal(/Black has no checker/);
  assert(/Black has no checker/.test(await page.textContent('#error')), 'a side with no checker is refused');
  assert(await page.isVisible('#edit-panel'), 'still editing after a refusal');
  await page.check('#edit-tool-black');
  await page.click(at(24));
  await page.selectOption('#edit-die1', '6');
  await page.selectOption('#edit-die2', '5');
  await page.click('#edit-toggle');
  await page.waitForSelector('#ranking li', { timeout: WAIT_MS });
  const xgid = await page.inputValue('#analysis-text');
  assert(xgid === 'XGID=-A---------------------aa-:0:0:-1:65:0:0:0:0:10', `the XGID written: ${xgid}`);
  const best = await page.textContent('#ranking li[data-rank="1"] code');
  assert((best.match(/off/g) || []).length === 2, `65 bears both checkers off: ${best}`);
  assert(page.url().includes('text=XGID'), 'the address holds the edited position');
  assert(!(await page.isVisible('#edit-panel')) && await page.isVisible('#play-from-here'),
    'no edit panel after editing; a game can start from the position');
  // Back into edit mode from the position read: the same set-up comes back out.
  await page.click('#edit-toggle');
  await page.selectOption('#edit-cube', '4');
  await page.selectOption('#edit-cube-owner', 'black');
  await page.fill('#edit-length', '7');
  await page.fill('#edit-score-white', '3');
  await page.dispatchEvent('#edit-score-white', 'change');
  await page.click('#edit-toggle');
  await page.waitForSelector('#ranking li', { timeout: WAIT_MS });
  const matchXgid = await page.inputValue('#analysis-text');
  assert(matchXgid === 'XGID=-A---------------------aa-:2:1:-1:65:0:3:0:7:10', `cube and score written: ${matchXgid}`);
  await page.screenshot({ path: join(OUT, 'analysis-edit-backgammon.png'), fullPage: true });

  // Morris: the flying three against three.
  await page.click('#edit-toggle');
  await page.selectOption('#edit-game', 'morris');
  await page.waitForSelector(`${board} #morris-board`);
  await page.click(at('d5'));
  assert(await page.getAttribute(`${at('d5')} .piece`, 'data-piece') === 'white', 'a click places White');
  await page.click(at('d5'));
  assert(await page.getAttribute(`${at('d5')} .piece`, 'data-piece') === 'black', 'a second click makes it Black');
  await page.click(at('d5'));
  assert(await page.locator(`${at('d5')} .piece`).count() === 0, 'a third click empties it');
  for (const p of ['a7', 'd7', 'b4']) await page.click(at(p));
  for (const p of ['e3', 'c3', 'f2']) { await page.click(at(p)); await page.click(at(p)); }
  await page.selectOption('#edit-hand-white', '1');
  await page.selectOption('#edit-hand-black', '0');
  await page.click('#edit-toggle');
  await refusal(/cannot occur/);
  assert(/cannot occur/.test(await page.textContent('#error')), `inconsistent hands refused: ${await page.textContent('#error')}`);
  await page.selectOption('#edit-hand-white', '0');
  await page.click('#edit-toggle');
  await page.waitForSelector('#analysis-board[data-game="morris"] #ranking li', { timeout: WAIT_MS });
  const fen = await page.inputValue('#analysis-text');
  assert(fen.startsWith('***@*@**/***@**O*/O******O w m s 3 0 3 0 0 0 -1 -1 -1 -1 0 0 1'), `the FEN written: ${fen}`);
  const ranked = await page.locator('#ranking li').count();
  // Each move with its database value where they know some, else one line saying they know none.
  const valued = await page.locator('#ranking li .db-value').count();
  const none = await page.locator('#db-none').count();
  assert(valued === ranked || (valued === 0 && none === 1), `the databases' word on the moves: ${valued} of ${ranked}, ${none}`);
  const db = await page.textContent(none ? '#db-none' : '#ranking li[data-rank="1"] .db-value');
  await page.screenshot({ path: join(OUT, 'analysis-edit-morris.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.click('#edit-toggle');
  await page.screenshot({ path: join(OUT, 'analysis-edit-phone.png'), fullPage: true });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 375, `the edit panel fits a phone: ${wide} px`);
  await page.click('#edit-toggle');
  await page.waitForSelector('#play-from-here:not([hidden])', { timeout: WAIT_MS });
  await page.setViewportSize({ width: 1280, height: 900 });
  // A game against the computer from this position.
  await page.selectOption('#play-side', 'white');
  await page.selectOption('#play-level', '1');
  await Promise.all([page.waitForURL(/\/play\//, { timeout: WAIT_MS }), page.click('#play-from-here-go')]);
  await page.waitForSelector('#morris-board .piece', { timeout: WAIT_MS });
  const state = await api(page, `/api/games/${gameId(page)}`);
  assert(state.start && state.view.points.a7 === 'white' && state.view.points.f2 === 'black', 'the game starts from the set-up position');
  assert(await page.locator('#morris-board .piece').count() === 6, 'the six pieces are drawn');
  // Its review starts from the set-up position too.
  const review = await reviewOf(url, state.id);
  assert(review.boards && review.boards[0].a7 === 'white' && review.boards[0].f2 === 'black', `the review's first board is the set-up: ${JSON.stringify(review).slice(0, 200)}`);
  // A backgammon game from the edited match position: the dice, the cube and the score go with it.
  await page.goto(`${url}/analysis?text=${encodeURIComponent(matchXgid)}`);
  await page.waitForSelector('#ranking li', { timeout: WAIT_MS });
  await page.selectOption('#play-side', 'white');
  // White's 65 bears off its last checker, a bear-off that plays itself: the setting is switched
  // off for this game, so that the set-up is seen before any move.
  const setAutoBearOff = (on) => page.evaluate((value) => localStorage.setItem('ludus:settings',
    JSON.stringify({ ...JSON.parse(localStorage.getItem('ludus:settings') || '{}'), autoBearOff: value })), on);
  await setAutoBearOff(false);
  await Promise.all([page.waitForURL(/\/play\//, { timeout: WAIT_MS }), page.click('#play-from-here-go')]);
  await page.waitForSelector('#bg-board circle.checker', { timeout: WAIT_MS });
  const bg = await api(page, `/api/games/${gameId(page)}`);
  await setAutoBearOff(true);
  assert(bg.start && JSON.stringify(bg.view.dice) === '[6,5]' && bg.view.cube.value === 4 && bg.view.match.length === 7
    && bg.view.match.score.white === 3 && bg.to_act === 'white', `the backgammon game starts from the set-up: ${JSON.stringify(bg.view).slice(0, 300)}`);
  await page.screenshot({ path: join(OUT, 'analysis-play-backgammon.png'), fullPage: true });
  // Estonian and Hungarian: every text of both edit panels translated.
  for (const lang of ['et', 'hu']) {
    await page.goto(`${url}/analysis`);
    await setLanguage(page, lang);
    await page.waitForSelector('#edit-game');
    let text = await page.textContent('#analysis-board');
    await page.selectOption('#edit-game', 'morris');
    await page.waitForSelector('#edit-hand-white');
    text += await page.textContent('#analysis-board');
    const english = /\b(edit|play-from|analysis-db)-|Click|On roll|Starting position|Clear board|in hand|Side to move|Match length|Done editing/.exec(text);
    assert(!english, `${lang}: "${english && english[0]}" left in the edit panel`);
    if (lang === 'hu') await page.screenshot({ path: join(OUT, 'analysis-edit-hu.png'), fullPage: true });
  }
  await setLanguage(page, 'en');
  // The backgammon edit panel at phone width.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${url}/analysis`);
  await page.click('#edit-start');
  await page.waitForSelector(`${board} #bg-board circle.checker`);
  await page.screenshot({ path: join(OUT, 'analysis-edit-backgammon-phone.png'), fullPage: true });
  const bgWide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(bgWide <= 375, `the backgammon edit panel fits a phone: ${bgWide} px`);
  await page.close();
  return `XGID ${xgid} (best ${best}), ${matchXgid}; FEN ranked ${ranked} moves (best: ${db}); game ${state.id} from it`;
}

async function pageFunctions(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await setLanguage(page, 'en');
  const found = await page.evaluate(async () => {
    const morris = await import('/assets/morris.js');
    const backgammon = await import('/assets/backgammon.js');
    return {
      ends: morris.lineEnds(['a7', 'a1', 'a4']),
      noMove: backgammon.logText('44: '),
      doubles: backgammon.logText('Doubles => 4'),
      lowFirst: backgammon.logText('14: 4/off 1/off'),
      wins: [1, 2].map((points) => backgammon.logText(`Wins ${points} point${points > 1 ? 's' : ''}`)),
    };
  });
  // Plurals through the Fluent selectors, in each language.
  const plurals = {};
  for (const lang of ['en', 'et', 'hu']) {
    await setLanguage(page, lang);
    plurals[lang] = await page.evaluate(async () => {
      const { t } = await import('/assets/i18n.js');
      return [1, 2].map((n) => t('review-bg-summary', { rate: '1.0', decisions: 9, doubtful: n, errors: n, blunders: n }));
    });
  }
  await setLanguage(page, 'en');
  assert(plurals.en[0].endsWith('1 doubtful, 1 error, 1 blunder') && plurals.en[1].endsWith('2 doubtful, 2 errors, 2 blunders'),
    `English plurals: ${plurals.en}`);
  assert(plurals.et[0].endsWith('1 kahtlane, 1 viga, 1 suur viga') && plurals.et[1].endsWith('2 kahtlast, 2 viga, 2 suurt viga'),
    `Estonian plurals: ${plurals.et}`);
  assert(plurals.hu[1].endsWith('2 kétes, 2 hiba, 2 durva hiba'), `Hungarian: ${plurals.hu}`);
  assert(found.lowFirst === '41: 4/off 1/off', `the higher die first: ${found.lowFirst}`);
  assert(found.wins.join() === 'Wins 1 point,Wins 2 points', `no "point(s)": ${found.wins}`);
  assert(found.ends.join(' ') === 'a1 a7', `the a-file mill runs a1 to a7: ${found.ends}`);
  assert(found.noMove === '44: no move' && found.doubles === 'Doubles to 4', `log lines: ${found.noMove}, ${found.doubles}`);
  // The mills come from the server: a pasted position with the a-file mill draws it end to end.
  await page.goto(`${url}/analysis?text=${encodeURIComponent('W.....WW/......../........ b 6 7 0')}`);
  await page.waitForSelector('#morris-board [data-mill]', { state: 'attached', timeout: WAIT_MS });
  const mills = await page.$$eval('#morris-board [data-mill]', (lines) => lines.map((line) => line.dataset.mill.split(' ').sort().join(' ')));
  assert(mills.join() === 'a1 a4 a7', `the server's standing mills drawn: ${mills}`);
  await page.close();
  return `mill ends ${found.ends.join('–')}, "${found.noMove}", the server's mill ${mills}`;
}

async function sigkillResume() {
  const json = async (response) => { const body = await response.json(); assert(response.ok, JSON.stringify(body)); return body; };
  const post = (url, body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(json);
  let { server, url } = await startServer('kill.db');
  const games = [];
  for (const game of ['morris', 'backgammon']) {
    const created = await withFriend(url, await post(`${url}/api/games`, { game, opponent: 'human', side: 'white', seed: 5 }));
    let state = created.state;
    for (let i = 0; i < 9 && !state.result; i++) {
      const token = created.tokens[state.to_act];
      state = state.legal_moves.length
        ? await post(`${url}/api/games/${created.id}/moves`, { token, move: state.legal_moves[random(state.legal_moves.length)] })
        : await post(`${url}/api/games/${created.id}/actions`, { token, action: 'roll' });
    }
    games.push({ id: created.id, state, tokens: created.tokens });
  }
  server.kill('SIGKILL');
  await new Promise((resolve) => server.on('exit', resolve));
  ({ server, url } = await startServer('kill.db'));
  try {
    for (const game of games) {
      const state = await fetch(`${url}/api/games/${game.id}`).then(json);
      assert(state.version === game.state.version, `version ${state.version} after the kill, ${game.state.version} before`);
      assert(JSON.stringify(state.history) === JSON.stringify(game.state.history), 'the history survived SIGKILL');
      assert(JSON.stringify(state.view) === JSON.stringify(game.state.view), 'the board survived SIGKILL');
    }
  } finally { server.kill('SIGTERM'); }
  return `${games.map((g) => g.state.version).join(' + ')} commands survived a SIGKILL`;
}

// A friend backgammon game made through the API, for the tests below: its id, tokens and state.
async function friendBackgammonGame(url, seed) {
  const post = async (path, body) => (await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  const created = await withFriend(url, await post('/api/games', { game: 'backgammon', opponent: 'human', side: 'white', seed, rules: { cube: false } }));
  return { ...created, post };
}

const seatUrl = (url, game, seat) => `${url}/play/${game.id}#seat=${seat}&token=${game.tokens[seat]}`;

// auto_bear_off_page: a friend game played through the API to a bear-off where nothing else matters
// (view.auto_play); the page waits with the setting off, and plays it by itself with the setting on
// (the default).
async function autoBearOffPage(browser, url) {
  // Random plays through the API until the side to act has a bear-off where nothing else matters
  // (the server names it in view.auto_play).
  let own = 77;
  const pick = (n) => { own = (own * 1103515245 + 12345) % 2147483648; return own % n; };
  let game = null;
  let state = null;
  for (let seed = 1; seed <= 8 && !state?.view.auto_play; seed++) {
    game = await friendBackgammonGame(url, seed);
    state = game.state;
    for (let i = 0; i < 800 && !state.result && !state.view.auto_play; i++) {
      const token = game.tokens[state.to_act];
      state = state.legal_moves.length
        ? await game.post(`/api/games/${game.id}/moves`, { token, move: state.legal_moves[pick(state.legal_moves.length)] })
        : await game.post(`/api/games/${game.id}/actions`, { token, action: 'roll' });
    }
  }
  const play = state.view.auto_play;
  assert(play && play.split(' ').every((step) => step.includes('/off')), `an automatic bear-off was reached: ${play}`);
  assert(state.legal_moves.includes(play), `${play} is legal`);
  const seat = state.to_act;
  // Switched off in the settings: the page waits for the player.
  const page = await browser.newPage();
  await page.goto(url);
  await page.evaluate(() => localStorage.setItem('ludus:settings', JSON.stringify({ autoBearOff: false })));
  await page.goto(seatUrl(url, game, seat));
  await page.waitForSelector(`#play[data-version="${state.version}"]`, { timeout: WAIT_MS });
  assert(!(await page.isChecked('#set-autoBearOff')), 'the setting shows off');
  await page.waitForTimeout(1500);
  assert((await api(page, `/api/games/${game.id}`)).version === state.version, 'nothing played with the setting off');
  // Switched on (the default): the page plays it by itself.
  await page.evaluate(() => localStorage.removeItem('ludus:settings'));
  await page.reload();
  await page.waitForSelector('#set-autoBearOff:checked', { state: 'attached', timeout: WAIT_MS });
  await page.waitForSelector(`#play[data-version="${state.version + 1}"]`, { timeout: WAIT_MS });
  const after = await api(page, `/api/games/${game.id}`);
  assert(after.history[after.history.length - 1].command === play, `the page played ${play}`);
  await page.screenshot({ path: join(OUT, 'backgammon-auto-bear-off.png') });
  await page.close();
  return `${seat} bore off ${play} by itself (after ${state.version} commands), not with the setting off`;
}

// double_click_higher_die: double clicks play a checker by the higher die, then by the other die.
async function doubleClickHigherDie(browser, url) {
  const game = await friendBackgammonGame(url, 5);
  const { state } = game;
  const seat = state.to_act;
  const [high, low] = [...state.view.dice].sort((a, b) => b - a);
  assert(high !== low, 'an opening roll is never a double');
  const page = await browser.newPage();
  await page.goto(seatUrl(url, game, seat));
  await page.waitForSelector(`#play[data-version="${state.version}"]`, { timeout: WAIT_MS });
  await page.bringToFront();
  // A checker that can move by the higher die: a double click plays that step.
  const first = state.view.steps.next.find((n) => n.steps.length === 1 && n.from - n.to === high);
  assert(first, `a checker moves ${high}`);
  await page.dblclick(`#bg-board [data-point="${first.from}"]`);
  await page.waitForSelector('#undo:not([disabled])', { timeout: WAIT_MS });
  // The other die on another double click (now the higher die left): the move is complete.
  const taken = `${first.from}/${first.to}`;
  const node = await api(page, `/api/games/${game.id}/steps?version=${state.version}&taken=${taken}`);
  const second = node.next.find((n) => n.steps.length === 1 && n.from - n.to === low);
  assert(second, `a checker moves ${low} after ${taken}`);
  await page.dblclick(`#bg-board [data-point="${second.from}"]`);
  await page.waitForSelector('#move-preview', { timeout: WAIT_MS });
  const preview = await page.textContent('#move-preview');
  const expected = await api(page, `/api/games/${game.id}/steps?version=${state.version}&taken=${taken},${second.from}/${second.to}`);
  assert(expected.complete && preview === expected.move, `the preview ${preview} is ${expected.move}`);
  await page.click('#confirm');
  await page.waitForFunction((v) => Number(document.querySelector('#play').dataset.version) > v, state.version);
  await page.close();
  return `double clicks played ${first.from}/${first.to} (${high}) then ${second.from}/${second.to} (${low}): ${preview}`;
}

// The analysis board as a place to work: a pasted XGID shows its dice and cube, the best move as
// arrows; ranked moves played on it make a variation that ←/→ and the buttons step through; a
// Morris move made on the board extends it; the screenshots at desktop and phone width.
async function analysisVariation(browser, url) {
  const page = await analysisPageEn(browser, url);
  // A 4-cube owned by Black, 2–1 to 7: the cube and the dice come from the XGID.
  const xgid = 'XGID=-b----E-C---eE---c-e----B-:2:1:1:31:2:1:0:7:10';
  await page.fill('#analysis-text', xgid);
  await page.click('#analysis-go');
  await page.waitForSelector('#ranking li, #board-error', { timeout: WAIT_MS * 2 });
  assert(await page.locator('#board-error').count() === 0, `the XGID is read: ${await page.locator('#board-error').textContent().catch(() => '')}`);
  assert(await page.inputValue('#analysis-dice') === '31', 'the XGID\'s dice fill the dice box');
  assert(await page.locator('#analysis-position .die-group').count() === 2, 'the two dice are drawn');
  assert(await page.textContent('#analysis-position #cube') !== null && await page.textContent('#analysis-position .cube-text') === '4', 'the 4-cube is drawn');
  assert(/Cube: 4 \(Black\) · Match to 7/.test(await page.textContent('#cube-shown')), `the cube in words: ${await page.textContent('#cube-shown')}`);
  await page.waitForSelector('#analysis-position .bg-best', { timeout: WAIT_MS });
  const arrows = await page.locator('#analysis-position .bg-best').count();
  assert(arrows === 2, `the best 31 (8/5 6/5) is two arrows, got ${arrows}`);
  await page.screenshot({ path: join(OUT, 'analysis-board-desktop.png') });
  const first = await page.textContent('#ranking li[data-rank="1"] code');
  // Play the best move: the variation has one move, White is on roll without dice.
  await page.click('#ranking li[data-rank="1"] button');
  await page.waitForFunction(() => document.querySelectorAll('#var-moves button[data-node]').length === 1, null, { timeout: WAIT_MS });
  await page.waitForSelector('#no-dice', { timeout: WAIT_MS });
  assert(await page.inputValue('#analysis-dice') === '', 'no dice after the move');
  const afterFirst = await page.inputValue('#analysis-text');
  assert(afterFirst !== xgid && afterFirst.startsWith('XGID='), `the position after the move: ${afterFirst}`);
  assert(await page.locator('#analysis-position .bg-last-arrow').count() === 2, 'the move played is marked');
  // White rolls 64 (typed) and plays the second best move.
  await page.fill('#analysis-dice', '64');
  await page.click('#analysis-go');
  await page.waitForSelector('#ranking li[data-rank="2"]', { timeout: WAIT_MS });
  const second = await page.textContent('#ranking li[data-rank="2"] code');
  await page.click('#ranking li[data-rank="2"] button');
  await page.waitForFunction(() => document.querySelectorAll('#var-moves button[data-node]').length === 2, null, { timeout: WAIT_MS });
  const moves = await page.innerText('#var-moves');
  assert(moves.includes(`31: ${first}`) && moves.includes(`64: ${second}`), `the variation: ${moves}`);
  // Back and forward: the buttons and the arrow keys.
  await page.click('#var-back');
  await page.waitForFunction((t) => document.getElementById('analysis-text').value === t, afterFirst, { timeout: WAIT_MS });
  await page.click('#var-first');
  await page.waitForFunction((t) => document.getElementById('analysis-text').value === t, xgid, { timeout: WAIT_MS });
  await page.locator('h2').click();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((t) => document.getElementById('analysis-text').value === t, afterFirst, { timeout: WAIT_MS });
  await page.keyboard.press('End');
  await page.waitForFunction(() => document.querySelector('#var-moves button.current')?.dataset.node === '2', null, { timeout: WAIT_MS });
  // A move typed: the server checks it.
  await page.click('#var-back');
  await page.waitForSelector('#ranking li', { timeout: WAIT_MS });
  await page.fill('#analysis-move', '24/13');
  await page.click('#analysis-play');
  await page.waitForFunction(() => /not a legal move/.test(document.getElementById('error').textContent), null, { timeout: WAIT_MS });
  // Morris: a piece placed by a click on the board extends the variation.
  await page.fill('#analysis-text', '......../......../........ w 9 9 0');
  await page.click('#analysis-go');
  await page.waitForSelector('#analysis-board[data-game="morris"] #ranking li', { timeout: WAIT_MS });
  await page.waitForSelector('#analysis-position .best-move', { timeout: WAIT_MS });
  await page.click('#analysis-position [data-point="d6"]');
  await page.waitForFunction(() => document.querySelectorAll('#var-moves button[data-node]').length === 1, null, { timeout: WAIT_MS });
  await page.waitForSelector('#analysis-position [data-point="d6"] .piece.white', { timeout: WAIT_MS });
  await page.waitForFunction(() => document.getElementById('analysis-result').textContent.includes('Black to play'), null, { timeout: WAIT_MS });
  await page.click('#analysis-position [data-point="d6"]');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${url}/analysis?text=${encodeURIComponent(xgid)}`);
  await page.waitForSelector('#analysis-position .bg-best', { timeout: WAIT_MS });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 375, `the analysis board fits a phone: ${wide} px`);
  await page.screenshot({ path: join(OUT, 'analysis-board-phone.png'), fullPage: true });
  await page.close();
  return `XGID: dice 31 and cube 4 shown, best ${first} drawn; variation ${moves.replace(/\n/g, ' ')}; back/forward by buttons and keys; Morris d6 by a click`;
}

// A page on the analysis board at 1280×800, in English.
async function analysisPageEn(browser, url) {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${url}/analysis`);
  await setLanguage(page, 'en');
  return page;
}

// The analysis board's checkers moved by clicks (each step offered by GET /api/position/steps):
// Black's 31 from the bottom, then White's 64 on the same board (White's checkers clicked where
// Black sees them); the variation in the address survives a reload, for backgammon and Morris.
async function analysisClicksAddress(browser, url) {
  const page = await analysisPageEn(browser, url);
  const xgid = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10';
  await page.goto(`${url}/analysis?text=${encodeURIComponent(xgid)}`);
  await page.waitForSelector('#ranking li', { timeout: WAIT_MS * 2 });
  const board = '#analysis-position';
  const click = async (point) => {
    await page.click(`${board} [data-point="${point}"]`);
    await page.waitForTimeout(50);
  };
  // The server offers the 31's destinations only: from 13 the 10, 12 and 9, never the 7.
  await click(13);
  await page.waitForSelector(`${board} [data-target="10"]`, { timeout: WAIT_MS });
  assert(await page.locator(`${board} [data-target="7"]`).count() === 0, 'no 6 among the dice 31');
  await click(13);
  await click(8);
  await page.waitForSelector(`${board} [data-target="5"]`, { timeout: WAIT_MS });
  await click(5);
  await page.waitForFunction(() => document.querySelectorAll('#analysis-position .die.used').length === 1, null, { timeout: WAIT_MS });
  await click(6);
  await click(5);
  await page.waitForSelector('#analysis-controls #move-preview', { timeout: WAIT_MS });
  assert(await page.textContent('#move-preview') === '8/5 6/5', `the move built: ${await page.textContent('#move-preview')}`);
  await page.click('#analysis-controls #confirm');
  await page.waitForFunction(() => document.querySelectorAll('#var-moves button[data-node]').length === 1, null, { timeout: WAIT_MS });
  await page.waitForSelector('#no-dice', { timeout: WAIT_MS });
  // White rolls 64 and moves from the top of the board Black sees at the bottom.
  await page.fill('#analysis-dice', '64');
  await page.click('#analysis-go');
  await page.waitForSelector('#ranking li', { timeout: WAIT_MS });
  // Black stays at the bottom: White's 24-point is Black's 1-point, bottom right.
  const back = await page.locator(`${board} [data-point="24"]`).boundingBox();
  const boardBox = await page.locator(`${board} svg`).boundingBox();
  assert(back.y > boardBox.y + boardBox.height / 3 && back.x > boardBox.x + boardBox.width / 2,
    `White's 24-point is clicked in Black's home board: ${JSON.stringify(back)} in ${JSON.stringify(boardBox)}`);
  await click(24);
  await page.waitForSelector(`${board} [data-target="18"]`, { timeout: WAIT_MS });
  await click(18);
  await click(13);
  await page.waitForSelector(`${board} [data-target="9"]`, { timeout: WAIT_MS });
  await click(9);
  await page.waitForSelector('#analysis-controls #move-preview', { timeout: WAIT_MS });
  const built = await page.textContent('#move-preview');
  assert(built === '24/18 13/9', `White's move built: ${built}`);
  await page.click('#analysis-controls #confirm');
  await page.waitForFunction(() => document.querySelectorAll('#var-moves button[data-node]').length === 2, null, { timeout: WAIT_MS });
  const moves = await page.innerText('#var-moves');
  assert(moves.includes('31: 8/5 6/5') && moves.includes('64: 24/18 13/9'), `the variation: ${moves}`);
  // Back one move: the address holds the variation and the cursor; a reload restores both.
  await page.click('#var-back');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('at') === '1', null, { timeout: WAIT_MS });
  const address = new URL(page.url());
  assert(address.searchParams.get('text') === xgid, `the address starts from the pasted position: ${address.search}`);
  assert(address.searchParams.get('line') === '31:8/5 6/5;64:24/18 13/9', `the address holds the moves: ${address.searchParams.get('line')}`);
  const shown = await page.inputValue('#analysis-text');
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#var-moves button[data-node]').length === 2, null, { timeout: WAIT_MS });
  await page.waitForFunction(() => document.querySelector('#var-moves button.current')?.dataset.node === '1', null, { timeout: WAIT_MS });
  assert(await page.inputValue('#analysis-text') === shown, 'the reload shows the same position');
  assert(await page.inputValue('#analysis-dice') === '64', 'with the dice rolled there');
  await page.waitForSelector('#ranking li', { timeout: WAIT_MS });
  const reloaded = await page.locator(`${board} [data-point="24"]`).boundingBox();
  const reloadedBoard = await page.locator(`${board} svg`).boundingBox();
  const same = Math.abs((reloaded.y - reloadedBoard.y) - (back.y - boardBox.y)) < 2 && Math.abs(reloaded.x - back.x) < 2;
  assert(same, `the reload keeps the first position's orientation: ${JSON.stringify([reloaded, back])}`);
  const shots = process.env.E2E_SHOT_DIR || OUT;
  await page.waitForSelector(`${board} .bg-best`, { timeout: WAIT_MS });
  await click(24);
  await page.screenshot({ path: join(shots, 'analysis-clicks-desktop.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await page.waitForSelector(`${board} .bg-best`, { timeout: WAIT_MS });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 375, `the analysis board with its variation fits a phone: ${wide} px`);
  await page.screenshot({ path: join(shots, 'analysis-clicks-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Morris: two placements in the address, the cursor on the first.
  await page.goto(`${url}/analysis?text=${encodeURIComponent('......../......../........ w 9 9 0')}&line=${encodeURIComponent('d6;a7')}&at=1`);
  await page.waitForFunction(() => document.querySelectorAll('#var-moves button[data-node]').length === 2, null, { timeout: WAIT_MS });
  await page.waitForSelector(`${board} [data-point="d6"] .piece.white`, { timeout: WAIT_MS });
  assert(await page.locator(`${board} [data-point="a7"] .piece`).count() === 0, 'the cursor is on the first move');
  await page.waitForFunction(() => document.getElementById('analysis-result').textContent.includes('Black to play'), null, { timeout: WAIT_MS });
  // A move the rules refuse stops the variation there, with the reason.
  await page.goto(`${url}/analysis?text=${encodeURIComponent('......../......../........ w 9 9 0')}&line=${encodeURIComponent('d6;d6')}`);
  await page.waitForFunction(() => /occupied/.test(document.getElementById('error').textContent), null, { timeout: WAIT_MS });
  assert(await page.locator('#var-moves button[data-node]').count() === 1, 'the moves before the refused one are kept');
  await page.close();
  return `8/5 6/5 and 24/18 13/9 clicked (White's from Black's side of the board); address ${address.search.length} characters restored on reload; Morris d6;a7 at 1`;
}

// Dice 7 typed beside a position: the server refuses them and the page says why, translated,
// in place of the board.
async function analysisDiceSeven(browser, url) {
  const page = await browser.newPage();
  await page.goto(`${url}/analysis`);
  const seen = [];
  for (const [lang, words] of [['en', /“71” are not dice/], ['et', /„71“ ei ole täringuveeretus/], ['hu', /„71” nem kockadobás/]]) {
    await setLanguage(page, lang);
    await page.goto(`${url}/analysis`);
    await page.fill('#analysis-text', 'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10');
    await page.fill('#analysis-dice', '71');
    await page.click('#analysis-go');
    await page.waitForSelector('#board-error', { timeout: WAIT_MS });
    const text = await page.textContent('#board-error');
    assert(words.test(text), `${lang}: dice 71 refused in words: ${text}`);
    assert(!/iterable|PIPS/.test(text), `${lang}: no script error: ${text}`);
    assert(await page.locator('#analysis-position svg').count() === 0, `${lang}: no board beside the error`);
    assert(!(await page.isVisible('#analysis-result')), `${lang}: no analysis beside the error`);
    seen.push(text);
  }
  await setLanguage(page, 'en');
  await page.close();
  return seen.join(' | ');
}

// Unknown games and addresses: a translated 404 page for people, JSON under /api/.
async function notFoundPages(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  const seen = [];
  for (const [lang, title] of [['en', 'Not found'], ['et', 'Ei leitud'], ['hu', 'Nem található']]) {
    await setLanguage(page, lang);
    for (const path of ['/play/doesnotexist', '/review/doesnotexist', '/nope']) {
      const response = await page.goto(`${url}${path}`);
      assert(response.status() === 404, `${path} answers ${response.status()}`);
      await page.waitForSelector('#not-found', { timeout: WAIT_MS });
      const text = await page.innerText('#not-found');
      assert(text.includes(title), `${lang} ${path}: ${text}`);
      assert(path === '/nope' ? text.includes('/nope') : text.includes('doesnotexist'), `${lang} ${path} names what is missing: ${text}`);
      assert(!(await page.isVisible('#morris-form')), `${lang} ${path}: not the home page`);
      seen.push(`${lang}${path}`);
    }
  }
  const api = await page.evaluate(async () => { const r = await fetch('/api/nope'); return [r.status, r.headers.get('content-type'), await r.text()]; });
  assert(api[0] === 404 && api[1].includes('json') && JSON.parse(api[2]).code === 'no-such-endpoint', `/api/nope: ${api}`);
  await page.screenshot({ path: join(OUT, 'not-found-hu.png') });
  await setLanguage(page, 'en');
  await page.close();
  return `${seen.length} pages 404 with the page; /api/nope JSON`;
}

// Recent games: this browser's games only, each with its result, opponent and date; the level
// menu is off for a friend.
async function recentGames(browser, url) {
  const page = await browser.newPage();
  await page.goto(url);
  await setLanguage(page, 'en');
  assert(!(await page.isDisabled('#morris-level')), 'the level is offered against the computer');
  await page.selectOption('#morris-opponent', 'human');
  assert(await page.isDisabled('#morris-level'), 'no level against a friend');
  // A game made by another client is not listed.
  const foreign = await page.evaluate(async () => (await (await fetch('/api/games', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: 'morris' }) })).json()).id);
  await page.selectOption('#morris-opponent', 'computer');
  await page.click('#start-morris');
  await page.waitForSelector('#morris-board');
  const mine = gameId(page);
  page.once('dialog', (dialog) => dialog.accept());
  await page.click('#resign');
  await page.waitForSelector('#result-text', { timeout: WAIT_MS });
  assert(!(await page.isVisible('#resign')), 'no Resign button after the game');
  await page.goto(url);
  await page.waitForSelector(`#games li[data-game="${mine}"]`, { timeout: WAIT_MS });
  assert(await page.locator(`#games li[data-game="${foreign}"]`).count() === 0, 'another client\'s game is not listed');
  const line = await page.innerText(`#games li[data-game="${mine}"]`);
  assert(/against the computer \(level \d+\)/.test(line) && /you lost/.test(line) && /\d/.test(line), `the line: ${line}`);
  await page.close();
  return line.replace(/\s+/g, ' ');
}

// Estonian and Hungarian pages: no English word, no panel wider than itself.
const ENGLISH_WORDS = /\b(White|Black|Computer|Start game|Recent games|Analysis board|Edit position|Position|Dice|Moves|Resign|Settings|Not found|in hand|on board|Match|Cube|Score|point\(s\)|errors|blunders)\b/;
async function etHuPages(browser, url) {
  const page = await browser.newPage();
  const checked = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const lang of ['et', 'hu']) {
      await page.goto(url);
      await setLanguage(page, lang);
      const pages = [['home', url], ['analysis', `${url}/analysis?text=${encodeURIComponent('XGID=-b----E-C---eE---c-e----B-:2:1:1:31:2:1:0:7:10')}`],
        ['404', `${url}/nope`]];
      for (const [name, address] of pages) {
        await page.goto(address);
        await page.waitForSelector(name === 'analysis' ? '#ranking li' : name === '404' ? '#not-found' : '#games', { timeout: WAIT_MS });
        await page.waitForTimeout(100);
        const text = await page.innerText('main');
        const english = ENGLISH_WORDS.exec(text.replace(/Ludus|XGID=\S+|Position ID|Match ID|Sanmill|FEN|gnubg|Crawford/g, ''));
        assert(!english, `${lang} ${name} at ${width}: English "${english?.[0]}"`);
        const untranslated = englishWordsIn(text, lang);
        assert(untranslated.length === 0, `${lang} ${name} at ${width}: English words ${untranslated}`);
        const clipped = await page.evaluate(() => [...document.querySelectorAll('.panel, .card, main')]
          .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.id || e.className}: ${e.scrollWidth}>${e.clientWidth}`));
        assert(clipped.length === 0, `${lang} ${name} at ${width}: clipped ${clipped}`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(wide <= width, `${lang} ${name}: the page is ${wide} px wide at ${width}`);
        checked.push(`${lang}/${name}/${width}`);
      }
      // A Morris game against the computer: the side panel, the counts on one line.
      await page.goto(url);
      await page.click('#start-morris');
      await page.waitForSelector('#morris-board .mb-point');
      await page.waitForSelector('#counts .counts');
      const text = await page.innerText('main');
      const english = ENGLISH_WORDS.exec(text);
      assert(!english, `${lang} game at ${width}: English "${english?.[0]}"`);
      const untranslated = englishWordsIn(text, lang);
      assert(untranslated.length === 0, `${lang} game at ${width}: English words ${untranslated}`);
      const wrapped = await page.evaluate(() => [...document.querySelectorAll('#counts .counts > span')]
        .filter((e) => e.offsetHeight > 1.8 * parseFloat(getComputedStyle(e).fontSize)).length);
      assert(wrapped === 0, `${lang}: "9 in hand" wraps`);
      const clipped = await page.evaluate(() => [...document.querySelectorAll('.panel')]
        .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.id || e.className));
      assert(clipped.length === 0, `${lang} game at ${width}: clipped ${clipped}`);
      if (width === 1280 && lang === 'hu') await page.screenshot({ path: join(OUT, 'morris-game-hu.png') });
      checked.push(`${lang}/game/${width}`);
    }
  }
  await setLanguage(page, 'en');
  await page.close();
  return `${checked.length} pages checked`;
}

// A money game between two seats through the API with the cube: random plays, White doubles at its
// third roll, Black takes, then random plays until the side to act resigns.
async function cubeBackgammonGame(url) {
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
async function openReviewAsWhite(browser, url, game, size = { width: 1280, height: 800 }) {
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
async function bottomWhiteCheckers(page, board, bottom) {
  const drawn = await page.$$eval('#bg-board circle.checker.white', (cs) => cs.filter((c) => Number(c.getAttribute('cy')) > 300).length);
  const low = board.points.slice(0, 12).filter((n) => n > 0).reduce((a, b) => a + b, 0);
  const high = board.points.slice(12).filter((n) => n > 0).reduce((a, b) => a + b, 0);
  const expected = (bottom === 'white' ? low + board.bar.white : high);
  return { drawn, expected };
}

async function reviewOrientationCube(browser, url) {
  const game = await cubeBackgammonGame(url);
  reviewed.cube = game;
  const review = await reviewOf(url, game.id);
  const decisions = review.report.games.flatMap((g) => g.decisions);
  const page = await openReviewAsWhite(browser, url, game);
  const take = decisions.findIndex((d) => d.kind === 'take');
  assert(take >= 0, 'the review has the take');
  const players = new Set();
  let arrows = 0;
  for (let i = 0; i < decisions.length; i++) {
    if (i > 0) await page.keyboard.press('ArrowRight');
    assert(await reviewIndex(page) === i, `→ reaches decision ${i + 1}`);
    assert(await page.getAttribute('#review', 'data-orientation') === 'white', 'White stays at the bottom');
    const { drawn, expected } = await bottomWhiteCheckers(page, decisions[i].board, 'white');
    assert(drawn === expected, `decision ${i + 1} (${decisions[i].player}): ${drawn} White checkers below, ${expected} expected`);
    players.add(decisions[i].player);
    // The cube: centred at 64 before the take, the taker's (Black, at the top) at 2 after it.
    const cubeText = await page.textContent('#bg-board .cube-text');
    const cubeY = Number(await page.getAttribute('#bg-board #cube', 'y'));
    if (i <= take) assert(cubeText === '64' && Math.abs(cubeY - 278) < 1, `decision ${i + 1}: the cube centred (${cubeText}, y ${cubeY})`);
    else assert(cubeText === '2' && cubeY < 278, `decision ${i + 1}: the cube Black's at 2 (${cubeText}, y ${cubeY})`);
    if (decisions[i].kind === 'checker') {
      const count = await page.locator('#review-arrows path').count();
      assert(count >= 1, `decision ${i + 1}: arrows drawn`);
      arrows += count;
    }
  }
  assert(players.size === 2, 'decisions of both players were stepped through');
  // f turns the board round: Black at the bottom, the same decision.
  await page.keyboard.press('Home');
  await page.keyboard.press('f');
  assert(await page.getAttribute('#review', 'data-orientation') === 'black', 'f flips');
  const flipped = await bottomWhiteCheckers(page, decisions[0].board, 'black');
  assert(flipped.drawn === flipped.expected, `flipped: ${flipped.drawn} White checkers below, ${flipped.expected} expected`);
  await page.click('#review-flip');
  assert(await page.getAttribute('#review', 'data-orientation') === 'white', 'the button flips back');
  // ↓ goes to the next error, ↑ back.
  const errors = decisions.map((d, i) => (d.mark !== 'none' ? i : -1)).filter((i) => i > 0);
  if (errors.length) {
    await page.keyboard.press('ArrowDown');
    assert(await reviewIndex(page) === errors[0], `↓ shows the next error (${errors[0]})`);
    if (errors.length > 1) {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      assert(await reviewIndex(page) === errors[0], '↑ goes back to it');
    }
  }
  await page.keyboard.press('End');
  assert(await reviewIndex(page) === decisions.length - 1, 'End shows the last decision');
  await page.close();
  return `${decisions.length} decisions of both players with White below, the take at ${take + 1}, ${arrows} arrows`;
}

async function reviewAlternativesBg(browser, url) {
  assert(reviewed.cube, 'test 17 left a game');
  const page = await openReviewAsWhite(browser, url, reviewed.cube);
  const review = await reviewOf(url, reviewed.cube.id);
  const decisions = review.report.games.flatMap((g) => g.decisions);
  const index = decisions.findIndex((d) => d.kind === 'checker' && d.alternatives.length >= 5);
  assert(index >= 0, 'a checker play with five alternatives');
  await page.click(`.review-move[data-index="${index}"]`);
  const rows = await page.$$eval('#review-alternatives tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.trim())));
  assert(rows.length >= 5, `${rows.length} alternatives shown`);
  for (const [rank, play, equity, difference, win, lose, plies] of rows.slice(0, 5)) {
    assert(/^[+−]\d\.\d{3}$/.test(equity), `equity ${equity} of ${play}`);
    assert(rank === '1' ? difference === '' : /^[+−]\d\.\d{3}$/.test(difference), `difference ${difference}`);
    assert(/^\d+\.\d \d+\.\d \d+\.\d$/.test(win) && /^\d+\.\d \d+\.\d \d+\.\d$/.test(lose), `chances ${win} / ${lose}`);
    assert(/^\d$/.test(plies), `plies ${plies}`);
  }
  assert(rows[0][1] === decisions[index].best, `the first is the best play ${decisions[index].best}`);
  // The numbers are the server's, each difference its equity less the first's.
  const sign = (text) => Number(text.replace('−', '-'));
  const alternatives = decisions[index].alternatives;
  rows.forEach(([, play, equity, difference, , , plies], i) => {
    const a = alternatives[i];
    assert(play === a.action && Math.abs(sign(equity) - a.equity) < 0.0006 && Number(plies) === a.plies,
      `row ${i + 1} is the server's: ${play} ${equity} ${plies} vs ${a.action} ${a.equity} ${a.plies}`);
    if (i > 0) assert(Math.abs(sign(difference) - (a.equity - alternatives[0].equity)) < 0.0011, `row ${i + 1}: difference ${difference}`);
  });
  assert(await page.locator('#review-alternatives tr.played').count() === 1, 'the play made is marked');
  assert(/Luck of the roll: [+−]\d\.\d{3}/.test(await page.textContent('#review-luck')), 'the luck of the roll');
  assert(/luck [+−]\d\.\d{3} \(rolls: \d+\)/.test(await page.textContent('#review-summary')), 'the luck per player');
  // The cube decision: its whole table.
  const double = decisions.findIndex((d) => d.kind === 'double');
  await page.click(`.review-move[data-index="${double}"]`);
  const actions = await page.$$eval('#review-alternatives td.action', (tds) => tds.map((td) => td.textContent));
  assert(JSON.stringify(actions) === JSON.stringify(['no double', 'double, take', 'double, pass']), `the cube table ${actions}`);
  await page.close();
  return `${rows.length} plays at decision ${index + 1}: ${rows.map((r) => `${r[1]} ${r[2]}`).slice(0, 2).join(', ')}…; cube table ${actions.join(' / ')}`;
}

async function reviewMorrisDatabases(browser) {
  // The flying 3-against-3 databases in a directory of their own, built by the CLI.
  const data = join(work, 'morris-data');
  mkdirSync(data, { recursive: true });
  await new Promise((resolve, reject) => {
    const solve = spawn(BIN, ['morris', 'solve', '--pieces', '3-3'], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LUDUS_DATA: data } });
    let text = '';
    solve.stderr.on('data', (chunk) => { text += chunk; });
    solve.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`solve failed (${code}): ${text}`))));
  });
  const { server, url } = await startServer('databases.db', { LUDUS_DATA: data });
  try {
    const post = async (path, body) => (await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    // White a7 d7 b4, Black e3 c3 f2, White to move, both flying: every move's value is known.
    const start = '***@*@**/***@**O*/O******O w m s 3 0 3 0 0 0 -1 -1 -1 -1 0 0 1';
    const created = await withFriend(url, await post('/api/games', { game: 'morris', opponent: 'human', side: 'white', start }));
    assert(created.id, `a game from the 3-against-3 position: ${JSON.stringify(created)}`);
    let state = created.state;
    for (let i = 0; i < 2 && !state.result; i++) {
      const quiet = state.legal_moves.find((m) => !m.includes('x')) || state.legal_moves[0];
      state = await post(`/api/games/${created.id}/moves`, { token: created.tokens[state.to_act], move: quiet });
    }
    // A game between people is reviewed once it is over: the side to move resigns.
    if (!state.result) state = await post(`/api/games/${created.id}/actions`, { token: created.tokens[state.to_act], action: 'resign' });
    assert(state.result, `the game ended: ${JSON.stringify(state)}`);
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${url}/review/${created.id}`);
    await setLanguage(page, 'en');
    await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
    const rows = await page.$$eval('#review-alternatives tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.trim())));
    assert(rows.length >= 5, `${rows.length} alternatives`);
    for (const [, move, engine, , perfect] of rows) {
      // A forced result is written in plies, as the databases' value.
      assert(/^[+−]\d+\.\d\d$|^(win|loss) in \d+ (ply|plies)$/.test(engine), `engine value ${engine} of ${move}`);
      assert(/^(win|loss) in \d+ (ply|plies)$|^draw$/.test(perfect), `database value of ${move}: ${perfect}`);
    }
    await page.screenshot({ path: join(OUT, 'review-morris-databases.png') });
    await page.close();
    return `${rows.length} alternatives with database values: ${rows.slice(0, 3).map((r) => `${r[1]} ${r[4]}`).join(', ')}`;
  } finally { server.kill('SIGTERM'); }
}

async function reviewLayout(browser, url) {
  assert(reviewed.cube && reviewed.morris, 'earlier tests left games');
  const shots = process.env.E2E_SHOT_DIR || OUT;
  const seen = [];
  for (const [name, size] of [['1280x800', { width: 1280, height: 800 }], ['375x812', { width: 375, height: 812 }]]) {
    const page = await openReviewAsWhite(browser, url, reviewed.cube, size);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const board = await page.locator('#review-board svg').boundingBox();
    const graph = await page.locator('#review-graph').boundingBox();
    const scrolled = await page.evaluate(() => window.scrollY);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(scrolled === 0, `the page opens at its top (${scrolled})`);
    assert(width <= size.width, `nothing wider than the screen (${width})`);
    if (size.width === 1280) {
      for (const [what, box] of [['board', board], ['graph', graph]]) {
        assert(box.y >= 0 && box.y + box.height <= size.height, `${what} within the viewport: ${box.y}..${box.y + box.height}`);
      }
      assert(await page.locator('#review-moves').boundingBox().then((b) => b.x > board.x + board.width - 1), 'the move list beside the board');
    } else {
      assert(board.width > 300 && graph.y > board.y + board.height - 1, `one column: the board (${board.width} px wide), then the graph`);
    }
    assert(await page.locator('#graph-y-axis text').count() === 3 && await page.locator('#graph-legend .legend-item').count() === 3, 'axis labels and a legend');
    await page.screenshot({ path: join(shots, `review-backgammon-${name}.png`) });
    await page.goto(`${url}/review/${reviewed.morris}`);
    await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
    await page.click('.review-move[data-index="20"]');
    await page.screenshot({ path: join(shots, `review-morris-${name}.png`) });
    seen.push(`${name}: board ${Math.round(board.y)}–${Math.round(board.y + board.height)}, graph ${Math.round(graph.y)}–${Math.round(graph.y + graph.height)}`);
    await page.close();
  }
  return seen.join('; ');
}

async function reviewMatFile(browser, url) {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url);
  await setLanguage(page, 'en');
  await page.click('#open-review-link');
  await page.waitForSelector('#review-file');
  // A bad text: the server's 400, translated.
  await page.fill('#review-text', 'this is no game record');
  await page.click('#review-go');
  await page.waitForFunction(() => document.querySelector('#review-error').textContent.length > 0, null, { timeout: WAIT_MS });
  const refused = await page.textContent('#review-error');
  assert(/not a Ludus game link, a backgammon match/.test(refused), `the refusal: ${refused}`);
  // Too large: 413 with a JSON body.
  const large = await page.evaluate(async () => {
    const response = await fetch('/api/review', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x'.repeat(600 * 1024) }) });
    return [response.status, (await response.json()).code];
  });
  assert(large[0] === 413 && large[1] === 'body-too-large', `an oversized record: ${large}`);
  await page.setInputFiles('#review-file', join(ROOT, 'crates', 'backgammon', 'tests', 'data', 'gnubg_3_point_match.mat'));
  await page.waitForFunction(() => document.querySelector('#review-text').value.includes('point match'));
  await page.click('#review-go');
  await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
  const steps = Number(await page.getAttribute('#review', 'data-steps'));
  const summary = await page.textContent('#review-summary');
  assert(steps >= 5 && /gnubg/.test(summary) && /root/.test(summary), `the match reviewed, the players named from the file: ${steps} decisions, ${summary}`);
  await page.keyboard.press('ArrowRight');
  assert(await reviewIndex(page) === 1, 'the keys step through it');
  // A Ludus game link opens that game's review.
  await page.goto(`${url}/review/open`);
  await page.fill('#review-text', `${url}/play/${reviewed.cube.id}`);
  await page.click('#review-go');
  await page.waitForFunction((id) => location.pathname === `/review/${id}`, reviewed.cube.id, { timeout: WAIT_MS });
  await page.close();
  return `${steps} decisions of the .mat file reviewed; refusal "${refused.slice(0, 60)}…"`;
}

// A server whose requests may take one second: reviewing a .mat match takes longer, so the server
// answers 503 review-in-progress while the review's job goes on; the page says it is still at
// work, asks again after Retry-After, and shows the review.
async function reviewSlowServer(browser) {
  const { server, url } = await startServer('slow.db', {}, ['--request-timeout-secs', '1']);
  try {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const answers = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/review')) answers.push(response.status());
    });
    await page.goto(`${url}/review/open`);
    await setLanguage(page, 'en');
    await page.fill('#review-text', readFileSync(join(ROOT, 'crates', 'backgammon', 'tests', 'data', 'gnubg_3_point_match.mat'), 'utf8'));
    await page.click('#review-go');
    await page.waitForFunction(() => /^Still reviewing the game… \(\d+ s;/.test(document.getElementById('review-status')?.textContent || ''),
      null, { timeout: WAIT_MS });
    await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
    const steps = Number(await page.getAttribute('#review', 'data-steps'));
    const waited = answers.filter((status) => status === 503).length;
    assert(waited >= 1 && answers.at(-1) === 200 && answers.every((status) => status === 503 || status === 200),
      `answered ${answers.join(', ')}`);
    assert(steps >= 5 && /gnubg/.test(await page.textContent('#review-summary')), `the match reviewed: ${steps} decisions`);
    await page.close();
    return `${waited} × 503 review-in-progress, then the review (${steps} decisions)`;
  } finally { server.kill('SIGTERM'); }
}

async function main() {
  const { server, url } = await startServer();
  const browser = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS,
  });
  // Errors in the page fail nothing by themselves but are shown.
  browser.on('page', (page) => page.on('pageerror', (error) => console.log(`page error: ${error.stack || error}`)));
  if (process.env.E2E_WEB_DIR) {
    await browser.route('**/assets/**', (route) => {
      const name = new URL(route.request().url()).pathname.replace('/assets/', '');
      const file = name.startsWith('i18n/') ? join(ROOT, 'crates', 'i18n', 'ftl', name.slice(5)) : join(process.env.E2E_WEB_DIR, name);
      const type = name.endsWith('.js') ? 'text/javascript' : name.endsWith('.css') ? 'text/css' : name.endsWith('.svg') ? 'image/svg+xml' : 'text/plain';
      try { route.fulfill({ body: readFileSync(file), contentType: type }); } catch { route.continue(); }
    });
  }
  const only = process.env.E2E_ONLY ? process.env.E2E_ONLY.split(',') : null;
  let failed = 0;
  let passed = 0;
  try {
    for (const [name, test] of [['morris_full_game_en', morrisFullGameEn], ['backgammon_turns_et', backgammonTurnsEt],
      ['two_humans_hu', twoHumansHu], ['phone_layout', phoneLayout], ['cube_between_two_pages', cubeBetweenTwoPages],
      ['analysis_after_game', analysisAfterGame], ['backgammon_move_marked', backgammonMoveMarked],
      ['morris_review_en', morrisReviewEn], ['backgammon_review_error', backgammonReviewError],
      ['hint_rematch', hintRematch], ['review_et_hu', reviewEtHu], ['review_phone', reviewPhone],
      ['analysis_board', analysisBoard], ['analysis_cube_panel', analysisCubePanel], ['analysis_edit', analysisEdit], ['page_functions', pageFunctions],
      ['sigkill_resume', sigkillResume],
      ['auto_bear_off_page', autoBearOffPage], ['double_click_higher_die', doubleClickHigherDie],
      ['analysis_variation', analysisVariation], ['analysis_dice_seven', analysisDiceSeven], ['not_found_pages', notFoundPages],
      ['recent_games', recentGames], ['et_hu_pages', etHuPages],
      ['review_orientation_cube', reviewOrientationCube], ['review_alternatives_bg', reviewAlternativesBg],
      ['review_morris_databases', reviewMorrisDatabases], ['review_layout', reviewLayout], ['review_mat_file', reviewMatFile],
      ['analysis_clicks_address', analysisClicksAddress], ['review_slow_server', reviewSlowServer]]) {
      if (only && !only.includes(name)) continue;
      const started = Date.now();
      try {
        const detail = await test(browser, url);
        console.log(`ok   ${name} (${Date.now() - started} ms): ${detail}`);
        passed += 1;
      } catch (error) {
        failed += 1;
        console.log(`FAIL ${name}: ${error.stack || error}`);
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`screenshots in ${OUT}`);
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => { console.error(error); process.exit(1); });
