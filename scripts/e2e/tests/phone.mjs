// The game and review pages at phone width.

import { join } from 'node:path';
import {
  OUT, REVIEW_WAIT_MS, assert, waitForTurn, setLanguage, finishedMorrisGame, randomBackgammonGame,
} from '../lib.mjs';

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
  await page.waitForFunction(() => window.innerWidth === 375 && document.documentElement.scrollWidth <= 390);
  const tap = await page.locator('#bg-board [data-point="7"] .bg-hit').boundingBox();
  assert(tap.width >= 24, `a point is ${tap.width.toFixed(1)} px wide to tap at 375 px`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 375, `the game page fits 375 px (${wide})`);
  await page.close();
  return `board ${Math.round(box.width)} px wide; points ${tap.width.toFixed(1)} px wide at 375 px`;
}


async function reviewPhone(browser, url) {
  const morris = await finishedMorrisGame(url);
  const backgammon = await randomBackgammonGame(url);
  const page = await browser.newPage();
  await page.setViewportSize({ width: 375, height: 812 });
  const widths = [];
  for (const [name, id] of [['morris', morris.id], ['backgammon', backgammon.id]]) {
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


/** This file's tests, in the order they run: name and function (browser context, server address). */
export const tests = [
  ['phone_layout', phoneLayout],
  ['review_phone', reviewPhone],
];
