//! Graceful shutdown: the signal that stops the process, and the work it waits for.
//!
//! Commands, computer moves and WebSocket feeds hold a [`Busy`] token while they run. Shutting
//! down stops new work ([`Lifecycle::is_stopping`]), tells the feeds to close their sockets
//! ([`Lifecycle::stopping`]) and waits, up to a bound, until no token is left.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{Notify, watch};

/// The running state of a server process.
pub struct Lifecycle {
    stop: watch::Sender<bool>,
    busy: Arc<BusyCount>,
}

#[derive(Default)]
struct BusyCount {
    count: AtomicUsize,
    idle: Notify,
}

/// Work in progress; shutdown waits until every token is dropped.
pub struct Busy {
    count: Arc<BusyCount>,
}

impl Drop for Busy {
    fn drop(&mut self) {
        if self.count.count.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.count.idle.notify_waiters();
        }
    }
}

impl Default for Lifecycle {
    fn default() -> Self {
        Lifecycle {
            stop: watch::channel(false).0,
            busy: Arc::default(),
        }
    }
}

impl Lifecycle {
    /// A token held while a piece of work runs.
    pub fn busy(&self) -> Busy {
        self.busy.count.fetch_add(1, Ordering::AcqRel);
        Busy {
            count: self.busy.clone(),
        }
    }

    /// How much work is in progress.
    pub fn busy_count(&self) -> usize {
        self.busy.count.load(Ordering::Acquire)
    }

    /// Starts the shutdown: no new work, sockets close.
    pub fn stop(&self) {
        self.stop.send_replace(true);
    }

    /// Whether the shutdown has started.
    pub fn is_stopping(&self) -> bool {
        *self.stop.borrow()
    }

    /// Completes when the shutdown starts.
    pub fn stopping(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut receiver = self.stop.subscribe();
        async move {
            let _ = receiver.wait_for(|stopping| *stopping).await;
        }
    }

    /// Waits until no work is in progress, at most `grace`; returns whether it all finished.
    pub async fn wait_idle(&self, grace: Duration) -> bool {
        let idle = async {
            loop {
                let notified = self.busy.idle.notified();
                if self.busy_count() == 0 {
                    return;
                }
                notified.await;
            }
        };
        tokio::time::timeout(grace, idle).await.is_ok()
    }
}

/// Completes on SIGTERM or Ctrl-C (SIGINT), whichever comes first.
pub async fn terminate_signal() {
    let interrupt = async {
        // If the handler cannot be installed, this signal never comes.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => tracing::info!("interrupted (Ctrl-C): shutting down"),
        () = terminate => tracing::info!("SIGTERM: shutting down"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn waiting_ends_when_the_last_token_goes() {
        let lifecycle = Arc::new(Lifecycle::default());
        let first = lifecycle.busy();
        let second = lifecycle.busy();
        assert_eq!(lifecycle.busy_count(), 2);
        assert!(!lifecycle.wait_idle(Duration::from_millis(10)).await);
        let stopping = lifecycle.stopping();
        lifecycle.stop();
        stopping.await;
        assert!(lifecycle.is_stopping());
        tokio::spawn(async move {
            drop(first);
            tokio::time::sleep(Duration::from_millis(5)).await;
            drop(second);
        });
        assert!(lifecycle.wait_idle(Duration::from_secs(10)).await);
        assert_eq!(lifecycle.busy_count(), 0);
    }
}
