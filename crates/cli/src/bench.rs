//! `ludus bench`: the headline benchmarks of the hot paths, one line each. Each times a fixed,
//! seeded workload of the engine crates (`ludus_morris_engine::workloads`,
//! `ludus_backgammon_engine::workloads`: a fixed amount of work, not time), so two runs
//! compare; criterion benches
//! (`cargo bench`) give the careful figures recorded in `docs/benchmarks.md`.

use crate::CliResult;
use crate::output::outln;
use clap::Args;
use ludus_backgammon_engine::workloads as bg;
use ludus_morris_engine::workloads as morris;
use serde::Serialize;
use std::time::Instant;

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
    let positions = bg::positions();
    let morris_perft = BenchResult::timed("morris perft", "nodes", morris::perft_from_start);
    let morris_search = BenchResult::timed("morris search", "nodes", morris::search_from_start);
    let movegen = BenchResult::timed("backgammon movegen", "move lists", || {
        bg::movegen(&positions)
    });
    let engine = bg::warm_engine(&positions);
    let eval = BenchResult::timed("backgammon eval", "evaluations", || {
        bg::eval(&engine, &positions)
    });
    let engine = bg::warm_engine(&positions);
    let rolls = bg::rolls(&positions);
    let play = BenchResult::timed("backgammon 0-ply play", "moves chosen", || {
        bg::play(&engine, &positions, &rolls)
    });
    let two_ply = BenchResult::timed("backgammon 2-ply play", "moves chosen", || {
        bg::play_two_ply(&positions, &rolls)
    });
    let results = [morris_perft, morris_search, movegen, eval, play, two_ply];
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
