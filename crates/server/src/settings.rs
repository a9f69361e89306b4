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
    /// Analysis requests that may wait for a worker; beyond them requests get 503.
    pub analysis_queue: usize,
    /// Computer moves computed at once (they wait for a worker; there is at most one per game).
    pub computer_workers: usize,
    /// The longest a request may take before it is answered 503.
    pub request_timeout: Duration,
    /// The longest a shutdown waits for commands, computer moves and sockets to finish.
    pub shutdown_grace: Duration,
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
            computer_workers: cores,
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
            shutdown_grace: Duration::from_secs(10),
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
            ..Settings::default()
        }
    }
}
