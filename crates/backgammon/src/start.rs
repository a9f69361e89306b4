//! Whether play can go on from a position and its match state: a set-up, a pasted XGID or a
//! gnubg id pair that a game is to start from.

use crate::match_state::{GameState, MatchState, Seat};
use crate::position::{CHECKERS_PER_SIDE, Position};
use thiserror::Error;

/// Why a position with its match state is no place to play on from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum StartRefusal {
    /// A player has borne off every checker: the game is over.
    #[error("player {} has no checker left on the board: the game is over", .0.index())]
    NoCheckers(Seat),
    /// The match state says that the game has ended.
    #[error("the game is already over")]
    GameOver,
    /// A double or a resignation waits for its answer.
    #[error("a double or a resignation is pending")]
    AnswerPending,
    /// A cube value that is not a power of two up to the ceiling.
    #[error("the cube cannot be {value}: it is a power of two up to {max}")]
    Cube {
        /// The value asked for.
        value: u32,
        /// The ceiling of the rules.
        max: u32,
    },
    /// A player's score has already reached the match length.
    #[error("player {}'s score {score} is not below the match length {length}", .seat.index())]
    Score {
        /// The player.
        seat: Seat,
        /// Its score.
        score: u32,
        /// The match length.
        length: u32,
    },
}

impl MatchState {
    /// Why play cannot go on from `position` (from the view of `self.on_roll`) in this state under
    /// a cube ceiling of `max_cube` ([`crate::Rules::max_cube`]); `None` when it can.
    ///
    /// ```
    /// use ludus_backgammon::{MatchState, Position, StartRefusal};
    /// let state = MatchState::default();
    /// assert_eq!(state.start_refusal(&Position::starting(), 64), None);
    /// let big_cube = MatchState { cube_value: 128, ..state };
    /// assert_eq!(
    ///     big_cube.start_refusal(&Position::starting(), 64),
    ///     Some(StartRefusal::Cube { value: 128, max: 64 })
    /// );
    /// ```
    pub fn start_refusal(&self, position: &Position, max_cube: u32) -> Option<StartRefusal> {
        for (seat, off) in [
            (self.on_roll, position.player(0)),
            (self.on_roll.other(), position.opponent(0)),
        ] {
            if off == CHECKERS_PER_SIDE {
                return Some(StartRefusal::NoCheckers(seat));
            }
        }
        if !matches!(self.game_state, GameState::Playing | GameState::NoGame) {
            return Some(StartRefusal::GameOver);
        }
        if self.double_offered || self.resignation.is_some() {
            return Some(StartRefusal::AnswerPending);
        }
        if !self.cube_value.is_power_of_two() || self.cube_value > max_cube {
            return Some(StartRefusal::Cube {
                value: self.cube_value,
                max: max_cube,
            });
        }
        self.score_refusal()
    }

    /// The first player whose score is not below the match length (match play only).
    fn score_refusal(&self) -> Option<StartRefusal> {
        if self.match_length == 0 {
            return None;
        }
        [Seat::Zero, Seat::One].into_iter().find_map(|seat| {
            let score = self.score[seat.index()];
            (score >= self.match_length).then_some(StartRefusal::Score {
                seat,
                score,
                length: self.match_length,
            })
        })
    }
}
