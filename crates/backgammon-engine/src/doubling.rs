//! The doubling decisions of a position in its cube and score context: the lookahead's
//! probabilities turned into the cube action by the cube model ([`crate::cube`]).

use crate::bearoff::TwoSidedDb;
use crate::cube::{CubeDecision, Met, cube_decision, cube_efficiency, exact_money_decision};
use crate::eval::Evaluator;
use crate::match_context::MatchContext;
use crate::probabilities::Probabilities;
use crate::search::eval_plies;
use ludus_backgammon::Position;

/// The cube decision for the side on roll of `position` (before rolling) in `context`, from its
/// probabilities at `plies` plies; exact in money play where the two-sided bearoff database
/// reaches ([`exact_money_decision`]), whatever `plies`.
pub fn cube_decision_at(
    evaluator: &dyn Evaluator,
    position: &Position,
    context: &MatchContext,
    plies: u8,
) -> (Probabilities, CubeDecision) {
    let p = eval_plies(evaluator, position, plies);
    if context.is_money()
        && let Some(exact) = TwoSidedDb::get().cubeful(position)
    {
        return (p, exact_money_decision(&exact, &p, context.cube));
    }
    let met = Met::get();
    let payoff = context.payoff(met);
    let decision = cube_decision(payoff.as_ref(), &p, context.cube, cube_efficiency(position));
    (p, decision)
}

/// Whether the side on roll should double (0-ply probabilities).
pub fn should_double(
    evaluator: &dyn Evaluator,
    position: &Position,
    context: &MatchContext,
) -> bool {
    let (_, d) = cube_decision_at(evaluator, position, context, 0);
    d.action.is_double()
}

/// Whether the opponent of the side on roll should take a double (`position` and `context` are
/// from the doubler's view, before the double; 0-ply probabilities).
pub fn should_take(evaluator: &dyn Evaluator, position: &Position, context: &MatchContext) -> bool {
    let (_, d) = cube_decision_at(evaluator, position, context, 0);
    d.is_take()
}
