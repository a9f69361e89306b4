//! WebSocket watchers by game: one broadcast channel per watched game, kept apart from the
//! games in memory so that a game can leave the cache (or be reloaded after another process
//! changed it) without its watchers missing a state.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

/// How many state messages a slow watcher may fall behind before it skips ahead.
const WATCH_BUFFER: usize = 64;

/// The channels of the watched games.
#[derive(Default)]
pub struct Watchers {
    channels: Mutex<HashMap<String, broadcast::Sender<Arc<String>>>>,
    count: AtomicUsize,
}

impl Watchers {
    fn channels(&self) -> MutexGuard<'_, HashMap<String, broadcast::Sender<Arc<String>>>> {
        self.channels
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A receiver of every state of game `id` sent from now on.
    pub fn subscribe(&self, id: &str) -> broadcast::Receiver<Arc<String>> {
        self.count.fetch_add(1, Ordering::Relaxed);
        self.channels()
            .entry(id.to_string())
            .or_insert_with(|| broadcast::channel(WATCH_BUFFER).0)
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
