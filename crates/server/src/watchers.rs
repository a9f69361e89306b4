//! WebSocket watchers by game: one broadcast channel per watched game, kept apart from the
//! games in memory so that a game can leave the cache (or be reloaded after another process
//! changed it) without its watchers missing a state.

use crate::client_key::ClientKey;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

/// The channels of the watched games.
pub struct Watchers {
    channels: Mutex<HashMap<String, broadcast::Sender<Arc<String>>>>,
    count: AtomicUsize,
    /// States a slow watcher may fall behind before it skips ahead (the most it holds).
    buffer: usize,
    /// Open sockets by client.
    sockets: Arc<Mutex<HashMap<ClientKey, usize>>>,
}

/// A client's place for one socket; dropping it frees the place.
pub struct SocketPermit {
    sockets: Arc<Mutex<HashMap<ClientKey, usize>>>,
    client: ClientKey,
}

impl Drop for SocketPermit {
    fn drop(&mut self) {
        let mut sockets = lock(&self.sockets);
        if let Some(count) = sockets.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                sockets.remove(&self.client);
            }
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Default for Watchers {
    fn default() -> Self {
        Watchers::new(crate::settings::DEFAULT_WATCH_BUFFER)
    }
}

impl Watchers {
    /// No watchers yet; each may fall `buffer` states behind (at least one).
    pub fn new(buffer: usize) -> Watchers {
        Watchers {
            channels: Mutex::default(),
            count: AtomicUsize::new(0),
            buffer: buffer.max(1),
            sockets: Arc::default(),
        }
    }

    /// A place for one more socket of `client`, or `None` when it has `most` open already
    /// (0: no limit).
    pub fn admit(&self, client: &ClientKey, most: usize) -> Option<SocketPermit> {
        let mut sockets = lock(&self.sockets);
        let count = sockets.entry(client.clone()).or_default();
        if most > 0 && *count >= most {
            return None;
        }
        *count += 1;
        Some(SocketPermit {
            sockets: Arc::clone(&self.sockets),
            client: client.clone(),
        })
    }

    fn channels(&self) -> MutexGuard<'_, HashMap<String, broadcast::Sender<Arc<String>>>> {
        lock(&self.channels)
    }

    /// A receiver of every state of game `id` sent from now on.
    pub fn subscribe(&self, id: &str) -> broadcast::Receiver<Arc<String>> {
        self.count.fetch_add(1, Ordering::Relaxed);
        self.channels()
            .entry(id.to_string())
            .or_insert_with(|| broadcast::channel(self.buffer).0)
            .subscribe()
    }

    /// Called when a receiver of `id` is dropped: forgets the channel once nobody watches.
    pub fn unsubscribed(&self, id: &str) {
        self.count.fetch_sub(1, Ordering::Relaxed);
        let mut channels = self.channels();
        if channels
            .get(id)
            .is_some_and(|sender| sender.receiver_count() == 0)
        {
            channels.remove(id);
        }
    }

    /// Whether anyone watches game `id`.
    pub fn is_watched(&self, id: &str) -> bool {
        self.channels()
            .get(id)
            .is_some_and(|sender| sender.receiver_count() > 0)
    }

    /// Sends the state `text()` to the watchers of `id`; `text` is only called if there are any.
    pub fn send(&self, id: &str, text: impl FnOnce() -> String) {
        let sender = self.channels().get(id).cloned();
        if let Some(sender) = sender.filter(|sender| sender.receiver_count() > 0) {
            let _ = sender.send(Arc::new(text()));
        }
    }

    /// The ids of the watched games.
    pub fn watched(&self) -> Vec<String> {
        self.channels().keys().cloned().collect()
    }

    /// How many watchers are connected.
    pub fn count(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sockets_are_bounded_per_client() {
        let watchers = Watchers::new(2);
        let alice = ClientKey("192.0.2.1".to_string());
        let first = watchers.admit(&alice, 2).expect("a first socket");
        let _second = watchers.admit(&alice, 2).expect("a second socket");
        assert!(watchers.admit(&alice, 2).is_none());
        assert!(watchers.admit(&ClientKey("192.0.2.2".into()), 2).is_some());
        drop(first);
        assert!(watchers.admit(&alice, 2).is_some());
    }

    #[tokio::test]
    async fn a_slow_watcher_holds_at_most_the_buffer() {
        let watchers = Watchers::new(2);
        let mut receiver = watchers.subscribe("g");
        for n in 0..5 {
            watchers.send("g", || n.to_string());
        }
        // The three oldest were dropped: the watcher skips ahead.
        assert!(matches!(
            receiver.recv().await,
            Err(broadcast::error::RecvError::Lagged(3))
        ));
        assert_eq!(receiver.recv().await.unwrap().as_str(), "3");
    }
}
