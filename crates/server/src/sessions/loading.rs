//! The cache over the database: a game is read and replayed when first asked for; the list of
//! games is read from the database alone.

use super::takeback::replay_game;
use super::{Event, GameOptions, GameSummary, ReplayError, Session, Sessions, lock};
use crate::error::{ApiError, Chain};
use crate::games::PerSide;
use crate::store::{GameRow, StoreError, StoredGame};
use std::sync::Arc;
use tokio::sync::Mutex;

impl Sessions {
    /// The session of a game id, from memory or else loaded from the database (replaying its
    /// commands).
    pub async fn get(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        if let Some(session) = self.inner.cache.get(id) {
            return Ok(session);
        }
        let session = self.load(id).await?.ok_or(ApiError::NoSuchGame)?;
        self.index_hints(&session);
        let session = self.inner.cache.insert(id, Mutex::new(session));
        if self.inner.store.is_shared() {
            // Another process's notification that arrived while the game was loading found no
            // copy here and was dropped: read what was stored meanwhile (later notifications
            // find the copy in the cache).
            let mut guard = session.lock().await;
            if let Err(error) = self.catch_up(&mut guard).await {
                tracing::warn!(game = id, "cannot catch up: {}", Chain(&error));
            }
        }
        Ok(session)
    }

    /// Reads a game from the database and replays it.
    async fn load(&self, id: &str) -> Result<Option<Session>, ApiError> {
        let Some((stored, status_known)) = self
            .inner
            .store
            .load_game(id)
            .await
            .map_err(ApiError::storage)?
        else {
            return Ok(None);
        };
        let session = self.resume(stored).map_err(|error| {
            // One game that no longer replays (a record from an older rules crate, a damaged
            // database) must not take the others down: it stays stored, unserved.
            tracing::warn!(game = id, "the game cannot be resumed: {}", Chain(&error));
            lock(&self.inner.unplayable).insert(id.to_string());
            ApiError::internal(format!("game `{id}` cannot be resumed: {}", Chain(&error)))
        })?;
        if !status_known {
            let status = session.status(session.version());
            if let Err(error) = self.inner.store.fill_status(id, &status).await {
                tracing::warn!(
                    game = id,
                    "cannot record the game's status: {}",
                    Chain(&error)
                );
            }
        }
        Ok(Some(session))
    }

    /// Replays a stored game's commands through its rules.
    fn resume(&self, stored: StoredGame) -> Result<Session, ReplayError> {
        let options: GameOptions = serde_json::from_str(&stored.options)?;
        let records = stored
            .events
            .iter()
            .map(|text| (text.seat, text.command.as_str()));
        let game = replay_game(
            stored.kind,
            &options,
            stored.seed,
            &self.inner.players,
            records,
        )?;
        let events = stored
            .events
            .into_iter()
            .enumerate()
            .map(|(seq, text)| Event {
                seq,
                seat: text.seat,
                command: text.command,
                at: text.at,
            })
            .collect();
        Ok(Session {
            id: stored.id,
            kind: stored.kind,
            options,
            seed: stored.seed,
            tokens: stored.tokens,
            created_at: stored.created_at,
            game,
            events,
            client: None,
            invitation_open: stored.invitation_open,
        })
    }

    /// Summaries of the most recent games, newest first, read from the database alone.
    pub async fn list(&self, limit: usize) -> Result<Vec<GameSummary>, ApiError> {
        summaries(self.inner.store.recent(limit).await)
    }

    /// Summaries of the games `ids` (those that exist), newest first, at most `limit`.
    pub async fn list_of(
        &self,
        ids: &[String],
        limit: usize,
    ) -> Result<Vec<GameSummary>, ApiError> {
        summaries(self.inner.store.recent_of(ids, limit).await)
    }
}

/// The list entries of the stored games read.
fn summaries(rows: Result<Vec<GameRow>, StoreError>) -> Result<Vec<GameSummary>, ApiError> {
    let rows = rows.map_err(ApiError::storage)?;
    Ok(rows.into_iter().filter_map(summary_of_row).collect())
}

/// The list entry of a stored game (`None`, logged, if its options no longer read).
fn summary_of_row(row: GameRow) -> Option<GameSummary> {
    let options = match serde_json::from_str::<GameOptions>(&row.options) {
        Ok(options) => options,
        Err(error) => {
            tracing::warn!(game = row.id, "unreadable options: {error}");
            return None;
        }
    };
    Some(GameSummary {
        id: row.id,
        game: row.kind,
        seats: PerSide::from_pair(options.seats),
        version: row.version,
        created_at: row.created_at,
        result: row.result,
        level: options.computer_level(),
    })
}
