//! A game's result as a match file records it (SGF's `RE[…]`, an `.xg` game footer): checked
//! against the replayed game's end, or, where the replay has not ended, replayed as the loser's
//! accepted resignation worth those points. One mechanism for both readers; each turns
//! [`ResultRefusal`] into its own words.

use ludus_backgammon::{GameError, GameOutcome, Match, Phase, Seat, resignation_worth};

/// Why a recorded result cannot end the last game of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ResultRefusal {
    /// The match has no game.
    NoGame,
    /// The last game has no result in the replay, yet the match takes no action any more.
    MatchOver,
    /// The game ended otherwise in the replay.
    Disagrees(GameOutcome),
    /// No resignation at this cube is worth the points.
    NoResignation {
        /// The points recorded.
        points: u32,
        /// The cube's value.
        cube: u32,
    },
    /// The game ends with a double unanswered.
    DoubleUnanswered,
    /// The rules refuse the resignation.
    Game(GameError),
}

/// Ends the last game of `record` with `winner` winning `points` (see the module).
pub(crate) fn end_with_recorded_result(
    record: &mut Match,
    winner: Seat,
    points: u32,
) -> Result<(), ResultRefusal> {
    let rules = record.rules();
    let game = record.games().last().ok_or(ResultRefusal::NoGame)?;
    if let Some(outcome) = game.outcome() {
        if (outcome.winner, outcome.points) != (winner, points) {
            return Err(ResultRefusal::Disagrees(outcome));
        }
        return Ok(());
    }
    let (cube, owner) = game.cube();
    let kind = resignation_worth(&rules, cube, owner, points)
        .ok_or(ResultRefusal::NoResignation { points, cube })?;
    let game = record.current_mut().ok_or(ResultRefusal::MatchOver)?;
    if let Phase::Doubled = game.phase() {
        return Err(ResultRefusal::DoubleUnanswered);
    }
    game.resign(winner.other(), kind)
        .map_err(ResultRefusal::Game)?;
    game.accept_resignation().map_err(ResultRefusal::Game)
}
