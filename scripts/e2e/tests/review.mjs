// The review page: Morris and backgammon reviews, their translations, orientation and cube,
// alternatives, the databases' values, layout, .mat files and a slow server.

import { join } from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import {
  ROOT, BIN, OUT, WAIT_MS, REVIEW_WAIT_MS, assert, withFriend, startServer, api, reviewOf, setLanguage, randomBackgammonGame, reviewIndex, englishWordsIn, ENGLISH, cubeBackgammonGame, openReviewAsWhite, bottomWhiteCheckers, work, finishedMorrisGame, takeSeat,
} from '../lib.mjs';

async function morrisReviewEn(browser, url) {
  const morris = await finishedMorrisGame(url);
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await takeSeat(page, url, morris);
  await page.goto(url);
  await setLanguage(page, 'en');
  // From "Recent games": the finished game's Review link.
  await page.click(`a.review-link[href="/review/${morris.id}"]`);
  await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
  const steps = Number(await page.getAttribute('#review', 'data-steps'));
  const state = await api(page, `/api/games/${morris.id}`);
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
  // The dice read as on the game page, the higher die first, whatever order the record keeps.
  const dice = await page.locator('#review-moves li.review-move').evaluateAll((items) =>
    items.map((li) => (li.textContent.match(/\b([1-6])([1-6]):/) || []).slice(1).map(Number)).filter((d) => d.length === 2));
  assert(dice.length > 0, 'the move list shows dice');
  const lowFirst = dice.filter(([a, b]) => a < b);
  assert(lowFirst.length === 0, `dice shown low die first: ${lowFirst.map((d) => d.join('')).join(' ')}`);
  await page.screenshot({ path: join(OUT, 'review-backgammon-desktop-en.png'), fullPage: true });
  // The decision's XGID, and "Analyse this position" opens that position in the analysis board.
  const xgid = (await page.textContent('#review-xgid')).trim();
  assert(xgid === decision.xgid && xgid.startsWith('XGID='), `the decision's XGID ${xgid}`);
  await page.click('#review-xgid-analyse');
  await page.waitForSelector('#analysis-position #bg-board circle.checker', { timeout: WAIT_MS });
  assert(await page.inputValue('#analysis-text') === xgid, 'the analysis board has the decision\'s XGID');
  const read = await api(page, `/api/position?text=${encodeURIComponent(xgid)}`);
  assert(read.position_id === decision.position_id, `the analysis board reads ${read.position_id}, the decision was at ${decision.position_id}`);
  await page.close();
  return `${decisions.length} decisions, decision ${index + 1} (${decision.mark}) shown from the graph, ${dice.length} dice high first, opened in the analysis board`;
}


async function reviewEtHu(browser, url) {
  const backgammon = await randomBackgammonGame(url);
  const morris = await finishedMorrisGame(url);
  const page = await browser.newPage();
  const seen = [];
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const lang of ['et', 'hu']) {
      for (const id of [backgammon.id, morris.id]) {
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


async function reviewOrientationCube(browser, url) {
  const game = await cubeBackgammonGame(url);
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
  const game = await cubeBackgammonGame(url);
  const page = await openReviewAsWhite(browser, url, game);
  const review = await reviewOf(url, game.id);
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
  // The row styled best is the proper action's (difference 0), which need not be the first; the
  // proper action is named as gnubg names it.
  const right = decisions[double].alternatives.findIndex((a) => Math.abs(a.difference) < 1e-12);
  const styled = await page.$$eval('#review-alternatives tbody tr', (trs) => trs.findIndex((tr) => tr.classList.contains('best')));
  assert(styled === right, `row ${styled + 1} styled best, the proper action is row ${right + 1}`);
  assert(await page.locator('#review-alternatives tr.best').count() === 1, 'one row styled best');
  const proper = await page.textContent('#review-cube-action');
  assert(/^Proper action: (no |too good to )?(re)?double, (take|pass)$/.test(proper.trim()), `proper action line ${proper}`);
  // One depth for every play of every checker decision: the review's.
  const depths = new Set(decisions.filter((d) => d.kind === 'checker').flatMap((d) => d.alternatives.map((a) => a.plies)));
  assert(depths.size === 1 && depths.has(review.report.plies), `checker rows at plies ${[...depths]}, the review at ${review.report.plies}`);
  await page.close();
  return `${rows.length} plays at decision ${index + 1}: ${rows.map((r) => `${r[1]} ${r[2]}`).slice(0, 2).join(', ')}…; cube table ${actions.join(' / ')}, best row ${right + 1}, ${proper.trim()}`;
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
  const cube = await cubeBackgammonGame(url);
  const morris = await finishedMorrisGame(url);
  const shots = process.env.E2E_SHOT_DIR || OUT;
  const seen = [];
  for (const [name, size] of [['1280x800', { width: 1280, height: 800 }], ['375x812', { width: 375, height: 812 }]]) {
    const page = await openReviewAsWhite(browser, url, cube, size);
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
    await page.goto(`${url}/review/${morris.id}`);
    await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
    await page.click('.review-move[data-index="20"]');
    await page.screenshot({ path: join(shots, `review-morris-${name}.png`) });
    seen.push(`${name}: board ${Math.round(board.y)}–${Math.round(board.y + board.height)}, graph ${Math.round(graph.y)}–${Math.round(graph.y + graph.height)}`);
    await page.close();
  }
  return seen.join('; ');
}


async function reviewMatFile(browser, url) {
  const game = await cubeBackgammonGame(url);
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
  await page.fill('#review-text', `${url}/play/${game.id}`);
  await page.click('#review-go');
  await page.waitForFunction((id) => location.pathname === `/review/${id}`, game.id, { timeout: WAIT_MS });
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


/** This file's tests, in the order they run: name and function (browser context, server address). */
export const tests = [
  ['morris_review_en', morrisReviewEn],
  ['backgammon_review_error', backgammonReviewError],
  ['review_et_hu', reviewEtHu],
  ['review_orientation_cube', reviewOrientationCube],
  ['review_alternatives_bg', reviewAlternativesBg],
  ['review_morris_databases', reviewMorrisDatabases],
  ['review_layout', reviewLayout],
  ['review_mat_file', reviewMatFile],
  ['review_slow_server', reviewSlowServer],
];
