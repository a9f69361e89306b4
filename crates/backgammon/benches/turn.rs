//! The turn builder: what a front end pays per turn and per click. A fixed set of 300 positions
//! reached by seeded random play, each with all 21 rolls, and the worst case found in 200,000
//! such positions: 952 legal moves of 1-1 (Position ID `7w8BgCRmpihlAg`).
//!
//! `cargo bench -p ludus-backgammon --bench turn`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludus_backgammon::{Dice, Position, Turn};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// Positions in the fixed set.
const POSITIONS: usize = 300;
/// Seed of the random play that produces them.
const SEED: u64 = 2025;
/// The position with the most legal moves of a double among 200,000 random ones (1-1: 952).
const WORST_ID: &str = "7w8BgCRmpihlAg";

fn positions() -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut out = Vec::with_capacity(POSITIONS);
    let mut position = Position::starting();
    let mut plays = Vec::new();
    while out.len() < POSITIONS {
        if position.game_result().is_some() {
            position = Position::starting();
        }
        out.push(position);
        let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).unwrap();
        position.successors(dice, &mut plays);
        position = plays[rng.random_range(0..plays.len())].1.swapped();
    }
    out
}

/// Everything a click needs: the turn's sources and every journey from each.
fn all_journeys(turn: &Turn) -> usize {
    turn.sources()
        .into_iter()
        .map(|from| turn.journeys(from).len())
        .sum()
}

fn bench_turn(c: &mut Criterion) {
    let set = positions();
    let mut group = c.benchmark_group("turn");
    group.throughput(Throughput::Elements(
        (set.len() * Dice::ALL_21.len()) as u64,
    ));
    group.bench_function("new_300x21", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for position in &set {
                for (dice, _) in Dice::ALL_21 {
                    total += Turn::new(*position, dice).dice_to_use();
                }
            }
            black_box(total)
        })
    });
    group.bench_function("new_and_journeys_300x21", |b| {
        b.iter(|| {
            let mut total = 0usize;
            for position in &set {
                for (dice, _) in Dice::ALL_21 {
                    total += all_journeys(&Turn::new(*position, dice));
                }
            }
            black_box(total)
        })
    });
    group.finish();
    let worst = Position::from_position_id(WORST_ID).unwrap();
    let ones: Dice = "11".parse().unwrap();
    let mut group = c.benchmark_group("turn_worst_11");
    group.bench_function("new", |b| b.iter(|| black_box(Turn::new(worst, ones))));
    group.bench_function("new_and_journeys", |b| {
        b.iter(|| black_box(all_journeys(&Turn::new(worst, ones))))
    });
    group.finish();
}

criterion_group!(benches, bench_turn);
criterion_main!(benches);
