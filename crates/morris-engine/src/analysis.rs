//! The analysis board's values: every legal move of a position with its value, and the
//! perfect-play value of a move where the endgame databases know the position after it.

use crate::db::{Databases, Value};
use crate::judge::Judge;
use crate::probe;
use ludus_morris::{Move, Position, Rules};

/// Every legal move of `position` with its value for the side to move (hundredths of a piece),
/// best first: the [`Judge`]'s ranking, the hint's and the review's measure. `history` holds the
/// positions of the game before `position` (empty for a position on its own): a move back to one
/// of them scores as a draw.
pub fn rank_moves(
    position: &Position,
    rules: &Rules,
    history: &[Position],
    databases: Option<&Databases>,
) -> Vec<(Move, i32)> {
    Judge::new(*rules, databases)
        .rank(history, position)
        .into_iter()
        .map(|j| (j.mv, j.score))
        .collect()
}

/// The perfect-play value of playing `mv` in `position`, for the side that plays it and counted
/// from before the move (one ply more than the value after it), where `databases` know the
/// position after it or the move ends the game.
pub fn move_value(
    databases: &Databases,
    position: &Position,
    mv: Move,
    rules: &Rules,
) -> Option<Value> {
    let after = position.play(mv);
    let value = match after.outcome(rules) {
        // The move ends the game (the loser may have too few pieces for any database).
        Some(outcome) if outcome.winner.is_some() => Value::Loss(0),
        Some(_) => Value::Draw,
        None => probe(databases, &after, rules).ok()?,
    };
    Some(value.parent())
}
