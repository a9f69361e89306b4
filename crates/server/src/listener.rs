//! The accept loop: HTTP/1.1 connections served by hyper with the limits that keep a client
//! from taking the server offline without sending a valid request.
//!
//! - A connection must send a request's headers within [`Settings::header_timeout`], and may
//!   stay idle between requests no longer than that (hyper's header-read timeout starts again
//!   after every answer): half-open "slowloris" connections are closed.
//! - An answer the client reads nothing of for [`Settings::write_timeout`] closes the connection
//!   ([`WriteTimeout`]): pipelined requests whose answers are never read free their place.
//! - At most [`Settings::max_connections`] connections are open in all and
//!   [`Settings::max_connections_per_client`] per client address; a connection beyond either is
//!   closed as soon as it is accepted, so one client cannot use up the file descriptors.
//! - Accept errors (`EMFILE`: too many open files) back off from 10 ms to 1 s instead of
//!   spinning, and are logged once per episode and counted (`ludus_accept_errors_total`).

use crate::client_key::ClientKey;
use crate::hub::Hub;
use crate::settings::Settings;
use crate::write_timeout::WriteTimeout;
use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, Request};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tower::ServiceExt;

/// The first pause after an accept error; it doubles up to [`MAX_ACCEPT_BACKOFF`].
const FIRST_ACCEPT_BACKOFF: Duration = Duration::from_millis(10);
/// The longest pause after accept errors.
const MAX_ACCEPT_BACKOFF: Duration = Duration::from_secs(1);

/// Open connections, in all and by client.
pub struct Connections {
    total_limit: usize,
    per_client_limit: usize,
    open: Mutex<(usize, HashMap<ClientKey, usize>)>,
}

/// One open connection; dropping it frees its place.
pub struct ConnectionSlot {
    connections: Arc<Connections>,
    client: Option<ClientKey>,
}

impl Connections {
    /// The limits of `settings` (the per-client one is off behind a trusted proxy, where every
    /// connection comes from the proxy).
    pub fn new(settings: &Settings) -> Arc<Connections> {
        let per_client_limit = if settings.trust_proxy {
            0
        } else {
            settings.max_connections_per_client
        };
        Arc::new(Connections {
            total_limit: settings.max_connections.max(1),
            per_client_limit,
            open: Mutex::default(),
        })
    }

    fn open(&self) -> MutexGuard<'_, (usize, HashMap<ClientKey, usize>)> {
        self.open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A place for a connection from `peer`, or `None` when the server or the client has as
    /// many connections as it may.
    pub fn admit(self: &Arc<Self>, peer: SocketAddr) -> Option<ConnectionSlot> {
        let mut open = self.open();
        if open.0 >= self.total_limit {
            return None;
        }
        let client = (self.per_client_limit > 0)
            .then(|| ClientKey::of(&HeaderMap::new(), Some(peer.ip()), false));
        if let Some(client) = &client {
            let count = open.1.entry(client.clone()).or_default();
            if *count >= self.per_client_limit {
                return None;
            }
            *count += 1;
        }
        open.0 += 1;
        Some(ConnectionSlot {
            connections: Arc::clone(self),
            client,
        })
    }

    /// Connections open now.
    pub fn count(&self) -> usize {
        self.open().0
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut open = self.connections.open();
        open.0 -= 1;
        if let Some(client) = &self.client
            && let Some(count) = open.1.get_mut(client)
        {
            *count -= 1;
            if *count == 0 {
                open.1.remove(client);
            }
        }
    }
}

/// Whether an accept error concerns only the connection being accepted (try the next one now).
fn is_connection_error(error: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(
        error.kind(),
        ErrorKind::ConnectionRefused | ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset
    )
}

/// Accepts the next connection; after other errors (out of file descriptors) waits, longer
/// each time, so that the loop never spins.
async fn accept(listener: &TcpListener, hub: &Hub) -> (TcpStream, SocketAddr) {
    let mut backoff = FIRST_ACCEPT_BACKOFF;
    loop {
        match listener.accept().await {
            Ok(accepted) => {
                if backoff > FIRST_ACCEPT_BACKOFF {
                    tracing::info!("accepting connections again");
                }
                return accepted;
            }
            Err(error) if is_connection_error(&error) => {}
            Err(error) => {
                hub.metrics().accept_error();
                if backoff == FIRST_ACCEPT_BACKOFF {
                    tracing::warn!(
                        "accept error: {error}; backing off up to {MAX_ACCEPT_BACKOFF:?}"
                    );
                }
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_ACCEPT_BACKOFF);
            }
        }
    }
}

/// Serves one connection until it ends or the server stops (then it finishes the request in
/// progress and closes).
async fn serve_connection(stream: TcpStream, peer: SocketAddr, app: Router, hub: Hub) {
    let service = app.map_request(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        request
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(hub.settings().header_timeout);
    let connection = builder
        .serve_connection(
            TokioIo::new(WriteTimeout::new(stream, hub.settings().write_timeout)),
            TowerToHyperService::new(service),
        )
        .with_upgrades();
    tokio::pin!(connection);
    let stopping = hub.lifecycle().stopping();
    tokio::select! {
        served = connection.as_mut() => log_connection_end(served),
        () = stopping => {
            connection.as_mut().graceful_shutdown();
            log_connection_end(connection.await);
        }
    }
}

fn log_connection_end(served: Result<(), hyper::Error>) {
    if let Err(error) = served {
        tracing::debug!("connection ended: {error}");
    }
}

/// Accepts and serves connections until `shutdown` completes, then stops accepting, lets the
/// connections finish their requests (at most `grace`) and returns.
pub(crate) async fn run(
    listener: TcpListener,
    hub: Hub,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    grace: Duration,
) {
    let app = crate::router(hub.clone());
    let connections = Connections::new(hub.settings());
    let mut tasks = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            (stream, peer) = accept(&listener, &hub) => {
                let Some(slot) = connections.admit(peer) else {
                    hub.metrics().connection_refused();
                    drop(stream);
                    continue;
                };
                let (app, hub) = (app.clone(), hub.clone());
                tasks.spawn(async move {
                    let _slot = slot;
                    serve_connection(stream, peer, app, hub).await;
                });
            }
            Some(_) = tasks.join_next(), if !tasks.is_empty() => {}
            () = &mut shutdown => break,
        }
    }
    drop(listener);
    hub.lifecycle().stop();
    let drained =
        tokio::time::timeout(grace, async { while tasks.join_next().await.is_some() {} }).await;
    if drained.is_err() {
        tracing::warn!("requests still running after {grace:?}: stopping anyway");
        tasks.abort_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(total: usize, per_client: usize) -> Settings {
        Settings {
            max_connections: total,
            max_connections_per_client: per_client,
            ..Settings::default()
        }
    }

    #[test]
    fn connections_are_bounded_in_all_and_per_client() {
        let connections = Connections::new(&settings(3, 2));
        let a: SocketAddr = "192.0.2.1:1000".parse().unwrap();
        let b: SocketAddr = "192.0.2.2:1000".parse().unwrap();
        let first = connections.admit(a).expect("a first connection");
        let _second = connections.admit(a).expect("a second connection");
        assert!(connections.admit(a).is_none(), "a third from one client");
        let _other = connections.admit(b).expect("another client's");
        assert!(connections.admit(b).is_none(), "beyond the total");
        drop(first);
        assert_eq!(connections.count(), 2);
        assert!(connections.admit(a).is_some(), "a place freed");
    }

    #[test]
    fn behind_a_trusted_proxy_only_the_total_counts() {
        let connections = Connections::new(&Settings {
            trust_proxy: true,
            ..settings(3, 1)
        });
        let proxy: SocketAddr = "10.0.0.1:1000".parse().unwrap();
        let held: Vec<_> = (0..3).filter_map(|_| connections.admit(proxy)).collect();
        assert_eq!(held.len(), 3);
        assert!(connections.admit(proxy).is_none());
    }
}
