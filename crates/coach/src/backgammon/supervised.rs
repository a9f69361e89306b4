//! Supervised training on positions labelled by the engine's own lookahead (the way strong
//! backgammon networks were trained after self-play: on positions valued more accurately than
//! the network values them).
//!
//! Two steps, so the expensive one runs once and the cheap one can be repeated:
//!
//! 1. [`game_samples`] plays one seeded self-play game at 0 ply with equity noise (so the games
//!    leave the network's own lines) and returns the positions to label: every position on roll
//!    before the bearoff, and with probability [`ALTERNATIVE_CHANCE`] also the position after a
//!    random other play among the best few (so the network learns the plays it must rank, not
//!    only those it makes). [`label`] values a position at `plies` plies of lookahead,
//!    [`label_rollout`] by a luck-adjusted rollout.
//! 2. [`train_supervised`] trains a network on labelled positions for several passes (epochs),
//!    shuffled each pass from a seed, the learning rate decaying linearly, and reports the error
//!    on a held-out part after each pass.
//!
//! Everything is reproducible: game `k` of seed `s` draws its dice and noise from ChaCha8 seeded
//! with `(s, k)`, and the shuffles from `seed`.

use ludus_backgammon::player::plays;
use ludus_backgammon::{Dice, DiceSource, Position};
use ludus_backgammon_engine::bearoff::is_bearoff;
use ludus_backgammon_engine::classes::PositionClass;
use ludus_backgammon_engine::cube::CubeDecision;
use ludus_backgammon_engine::doubling::cube_decision_at;
use ludus_backgammon_engine::encoding::SparseInputs;
use ludus_backgammon_engine::eval::Evaluator;
use ludus_backgammon_engine::match_context::MatchContext;
use ludus_backgammon_engine::net::Net;
use ludus_backgammon_engine::probabilities::{Probabilities, argmax_equity, lost};
use ludus_backgammon_engine::rollout::{LuckEstimate, RolloutConfig, rollout};
use ludus_backgammon_engine::search::{eval_plies, rank_moves};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Chance that a decision also yields the position after another of the best plays.
pub const ALTERNATIVE_CHANCE: f64 = 0.5;
/// The other play is drawn from this many best plays (by the network at 0 ply).
pub const ALTERNATIVE_TOP: usize = 6;

/// A position (side on roll first) and its value for the side on roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelledPosition {
    /// The position, side on roll first.
    pub position: Position,
    /// Its value for the side on roll.
    pub target: Probabilities,
}

/// The dice and noise of one game.
fn game_rng(seed: u64, game: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ game)
}

/// The positions of self-play game `game` of `seed` worth labelling (see the module docs):
/// `evaluator` plays every move at 0 ply with uniform equity noise in `±noise`.
pub fn game_samples(evaluator: &dyn Evaluator, seed: u64, game: u64, noise: f32) -> Vec<Position> {
    let mut samples = Vec::new();
    self_play(evaluator, seed, game, noise, |decision, rng| {
        if !is_bearoff(decision.position) {
            samples.push(*decision.position);
        }
        let after = decision.after;
        if after.len() > 1 && rng.random_bool(ALTERNATIVE_CHANCE) {
            let order = ranked(decision.scores);
            let other = order[rng.random_range(1..order.len().min(ALTERNATIVE_TOP))];
            push_unfinished(&mut samples, &after[other]);
        }
    });
    samples
}

/// The race positions among [`game_samples`]'s for game `game` of `seed`: no contact left (the
/// race network's class, [`PositionClass::Race`]) and outside the bear-off database, in the
/// same order. Where gnubg trains its race network on rollouts, these are the positions to roll
/// out for Ludus's.
pub fn race_samples(evaluator: &dyn Evaluator, seed: u64, game: u64, noise: f32) -> Vec<Position> {
    let mut samples = game_samples(evaluator, seed, game, noise);
    samples.retain(|p| PositionClass::of(p) == PositionClass::Race);
    samples
}

/// The positions on roll of self-play game `game` of `seed` (played as [`game_samples`] plays
/// it) whose money cube decision is close, by the evaluator's 0-ply cube model with a centred
/// cube: no double within `window` of the better of double/take and double/pass (a double
/// or not), or double/take within `window` of double/pass (a take or a pass), in points at the
/// cube's value. There a network's chances decide the cube action, so these are the positions
/// whose chances rollouts should calibrate (gnubg re-labelled such positions by rollouts).
/// Positions in the bear-off database (exact there) are left out.
pub fn close_cube_samples(
    evaluator: &dyn Evaluator,
    seed: u64,
    game: u64,
    noise: f32,
    window: f64,
) -> Vec<Position> {
    let mut samples = Vec::new();
    let money = MatchContext::default();
    self_play(evaluator, seed, game, noise, |decision, _| {
        let position = decision.position;
        if is_bearoff(position) {
            return;
        }
        let (_, cube) = cube_decision_at(evaluator, position, &money, 0);
        if is_close(&cube, window) {
            samples.push(*position);
        }
    });
    samples
}

/// True when a cube decision is within `window` of changing: no double against the doubled
/// cube's value, or double/take against double/pass.
pub fn is_close(cube: &CubeDecision, window: f64) -> bool {
    let doubled = cube.double_take.min(cube.double_pass);
    (cube.no_double - doubled).abs() < window
        || (cube.double_take - cube.double_pass).abs() < window
}

/// The positions of self-play game `game` of `seed` (played as [`game_samples`] plays it) where
/// the evaluator's 0 ply and its 2 plies disagree: at every decision where the play 2 plies
/// choose is worth at least `threshold` more at 2 plies than the play 0 ply chooses (or the
/// lookahead dropped that play before its last stage), both positions after them (gnubg's way
/// of finding where a network is wrong).
pub fn disagreement_samples(
    evaluator: &dyn Evaluator,
    seed: u64,
    game: u64,
    noise: f32,
    threshold: f64,
) -> Vec<Position> {
    let mut samples = Vec::new();
    self_play(evaluator, seed, game, noise, |decision, _| {
        if decision.after.len() < 2 {
            return;
        }
        let quick = decision.after[argmax_equity(decision.scores)];
        let deep = rank_moves(evaluator, decision.position, decision.dice, 2);
        let Some(chosen) = deep.iter().find(|m| m.after == quick) else {
            return;
        };
        // A 0-ply choice the lookahead's filters dropped before its last stage is far worse.
        let pruned = chosen.plies < deep[0].plies;
        if deep[0].after != quick && (pruned || deep[0].value - chosen.value >= threshold) {
            push_unfinished(&mut samples, &deep[0].after);
            push_unfinished(&mut samples, &quick);
        }
    });
    samples
}

/// The positions after the `top` best plays (by the evaluator at 0 ply) of every decision of
/// self-play game `game` of `seed` (played as [`game_samples`] plays it), swapped to the side
/// on roll, finished games and bear-off positions left out, each with the number of its decision
/// in the game (counting every decision): a decision's plays side by side, so that labels teach
/// the network to rank the candidates it must choose among (the 0-ply errors are between such
/// siblings, not between unrelated positions). Decisions with one play give none.
pub fn sibling_samples(
    evaluator: &dyn Evaluator,
    seed: u64,
    game: u64,
    noise: f32,
    top: usize,
) -> Vec<(u64, Position)> {
    let mut samples = Vec::new();
    let mut number = 0u64;
    self_play(evaluator, seed, game, noise, |decision, _| {
        let mut candidates = Vec::new();
        if decision.after.len() >= 2 {
            for &index in ranked(decision.scores).iter().take(top) {
                push_unfinished(&mut candidates, &decision.after[index]);
            }
        }
        samples.extend(candidates.into_iter().map(|p| (number, p)));
        number += 1;
    });
    samples
}

/// Pushes the position after a play (mover's view), swapped to the side on roll, unless the
/// game is over or in the bearoff.
fn push_unfinished(samples: &mut Vec<Position>, after: &Position) {
    let next = after.swapped();
    if lost(&next).is_none() && !is_bearoff(&next) {
        samples.push(next);
    }
}

/// One decision of a self-play game: the position on roll, its dice, the plays and their 0-ply
/// values for the mover.
struct Decision<'a> {
    position: &'a Position,
    dice: Dice,
    after: &'a [Position],
    scores: &'a [Probabilities],
}

/// Plays self-play game `game` of `seed` at 0 ply with equity noise, calling `visit` at each
/// decision (after the noisy choice is drawn) with the game's random stream.
fn self_play(
    evaluator: &dyn Evaluator,
    seed: u64,
    game: u64,
    noise: f32,
    mut visit: impl FnMut(&Decision, &mut ChaCha8Rng),
) {
    let mut rng = game_rng(seed, game);
    let mut position = Position::starting();
    let mut dice = rng.opening_roll();
    let (mut after, mut scores) = (Vec::new(), Vec::new());
    loop {
        plays(&position, dice, &mut after);
        evaluator.eval_after_moves(&after, &mut scores);
        let noisy = noisy_best(&scores, noise, &mut rng);
        let decision = Decision {
            position: &position,
            dice,
            after: &after,
            scores: &scores,
        };
        visit(&decision, &mut rng);
        let next = after[noisy].swapped();
        if lost(&next).is_some() {
            return;
        }
        position = next;
        dice = rng.roll();
    }
}

/// Indices of `scores`, best equity first.
fn ranked(scores: &[Probabilities]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| scores[b].equity().total_cmp(&scores[a].equity()));
    order
}

/// The best of `scores` after adding uniform noise in `±noise` to each equity.
fn noisy_best(scores: &[Probabilities], noise: f32, rng: &mut ChaCha8Rng) -> usize {
    let mut best = (0, f32::NEG_INFINITY);
    for (i, p) in scores.iter().enumerate() {
        let jitter = if noise > 0.0 {
            rng.random_range(-noise..noise)
        } else {
            0.0
        };
        if p.equity() + jitter > best.1 {
            best = (i, p.equity() + jitter);
        }
    }
    best.0
}

/// The value of `position` for the side on roll at `plies` plies of `evaluator`'s lookahead.
pub fn label(evaluator: &dyn Evaluator, position: &Position, plies: u8) -> LabelledPosition {
    LabelledPosition {
        position: *position,
        target: eval_plies(evaluator, position, plies),
    }
}

/// How [`label_rollout`] values a position: a luck-adjusted rollout played by the evaluator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolloutLabel {
    /// Games rolled out for each position.
    pub games: u64,
    /// Stop each game after this many plies and use the evaluator there (`None`: to the end).
    pub truncate: Option<u32>,
    /// How the rollout values the luck of each roll.
    pub luck: LuckEstimate,
    /// The rollout player's lookahead (0: the full network's best play).
    pub plies: u8,
}

/// The value of `position` for the side on roll from a luck-adjusted rollout played by
/// `evaluator` at `how.plies` (game to the end unless truncated): values that come from
/// played-out games, so they do not inherit the network's systematic errors the way its own
/// lookahead does. Position `index` of game `game` of `seed` rolls its own dice, so the label is
/// reproducible.
pub fn label_rollout(
    evaluator: &dyn Evaluator,
    position: &Position,
    how: RolloutLabel,
    seed: u64,
    game: u64,
    index: u64,
) -> LabelledPosition {
    let config = RolloutConfig {
        games: how.games,
        seed: game_rng(seed, game).random::<u64>() ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15),
        truncate: how.truncate,
        luck_adjust: true,
        luck: how.luck,
        cubeful: false,
        plies: how.plies,
    };
    let result = rollout(evaluator, position, &config, |_| {});
    LabelledPosition {
        position: *position,
        target: result.probabilities.clamped(),
    }
}

/// Settings of [`train_supervised`].
#[derive(Clone, Debug)]
pub struct SupervisedConfig {
    /// Seed of the shuffles.
    pub seed: u64,
    /// Passes over the training part.
    pub epochs: u32,
    /// Learning rate of the first pass.
    pub rate: f32,
    /// Learning rate at the end of the last pass (linear decay per position).
    pub final_rate: f32,
}

/// The error of a network on labelled positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FitError {
    /// Mean absolute error of the cubeless equity.
    pub equity: f64,
    /// Root mean square error of the five outputs.
    pub outputs: f64,
}

/// How well `net` fits `data` (an empty set fits perfectly).
pub fn fit_error(net: &Net, data: &[LabelledPosition]) -> FitError {
    if data.is_empty() {
        return FitError::default();
    }
    let mut x = SparseInputs::new();
    let mut h = vec![0.0; net.scratch_len()];
    let (mut equity, mut squares) = (0.0f64, 0.0f64);
    for sample in data {
        net.encode(&sample.position, &mut x);
        let y = Probabilities::from_outputs(net.forward(&x, &mut h));
        equity += f64::from((y.equity() - sample.target.equity()).abs());
        let (y, t) = (y.to_array(), sample.target.to_array());
        squares += y
            .iter()
            .zip(&t)
            .map(|(a, b)| f64::from(a - b).powi(2))
            .sum::<f64>();
    }
    let n = data.len() as f64;
    FitError {
        equity: equity / n,
        outputs: (squares / (5.0 * n)).sqrt(),
    }
}

/// Trains `net` on `train` for `config.epochs` passes; after each pass calls
/// `progress(net, pass, error on held_out)`; return `false` from it to stop.
pub fn train_supervised(
    net: &mut Net,
    train: &[LabelledPosition],
    held_out: &[LabelledPosition],
    config: &SupervisedConfig,
    mut progress: impl FnMut(&Net, u32, FitError) -> bool,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let total = (train.len() as f64 * f64::from(config.epochs)).max(1.0);
    let mut x = SparseInputs::new();
    let mut h = vec![0.0; net.scratch_len()];
    let mut step = 0u64;
    for epoch in 1..=config.epochs {
        order.shuffle(&mut rng);
        for &i in &order {
            let frac = (step as f64 / total) as f32;
            let rate = config.rate + (config.final_rate - config.rate) * frac;
            net.encode(&train[i].position, &mut x);
            net.train_step(&x, &train[i].target.to_array(), rate, &mut h);
            step += 1;
        }
        if !progress(net, epoch, fit_error(net, held_out)) {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_backgammon_engine::eval::NetEvaluator;

    #[test]
    fn samples_are_reproducible_and_never_finished_or_in_the_bearoff() {
        let evaluator = NetEvaluator::shipped();
        let a = game_samples(&evaluator, 3, 7, 0.1);
        assert_eq!(a, game_samples(&evaluator, 3, 7, 0.1));
        assert_ne!(a, game_samples(&evaluator, 3, 8, 0.1));
        assert!(
            a.len() > 10,
            "a whole game gives many positions: {}",
            a.len()
        );
        for p in &a {
            assert!(lost(p).is_none() && !is_bearoff(p));
            let (mine, theirs) = (p.player_checkers(), p.opponent_checkers());
            let count = |c: &[u8]| c.iter().map(|&n| u32::from(n)).sum::<u32>();
            assert!(count(&mine) <= 15 && count(&theirs) <= 15);
        }
    }

    #[test]
    fn race_samples_are_the_race_positions_of_the_played_ones() {
        let evaluator = NetEvaluator::shipped();
        let mut found = 0;
        for game in 0..3 {
            let all = game_samples(&evaluator, 5, game, 0.1);
            let race = race_samples(&evaluator, 5, game, 0.1);
            let expected: Vec<Position> = all.into_iter().filter(|p| p.is_race()).collect();
            assert_eq!(race, expected);
            for p in &race {
                assert!(lost(p).is_none() && !is_bearoff(p) && p.is_race());
            }
            found += race.len();
        }
        assert!(found > 0, "three games reach a race");
    }

    #[test]
    fn close_cube_samples_are_positions_on_roll_whose_cube_decision_is_close() {
        let evaluator = NetEvaluator::shipped();
        let money = MatchContext::default();
        let (mut wide_count, mut narrow_count) = (0, 0);
        for game in 0..3 {
            let wide = close_cube_samples(&evaluator, 7, game, 0.1, 0.25);
            assert_eq!(wide, close_cube_samples(&evaluator, 7, game, 0.1, 0.25));
            let narrow = close_cube_samples(&evaluator, 7, game, 0.1, 0.05);
            // The narrow window's positions are the wide one's, in the same order.
            let kept: Vec<Position> = wide
                .iter()
                .copied()
                .filter(|p| is_close(&cube_decision_at(&evaluator, p, &money, 0).1, 0.05))
                .collect();
            assert_eq!(narrow, kept);
            for p in &wide {
                let (_, cube) = cube_decision_at(&evaluator, p, &money, 0);
                assert!(is_close(&cube, 0.25) && lost(p).is_none() && !is_bearoff(p));
            }
            // Every selected position is one the game had on roll.
            let mut on_roll = Vec::new();
            self_play(&evaluator, 7, game, 0.1, |d, _| on_roll.push(*d.position));
            assert!(wide.iter().all(|p| on_roll.contains(p)));
            assert!(
                wide.len() < on_roll.len(),
                "{} of {}",
                wide.len(),
                on_roll.len()
            );
            wide_count += wide.len();
            narrow_count += narrow.len();
        }
        assert!(
            narrow_count > 0 && narrow_count < wide_count,
            "{narrow_count} {wide_count}"
        );
    }

    #[test]
    fn closeness_is_the_distance_to_the_nearer_cube_choice() {
        let decision =
            |nd: f64, dt: f64, dp: f64| CubeDecision::may_double([nd, dt, dp], 0.25, nd, false);
        // Far from doubling, the take far from the pass.
        assert!(!is_close(&decision(0.2, 0.0, 1.0), 0.1));
        // No double 0.05 below the doubled cube's value (double/pass, the taker's better choice).
        assert!(is_close(&decision(0.95, 1.5, 1.0), 0.1));
        assert!(!is_close(&decision(0.95, 1.5, 1.0), 0.04));
        // Double/take 0.05 from double/pass, no double far.
        assert!(is_close(&decision(0.2, 0.95, 1.0), 0.1));
    }

    #[test]
    fn siblings_are_the_best_plays_of_each_decision_by_zero_ply() {
        let evaluator = NetEvaluator::shipped();
        let three = sibling_samples(&evaluator, 4, 2, 0.1, 3);
        assert_eq!(three, sibling_samples(&evaluator, 4, 2, 0.1, 3));
        let one = sibling_samples(&evaluator, 4, 2, 0.1, 1);
        // Decision by decision: the same game, the same plays ranked first, each decision's
        // best play among its three.
        let mut expected = (Vec::new(), Vec::new());
        self_play(&evaluator, 4, 2, 0.1, |d, _| {
            if d.after.len() < 2 {
                return;
            }
            let order = ranked(d.scores);
            push_unfinished(&mut expected.0, &d.after[order[0]]);
            for &i in order.iter().take(3) {
                push_unfinished(&mut expected.1, &d.after[i]);
            }
            // The ranking is by the mover's 0-ply equity, best first.
            assert!(d.scores[order[0]].equity() >= d.scores[order[1]].equity());
        });
        let positions = |s: &[(u64, Position)]| s.iter().map(|&(_, p)| p).collect::<Vec<_>>();
        assert_eq!(positions(&one), expected.0);
        assert_eq!(positions(&three), expected.1);
        assert!(three.len() > 2 * one.len(), "{} {}", three.len(), one.len());
        for (_, p) in &three {
            assert!(lost(p).is_none() && !is_bearoff(p));
        }
        // Decision numbers rise, each at most three times in a row, and the best plays'
        // numbers are the decisions' numbers among the three's.
        for pair in three.windows(2) {
            assert!(pair[0].0 <= pair[1].0);
        }
        for &(number, _) in &three {
            assert!(three.iter().filter(|s| s.0 == number).count() <= 3);
        }
        for best in &one {
            assert!(three.contains(best));
        }
    }

    #[test]
    fn disagreements_are_unfinished_positions_fewer_for_a_higher_threshold() {
        let evaluator = NetEvaluator::shipped();
        let all = disagreement_samples(&evaluator, 2, 1, 0.1, 0.0);
        assert_eq!(all, disagreement_samples(&evaluator, 2, 1, 0.1, 0.0));
        let large = disagreement_samples(&evaluator, 2, 1, 0.1, 0.05);
        assert!(
            !all.is_empty() && large.len() < all.len(),
            "{} {}",
            all.len(),
            large.len()
        );
        for p in all.iter().chain(&large) {
            assert!(lost(p).is_none() && !is_bearoff(p));
        }
        // Every selected decision gives two different positions (one may be dropped when it
        // is in the bearoff), so the positions outnumber the decisions' halves.
        let distinct: std::collections::HashSet<String> =
            all.iter().map(|p| p.position_id()).collect();
        assert!(
            2 * distinct.len() > all.len(),
            "{} of {}",
            distinct.len(),
            all.len()
        );
    }

    #[test]
    fn training_on_labels_brings_the_network_closer_to_them() {
        let teacher = NetEvaluator::shipped();
        let positions = game_samples(&teacher, 1, 0, 0.1);
        let data: Vec<LabelledPosition> = positions.iter().map(|p| label(&teacher, p, 0)).collect();
        let mut student = Net::random(8, 5);
        let before = fit_error(&student, &data);
        let config = SupervisedConfig {
            seed: 1,
            epochs: 30,
            rate: 0.1,
            final_rate: 0.01,
        };
        let mut passes = 0;
        train_supervised(&mut student, &data, &data, &config, |_, _, _| {
            passes += 1;
            true
        });
        let after = fit_error(&student, &data);
        assert_eq!(passes, 30);
        assert!(
            after.outputs < 0.6 * before.outputs,
            "{before:?} -> {after:?}"
        );
    }

    #[test]
    fn rollout_labels_are_reproducible_probabilities_near_the_evaluation() {
        let evaluator = NetEvaluator::shipped();
        let p = Position::starting();
        let how = RolloutLabel {
            games: 36,
            truncate: Some(4),
            luck: LuckEstimate::FullWidth,
            plies: 0,
        };
        let a = label_rollout(&evaluator, &p, how, 1, 2, 3);
        assert_eq!(a, label_rollout(&evaluator, &p, how, 1, 2, 3));
        assert_ne!(a, label_rollout(&evaluator, &p, how, 1, 2, 4));
        assert_eq!(a.target, a.target.clamped());
        let gap = (a.target.equity() - evaluator.eval(&p).equity()).abs();
        assert!(gap < 0.1, "{a:?}");
    }

    #[test]
    fn a_label_at_zero_plies_is_the_evaluation() {
        let evaluator = NetEvaluator::shipped();
        let p = Position::starting();
        assert_eq!(label(&evaluator, &p, 0).target, evaluator.eval_any(&p));
    }
}
