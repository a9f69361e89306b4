//! `ludus serve`: the HTTP + WebSocket server of Ludus and its embedded browser UI.
//!
//! The server holds sessions, seats, storage and sockets; it asks the rules crates what is legal
//! and the computer players what to play (see [`game::Game`] and [`games::Players`]).
//!
//! ```no_run
//! # async fn run(players: ludus_server::games::Players) -> anyhow::Result<()> {
//! // `players`: the computer players, e.g. the engines `ludus serve` plugs in.
//! let hub = ludus_server::Hub::open(
//!     std::path::Path::new("ludus.db"),
//!     players,
//!     ludus_server::Config::default(),
//! )?;
//! ludus_server::serve("127.0.0.1:8080".parse()?, hub).await
//! # }
//! ```
#![warn(missing_docs)]

pub mod api;
mod assets;
pub mod error;
pub mod game;
pub mod games;
pub mod sessions;
pub mod store;

pub use api::{MAX_BODY_BYTES, router};
pub use sessions::{Config, Hub};

use std::net::SocketAddr;

/// Serves the API and the web UI on `addr` until Ctrl-C.
pub async fn serve(addr: SocketAddr, hub: Hub) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    serve_on(listener, hub, shutdown_signal()).await
}

/// Serves on a bound listener until `shutdown` completes (tests bind 127.0.0.1:0).
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    hub: Hub,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    hub.wake_computers();
    axum::serve(listener, router(hub))
        .with_graceful_shutdown(shutdown)
        .await?;
    Ok(())
}

/// Completes on Ctrl-C (or never, where the handler cannot be installed).
pub async fn shutdown_signal() {
    // If the handler cannot be installed, run until killed.
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}
