//! Speed and play of variants of the 2-ply search against the full-width 2-ply, on the positions
//! of `eval_speed` (seeded random play, one seeded roll each):
//! `cargo run --release -p ludus-backgammon-engine --example search_variants -- MOVES VARIANT…`.
//!
//! A variant is `full` (every reply scored by the full network, 0-ply filter straight to 2
//! plies), `shipped` (`NetEvaluator::shipped()`), or comma-separated settings on the full-width
//! evaluator: `prune=FILE` (a pruning network), `keep=K` (replies it passes to the full network,
//! default 4), `one=K/W` (a 1-ply stage keeping K within W), `plies=N` (default 2). With `--time-only` it only times the variants (for profiles). For each it
//! prints the CPU time a move and, judged by the full-width 2-ply, how often it chose the same
//! play and the equity it lost a move (millipoints, with a 95% interval). The reference is timed
//! first and last, the variants in between, so a change of load shows.

use ludus_backgammon::{Dice, DiceSource, Position, random_positions};
use ludus_backgammon_engine::Net;
use ludus_backgammon_engine::eval::{NetEvaluator, PRUNE_KEEP};
use ludus_backgammon_engine::filters::{Filters, MoveFilter};
use ludus_backgammon_engine::search::{RankedMove, rank_moves};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

#[path = "common/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

/// A variant: its name, evaluator and plies.
struct Variant {
    name: String,
    evaluator: NetEvaluator,
    plies: u8,
}

fn parse_variant(spec: &str) -> Variant {
    if spec == "shipped" {
        return Variant {
            name: spec.into(),
            evaluator: NetEvaluator::shipped(),
            plies: 2,
        };
    }
    let mut evaluator = NetEvaluator::shipped_full_width();
    let mut pruner = None;
    let mut keep = PRUNE_KEEP;
    let mut plies = 2;
    let mut filters = Filters::FULL;
    for setting in spec.split(',').filter(|s| *s != "full") {
        let (key, value) = setting.split_once('=').expect("KEY=VALUE");
        match key {
            "prune" => {
                let bytes = std::fs::read(value).expect("pruning weights");
                pruner = Some(Arc::new(Net::from_bytes(&bytes).expect("a weights file")));
            }
            "keep" => keep = value.parse().expect("a count"),
            "plies" => plies = value.parse().expect("plies"),
            "one" => {
                let (k, w) = value.split_once('/').expect("K/W");
                filters.one = Some(MoveFilter {
                    keep: k.parse().expect("a count"),
                    window: w.parse().expect("a window"),
                });
            }
            _ => panic!("unknown setting {key}"),
        }
    }
    if let Some(pruner) = pruner {
        evaluator = evaluator.with_pruning(pruner, keep);
    }
    Variant {
        name: spec.into(),
        evaluator: evaluator.with_filters(filters),
        plies,
    }
}

/// The CPU ms a move of `variant` and its choices.
fn run(variant: &Variant, set: &[(Position, Dice)]) -> (f64, Vec<Position>) {
    let start = cpu_seconds();
    let choices: Vec<Position> = set
        .iter()
        .map(|(p, d)| rank_moves(&variant.evaluator, p, *d, variant.plies)[0].after)
        .collect();
    (1000.0 * (cpu_seconds() - start) / set.len() as f64, choices)
}

/// The positions and rolls: the first `moves` of `eval_speed`'s.
fn decisions(moves: usize) -> Vec<(Position, Dice)> {
    let positions = random_positions(42, 1000);
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    positions
        .iter()
        .map(|p| (*p, rng.roll()))
        .take(moves)
        .collect()
}

/// Times the variants alone (for profiles).
fn time_only(args: &[String]) {
    let moves: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let set = decisions(moves);
    for spec in &args[1..] {
        let variant = parse_variant(spec);
        let (ms, _) = run(&variant, &set);
        println!("{}: {ms:.2} ms a move", variant.name);
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--time-only") {
        args.retain(|a| a != "--time-only");
        time_only(&args);
        return;
    }
    let moves: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let set = decisions(moves);
    let reference = parse_variant("full");
    let start = cpu_seconds();
    let judged: Vec<Vec<RankedMove>> = set
        .iter()
        .map(|(p, d)| rank_moves(&reference.evaluator, p, *d, 2))
        .collect();
    let first = 1000.0 * (cpu_seconds() - start) / set.len() as f64;
    println!("full 2-ply (reference, first): {first:.2} ms a move");
    for spec in &args[1..] {
        let variant = parse_variant(spec);
        let (ms, choices) = run(&variant, &set);
        let losses: Vec<f64> = choices
            .iter()
            .zip(&judged)
            .map(|(choice, ranked)| {
                let value = ranked
                    .iter()
                    .find(|m| m.after == *choice)
                    .map_or(f64::NAN, |m| m.value);
                1000.0 * (ranked[0].value - value)
            })
            .collect();
        let n = losses.len() as f64;
        let mean = losses.iter().sum::<f64>() / n;
        let var = losses.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let same = losses.iter().filter(|l| **l == 0.0).count();
        println!(
            "{}: {ms:.2} ms a move ({:.2}× faster), same play {same}/{}, loss {mean:.2} ± {:.2} mp a move",
            variant.name,
            first / ms,
            set.len(),
            1.96 * (var / n).sqrt()
        );
    }
    let (last, _) = run(&reference, &set);
    println!("full 2-ply (reference, last): {last:.2} ms a move");
}
