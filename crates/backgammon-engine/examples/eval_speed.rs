//! Network evaluations and moves chosen at 0, 1 and 2 plies per second of CPU time (robust on a
//! shared, loaded machine, unlike wall clock):
//! `cargo run --release -p ludus-backgammon-engine --example eval_speed [PLIES_2_MOVES]`.
//! Pin it to one core (`taskset -c 1 …`) for one-core figures. With `--requests` it prints the
//! same positions and rolls as `move` requests of the player protocol
//! (docs/backgammon-player-protocol.md) instead, to time another engine on them.

use ludus_backgammon::{Dice, DiceSource, random_positions};
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::eval::NetEvaluator;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// Evaluations timed.
const EVALS: usize = 2_000_000;
/// Positions of random play evaluated in turn.
const POSITIONS: usize = 1000;
/// Seed of the random play and of the rolls.
const SEED: u64 = 42;
/// Moves chosen at 0 and 1 ply (the 2-ply count is the first argument, default 100).
const MOVES_SHALLOW: usize = 1000;

/// CPU time of this process in seconds (user + system), from /proc/self/stat.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // Fields 14 and 15 of stat (utime, stime) are at 11 and 12 after the command name.
    (ticks(11) + ticks(12)) / 100.0
}

/// Prints a `move … cubeless` request for each position and its roll.
fn print_requests(set: &[ludus_backgammon::Position], rolls: &[Dice]) {
    let money = ludus_backgammon::MatchState::default()
        .match_id()
        .expect("a money game has a Match ID");
    for (position, dice) in set.iter().zip(rolls) {
        println!("move {} {money} {dice} cubeless", position.position_id());
    }
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
    for (plies, moves) in [(0, MOVES_SHALLOW), (1, MOVES_SHALLOW), (2, deep_moves)] {
        let engine = Engine::new(plies);
        // Build the lazily made tables (the bearoff database) before timing.
        for position in &set {
            black_box(engine.evaluate(position));
        }
        let start_cpu = cpu_seconds();
        for (position, dice) in set.iter().zip(&rolls).take(moves) {
            black_box(engine.best_move(position, *dice));
        }
        let cpu = cpu_seconds() - start_cpu;
        println!(
            "{plies}-ply: {moves} moves chosen, {:.1}/s of CPU time, {:.2} ms a move",
            moves as f64 / cpu,
            1000.0 * cpu / moves as f64
        );
    }
}
