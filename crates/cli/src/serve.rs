//! `ludus serve`: the web UI and the HTTP API (see `ludus-server`).

use crate::CliResult;
use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `ludus serve`.
#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The SQLite database holding every game (created if missing).
    #[arg(long, default_value = "ludus.db")]
    db: PathBuf,
    /// The most time the computer thinks per decision, in milliseconds.
    #[arg(long, default_value_t = 1500)]
    think_ms: u64,
}

/// Opens the database, resumes its games and serves until Ctrl-C.
pub(crate) fn run(args: ServeArgs) -> CliResult {
    let config = ludus_server::Config {
        think_time: Duration::from_millis(args.think_ms),
    };
    let hub = ludus_server::Hub::open(&args.db, crate::serve_players::engine_players(), config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr).await?;
        // Tests start the server on port 0 and read the real address from this line.
        eprintln!(
            "ludus: serving http://{} (database {})",
            listener.local_addr()?,
            args.db.display()
        );
        ludus_server::serve_on(listener, hub, ludus_server::shutdown_signal()).await
    })?;
    Ok(())
}
