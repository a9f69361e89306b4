//! Distillation of the pruning network: the small network on the main network's inputs that
//! ranks the replies inside the engine's lookahead, so the full network only re-scores the few
//! best (as gnubg's pruning networks do; the engine's `NetEvaluator::with_pruning` uses it).
//!
//! It is distilled from the main network: seeded self-play games of the main network at 0 ply
//! (one play in [`EXPLORE`] chosen at random, so the games leave its own lines) give, at every
//! roll, the positions after each legal play, the positions the lookahead scores; each is
//! labelled with the main network's five outputs and the small network is fitted to them by
//! SGD on the cross-entropy ([`Net::train_step`]), the labels' last [`HOLD_OUT`] kept aside to
//! measure it. The result is an ordinary weights file ([`Net::to_bytes`], its own header), so a
//! change of the main network's inputs only needs a new distillation.

use ludus_backgammon::player::plays;
use ludus_backgammon::{DiceSource, Position};
use ludus_backgammon_engine::bearoff::is_bearoff;
use ludus_backgammon_engine::encoding::{SparseInputs, encode};
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator, net_probabilities};
use ludus_backgammon_engine::net::{Net, OUTPUTS};
use ludus_backgammon_engine::probabilities::{Probabilities, argmax_equity, lost};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::ops::Range;

/// One play in this many is chosen at random in the self-play games.
pub const EXPLORE: u32 = 8;
/// One decision in this many is held out of the training to measure the result.
pub const HOLD_OUT: usize = 20;
/// Replies the recall of [`DistillReport`] is measured for (the shipped re-score count).
pub const RECALL_KEEP: usize = ludus_backgammon_engine::eval::PRUNE_KEEP;

/// Settings of a distillation.
#[derive(Clone, Debug)]
pub struct DistillConfig {
    /// Seed of the games, the initial weights and the training order.
    pub seed: u64,
    /// Self-play games whose positions are labelled.
    pub games: u64,
    /// Hidden units of the small network.
    pub hidden: usize,
    /// Passes over the labelled positions.
    pub epochs: u32,
    /// Learning rate at the start.
    pub rate: f32,
    /// Learning rate at the end (linear decay over all passes).
    pub final_rate: f32,
}

impl Default for DistillConfig {
    fn default() -> Self {
        DistillConfig {
            seed: 1,
            games: 2_000,
            hidden: 16,
            epochs: 6,
            rate: 0.1,
            final_rate: 0.005,
        }
    }
}

/// How well a distilled network ranks the held-out decisions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DistillReport {
    /// Labelled positions used for training.
    pub trained_positions: usize,
    /// Held-out decisions (rolls with at least two network-judged plays).
    pub held_out_decisions: usize,
    /// Mean absolute difference of cubeless equity to the main network on held-out positions.
    pub mean_equity_error: f64,
    /// Share of held-out decisions whose best play (by the main network) the small network ranks
    /// first.
    pub top1: f64,
    /// Share of held-out decisions whose best play is among the small network's best
    /// [`RECALL_KEEP`].
    pub recall: f64,
}

/// Labelled positions, grouped by the decision they come from.
#[derive(Default)]
struct Samples {
    positions: Vec<Position>,
    targets: Vec<[f32; OUTPUTS]>,
    decisions: Vec<Range<usize>>,
}

/// Distils `teacher`'s network into a new network of `config.hidden` units; `progress` is
/// called with (passes done, passes) after each pass.
pub fn distill(
    teacher: &NetEvaluator,
    config: &DistillConfig,
    mut progress: impl FnMut(u32, u32),
) -> (Net, DistillReport) {
    let samples = label_positions(teacher, config);
    let held = held_out(&samples);
    let training: Vec<usize> = samples
        .decisions
        .iter()
        .enumerate()
        .filter(|(d, _)| d % HOLD_OUT != HOLD_OUT - 1)
        .flat_map(|(_, range)| range.clone())
        .collect();
    let mut net = Net::random(config.hidden, config.seed);
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed ^ 0x5EED);
    let mut order = training.clone();
    let mut x = SparseInputs::new();
    let mut h = vec![0.0f32; config.hidden];
    let steps = (order.len() as u64 * u64::from(config.epochs)).max(1);
    let mut step = 0u64;
    for epoch in 0..config.epochs {
        order.shuffle(&mut rng);
        for &i in &order {
            let t = step as f32 / steps as f32;
            let rate = config.rate + (config.final_rate - config.rate) * t;
            encode(&samples.positions[i], &mut x);
            net.train_step(&x, &samples.targets[i], rate, &mut h);
            step += 1;
        }
        progress(epoch + 1, config.epochs);
    }
    let mut report = measure(&net, &samples, &held);
    report.trained_positions = training.len();
    (net, report)
}

/// The held-out decisions.
fn held_out(samples: &Samples) -> Vec<Range<usize>> {
    samples
        .decisions
        .iter()
        .enumerate()
        .filter(|(d, _)| d % HOLD_OUT == HOLD_OUT - 1)
        .map(|(_, range)| range.clone())
        .collect()
}

/// Plays the seeded games and labels the network-judged positions after every play.
fn label_positions(teacher: &NetEvaluator, config: &DistillConfig) -> Samples {
    let mut samples = Samples::default();
    let mut after = Vec::new();
    let mut scores = Vec::new();
    for game in 0..config.games {
        let mut rng =
            ChaCha8Rng::seed_from_u64(config.seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut position = Position::starting();
        while lost(&position).is_none() {
            plays(&position, rng.roll(), &mut after);
            let start = samples.positions.len();
            for play in &after {
                let next = play.swapped();
                if lost(&next).is_none() && !is_bearoff(&next) {
                    samples.positions.push(next);
                    samples.targets.push(teacher.eval_net(&next).to_array());
                }
            }
            if samples.positions.len() - start >= 2 {
                samples.decisions.push(start..samples.positions.len());
            }
            let chosen = if rng.random_range(0..EXPLORE) == 0 {
                rng.random_range(0..after.len())
            } else {
                teacher.eval_after_moves(&after, &mut scores);
                argmax_equity(&scores)
            };
            position = after[chosen].swapped();
        }
    }
    samples
}

/// The report's figures for `net` on the held-out decisions `held`.
fn measure(net: &Net, samples: &Samples, held: &[Range<usize>]) -> DistillReport {
    let mut error = 0.0f64;
    let mut count = 0usize;
    let mut top1 = 0usize;
    let mut recall = 0usize;
    for range in held {
        // The mover's equities: each labelled position is seen from the opponent.
        let teacher: Vec<f32> = samples.targets[range.clone()]
            .iter()
            .map(|t| -Probabilities::from_outputs(*t).equity())
            .collect();
        let student: Vec<f32> = samples.positions[range.clone()]
            .iter()
            .map(|p| -net_probabilities(net, p).equity())
            .collect();
        for (a, b) in teacher.iter().zip(&student) {
            error += f64::from((a - b).abs());
            count += 1;
        }
        let best = first_max(&teacher);
        let rank = student
            .iter()
            .enumerate()
            .filter(|&(i, &v)| v > student[best] || (v == student[best] && i < best))
            .count();
        top1 += usize::from(rank == 0);
        recall += usize::from(rank < RECALL_KEEP);
    }
    let decisions = held.len().max(1) as f64;
    DistillReport {
        trained_positions: 0,
        held_out_decisions: held.len(),
        mean_equity_error: error / count.max(1) as f64,
        top1: top1 as f64 / decisions,
        recall: recall as f64 / decisions,
    }
}

/// The index of the first largest value.
fn first_max(values: &[f32]) -> usize {
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] {
            best = i;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_distillation_is_reproducible_and_learns_something() {
        let teacher = NetEvaluator::shipped_full_width();
        let config = DistillConfig {
            games: 40,
            epochs: 2,
            ..DistillConfig::default()
        };
        let (a, report) = distill(&teacher, &config, |_, _| {});
        let (b, _) = distill(&teacher, &config, |_, _| {});
        assert_eq!(a, b);
        assert!(report.held_out_decisions > 10);
        assert!(report.top1 > 0.2, "{report:?}");
        assert!(report.recall >= report.top1);
    }
}
