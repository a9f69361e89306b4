//! `ludus bench`: the headline benchmarks of the hot paths, one line each. Each runs a fixed,
//! seeded workload for a fixed amount of work (not time), so two runs compare; criterion benches
//! (`cargo bench`) give the careful figures recorded in `docs/benchmarks.md`.

use crate::CliResult;
use crate::output::outln;
use clap::Args;
use ludus_backgammon::{Dice, DiceSource, Position as BgPosition, random_positions};
use ludus_backgammon_engine::engine::Engine;
use ludus_morris::{Position as MorrisPosition, Rules, perft};
use ludus_morris_engine::{SearchLimits, Searcher};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::time::Instant;

/// Depth of the Morris perft from the empty board (99,274,176 nodes).
const MORRIS_PERFT_DEPTH: u32 = 6;
/// Depth of the Morris search from the empty board.
const MORRIS_SEARCH_DEPTH: u32 = 8;
/// Backgammon positions of seeded random play used by the backgammon lines.
const BG_POSITIONS: usize = 1_000;
/// Passes over the position set × 21 rolls for move generation.
const BG_MOVEGEN_PASSES: usize = 10;
/// Passes over the position set for network evaluations.
const BG_EVAL_PASSES: usize = 200;
/// Seed of the backgammon position set.
const BG_SEED: u64 = 2026;

/// Arguments of `ludus bench`.
#[derive(Debug, Args)]
pub(crate) struct BenchArgs {
    /// Print one JSON array of results.
    #[arg(long)]
    json: bool,
}

/// One benchmark result.
#[derive(Debug, Serialize)]
struct BenchResult {
    name: &'static str,
    work: u64,
    unit: &'static str,
    seconds: f64,
    per_second: f64,
}

impl BenchResult {
    fn timed(name: &'static str, unit: &'static str, run: impl FnOnce() -> u64) -> BenchResult {
        let start = Instant::now();
        let work = run();
        let seconds = start.elapsed().as_secs_f64();
        BenchResult {
            name,
            work,
            unit,
            seconds,
            per_second: work as f64 / seconds.max(f64::EPSILON),
        }
    }
}

/// Runs every headline benchmark and prints one line (or one JSON entry) each.
pub(crate) fn run(args: BenchArgs) -> CliResult {
    let bg_positions = backgammon_positions();
    let results = [
        morris_perft(),
        morris_search(),
        backgammon_movegen(&bg_positions),
        backgammon_eval(&bg_positions),
        backgammon_play(&bg_positions),
    ];
    if !args.json {
        for result in &results {
            outln!(
                "{:<24} {:>14.0} {}/s  ({} {} in {:.3} s)",
                result.name,
                result.per_second,
                result.unit,
                result.work,
                result.unit,
                result.seconds
            )?;
        }
    }
    if args.json {
        outln!(
            "{}",
            serde_json::to_string(&results).map_err(anyhow::Error::from)?
        )?;
    }
    Ok(())
}

fn morris_perft() -> BenchResult {
    BenchResult::timed("morris perft", "nodes", || {
        perft(
            &MorrisPosition::new(),
            &Rules::standard(),
            MORRIS_PERFT_DEPTH,
        )
    })
}

fn morris_search() -> BenchResult {
    BenchResult::timed("morris search", "nodes", || {
        let mut searcher = Searcher::new(Rules::standard());
        let result = searcher.search(
            &MorrisPosition::new(),
            &SearchLimits::depth(MORRIS_SEARCH_DEPTH),
        );
        result.nodes
    })
}

/// Positions of seeded random play ([`random_positions`]).
fn backgammon_positions() -> Vec<BgPosition> {
    random_positions(BG_SEED, BG_POSITIONS)
}

fn backgammon_movegen(positions: &[BgPosition]) -> BenchResult {
    BenchResult::timed("backgammon movegen", "move lists", || {
        let mut plays = Vec::new();
        let mut lists = 0;
        for _ in 0..BG_MOVEGEN_PASSES {
            for position in positions {
                for (dice, _) in Dice::ALL_21.iter() {
                    position.successors(*dice, &mut plays);
                    lists += 1;
                }
            }
        }
        lists
    })
}

/// An engine at `plies`, with its lazily built tables (the bearoff database) built before timing.
fn warm_engine(plies: u8, positions: &[BgPosition]) -> Engine {
    let engine = Engine::new(plies);
    for position in positions {
        std::hint::black_box(engine.evaluate(position));
    }
    engine
}

fn backgammon_eval(positions: &[BgPosition]) -> BenchResult {
    let engine = warm_engine(0, positions);
    BenchResult::timed("backgammon eval", "evaluations", || {
        let mut checksum = 0.0f32;
        for _ in 0..BG_EVAL_PASSES {
            for position in positions {
                checksum += engine.evaluate(position).equity();
            }
        }
        std::hint::black_box(checksum);
        (BG_EVAL_PASSES * positions.len()) as u64
    })
}

fn backgammon_play(positions: &[BgPosition]) -> BenchResult {
    let engine = warm_engine(0, positions);
    let mut rng = ChaCha8Rng::seed_from_u64(BG_SEED);
    let rolls: Vec<Dice> = positions.iter().map(|_| rng.roll()).collect();
    BenchResult::timed("backgammon 0-ply play", "moves chosen", || {
        for (position, dice) in positions.iter().zip(&rolls) {
            std::hint::black_box(engine.best_move(position, *dice));
        }
        positions.len() as u64
    })
}
