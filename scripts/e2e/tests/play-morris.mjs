// Morris games played on the game page: against the computer, between two pages, hint, take-back
// and rematch, Recent games.

import { join } from 'node:path';
import {
  OUT, MAX_MORRIS_PLIES, WAIT_MS, assert, api, gameId, waitForTurn, setLanguage, playMorrisMove, pickMorris,
} from '../lib.mjs';

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
  await page.close();
  return `${state.history.length} plies (${dragged} by drag and drop), result ${JSON.stringify(state.result)}`;
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
  // The host's page stops offering the link as soon as the friend is in, before any move.
  await host.waitForSelector('#invite', { state: 'hidden', timeout: WAIT_MS });
  assert(await host.getAttribute('#play', 'data-version') === '0', 'no move was needed to hide the link');
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


/** This file's tests, in the order they run: name and function (browser context, server address). */
export const tests = [
  ['morris_full_game_en', morrisFullGameEn],
  ['two_humans_hu', twoHumansHu],
  ['hint_rematch', hintRematch],
  ['recent_games', recentGames],
];
