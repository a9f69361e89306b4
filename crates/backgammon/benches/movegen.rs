//! Move generation speed: position-roll move lists per second over a fixed set of 1,000
//! positions reached by seeded random play, each with all 21 rolls.
//!
//! `cargo bench -p ludus-backgammon --bench movegen`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludus_backgammon::{Dice, Move, Position};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// Positions in the fixed set.
const POSITIONS: usize = 1_000;
/// Seed of the random play that produces them.
const SEED: u64 = 2024;

fn positions() -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut out = Vec::with_capacity(POSITIONS);
    let mut position = Position::starting();
    let mut plays = Vec::new();
    // Take every third position so that consecutive ones differ more.
    let mut ply = 0;
    while out.len() < POSITIONS {
        if position.game_result().is_some() {
            position = Position::starting();
        }
        if ply % 3 == 0 {
            out.push(position);
        }
        ply += 1;
        let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).unwrap();
        position.successors(dice, &mut plays);
        position = plays[rng.random_range(0..plays.len())].1.swapped();
    }
    out
}

fn bench_movegen(c: &mut Criterion) {
    let set = positions();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(
        (set.len() * Dice::ALL_21.len()) as u64,
    ));
    let mut out: Vec<(Move, Position)> = Vec::with_capacity(1024);
    group.bench_function("successors_1000x21", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for position in &set {
                for (dice, _) in Dice::ALL_21 {
                    position.successors(dice, &mut out);
                    total += out.len();
                }
            }
            black_box(total)
        })
    });
    group.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
