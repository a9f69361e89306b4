//! The analysis board's values: every legal move of a position with its value, and the
//! perfect-play value of a move where the endgame databases know the position after it.

use crate::db::{Databases, Value};
use crate::probe;
use crate::search::{SearchLimits, Searcher};
use ludus_morris::{Move, Position, Rules};
use std::time::Duration;

/// Deepest search of one move in the analysis (each move gets its share of the time).
pub const ANALYSIS_DEPTH: u32 = 6;

/// Every legal move of `position` with its value for the side to move (hundredths of a piece),
/// best first: each move searched for its share of `think_time`, probing `databases`.
pub fn rank_moves(
    position: &Position,
    rules: &Rules,
    think_time: Duration,
    databases: Option<&Databases>,
) -> Vec<(Move, i32)> {
    let moves = position.legal_moves(rules);
    let share = think_time / u32::try_from(moves.len().max(1)).unwrap_or(u32::MAX);
    let limits = SearchLimits {
        depth: Some(ANALYSIS_DEPTH),
        movetime: Some(share),
        nodes: None,
    };
    let mut ranked: Vec<(Move, i32)> = moves
        .iter()
        .map(|&mv| {
            let mut searcher = Searcher::new(*rules);
            searcher.set_databases(databases);
            // The child is scored for its side to move: the opponent.
            (mv, -searcher.search(&position.play(mv), &limits).score)
        })
        .collect();
    ranked.sort_by_key(|entry| std::cmp::Reverse(entry.1));
    ranked
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
