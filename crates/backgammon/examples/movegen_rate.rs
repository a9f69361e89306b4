//! Move lists per second, split into doubles and other rolls, without criterion: 50 passes over
//! the benchmark's kind of position set (1,000 positions of seeded random play × 21 rolls).
//! Run under `/usr/bin/time` to compare wall and CPU time on a busy machine:
//! `cargo build --release -p ludus-backgammon --example movegen_rate &&
//!  /usr/bin/time -f "%U s user" target/release/examples/movegen_rate`

use ludus_backgammon::{Dice, Position};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Positions in the set.
const POSITIONS: usize = 1_000;
/// Passes over the set.
const PASSES: usize = 50;

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut set = Vec::with_capacity(POSITIONS);
    let mut position = Position::starting();
    let mut plays = Vec::new();
    let mut ply = 0;
    while set.len() < POSITIONS {
        if position.game_result().is_some() {
            position = Position::starting();
        }
        if ply % 3 == 0 {
            set.push(position);
        }
        ply += 1;
        let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice");
        position.successors(dice, &mut plays);
        position = plays[rng.random_range(0..plays.len())].1.swapped();
    }
    let mut total_lists = 0;
    let all = Instant::now();
    for doubles in [false, true] {
        let (mut lists, mut found) = (0usize, 0usize);
        let start = Instant::now();
        for _ in 0..PASSES {
            for p in &set {
                for (dice, _) in Dice::ALL_21
                    .iter()
                    .filter(|(d, _)| d.is_double() == doubles)
                {
                    p.successors(*dice, &mut plays);
                    found += plays.len();
                    lists += 1;
                }
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{}: {lists} lists, {:.1} plays each, {:.0} ns per list",
            if doubles { "doubles" } else { "other rolls" },
            found as f64 / lists as f64,
            seconds * 1e9 / lists as f64
        );
        total_lists += lists;
    }
    let seconds = all.elapsed().as_secs_f64();
    println!(
        "all: {total_lists} lists in {seconds:.3} s wall = {:.0} lists/s",
        total_lists as f64 / seconds
    );
}
