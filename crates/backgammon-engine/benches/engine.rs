//! Engine speed: network evaluations, move choice at 0 and 2 plies (shipped search and
//! full-width), rollout games.
//!
//! `cargo bench -p ludus-backgammon-engine --bench engine`; results in docs/benchmarks.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludus_backgammon::{Dice, Position, random_positions};
use ludus_backgammon_engine::bearoff::is_bearoff;
use ludus_backgammon_engine::eval::NetEvaluator;
use ludus_backgammon_engine::rollout::{RolloutConfig, rollout};
use ludus_backgammon_engine::search::rank_moves;
use std::hint::black_box;

/// Positions in the fixed benchmark set (random play from the start, seeded; no bearoffs).
const POSITIONS: usize = 1000;
/// Seed of the random play.
const SEED: u64 = 42;

/// The first `count` positions of random play that are no bearoff (the network judges them).
fn positions(count: usize) -> Vec<Position> {
    let mut out: Vec<Position> = random_positions(SEED, 2 * count)
        .into_iter()
        .filter(|p| !is_bearoff(p))
        .collect();
    out.truncate(count);
    out
}

fn bench(c: &mut Criterion) {
    let e = NetEvaluator::shipped();
    let set = positions(POSITIONS);
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    group.bench_function("net_eval_0ply", |b| {
        b.iter(|| {
            for p in &set {
                black_box(e.eval_net(black_box(p)));
            }
        })
    });
    let few = &set[..100];
    group.throughput(Throughput::Elements(few.len() as u64));
    group.bench_function("best_move_0ply", |b| {
        b.iter(|| {
            for (i, p) in few.iter().enumerate() {
                let dice = Dice::new((i % 6) as u8 + 1, (i / 6 % 6) as u8 + 1).expect("dice");
                black_box(rank_moves(&e, p, dice, 0));
            }
        })
    });
    let handful = &set[..4];
    group.throughput(Throughput::Elements(handful.len() as u64));
    group.sample_size(10);
    let full_width = NetEvaluator::shipped_full_width();
    for (name, evaluator) in [
        ("best_move_2ply", &e),
        ("best_move_2ply_full_width", &full_width),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                for (i, p) in handful.iter().enumerate() {
                    let dice = Dice::new((i % 6) as u8 + 1, (i / 6 % 6) as u8 + 2).expect("dice");
                    black_box(rank_moves(evaluator, p, dice, 2));
                }
            })
        });
    }
    group.throughput(Throughput::Elements(36));
    let config = RolloutConfig {
        games: 36,
        luck_adjust: false,
        ..RolloutConfig::default()
    };
    group.bench_function("rollout_games_0ply", |b| {
        b.iter(|| black_box(rollout(&e, &Position::starting(), &config, |_| {})))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
