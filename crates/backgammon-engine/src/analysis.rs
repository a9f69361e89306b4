//! Post-game analysis: replay a match and measure what every checker play and cube decision
//! cost, the way gnubg marks them.
//!
//! * A checker play's loss is the equity of the best play minus that of the play made, both at
//!   the same lookahead, from the mover's view: in match play the cubeful equity at the cube and
//!   score, normalised (EMG, [`crate::match_context::cubeful_equity_after_play`]), the same units as the
//!   cube errors; in money play the cubeless equity (points per game at cube 1).
//! * A cube decision's loss is the cubeful equity of the right action minus that of the action
//!   taken, from the engine's cube model, normalised to a cube of 1 (money) or converted from
//!   match winning chances to normalised equity (match play: `2 ΔMWC / (MWC(win) − MWC(lose))`).
//! * Marks use gnubg 1.07's default thresholds (`show analysis` in gnubg): doubtful from
//!   [`DOUBTFUL`], error ("bad") from [`ERROR`], blunder ("very bad") from [`BLUNDER`].
//! * The error rate is the total loss per unforced decision, in thousandths (gnubg's "mEMG per
//!   move" style).
//!
//! The report is `serde`-serialisable for the CLI's `--json`, the web and terminal UIs.

use crate::cube::{CubeAction, CubeDecision, Met};
use crate::doubling::cube_decision_at;
use crate::eval::Evaluator;
use crate::match_context::MatchContext;
use crate::probabilities::Probabilities;
use crate::search::{PlayValuation, rank_moves_shown, value_play};
use ludus_backgammon::{CubeOwner, Game, GameEvent, Match, Move, Phase, Position, Seat};
use serde::Serialize;
use std::ops::ControlFlow;

mod review;

pub use review::{
    ALTERNATIVES, Alternative, CubeBefore, DecisionDetail, MAX_LUCK_PLIES, MatchReview, PlayerLuck,
    ReviewStopped, luck_plies, review_match, review_match_until, white_win,
};
use review::{checker_alternatives, double_alternatives, luck_of_roll, take_alternatives};

/// The doubler's cube view (decision, normalising factor, chances) and the position, kept from a
/// double until the answer.
type PendingDouble = (CubeView, Position);

/// gnubg's default "doubtful" threshold (normalised equity).
pub const DOUBTFUL: f64 = 0.030;
/// gnubg's default "bad" threshold, called an error here.
pub const ERROR: f64 = 0.060;
/// gnubg's default "very bad" threshold, called a blunder here.
pub const BLUNDER: f64 = 0.120;
/// Losses below this are rounding noise, not mistakes.
const NOISE: f64 = 1e-6;
/// Thousandths per unit, for the error rate.
const MILLI: f64 = 1000.0;

/// How bad a decision was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// Lost less than [`DOUBTFUL`].
    None,
    /// Lost at least [`DOUBTFUL`].
    Doubtful,
    /// Lost at least [`ERROR`].
    Error,
    /// Lost at least [`BLUNDER`].
    Blunder,
}

impl Mark {
    /// The mark of a loss.
    pub fn of(loss: f64) -> Mark {
        if loss >= BLUNDER {
            Mark::Blunder
        } else if loss >= ERROR {
            Mark::Error
        } else if loss >= DOUBTFUL {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }
}

/// What kind of decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// A checker play.
    Checker,
    /// Whether to double (before rolling).
    Double,
    /// Whether to take a double.
    Take,
}

/// One analysed decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    /// 0 or 1 (the `.mat` left and right columns).
    pub player: usize,
    /// Kind of decision.
    pub kind: DecisionKind,
    /// The dice of a checker play (`"31"`).
    pub dice: Option<String>,
    /// What was played: the move in gnubg notation, or `double` / `no double` / `take` / `pass`.
    pub played: String,
    /// What the engine prefers, in the same words.
    pub best: String,
    /// Normalised equity lost (≥ 0).
    pub equity_lost: f64,
    /// The mark of the loss.
    pub mark: Mark,
    /// gnubg Position ID before the decision (the decider on roll, or the doubler for a take).
    pub position_id: String,
}

/// One analysed game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameReport {
    /// 1-based game number.
    pub number: usize,
    /// Score before the game (player 0, player 1).
    pub score: [u32; 2],
    /// The winner (0 or 1) and points, if the game finished.
    pub result: Option<(usize, u32)>,
    /// Every decision analysed, in order.
    pub decisions: Vec<Decision>,
}

/// One player's totals.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct PlayerTotals {
    /// The player's name.
    pub name: String,
    /// Checker plays with more than one legal choice.
    pub unforced_moves: usize,
    /// Cube decisions counted (doubles offered, missed doubles, takes and passes).
    pub cube_decisions: usize,
    /// Equity lost in checker plays.
    pub checker_loss: f64,
    /// Equity lost in cube decisions.
    pub cube_loss: f64,
    /// Decisions marked doubtful.
    pub doubtful: usize,
    /// Decisions marked errors.
    pub errors: usize,
    /// Decisions marked blunders.
    pub blunders: usize,
    /// Thousandths of equity lost per decision (checker and cube).
    pub error_rate: f64,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchReport {
    /// Match length (0 = money session).
    pub match_length: u32,
    /// Lookahead plies of the analysis.
    pub plies: u8,
    /// The thresholds used: doubtful, error, blunder.
    pub thresholds: [f64; 3],
    /// Per player.
    pub players: [PlayerTotals; 2],
    /// Per game.
    pub games: Vec<GameReport>,
}

/// Lookahead of the post-game analysis and the game review in every front end (server, TUI,
/// `ludus backgammon analyze`): 2 plies, as gnubg's analysis defaults to. A money game of
/// about 60 decisions analyses in a few seconds on one core (docs/benchmarks.md).
pub const REVIEW_PLIES: u8 = 2;

/// Analyses every game of `record` with `evaluator` at `plies` plies.
pub fn analyze_match(record: &Match, evaluator: &dyn Evaluator, plies: u8) -> MatchReport {
    let games: Vec<GameReport> = record
        .games()
        .iter()
        .enumerate()
        .map(|(i, g)| analyze_game(i + 1, g, evaluator, plies, None, &go_on).report)
        .collect();
    match_report(record, plies, games)
}

/// The report of `games` (already analysed) of `record` at `plies`: the players' totals added up.
fn match_report(record: &Match, plies: u8, games: Vec<GameReport>) -> MatchReport {
    let mut players = [PlayerTotals::default(), PlayerTotals::default()];
    for (i, p) in players.iter_mut().enumerate() {
        p.name = record.names()[i].clone();
    }
    for decision in games.iter().flat_map(|g| &g.decisions) {
        let totals = &mut players[decision.player];
        match decision.kind {
            DecisionKind::Checker => {
                totals.unforced_moves += 1;
                totals.checker_loss += decision.equity_lost;
            }
            DecisionKind::Double | DecisionKind::Take => {
                totals.cube_decisions += 1;
                totals.cube_loss += decision.equity_lost;
            }
        }
        match decision.mark {
            Mark::None => {}
            Mark::Doubtful => totals.doubtful += 1,
            Mark::Error => totals.errors += 1,
            Mark::Blunder => totals.blunders += 1,
        }
    }
    for totals in &mut players {
        let decisions = totals.unforced_moves + totals.cube_decisions;
        if decisions > 0 {
            totals.error_rate = MILLI * (totals.checker_loss + totals.cube_loss) / decisions as f64;
        }
    }
    MatchReport {
        match_length: record.rules().match_length,
        plies,
        thresholds: [DOUBTFUL, ERROR, BLUNDER],
        players,
        games,
    }
}

/// Replays one recorded game, analysing each decision before applying it: the report, and each
/// decision's details (alternatives, cube); with `luck_plies`, also the luck of every roll
/// (each decision's, and each player's totals).
/// Asked before each event of a game analysed: [`ControlFlow::Break`] stops the analysis there
/// (a server's shutdown, a review nobody waits for, a front end's cancel key).
pub type Checkpoint<'a> = &'a dyn Fn() -> ControlFlow<()>;

/// The checkpoint that always goes on.
fn go_on() -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// One game analysed: its report, each decision's details, each player's luck, and whether
/// its checkpoint stopped it before its end.
struct GameAnalysis {
    report: GameReport,
    details: Vec<DecisionDetail>,
    luck: [PlayerLuck; 2],
    stopped: bool,
}

fn analyze_game(
    number: usize,
    game: &Game,
    evaluator: &dyn Evaluator,
    plies: u8,
    luck_plies: Option<u8>,
    checkpoint: Checkpoint,
) -> GameAnalysis {
    let mut details = Vec::new();
    let mut luck = [PlayerLuck::default(); 2];
    let mut report = GameReport {
        number,
        score: game.score(),
        result: game.outcome().map(|o| (o.winner.index(), o.points)),
        decisions: Vec::new(),
    };
    let events = game.events();
    let Some(mut replay) = start_of(game) else {
        return GameAnalysis {
            report,
            details,
            luck,
            stopped: false,
        };
    };
    let mut push = |report: &mut GameReport, found: Option<(Decision, DecisionDetail)>| {
        if let Some((decision, detail)) = found {
            report.decisions.push(decision);
            details.push(detail);
        }
    };
    let mut pending: Option<PendingDouble> = None;
    let mut stopped = false;
    for (index, event) in events.iter().enumerate() {
        if checkpoint().is_break() {
            stopped = true;
            break;
        }
        let step = match *event {
            GameEvent::Turn { seat, dice, play } => {
                let rolled = index == 0 && matches!(replay.phase(), Phase::Moving(_));
                if !rolled {
                    if replay.phase() == Phase::AwaitingRoll {
                        let found = cube_decision(&replay, seat, false, evaluator, plies);
                        push(&mut report, found);
                    }
                    if replay.roll_with(dice).is_err() {
                        break;
                    }
                }
                let roll_luck = luck_plies.map(|luck_plies| {
                    let opening = rolled && game.setup().is_none();
                    luck_of_roll(evaluator, &replay, dice, luck_plies, opening)
                });
                if let Some(value) = roll_luck {
                    luck[seat.index()].add(value);
                }
                let Some(mv) = play else { break };
                let found = checker_decision(&replay, seat, &mv, evaluator, plies);
                push(
                    &mut report,
                    found.map(|(d, detail)| {
                        (
                            d,
                            DecisionDetail {
                                luck: roll_luck,
                                ..detail
                            },
                        )
                    }),
                );
                replay.play(&mv)
            }
            GameEvent::Double { seat, .. } => {
                let found = cube_decision(&replay, seat, true, evaluator, plies);
                push(&mut report, found);
                pending =
                    cube_view(&replay, evaluator, plies).map(|view| (view, replay.position()));
                replay.double()
            }
            GameEvent::Take { seat } | GameEvent::Beaver { seat, .. } => {
                let found = take_decision(&replay, pending.as_ref(), (seat, true), plies);
                push(&mut report, found);
                if matches!(event, GameEvent::Beaver { .. }) {
                    replay.beaver()
                } else {
                    replay.take()
                }
            }
            GameEvent::Pass { seat } => {
                let found = take_decision(&replay, pending.as_ref(), (seat, false), plies);
                push(&mut report, found);
                replay.pass()
            }
            GameEvent::Resign { seat, kind } => replay.resign(seat, kind),
            GameEvent::AcceptResignation { .. } => replay.accept_resignation(),
            GameEvent::RejectResignation { .. } => replay.reject_resignation(),
        };
        if step.is_err() {
            break;
        }
    }
    GameAnalysis {
        report,
        details,
        luck,
        stopped,
    }
}

/// A fresh copy of `game` at its start: its set-up position ([`Game::setup`]), or the opening
/// roll its first event records; `None` for a game from the opening with no event yet.
fn start_of(game: &Game) -> Option<Game> {
    if let Some(setup) = game.setup() {
        return Some(Game::from_setup(
            game.rules(),
            game.score(),
            game.is_crawford(),
            setup,
        ));
    }
    let Some(GameEvent::Turn {
        seat: first,
        dice: opening,
        ..
    }) = game.events().first()
    else {
        return None;
    };
    Some(Game::with_opening(
        game.rules(),
        game.score(),
        game.is_crawford(),
        *first,
        *opening,
    ))
}

/// The equity lost by playing `mv`, with the top alternatives; `None` for a forced play.
fn checker_decision(
    game: &Game,
    seat: Seat,
    mv: &Move,
    evaluator: &dyn Evaluator,
    plies: u8,
) -> Option<(Decision, DecisionDetail)> {
    let Phase::Moving(dice) = game.phase() else {
        return None;
    };
    let position = game.position();
    let legal = position.legal_moves_with_positions(dice);
    if legal.len() <= 1 {
        return None;
    }
    let played_after = position.apply(mv);
    let state = game.match_state();
    // One measure and one depth for every number of the decision: the engine's own measure of
    // plays (cubeful equity in a match, cubeless in money play: [`PlayValuation::of_state`]),
    // the shown plays and the play made all valued at the review's plies, the loss the table's
    // difference; the hint, playing by the same measure, never loses by it.
    let valuation = PlayValuation::of_state(Some(&state));
    let ranked = rank_moves_shown(evaluator, &position, dice, plies, &valuation, ALTERNATIVES);
    let best = ranked.first()?;
    let played = ranked
        .iter()
        .take(ALTERNATIVES)
        .find(|m| m.after == played_after)
        .copied()
        .unwrap_or_else(|| value_play(evaluator, played_after, plies, &valuation));
    let loss = (best.value - played.value).max(0.0);
    let best_text = legal
        .iter()
        .find(|(_, after)| *after == best.after)
        .map_or_else(String::new, |(m, _)| m.to_string());
    let alternatives = checker_alternatives(&ranked, &legal, &played);
    let made = decision(
        seat,
        DecisionKind::Checker,
        Some(dice.to_string()),
        mv.to_string(),
        best_text,
        loss,
        &position,
    );
    Some((made, DecisionDetail::new(game, alternatives)))
}

fn decision(
    seat: Seat,
    kind: DecisionKind,
    dice: Option<String>,
    played: String,
    best: String,
    loss: f64,
    position: &Position,
) -> Decision {
    let loss = if loss < NOISE { 0.0 } else { loss };
    Decision {
        player: seat.index(),
        kind,
        dice,
        played,
        best,
        equity_lost: loss,
        mark: Mark::of(loss),
        position_id: position.position_id(),
    }
}

/// The doubler's view of the cube before a double: the decision, the factor that turns its units
/// into normalised equity, and the doubler's chances the decision was made from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CubeView {
    /// The engine's cube decision, in the payoff's units.
    pub(crate) decision: CubeDecision,
    /// Turns a difference of those units into a difference of normalised equity.
    pub(crate) factor: f64,
    /// With `factor`, turns a value of those units into normalised equity
    /// ([`CubeView::normalised`]).
    pub(crate) offset: f64,
    /// The doubler's chances.
    pub(crate) chances: Probabilities,
}

/// The doubler's [`CubeView`] before a double; `None` where no double is available.
fn cube_view(game: &Game, evaluator: &dyn Evaluator, plies: u8) -> Option<CubeView> {
    if game.double_refusal().is_some() {
        return None;
    }
    let mut state = game.match_state();
    state.dice = None;
    let context = MatchContext::from_match_id(&state.match_id().ok()?).ok()?;
    let (chances, d) = cube_decision_at(evaluator, &game.position(), &context, plies);
    if d.action == CubeAction::NoDoubleAvailable {
        return None;
    }
    let met = Met::get();
    let payoff = context.payoff(met);
    let value = context.cube.value;
    let spread = payoff.win(value) - payoff.lose(value);
    let factor = if spread > 0.0 { 2.0 / spread } else { 0.0 };
    // normalised = 2 (raw − lose) / spread − 1, as `normalised_equity` maps it.
    let offset = if spread > 0.0 {
        -payoff.lose(value) * factor - 1.0
    } else {
        0.0
    };
    Some(CubeView {
        decision: d,
        factor,
        offset,
        chances,
    })
}

impl CubeView {
    /// A value in the payoff's units (money: points; match: match-winning chance) as the
    /// doubler's normalised equity: losing or winning a single game at the current cube is −1 or
    /// +1, so double/pass is +1 in money and match play alike.
    pub(crate) fn normalised(&self, raw: f64) -> f64 {
        raw * self.factor + self.offset
    }
}

/// The doubler's decision (`doubled`: it doubled; otherwise it rolled without doubling).
fn cube_decision(
    game: &Game,
    seat: Seat,
    doubled: bool,
    evaluator: &dyn Evaluator,
    plies: u8,
) -> Option<(Decision, DecisionDetail)> {
    let view = cube_view(game, evaluator, plies)?;
    let (d, factor) = (view.decision, view.factor);
    let double_value = d.double_take.min(d.double_pass);
    let should_double = double_value > d.no_double;
    if !doubled && !should_double {
        // A correct "no double" far from the doubling window is not counted as a decision.
        return None;
    }
    let right = d.no_double.max(double_value);
    let taken = if doubled { double_value } else { d.no_double };
    let words = |double: bool| if double { "double" } else { "no double" };
    let made = decision(
        seat,
        DecisionKind::Double,
        None,
        words(doubled).to_string(),
        words(should_double).to_string(),
        (right - taken) * factor,
        &game.position(),
    );
    let alternatives = double_alternatives(&view, doubled, plies);
    let redouble = game.match_state().cube_owner != CubeOwner::Centered;
    let detail = DecisionDetail {
        cube_action: Some(d.action.code(redouble)),
        ..DecisionDetail::new(game, alternatives)
    };
    Some((made, detail))
}

/// The doubled player's decision (`took`: take or beaver; otherwise pass), from the doubler's
/// cube view recorded before the double; `game` is the game with the double pending.
fn take_decision(
    game: &Game,
    pending: Option<&PendingDouble>,
    (seat, took): (Seat, bool),
    plies: u8,
) -> Option<(Decision, DecisionDetail)> {
    let (view, position) = pending?;
    let (d, factor) = (&view.decision, view.factor);
    let best_for_taker = d.double_take.min(d.double_pass);
    let taken = if took { d.double_take } else { d.double_pass };
    let words = |take: bool| if take { "take" } else { "pass" };
    let made = decision(
        seat,
        DecisionKind::Take,
        None,
        words(took).to_string(),
        words(d.double_take <= d.double_pass).to_string(),
        (taken - best_for_taker) * factor,
        position,
    );
    let alternatives = take_alternatives(view, took, plies);
    Some((made, DecisionDetail::new(game, alternatives)))
}
