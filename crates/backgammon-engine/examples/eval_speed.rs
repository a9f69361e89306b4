//! Network evaluations and moves chosen at 0, 1, 2 (shipped, without the evaluation cache, and
//! full-width) and 3 plies per
//! second of CPU time (robust on a shared, loaded machine, unlike wall clock; 3 plies on a tenth
//! of the 2-ply moves):
//! `cargo run --release -p ludus-backgammon-engine --example eval_speed [PLIES_2_MOVES]`.
//! Pin it to one core (`taskset -c 1 …`) for one-core figures. With `--requests` it prints the
//! same positions and rolls as `move` requests of the player protocol
//! (docs/backgammon-player-protocol.md) instead, to time another engine on them. With
//! `--net FILE` it times that network's (or bundle of class networks') 0-ply and 2-ply moves (the
//! shipped search: its filters and pruning network) against the shipped network's, alternating in
//! one run, and stops.

use ludus_backgammon::{Dice, DiceSource, random_positions};
use ludus_backgammon_engine::classes::ClassNets;
use ludus_backgammon_engine::encoding::SparseInputs;
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::eval::NetEvaluator;
use ludus_backgammon_engine::net::Net;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

#[path = "common/cpu.rs"]
mod cpu;
use cpu::cpu_seconds;

/// Evaluations timed.
const EVALS: usize = 2_000_000;
/// Positions of random play evaluated in turn.
const POSITIONS: usize = 1000;
/// Seed of the random play and of the rolls.
const SEED: u64 = 42;
/// Moves chosen at 0 and 1 ply (the 2-ply count is the first argument, default 100).
const MOVES_SHALLOW: usize = 1000;

/// Prints a `move … cubeless` request for each position and its roll.
fn print_requests(set: &[ludus_backgammon::Position], rolls: &[Dice]) {
    let money = ludus_backgammon::MatchState::default()
        .match_id()
        .expect("a money game has a Match ID");
    for (position, dice) in set.iter().zip(rolls) {
        println!("move {} {money} {dice} cubeless", position.position_id());
    }
}

/// The forms of the network's evaluation compared by [`time_network_forms`], oldest first.
const FORMS: [&str; 3] = [
    "hidden layer by rows, output sums one at a time (before issue 15)",
    "hidden layer by rows, output sums interleaved",
    "hidden layer in blocks, output sums interleaved (Net::forward_interleaved)",
];

/// One evaluation of `x` by the network in the form `FORMS[which]`.
fn forward_in_form(net: &Net, which: usize, x: &SparseInputs, h: &mut [f32]) -> [f32; 5] {
    match which {
        0 => {
            net.hidden_layer_by_rows(x, h);
            net.output_layer(h)
        }
        1 => {
            net.hidden_layer_by_rows(x, h);
            net.output_layer_interleaved(h)
        }
        _ => net.forward_interleaved(x, h),
    }
}

/// The network alone on its own encoding of the positions, in each of [`FORMS`] (the same
/// outputs bit for bit), in turn, ten rounds.
fn time_network_forms(e: &NetEvaluator, set: &[ludus_backgammon::Position]) {
    let net = e.net();
    let inputs: Vec<SparseInputs> = set
        .iter()
        .map(|p| {
            let mut x = SparseInputs::new();
            net.encode(p, &mut x);
            x
        })
        .collect();
    let mut h = vec![0.0f32; net.scratch_len()];
    let mut seconds = [0.0f64; FORMS.len()];
    for round in 0..10 {
        for (which, total) in seconds.iter_mut().enumerate() {
            let start = cpu_seconds();
            for i in 0..EVALS / 10 {
                let x = black_box(&inputs[(i + round) % inputs.len()]);
                black_box(forward_in_form(net, which, x, &mut h));
            }
            *total += cpu_seconds() - start;
        }
    }
    for (form, s) in FORMS.iter().zip(seconds) {
        println!(
            "network on encoded inputs, {form}: {:.0}/CPU-s ({:.2}× the first)",
            EVALS as f64 / s,
            seconds[0] / s
        );
    }
}

/// `FILE`'s network against the shipped one, searched alike: CPU time a move at 0 and 2 plies,
/// five rounds alternating the two so that both see the same load.
fn compare_networks(path: &str, set: &[ludus_backgammon::Position], rolls: &[Dice], moves: usize) {
    use ludus_backgammon_engine::eval::{PRUNE_KEEP, shipped_pruning_net};
    use ludus_backgammon_engine::filters::Filters;
    use ludus_backgammon_engine::search::rank_moves;
    let read = std::fs::read(path).map_err(|e| e.to_string());
    // A single network or a bundle of class networks (weights format 3).
    let nets = read.and_then(|b| ClassNets::from_bytes(&b).map_err(|e| e.to_string()));
    let nets = match nets {
        Ok(nets) => nets,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let mut custom = NetEvaluator::from_classes(nets).with_filters(Filters::SHIPPED);
    if let Some(pruner) = shipped_pruning_net() {
        custom = custom.with_pruning(pruner, PRUNE_KEEP);
    }
    let evaluators = [("shipped", NetEvaluator::shipped()), (path, custom)];
    // Build the lazily made tables (the bearoff databases) before timing.
    for (_, e) in &evaluators {
        for (position, dice) in set.iter().zip(rolls) {
            black_box(rank_moves(e, position, *dice, 0));
        }
    }
    for plies in [0u8, 2] {
        let moves = if plies == 0 { set.len() } else { moves };
        let mut seconds = [0.0f64; 2];
        for _ in 0..5 {
            for (total, (_, e)) in seconds.iter_mut().zip(&evaluators) {
                let start = cpu_seconds();
                for (position, dice) in set.iter().zip(rolls).take(moves) {
                    black_box(rank_moves(e, position, *dice, plies));
                }
                *total += cpu_seconds() - start;
            }
        }
        for ((name, _), s) in evaluators.iter().zip(seconds) {
            println!(
                "{plies}-ply, {name}: {:.3} ms a move ({:.2}× the shipped network's)",
                1000.0 * s / (5 * moves) as f64,
                s / seconds[0]
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let net_file = args
        .iter()
        .position(|a| a == "--net")
        .and_then(|i| args.get(i + 1).cloned());
    let deep_moves: usize = args
        .iter()
        .skip(1)
        .filter(|a| a.parse::<usize>().is_ok())
        .find_map(|a| a.parse().ok())
        .unwrap_or(100);
    let set = random_positions(SEED, POSITIONS);
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let rolls: Vec<Dice> = set.iter().map(|_| rng.roll()).collect();
    if std::env::args().any(|a| a == "--requests") {
        print_requests(&set, &rolls);
        return;
    }
    if let Some(path) = net_file {
        compare_networks(&path, &set, &rolls, deep_moves);
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
    time_network_forms(&e, &set);
    let variants = [
        ("0-ply", Engine::new(0), MOVES_SHALLOW),
        ("1-ply", Engine::new(1), MOVES_SHALLOW),
        ("2-ply", Engine::new(2), deep_moves),
        (
            "2-ply without the evaluation cache",
            Engine::new(2).uncached(),
            deep_moves,
        ),
        ("2-ply full-width", Engine::new(2).full_width(), deep_moves),
        ("3-ply", Engine::new(3), deep_moves / 10),
    ];
    // Build the lazily made tables (the bearoff databases) before timing.
    for position in &set {
        black_box(variants[0].1.evaluate(position));
    }
    for (label, engine, moves) in variants {
        let start_cpu = cpu_seconds();
        for (position, dice) in set.iter().zip(&rolls).take(moves) {
            black_box(engine.best_move(position, *dice));
        }
        let cpu = cpu_seconds() - start_cpu;
        println!(
            "{label}: {moves} moves chosen, {:.1}/s of CPU time, {:.2} ms a move",
            moves as f64 / cpu,
            1000.0 * cpu / moves as f64
        );
    }
}
