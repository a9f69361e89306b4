//! Position analysis as the commands and the computer player use it: evaluation at n plies and
//! cube decisions in a match context.

use crate::board::Board;
use crate::cube::{
    CONTACT_EFFICIENCY, CubeAction, CubeDecision, Met, RACE_EFFICIENCY, cube_decision,
};
use crate::eval::{Evaluator, Probabilities};
use crate::match_context::MatchContext;
use crate::search::eval_plies;

/// The cube efficiency used for a board: lower once contact is over.
pub fn cube_efficiency(board: &Board) -> f64 {
    if board.is_race() {
        RACE_EFFICIENCY
    } else {
        CONTACT_EFFICIENCY
    }
}

/// The cube decision for the side on roll of `board` (before rolling) at `plies` plies.
pub fn cube_decision_at(
    evaluator: &dyn Evaluator,
    board: &Board,
    context: &MatchContext,
    plies: u8,
) -> (Probabilities, CubeDecision) {
    let p = eval_plies(evaluator, board, plies);
    let met = Met::get();
    let payoff = context.payoff(met);
    let decision = cube_decision(payoff.as_ref(), &p, context.cube, cube_efficiency(board));
    (p, decision)
}

/// Whether the side on roll should double.
pub fn should_double(evaluator: &dyn Evaluator, board: &Board, context: &MatchContext) -> bool {
    let (_, d) = cube_decision_at(evaluator, board, context, 0);
    matches!(d.action, CubeAction::DoubleTake | CubeAction::DoublePass)
}

/// Whether the opponent of the side on roll should take a double (`board` and `context` are from
/// the doubler's view, before the double).
pub fn should_take(evaluator: &dyn Evaluator, board: &Board, context: &MatchContext) -> bool {
    let (_, d) = cube_decision_at(evaluator, board, context, 0);
    d.double_take <= d.double_pass
}
