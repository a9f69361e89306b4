//! Other processes' commands (PostgreSQL notifications): the copies in memory catch up and their
//! watchers get the new state.

use super::{Session, Sessions};
use crate::error::Chain;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio::sync::Mutex;

impl Sessions {
    /// Another process stored command number `version` of game `id` (a PostgreSQL
    /// notification): the copy in memory catches up and its watchers get the new state.
    pub(crate) fn on_notice(&self, id: &str, version: usize) {
        self.inner.metrics.notices.fetch_add(1, Ordering::Relaxed);
        let cached = self.inner.cache.peek(id);
        if cached.is_none() && !self.inner.watchers.is_watched(id) {
            return;
        }
        let sessions = self.clone();
        let id = id.to_string();
        tokio::spawn(async move { sessions.refresh(&id, version, cached).await });
    }

    async fn refresh(&self, id: &str, version: usize, cached: Option<Arc<Mutex<Session>>>) {
        match cached {
            Some(session) => {
                let mut guard = session.lock().await;
                if guard.version() < version
                    && let Err(error) = self.catch_up(&mut guard).await
                {
                    tracing::warn!(game = id, "cannot catch up: {}", Chain(&error));
                }
            }
            None => {
                if let Ok(session) = self.get(id).await {
                    self.broadcast(&*session.lock().await);
                }
            }
        }
    }

    /// After notifications may have been missed (the listening connection was lost): the games
    /// in memory may be out of date. Drops the ones not in use, brings the others and the watched
    /// games up to date.
    pub(crate) fn resync(&self) {
        self.inner.cache.drop_unused_all();
        for session in self.inner.cache.values() {
            let sessions = self.clone();
            tokio::spawn(async move { sessions.refresh("", usize::MAX, Some(session)).await });
        }
        for id in self.inner.watchers.watched() {
            self.on_notice(&id, usize::MAX);
        }
    }
}
