//! n-ply lookahead with move filtering.
//!
//! `eval_plies(position, 0)` is the evaluator. `eval_plies(position, n)` averages, over the 21
//! rolls weighted by their chances, the value of the position after the side on roll's best
//! reply (chosen at 0 ply, as gnubg does inside its lookahead) evaluated at `n - 1` plies. To
//! choose a move at `n` plies, every candidate is ranked at 0 ply, the best [`FILTER_KEEP`]
//! within [`FILTER_WINDOW`] of the best are kept, and the survivors are evaluated at `n` plies.

use crate::eval::{Evaluator, Probabilities, lost};
use crate::plays::plays;
use crate::train::argmax_equity;
use ludus_backgammon::{Dice, Position};

/// Candidates kept after the 0-ply ranking at the root of an n-ply search.
pub const FILTER_KEEP: usize = 8;
/// Candidates further than this (cubeless equity) behind the 0-ply best are dropped.
pub const FILTER_WINDOW: f32 = 0.16;

/// The value of `position` for its side on roll at `plies` plies of lookahead.
pub fn eval_plies(evaluator: &dyn Evaluator, position: &Position, plies: u8) -> Probabilities {
    if plies == 0 || lost(position).is_some() {
        return evaluator.eval_any(position);
    }
    let mut after = Vec::new();
    let mut scores = Vec::new();
    let mut total = Probabilities::default();
    for &(dice, weight) in &Dice::ALL_21 {
        plays(position, dice, &mut after);
        evaluator.eval_after_moves(&after, &mut scores);
        let best = argmax_equity(&scores);
        let value = if plies == 1 {
            scores[best]
        } else {
            eval_plies(evaluator, &after[best].swapped(), plies - 1).flipped()
        };
        total.add_scaled(&value, f32::from(weight) / 36.0);
    }
    total
}

/// A candidate play (the position after it, from the mover's view) and its value for the mover.
#[derive(Clone, Copy, Debug)]
pub struct RankedMove {
    /// The position after the play, not swapped.
    pub after: Position,
    /// The mover's probabilities after the play.
    pub probabilities: Probabilities,
    /// Plies the value was computed at (0 for filtered-out candidates).
    pub plies: u8,
}

/// Every legal play of `dice` from `position`, best first: all ranked at 0 ply, the filtered
/// best re-evaluated at `plies` plies and placed first.
pub fn rank_moves(
    evaluator: &dyn Evaluator,
    position: &Position,
    dice: Dice,
    plies: u8,
) -> Vec<RankedMove> {
    let mut after = Vec::new();
    plays(position, dice, &mut after);
    let mut scores = Vec::new();
    evaluator.eval_after_moves(&after, &mut scores);
    let mut ranked: Vec<RankedMove> = after
        .iter()
        .zip(&scores)
        .map(|(after, p)| RankedMove {
            after: *after,
            probabilities: *p,
            plies: 0,
        })
        .collect();
    sort_by_equity(&mut ranked);
    if plies > 0 {
        let best = ranked[0].probabilities.equity();
        let keep = ranked
            .iter()
            .take(FILTER_KEEP)
            .take_while(|m| m.probabilities.equity() >= best - FILTER_WINDOW)
            .count()
            .max(1);
        for m in &mut ranked[..keep] {
            m.probabilities = eval_plies(evaluator, &m.after.swapped(), plies).flipped();
            m.plies = plies;
        }
        sort_by_equity(&mut ranked[..keep]);
    }
    ranked
}

fn sort_by_equity(moves: &mut [RankedMove]) {
    moves.sort_by(|a, b| {
        b.probabilities
            .equity()
            .total_cmp(&a.probabilities.equity())
    });
}

/// The best play of `dice` at `plies` plies (the position after it, mover's view).
pub fn best_move(
    evaluator: &dyn Evaluator,
    position: &Position,
    dice: Dice,
    plies: u8,
) -> Position {
    rank_moves(evaluator, position, dice, plies)[0].after
}
