//! The background work of a serving process: computer turns no process is playing, games idle in
//! memory; and with PostgreSQL the listener of other processes' commands.

use super::{Sessions, lock};
use crate::error::Chain;
use crate::store::now_millis;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How often the housekeeping runs: computer turns nobody plays, idle games, the caller's work.
const HOUSEKEEPING_INTERVAL: Duration = Duration::from_secs(5);
/// Games nobody touched for this long leave memory even while the cache has room.
const CACHE_IDLE: Duration = Duration::from_secs(30 * 60);
/// Computer turns taken up per housekeeping round.
const SWEEP_BATCH: usize = 100;

impl Sessions {
    /// Starts the background work of a serving process: the housekeeping (computer turns that
    /// no process is playing, games idle in memory, then `each_round`: the caller's own, such as
    /// the rate limits' full buckets) every few seconds, and with PostgreSQL the listener of
    /// other processes' commands. Stops at shutdown.
    ///
    /// Computer turns: the process that stored the human's command plays the computer's reply.
    /// The housekeeping takes up a turn nobody is playing: with SQLite every turn this process is
    /// not already playing (after a restart, all of them); with PostgreSQL only turns left
    /// untouched for twice the thinking time plus ten seconds (their process has gone, or is
    /// swamped). Should two processes then play the same turn, the version check stores one move.
    ///
    /// Starting it again does nothing.
    pub fn start_background(&self, each_round: impl Fn() + Send + 'static) {
        if self.inner.started.swap(true, Ordering::AcqRel) {
            return;
        }
        let sessions = self.clone();
        tokio::spawn(async move { sessions.housekeeping(each_round).await });
        if self.inner.store.is_shared() {
            tokio::spawn(crate::instances::listen(self.clone()));
        }
    }

    async fn housekeeping(&self, each_round: impl Fn()) {
        let stopping = self.inner.lifecycle.stopping();
        tokio::pin!(stopping);
        loop {
            self.take_up_computer_turns().await;
            self.inner.cache.drop_touched_before(
                Instant::now()
                    .checked_sub(CACHE_IDLE)
                    .unwrap_or_else(Instant::now),
            );
            each_round();
            tokio::select! {
                () = tokio::time::sleep(HOUSEKEEPING_INTERVAL) => {}
                () = &mut stopping => return,
            }
        }
    }

    /// Starts the computer in the games where it is to act and no process is known to play.
    async fn take_up_computer_turns(&self) {
        let cutoff = if self.inner.store.is_shared() {
            let grace = 2 * self.inner.config.think_time + Duration::from_secs(10);
            now_millis() - i64::try_from(grace.as_millis()).unwrap_or(i64::MAX)
        } else {
            now_millis() + 1
        };
        let ids = match self
            .inner
            .store
            .waiting_for_computer(cutoff, SWEEP_BATCH)
            .await
        {
            Ok(ids) => ids,
            Err(error) => {
                tracing::warn!("cannot look for computer turns: {}", Chain(&error));
                return;
            }
        };
        for id in ids {
            if lock(&self.inner.thinking).contains(&id)
                || lock(&self.inner.unplayable).contains(&id)
            {
                continue;
            }
            if let Ok(session) = self.get(&id).await {
                self.spawn_computer(id, session);
            }
        }
    }
}
