// End-to-end tests of the Ludus web UI: a real `ludus serve` on 127.0.0.1 (random port, fresh
// database) driven through headless Chromium from Debian (/usr/bin/chromium) with playwright-core.
// Every test makes its own games (through the HTTP API or the page) in a browser context of its
// own (fresh storage, so no language, seat or setting carries over), and its moves come from a
// generator seeded afresh: any file, or any one test, runs alone as it runs in the whole suite.
//
//   node scripts/e2e/run.mjs                        every file under tests/, in the order below
//   node scripts/e2e/run.mjs tests/review.mjs       one file (or several; a path under scripts/e2e)
//   E2E_ONLY=name,name node scripts/e2e/run.mjs     only the tests named (of the files given)
//
// It builds nothing: it expects target/debug/ludus (or LUDUS_BIN) and Chromium at /usr/bin/chromium
// (or CHROMIUM). Each test's name and result is printed; the exit status is 1 when any test failed.
// Shared helpers (server start, games through the API, language, waits) are in lib.mjs.
//
// Tests, by file (each bounded in moves and time):
//   tests/play-morris.mjs
//     morris_full_game_en       – English; a whole Morris game against the computer by clicks, with
//                                 removals; the game-over summary appears.
//     two_humans_hu             – Hungarian; Morris between two browser pages (creator and the
//                                 invitation link); the creator's page stops offering the link once
//                                 the friend is in; each sees the other's moves live (WebSocket).
//     hint_rematch              – against the computer: a hint, a take-back, resignation ("You lost —"),
//                                 rematch with the sides swapped and the series' score.
//     recent_games              – Recent games lists only this browser's games (asked by id), with
//                                 result, opponent and the computer's level, date; the level menu is off
//                                 for a friend; no Resign after.
//   tests/play-backgammon.mjs
//     backgammon_turns_et       – Estonian; a money game against the computer: roll, move checker by
//                                 checker (the clicks the server offers, several dice at once among
//                                 them), undo, confirm, for several turns; cube and pips shown.
//     cube_between_two_pages    – Backgammon between two pages: one doubles by button, the other sees
//                                 the offer live and takes; both show the cube at 2.
//     analysis_after_game       – a backgammon game ended by resignation; the summary's Analysis button
//                                 shows both players' totals (GET /api/games/{id}/analysis).
//     backgammon_move_marked    – the computer's backgammon move is animated checker by checker, then
//                                 marked on the board (from, to); the log is translated.
//     auto_bear_off_page        – a friend game played through the API to a bear-off where nothing else
//                                 matters: the page waits with the setting off and plays it by itself
//                                 with it on.
//     double_click_higher_die   – double clicks play a checker by the higher die, then by the other die.
//     position_ids_to_analysis  – the game page's XGID and gnubg id: copied by its button, pasted into the
//                                 analysis board (the same position read back); "Analyse this position".
//     cube_hint_numbers         – the cube hint before rolling: the action and the player's equities of no
//                                 double, double/take and double/pass with their lookahead.
//     hint_waits_for_engine     – a server with one analysis worker: a hint asked while two slow
//                                 analyses of the same browser hold its places comes after the 429s
//                                 engine-share (the page asks again), not as an error.
//   tests/phone.mjs
//     phone_layout              – a backgammon match at phone width (responsive layout).
//     review_phone              – both reviews at 375 px: nothing wider than the screen.
//   tests/review.mjs
//     morris_review_en          – a finished Morris game (made through the API) reviewed move by move
//                                 (buttons, ←/→, a click on a move, a dot of the graph), at 1280 px;
//                                 flipped (f), its coordinates still upright.
//     backgammon_review_error   – a finished backgammon game: a click on an error's dot of the graph
//                                 shows that decision and its position (the checkers drawn); the move
//                                 list's dice read higher die first, as on the game page; the decision's
//                                 XGID opens its position in the analysis board.
//     review_et_hu              – the backgammon and Morris reviews in Estonian and Hungarian at 1280
//                                 and 375 px: no English word left (no word of en.ftl that the
//                                 language's own file lacks), no element wider than its box (the
//                                 alternatives table included), no panel or board past the review's box,
//                                 the page no wider than the screen.
//     review_orientation_cube   – a money game with a double and a take: the review keeps White at the
//                                 bottom through both players' decisions (checkers counted per half),
//                                 the cube drawn (centred, then the taker's at 2), arrows for the plays,
//                                 f flips the board and ↑/↓ jump between errors.
//     review_alternatives_bg    – a backgammon checker decision lists at least five plays with their
//                                 equity, difference, chances and plies (every checker row at the review's
//                                 plies); a cube decision its cube table, the proper action's row styled
//                                 best and the action named as gnubg does.
//     review_morris_databases   – a second server with the 3-against-3 databases built (ludus morris
//                                 solve): a Morris game from a 3-against-3 position, each alternative of
//                                 its review with the databases' value.
//     review_layout             – board and graph both in the viewport at 1280×800 (page not scrolled),
//                                 one column at 375×812; screenshots under target/e2e (and /tmp when
//                                 E2E_SHOT_DIR says so).
//     review_mat_file           – a gnubg .mat file opened for review on /review/open (file input), a
//                                 bad text refused with the translated message, an oversized one with
//                                 413.
//     review_slow_server        – a server whose requests may take 1 s: the .mat review outlasts it, 503
//                                 review-in-progress is answered while its job goes on, the page says it
//                                 is still at work, asks again and shows the review.
//   tests/analysis.mjs
//     analysis_board            – the analysis board from a pasted XGID (moves ranked at 2 plies unasked and at 0,
//                                 each with its chances W g bg / L g bg and one lookahead, the measure
//                                 named), from a Sanmill FEN, and again from its shareable address.
//     analysis_cube_panel       – the analysis board's cube panel for the textbook last roll: exact
//                                 double, take, +0.278 / +0.556 / +1.000, take point 25 %; every ranked
//                                 play labelled with its lookahead.
//     analysis_edit             – edit mode of the analysis board: a backgammon position set up by
//                                 clicks (clear, checkers added and taken off, dice), 16 checkers and a
//                                 side with none refused by the server, the XGID it writes ranked; a
//                                 Morris position set up by clicks (the cycle, hands, side to move),
//                                 inconsistent hands refused, the FEN written, each ranked move with its
//                                 database value (or "not in the databases"); then games against the
//                                 computer from the Morris and the backgammon position (dice, cube,
//                                 score kept).
//     analysis_variation        – the analysis board: an XGID's dice and cube shown, the best move as
//                                 arrows, ranked moves played as a variation (back/forward by buttons
//                                 and keys), a typed illegal move refused, a Morris move by a click;
//                                 1280×800 and 375×812 screenshots.
//     analysis_clicks_address   – the analysis board's checkers moved by clicks for both sides (the
//                                 server offering each step), the variation kept in the address and
//                                 restored on reload (backgammon and Morris), a refused move in it.
//     analysis_dice_seven       – dice 71 refused by the server, the message (en, et, hu) in place of
//                                 the board.
//     analysis_rollout          – a rollout from the analysis board followed to its end (36 of 36
//                                 trials, mean ± interval, chances), then a long one stopped.
//     analysis_play_rollout     – the cubeful rollout of one play of a roll (chosen among the
//                                 ranking's), every game to its end, answered from the mover's view with the
//                                 play, dice and length in words; the panel in et and hu at 1280 and
//                                 375 px (screenshots), no page wider than the screen.
//   tests/pages.mjs
//     page_functions            – the page's own functions in the browser: the a7–a4–a1 mill drawn end
//                                 to end (as the server names it), "44: no move" in the log.
//     not_found_pages           – /play/doesnotexist, /review/doesnotexist, /nope: 404 with the
//                                 translated page; /api/nope: 404 JSON.
//     et_hu_pages               – home, analysis board, 404 and a game page in Estonian and Hungarian at
//                                 1280 and 375 px: no English word, no panel wider than itself.
//     counts_inside_cards       – the game page's counts ("Score: 0", "0 on board") end inside their card
//                                 in en/et/hu at 1280×800 and 375×812, for both games.
//   tests/practice.mjs
//     practice_from_reviews     – two backgammon games of random plays added to practice from their
//                                 review pages; their mistakes among the exercises; one answered with
//                                 the best play by clicks (right, due in a day, the ranking at 2 plies)
//                                 and one with the game's mistake (wrong, due today); the progress page
//                                 plots both games; et/hu at 1280×800 and 375×812 without English words
//                                 or overflow; screenshots.
//     practice_cube_exercise    – an early double passed comes back as "take or pass?", answered by
//                                 its button.
//     practice_morris_exercise  – a placement that loses the opening's draw (the shipped opening
//                                 table's values) comes back as a Morris exercise; the best move
//                                 clicked on the board is judged right and due tomorrow.
//   tests/server.mjs
//     sigkill_resume            – a second server is killed with SIGKILL mid-game; restarted on the same
//                                 database, every game is back with its full history.
//
// Screenshots go to target/e2e/*.png. E2E_WEB_DIR=crates/server/web serves the page's files from
// that folder instead of the binary (to try changes to the page without rebuilding).

import { readFileSync, rmSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, OUT, ROOT, reseed, startServer, work } from './lib.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const FILES = ['play-morris', 'play-backgammon', 'phone', 'review', 'analysis', 'pages', 'practice', 'server']
  .map((name) => join(HERE, 'tests', `${name}.mjs`));

// The files named on the command line (relative to the working directory or to scripts/e2e), or
// every file.
function filesToRun() {
  const named = process.argv.slice(2);
  if (named.length === 0) return FILES;
  return named.map((name) => {
    for (const candidate of [resolve(name), resolve(HERE, name)]) {
      try { readFileSync(candidate); return candidate; } catch { /* the next candidate */ }
    }
    throw new Error(`no test file ${name}`);
  });
}

// A browser context of the test's own: fresh storage, page errors shown, the page's files from
// E2E_WEB_DIR when it says so.
async function newContext(browser) {
  const context = await browser.newContext();
  // Errors in the page fail nothing by themselves but are shown.
  context.on('page', (page) => page.on('pageerror', (error) => console.log(`page error: ${error.stack || error}`)));
  if (process.env.E2E_WEB_DIR) {
    await context.route('**/assets/**', (route) => {
      const name = new URL(route.request().url()).pathname.replace('/assets/', '');
      const file = name.startsWith('i18n/') ? join(ROOT, 'crates', 'i18n', 'ftl', name.slice(5)) : join(process.env.E2E_WEB_DIR, name);
      const type = name.endsWith('.js') ? 'text/javascript' : name.endsWith('.css') ? 'text/css' : name.endsWith('.svg') ? 'image/svg+xml' : 'text/plain';
      try { route.fulfill({ body: readFileSync(file), contentType: type }); } catch { route.continue(); }
    });
  }
  return context;
}

// Runs one test in a context of its own; prints its name and result. True when it passed.
async function runTest(browser, url, name, test) {
  const started = Date.now();
  const context = await newContext(browser);
  reseed();
  try {
    const detail = await test(context, url);
    console.log(`ok   ${name} (${Date.now() - started} ms): ${detail}`);
    return true;
  } catch (error) {
    console.log(`FAIL ${name}: ${error.stack || error}`);
    return false;
  } finally {
    await context.close().catch(() => {});
  }
}

async function main() {
  const files = filesToRun();
  const only = process.env.E2E_ONLY ? process.env.E2E_ONLY.split(',') : null;
  const { server, url } = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS,
  });
  let failed = 0;
  let passed = 0;
  try {
    for (const file of files) {
      const { tests } = await import(pathToFileURL(file).href);
      for (const [name, test] of tests) {
        if (only && !only.includes(name)) continue;
        if (await runTest(browser, url, name, test)) passed += 1; else failed += 1;
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`screenshots in ${OUT}`);
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  if (passed + failed === 0) console.log('e2e: no test ran (E2E_ONLY names none of these files\' tests)');
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
}

main().catch((error) => { console.error(error); process.exit(1); });
