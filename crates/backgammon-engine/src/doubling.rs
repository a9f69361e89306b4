//! The doubling decisions of a position in its cube and score context.
//!
//! At 0 ply the evaluator's probabilities are turned into the cube action by the cube model
//! ([`crate::cube`]: Janowski's interpolation with the position's cube efficiency; exact values
//! in money play where the two-sided bearoff database reaches).
//!
//! At `n` plies the cube is handled at every node of the lookahead, as gnubg's manual describes
//! its "n-ply cubeful equities": the side on roll's value with a cube state is the better of not
//! doubling (the average over the 21 rolls of the complement of the opponent's value after the
//! reply, in the cube state the opponent then faces) and doubling (the opponent's better of
//! taking, which gives it a cube of twice the value, and passing). Each node carries the cube
//! states its ancestors can reach (value and owner, money or match score), so one walk of the
//! tree values them all; the reply of each roll is chosen as in the cubeless lookahead
//! ([`crate::eval::Evaluator::best_play`]); the leaves are valued by the cube model.

use crate::bearoff::TwoSidedDb;
use crate::cube::{
    CubeAction, CubeDecision, CubeState, Met, after_double, cube_decision, dead_equity,
    efficiency_for, exact_money_decision, held_probabilities,
};
use crate::eval::Evaluator;
use crate::match_context::{MatchContext, cubeful_equity_on_roll};
use crate::probabilities::{Probabilities, lost};
use ludus_backgammon::player::plays;
use ludus_backgammon::{Dice, Position, RelativeSide};

/// The cube decision for the side on roll of `position` (before rolling) in `context`, at `plies`
/// plies: at 0 ply from the evaluator's probabilities by the cube model; deeper by the cubeful
/// lookahead (module documentation). Exact in money play where the two-sided bearoff database
/// reaches, whatever `plies`. The probabilities returned are the cubeless ones at `plies`.
pub fn cube_decision_at(
    evaluator: &dyn Evaluator,
    position: &Position,
    context: &MatchContext,
    plies: u8,
) -> (Probabilities, CubeDecision) {
    let met = Met::get();
    let payoff = context.payoff(met);
    if context.is_money()
        && let Some(exact) = TwoSidedDb::for_beavers(context.money.beavers).cubeful(position)
    {
        let p = evaluator.eval_any(position);
        return (p, exact_money_decision(&exact, &p, context.cube));
    }
    if plies == 0 || lost(position).is_some() {
        let p = evaluator.eval_any(position);
        let x = efficiency_for(position, &p);
        return (p, cube_decision(payoff.as_ref(), &p, context.cube, x));
    }
    let doubled = doubled(context);
    let states: Vec<MatchContext> = std::iter::once(*context).chain(doubled).collect();
    let (p, holds) = no_double_values(evaluator, position, &states, plies);
    let no_double = holds[0];
    let x = efficiency_for(position, &p);
    let model = cube_decision(payoff.as_ref(), &p, context.cube, x);
    let Some(double_take) = holds.get(1).copied() else {
        let decision = CubeDecision {
            action: CubeAction::NoDoubleAvailable,
            no_double,
            double_take: no_double,
            equity: no_double,
            ..model
        };
        return (p, decision);
    };
    let double_pass = payoff.win(context.cube.value);
    let accepted = after_double(payoff.as_ref(), double_take);
    let mut decision = CubeDecision::may_double(
        [no_double, accepted, double_pass],
        model.take_point,
        dead_equity(payoff.as_ref(), &p, context.cube.value),
        false,
    );
    if accepted != double_take {
        decision.action = decision.action.beavered();
    }
    (p, decision)
}

/// The context after the side on roll doubles and the opponent takes (the opponent owns a cube
/// of twice the value), when the side on roll may double.
fn doubled(context: &MatchContext) -> Option<MatchContext> {
    let c = context.cube.value;
    let may = context.cube.owner != Some(RelativeSide::Opponent)
        && context.payoff(Met::get()).can_double(true, c);
    may.then(|| MatchContext {
        cube: CubeState {
            value: 2 * c,
            owner: Some(RelativeSide::Opponent),
        },
        ..*context
    })
}

/// The complement of a raw value seen from the other side: money points negate, match winning
/// chances complement.
fn complement(context: &MatchContext, raw: f64) -> f64 {
    if context.is_money() { -raw } else { 1.0 - raw }
}

/// The side on roll's raw cubeful values in each of `states` with the right cube action now, and
/// its cubeless probabilities, at `plies` plies (exact values without lookahead in money play
/// where the two-sided bearoff database reaches).
fn on_roll_values(
    evaluator: &dyn Evaluator,
    position: &Position,
    states: &[MatchContext],
    plies: u8,
    leaf: Option<Probabilities>,
) -> (Probabilities, Vec<f64>) {
    let exact =
        states.iter().all(MatchContext::is_money) && TwoSidedDb::get().cubeful(position).is_some();
    if plies == 0 || exact || lost(position).is_some() {
        let p = leaf.unwrap_or_else(|| evaluator.eval_any(position));
        let values = states.iter().map(|s| leaf_value(position, &p, s)).collect();
        return (p, values);
    }
    let mut all: Vec<MatchContext> = states.to_vec();
    for s in states {
        if let Some(d) = doubled(s)
            && !all.contains(&d)
        {
            all.push(d);
        }
    }
    let (p, holds) = no_double_values(evaluator, position, &all, plies);
    let values = states
        .iter()
        .enumerate()
        .map(|(i, s)| match doubled(s) {
            Some(d) => {
                let payoff = s.payoff(Met::get());
                let taken = holds[all.iter().position(|a| *a == d).unwrap_or(i)];
                let take = after_double(payoff.as_ref(), taken);
                let pass = payoff.win(s.cube.value);
                holds[i].max(take.min(pass))
            }
            None => holds[i],
        })
        .collect();
    (p, values)
}

/// The raw cubeful value at a leaf: the cube model ([`cubeful_equity_on_roll`]); a finished
/// game is worth its dead value.
fn leaf_value(position: &Position, p: &Probabilities, state: &MatchContext) -> f64 {
    if lost(position).is_some() {
        let payoff = state.payoff(Met::get());
        let p = held_probabilities(payoff.as_ref(), p, state.cube);
        return dead_equity(payoff.as_ref(), &p, state.cube.value);
    }
    cubeful_equity_on_roll(state, position, p).raw
}

/// The side on roll's raw values in each of `states` when it does not double now: the average
/// over the rolls of the complement of the opponent's on-roll value after the reply; and the
/// cubeless probabilities at `plies` plies (`plies` ≥ 1).
fn no_double_values(
    evaluator: &dyn Evaluator,
    position: &Position,
    states: &[MatchContext],
    plies: u8,
) -> (Probabilities, Vec<f64>) {
    let theirs: Vec<MatchContext> = states.iter().map(MatchContext::swapped).collect();
    let mut after = Vec::new();
    let mut scratch = Vec::new();
    let mut total = Probabilities::default();
    let mut values = vec![0.0; states.len()];
    for &(dice, weight) in &Dice::ALL_21 {
        plays(position, dice, &mut after);
        let (best, value) = evaluator.best_play(&after, &mut scratch);
        let leaf = (plies == 1).then(|| value.flipped());
        let (q, theirs_values) =
            on_roll_values(evaluator, &after[best].swapped(), &theirs, plies - 1, leaf);
        let w = f64::from(weight) / 36.0;
        total.add_scaled(&q.flipped(), w as f32);
        for ((v, t), s) in values.iter_mut().zip(theirs_values).zip(states) {
            *v += w * complement(s, t);
        }
    }
    (total, values)
}

/// Whether the side on roll should double (0-ply).
pub fn should_double(
    evaluator: &dyn Evaluator,
    position: &Position,
    context: &MatchContext,
) -> bool {
    let (_, d) = cube_decision_at(evaluator, position, context, 0);
    d.action.is_double()
}

/// Whether the opponent of the side on roll should take a double (`position` and `context` are
/// from the doubler's view, before the double; 0-ply).
pub fn should_take(evaluator: &dyn Evaluator, position: &Position, context: &MatchContext) -> bool {
    let (_, d) = cube_decision_at(evaluator, position, context, 0);
    d.is_take()
}
