// The Ludus HTTP API and WebSocket feed (see /api/openapi.json). A refused request throws an
// Error with the server's English `message`, its machine `code` and `params` (see errorText).

async function call(path, options = {}) {
  const init = { method: options.method || 'GET', headers: { ...options.headers } };
  if (options.body !== undefined || options.raw !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = options.raw ?? JSON.stringify(options.body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    // The status goes with the message: a 409 means the page's state is out of date.
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    error.code = data.code;
    error.params = data.params || {};
    error.retryAfter = Number(response.headers.get('retry-after')) || null;
    throw error;
  }
  return data;
}

export const createGame = (body) => call('/api/games', { method: 'POST', body });
// Practice (docs/server.md, "Practice"): every call but the first names the player by its key.
const asPlayer = (key, path, options = {}) => call(path, { ...options, headers: { 'x-player-key': key } });
export const newPlayer = () => call('/api/practice/players', { method: 'POST' });
export const practiceOverview = (key) => asPlayer(key, '/api/practice');
export const addPracticeGame = (key, gameId, token, onWait) => patiently(() => asPlayer(key, '/api/practice/games', { method: 'POST', body: { game_id: gameId, token } }), onWait);
export const answerExercise = (key, exercise, answer) => asPlayer(key, '/api/practice/answers', { method: 'POST', body: { exercise, answer } });
export const practiceProgress = (key) => asPlayer(key, '/api/practice/progress');
export const setPracticeThreshold = (key, checker, cube) => asPlayer(key, '/api/practice/threshold', { method: 'PUT', body: { checker, cube } });
export const exportPlayerFile = async (key) => JSON.stringify(await asPlayer(key, '/api/practice/file'), null, 2);
export const importPlayerFile = (key, text) => asPlayer(key, '/api/practice/file', { method: 'POST', raw: text });
export const getGame = (id) => call(`/api/games/${id}`);
// Claims a friend's seat with the invitation's one-time code: { seat, token }.
export const joinGame = (id, invite) => call(`/api/games/${id}/join`, { method: 'POST', body: { invite } });
// The games `ids` (those that exist), newest first.
export const listGames = (ids) => call(`/api/games?${new URLSearchParams({ ids: ids.join(',') })}`);
export const getAnalysis = (id) => call(`/api/games/${id}/analysis`);
// The analysis board's rollouts: started (202, its first answer), asked about, stopped. `more`:
// `length` ('truncated' or 'full'), `cubeful`, and `dice` with `play` for the rollout of one play.
export const startRollout = (positionId, trials, more = {}) => call('/api/backgammon/rollouts', { method: 'POST', body: { position_id: positionId, trials, ...more } });
export const getRollout = (id) => call(`/api/backgammon/rollouts/${id}`);
export const stopRollout = (id) => call(`/api/backgammon/rollouts/${id}`, { method: 'DELETE' });
// `request()`, asked again after the server's Retry-After (else `fallbackSeconds`) while it
// answers one of the error codes `waits`, for at most `patienceMs`; `onWait(seconds)`, if given,
// hears how long it has taken so far and stops the asking by answering false (the page has
// moved on).
async function askAgain(request, { waits, patienceMs, fallbackSeconds }, onWait) {
  const started = Date.now();
  for (;;) {
    try {
      return await request();
    } catch (error) {
      if (!waits.has(error.code) || Date.now() - started > patienceMs) throw error;
      if (onWait?.(Math.round((Date.now() - started) / 1000)) === false) throw error;
      await new Promise((resolve) => { setTimeout(resolve, (error.retryAfter || fallbackSeconds) * 1000); });
    }
  }
}

// A review the server is still making answers 503 `review-in-progress` (its job outlives each
// request: docs/server.md): the page keeps asking for up to ten minutes.
const REVIEW_WAIT = { waits: new Set(['review-in-progress']), patienceMs: 10 * 60 * 1000, fallbackSeconds: 2 };
const patiently = (request, onWait) => askAgain(request, REVIEW_WAIT, onWait);

// A game's review (asked again while it is being made; see patiently).
export const getReview = (id, onWait) => patiently(() => call(`/api/games/${id}/review`), onWait);
// The review of a pasted or uploaded record (.mat, SGF, Morris record) or a Ludus game link.
export const reviewRecord = (text, onWait) => patiently(() => call('/api/review', { method: 'POST', body: { text } }), onWait);
// Takes back the seat's last move against the computer (and the computer's answer to it).
export const takeBack = (id, token) => call(`/api/games/${id}/takeback`, { method: 'POST', body: { token } });
// An engine request (its thinking) refused because the engine is taken, not because the request
// is wrong — the client's share of the analysis pool held by its earlier requests (429
// `engine-share`), the pool full (503 `engine-busy`), the client's engine rate spent (429
// `rate-limited`): asked again for up to a minute (docs/server.md, "Operating a public server"),
// an answer that comes late rather than an error the player did not cause.
const ENGINE_WAIT = { waits: new Set(['engine-share', 'engine-busy', 'rate-limited']), patienceMs: 60 * 1000, fallbackSeconds: 1 };
const whenEngineFree = (request) => askAgain(request, ENGINE_WAIT);

// The engine's ranking of a position (URLSearchParams as the endpoints document them).
export const backgammonAnalysis = (query) => whenEngineFree(() => call(`/api/backgammon/analysis?${query}`));
export const morrisAnalysis = (query) => whenEngineFree(() => call(`/api/morris/analysis?${query}`));
// A pasted Position ID, XGID or Sanmill FEN, read ({ game, … }: see /api/openapi.json).
export const readPosition = (query) => call(`/api/position?${query}`);
// The position after a move on a pasted one ({ move, text, last_play, over, position }).
export const playOnPosition = (query) => call(`/api/position/play?${query}`);
// A backgammon move built checker by checker on a pasted position (a StepsView, as getSteps).
export const positionSteps = (text, dice, taken) => {
  const query = new URLSearchParams({ text, dice, taken: taken.map(([from, to]) => `${from}/${to}`).join(',') });
  return call(`/api/position/steps?${query}`);
};
// A set-up of the analysis board's editor checked and written as ids ({ game, xgid | fen, … }).
export const writeSetup = (model) => call('/api/setup', { method: 'POST', body: model });
export const sendMove = (id, token, move) => call(`/api/games/${id}/moves`, { method: 'POST', body: { token, move } });
export const sendAction = (id, token, action) => call(`/api/games/${id}/actions`, { method: 'POST', body: { token, action } });
// The backgammon move being built after the checker steps `taken` ([[from, to], …]).
export const getSteps = (id, taken, version) => {
  const query = new URLSearchParams({ taken: taken.map(([from, to]) => `${from}/${to}`).join(','), version });
  return call(`/api/games/${id}/steps?${query}`);
};

// Calls onState with every new state; reconnects (bounded back-off) when the socket drops.
export function watch(id, onState, onStatus) {
  let socket = null;
  let closed = false;
  let delay = 500;
  const open = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws`);
    socket.onopen = () => { delay = 500; onStatus?.(true); };
    socket.onmessage = (event) => onState(JSON.parse(event.data));
    socket.onclose = () => {
      if (closed) return;
      onStatus?.(false);
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  };
  open();
  return () => { closed = true; socket?.close(); };
}
