//! Taking back a move against the computer: the take-back record and the records it leaves in
//! force, and the command that stores it.

use super::{Event, GameOptions, GameState, Hub, Occupant, ReplayError};
use crate::error::ApiError;
use crate::games::{self, Players};
use crate::games::{Command, Game, GameError, GameKind, Side};
use crate::store::{Append, AppendError, now_millis};

/// The record of a take-back (`POST /api/games/{id}/takeback`): the seat's last move (a record
/// that is no `:action`) and everything after it no longer count.
pub const TAKEBACK: &str = ":takeback";

/// The records in force among `records` (seat, record) after their take-backs, in order.
pub fn in_force<'a>(records: impl IntoIterator<Item = (Side, &'a str)>) -> Vec<(Side, &'a str)> {
    let mut kept: Vec<(Side, &str)> = Vec::new();
    for (seat, record) in records {
        if record != TAKEBACK {
            kept.push((seat, record));
        } else if let Some(last) = kept
            .iter()
            .rposition(|&(mover, text)| mover == seat && !text.starts_with(':'))
        {
            kept.truncate(last);
        }
    }
    kept
}

/// A new game of `kind` with the records in force among `records` applied.
pub(super) fn replay_game(
    kind: GameKind,
    options: &GameOptions,
    seed: u64,
    players: &Players,
    records: &[(Side, &str)],
) -> Result<Box<dyn Game>, ReplayError> {
    let mut game = games::new_game_from(
        kind,
        &options.rules,
        seed,
        options.start.as_deref(),
        players,
    )?;
    for (seat, record) in in_force(records.iter().copied()) {
        let command = Command::from_record(record)?;
        game.apply(seat, &command)
            .map_err(|error| ReplayError::Refused {
                record: record.to_string(),
                error,
            })?;
    }
    Ok(game)
}

impl Hub {
    /// Takes back the seat's last move against the computer, with everything after it (the
    /// computer's answer): stores a take-back event (`:takeback`) and replays the game without
    /// them (Backgammon's seeded dice roll the same again). Returns the new state.
    pub async fn takeback(&self, id: &str, token: &str) -> Result<GameState, ApiError> {
        let hub = self.clone();
        let (id, token) = (id.to_string(), token.to_string());
        let busy = self.inner.lifecycle.busy();
        tokio::spawn(async move {
            let _busy = busy;
            hub.run_takeback(&id, &token).await
        })
        .await
        .map_err(ApiError::internal)?
    }

    async fn run_takeback(&self, id: &str, token: &str) -> Result<GameState, ApiError> {
        let session = self.get(id).await?;
        let mut guard = session.lock().await;
        let side = guard.seat_of(token).ok_or(ApiError::NotSeated)?;
        if guard.options.seats[side.opponent().index()] != Occupant::Computer {
            return Err(ApiError::TakebackAgainstPerson);
        }
        self.catch_up(&mut guard).await.map_err(ApiError::failed)?;
        if guard.result().is_some() {
            return Err(GameError::Over.into());
        }
        let mut records: Vec<(Side, &str)> = guard
            .events
            .iter()
            .map(|event| (event.seat, event.command.as_str()))
            .collect();
        let before = in_force(records.iter().copied()).len();
        records.push((side, TAKEBACK));
        if in_force(records.iter().copied()).len() == before {
            return Err(ApiError::NothingToTakeBack);
        }
        let game = replay_game(
            guard.kind,
            &guard.options,
            guard.seed,
            &self.inner.players,
            &records,
        )
        .map_err(ApiError::failed)?;
        let previous = std::mem::replace(&mut guard.game, game);
        let version = guard.events.len() + 1;
        let status = guard.status(version);
        let at = now_millis();
        let append = Append {
            game_id: &guard.id,
            seat: side,
            command: TAKEBACK,
            at,
            status: &status,
        };
        if let Err(error) = self.inner.store.append(&append).await {
            guard.game = previous;
            return Err(match error {
                AppendError::Conflict(_) => ApiError::StaleVersion {
                    asked: version - 1,
                    current: version,
                },
                AppendError::Failed(error) => ApiError::failed(error),
            });
        }
        guard.events.push(Event {
            seq: version - 1,
            seat: side,
            command: TAKEBACK.to_string(),
            at,
        });
        self.broadcast(&guard);
        Ok(self.release_and_continue(id, guard, &session))
    }
}

#[cfg(test)]
mod takeback_tests {
    use super::*;

    #[test]
    fn a_takeback_removes_the_seats_last_move_and_what_followed() {
        let records = [
            (Side::White, "d6"),
            (Side::Black, "d2"),
            (Side::White, "b6"),
            (Side::Black, "f2"),
            (Side::White, TAKEBACK),
        ];
        assert_eq!(in_force(records), records[..2].to_vec());
    }

    #[test]
    fn actions_stay_and_a_second_takeback_goes_further_back() {
        let records = [
            (Side::White, ":roll"),
            (Side::White, "8/5 6/5"),
            (Side::Black, ":roll"),
            (Side::Black, "24/18"),
            (Side::White, ":roll"),
            (Side::White, "13/7"),
            (Side::White, TAKEBACK),
            (Side::White, TAKEBACK),
        ];
        assert_eq!(in_force(records), vec![(Side::White, ":roll")]);
    }

    #[test]
    fn a_takeback_with_nothing_to_take_back_changes_nothing() {
        let records = [(Side::Black, "d6"), (Side::White, TAKEBACK)];
        assert_eq!(in_force(records), vec![(Side::Black, "d6")]);
    }
}
