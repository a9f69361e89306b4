// End-to-end tests of the Ludus web UI: a real `ludus serve` on 127.0.0.1 (random port, fresh
// database) driven through headless Chromium from Debian (/usr/bin/chromium) with playwright-core.
//
//   node scripts/e2e/run.mjs            (builds nothing: expects target/debug/ludus, or LUDUS_BIN)
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
// Screenshots go to target/e2e/*.png.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
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
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

mkdirSync(OUT, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'ludus-e2e-'));

function assert(condition, message) { if (!condition) throw new Error(`assertion failed: ${message}`); }

// A small deterministic generator, so runs are repeatable.
let seed = 12345;
const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };

async function startServer(db = 'e2e.db') {
  const server = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--db', join(work, db), '--think-ms', '300'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
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
  const centre = async (name) => {
    const box = await page.locator(`#morris-board [data-point="${name}"] .mb-hit`).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
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
  assert(/wins|drawn/.test(summary), `English game-over summary: ${summary}`);
  if (!screenshotTaken) await page.screenshot({ path: join(OUT, 'morris-midgame-en.png') });
  await page.screenshot({ path: join(OUT, 'morris-over-en.png') });
  const record = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/export`)).text(), gameId(page));
  assert(record.includes('1. '), 'the exported Morris record lists the moves');
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
  assert(invite.includes('#seat=black&token='), `invitation link ${invite}`);
  const guest = await browser.newPage();
  await guest.goto(invite);
  await guest.waitForSelector('#morris-board');
  assert(!guest.url().includes('token'), 'the token leaves the address bar');
  const moves = ['d6', 'd2', 'b6', 'f2', 'f6xd2', 'b2'];
  for (const [i, move] of moves.entries()) {
    const [mover, watcher] = i % 2 === 0 ? [host, guest] : [guest, host];
    await waitForTurn(mover, i % 2 === 0 ? 'white' : 'black');
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
  await page.close();
  return `board ${Math.round(box.width)} px wide`;
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
  await playBackgammonTurn(pages[opener], await waitForTurn(pages[opener], opener));
  const before = await waitForTurn(pages[doubler], doubler);
  assert(before.actions.includes('double'), `the doubler may double: ${before.actions}`);
  await pages[doubler].click('#double');
  // The opener's page learns of the offer over the WebSocket and shows Take / Pass.
  await pages[opener].waitForSelector('#take', { timeout: WAIT_MS });
  await pages[opener].waitForSelector('#pass');
  await pages[opener].screenshot({ path: join(OUT, 'backgammon-double-offered-hu.png') });
  await pages[opener].click('#take');
  for (const page of [host, guest]) {
    await page.waitForFunction(() => document.querySelector('#cube + text')?.textContent === '2', null, { timeout: WAIT_MS });
  }
  const after = await api(host, `/api/games/${gameId(host)}`);
  assert(after.view.cube.value === 2 && after.view.cube.owner === opener, `cube ${JSON.stringify(after.view.cube)}`);
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
    const token = state.to_act === 'white'
      ? JSON.parse(localStorage.getItem(`ludus:seat:${id}`)).token
      : new URLSearchParams(invite.split('#')[1]).get('token');
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
  assert(rows === 3, `a header and two players, got ${rows} rows`);
  await page.screenshot({ path: join(OUT, 'backgammon-analysis-en.png') });
  await page.close();
  return 'the summary shows the analysis of a finished game';
}

async function sigkillResume() {
  const json = async (response) => { const body = await response.json(); assert(response.ok, JSON.stringify(body)); return body; };
  const post = (url, body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(json);
  let { server, url } = await startServer('kill.db');
  const games = [];
  for (const game of ['morris', 'backgammon']) {
    const created = await post(`${url}/api/games`, { game, opponent: 'human', side: 'white', seed: 5 });
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

async function main() {
  const { server, url } = await startServer();
  const browser = await chromium.launchPersistentContext(join(work, 'profile'), {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS,
  });
  let failed = 0;
  let passed = 0;
  try {
    for (const [name, test] of [['morris_full_game_en', morrisFullGameEn], ['backgammon_turns_et', backgammonTurnsEt],
      ['two_humans_hu', twoHumansHu], ['phone_layout', phoneLayout], ['cube_between_two_pages', cubeBetweenTwoPages],
      ['analysis_after_game', analysisAfterGame],
      ['sigkill_resume', sigkillResume]]) {
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
