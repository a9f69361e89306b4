//! The operator's settings of a server process: how many games stay in memory, the limits that
//! protect it from abusive clients, and the engine's worker budgets (`ludus serve` flags).

use std::time::Duration;

/// Games kept in memory by default (`--max-cached-games`).
pub const DEFAULT_MAX_CACHED_GAMES: usize = 10_000;
/// Game creations and engine requests per client and minute by default (`--rate-per-minute`).
pub const DEFAULT_RATE_PER_MINUTE: u32 = 120;
/// Live games one client may have by default (`--max-live-games-per-client`).
pub const DEFAULT_MAX_LIVE_GAMES_PER_CLIENT: usize = 50;
/// The longest a request may take by default (`--request-timeout-secs`).
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(20);
/// Moves, actions and take-backs per client and minute by default (`--moves-per-minute`).
pub const DEFAULT_MOVES_PER_MINUTE: u32 = 600;
/// The longest a connection may take to send a request's headers, and may stay idle between
/// requests, by default (`--header-timeout-secs`).
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest a connection's answer may wait for the client to read any of it before the
/// connection is closed, by default (`--write-timeout-secs`).
pub const DEFAULT_WRITE_TIMEOUT: Duration = Duration::from_secs(30);
/// Open connections in all by default (`--max-connections`).
pub const DEFAULT_MAX_CONNECTIONS: usize = 1024;
/// Open connections per client address by default (`--max-connections-per-client`).
pub const DEFAULT_MAX_CONNECTIONS_PER_CLIENT: usize = 64;
/// WebSocket watchers per client by default (`--max-sockets-per-client`).
pub const DEFAULT_MAX_SOCKETS_PER_CLIENT: usize = 32;
/// The largest WebSocket message or frame a client may send by default
/// (`--max-ws-message-bytes`); the socket only pushes states, clients have nothing to say.
pub const DEFAULT_MAX_WS_MESSAGE_BYTES: usize = 4096;
/// States a slow watcher may fall behind before it skips to the present, by default
/// (`--watch-buffer`).
pub const DEFAULT_WATCH_BUFFER: usize = 8;
/// Commands a game may have by default (`--max-plies`); the game ends drawn (`ply-limit`) when
/// it reaches them.
pub const DEFAULT_MAX_PLIES: usize = 3000;

/// Settings of a server process (see `docs/server.md`, "Operating a public server").
#[derive(Debug, Clone)]
pub struct Settings {
    /// The most games kept in memory; the least recently used beyond it are dropped (they stay in
    /// the database and are loaded again when asked for). Games in use right now are never
    /// dropped, so the cache may exceed this while that many are in use.
    pub max_cached_games: usize,
    /// Game creations, and separately engine requests (analysis), each client may make per
    /// minute; at most a quarter of them at once. 0: no limit.
    pub rate_per_minute: u32,
    /// Unfinished games one client may have created in the last 24 hours; 0: no limit.
    pub max_live_games_per_client: usize,
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a proxy that
    /// appends it); otherwise the connection's address is the client.
    pub trust_proxy: bool,
    /// Analysis requests computed at once.
    pub analysis_workers: usize,
    /// Analysis requests that may wait for a worker; beyond them requests get 503. One client
    /// holds at most `analysis_workers + 1` places (running or waiting); beyond them it gets 429.
    pub analysis_queue: usize,
    /// A pasted record's review job that no request has waited for this long stops (a game's
    /// review goes on: the cache keeps it for the game's page).
    pub review_abandoned_after: Duration,
    /// Computer moves computed at once (they wait for a worker; there is at most one per game).
    pub computer_workers: usize,
    /// The longest a request may take before it is answered 503.
    pub request_timeout: Duration,
    /// The longest a shutdown waits for commands, computer moves and sockets to finish.
    pub shutdown_grace: Duration,
    /// Moves, actions and take-backs each client may send per minute, at most a quarter of them
    /// at once; 0: no limit.
    pub moves_per_minute: u32,
    /// The most computer moves of one client's games computed at once (0: as many as there are
    /// workers); waiting moves are served client by client in turn.
    pub computer_workers_per_client: usize,
    /// The longest a connection may take to send a request's headers, and may stay idle
    /// between requests, before it is closed.
    pub header_timeout: Duration,
    /// The longest an answer may wait for the client to read any of it before the connection is
    /// closed (slow readers keep theirs: any progress starts the wait again).
    pub write_timeout: Duration,
    /// Open connections in all; beyond it new connections are closed at once.
    pub max_connections: usize,
    /// Open connections per client address (the connection's peer; behind a trusted proxy this
    /// limit is off); 0: no limit.
    pub max_connections_per_client: usize,
    /// WebSocket watchers per client (429 beyond it); 0: no limit.
    pub max_sockets_per_client: usize,
    /// The largest WebSocket message or frame a client may send; a larger one closes the socket.
    pub max_ws_message_bytes: usize,
    /// States a slow watcher may fall behind before it skips to the present.
    pub watch_buffer: usize,
    /// Commands a new game may have; it ends drawn (`ply-limit`) when it reaches them. 0: none.
    pub max_plies: usize,
    /// Accept a dice `seed` for games between people (test servers only: with a known seed a
    /// player can foresee every roll). Off by default: their dice come from the server's
    /// generator.
    pub seeded_friend_games: bool,
}

impl Default for Settings {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        let analysis_workers = (cores / 2).max(1);
        Settings {
            max_cached_games: DEFAULT_MAX_CACHED_GAMES,
            rate_per_minute: DEFAULT_RATE_PER_MINUTE,
            max_live_games_per_client: DEFAULT_MAX_LIVE_GAMES_PER_CLIENT,
            trust_proxy: false,
            analysis_workers,
            analysis_queue: 4 * analysis_workers,
            review_abandoned_after: crate::review_cache::ABANDONED_AFTER,
            computer_workers: cores,
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
            shutdown_grace: Duration::from_secs(10),
            moves_per_minute: DEFAULT_MOVES_PER_MINUTE,
            // With two workers or more, one stays free for the other clients.
            computer_workers_per_client: cores.saturating_sub(1).max(1),
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            write_timeout: DEFAULT_WRITE_TIMEOUT,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_connections_per_client: DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
            max_sockets_per_client: DEFAULT_MAX_SOCKETS_PER_CLIENT,
            max_ws_message_bytes: DEFAULT_MAX_WS_MESSAGE_BYTES,
            watch_buffer: DEFAULT_WATCH_BUFFER,
            max_plies: DEFAULT_MAX_PLIES,
            seeded_friend_games: false,
        }
    }
}

impl Settings {
    /// The defaults without any per-client limit (tests and benchmarks that play many games from
    /// one address).
    pub fn unlimited() -> Settings {
        Settings {
            rate_per_minute: 0,
            max_live_games_per_client: 0,
            moves_per_minute: 0,
            max_connections_per_client: 0,
            max_sockets_per_client: 0,
            ..Settings::default()
        }
    }
}
