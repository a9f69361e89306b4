//! `ludus serve`: the HTTP + WebSocket server of Ludus and its embedded browser UI.
//!
//! The server holds sessions, seats, storage and sockets; it asks the rules crates what is legal
//! and the computer players what to play (see [`games::Game`] and [`games::Players`]).
//!
//! ```no_run
//! # async fn run(players: ludus_server::games::Players) -> Result<(), Box<dyn std::error::Error>> {
//! // `players`: the computer players, e.g. the engines `ludus serve` plugs in.
//! let hub = ludus_server::Hub::open(
//!     std::path::Path::new("ludus.db"),
//!     players,
//!     ludus_server::Config::default(),
//! )?;
//! ludus_server::serve("127.0.0.1:8080".parse()?, hub).await?;
//! # Ok(())
//! # }
//! ```
#![warn(missing_docs)]

pub mod analysis_board;
pub mod api;
mod assets;
pub mod body_limits;
pub mod cache;
pub mod client_key;
pub mod engine_pool;
pub mod error;
pub mod fair;
pub mod games;
pub mod guard;
pub mod hints;
pub mod hub;
pub mod instances;
pub mod lifecycle;
pub mod limits;
pub mod listener;
pub mod metrics;
pub mod ops;
pub mod params;
pub mod positions;
pub mod practice;
pub mod rate_limiter;
pub mod review;
pub mod review_cache;
pub mod review_page;
pub mod rollouts;
pub mod sessions;
pub mod settings;
pub mod setup;
pub mod store;
pub mod watchers;
pub mod write_timeout;

pub use api::router;
pub use body_limits::MAX_BODY_BYTES;
pub use hub::Hub;
pub use lifecycle::terminate_signal;
pub use sessions::{Config, Sessions};
pub use settings::Settings;

use std::net::SocketAddr;

/// Serves the API and the web UI on `addr` until SIGTERM or Ctrl-C.
pub async fn serve(addr: SocketAddr, hub: Hub) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    serve_on(listener, hub, terminate_signal()).await
}

/// Serves on a bound listener until `shutdown` completes (tests bind 127.0.0.1:0), then shuts
/// down gracefully: stops accepting connections, lets the requests in progress finish, closes
/// every WebSocket with a close frame (1001, "the server is shutting down") and waits for the
/// commands and computer moves in progress, at most [`Settings::shutdown_grace`] in all.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    hub: Hub,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    hub.start_background();
    let grace = hub.settings().shutdown_grace;
    listener::run(listener, hub.clone(), shutdown, grace).await;
    // Long engine work stops at its next checkpoint (the lifecycle says stopping); none starts.
    hub.analysis_pool().close();
    if !hub.lifecycle().wait_idle(grace).await {
        tracing::warn!(
            "{} commands, computer moves or sockets still running after {grace:?}",
            hub.lifecycle().busy_count()
        );
    }
    tracing::info!("shut down");
    Ok(())
}

/// Completes on Ctrl-C or SIGTERM (see [`terminate_signal`]).
pub async fn shutdown_signal() {
    terminate_signal().await;
}
