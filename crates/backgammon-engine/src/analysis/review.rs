//! The review's view of a match: every decision of [`analyze_match`](super::analyze_match) with
//! its top alternatives (a checker play's best plays, a cube decision's whole cube table), the
//! cube before it, and the luck of each roll.
//!
//! * An alternative's `equity` is the decider's cubeful equity, normalised as the losses are
//!   (money: points per unit of cube; match: EMG), from the engine's cube model
//!   ([`cubeful_equity_after_play`] for a checker play); `difference` is its distance to the
//!   best alternative listed (≤ 0); `chances` are the decider's win, gammon and backgammon
//!   chances (`[win, win_gammon, win_backgammon, lose_gammon, lose_backgammon]`); `plies` the
//!   lookahead the alternative was valued at (0 for a play the filters dropped).
//! * The luck of a roll is the value of the best play of the roll made minus the average over
//!   the 36 rolls (30 for the opening roll, which cannot be a double), in the same normalised
//!   units, from the roller's view, valued at [`luck_plies`] (the review's lookahead, at most
//!   [`MAX_LUCK_PLIES`]: each roll values 21 rolls). gnubg's definition of luck.

use super::{Checkpoint, CubeView, GameReport, MatchReport, analyze_game, match_report};
use crate::eval::Evaluator;
use crate::probabilities::Probabilities;
use crate::search::{PlayValuation, RankedMove, rank_moves_valued};
use ludus_backgammon::{CubeOwner, Dice, Game, Match, Move, Position, Xgid};
use serde::Serialize;
use std::ops::ControlFlow;

/// How many checker plays a decision lists (the play made is added when it is not among them).
pub const ALTERNATIVES: usize = 5;
/// The deepest lookahead of the luck (each roll values the best play of all 21 rolls).
pub const MAX_LUCK_PLIES: u8 = 1;

/// The lookahead the luck of a review at `plies` is valued at.
pub fn luck_plies(plies: u8) -> u8 {
    plies.min(MAX_LUCK_PLIES)
}

/// One alternative of a decision: a play, or an action of the cube table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Alternative {
    /// The play in gnubg notation, or `no double`, `double, take`, `double, pass`, `take`, `pass`.
    pub action: String,
    /// The decider's cubeful equity, normalised.
    pub equity: f64,
    /// `equity` minus the best alternative's (0 for the best, negative for the others).
    pub difference: f64,
    /// The decider's chances: win, win a gammon, win a backgammon, lose a gammon, lose a
    /// backgammon.
    pub chances: [f64; 5],
    /// The lookahead the alternative was valued at.
    pub plies: u8,
    /// Whether this is what was played.
    pub played: bool,
}

/// The cube before a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CubeBefore {
    /// Its value (1 while centred and never turned).
    pub value: u32,
    /// Its owner (0 or 1), `None` while centred.
    pub owner: Option<usize>,
}

/// What a review adds to a decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionDetail {
    /// The top alternatives, best first.
    pub alternatives: Vec<Alternative>,
    /// The cube before the decision.
    pub cube: CubeBefore,
    /// The luck of the roll of a checker play (`None` for a cube decision).
    pub luck: Option<f64>,
    /// Player 0's (White's, the `.mat` file's left column) cubeless chance to win before the
    /// decision, from the position its decider (the doubler, for a take) had on roll: the
    /// review's graph.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_win: Option<f64>,
    /// The position and match state before the decision as an XGID (the decider on roll; for a
    /// take, the doubler on roll with the double offered): what an analysis board reads.
    pub xgid: String,
    /// A double decision's proper action as gnubg names it, a stable code
    /// ([`CubeAction::code`](crate::cube::CubeAction::code): "too-good-to-redouble-pass",
    /// "no-double-take", …); `None` for other decisions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cube_action: Option<String>,
}

impl DecisionDetail {
    /// The details of a decision made in `game` (before it is applied).
    pub(super) fn new(game: &Game, alternatives: Vec<Alternative>) -> DecisionDetail {
        let state = game.match_state();
        DecisionDetail {
            alternatives,
            cube: CubeBefore {
                value: state.cube_value,
                owner: match state.cube_owner {
                    CubeOwner::Centered => None,
                    CubeOwner::Owned(seat) => Some(seat.index()),
                },
            },
            luck: None,
            white_win: None,
            xgid: Xgid::new(game.position(), state).to_string(),
            cube_action: None,
        }
    }
}

/// Player 0's chance to win before `decision` (see [`DecisionDetail::white_win`]); `None` when
/// its Position ID does not read.
pub fn white_win(evaluator: &dyn Evaluator, decision: &super::Decision) -> Option<f64> {
    let position = Position::from_position_id(&decision.position_id).ok()?;
    let on_roll = match decision.kind {
        super::DecisionKind::Take => 1 - decision.player,
        super::DecisionKind::Checker | super::DecisionKind::Double => decision.player,
    };
    let win = f64::from(evaluator.eval_any(&position).win);
    Some(if on_roll == 0 { win } else { 1.0 - win })
}

/// One player's luck over a match.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct PlayerLuck {
    /// Rolls counted (forced ones included).
    pub rolls: usize,
    /// The sum of the luck of those rolls.
    pub total: f64,
}

impl PlayerLuck {
    /// Counts one roll's luck.
    pub(super) fn add(&mut self, luck: f64) {
        self.rolls += 1;
        self.total += luck;
    }
}

/// A match reviewed: the analysis report, each decision's details, each player's luck.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReview {
    /// The analysis report (as [`analyze_match`](super::analyze_match) makes it).
    pub report: MatchReport,
    /// Per game, per decision (in the report's order): the details.
    pub details: Vec<Vec<DecisionDetail>>,
    /// The luck of player 0 and player 1.
    pub luck: [PlayerLuck; 2],
    /// The lookahead of the luck.
    pub luck_plies: u8,
}

/// Reviews every game of `record` with `evaluator` at `plies` plies (see the module).
pub fn review_match(record: &Match, evaluator: &dyn Evaluator, plies: u8) -> MatchReview {
    let always = || ControlFlow::Continue(());
    match review_match_until(record, evaluator, plies, &always) {
        Ok(review) => review,
        Err(ReviewStopped { partial }) => *partial,
    }
}

/// A review stopped by its checkpoint before its end.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("the review was stopped after {} decisions", partial_decisions(&self.partial))]
pub struct ReviewStopped {
    /// What was reviewed before the stop.
    pub partial: Box<MatchReview>,
}

fn partial_decisions(review: &MatchReview) -> usize {
    review.details.iter().map(Vec::len).sum()
}

/// As [`review_match`], asking `checkpoint` before each event (a roll, a play, a cube action)
/// whether to go on; stopped, it answers what it reviewed so far as [`ReviewStopped`].
pub fn review_match_until(
    record: &Match,
    evaluator: &dyn Evaluator,
    plies: u8,
    checkpoint: Checkpoint,
) -> Result<MatchReview, ReviewStopped> {
    let luck_plies = luck_plies(plies);
    let mut luck = [PlayerLuck::default(); 2];
    let mut games: Vec<GameReport> = Vec::new();
    let mut details = Vec::new();
    let mut stopped = false;
    for (i, game) in record.games().iter().enumerate() {
        let mut analysis =
            analyze_game(i + 1, game, evaluator, plies, Some(luck_plies), checkpoint);
        for (detail, decision) in analysis.details.iter_mut().zip(&analysis.report.decisions) {
            detail.white_win = white_win(evaluator, decision);
        }
        for (total, add) in luck.iter_mut().zip(analysis.luck) {
            total.rolls += add.rolls;
            total.total += add.total;
        }
        games.push(analysis.report);
        details.push(analysis.details);
        if analysis.stopped {
            stopped = true;
            break;
        }
    }
    let review = MatchReview {
        report: match_report(record, plies, games),
        details,
        luck,
        luck_plies,
    };
    if stopped {
        Err(ReviewStopped {
            partial: Box::new(review),
        })
    } else {
        Ok(review)
    }
}

/// The luck of rolling `dice` in `game` (the roller on roll, the dice already rolled): the
/// value of the best play of `dice` minus the average over the rolls (no doubles at the
/// `opening`).
pub(super) fn luck_of_roll(
    evaluator: &dyn Evaluator,
    game: &Game,
    dice: Dice,
    plies: u8,
    opening: bool,
) -> f64 {
    let position = game.position();
    let state = game.match_state();
    let valuation = PlayValuation::of_state(Some(&state));
    let value = |roll: Dice| best_value(evaluator, &position, roll, plies, &valuation);
    let (mut total, mut weight, mut rolled) = (0.0, 0.0, None);
    for &(roll, times) in &Dice::ALL_21 {
        if opening && roll.is_double() {
            continue;
        }
        let roll_value = value(roll);
        if roll.normalized() == dice.normalized() {
            rolled = Some(roll_value);
        }
        total += f64::from(times) * roll_value;
        weight += f64::from(times);
    }
    rolled.unwrap_or_else(|| value(dice)) - total / weight
}

/// The value of the best play of `dice` for the side on roll of `position`.
fn best_value(
    evaluator: &dyn Evaluator,
    position: &Position,
    dice: Dice,
    plies: u8,
    valuation: &PlayValuation,
) -> f64 {
    rank_moves_valued(evaluator, position, dice, plies, valuation)
        .first()
        .map_or(0.0, |m| m.value)
}

/// The decider's chances as an alternative lists them.
fn chances(p: &Probabilities) -> [f64; 5] {
    [
        p.win,
        p.win_gammon,
        p.win_backgammon,
        p.lose_gammon,
        p.lose_backgammon,
    ]
    .map(f64::from)
}

/// The top [`ALTERNATIVES`] of `ranked` (best first, all at the review's plies), and the play
/// made where it is not among them (valued at the same plies), each with the value it was
/// ranked by: the table's equities and differences are the decision's own numbers.
pub(super) fn checker_alternatives(
    ranked: &[RankedMove],
    legal: &[(Move, Position)],
    played: &RankedMove,
) -> Vec<Alternative> {
    let mut shown: Vec<&RankedMove> = ranked.iter().take(ALTERNATIVES).collect();
    if !shown.iter().any(|m| m.after == played.after) {
        shown.push(played);
    }
    let best = shown.first().map_or(0.0, |m| m.value);
    shown
        .into_iter()
        .map(|m| Alternative {
            action: legal
                .iter()
                .find(|(_, after)| *after == m.after)
                .map_or_else(String::new, |(mv, _)| mv.to_string()),
            equity: m.value,
            difference: m.value - best,
            chances: chances(&m.probabilities),
            plies: m.plies,
            played: m.after == played.after,
        })
        .collect()
}

/// Actions with their equities: the best (highest) first when `sorted`, differences to `right`
/// (the best action's equity).
fn actions_table(
    mut actions: Vec<(&str, f64)>,
    played: &str,
    p: &Probabilities,
    plies: u8,
    right: Option<f64>,
) -> Vec<Alternative> {
    if right.is_none() {
        actions.sort_by(|a, b| b.1.total_cmp(&a.1));
    }
    let best = right.unwrap_or_else(|| actions.first().map_or(0.0, |a| a.1));
    actions
        .into_iter()
        .map(|(action, equity)| Alternative {
            action: action.to_string(),
            equity,
            difference: equity - best,
            chances: chances(p),
            plies,
            played: action == played,
        })
        .collect()
}

/// The doubler's cube table in gnubg's order (no double, double/take, double/pass), in the
/// doubler's normalised equity; the differences are to the right action, the better of no
/// double and the double as the opponent should answer it (the smaller of take and pass). A
/// double made is listed as answered rightly.
pub(super) fn double_alternatives(view: &CubeView, doubled: bool, plies: u8) -> Vec<Alternative> {
    let d = &view.decision;
    let answered = if d.double_take <= d.double_pass {
        "double, take"
    } else {
        "double, pass"
    };
    let right = view.normalised(d.no_double.max(d.double_take.min(d.double_pass)));
    actions_table(
        vec![
            ("no double", view.normalised(d.no_double)),
            ("double, take", view.normalised(d.double_take)),
            ("double, pass", view.normalised(d.double_pass)),
        ],
        if doubled { answered } else { "no double" },
        &view.chances,
        plies,
        Some(right),
    )
}

/// The doubled side's choice: take or pass, in its own normalised equity.
pub(super) fn take_alternatives(view: &CubeView, took: bool, plies: u8) -> Vec<Alternative> {
    let d = &view.decision;
    let played = if took { "take" } else { "pass" };
    actions_table(
        vec![
            ("take", -view.normalised(d.double_take)),
            ("pass", -view.normalised(d.double_pass)),
        ],
        played,
        &view.chances.flipped(),
        plies,
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NetEvaluator;
    use ludus_backgammon::{Rules, Seat};

    /// The luck of every roll, weighted by how often it comes, adds up to nothing.
    fn weighted_luck(game: &Game, opening: bool) -> (f64, f64) {
        let evaluator = NetEvaluator::shipped();
        let mut total = 0.0;
        let mut best = f64::MIN;
        for &(roll, times) in &Dice::ALL_21 {
            if opening && roll.is_double() {
                continue;
            }
            let luck = luck_of_roll(&evaluator, game, roll, 0, opening);
            total += f64::from(times) * luck;
            best = best.max(luck);
        }
        (total, best)
    }

    #[test]
    fn luck_averages_to_nothing_over_the_rolls() {
        let game = Game::with_opening(
            Rules::default(),
            [0, 0],
            false,
            Seat::Zero,
            "31".parse().unwrap(),
        );
        let (total, best) = weighted_luck(&game, true);
        assert!(total.abs() < 1e-9, "{total}");
        assert!(best > 0.0);
        let evaluator = NetEvaluator::shipped();
        let opening_31 = luck_of_roll(&evaluator, &game, "31".parse().unwrap(), 0, true);
        assert!(opening_31 > 0.0, "31 is a good opening roll: {opening_31}");
        let (doubles_too, _) = weighted_luck(&game, false);
        assert!(doubles_too.abs() < 1e-9, "{doubles_too}");
    }
}
