//! Network evaluations and moves chosen at 0, 1, 2 (shipped and full-width) and 3 plies per
//! second of CPU time (robust on a shared, loaded machine, unlike wall clock; 3 plies on a tenth
//! of the 2-ply moves):
//! `cargo run --release -p ludus-backgammon-engine --example eval_speed [PLIES_2_MOVES]`.
//! Pin it to one core (`taskset -c 1 …`) for one-core figures. With `--requests` it prints the
//! same positions and rolls as `move` requests of the player protocol
//! (docs/backgammon-player-protocol.md) instead, to time another engine on them.

use ludus_backgammon::{Dice, DiceSource, random_positions};
use ludus_backgammon_engine::encoding::{SparseInputs, encode};
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::eval::NetEvaluator;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

#[path = "common/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

/// Evaluations timed.
const EVALS: usize = 2_000_000;
/// Positions of random play evaluated in turn.
const POSITIONS: usize = 1000;
/// Seed of the random play and of the rolls.
const SEED: u64 = 42;
/// Moves chosen at 0 and 1 ply (the 2-ply count is the first argument, default 100).
const MOVES_SHALLOW: usize = 1000;

/// Prints a `move … cubeless` request for each position and its roll.
fn print_requests(set: &[ludus_backgammon::Position], rolls: &[Dice]) {
    let money = ludus_backgammon::MatchState::default()
        .match_id()
        .expect("a money game has a Match ID");
    for (position, dice) in set.iter().zip(rolls) {
        println!("move {} {money} {dice} cubeless", position.position_id());
    }
}

/// The network alone on encoded inputs, with the output layer's sums one at a time
/// (`Net::forward`, before issue 15) and side by side (`Net::forward_interleaved`), alternately.
fn time_output_layers(e: &NetEvaluator, set: &[ludus_backgammon::Position]) {
    let inputs: Vec<SparseInputs> = set
        .iter()
        .map(|p| {
            let mut x = SparseInputs::new();
            encode(p, &mut x);
            x
        })
        .collect();
    let net = e.net();
    let mut h = vec![0.0f32; net.hidden()];
    let mut seconds = [0.0f64; 2];
    for round in 0..10 {
        for (which, total) in seconds.iter_mut().enumerate() {
            let start = cpu_seconds();
            for i in 0..EVALS / 10 {
                let x = black_box(&inputs[(i + round) % inputs.len()]);
                if which == 0 {
                    black_box(net.forward(x, &mut h));
                } else {
                    black_box(net.forward_interleaved(x, &mut h));
                }
            }
            *total += cpu_seconds() - start;
        }
    }
    println!(
        "network on encoded inputs: {:.0}/CPU-s with the sums one at a time, {:.0}/CPU-s interleaved ({:.2}×)",
        EVALS as f64 / seconds[0],
        EVALS as f64 / seconds[1],
        seconds[0] / seconds[1]
    );
}

fn main() {
    let deep_moves: usize = std::env::args()
        .filter(|a| a != "--requests")
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let set = random_positions(SEED, POSITIONS);
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let rolls: Vec<Dice> = set.iter().map(|_| rng.roll()).collect();
    if std::env::args().any(|a| a == "--requests") {
        print_requests(&set, &rolls);
        return;
    }
    let e = NetEvaluator::shipped();
    let start_cpu = cpu_seconds();
    let start = std::time::Instant::now();
    for i in 0..EVALS {
        black_box(e.eval_net(black_box(&set[i % set.len()])));
    }
    let cpu = cpu_seconds() - start_cpu;
    let wall = start.elapsed().as_secs_f64();
    println!(
        "{EVALS} evaluations: {:.0}/s of CPU time ({cpu:.2} s), {:.0}/s wall ({wall:.2} s)",
        EVALS as f64 / cpu,
        EVALS as f64 / wall
    );
    time_output_layers(&e, &set);
    let variants = [
        ("0-ply", Engine::new(0), MOVES_SHALLOW),
        ("1-ply", Engine::new(1), MOVES_SHALLOW),
        ("2-ply", Engine::new(2), deep_moves),
        ("2-ply full-width", Engine::new(2).full_width(), deep_moves),
        ("3-ply", Engine::new(3), deep_moves / 10),
    ];
    // Build the lazily made tables (the bearoff databases) before timing.
    for position in &set {
        black_box(variants[0].1.evaluate(position));
    }
    for (label, engine, moves) in variants {
        let start_cpu = cpu_seconds();
        for (position, dice) in set.iter().zip(&rolls).take(moves) {
            black_box(engine.best_move(position, *dice));
        }
        let cpu = cpu_seconds() - start_cpu;
        println!(
            "{label}: {moves} moves chosen, {:.1}/s of CPU time, {:.2} ms a move",
            moves as f64 / cpu,
            1000.0 * cpu / moves as f64
        );
    }
}
