//! `ludus backgammon external`: gnubg's external player over TCP (`ludus_interop::external_server`),
//! with the engine at a level as each connection's player; its events logged on stderr.

use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::level::{Level, MAX_LEVEL};
use ludus_interop::external_server::{ConnectionLimits, ServerEvent, serve};
use std::net::TcpListener;
use std::time::Duration;

/// Arguments of `ludus backgammon external`.
#[derive(Debug, Args)]
pub(crate) struct ExternalArgs {
    /// Address to listen on, e.g. 127.0.0.1:4711.
    #[arg(long, value_name = "HOST:PORT")]
    listen: String,
    /// Strength 1..=10, the Backgammon levels of every front end (README, "Backgammon levels"):
    /// 1-7 play at 0 ply with less and less noise, 8 at 0 ply, 9 at 1 ply, 10 at 2 plies.
    #[arg(long, default_value_t = u32::from(MAX_LEVEL))]
    level: u32,
    /// Serve this many connections, then exit once they are closed (default: forever).
    #[arg(long, value_name = "N")]
    connections: Option<u64>,
    /// Log every line and reply on stderr.
    #[arg(long)]
    verbose: bool,
    /// The limits of each connection.
    #[command(flatten)]
    limits: LimitArgs,
}

/// What one client may hold of the server.
#[derive(Debug, Clone, Copy, Args)]
struct LimitArgs {
    /// Connections served at once (1..=1024); one more is answered `error: …` and closed.
    #[arg(long, default_value_t = 8, value_name = "N")]
    max_connections: usize,
    /// Close a connection that sends nothing for this many seconds (1..=86400).
    #[arg(long, default_value_t = 600, value_name = "SECONDS")]
    idle_timeout: u64,
    /// Longest line read, in bytes (64..=1048576); a longer one is answered `error: …` and
    /// its connection closed.
    #[arg(long, default_value_t = 16 * 1024, value_name = "BYTES")]
    max_line: usize,
}

impl LimitArgs {
    /// The limits when each lies in its documented range.
    fn check(self) -> Result<ConnectionLimits, CliError> {
        let bad =
            |flag: &str, range: &str| Err(CliError::bad_input(format!("--{flag} must be {range}")));
        if !(1..=1024).contains(&self.max_connections) {
            return bad("max-connections", "1..=1024");
        }
        if !(1..=86_400).contains(&self.idle_timeout) {
            return bad("idle-timeout", "1..=86400");
        }
        if !(64..=1 << 20).contains(&self.max_line) {
            return bad("max-line", "64..=1048576");
        }
        Ok(ConnectionLimits {
            max_connections: self.max_connections,
            idle_timeout: Duration::from_secs(self.idle_timeout),
            max_line: self.max_line,
        })
    }
}

/// Runs the server.
pub(crate) fn run(args: ExternalArgs) -> CliResult {
    let level = Level::new(args.level).map_err(|e| CliError::bad_input(format!("--level: {e}")))?;
    let limits = args.limits.check()?;
    let listener = TcpListener::bind(&args.listen)
        .map_err(|e| CliError::bad_input(format!("cannot listen on {}: {e}", args.listen)))?;
    eprintln!("ludus: gnubg external player listening on {}", args.listen);
    let verbose = args.verbose;
    let log = move |event: ServerEvent<'_>| match event {
        ServerEvent::AcceptFailed(e) => eprintln!("ludus: accept failed: {e}"),
        ServerEvent::Refused { most } => {
            eprintln!("ludus: refused a connection: {most} are served at once");
        }
        ServerEvent::ConnectionEnded(e) => eprintln!("ludus: connection ended: {e}"),
        ServerEvent::Unreadable { line, error } => {
            eprintln!("ludus: unreadable line {line:?}: {error}");
        }
        ServerEvent::Replied { line, reply } if verbose => eprintln!("{line} -> {reply}"),
        ServerEvent::Replied { .. } => {}
    };
    // The noise of the lower levels seeded by the connection's number.
    let new_player = |number| Engine::at_level(level, number);
    serve(&listener, new_player, limits, args.connections, &log);
    Ok(())
}
