//! Network evaluations per second of CPU time (robust on a shared, loaded machine, unlike wall
//! clock): `cargo run --release -p ludus-backgammon-engine --example eval_speed`.

use ludus_backgammon::random_positions;
use ludus_backgammon_engine::eval::NetEvaluator;
use std::hint::black_box;

/// Evaluations timed.
const EVALS: usize = 2_000_000;
/// Positions of random play evaluated in turn.
const POSITIONS: usize = 1000;
/// Seed of the random play.
const SEED: u64 = 42;

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

fn main() {
    let set = random_positions(SEED, POSITIONS);
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
}
