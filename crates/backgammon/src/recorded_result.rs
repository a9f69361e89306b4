//! A game's result as a match file records it (a `.mat` "Wins N points" line, SGF's `RE[…]`, an
//! `.xg` game footer): checked against the replayed game's end, or, where the replay has not
//! ended, replayed as the loser's accepted resignation worth those points. One mechanism for
//! every reader; each turns [`ResultRefusal`] into its own words.

use crate::game::{GameError, GameOutcome, Match, Phase, resignation_worth};
use crate::match_state::Seat;

/// Why a recorded result cannot end the last game of a match.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResultRefusal {
    /// The match has no game.
    #[error("no game to end")]
    NoGame,
    /// The last game has no result in the replay, yet the match takes no action any more.
    #[error("the match is over")]
    MatchOver,
    /// The game ended otherwise in the replay.
    #[error("the replay gives player {} {} points", .0.winner.index(), .0.points)]
    Disagrees(GameOutcome),
    /// No resignation at this cube is worth the points.
    #[error("{points} points is no resignation with the cube at {cube}")]
    NoResignation {
        /// The points recorded.
        points: u32,
        /// The cube's value.
        cube: u32,
    },
    /// The game ends with a double unanswered.
    #[error("the game ends with a double unanswered")]
    DoubleUnanswered,
    /// The rules refuse the resignation.
    #[error(transparent)]
    Game(GameError),
}

impl Match {
    /// Ends the last game with `winner` winning `points` as the record says (see the module).
    pub fn end_with_recorded_result(
        &mut self,
        winner: Seat,
        points: u32,
    ) -> Result<(), ResultRefusal> {
        let rules = self.rules();
        let game = self.games().last().ok_or(ResultRefusal::NoGame)?;
        if let Some(outcome) = game.outcome() {
            if (outcome.winner, outcome.points) != (winner, points) {
                return Err(ResultRefusal::Disagrees(outcome));
            }
            return Ok(());
        }
        let (cube, owner) = game.cube();
        let kind = resignation_worth(&rules, cube, owner, points)
            .ok_or(ResultRefusal::NoResignation { points, cube })?;
        let game = self.current_mut().ok_or(ResultRefusal::MatchOver)?;
        if let Phase::Doubled = game.phase() {
            return Err(ResultRefusal::DoubleUnanswered);
        }
        game.resign(winner.other(), kind)
            .map_err(ResultRefusal::Game)?;
        game.accept_resignation().map_err(ResultRefusal::Game)
    }
}
