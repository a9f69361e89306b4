//! The engine commands of `ludus backgammon …`: thin glue over `ludus-backgammon-engine`.

use crate::{CliError, CliResult};
use anyhow::Context;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use ludus_backgammon_engine::duel::duel;
use ludus_backgammon_engine::net::{DEFAULT_HIDDEN, Net};
use ludus_backgammon_engine::train::{TrainConfig, train};
use ludus_backgammon_engine::{HeuristicPlayer, NetEvaluator, NetPlayer, Player, RandomPlayer};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The engine subcommands of `ludus backgammon`, flattened into its command list.
#[derive(Debug, Subcommand)]
pub(crate) enum BackgammonEngineCommand {
    /// Print the version of the engine library.
    EngineVersion,
    /// Train a network by self-play TD(lambda) from random weights (or resume a checkpoint).
    Train(TrainArgs),
    /// Play two players against each other with mirrored dice; points per game ± 95% CI.
    Duel(DuelArgs),
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
    /// Hidden units (ignored when resuming).
    #[arg(long, default_value_t = DEFAULT_HIDDEN)]
    hidden: usize,
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
    /// No progress bar (for logs).
    #[arg(long)]
    quiet: bool,
}

/// Arguments of `ludus backgammon duel`.
#[derive(Debug, Args)]
pub(crate) struct DuelArgs {
    /// Player A: `random`, `heuristic`, `net` (shipped weights), `net:PLIES`, or `FILE[:PLIES]`.
    #[arg(long)]
    a: String,
    /// Player B, same forms as --a.
    #[arg(long)]
    b: String,
    /// Games (rounded up to an even number: each dice sequence is played with both colours).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

/// Runs one engine command.
pub(crate) fn run(command: BackgammonEngineCommand) -> CliResult {
    match command {
        BackgammonEngineCommand::EngineVersion => {
            println!("{}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        BackgammonEngineCommand::Train(args) => run_train(args),
        BackgammonEngineCommand::Duel(args) => run_duel(args),
    }
}

fn read_weights(path: &Path) -> Result<Net, CliError> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    Net::from_bytes(&bytes).map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))
}

fn write_weights(path: &Path, net: &Net) -> anyhow::Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, net.to_bytes()).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("renaming to {}", path.display()))?;
    Ok(())
}

fn progress_bar(total: u64, quiet: bool, unit: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let template = format!(
        "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit} ({{per_sec}}, eta {{eta}})"
    );
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

fn run_train(args: TrainArgs) -> CliResult {
    if args.hidden == 0 || args.hidden > 1024 {
        return Err(CliError::bad_input("--hidden must be between 1 and 1024"));
    }
    if !(0.0..=1.0).contains(&args.lambda) {
        return Err(CliError::bad_input("--lambda must be between 0 and 1"));
    }
    let mut net = match &args.resume {
        Some(path) => read_weights(path)?,
        None => Net::random(args.hidden, args.seed),
    };
    let config = TrainConfig {
        seed: args.seed,
        lambda: args.lambda,
        rate: args.rate,
        final_rate: args.final_rate,
        games: args.games,
    };
    let bar = progress_bar(args.games, args.quiet, "games");
    bar.set_position(net.games_trained);
    let start = Instant::now();
    let mut failure = None;
    train(&mut net, &config, |net, done| {
        bar.set_position(done);
        if done % args.checkpoint_every.max(1) == 0 {
            if let Err(e) = write_weights(&args.out, net) {
                failure = Some(e);
                return false;
            }
            if args.quiet {
                eprintln!("{done} games, {:.0} s", start.elapsed().as_secs_f64());
            }
        }
        true
    });
    bar.finish();
    if let Some(e) = failure {
        return Err(e.into());
    }
    write_weights(&args.out, &net)?;
    println!(
        "trained {} games in {:.1} s; weights in {}",
        net.games_trained,
        start.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(())
}

/// Builds a player from its command-line form.
fn parse_player(spec: &str, seed: u64) -> Result<Box<dyn Player>, CliError> {
    match spec {
        "random" => return Ok(Box::new(RandomPlayer::new(seed))),
        "heuristic" => return Ok(Box::new(HeuristicPlayer)),
        _ => {}
    }
    let (source, plies) = match spec.rsplit_once(':') {
        Some((s, p)) if p.chars().all(|c| c.is_ascii_digit()) && !p.is_empty() => {
            let plies: u8 = p
                .parse()
                .map_err(|_| CliError::bad_input(format!("bad plies in player {spec:?}")))?;
            (s, plies)
        }
        _ => (spec, 0),
    };
    if plies > 3 {
        return Err(CliError::bad_input("plies must be 0 to 3"));
    }
    let evaluator = if source == "net" {
        NetEvaluator::shipped()
    } else {
        let path = Path::new(source);
        if !path.exists() {
            return Err(CliError::bad_input(format!(
                "unknown player {spec:?}: expected random, heuristic, net[:PLIES] or FILE[:PLIES]"
            )));
        }
        NetEvaluator::new(read_weights(path)?)
    };
    Ok(Box::new(NetPlayer::new(evaluator, plies, source)))
}

fn run_duel(args: DuelArgs) -> CliResult {
    if args.games == 0 {
        return Err(CliError::bad_input("--games must be at least 1"));
    }
    let mut a = parse_player(&args.a, args.seed ^ 0xA)?;
    let mut b = parse_player(&args.b, args.seed ^ 0xB)?;
    let bar = progress_bar(args.games.div_ceil(2) * 2, args.json, "games");
    let start = Instant::now();
    let report = duel(a.as_mut(), b.as_mut(), args.games, args.seed, |done| {
        bar.set_position(done)
    });
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    if args.json {
        let doc = serde_json::json!({
            "a": report.a, "b": report.b, "games": report.games, "seed": args.seed,
            "a_wins": report.a_wins, "a_gammons": report.a_gammons, "b_gammons": report.b_gammons,
            "ppg": report.ppg, "ci95": report.ci95, "seconds": seconds,
        });
        println!("{doc}");
    } else {
        println!(
            "{} vs {}: {} games (mirrored dice, seed {}), {} wins for A ({:.1}%), gammons A {} B {}",
            report.a,
            report.b,
            report.games,
            args.seed,
            report.a_wins,
            100.0 * report.a_wins as f64 / report.games as f64,
            report.a_gammons,
            report.b_gammons
        );
        println!(
            "A scores {:+.3} ± {:.3} points per game (95% CI), {:.1} s",
            report.ppg, report.ci95, seconds
        );
    }
    Ok(())
}
