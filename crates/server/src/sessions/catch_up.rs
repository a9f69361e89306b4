//! Bringing a game's copy in memory up to the database: the commands stored beyond its version
//! are applied, and a copy that ran ahead of the database is rebuilt from its events.

use super::{Event, Hub, ReplayError, Session, TAKEBACK, in_force};
use crate::games;
use crate::games::Command;

impl Hub {
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
            let seq = session.events.len();
            if stored.command == TAKEBACK {
                session.events.push(Event {
                    seq,
                    seat: stored.seat,
                    command: stored.command,
                    at: stored.at,
                });
                self.rebuild(session);
                continue;
            }
            let command = Command::from_record(&stored.command)?;
            if let Err(error) = session.game.apply(stored.seat, &command) {
                self.rebuild(session);
                return Err(ReplayError::Refused {
                    record: stored.command,
                    error,
                });
            }
            session.events.push(Event {
                seq,
                seat: stored.seat,
                command: stored.command,
                at: stored.at,
            });
        }
        self.broadcast(session);
        Ok(true)
    }

    pub(super) fn rebuild(&self, session: &mut Session) {
        if let Ok(mut game) = games::new_game_from(
            session.kind,
            &session.options.rules,
            session.seed,
            session.options.start.as_deref(),
            &self.inner.players,
        ) {
            let records = session
                .events
                .iter()
                .map(|event| (event.seat, event.command.as_str()));
            for (seat, record) in in_force(records) {
                if let Ok(command) = Command::from_record(record) {
                    let _ = game.apply(seat, &command);
                }
            }
            session.game = game;
        }
    }
}
