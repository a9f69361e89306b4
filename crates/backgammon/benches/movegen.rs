//! Move generation speed: move lists per second over a fixed set of 3,000 positions of seeded
//! random play ([`random_positions`]`(SEED, 3000)`), each with all 21 rolls (63,000 lists an
//! iteration): the boards alone ([`Position::successor_positions`], the engines' hot path) and
//! with the moves ([`Position::successors`]).
//!
//! `cargo bench -p ludus-backgammon --bench movegen`. The same positions as gnubg Position IDs,
//! for timing another program's generator on them:
//! `cargo run --release -p ludus-backgammon --example position_ids -- 3000 2027`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludus_backgammon::{Dice, Move, Position, random_positions};
use std::hint::black_box;

/// Positions in the fixed set.
const POSITIONS: usize = 3_000;
/// Seed of the random play that produces them.
const SEED: u64 = 2027;

/// Lists the plays of every roll of every position in `set` with `generate`, which returns how
/// many it listed; the total keeps the work from being optimised away.
fn all_lists(set: &[Position], mut generate: impl FnMut(&Position, Dice) -> usize) -> usize {
    let mut total = 0;
    for position in set {
        for (dice, _) in Dice::ALL_21 {
            total += generate(position, dice);
        }
    }
    total
}

fn bench_movegen(c: &mut Criterion) {
    let set = random_positions(SEED, POSITIONS);
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(
        (set.len() * Dice::ALL_21.len()) as u64,
    ));
    let mut boards: Vec<Position> = Vec::with_capacity(1024);
    group.bench_function("successor_positions_3000x21", |b| {
        b.iter(|| {
            black_box(all_lists(&set, |position, dice| {
                position.successor_positions(dice, &mut boards);
                boards.len()
            }))
        })
    });
    let mut plays: Vec<(Move, Position)> = Vec::with_capacity(1024);
    group.bench_function("successors_3000x21", |b| {
        b.iter(|| {
            black_box(all_lists(&set, |position, dice| {
                position.successors(dice, &mut plays);
                plays.len()
            }))
        })
    });
    group.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
