//! `ludus-coach backgammon …`: the commands that train and measure Backgammon players
//! (`ludus_coach::backgammon`): arguments, progress bars and reports.

use crate::coach_error::player_failure;
use crate::duel_args::{DuelPlayers, Jobs};
use crate::output::outln;
use crate::progress::counting_bar;
use crate::{CliError, CliResult};
use clap::{Args, Subcommand};
use indicatif::ProgressBar;
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::net::Net;
use ludus_coach::backgammon::checkpoints::{Checkpoint, Checkpoints, StartNet};
use ludus_coach::backgammon::distill::{DistillConfig, RECALL_KEEP, distill};
use ludus_coach::backgammon::duel::{CubeCounts, DuelConfig, DuelReport, Stakes, duel_parallel};
use ludus_coach::backgammon::player_spec::{PlayerSpec, duel_players};
use ludus_coach::backgammon::supervised::SupervisedConfig;
use ludus_coach::backgammon::train::{RefineConfig, TrainConfig, refine, train};
use ludus_coach::backgammon::weights::{read_class_nets, write_weights};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Instant;

/// The commands of `ludus-coach backgammon`.
#[derive(Debug, Subcommand)]
pub(crate) enum BackgammonCoachCommand {
    /// Train a network by self-play TD(lambda) from random weights (or resume a checkpoint).
    Train(TrainArgs),
    /// Distil the shipped network into the small pruning network that ranks replies inside the
    /// lookahead (seeded self-play positions labelled by the shipped network).
    TrainPruning(TrainPruningArgs),
    /// Label the positions of seeded self-play games by the engine's lookahead, for
    /// `train --supervised` (resumes a stopped run).
    Label(crate::supervised::LabelArgs),
    /// Fit a network to labelled positions with minibatch AdamW (a learning-rate schedule, the
    /// best pass on held-out positions kept, a checkpoint after each pass, resumed if present).
    Fit(crate::fit::FitArgs),
    /// Bundle a network a position class (contact, crashed, race) into one weights file; each
    /// position is then judged by its class's network.
    Bundle(crate::fit::BundleArgs),
    /// Play two players against each other with mirrored dice; points per game ± 95% CI.
    ///
    /// A player is `random`, `heuristic`, `net` (shipped weights), `net:PLIES`, `FILE[:PLIES]`,
    /// `gnubg:Nply` (GNU Backgammon at N plies) or `cmd:<command line>` (any program speaking
    /// docs/backgammon-player-protocol.md). `net:PLIESfull` (e.g. `net:2full`) searches without
    /// the pruning network and the 1-ply stage (every reply scored by the full network). A
    /// network player prefixed `cubeless:` (e.g. `cubeless:net:0`) chooses its checker plays by
    /// cubeless equity even in match play.
    Duel(DuelArgs),
    /// Equity lost per move by several players on a fixed set of positions, judged by one
    /// evaluator (gnubg at 2 plies by default).
    ErrorRate(crate::error_rate::ErrorRateArgs),
}

/// Runs one command.
pub(crate) fn run(command: BackgammonCoachCommand) -> CliResult {
    match command {
        BackgammonCoachCommand::Train(args) => run_train(args),
        BackgammonCoachCommand::TrainPruning(args) => run_train_pruning(args),
        BackgammonCoachCommand::Label(args) => crate::supervised::run_label(args),
        BackgammonCoachCommand::Fit(args) => crate::fit::run(args),
        BackgammonCoachCommand::Bundle(args) => crate::fit::run_bundle(args),
        BackgammonCoachCommand::Duel(args) => run_duel(args),
        BackgammonCoachCommand::ErrorRate(args) => crate::error_rate::run(args),
    }
}

/// Arguments of `ludus backgammon train`.
#[derive(Debug, Args)]
pub(crate) struct TrainArgs {
    /// Where to write the weights (also the checkpoint file, rewritten every --checkpoint-every).
    #[arg(long)]
    out: PathBuf,
    /// Total self-play games.
    #[arg(long, default_value_t = 100_000)]
    games: u64,
    /// Seed of the initial weights and the dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Hidden units (default 128). With --resume: grow the resumed network to this many (new
    /// units with small random input weights and zero output weights: it plays as before).
    #[arg(long)]
    hidden: Option<usize>,
    /// Input encoding: 1 (board inputs), 2 (board inputs and hand-made features; default for a
    /// new network), 3 (2 and contact values) or 4 (3 and tactical values). With --resume: widen
    /// the network to it (the new inputs get zero weights: it plays as before).
    #[arg(long)]
    encoding: Option<u32>,
    /// Learning rate at the start.
    #[arg(long, default_value_t = 0.1)]
    rate: f32,
    /// Learning rate at the end (linear decay).
    #[arg(long, default_value_t = 0.02)]
    final_rate: f32,
    /// Lambda of TD(lambda).
    #[arg(long, default_value_t = 0.7)]
    lambda: f32,
    /// Continue from this weights file (keeps its game count).
    #[arg(long)]
    resume: Option<PathBuf>,
    /// Write a checkpoint every this many games.
    #[arg(long, default_value_t = 5_000)]
    checkpoint_every: u64,
    /// Stop once the network has seen this many games, with the learning rate where --games
    /// puts it (replays a checkpoint of a longer run exactly).
    #[arg(long, value_name = "GAMES")]
    stop_at: Option<u64>,
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
    /// Instead of TD(lambda): supervised refinement of --resume's network on this many positions
    /// labelled by its own --label-plies lookahead.
    #[arg(long)]
    refine_positions: Option<u64>,
    /// Plies of the labelling lookahead for --refine-positions.
    #[arg(long, default_value_t = 1)]
    label_plies: u8,
    /// Instead of self-play: train on these files of labelled positions (`ludus backgammon
    /// label`) for --epochs passes, the rate decaying from --rate to --final-rate; --seed
    /// shuffles. Every 20th game is held out and its error reported after each pass.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    supervised: Vec<PathBuf>,
    /// Passes over the labelled positions with --supervised.
    #[arg(long, default_value_t = 10)]
    epochs: u32,
}

/// Arguments of `ludus backgammon train-pruning`.
#[derive(Debug, Args)]
pub(crate) struct TrainPruningArgs {
    /// Where to write the pruning weights.
    #[arg(long)]
    out: PathBuf,
    /// The network to distil, a weights file or a bundle of class networks (default: the
    /// shipped weights).
    #[arg(long, value_name = "FILE")]
    teacher: Option<PathBuf>,
    /// Self-play games whose positions are labelled.
    #[arg(long, default_value_t = DistillConfig::default().games)]
    games: u64,
    /// Seed of the games, the initial weights and the training order.
    #[arg(long, default_value_t = DistillConfig::default().seed)]
    seed: u64,
    /// Hidden units of the pruning network.
    #[arg(long, default_value_t = DistillConfig::default().hidden)]
    hidden: usize,
    /// Passes over the labelled positions.
    #[arg(long, default_value_t = DistillConfig::default().epochs)]
    epochs: u32,
    /// Learning rate at the start.
    #[arg(long, default_value_t = DistillConfig::default().rate)]
    rate: f32,
    /// Learning rate at the end (linear decay).
    #[arg(long, default_value_t = DistillConfig::default().final_rate)]
    final_rate: f32,
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
}

fn run_train_pruning(args: TrainPruningArgs) -> CliResult {
    if args.hidden == 0 || args.hidden > 1024 {
        return Err(CliError::bad_input("--hidden must be between 1 and 1024"));
    }
    if args.games == 0 || args.epochs == 0 {
        return Err(CliError::bad_input(
            "--games and --epochs must be at least 1",
        ));
    }
    let config = DistillConfig {
        seed: args.seed,
        games: args.games,
        hidden: args.hidden,
        epochs: args.epochs,
        rate: args.rate,
        final_rate: args.final_rate,
    };
    let bar = counting_bar(u64::from(args.epochs), args.quiet, "passes");
    let started = Instant::now();
    let teacher = match &args.teacher {
        Some(path) => NetEvaluator::from_classes(read_class_nets(path)?).full_width(),
        None => NetEvaluator::shipped_full_width(),
    };
    let (net, report) = distill(&teacher, &config, |done, _| {
        bar.set_position(u64::from(done))
    });
    bar.finish_and_clear();
    write_weights(&args.out, &net)?;
    outln!(
        "wrote {} ({} hidden units) in {:.1} s: {} positions trained; on {} held-out decisions the \
         best play is ranked first {:.1}% and among the best {RECALL_KEEP} {:.1}%; mean equity \
         error {:.4}",
        args.out.display(),
        args.hidden,
        started.elapsed().as_secs_f64(),
        report.trained_positions,
        report.held_out_decisions,
        100.0 * report.top1,
        100.0 * report.recall,
        report.mean_equity_error
    )
}

fn run_train(args: TrainArgs) -> CliResult {
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(CliError::bad_input("--lambda must be between 0 and 1"));
    }
    let mut net = initial_net(&args)?;
    if !args.supervised.is_empty() {
        let run = crate::supervised::SupervisedRun {
            files: &args.supervised,
            out: &args.out,
            config: SupervisedConfig {
                seed: args.seed,
                epochs: args.epochs,
                rate: args.rate,
                final_rate: args.final_rate,
            },
            quiet: args.quiet,
        };
        return crate::supervised::run_supervised(net, &run);
    }
    if let Some(positions) = args.refine_positions {
        return run_refine(&args, net, positions);
    }
    let config = TrainConfig {
        seed: args.seed,
        lambda: args.lambda,
        rate: args.rate,
        final_rate: args.final_rate,
        games: args.games,
    };
    let mut checkpoints = Progress::new(&args, args.games, net.games_trained, "games");
    let stop_at = args.stop_at.unwrap_or(u64::MAX);
    train(&mut net, &config, |net, done| {
        checkpoints.progress(net, done) && done < stop_at
    });
    checkpoints.finish(&net)?;
    outln!(
        "trained {} games in {:.1} s; weights in {}",
        net.games_trained,
        checkpoints.seconds(),
        args.out.display()
    )?;
    Ok(())
}

/// The network a training run starts from (`ludus_coach::backgammon::checkpoints::StartNet`).
fn initial_net(args: &TrainArgs) -> Result<Net, CliError> {
    let start = StartNet {
        resume: args.resume.clone(),
        hidden: args.hidden,
        encoding: args.encoding,
        seed: args.seed,
    };
    Ok(start.net()?)
}

/// The progress of a training run: a progress bar (or a line per checkpoint with `--quiet`)
/// over the coach's checkpoint policy (`ludus_coach::backgammon::checkpoints::Checkpoints`).
struct Progress<'a> {
    checkpoints: Checkpoints<'a>,
    quiet: bool,
    unit: &'static str,
    bar: ProgressBar,
    start: Instant,
}

impl<'a> Progress<'a> {
    /// Progress towards `total` units (`unit`: games or positions), `done` already.
    fn new(args: &'a TrainArgs, total: u64, done: u64, unit: &'static str) -> Progress<'a> {
        let bar = counting_bar(total, args.quiet, unit);
        bar.set_position(done);
        Progress {
            checkpoints: Checkpoints::new(&args.out, args.checkpoint_every, done),
            quiet: args.quiet,
            unit,
            bar,
            start: Instant::now(),
        }
    }

    /// Called by the training loop after each game: `false` stops it.
    fn progress(&mut self, net: &Net, done: u64) -> bool {
        self.bar.set_position(done);
        match self.checkpoints.after(net, done) {
            Checkpoint::NotDue => true,
            Checkpoint::Failed => false,
            Checkpoint::Written => {
                if self.quiet {
                    eprintln!("{done} {}, {:.0} s", self.unit, self.seconds());
                }
                true
            }
        }
    }

    /// Ends the run: the first failure, or the final weights written.
    fn finish(&mut self, net: &Net) -> CliResult {
        self.bar.finish();
        Ok(self.checkpoints.finish(net)?)
    }

    /// Seconds since the run started.
    fn seconds(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }
}

fn run_refine(args: &TrainArgs, mut net: Net, positions: u64) -> CliResult {
    if args.resume.is_none() {
        return Err(CliError::bad_input(
            "--refine-positions needs --resume WEIGHTS",
        ));
    }
    if args.label_plies == 0 || args.label_plies > 2 {
        return Err(CliError::bad_input("--label-plies must be 1 or 2"));
    }
    let config = RefineConfig {
        seed: args.seed,
        rate: args.rate,
        positions,
        plies: args.label_plies,
    };
    let mut checkpoints = Progress::new(args, positions, 0, "positions");
    refine(&mut net, &config, |net, done| {
        checkpoints.progress(net, done)
    });
    checkpoints.finish(&net)?;
    outln!(
        "refined on {positions} positions in {:.1} s; weights in {}",
        checkpoints.seconds(),
        args.out.display()
    )?;
    Ok(())
}

/// Arguments of `ludus backgammon duel`.
#[derive(Debug, Args)]
pub(crate) struct DuelArgs {
    #[command(flatten)]
    players: DuelPlayers,
    /// Games (rounded up to an even number: each dice sequence is played with both colours);
    /// matches with --match-length.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Money play with the doubling cube (network players double and take by the cube model;
    /// the heuristic and random players never double and always take).
    #[arg(long, conflicts_with = "match_length")]
    cube: bool,
    /// Play matches to this many points (cube, Crawford rule) instead of single games.
    #[arg(long, value_name = "POINTS")]
    match_length: Option<u32>,
    #[command(flatten)]
    jobs: Jobs,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

/// Longest match a duel plays (the engine's match equity table reaches 25 points).
const MAX_DUEL_MATCH: u32 = 25;

fn duel_stakes(args: &DuelArgs) -> Result<Stakes, CliError> {
    Ok(match args.match_length {
        Some(length) if (1..=MAX_DUEL_MATCH).contains(&length) => Stakes::Match(length),
        Some(_) => {
            return Err(CliError::bad_input(format!(
                "--match-length must be 1 to {MAX_DUEL_MATCH}"
            )));
        }
        None if args.cube => Stakes::Money,
        None => Stakes::Cubeless,
    })
}

fn run_duel(args: DuelArgs) -> CliResult {
    if args.games == 0 {
        return Err(CliError::bad_input("--games must be at least 1"));
    }
    let jobs = args.jobs.count()?;
    let config = DuelConfig {
        games: args.games,
        seed: args.seed,
        stakes: duel_stakes(&args)?,
    };
    let bar = counting_bar(args.games.div_ceil(2) * 2, args.json, "games");
    let start = Instant::now();
    let (a, b): (PlayerSpec, PlayerSpec) = (args.players.a.parse()?, args.players.b.parse()?);
    // Fail early, with exit code 2, on a network that does not load (programs are started by
    // the workers, each its own).
    for spec in [&a, &b] {
        if !matches!(spec, PlayerSpec::Program(_)) {
            drop(spec.player(args.seed)?);
        }
    }
    let factory = duel_players((&args.players.a, &a), (&args.players.b, &b), args.seed);
    let report = duel_parallel(&factory, &config, jobs, &|done| bar.set_position(done))
        .map_err(player_failure)?;
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    print_duel(&report, &args, seconds)
}

fn print_duel(report: &DuelReport, args: &DuelArgs, seconds: f64) -> CliResult {
    let rate = report.games as f64 / seconds.max(1e-9);
    let stakes = match report.stakes {
        Stakes::Cubeless => "cubeless".to_string(),
        Stakes::Money => "money (cube)".to_string(),
        Stakes::Match(n) => format!("{n}-point match"),
    };
    if args.json {
        let doc = serde_json::json!({
            "a": report.a, "b": report.b, "games": report.games, "seed": args.seed,
            "stakes": stakes, "a_wins": report.a_wins, "a_gammons": report.a_gammons,
            "b_gammons": report.b_gammons, "ppg": report.ppg, "ci95": report.ci95,
            "ci95_unmirrored": report.ci95_unmirrored,
            "variance_ratio": report.variance_ratio(), "seconds": seconds,
            "games_per_second": rate, "cube": report.stakes != Stakes::Cubeless,
            "a_cube": cube_counts_json(&report.a_cube), "b_cube": cube_counts_json(&report.b_cube),
        });
        outln!("{doc}")?;
        return Ok(());
    }
    let (unit, kind) = match report.stakes {
        Stakes::Match(n) => ("matches", format!("{n}-point")),
        _ => ("games", stakes),
    };
    outln!(
        "{} vs {}: {} {kind} {unit} (mirrored dice, seed {}), {} wins for A ({:.1}%), gammons A {} B {}",
        report.a,
        report.b,
        report.games,
        args.seed,
        report.a_wins,
        100.0 * report.a_wins as f64 / report.games as f64,
        report.a_gammons,
        report.b_gammons
    )?;
    let per = if unit == "matches" {
        "per match (+1 a match won, -1 lost)"
    } else {
        "points per game"
    };
    outln!(
        "A scores {:+.3} ± {:.3} {per} (95% CI); unmirrored estimate from the same {unit}: ± {:.3} (mirroring = {:.2}× the {unit})",
        report.ppg,
        report.ci95,
        report.ci95_unmirrored,
        report.variance_ratio()
    )?;
    if report.stakes != Stakes::Cubeless {
        for (name, mine, theirs) in [
            ("A", &report.a_cube, &report.b_cube),
            ("B", &report.b_cube, &report.a_cube),
        ] {
            outln!(
                "{name} doubled {} times: taken {}, passed {}",
                mine.doubles,
                theirs.takes,
                theirs.passes
            )?;
        }
    }
    outln!("{seconds:.1} s, {rate:.2} {unit}/s")?;
    Ok(())
}

/// One player's cube actions in a duel's JSON report.
fn cube_counts_json(counts: &CubeCounts) -> Value {
    json!({"doubles": counts.doubles, "takes": counts.takes, "passes": counts.passes})
}
