// Backgammon games played on the game page: turns by clicks, the cube between two pages, the
// analysis of a finished game, the computer's move marked, automatic bear-off, double clicks.

import { join } from 'node:path';
import {
  OUT, BG_TURNS, WAIT_MS, assert, api, gameId, waitForTurn, setLanguage, bgPoint, clickRandomMove, playBackgammonTurn, friendBackgammonGame, seatUrl, startServer,
} from '../lib.mjs';

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
  // Nothing is to happen: no state to wait for, so a while that the page would have played in.
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


/** This file's tests, in the order they run: name and function (browser context, server address). */
// The game page shows the position's XGID and gnubg id: copied by its button, pasted into the
// analysis board, it reads back as the game's position; "Analyse this position" opens it there.
async function positionIdsToAnalysis(browser, url) {
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const page = await browser.newPage();
  await page.goto(url);
  await setLanguage(page, 'en');
  await page.selectOption('#bg-side', 'white');
  await page.click('#start-backgammon');
  const state = await waitForTurn(page, 'white');
  await page.waitForSelector('#xgid');
  const xgid = (await page.textContent('#xgid')).trim();
  assert(xgid === state.view.xgid && xgid.startsWith('XGID='), `the page shows ${xgid}, the game is ${state.view.xgid}`);
  const gnubg = (await page.textContent('#gnubg-id')).trim();
  assert(gnubg === `${state.view.position_id}:${state.view.match_id}`, `gnubg id ${gnubg}`);
  await page.click('[data-copy="xgid"]');
  await page.waitForFunction(() => document.querySelector('[data-copy="xgid"]')?.textContent === 'Copied!', null, { timeout: WAIT_MS });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert(copied === xgid, `the clipboard holds ${copied}`);
  await page.goto(`${url}/analysis`);
  await page.fill('#analysis-text', copied);
  await page.click('#analysis-go');
  await page.waitForSelector('#analysis-position #bg-board circle.checker', { timeout: WAIT_MS });
  const read = await api(page, `/api/position?text=${encodeURIComponent(copied)}`);
  assert(read.position_id === state.view.position_id, `the analysis board reads ${read.position_id}, the game has ${state.view.position_id}`);
  await page.goBack();
  await page.waitForSelector('#xgid-analyse');
  await page.click('#xgid-analyse');
  await page.waitForSelector('#analysis-position #bg-board circle.checker', { timeout: WAIT_MS });
  const opened = await page.inputValue('#analysis-text');
  assert(opened === xgid, `"Analyse this position" opened ${opened}`);
  await page.close();
  return `${xgid} copied, pasted and opened in the analysis board`;
}

// The cube hint before rolling names the action and gives the numbers behind it, from the player's
// side and with the lookahead they came from (no double, double/take, double/pass).
async function cubeHintNumbers(browser, url) {
  const page = await browser.newPage();
  await untilWhiteRolls(page, url);
  const text = await cubeHint(page, WAIT_MS);
  await page.close();
  return text;
}

// Starts a game as White against the computer on `page` (English) and plays White's turns
// (taking any double) until White is to roll with the cube.
async function untilWhiteRolls(page, url) {
  await page.goto(url);
  await setLanguage(page, 'en');
  await page.selectOption('#bg-side', 'white');
  await page.click('#start-backgammon');
  for (let turn = 0; turn < 8; turn++) {
    const state = await waitForTurn(page, 'white');
    assert(!state.result, 'the game goes on');
    if (state.view.phase === 'roll') return state;
    if (state.view.phase === 'doubled') { await page.click('#take'); continue; }
    await playBackgammonTurn(page, state);
  }
  throw new Error('White never came to roll with the cube');
}

// Asks the cube hint and checks its shape (the action; no double, double/take and double/pass
// from the player's side; the lookahead); its text.
async function cubeHint(page, timeout) {
  await page.click('#hint-button');
  await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#hint-text').textContent), null, { timeout });
  const text = await page.textContent('#hint-text');
  const n = '[+−]\\d\\.\\d{3}';
  const shape = new RegExp(`^Hint: (double|no double, roll)\\. Your equity: no double ${n}, double/take ${n}, double/pass ${n} \\(\\d-ply\\)\\.$`);
  assert(shape.test(text), `the cube hint ${text}`);
  return text;
}

// Waits until the analysis pool has `places` jobs running or waiting (the server's gauges).
async function untilPlacesHeld(url, places) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const held = await metric(url, 'ludus_engine_running{pool="analysis"}') + await metric(url, 'ludus_engine_queue_depth{pool="analysis"}');
    if (held >= places) return;
    assert(Date.now() < deadline, `the analysis pool holds ${held} of ${places} places`);
    await new Promise((resolve) => { setTimeout(resolve, 20); });
  }
}

// A counter or gauge of the server's /metrics (0 when absent).
async function metric(url, name) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

// A hint asked while the same browser's earlier analyses hold all its places in the analysis pool
// (one worker, so two places): the server answers 429 engine-share, and the page asks again
// after the Retry-After until the hint comes, instead of showing the refusal.
async function hintWaitsForEngine(browser) {
  const { server, url } = await startServer('busy.db', {}, ['--analysis-workers', '1']);
  try {
    const page = await browser.newPage();
    await untilWhiteRolls(page, url);
    const share = 'ludus_rate_limited_total{limit="engine-share"}';
    const before = await metric(url, share);
    // Two 3-ply cube analyses of the opening (seconds each in the test build) take both places:
    // two addresses, not cached, so that the browser sends both at once.
    const slow = '/api/backgammon/analysis?position_id=4HPwATDgc%2FABMA&plies=3&match_id=';
    const held = page.evaluate((paths) => Promise.all(paths.map(async (path) => (await fetch(path, { cache: 'no-store' })).status)),
      [`${slow}cAkAAAAAAAAA`, slow]);
    await untilPlacesHeld(url, 2);
    const text = await cubeHint(page, 6 * WAIT_MS);
    const statuses = await held;
    assert(statuses.every((status) => status === 200), `the held analyses answered ${statuses}`);
    const refused = (await metric(url, share)) - before;
    assert(refused >= 1, 'the hint was never refused: the places were not held');
    await page.close();
    return `${refused} × 429 engine-share waited out, then ${text}`;
  } finally { server.kill('SIGTERM'); }
}

export const tests = [
  ['backgammon_turns_et', backgammonTurnsEt],
  ['cube_between_two_pages', cubeBetweenTwoPages],
  ['analysis_after_game', analysisAfterGame],
  ['backgammon_move_marked', backgammonMoveMarked],
  ['auto_bear_off_page', autoBearOffPage],
  ['double_click_higher_die', doubleClickHigherDie],
  ['position_ids_to_analysis', positionIdsToAnalysis],
  ['cube_hint_numbers', cubeHintNumbers],
  ['hint_waits_for_engine', hintWaitsForEngine],
];
