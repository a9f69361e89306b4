//! Bringing a game's copy in memory up to the database: the commands stored beyond its version
//! are applied, and a copy that ran ahead of the database is rebuilt from its events.

use super::takeback::{apply_record, replay_game};
use super::{Event, ReplayError, Session, Sessions};
use crate::error::Chain;

impl Sessions {
    /// Applies the events the database has beyond this copy's version; returns whether there
    /// were any (and then broadcasts the new state).
    pub(super) async fn catch_up(&self, session: &mut Session) -> Result<bool, ReplayError> {
        let events = self
            .inner
            .store
            .events_since(&session.id, session.events.len())
            .await?;
        if events.is_empty() {
            return Ok(false);
        }
        for stored in events {
            if let Err(error) = apply_record(session.game.as_mut(), stored.seat, &stored.command) {
                self.rebuild(session);
                return Err(error);
            }
            session.events.push(Event {
                seq: session.events.len(),
                seat: stored.seat,
                command: stored.command,
                at: stored.at,
            });
        }
        self.broadcast(session);
        Ok(true)
    }

    /// Replaces the copy in memory by a replay of its events (after a failed store, or a
    /// stored record the copy refused); a game that no longer replays keeps its copy.
    pub(super) fn rebuild(&self, session: &mut Session) {
        let records = session
            .events
            .iter()
            .map(|event| (event.seat, event.command.as_str()));
        let players = &self.inner.players;
        let (kind, seed) = (session.kind, session.seed);
        match replay_game(kind, &session.options, seed, players, records) {
            Ok(game) => session.game = game,
            Err(error) => tracing::warn!(game = session.id, "cannot rebuild: {}", Chain(&error)),
        }
    }
}
