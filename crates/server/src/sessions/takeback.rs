//! Taking back a move against the computer: the command that stores it, and the replay of a
//! stored game's records (moves, actions and take-backs) in order.

use super::commands::Refused;
use super::{GameDocument, GameOptions, Occupant, ReplayError, Sessions};
use crate::error::ApiError;
use crate::games::{self, Players};
use crate::games::{Command, Game, GameError, GameKind, Side};

/// The record of a take-back (`POST /api/games/{id}/takeback`): the seat's last move and
/// everything after it no longer count ([`Game::take_back`]).
pub const TAKEBACK: &str = ":takeback";

/// Applies one stored record of `seat` to `game`: a take-back, or a command.
pub(super) fn apply_record(
    game: &mut dyn Game,
    seat: Side,
    record: &str,
) -> Result<(), ReplayError> {
    let result = if record == TAKEBACK {
        game.take_back(seat)
    } else {
        game.apply(seat, &Command::from_record(record)?)
    };
    result.map_err(|error| ReplayError::Refused {
        record: record.to_string(),
        error,
    })
}

/// A new game of `kind` with `records` applied in order.
pub(super) fn replay_game<'a>(
    kind: GameKind,
    options: &GameOptions,
    seed: u64,
    players: &Players,
    records: impl IntoIterator<Item = (Side, &'a str)>,
) -> Result<Box<dyn Game>, ReplayError> {
    let mut game = games::new_game_from(
        kind,
        &options.rules,
        seed,
        options.start.as_deref(),
        players,
    )?;
    for (seat, record) in records {
        apply_record(game.as_mut(), seat, record)?;
    }
    Ok(game)
}

impl Sessions {
    /// Takes back the seat's last move against the computer, with everything after it (the
    /// computer's answer), by the game's rules ([`Game::take_back`]: Backgammon's seeded dice
    /// roll the same again), and stores a take-back event (`:takeback`). Returns the new state.
    pub async fn takeback(&self, id: &str, token: &str) -> Result<GameDocument, ApiError> {
        let sessions = self.clone();
        let (id, token) = (id.to_string(), token.to_string());
        let busy = self.inner.lifecycle.busy();
        tokio::spawn(async move {
            let _busy = busy;
            sessions.run_takeback(&id, &token).await
        })
        .await
        .map_err(ApiError::internal)?
    }

    async fn run_takeback(&self, id: &str, token: &str) -> Result<GameDocument, ApiError> {
        let session = self.get(id).await?;
        let mut guard = session.lock().await;
        let side = guard.seat_of(token).ok_or(ApiError::NotSeated)?;
        if guard.options.seats[side.opponent().index()] != Occupant::Computer {
            return Err(ApiError::TakebackAgainstPerson);
        }
        self.catch_up(&mut guard).await.map_err(ApiError::storage)?;
        if guard.result().is_some() {
            return Err(GameError::Over.into());
        }
        let version = guard.events.len() + 1;
        let stored = self
            .change_and_store(&mut guard, side, TAKEBACK.to_string(), |game| {
                game.take_back(side)
            })
            .await;
        match stored {
            Ok(()) => Ok(self.release_and_continue(id, guard, &session)),
            Err(Refused::Game(GameError::NothingToTakeBack)) => Err(ApiError::NothingToTakeBack),
            Err(Refused::Game(error)) => Err(error.into()),
            Err(Refused::Conflict) => Err(ApiError::StaleVersion {
                asked: version - 1,
                current: version,
            }),
            Err(Refused::Failed(error)) => Err(ApiError::storage(error)),
        }
    }
}
