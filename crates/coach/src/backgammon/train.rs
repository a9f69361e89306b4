//! Self-play TD(λ) training from random weights.
//!
//! Each game is played by the network against itself, choosing every move greedily at 0 ply
//! (bearoff boards valued by the database). The game stops at the first bearoff board or at the
//! end; its value there is exact (database or result). Every position on roll `s_t` is then
//! trained towards its λ-return (the forward view of TD(λ), Sutton & Barto ch. 12):
//! `G_t = (1 − λ) · V(s_{t+1}) + λ · G_{t+1}`, seen from the side on roll at `s_t` (so each value
//! is flipped to the other side's view on the way back), `G_T` = the exact terminal value.
//!
//! Reproducible: the dice of game `k` come from ChaCha8 seeded with `(seed, k)`, so a run resumed
//! from a checkpoint plays the same games as an uninterrupted one.

use ludus_backgammon::player::plays;
use ludus_backgammon::{DiceSource, Position};
use ludus_backgammon_engine::bearoff::is_bearoff;
use ludus_backgammon_engine::encoding::SparseInputs;
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator};
use ludus_backgammon_engine::net::Net;
use ludus_backgammon_engine::probabilities::{Probabilities, argmax_equity, lost};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Settings of a training run.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Seed of the dice (and of the initial weights).
    pub seed: u64,
    /// λ of TD(λ).
    pub lambda: f32,
    /// Learning rate at the start.
    pub rate: f32,
    /// Learning rate reached at the end (linear decay over the run).
    pub final_rate: f32,
    /// Total games (including those already in a resumed network).
    pub games: u64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            seed: 1,
            lambda: 0.7,
            rate: 0.1,
            final_rate: 0.02,
            games: 100_000,
        }
    }
}

/// Seeds the dice of one game.
fn game_rng(seed: u64, game: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Scratch reused across games.
#[derive(Default)]
struct Scratch {
    after: Vec<Position>,
    scores: Vec<Probabilities>,
    states: Vec<Position>,
    values: Vec<Probabilities>,
}

/// Plays one self-play game and trains on it. Returns the number of positions trained.
fn train_game(net: &mut Net, config: &TrainConfig, game: u64, rate: f32, s: &mut Scratch) -> usize {
    let mut rng = game_rng(config.seed, game);
    let evaluator = NetEvaluator::new(net.clone()).one_sided_only();
    let mut position = Position::starting();
    let mut dice = rng.opening_roll();
    s.states.clear();
    s.values.clear();
    let terminal = loop {
        plays(&position, dice, &mut s.after);
        evaluator.eval_after_moves(&s.after, &mut s.scores);
        let best = argmax_equity(&s.scores);
        s.states.push(position);
        let next = s.after[best].swapped();
        // Value of `next` for its side on roll.
        let v = s.scores[best].flipped();
        if lost(&next).is_some() || is_bearoff(&next) {
            break v;
        }
        s.values.push(v);
        position = next;
        dice = rng.roll();
    };
    // λ-returns backwards: g is the return of s_{t+1} from its side; flip for s_t.
    let mut g = terminal;
    let mut x = SparseInputs::new();
    let mut h = vec![0.0f32; net.scratch_len()];
    let count = s.states.len();
    for t in (0..count).rev() {
        let target = g.flipped();
        net.encode(&s.states[t], &mut x);
        net.train_step(&x, &target.to_array(), rate, &mut h);
        if t > 0 {
            // Return of s_t, used for s_{t-1}: mix the network's value of s_t with the return.
            let v = s.values[t - 1];
            let mut mixed = Probabilities::default();
            mixed.add_scaled(&v, 1.0 - config.lambda);
            mixed.add_scaled(&target, config.lambda);
            g = mixed;
        }
    }
    count
}

/// Trains `net` by self-play until it has seen `config.games` games. `progress(net, games_done)`
/// is called after every game; return `false` from it to stop early (the net stays consistent).
pub fn train(net: &mut Net, config: &TrainConfig, mut progress: impl FnMut(&Net, u64) -> bool) {
    let mut scratch = Scratch::default();
    while net.games_trained < config.games {
        let done = net.games_trained;
        let frac = done as f32 / config.games.max(1) as f32;
        let rate = config.rate + (config.final_rate - config.rate) * frac;
        train_game(net, config, done, rate, &mut scratch);
        net.games_trained += 1;
        if !progress(net, net.games_trained) {
            break;
        }
    }
}

/// Settings of supervised refinement by lookahead labels.
#[derive(Clone, Debug)]
pub struct RefineConfig {
    /// Seed of the dice.
    pub seed: u64,
    /// Learning rate (constant: refinement starts from a trained network).
    pub rate: f32,
    /// Positions to label and train on.
    pub positions: u64,
    /// Plies of the labelling lookahead (1 is 21 × the work of a 0-ply evaluation per label).
    pub plies: u8,
}

/// Supervised refinement: plays self-play games with the current network (0 ply) and trains every
/// position on roll (bearoff positions excepted) towards its own `plies`-ply lookahead value, which
/// is more accurate than the 0-ply value it replaces. `progress(net, positions_done)` after each
/// game; return `false` to stop.
pub fn refine(net: &mut Net, config: &RefineConfig, mut progress: impl FnMut(&Net, u64) -> bool) {
    let mut s = Scratch::default();
    let mut done = 0u64;
    let mut game = 0u64;
    let mut x = SparseInputs::new();
    let mut h = vec![0.0f32; net.scratch_len()];
    while done < config.positions {
        let mut rng = game_rng(config.seed.wrapping_add(0x5EED), game);
        game += 1;
        let evaluator = NetEvaluator::new(net.clone()).one_sided_only();
        let mut position = Position::starting();
        let mut dice = rng.opening_roll();
        loop {
            if !is_bearoff(&position) {
                let target = ludus_backgammon_engine::search::eval_plies(
                    &evaluator,
                    &position,
                    config.plies,
                );
                net.encode(&position, &mut x);
                net.train_step(&x, &target.to_array(), config.rate, &mut h);
                done += 1;
            }
            plays(&position, dice, &mut s.after);
            evaluator.eval_after_moves(&s.after, &mut s.scores);
            let next = s.after[argmax_equity(&s.scores)].swapped();
            if lost(&next).is_some() || is_bearoff(&next) || done >= config.positions {
                break;
            }
            position = next;
            dice = rng.roll();
        }
        if !progress(net, done) {
            break;
        }
    }
}
