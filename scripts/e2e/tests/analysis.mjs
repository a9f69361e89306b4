// The analysis board: pasted positions, the cube panel, edit mode, variations, clicks and the
// address, refused dice.

import { join } from 'node:path';
import {
  OUT, WAIT_MS, assert, api, reviewOf, gameId, setLanguage, analysisPageEn, work,
} from '../lib.mjs';

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
  // Every ranked move shows its chances after it (W g bg / L g bg) and its lookahead; the measure
  // of the values is named (money play: cubeless equity).
  const rows = await page.$$eval('#ranking li', (lis) => lis.map((li) => [li.querySelector('.chances')?.textContent, li.querySelector('.plies')?.dataset.plies]));
  assert(rows.length > 5 && rows.every(([c, p]) => /^\d+\.\d \d+\.\d \d+\.\d \/ \d+\.\d \d+\.\d \d+\.\d$/.test(c || '') && p === rows[0][1]),
    `chances and one lookahead on every row: ${JSON.stringify(rows.slice(0, 3))}`);
  assert(rows[0][1] === '2', `unasked, the lookahead is the review's 2 plies, not ${rows[0][1]}`);
  assert(/cubeless equity/.test(await page.textContent('#ranking-measure')), 'the measure is named');
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
  return `XGID: best ${best} at 2 (the default) and 0 plies; FEN: ${morrisMoves} moves ranked; shared address reopened`;
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
  // One ply deeper than the review's 2: every play at 3 plies.
  await page.selectOption('#analysis-plies', '3');
  await page.click('#analysis-go');
  await page.waitForFunction(() => document.querySelectorAll('#ranking li .plies[data-plies="3"]').length > 0, null, { timeout: WAIT_MS * 6 });
  const deeper = await page.locator('#ranking li .plies[data-plies="3"]').count();
  assert(deeper === ranked, `every one of the ${ranked} plays at 3 plies (${deeper} labelled so)`);
  await page.close();
  return `double, take ${values.join(' / ')} (${source.trim()}); ${labelled} of ${ranked} plays labelled 1-ply, ${deeper} at 3 plies`;
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
  // The message is read only when there is one (a missing element would be waited for 30 s).
  const refused = await page.locator('#board-error').count();
  assert(refused === 0, `the XGID is read: ${refused ? await page.textContent('#board-error') : ''}`);
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


// The analysis board's checkers moved by clicks (each step offered by GET /api/position/steps):
// Black's 31 from the bottom, then White's 64 on the same board (White's checkers clicked where
// Black sees them); the variation in the address survives a reload, for backgammon and Morris.
async function analysisClicksAddress(browser, url) {
  const page = await analysisPageEn(browser, url);
  const xgid = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10';
  await page.goto(`${url}/analysis?text=${encodeURIComponent(xgid)}`);
  await page.waitForSelector('#ranking li', { timeout: WAIT_MS * 2 });
  const board = '#analysis-position';
  // The page handles clicks in order, each after the server's answer to the one before: the waits
  // below are for what a click shows.
  const click = (point) => page.click(`${board} [data-point="${point}"]`);
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


/** This file's tests, in the order they run: name and function (browser context, server address). */
// A rollout from the analysis board: started, followed to its end (36 of 36 trials, its mean and
// interval, the server's numbers), then a long one stopped by its button.
async function analysisRollout(browser, url) {
  const page = await browser.newPage();
  await page.goto(`${url}/analysis?text=${encodeURIComponent('XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10')}`);
  await setLanguage(page, 'en');
  await page.waitForSelector('#rollout-start', { timeout: WAIT_MS });
  await page.selectOption('#rollout-trials', '36');
  await page.click('#rollout-start');
  await page.waitForSelector('#rollout-panel[data-state="finished"]', { timeout: WAIT_MS * 4 });
  const text = await page.textContent('#rollout-result');
  assert(/^Rollout, 36 of 36 trials .*cubeless equity [+−]\d\.\d{3} ± \d\.\d{3} \(95 %\), wins \d+\.\d %.* Finished\.$/.test(text), `rollout result ${text}`);
  assert(Number(await page.getAttribute('#rollout-progress', 'value')) === 36, 'the progress bar is full');
  await page.selectOption('#rollout-trials', '1296');
  await page.click('#rollout-start');
  await page.waitForSelector('#rollout-stop:not([hidden])', { timeout: WAIT_MS });
  await page.click('#rollout-stop');
  await page.waitForSelector('#rollout-panel[data-state="stopped"]', { timeout: WAIT_MS });
  const stopped = await page.textContent('#rollout-result');
  const done = Number(/, (\d+) of 1296 trials/.exec(stopped)?.[1] ?? 0);
  assert(done < 1296 && /Stopped\.$/.test(stopped), `stopped rollout ${stopped}`);
  await page.screenshot({ path: join(OUT, 'analysis-rollout-en.png') });
  await page.close();
  return `${text.slice(0, 120)}…; stopped at ${done} of 1296`;
}

// The cubeful rollout of one play of a roll, every game to its end: the play chosen among the ranking's,
// the answer from the mover's view with the play, its dice and the length in its words; then the
// panel in Estonian and Hungarian at 1280 and 375 px (screenshots), nothing wider than the screen.
async function analysisPlayRollout(browser, url) {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  // The language first, then the position: one ranking drawn, never replaced under the clicks.
  const address = `${url}/analysis?text=${encodeURIComponent('XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10')}`;
  await page.goto(address);
  await setLanguage(page, 'en');
  await page.goto(address);
  await page.waitForSelector('#rollout-play option', { state: 'attached', timeout: WAIT_MS });
  const plays = await page.$$eval('#rollout-play option', (options) => options.map((o) => o.value));
  const ranked = await page.$$eval('#ranking .move, #ranking td:first-child', (cells) => cells.map((c) => c.textContent.trim()));
  assert(plays.length >= 2, `plays offered: ${plays}`);
  const play = plays[1];
  await page.selectOption('#rollout-play', play);
  await page.selectOption('#rollout-trials', '36');
  await page.selectOption('#rollout-length', 'full');
  await page.selectOption('#rollout-cube', 'cubeful');
  await page.click('#rollout-start');
  await page.waitForSelector('#rollout-panel[data-state="finished"]', { timeout: WAIT_MS * 8 });
  const text = await page.textContent('#rollout-result');
  const escaped = play.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const shape = new RegExp(`^Rollout of ${escaped} \\(31\\) for the side that plays it, 36 of 36 trials \\(the network at 0 ply, every game played to the end, luck-adjusted\\): cubeful equity \\(money, cube centred at 1\\) [+−]\\d\\.\\d{3} ± \\d\\.\\d{3} \\(95 %\\).* Finished\\.$`);
  assert(shape.test(text), `play rollout ${text}`);
  await page.screenshot({ path: join(OUT, 'analysis-play-rollout-en.png') });
  const seen = [];
  for (const lang of ['et', 'hu']) {
    await setLanguage(page, lang);
    // The panel drawn again in the language (its English label gone).
    await page.waitForFunction(() => {
      const label = document.querySelector('label:has(#rollout-length)');
      return label && !/Games/.test(label.textContent) && document.querySelector('#rollout-play option');
    }, null, { timeout: WAIT_MS });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert(wide <= width, `${lang} at ${width}: the page is ${wide} px wide`);
      await page.screenshot({ path: join(OUT, `analysis-play-rollout-${lang}-${width}.png`), fullPage: true });
    }
    const label = (await page.textContent('label:has(#rollout-length)')).trim();
    assert(!/Games|truncated|played to the end/.test(label), `${lang}: ${label}`);
    seen.push(label.split(/\s+/)[0]);
  }
  await page.close();
  return `${text.slice(0, 150)}… (${ranked.length ? 'ranked, ' : ''}${seen.join(', ')})`;
}

export const tests = [
  ['analysis_board', analysisBoard],
  ['analysis_cube_panel', analysisCubePanel],
  ['analysis_edit', analysisEdit],
  ['analysis_variation', analysisVariation],
  ['analysis_clicks_address', analysisClicksAddress],
  ['analysis_dice_seven', analysisDiceSeven],
  ['analysis_rollout', analysisRollout],
  ['analysis_play_rollout', analysisPlayRollout],
];
