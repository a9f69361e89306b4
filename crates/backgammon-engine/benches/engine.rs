//! Engine speed: network evaluations, move choice at 0 and 2 plies, rollout games.
//!
//! `cargo bench -p ludus-backgammon-engine --bench engine`; results in docs/benchmarks.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludus_backgammon_engine::board::{Board, successors};
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator};
use ludus_backgammon_engine::rollout::{RolloutConfig, rollout};
use ludus_backgammon_engine::search::rank_moves;
use ludus_backgammon_engine::train::{opening_roll, roll};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// Positions in the fixed benchmark set (random play from the start, seeded).
const POSITIONS: usize = 1000;

fn positions(count: usize) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut b = Board::STARTING;
        let mut dice = opening_roll(&mut rng);
        loop {
            let succ = successors(&b, dice.0, dice.1);
            let next = succ[rng.random_range(0..succ.len())].swapped();
            if next.finished().is_some() || out.len() == count {
                break;
            }
            if !next.is_bearoff() {
                out.push(next);
            }
            b = next;
            dice = roll(&mut rng);
        }
    }
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
                let dice = ((i % 6) as u8 + 1, (i / 6 % 6) as u8 + 1);
                black_box(rank_moves(&e, p, dice, 0));
            }
        })
    });
    let handful = &set[..4];
    group.throughput(Throughput::Elements(handful.len() as u64));
    group.sample_size(10);
    group.bench_function("best_move_2ply", |b| {
        b.iter(|| {
            for (i, p) in handful.iter().enumerate() {
                let dice = ((i % 6) as u8 + 1, (i / 6 % 6) as u8 + 2);
                black_box(rank_moves(&e, p, dice, 2));
            }
        })
    });
    group.throughput(Throughput::Elements(36));
    let config = RolloutConfig {
        games: 36,
        luck_adjust: false,
        ..RolloutConfig::default()
    };
    group.bench_function("rollout_games_0ply", |b| {
        b.iter(|| black_box(rollout(&e, &Board::STARTING, &config, |_| {})))
    });
    // Build the bearoff database outside the measurement.
    let _ = e.eval(&ludus_backgammon_engine::Board {
        me: [
            14, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ],
        them: [
            14, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        ],
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
