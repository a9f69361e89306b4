//! `ludus serve`: the web UI and the HTTP API (see `ludus-server` and `docs/server.md`).

use crate::CliResult;
use clap::{Args, ValueEnum};
use ludus_server::Settings;
use ludus_server::settings::{
    DEFAULT_HEADER_TIMEOUT, DEFAULT_MAX_CACHED_GAMES, DEFAULT_MAX_CONNECTIONS,
    DEFAULT_MAX_CONNECTIONS_PER_CLIENT, DEFAULT_MAX_LIVE_GAMES_PER_CLIENT, DEFAULT_MAX_PLIES,
    DEFAULT_MAX_SOCKETS_PER_CLIENT, DEFAULT_MAX_WS_MESSAGE_BYTES, DEFAULT_MOVES_PER_MINUTE,
    DEFAULT_RATE_PER_MINUTE, DEFAULT_WATCH_BUFFER, DEFAULT_WRITE_TIMEOUT,
};
use std::net::SocketAddr;
use std::time::Duration;

/// How long `ludus serve` waits, once it has shut down, for engine work without checkpoints.
const ENGINE_SHUTDOWN_WAIT: Duration = Duration::from_secs(2);

/// Arguments of `ludus serve`.
#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where the games are stored: an SQLite file (created if missing), or a PostgreSQL database
    /// `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` that several servers may share.
    #[arg(long, default_value = "ludus.db")]
    db: String,
    /// The most time the computer thinks per decision, in milliseconds.
    #[arg(long, default_value_t = 1500)]
    think_ms: u64,
    /// The most games kept in memory (the others are loaded from the database when asked for).
    #[arg(long, default_value_t = DEFAULT_MAX_CACHED_GAMES)]
    max_cached_games: usize,
    /// Games created, and engine requests made, per client and minute (0: no limit).
    #[arg(long, default_value_t = DEFAULT_RATE_PER_MINUTE)]
    rate_per_minute: u32,
    /// Unfinished games one client may have created in the last 24 hours (0: no limit).
    #[arg(long, default_value_t = DEFAULT_MAX_LIVE_GAMES_PER_CLIENT)]
    max_live_games_per_client: usize,
    /// Take the client's address from X-Forwarded-For (only behind a proxy that sets it).
    #[arg(long)]
    trust_proxy: bool,
    /// Analysis requests computed at once (default: half the cores, at least one).
    #[arg(long)]
    analysis_workers: Option<usize>,
    /// Computer moves computed at once (default: the number of cores).
    #[arg(long)]
    computer_workers: Option<usize>,
    /// The longest a request may take, in seconds, before it is answered 503 (at least 1).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    request_timeout_secs: u64,
    /// PostgreSQL connections per server process.
    #[arg(long, default_value_t = 16)]
    db_connections: usize,
    /// Moves, actions and take-backs per client and minute (0: no limit).
    #[arg(long, default_value_t = DEFAULT_MOVES_PER_MINUTE)]
    moves_per_minute: u32,
    /// Computer moves of one client's games computed at once (default: one less than the
    /// computer workers, at least one; 0: no bound).
    #[arg(long)]
    computer_workers_per_client: Option<usize>,
    /// Seconds a connection may take to send a request's headers, or stay idle between
    /// requests, before it is closed (at least 1).
    #[arg(
        long,
        default_value_t = DEFAULT_HEADER_TIMEOUT.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    header_timeout_secs: u64,
    /// Seconds an answer may wait for the client to read any of it before the connection is
    /// closed (at least 1; a slow reader that keeps reading keeps its connection).
    #[arg(
        long,
        default_value_t = DEFAULT_WRITE_TIMEOUT.as_secs(),
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    write_timeout_secs: u64,
    /// Open connections in all (keep it below the process's file-descriptor limit).
    #[arg(long, default_value_t = DEFAULT_MAX_CONNECTIONS)]
    max_connections: usize,
    /// Open connections per client address (off with --trust-proxy; 0: no limit).
    #[arg(long, default_value_t = DEFAULT_MAX_CONNECTIONS_PER_CLIENT)]
    max_connections_per_client: usize,
    /// WebSocket watchers per client (0: no limit).
    #[arg(long, default_value_t = DEFAULT_MAX_SOCKETS_PER_CLIENT)]
    max_sockets_per_client: usize,
    /// The largest WebSocket message or frame a client may send, in bytes.
    #[arg(long, default_value_t = DEFAULT_MAX_WS_MESSAGE_BYTES)]
    max_ws_message_bytes: usize,
    /// States a slow WebSocket watcher may fall behind before it skips to the present.
    #[arg(long, default_value_t = DEFAULT_WATCH_BUFFER)]
    watch_buffer: usize,
    /// Commands a new game may have; reaching them ends it drawn (0: no limit).
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    max_plies: usize,
    /// Accept a dice seed for games between people (test servers only: a known seed foretells
    /// every roll).
    #[arg(long)]
    allow_seeded_friend_games: bool,
    /// Log lines as plain text or as JSON objects (levels from RUST_LOG, default `info`).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
}

/// The format of the log on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum LogFormat {
    /// One readable line per event.
    Text,
    /// One JSON object per event.
    Json,
}

impl ServeArgs {
    fn settings(&self) -> Settings {
        let defaults = Settings::default();
        let analysis_workers = self
            .analysis_workers
            .unwrap_or(defaults.analysis_workers)
            .max(1);
        let computer_workers = self
            .computer_workers
            .unwrap_or(defaults.computer_workers)
            .max(1);
        Settings {
            max_cached_games: self.max_cached_games,
            rate_per_minute: self.rate_per_minute,
            max_live_games_per_client: self.max_live_games_per_client,
            trust_proxy: self.trust_proxy,
            analysis_workers,
            analysis_queue: 4 * analysis_workers,
            computer_workers,
            request_timeout: Duration::from_secs(self.request_timeout_secs),
            moves_per_minute: self.moves_per_minute,
            computer_workers_per_client: self
                .computer_workers_per_client
                .unwrap_or(computer_workers.saturating_sub(1).max(1)),
            header_timeout: Duration::from_secs(self.header_timeout_secs),
            write_timeout: Duration::from_secs(self.write_timeout_secs),
            max_connections: self.max_connections.max(1),
            max_connections_per_client: self.max_connections_per_client,
            max_sockets_per_client: self.max_sockets_per_client,
            max_ws_message_bytes: self.max_ws_message_bytes.max(16),
            watch_buffer: self.watch_buffer.max(1),
            max_plies: self.max_plies,
            seeded_friend_games: self.allow_seeded_friend_games,
            ..defaults
        }
    }
}

/// Sets up the log: `RUST_LOG` filters (default `info`), text or JSON lines on stderr.
fn init_logging(format: LogFormat) {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false);
    // A second initialisation (never in the binary) is harmless: keep the first.
    let _ = match format {
        LogFormat::Text => builder
            .with_ansi(std::io::stderr().is_terminal())
            .try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
}

/// Opens the database and serves until SIGTERM or Ctrl-C, then shuts down gracefully.
pub(crate) fn run(args: ServeArgs) -> CliResult {
    init_logging(args.log_format);
    let config = ludus_server::Config {
        think_time: Duration::from_millis(args.think_ms),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let hub = ludus_server::Hub::connect(
            &args.db,
            args.db_connections,
            ludus_players::engine_players(),
            config,
            args.settings(),
        )
        .await?;
        let listener = tokio::net::TcpListener::bind(args.addr).await?;
        ludus_players::warm_up_bearoff();
        let database = match hub.store().backend() {
            ludus_server::store::Backend::Sqlite => args.db.clone(),
            ludus_server::store::Backend::Postgres => {
                ludus_server::store::postgres::redact(&args.db)
            }
        };
        // Tests start the server on port 0 and read the real address from this line.
        tracing::info!(
            "serving http://{} (database {database})",
            listener.local_addr()?
        );
        ludus_server::serve_on(listener, hub, ludus_server::terminate_signal()).await?;
        anyhow::Ok(())
    })?;
    // Engine work with no checkpoint (one position's analysis) may still run on a blocking
    // thread: the games are stored, so the process does not wait for it.
    runtime.shutdown_timeout(ENGINE_SHUTDOWN_WAIT);
    Ok(())
}
