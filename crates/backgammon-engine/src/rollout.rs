//! Cubeless rollouts: play a position out many times with the 0-ply player (or the 1-ply one,
//! [`RolloutConfig::plies`]) and average the results.
//!
//! Variance reduction:
//! * the first roll is stratified: game `i` starts with roll `i mod 36` (all 36 in equal shares);
//! * a game that reaches a bearoff board stops there and scores the database's probabilities;
//! * optional luck adjustment ([`RolloutConfig::luck_adjust`]): at every ply the value of the roll
//!   actually thrown minus the average value over all 21 rolls (both at 0 ply, for the best play)
//!   is that ply's luck; the sum of the lucks is subtracted from the game's result. The average
//!   luck is zero, so the estimate stays unbiased while most of the dice noise cancels.
//!
//! The luck of a roll can be valued two ways ([`LuckEstimate`]): by the best play of the full
//! network (the default, 21 full 0-ply choices a ply) or by the evaluator's pruned reply choice
//! (for the shipped evaluator: the pruning network ranks the plays, the full network values the
//! best three). Whatever values the rolls, the average luck is zero, so the estimate stays
//! unbiased; a cheaper valuation only cancels less of the dice noise. The plays themselves are
//! the full 0-ply player's, or with [`RolloutConfig::plies`] above 0 the lookahead's
//! ([`best_move`]: the engine's own move filters), a stronger player (the luck is still valued at
//! 0 ply).
//!
//! Truncated rollouts stop after [`RolloutConfig::truncate`] plies and score the evaluator's
//! probabilities there.
//!
//! Cubeful rollouts ([`RolloutConfig::cubeful`]) play the cube as well, in money play (no Jacoby
//! rule, no beavers) from a centred cube of 1: before each roll the side on roll doubles where
//! the engine's 0-ply cube decision ([`cube_decision_at`]: Janowski's model, exact where the
//! two-sided bear-off database reaches) says so, and the other side takes or passes by the same
//! decision. A game scores its points times the cube, a pass the cube's value before the
//! double, and a game stopped early (truncated, or at a bear-off) the side on roll's cubeful
//! equity there ([`cubeful_equity_on_roll`]). Each ply's luck (the cubeless equity of the roll
//! thrown minus the average) is subtracted times the cube's value at that roll: the value is
//! fixed before the roll, so the adjustment still averages zero.

use crate::bearoff::is_bearoff;
use crate::cube::CubeState;
use crate::doubling::cube_decision_at;
use crate::eval::{Evaluator, full_width_best};
use crate::match_context::{MatchContext, cubeful_equity_on_roll};
use crate::probabilities::{Probabilities, lost};
use crate::search::best_move;
use ludus_backgammon::player::plays;
use ludus_backgammon::{DIE_FACES, Dice, DiceSource, Position, RelativeSide};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Safety limit on plies in one rollout game.
const MAX_PLIES: u32 = 10_000;
/// Rolls of two dice in order: the stratified first rolls.
const ORDERED_ROLLS: u64 = 36;

/// Settings of a rollout.
#[derive(Clone, Debug)]
pub struct RolloutConfig {
    /// Games to play.
    pub games: u64,
    /// Seed of the dice; game `i` uses its own stream.
    pub seed: u64,
    /// Stop after this many plies and score the evaluator there (`None`: play to the end).
    pub truncate: Option<u32>,
    /// Subtract the luck of every roll (21 times the work per ply, much less noise).
    pub luck_adjust: bool,
    /// How the luck of a roll is valued when `luck_adjust` is set.
    pub luck: LuckEstimate,
    /// Play the cube too (money, centred at 1 at the start; see the module's documentation):
    /// the equity of the result is then the cubeful points per game, the probabilities stay the
    /// games' cubeless chances.
    pub cubeful: bool,
    /// The checker player's lookahead: 0 (the full network's best play) or more (the engine's
    /// n-ply search, [`best_move`]); the cube, the luck and a truncated game's score stay at 0 ply.
    pub plies: u8,
}

/// How a rollout values each of the 21 rolls to measure the luck of the one thrown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LuckEstimate {
    /// The best play as the full network at 0 ply chooses it, valued by the full network: the
    /// most accurate and the costliest.
    #[default]
    FullWidth,
    /// The best play as the evaluator chooses replies inside its lookahead
    /// ([`Evaluator::best_play`]: for the shipped evaluator the pruning network ranks the plays
    /// and the full network re-scores the best few).
    Pruned,
}

impl LuckEstimate {
    /// The best play among `after` (not empty) by this estimate: its index and the mover's
    /// value of it.
    fn best(
        self,
        evaluator: &dyn Evaluator,
        after: &[Position],
        scores: &mut Vec<Probabilities>,
    ) -> (usize, Probabilities) {
        match self {
            LuckEstimate::FullWidth => full_width_best(evaluator, after, scores),
            LuckEstimate::Pruned => evaluator.best_play(after, scores),
        }
    }
}

impl Default for RolloutConfig {
    fn default() -> Self {
        RolloutConfig {
            games: 1296,
            seed: 1,
            truncate: None,
            luck_adjust: true,
            luck: LuckEstimate::FullWidth,
            cubeful: false,
            plies: 0,
        }
    }
}

/// The result of a rollout, for the side on roll.
#[derive(Clone, Copy, Debug)]
pub struct RolloutResult {
    /// Games played.
    pub games: u64,
    /// Mean probabilities.
    pub probabilities: Probabilities,
    /// Mean equity: cubeless, or cubeful points per game for a cubeful rollout.
    pub equity: f64,
    /// Standard error of the mean equity.
    pub std_error: f64,
}

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.96;

impl RolloutResult {
    /// Half the width of the 95% confidence interval of the mean equity.
    pub fn ci95(&self) -> f64 {
        Z95 * self.std_error
    }
}

/// The running sums of a rollout over some of its games ([`rollout_games`]): sums of several
/// ranges of one rollout [`merge`](RolloutSums::merge) into the sums of their union, so that a
/// long rollout can run in parts (another job between them, a stop between them).
#[derive(Clone, Copy, Debug, Default)]
pub struct RolloutSums {
    /// Games played.
    pub games: u64,
    /// Sum of the games' probabilities.
    pub probabilities: Probabilities,
    /// Sum of the games' equities (cubeless, or cubeful points for a cubeful rollout).
    pub equity: f64,
    /// Sum of their squares.
    pub equity_squared: f64,
}

impl RolloutSums {
    /// Adds the sums of other games of the same rollout.
    pub fn merge(&mut self, other: &RolloutSums) {
        self.games += other.games;
        self.probabilities.add_scaled(&other.probabilities, 1.0);
        self.equity += other.equity;
        self.equity_squared += other.equity_squared;
    }

    /// The result of the games summed: means, and the standard error of the mean equity.
    pub fn result(&self) -> RolloutResult {
        let games = self.games.max(1);
        let n = games as f64;
        let mut mean = Probabilities::default();
        mean.add_scaled(&self.probabilities, 1.0 / games as f32);
        let variance = if games > 1 {
            ((self.equity_squared - self.equity * self.equity / n) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        RolloutResult {
            games: self.games,
            probabilities: mean,
            equity: self.equity / n,
            std_error: (variance / n).sqrt(),
        }
    }
}

/// Plays games `games` (their numbers: each game has its own dice, the same whichever part it
/// runs in) of the rollout of `position` by `config`; `progress(games_done)` after each.
pub fn rollout_games(
    evaluator: &dyn Evaluator,
    position: &Position,
    config: &RolloutConfig,
    games: std::ops::Range<u64>,
    mut progress: impl FnMut(u64),
) -> RolloutSums {
    let mut sums = RolloutSums::default();
    let mut scratch = Scratch::default();
    for game in games {
        let (result, e) = play_out(evaluator, position, config, game, &mut scratch);
        sums.probabilities.add_scaled(&result, 1.0);
        sums.equity += e;
        sums.equity_squared += e * e;
        sums.games += 1;
        progress(sums.games);
    }
    sums
}

/// Rolls `position` (side on roll, before its roll) out; `progress(games_done)` after each game.
pub fn rollout(
    evaluator: &dyn Evaluator,
    position: &Position,
    config: &RolloutConfig,
    progress: impl FnMut(u64),
) -> RolloutResult {
    rollout_games(
        evaluator,
        position,
        config,
        0..config.games.max(1),
        progress,
    )
    .result()
}

#[derive(Default)]
struct Scratch {
    after: Vec<Position>,
    scores: Vec<Probabilities>,
}

/// The rollout player's play for `dice` (mover's view): the full 0-ply player's, or the
/// `plies`-ply search's.
fn best_play(
    evaluator: &dyn Evaluator,
    position: &Position,
    dice: Dice,
    plies: u8,
    s: &mut Scratch,
) -> Position {
    if plies > 0 {
        return best_move(evaluator, position, dice, plies);
    }
    plays(position, dice, &mut s.after);
    s.after[full_width_best(evaluator, &s.after, &mut s.scores).0]
}

/// One ply of a luck-adjusted game: the play chosen and the luck's two terms.
struct LuckStep {
    /// The rollout player's play for the roll thrown (mover's view).
    after: Position,
    /// The mover's value of the roll thrown, by the luck estimate.
    actual: Probabilities,
    /// The mover's average value over all 36 rolls, by the luck estimate.
    average: Probabilities,
}

/// Values every roll of `position` by `estimate` and plays `dice` as the rollout player (`plies`).
/// With [`LuckEstimate::FullWidth`] and the 0-ply player the roll thrown is one of the 21 already
/// valued, so its play is taken from there.
fn ply_with_luck(
    evaluator: &dyn Evaluator,
    position: &Position,
    dice: Dice,
    estimate: LuckEstimate,
    plies: u8,
    s: &mut Scratch,
) -> LuckStep {
    let thrown = (dice.high(), dice.low());
    let mut step = LuckStep {
        after: *position,
        actual: Probabilities::default(),
        average: Probabilities::default(),
    };
    for &(roll, weight) in &Dice::ALL_21 {
        plays(position, roll, &mut s.after);
        let (best, value) = estimate.best(evaluator, &s.after, &mut s.scores);
        step.average.add_scaled(&value, f32::from(weight) / 36.0);
        if (roll.high(), roll.low()) == thrown {
            step.actual = value;
            if estimate == LuckEstimate::FullWidth {
                step.after = s.after[best];
            }
        }
    }
    if estimate != LuckEstimate::FullWidth || plies > 0 {
        step.after = best_play(evaluator, position, dice, plies, s);
    }
    step
}

/// The first roll of game `game`: the 36 ordered rolls in turn.
fn stratified_roll(game: u64) -> Dice {
    let first = game % ORDERED_ROLLS;
    let faces = u64::from(DIE_FACES);
    let die = |n: u64| (n % faces) as u8 + 1;
    Dice::new(die(first), die(first / faces)).unwrap_or(Dice::ALL_21[0].0)
}

/// The cube of a cubeful rollout game: its value and its owner (`Some(true)`: the side that
/// started on roll).
#[derive(Clone, Copy)]
struct GameCube {
    value: u32,
    owner: Option<bool>,
}

impl GameCube {
    /// The cube as the side on roll sees it (`ours`: the side that started on roll).
    fn seen_by(self, ours: bool) -> CubeState {
        let owner = self.owner.map(|o| {
            if o == ours {
                RelativeSide::Player
            } else {
                RelativeSide::Opponent
            }
        });
        CubeState {
            value: self.value,
            owner,
        }
    }
}

/// The side on roll's cube action before its roll in a cubeful game: when it doubles and the
/// other side passes, the game's end from the side that started on roll (the cubeless chances
/// there and the points won or lost); otherwise `None`, the cube after its double and take, if
/// any.
fn cube_turn(
    evaluator: &dyn Evaluator,
    position: &Position,
    cube: &mut GameCube,
    ours: bool,
) -> Option<(Probabilities, f64)> {
    let state = cube.seen_by(ours);
    if state.owner == Some(RelativeSide::Opponent) {
        return None;
    }
    let context = MatchContext {
        cube: state,
        ..MatchContext::default()
    };
    let (p, decision) = cube_decision_at(evaluator, position, &context, 0);
    if !decision.action.is_double() {
        return None;
    }
    if !decision.is_take() {
        let points = f64::from(cube.value);
        return Some(if ours {
            (p, points)
        } else {
            (p.flipped(), -points)
        });
    }
    cube.value *= 2;
    cube.owner = Some(!ours);
    None
}

/// The value of a game stopped at `position` (side on roll `ours` or not), from the side that
/// started on roll: its cubeless probabilities, and its points — cubeless equity, or for a
/// cubeful game the result times the cube, or the side on roll's cubeful equity where the game
/// goes on.
fn stopped_value(
    evaluator: &dyn Evaluator,
    position: &Position,
    ours: bool,
    cube: Option<GameCube>,
) -> (Probabilities, f64) {
    let v = evaluator.eval_any(position);
    let points = match cube {
        None => f64::from(v.equity()),
        Some(cube) if lost(position).is_some() => f64::from(cube.value) * f64::from(v.equity()),
        Some(cube) => {
            let context = MatchContext {
                cube: cube.seen_by(ours),
                ..MatchContext::default()
            };
            cubeful_equity_on_roll(&context, position, &v).raw
        }
    };
    if ours {
        (v, points)
    } else {
        (v.flipped(), -points)
    }
}

/// One game; the (possibly luck-adjusted) result for the side on roll at the start: its
/// probabilities and its equity (cubeless, or cubeful points with [`RolloutConfig::cubeful`]).
fn play_out(
    evaluator: &dyn Evaluator,
    start: &Position,
    config: &RolloutConfig,
    game: u64,
    s: &mut Scratch,
) -> (Probabilities, f64) {
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed ^ game.wrapping_mul(0xA24B_AED4_963E_E407));
    let mut dice = stratified_roll(game);
    let mut position = *start;
    let mut cube = config.cubeful.then_some(GameCube {
        value: 1,
        owner: None,
    });
    // Luck accumulated, from the starting side's view: cubeless, and in points of the cube for a
    // cubeful game.
    let mut luck = Probabilities::default();
    let mut luck_points = 0.0;
    let mut ply = 0u32;
    let mut ours = true;
    let (mut outcome, points) = loop {
        if let Some(cube) = cube.as_mut()
            && let Some(passed) = cube_turn(evaluator, &position, cube, ours)
        {
            break passed;
        }
        let after = if config.luck_adjust {
            let step = ply_with_luck(evaluator, &position, dice, config.luck, config.plies, s);
            let (actual, average) = if ours {
                (step.actual, step.average)
            } else {
                (step.actual.flipped(), step.average.flipped())
            };
            luck.add_scaled(&actual, 1.0);
            luck.add_scaled(&average, -1.0);
            if let Some(cube) = cube {
                luck_points +=
                    f64::from(cube.value) * f64::from(actual.equity() - average.equity());
            }
            step.after
        } else {
            best_play(evaluator, &position, dice, config.plies, s)
        };
        let next = after.swapped();
        ply += 1;
        ours = !ours;
        let stop = lost(&next).is_some()
            || is_bearoff(&next)
            || config.truncate.is_some_and(|t| ply >= t)
            || ply >= MAX_PLIES;
        if stop {
            break stopped_value(evaluator, &next, ours, cube);
        }
        position = next;
        dice = rng.roll();
    };
    if config.luck_adjust {
        outcome.add_scaled(&luck, -1.0);
    }
    let points = match cube {
        // Cubeless: the equity of the adjusted probabilities.
        None => f64::from(outcome.equity()),
        Some(_) => points - luck_points,
    };
    (outcome, points)
}
