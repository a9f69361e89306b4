//! n-ply lookahead with move filtering.
//!
//! `eval_plies(board, 0)` is the evaluator. `eval_plies(board, n)` averages, over the 21 rolls
//! weighted by their chances, the value of the board after the side on roll's best reply (chosen
//! at 0 ply, as gnubg does inside its lookahead) evaluated at `n - 1` plies. To choose a move at
//! `n` plies, every candidate is ranked at 0 ply, the best [`FILTER_KEEP`] within
//! [`FILTER_WINDOW`] of the best are kept, and the survivors are evaluated at `n` plies.

use crate::board::{ALL_ROLLS, Board, MoveBuffer, successors_into};
use crate::eval::{Evaluator, Probabilities};
use crate::train::argmax_equity;

/// Candidates kept after the 0-ply ranking at the root of an n-ply search.
pub const FILTER_KEEP: usize = 8;
/// Candidates further than this (cubeless equity) behind the 0-ply best are dropped.
pub const FILTER_WINDOW: f32 = 0.16;

/// The value of `board` for its side on roll at `plies` plies of lookahead.
pub fn eval_plies(evaluator: &dyn Evaluator, board: &Board, plies: u8) -> Probabilities {
    if plies == 0 || board.finished().is_some() {
        return evaluator.eval_any(board);
    }
    let mut buf = MoveBuffer::default();
    let mut succ = Vec::new();
    let mut scores = Vec::new();
    let mut total = Probabilities::default();
    for &(d1, d2, weight) in &ALL_ROLLS {
        successors_into(board, d1, d2, &mut buf, &mut succ);
        evaluator.eval_after_moves(&succ, &mut scores);
        let best = argmax_equity(&scores);
        let value = if plies == 1 {
            scores[best]
        } else {
            eval_plies(evaluator, &succ[best].swapped(), plies - 1).flipped()
        };
        total.add_scaled(&value, f32::from(weight) / 36.0);
    }
    total
}

/// A candidate move (the board after it, from the mover's view) and its value for the mover.
#[derive(Clone, Copy, Debug)]
pub struct RankedMove {
    /// The board after the move, not swapped.
    pub board: Board,
    /// The mover's probabilities after the move.
    pub probabilities: Probabilities,
    /// Plies the value was computed at (0 for filtered-out candidates).
    pub plies: u8,
}

/// Every legal play of `dice` from `board`, best first: all ranked at 0 ply, the filtered best
/// re-evaluated at `plies` plies and placed first.
pub fn rank_moves(
    evaluator: &dyn Evaluator,
    board: &Board,
    dice: (u8, u8),
    plies: u8,
) -> Vec<RankedMove> {
    let mut succ = Vec::new();
    successors_into(board, dice.0, dice.1, &mut MoveBuffer::default(), &mut succ);
    let mut scores = Vec::new();
    evaluator.eval_after_moves(&succ, &mut scores);
    let mut ranked: Vec<RankedMove> = succ
        .iter()
        .zip(&scores)
        .map(|(b, p)| RankedMove {
            board: *b,
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
            m.probabilities = eval_plies(evaluator, &m.board.swapped(), plies).flipped();
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

/// The best play of `dice` at `plies` plies (the board after it, mover's view).
pub fn best_move(evaluator: &dyn Evaluator, board: &Board, dice: (u8, u8), plies: u8) -> Board {
    rank_moves(evaluator, board, dice, plies)[0].board
}
