//! Taking back a play: the match without a seat's last play and what followed it. Morris undoes
//! a move on the board; here the dice and the cube make it a replay of the game from its start
//! (the opening roll or its [`GameStart`](crate::GameStart)) up to that turn's roll.

use crate::game::{Game, GameError, GameEvent, Match};
use crate::match_state::Seat;
use crate::moves::Move;
use thiserror::Error;

/// Why a play cannot be taken back.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TakeBackError {
    /// The seat has made no play that can be taken back (none yet, only empty moves, or, for
    /// [`Match::take_back_in_game`], none in a game still in progress).
    #[error("nothing to take back")]
    NothingToTakeBack,
    /// The game's record does not replay up to the play (a record this crate did not build).
    #[error("the record does not replay: {0}")]
    Replay(GameError),
}

impl Match {
    /// Takes back `seat`'s last play of the match and everything after it, later games
    /// included: the game of that play goes on from that turn's roll, whose dice are to be
    /// played again. Empty moves are no plays. Returns the play taken back; on an error the
    /// match is unchanged.
    pub fn take_back(&mut self, seat: Seat) -> Result<Move, TakeBackError> {
        let (game, event) = self
            .games()
            .iter()
            .enumerate()
            .rev()
            .find_map(|(index, game)| last_play(game, seat).map(|event| (index, event)))
            .ok_or(TakeBackError::NothingToTakeBack)?;
        self.take_back_at(game, event)
    }

    /// Takes back `seat`'s last play of the game in progress and everything after it, like
    /// [`Match::take_back`], but never into a game that is over or an earlier game.
    pub fn take_back_in_game(&mut self, seat: Seat) -> Result<Move, TakeBackError> {
        let game = self
            .current()
            .filter(|game| game.outcome().is_none())
            .ok_or(TakeBackError::NothingToTakeBack)?;
        let event = last_play(game, seat).ok_or(TakeBackError::NothingToTakeBack)?;
        self.take_back_at(self.games().len() - 1, event)
    }

    /// Replaces game `index` by its replay up to event `cut` (a turn, its play left to come)
    /// and drops the later games.
    fn take_back_at(&mut self, index: usize, cut: usize) -> Result<Move, TakeBackError> {
        let game = &self.games()[index];
        let GameEvent::Turn { play: Some(mv), .. } = game.events()[cut] else {
            return Err(TakeBackError::NothingToTakeBack);
        };
        let replayed = replay_until(game, cut).map_err(TakeBackError::Replay)?;
        self.replace_games_from(index, replayed);
        Ok(mv)
    }
}

/// The index of `seat`'s last non-empty play among `game`'s events.
fn last_play(game: &Game, seat: Seat) -> Option<usize> {
    game.events().iter().rposition(|event| {
        matches!(event, GameEvent::Turn { seat: s, play: Some(mv), .. } if *s == seat && !mv.is_empty())
    })
}

/// `game` started again and replayed through its events up to `cut`, a turn whose dice are
/// rolled and whose play is left to come.
fn replay_until(game: &Game, cut: usize) -> Result<Game, GameError> {
    let mut replayed = game.restarted();
    // The opening roll, or a set-up's dice, is already there: its turn is not rolled again.
    let rolled = replayed.events().len();
    for (index, event) in game.events()[..=cut].iter().enumerate() {
        replay_event(&mut replayed, event, index >= rolled, index < cut)?;
    }
    Ok(replayed)
}

/// Replays one event: a turn's roll when `roll`, its play when `play`.
fn replay_event(
    game: &mut Game,
    event: &GameEvent,
    roll: bool,
    play: bool,
) -> Result<(), GameError> {
    match *event {
        GameEvent::Turn { dice, play: mv, .. } => {
            if roll {
                game.roll_with(dice)?;
            }
            match mv {
                Some(mv) if play => game.play(&mv),
                _ => Ok(()),
            }
        }
        GameEvent::Double { .. } => game.double(),
        GameEvent::Take { .. } => game.take(),
        GameEvent::Beaver { .. } => game.beaver(),
        GameEvent::Pass { .. } => game.pass(),
        GameEvent::Resign { seat, kind } => game.resign(seat, kind),
        GameEvent::AcceptResignation { .. } => game.accept_resignation(),
        GameEvent::RejectResignation { .. } => game.reject_resignation(),
    }
}
