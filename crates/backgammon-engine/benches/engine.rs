//! Engine speed: network evaluations (one at a time and batched over the candidates of a roll on
//! each inference kernel, one and two hidden layers), move choice at 0 and 2 plies (shipped
//! search and full-width; the shipped network and 227–256–128–5 and 227–256–64–5 ones), rollout
//! games.
//!
//! `cargo bench -p ludus-backgammon-engine --bench engine`; results in docs/benchmarks.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ludus_backgammon::player::plays;
use ludus_backgammon::{Dice, Position, random_positions};
use ludus_backgammon_engine::bearoff::is_bearoff;
use ludus_backgammon_engine::encoding::SparseInputs;
use ludus_backgammon_engine::eval::{NetEvaluator, PRUNE_KEEP, shipped_pruning_net};
use ludus_backgammon_engine::filters::Filters;
use ludus_backgammon_engine::net::{Kernel, Net};
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

/// The encoded positions after every play of one roll from each of `set`'s positions (the
/// batches the lookahead evaluates), for `net`.
fn candidate_batches(net: &Net, set: &[Position]) -> Vec<Vec<SparseInputs>> {
    let mut after = Vec::new();
    set.iter()
        .enumerate()
        .map(|(i, p)| {
            let dice = Dice::new((i % 6) as u8 + 1, (i / 6 % 6) as u8 + 1).expect("dice");
            plays(p, dice, &mut after);
            after
                .iter()
                .map(|a| {
                    let mut x = SparseInputs::new();
                    net.encode(&a.swapped(), &mut x);
                    x
                })
                .collect()
        })
        .collect()
}

/// One position at a time, the second layer row by row (before batching), against
/// `Net::forward_batch` over each roll's candidates on each inference kernel (the baseline
/// instruction set, AVX2 where the processor has it), for `net` (named `label`).
fn bench_batches(c: &mut Criterion, label: &str, net: &Net, set: &[Position]) {
    let batches = candidate_batches(net, set);
    let evaluations: usize = batches.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(evaluations as u64));
    let mut h = vec![0.0; net.scratch_len()];
    group.bench_function(format!("candidates_{label}_one_at_a_time"), |b| {
        b.iter(|| {
            for x in batches.iter().flatten() {
                net.hidden_layer(black_box(x), &mut h);
                black_box(net.output_layer_interleaved(net.upper_layers_by_rows(&mut h)));
            }
        })
    });
    let (mut scratch, mut out) = (Vec::new(), Vec::new());
    for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
        let name = format!("{kernel:?}").to_lowercase();
        group.bench_function(format!("candidates_{label}_batched_{name}"), |b| {
            b.iter(|| {
                for batch in &batches {
                    net.forward_batch_on(kernel, black_box(batch), &mut scratch, &mut out);
                    black_box(&out);
                }
            })
        });
    }
    group.finish();
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
    let two_layer = Net::random_two_layer(e.net().encoding(), 256, 128, 7);
    let narrow = Net::random_two_layer(e.net().encoding(), 256, 64, 7);
    group.finish();
    bench_batches(c, "227_256_5", e.net(), few);
    bench_batches(c, "227_256_128_5", &two_layer, few);
    bench_batches(c, "227_256_64_5", &narrow, few);
    let mut group = c.benchmark_group("engine");
    let searched = |net: Net| {
        let evaluator = NetEvaluator::new(net).with_filters(Filters::SHIPPED);
        match shipped_pruning_net() {
            Some(pruner) => evaluator.with_pruning(pruner, PRUNE_KEEP),
            None => evaluator,
        }
    };
    let (deep, deep_narrow) = (searched(two_layer), searched(narrow));
    let handful = &set[..4];
    group.throughput(Throughput::Elements(handful.len() as u64));
    group.sample_size(10);
    let full_width = NetEvaluator::shipped_full_width();
    for (name, evaluator) in [
        ("best_move_2ply", &e),
        ("best_move_2ply_full_width", &full_width),
        ("best_move_2ply_227_256_128_5", &deep),
        ("best_move_2ply_227_256_64_5", &deep_narrow),
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
