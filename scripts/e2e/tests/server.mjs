// The server's games survive a SIGKILL (through the API alone).

import {
  assert, withFriend, random, startServer,
} from '../lib.mjs';

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


/** This file's tests, in the order they run: name and function (browser context, server address). */
export const tests = [
  ['sigkill_resume', sigkillResume],
];
