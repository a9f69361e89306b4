//! n-ply lookahead with move filtering.
//!
//! `eval_plies(position, 0)` is the evaluator. `eval_plies(position, n)` averages, over the 21
//! rolls weighted by their chances, the value of the position after the side on roll's best
//! reply (chosen at 0 ply, as gnubg does inside its lookahead, by [`Evaluator::best_play`]: the
//! shipped evaluator ranks the replies with its small pruning network and lets the full network
//! score the best few) evaluated at `n - 1` plies. To choose a move at `n` plies, every candidate
//! is ranked at 0 ply and filtered by the evaluator's [`Filters`](crate::filters::Filters) (the best
//! [`FILTER_KEEP`](crate::filters::FILTER_KEEP) within
//! [`FILTER_WINDOW`](crate::filters::FILTER_WINDOW) of the best; then, for 2 plies and more, the shipped chain ranks
//! those at 1 ply and keeps the best 5 within 0.12), and the survivors are evaluated at `n`
//! plies.
//!
//! Plays are compared by a [`PlayValuation`]: cubeless money equity, or, in a game with a cube
//! (money or match), the mover's cubeful equity at the cube and score ("cubeful checker play":
//! gammons are worth what the score makes them worth, and the opponent's cube access counts).

use crate::eval::Evaluator;
use crate::filters::MoveFilter;
use crate::match_context::{MatchContext, cubeful_equity_after_play};
use crate::probabilities::{Probabilities, lost};
use ludus_backgammon::player::plays;
use ludus_backgammon::{Dice, MatchState, Position};

/// The value of `position` for its side on roll at `plies` plies of lookahead.
pub fn eval_plies(evaluator: &dyn Evaluator, position: &Position, plies: u8) -> Probabilities {
    if plies == 0 || lost(position).is_some() {
        return evaluator.eval_any(position);
    }
    let mut after = Vec::new();
    let mut scratch = Vec::new();
    let mut total = Probabilities::default();
    for &(dice, weight) in &Dice::ALL_21 {
        plays(position, dice, &mut after);
        let (best, value) = evaluator.best_play(&after, &mut scratch);
        let value = if plies == 1 {
            value
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
    /// The value the play was ranked by ([`PlayValuation::value`]): cubeless equity, or the
    /// mover's normalised cubeful equity.
    pub value: f64,
}

/// How candidate plays are compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayValuation {
    /// Cubeless money equity (points per game at cube 1): cubeless games and training.
    #[default]
    Cubeless,
    /// The mover's cubeful equity after the play, normalised (money: points per unit of cube;
    /// match: gnubg's EMG), with the mover's cube and score before the play
    /// ([`cubeful_equity_after_play`]).
    Cubeful(MatchContext),
}

impl PlayValuation {
    /// The valuation the engine plays by in the game `state` describes (the mover on roll):
    /// cubeful at the cube and score in match play; cubeless in money play (the network's own
    /// target; cubeful money play is not measured yet) and without a state (a cubeless game), or
    /// where the cube model cannot read the state (a cube above 64).
    pub fn of_state(state: Option<&MatchState>) -> PlayValuation {
        state
            .filter(|state| state.match_length > 0)
            .and_then(|state| MatchContext::from_match_state(state).ok())
            .map_or(PlayValuation::Cubeless, PlayValuation::Cubeful)
    }

    /// The value of a play for the mover: `after` is the position after it (mover's view) and
    /// `p` the mover's probabilities there.
    pub fn value(&self, after: &Position, p: &Probabilities) -> f64 {
        match self {
            PlayValuation::Cubeless => f64::from(p.equity()),
            PlayValuation::Cubeful(context) => cubeful_equity_after_play(context, after, p),
        }
    }
}

/// Every legal play of `dice` from `position`, best first by cubeless equity: all ranked at 0
/// ply, the filtered best re-evaluated at `plies` plies (see [`rank_moves_valued`]) and placed
/// first.
pub fn rank_moves(
    evaluator: &dyn Evaluator,
    position: &Position,
    dice: Dice,
    plies: u8,
) -> Vec<RankedMove> {
    rank_moves_valued(evaluator, position, dice, plies, &PlayValuation::Cubeless)
}

/// Every legal play of `dice` from `position`, best first by `valuation`: all ranked at 0 ply,
/// those the evaluator's [`Filters`](crate::filters::Filters) keep re-evaluated (at 1 ply by a 1-ply stage, the last
/// survivors at `plies` plies) and placed first, the deepest first.
pub fn rank_moves_valued(
    evaluator: &dyn Evaluator,
    position: &Position,
    dice: Dice,
    plies: u8,
    valuation: &PlayValuation,
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
            value: valuation.value(after, p),
        })
        .collect();
    sort_by_value(&mut ranked);
    if plies == 0 {
        return ranked;
    }
    let filters = evaluator.filters();
    let mut keep = kept(&ranked, &filters.zero);
    if plies >= 2
        && let Some(one) = filters.one
    {
        deepen(evaluator, &mut ranked[..keep], 1, valuation);
        keep = kept(&ranked[..keep], &one);
    }
    deepen(evaluator, &mut ranked[..keep], plies, valuation);
    ranked
}

/// Every legal play ranked as [`rank_moves_valued`] ranks them, then the first `shown` of them
/// that the filters left at a shallower lookahead re-evaluated at `plies` too and the ranking
/// sorted again, deepest first: the analysis board's ranking, where every play shown carries
/// the lookahead asked for (the plays beyond `shown` keep the ply their value came from, as
/// gnubg's move filter labels them).
pub fn rank_moves_shown(
    evaluator: &dyn Evaluator,
    position: &Position,
    dice: Dice,
    plies: u8,
    valuation: &PlayValuation,
    shown: usize,
) -> Vec<RankedMove> {
    let mut ranked = rank_moves_valued(evaluator, position, dice, plies, valuation);
    let shown = shown.min(ranked.len());
    for m in ranked[..shown].iter_mut().filter(|m| m.plies < plies) {
        deepen(evaluator, std::slice::from_mut(m), plies, valuation);
    }
    ranked.sort_by(|a, b| b.plies.cmp(&a.plies).then(b.value.total_cmp(&a.value)));
    ranked
}

/// The play leading to `after` (the mover's view) valued at `plies` plies by `valuation`.
pub fn value_play(
    evaluator: &dyn Evaluator,
    after: Position,
    plies: u8,
    valuation: &PlayValuation,
) -> RankedMove {
    let probabilities = eval_plies(evaluator, &after.swapped(), plies).flipped();
    RankedMove {
        after,
        probabilities,
        plies,
        value: valuation.value(&after, &probabilities),
    }
}

/// How many of `ranked` (best first) `filter` keeps: at least one.
fn kept(ranked: &[RankedMove], filter: &MoveFilter) -> usize {
    let Some(best) = ranked.first().map(|m| m.value) else {
        return 0;
    };
    ranked
        .iter()
        .take(filter.keep)
        .take_while(|m| m.value >= best - f64::from(filter.window))
        .count()
        .max(1)
}

/// Re-evaluates `moves` at `plies` and sorts them best first.
fn deepen(
    evaluator: &dyn Evaluator,
    moves: &mut [RankedMove],
    plies: u8,
    valuation: &PlayValuation,
) {
    for m in moves.iter_mut() {
        m.probabilities = eval_plies(evaluator, &m.after.swapped(), plies).flipped();
        m.plies = plies;
        m.value = valuation.value(&m.after, &m.probabilities);
    }
    sort_by_value(moves);
}

fn sort_by_value(moves: &mut [RankedMove]) {
    moves.sort_by(|a, b| b.value.total_cmp(&a.value));
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
