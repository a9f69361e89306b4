//! Cubeless rollouts: play a position out many times with the 0-ply player and average the results.
//!
//! Variance reduction:
//! * the first roll is stratified: game `i` starts with roll `i mod 36` (all 36 in equal shares);
//! * a game that reaches a bearoff board stops there and scores the database's probabilities;
//! * optional luck adjustment ([`RolloutConfig::luck_adjust`]): at every ply the value of the roll
//!   actually thrown minus the average value over all 21 rolls (both at 0 ply, for the best play)
//!   is that ply's luck; the sum of the lucks is subtracted from the game's result. The average
//!   luck is zero, so the estimate stays unbiased while most of the dice noise cancels.
//!
//! Truncated rollouts stop after [`RolloutConfig::truncate`] plies and score the evaluator's
//! probabilities there.

use crate::board::{ALL_ROLLS, Board, MoveBuffer, successors_into};
use crate::eval::{Evaluator, Probabilities};
use crate::train::{argmax_equity, roll};
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
}

impl Default for RolloutConfig {
    fn default() -> Self {
        RolloutConfig {
            games: 1296,
            seed: 1,
            truncate: None,
            luck_adjust: true,
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
    /// Mean cubeless equity.
    pub equity: f64,
    /// Standard error of the mean equity.
    pub std_error: f64,
}

/// Rolls `board` (side on roll, before its roll) out; `progress(games_done)` after each game.
pub fn rollout(
    evaluator: &dyn Evaluator,
    board: &Board,
    config: &RolloutConfig,
    mut progress: impl FnMut(u64),
) -> RolloutResult {
    let games = config.games.max(1);
    let mut sum = Probabilities::default();
    let (mut eq_sum, mut eq_sq) = (0.0f64, 0.0f64);
    let mut scratch = Scratch::default();
    for game in 0..games {
        let result = play_out(evaluator, board, config, game, &mut scratch);
        sum.add_scaled(&result, 1.0);
        let e = f64::from(result.equity());
        eq_sum += e;
        eq_sq += e * e;
        progress(game + 1);
    }
    let n = games as f64;
    let mut mean = Probabilities::default();
    mean.add_scaled(&sum, 1.0 / games as f32);
    let variance = if games > 1 {
        ((eq_sq - eq_sum * eq_sum / n) / (n - 1.0)).max(0.0)
    } else {
        0.0
    };
    RolloutResult {
        games,
        probabilities: mean,
        equity: eq_sum / n,
        std_error: (variance / n).sqrt(),
    }
}

#[derive(Default)]
struct Scratch {
    buf: MoveBuffer,
    succ: Vec<Board>,
    scores: Vec<Probabilities>,
}

/// The best play's board (mover's view) and its 0-ply value for the mover.
fn best_play(
    evaluator: &dyn Evaluator,
    board: &Board,
    dice: (u8, u8),
    s: &mut Scratch,
) -> (Board, Probabilities) {
    successors_into(board, dice.0, dice.1, &mut s.buf, &mut s.succ);
    evaluator.eval_after_moves(&s.succ, &mut s.scores);
    let i = argmax_equity(&s.scores);
    (s.succ[i], s.scores[i])
}

/// One game; the (possibly luck-adjusted) result for the side on roll at the start.
fn play_out(
    evaluator: &dyn Evaluator,
    start: &Board,
    config: &RolloutConfig,
    game: u64,
    s: &mut Scratch,
) -> Probabilities {
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed ^ game.wrapping_mul(0xA24B_AED4_963E_E407));
    let first = game % ORDERED_ROLLS;
    let mut dice = ((first % 6) as u8 + 1, (first / 6) as u8 + 1);
    let mut board = *start;
    // Luck accumulated, from the starting side's view.
    let mut luck = Probabilities::default();
    let mut ply = 0u32;
    let mut ours = true;
    let outcome = loop {
        let (after, value) = best_play(evaluator, &board, dice, s);
        if config.luck_adjust {
            let mut mean = Probabilities::default();
            for &(d1, d2, w) in &ALL_ROLLS {
                let (_, v) = best_play(evaluator, &board, (d1, d2), s);
                mean.add_scaled(&v, f32::from(w) / 36.0);
            }
            let (actual, average) = if ours {
                (value, mean)
            } else {
                (value.flipped(), mean.flipped())
            };
            luck.add_scaled(&actual, 1.0);
            luck.add_scaled(&average, -1.0);
        }
        let next = after.swapped();
        ply += 1;
        ours = !ours;
        let stop = next.finished().is_some()
            || next.is_bearoff()
            || config.truncate.is_some_and(|t| ply >= t)
            || ply >= MAX_PLIES;
        if stop {
            let v = evaluator.eval_any(&next);
            break if ours { v } else { v.flipped() };
        }
        board = next;
        dice = roll(&mut rng);
    };
    let mut result = outcome;
    if config.luck_adjust {
        result.add_scaled(&luck, -1.0);
    }
    result
}
