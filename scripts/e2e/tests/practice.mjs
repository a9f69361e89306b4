// Practice from your own games: two backgammon games of random plays (deliberate errors)
// reviewed and added to practice from the review page, their mistakes found among the
// exercises, one answered right and one wrong on the board, each scheduled accordingly, and the
// progress page plotting both games; the pages in en/et/hu at 1280×800 and 375×812. A cube
// exercise: an early double passed (a deliberate cube error) comes back as "take or pass?",
// answered by its button. A Morris exercise: a placement that turns the opening's draw into a
// loss (found by the shipped opening table's perfect values) comes back as "find the best
// move", answered by a click on the board.

import { join } from 'node:path';
import { OUT, REVIEW_WAIT_MS, WAIT_MS, assert, bgPoint, englishWordsIn, playMorrisMove, setLanguage, takeSeat, withFriend } from '../lib.mjs';

const post = async (url, path, body, headers = {}) => {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return response.json();
};

// A backgammon game between two seats with random plays (no cube) from the dice seed `seed`,
// resigned after some 15 turns each: the plays are mostly errors.
async function randomGame(url, seed) {
  const created = await withFriend(url, await post(url, '/api/games', { game: 'backgammon', opponent: 'human', side: 'white', seed, rules: { cube: false } }));
  let own = seed;
  const pick = (n) => { own = (own * 1103515245 + 12345) % 2147483648; return own % n; };
  let state = created.state;
  for (let i = 0; i < 30 && !state.result; i++) {
    const token = created.tokens[state.to_act];
    state = state.legal_moves.length
      ? await post(url, `/api/games/${created.id}/moves`, { token, move: state.legal_moves[pick(state.legal_moves.length)] })
      : await post(url, `/api/games/${created.id}/actions`, { token, action: 'roll' });
  }
  if (!state.result) state = await post(url, `/api/games/${created.id}/actions`, { token: created.tokens[state.to_act], action: 'resign' });
  assert(state.result, 'the game ended');
  return created;
}

// The player's key the page keeps, and a call of the practice API as that player.
const keyOf = (page) => page.evaluate(() => localStorage.getItem('ludus:player-key'));
const asPlayer = async (page, path) => page.evaluate(async ([p, key]) => (await fetch(p, { headers: { 'x-player-key': key } })).json(), [path, await keyOf(page)]);

// The clicks of the checker play `move` of the exercise on the page's board: the server's steps
// searched (depth first) for a complete move written `move`; null when none is.
async function clicksFor(page, text, dice, move) {
  const steps = (taken) => page.evaluate(async ([t, d, k]) => (await fetch(`/api/position/steps?${new URLSearchParams({ text: t, dice: d, taken: k })}`)).json(),
    [text, dice, taken.map(([a, b]) => `${a}/${b}`).join(',')]);
  const search = async (node, path) => {
    if (node.complete) return node.move === move ? path : null;
    for (const next of node.next) {
      const found = await search(await steps([...node.taken, ...next.steps]), [...path, [next.from, next.to]]);
      if (found) return found;
    }
    return null;
  };
  return search(await steps([]), []);
}

// Answers the exercise shown with the play `move` by clicks and confirms it; the verdict.
async function answerOnBoard(page, exercise, move) {
  const dice = `${exercise.question.dice[0]}${exercise.question.dice[1]}`;
  const clicks = await clicksFor(page, exercise.position, dice, move);
  if (!clicks) return null;
  for (const [from, to] of clicks) { await bgPoint(page, from); await bgPoint(page, to); }
  await page.click('#confirm:not([disabled])');
  await page.waitForSelector('#practice-result:not([hidden])', { timeout: WAIT_MS });
  return page.getAttribute('#practice-result', 'data-right');
}

// Shows the exercises until one whose `choose(exercise)` play can be clicked; its verdict and card.
async function answerSome(page, choose, skip) {
  for (let shown = 0; shown < 20; shown++) {
    await page.waitForSelector('#practice[data-exercise]', { timeout: WAIT_MS });
    const id = await page.getAttribute('#practice', 'data-exercise');
    const today = await asPlayer(page, '/api/practice');
    const exercise = today.due.find((e) => e.id === id);
    if (exercise.asks === 'checker' && !skip.has(id)) {
      const verdict = await answerOnBoard(page, exercise, choose(exercise));
      if (verdict !== null) return { id, verdict, today: today.today, due: await page.textContent('#practice-next-due') };
    }
    // Not this one: a new page shows the set from the next exercise on.
    skip.add(id);
    await page.reload();
    await page.waitForFunction((s) => !s.includes(document.querySelector('#practice')?.dataset.exercise), [...skip], { timeout: WAIT_MS });
  }
  throw new Error('no exercise could be answered by clicks');
}

// The game's review opened by White's seat on `page` and added to practice; the status line.
async function addToPractice(page, url, game) {
  await takeSeat(page, url, game);
  await page.goto(`${url}/review/${game.id}`);
  await setLanguage(page, 'en');
  await page.waitForSelector('#review[data-steps]', { timeout: REVIEW_WAIT_MS });
  await page.click('#practice-add');
  await page.waitForSelector('#practice-link', { timeout: REVIEW_WAIT_MS });
  return page.textContent('#practice-add-status');
}

async function practiceFromReviews(browser, url) {
  const games = [await randomGame(url, 21), await randomGame(url, 22)];
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  let added = 0;
  for (const game of games) {
    const status = await addToPractice(page, url, game);
    const count = Number(/(\d+) decisions/.exec(status)[1]);
    assert(count > 0, `random plays make mistakes: ${status}`);
    added += count;
  }
  // The exercises are the review's mistakes: White's decisions losing 0.04 or more.
  const review = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/review`)).json(), games[0].id);
  const mistakes = review.report.games.flatMap((g) => g.decisions).filter((d) => d.player === 0 && d.equity_lost >= 0.04);
  await page.click('#practice-link');
  await page.waitForSelector('#practice[data-exercise]', { timeout: WAIT_MS });
  const today = await asPlayer(page, '/api/practice');
  const positions = new Set(today.due.map((e) => e.position));
  assert(mistakes.some((d) => positions.has(d.xgid)), 'the first game\'s mistakes are among the exercises');
  assert(today.exercises <= added, `${today.exercises} exercises from ${added} decisions`);
  await page.screenshot({ path: join(OUT, 'practice-exercise-en.png') });
  const skip = new Set();
  // One answered with the review's best play: right, back in a day.
  const right = await answerSome(page, (e) => e.best, skip);
  assert(right.verdict === 'true', `the best play is right: ${JSON.stringify(right)}`);
  assert(/Comes back tomorrow/.test(right.due), right.due);
  const ranking = await page.locator('.ranking tr').count();
  assert(ranking >= 2 && /2-ply/.test(await page.textContent('.ranking caption')), 'the ranking at the review\'s 2 plies');
  await page.screenshot({ path: join(OUT, 'practice-answer-en.png') });
  skip.add(right.id);
  await page.click('#practice-next');
  // One answered with the game's mistake: wrong, back today.
  const wrong = await answerSome(page, (e) => e.played, skip);
  assert(wrong.verdict === 'false', `the game's mistake is wrong: ${JSON.stringify(wrong)}`);
  assert(/Comes back today/.test(wrong.due), wrong.due);
  const after = await asPlayer(page, '/api/practice');
  assert(after.due.some((e) => e.id === wrong.id && e.card.due === after.today), 'the wrong one is due today');
  assert(!after.due.some((e) => e.id === right.id), 'the right one is not');
  // The progress page plots both games.
  await page.goto(`${url}/practice/progress`);
  await page.waitForSelector('#progress-plot', { timeout: WAIT_MS });
  assert(await page.getAttribute('#progress-plot', 'data-points') === '2', 'two games plotted');
  assert(/2 reviewed games.*2 answered \(1 right\)/.test(await page.textContent('#progress-status')), 'the summary counts');
  assert(await page.locator('#levels-table tr[data-level]').count() === 10, 'the ten levels\' measured strength');
  assert(/try level \d+/.test(await page.textContent('#level-advice')), 'a level to try next');
  await page.screenshot({ path: join(OUT, 'practice-progress-en.png'), fullPage: true });
  // Estonian and Hungarian at both sizes: no English word, nothing wider than the screen.
  for (const lang of ['et', 'hu']) {
    for (const [width, height] of [[1280, 800], [375, 812]]) {
      await page.setViewportSize({ width, height });
      for (const path of ['/practice', '/practice/progress']) {
        await page.goto(`${url}${path}`);
        await setLanguage(page, lang);
        await page.waitForSelector(path === '/practice' ? '#practice-status' : '#progress-plot', { timeout: WAIT_MS });
        const text = await page.textContent('main');
        const english = englishWordsIn(text, lang);
        assert(english.length === 0, `${lang} ${path}: English words ${english}`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert(wide <= width, `${lang} ${path} at ${width}: the page is ${wide} px wide`);
        await page.screenshot({ path: join(OUT, `practice-${path === '/practice' ? 'exercise' : 'progress'}-${lang}-${width}.png`), fullPage: true });
      }
    }
  }
  await page.close();
  return `${added} decisions added, ${today.exercises} exercises; right then wrong scheduled; 2 games plotted`;
}

// A backgammon game with the cube from the dice seed `seed` in which Black doubles at its first
// chance and White passes: an early double is an easy take, so the pass is White's mistake.
async function passedEarlyDouble(url, seed) {
  const created = await withFriend(url, await post(url, '/api/games', { game: 'backgammon', opponent: 'human', side: 'white', seed, rules: { cube: true } }));
  let state = created.state;
  for (let i = 0; i < 12 && !state.result; i++) {
    const side = state.to_act;
    const act = (action) => post(url, `/api/games/${created.id}/actions`, { token: created.tokens[side], action });
    if (side === 'black' && state.actions.includes('double')) state = await act('double');
    else if (state.actions.includes('pass')) state = await act('pass');
    else if (state.legal_moves.length) state = await post(url, `/api/games/${created.id}/moves`, { token: created.tokens[side], move: state.legal_moves[0] });
    else state = await act('roll');
  }
  assert(state.result, 'the game ended by the pass');
  return created;
}

async function practiceCubeExercise(browser, url) {
  const game = await passedEarlyDouble(url, 31);
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await addToPractice(page, url, game);
  await page.click('#practice-link');
  const due = (await asPlayer(page, '/api/practice')).due;
  assert(due.some((e) => e.asks === 'take'), `a take exercise: ${JSON.stringify(due.map((e) => e.asks))}`);
  // White's own checker plays before the pass may be exercises too: answered, then the next.
  for (let shown = 0; ; shown++) {
    assert(shown < 10, 'the passed double is among the exercises');
    await page.waitForSelector('#practice[data-exercise]', { timeout: WAIT_MS });
    if (await page.getAttribute('#practice', 'data-asks') === 'take') break;
    const id = await page.getAttribute('#practice', 'data-exercise');
    const exercise = due.find((e) => e.id === id);
    assert(exercise.asks === 'checker', `an exercise of White's: ${exercise.asks}`);
    assert(await answerOnBoard(page, exercise, exercise.best) !== null, 'the best play can be clicked');
    await page.click('#practice-next');
  }
  // The question's buttons come after the position is read from the server (data-asks is set
  // before): wait for them, as a loaded machine showed.
  await page.waitForSelector('.cube-answer', { timeout: WAIT_MS });
  const buttons = await page.locator('.cube-answer').allTextContents();
  assert(buttons.join(' / ') === 'take / pass', `the take question's answers: ${buttons}`);
  await page.screenshot({ path: join(OUT, 'practice-take-en.png') });
  await page.click('.cube-answer[data-answer="take"]');
  await page.waitForSelector('#practice-result:not([hidden])', { timeout: WAIT_MS });
  assert(await page.getAttribute('#practice-result', 'data-right') === 'true', 'take is right');
  const ranking = await page.textContent('#practice-result');
  assert(/take/.test(ranking) && /pass/.test(ranking), `the ranking names both answers: ${ranking}`);
  assert(/In the game you played: pass/.test(ranking), `the earlier choice, pass, is shown: ${ranking}`);
  assert(/Comes back tomorrow/.test(await page.textContent('#practice-next-due')), 'right: back tomorrow');
  await page.screenshot({ path: join(OUT, 'practice-take-answered-en.png') });
  await page.close();
  return 'the passed early double came back as take or pass; take judged right, back tomorrow';
}

// The first placements of a Morris game from the empty board, read from the analysis of each
// position (the shipped opening table's perfect values): Black plays the best move, White the
// best move except once, where a placement turns the draw into a loss. The moves, the position
// before the error (Ludus's text) and the error.
async function openingWithError(url) {
  const get = async (path) => (await fetch(`${url}${path}`)).json();
  let text = '......../......../........ w 9 9 0';
  const moves = [];
  let error = null;
  for (let ply = 0; ply < 9 && !(error && moves.length >= error.ply + 3); ply++) {
    const analysis = await get(`/api/morris/analysis?${new URLSearchParams({ position: text })}`);
    assert(analysis.perfect, `the opening table knows ply ${ply}: ${JSON.stringify(analysis)}`);
    let move = analysis.moves[0].move;
    const losing = analysis.moves.find((m) => /^loss/.test(m.perfect || ''));
    if (ply % 2 === 0 && !error && analysis.perfect === 'draw' && losing) {
      move = losing.move;
      error = { ply, before: text, move, best: analysis.moves[0].move };
    }
    moves.push(move);
    text = (await get(`/api/position/play?${new URLSearchParams({ text, move })}`)).text;
  }
  assert(error, `White can lose the draw within the first 9 placements: ${moves}`);
  return { moves, error };
}

async function practiceMorrisExercise(browser, url) {
  const { moves, error } = await openingWithError(url);
  const created = await withFriend(url, await post(url, '/api/games', { game: 'morris', opponent: 'human', side: 'white' }));
  let state = created.state;
  for (const move of moves) {
    state = await post(url, `/api/games/${created.id}/moves`, { token: created.tokens[state.to_act], move });
    assert(!state.error, `the API took ${move}: ${JSON.stringify(state)}`);
  }
  state = await post(url, `/api/games/${created.id}/actions`, { token: created.tokens[state.to_act], action: 'resign' });
  assert(state.result, 'the Morris game ended');
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  // A new player: no exercises of the other tests.
  await page.goto(url);
  await page.evaluate(() => localStorage.removeItem('ludus:player-key'));
  const status = await addToPractice(page, url, created);
  assert(/1 decision/.test(status), `the one value-changing move is added: ${status}`);
  await page.click('#practice-link');
  await page.waitForSelector('#practice[data-exercise]', { timeout: WAIT_MS });
  assert(await page.getAttribute('#practice', 'data-asks') === 'morris', 'a Morris exercise');
  const exercise = (await asPlayer(page, '/api/practice')).due[0];
  assert(exercise.played === error.move, `the game's error is the exercise: ${JSON.stringify(exercise)} ${JSON.stringify(error)}`);
  await page.waitForSelector('#practice-board #morris-board .mb-hit', { timeout: WAIT_MS });
  assert(await page.textContent('#practice-to-move') === 'White to play', 'the side to move is named');
  assert(/8 in hand/.test(await page.textContent('#practice-question .counts')), 'the pieces in hand are shown');
  await page.screenshot({ path: join(OUT, 'practice-morris-en.png') });
  // At a phone's width the board and the question fit the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert(wide <= 375, `the Morris exercise at 375 px is ${wide} px wide`);
  await page.screenshot({ path: join(OUT, 'practice-morris-en-375.png'), fullPage: true });
  // The best move clicked on the board: right, back tomorrow, the perfect values ranked.
  await playMorrisMove(page, error.best);
  await page.waitForSelector('#practice-result:not([hidden])', { timeout: WAIT_MS });
  assert(await page.getAttribute('#practice-result', 'data-right') === 'true', `${error.best} keeps the draw`);
  const result = await page.textContent('#practice-result');
  assert(/draw/.test(result), `the ranking shows the perfect values: ${result}`);
  assert(new RegExp(`${error.move}loss in \\d+ plies`).test(result), `the game's move is shown with its loss: ${result}`);
  assert(result.includes(`In the game you played: ${error.move}`), `the earlier choice is shown: ${result}`);
  assert(/Comes back tomorrow/.test(await page.textContent('#practice-next-due')), 'right: back tomorrow');
  const unranked = await page.locator('.ranking tr').last().locator('td').first().textContent();
  assert(unranked === '', `the game's move below the ranking has no rank: ${unranked}`);
  await page.screenshot({ path: join(OUT, 'practice-morris-answered-en.png') });
  await page.close();
  return `White's ${error.move} at ply ${error.ply + 1} (best ${error.best}) came back as an exercise; ${error.best} clicked on the board, judged right`;
}

/** This file's tests, in the order they run: name and function (browser context, server address). */
export const tests = [
  ['practice_from_reviews', practiceFromReviews],
  ['practice_cube_exercise', practiceCubeExercise],
  ['practice_morris_exercise', practiceMorrisExercise],
];
