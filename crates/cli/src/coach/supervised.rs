//! `ludus backgammon label` and `ludus backgammon train --supervised`: the arguments, progress
//! and reports of labelling positions by the engine's lookahead (or by rollouts, `--rollout`)
//! and training on them. The file format, the labeller's threads and the training live in
//! `ludus_coach::backgammon` (`labels`, `labeller`, `supervised`).

use crate::args::LuckArg;
use crate::duel_args::Jobs;
use crate::output::outln;
use crate::progress::counting_bar;
use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon_engine::eval::PRUNE_KEEP;
use ludus_backgammon_engine::net::Net;
use ludus_coach::backgammon::labeller::{LabelFile, LabelRun, Labeller, Selection};
use ludus_coach::backgammon::labels::read_labelled;
use ludus_coach::backgammon::player_spec::NetSpec;
use ludus_coach::backgammon::supervised::{SupervisedConfig, fit_error, train_supervised};
use ludus_coach::backgammon::weights::{read_weights, write_weights};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// Arguments of `ludus backgammon label`.
#[derive(Debug, Args)]
pub(crate) struct LabelArgs {
    /// The file to write (appended to and resumed when it exists).
    #[arg(long)]
    out: PathBuf,
    /// Self-play games whose positions are labelled (in all, counting those already in --out).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the games (dice and noise).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The teacher, in the forms of `duel --a` for networks: `net:PLIES` (the shipped network)
    /// or `FILE:PLIES`; it plays the games at 0 ply and labels at PLIES.
    #[arg(long, default_value = "net:2")]
    teacher: String,
    /// A pruning network (`train-pruning --out`) that ranks the replies inside a file teacher's
    /// lookahead, as the shipped network's does (without it a file teacher searches full-width).
    #[arg(long, value_name = "FILE")]
    pruning: Option<PathBuf>,
    /// Label each position by a luck-adjusted rollout of this many games played by the
    /// teacher's network at its plies (`net:0` or `FILE:0`: the network's best play; `net:1`
    /// or `FILE:1`: the 1-ply search, stronger and about twice the time) instead of its
    /// lookahead.
    #[arg(long, value_name = "GAMES")]
    rollout: Option<u64>,
    /// With --rollout: stop each game after this many plies and use the network there.
    #[arg(long, value_name = "PLIES", requires = "rollout")]
    truncate: Option<u32>,
    /// With --rollout: how each roll's luck is valued (as `rollout --luck`). The plays are the
    /// rollout player's either way; `pruned` labels about twice as fast, a little noisier (a file
    /// teacher needs --pruning for it, or nothing is pruned and it equals `full`).
    #[arg(long, value_enum, default_value_t = LuckArg::Full, requires = "rollout")]
    luck: LuckArg,
    /// Label only where the teacher's 0 ply and 2 plies disagree: both positions of each
    /// decision whose 2-ply choice is worth at least this much more equity at 2 plies than the
    /// 0-ply choice (e.g. 0.01).
    #[arg(long, value_name = "EQUITY")]
    disagree: Option<f64>,
    /// Label only the race positions (no contact left, outside the bear-off database) of the
    /// games, for the race network (e.g. by rollouts to the end: --rollout without --truncate).
    #[arg(long, conflicts_with = "disagree")]
    race: bool,
    /// Label only the positions on roll whose money cube decision (the teacher's 0-ply cube
    /// model, centred cube) is within this much equity of changing: no double against double,
    /// or take against pass (e.g. 0.25), for calibrating the chances that decide the cube (e.g.
    /// by rollouts to the end).
    #[arg(long, value_name = "EQUITY", conflicts_with_all = ["disagree", "race"])]
    close_cube: Option<f64>,
    /// Label, at every decision of the games, the positions after its this many best plays (by
    /// the teacher at 0 ply) side by side, so the network learns to rank a decision's candidates
    /// (e.g. 6).
    #[arg(long, value_name = "PLAYS", conflicts_with_all = ["disagree", "race", "close_cube"])]
    siblings: Option<usize>,
    /// Equity noise (uniform, ±) on each play of the games, so they leave the teacher's lines.
    #[arg(long, default_value_t = 0.1)]
    noise: f32,
    #[command(flatten)]
    jobs: Jobs,
    /// No progress bar (a line every 100 games instead).
    #[arg(long)]
    quiet: bool,
}

/// Runs `ludus backgammon label`.
pub(crate) fn run_label(args: LabelArgs) -> CliResult {
    let jobs = args.jobs.count()?;
    if !(0.0..=1.0).contains(&args.noise) {
        return Err(CliError::bad_input("--noise must be between 0 and 1"));
    }
    let selection = selection(&args)?;
    let teacher: NetSpec = args.teacher.parse()?;
    let mut evaluator = teacher.evaluator()?;
    let labeller = Labeller::new(teacher.plies, args.rollout, args.truncate, args.luck.into())?;
    if let Some(path) = &args.pruning {
        let pruner = read_weights(path)?;
        evaluator = evaluator.with_pruning(Arc::new(pruner), PRUNE_KEEP);
    }
    let mut file = LabelFile::resume(&args.out)?;
    let first = file.first();
    let bar = counting_bar(args.games, args.quiet, "games");
    bar.set_position(first.min(args.games));
    let start = Instant::now();
    let run = LabelRun {
        teacher: &evaluator,
        seed: args.seed,
        games: args.games,
        noise: args.noise,
        labeller,
        selection,
        jobs,
    };
    let written = file.label(&run, |done| {
        bar.set_position(done);
        if args.quiet && done % 100 == 0 {
            eprintln!("{done} games, {:.0} s", start.elapsed().as_secs_f64());
        }
    })?;
    bar.finish_and_clear();
    outln!(
        "labelled {written} positions of games {first}..{} {labeller} in {:.1} s; in {}",
        args.games.max(first),
        start.elapsed().as_secs_f64(),
        args.out.display()
    )
}

/// Which positions `label` values, from its mutually exclusive selection options.
fn selection(args: &LabelArgs) -> Result<Selection, CliError> {
    let equity = |value: f64, option: &str| {
        if value.is_finite() && value >= 0.0 {
            Ok(value)
        } else {
            Err(CliError::bad_input(format!(
                "{option} must be a finite equity >= 0"
            )))
        }
    };
    if let Some(top) = args.siblings {
        if top == 0 {
            return Err(CliError::bad_input("--siblings must be at least 1"));
        }
        return Ok(Selection::Siblings(top));
    }
    Ok(match (args.disagree, args.close_cube) {
        (Some(t), _) => Selection::Disagreement(equity(t, "--disagree")?),
        (None, Some(w)) => Selection::CloseCube(equity(w, "--close-cube")?),
        (None, None) if args.race => Selection::Race,
        (None, None) => Selection::Played,
    })
}

/// The settings of `train --supervised` that the self-play ones don't share.
pub(crate) struct SupervisedRun<'a> {
    /// The labelled files.
    pub(crate) files: &'a [PathBuf],
    /// Where the weights go (after every pass).
    pub(crate) out: &'a Path,
    /// Passes, learning rates and the shuffle seed.
    pub(crate) config: SupervisedConfig,
    /// No per-pass lines.
    pub(crate) quiet: bool,
}

/// Runs `ludus backgammon train --supervised`: trains `net` on the files' labels.
pub(crate) fn run_supervised(mut net: Net, run: &SupervisedRun) -> CliResult {
    if run.config.epochs == 0 {
        return Err(CliError::bad_input("--epochs must be at least 1"));
    }
    let start = Instant::now();
    let sets = read_labelled(run.files)?;
    let (train, held_out) = (&sets.train, &sets.held_out);
    let before = fit_error(&net, held_out);
    eprintln!(
        "{} positions to train on, {} held out; held-out equity error {:.4}, output rmse {:.4}",
        train.len(),
        held_out.len(),
        before.equity,
        before.outputs
    );
    let mut failure = None;
    train_supervised(
        &mut net,
        train,
        held_out,
        &run.config,
        |net, pass, error| {
            if !run.quiet {
                eprintln!(
                    "pass {pass}/{}: held-out equity error {:.4}, output rmse {:.4} ({:.0} s)",
                    run.config.epochs,
                    error.equity,
                    error.outputs,
                    start.elapsed().as_secs_f64()
                );
            }
            failure = write_weights(run.out, net).err();
            failure.is_none()
        },
    );
    if let Some(e) = failure {
        return Err(e.into());
    }
    let after = fit_error(&net, held_out);
    outln!(
        "trained {} passes over {} positions in {:.1} s: held-out equity error {:.4} -> {:.4}; weights in {}",
        run.config.epochs,
        train.len(),
        start.elapsed().as_secs_f64(),
        before.equity,
        after.equity,
        run.out.display()
    )
}
