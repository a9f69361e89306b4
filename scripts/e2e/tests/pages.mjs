// The page's own functions, the 404 pages and the Estonian and Hungarian pages.

import { join } from 'node:path';
import {
  OUT, WAIT_MS, assert, api, setLanguage, englishWordsIn,
} from '../lib.mjs';

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
        // The home page's Recent games is filled once the server has answered (a line either way).
        await page.waitForSelector(name === 'analysis' ? '#ranking li' : name === '404' ? '#not-found' : '#games li', { timeout: WAIT_MS });
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


// The game page's side panel in every language at desktop and phone width: the counts ("Score: 0",
// "0 on board") end inside their card however long the players' names are.
async function countsInsideCards(browser, url) {
  const page = await browser.newPage();
  const checked = [];
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await page.setViewportSize({ width, height });
    for (const lang of ['en', 'et', 'hu']) {
      await page.goto(url);
      await setLanguage(page, lang);
      for (const game of ['backgammon', 'morris']) {
        await page.goto(url);
        await page.click(`#start-${game}`);
        await page.waitForSelector('#counts .counts');
        const outside = await page.evaluate(() => {
          const card = document.querySelector('#counts').closest('.panel').getBoundingClientRect();
          return [...document.querySelectorAll('#counts .counts > span')]
            .filter((span) => span.getBoundingClientRect().right > card.right + 0.5)
            .map((span) => `"${span.textContent.trim()}" ends at ${Math.round(span.getBoundingClientRect().right)}, its card at ${Math.round(card.right)}`);
        });
        assert(outside.length === 0, `${lang} ${game} at ${width}: ${outside.join('; ')}`);
        if (lang === 'en' && width === 1280) await page.screenshot({ path: join(OUT, `${game}-game-counts-en.png`) });
        checked.push(`${lang}/${game}/${width}`);
      }
    }
  }
  await page.close();
  return `${checked.length} side panels checked`;
}


/** This file's tests, in the order they run: name and function (browser context, server address). */
export const tests = [
  ['page_functions', pageFunctions],
  ['not_found_pages', notFoundPages],
  ['et_hu_pages', etHuPages],
  ['counts_inside_cards', countsInsideCards],
];
