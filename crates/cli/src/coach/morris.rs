//! `ludus-coach morris …`: the commands that tune and measure Morris players
//! (`ludus_coach::morris`): `tune` fits the evaluation weights to seeded self-play (Texel's
//! method) and writes them; `duel` plays two players over seeded openings.

use crate::args::parse_rules;
use crate::output::outln;
use crate::progress::styled_bar;
use crate::{CliError, CliResult};
use clap::{Args, Subcommand};
use ludus_coach::morris::tune::{TuneConfig, fit, self_play};
use ludus_morris_engine::db::Databases;
use ludus_morris_engine::eval::Weights;
use std::path::PathBuf;
use std::time::Instant;

/// The commands of `ludus-coach morris`.
#[derive(Debug, Subcommand)]
pub(crate) enum MorrisCoachCommand {
    /// Tune the evaluation weights: seeded self-play at a fixed depth, quiet positions labelled
    /// by the game results (or by the built endgame databases where they cover a position),
    /// a logistic least-squares fit; writes a weights file (`crates/morris-engine/src/weights.txt`
    /// is the one compiled in).
    Tune(TuneArgs),
    /// Play two players (engine settings or UCI-like programs) over seeded openings with both
    /// colours: W-D-L, score, Elo with its 95% interval, an optional SPRT.
    ///
    /// A player is `level:N` (1..10), `depth:N`, `movetime:MS` (this binary's engine), or
    /// `uci:COMMAND ARGS…` (a program speaking the UCI-like protocol, e.g.
    /// `uci:/path/tgf mill uci` or `uci:ludus morris uci`).
    Duel(crate::morris_duel::DuelArgs),
}

/// Arguments of `ludus-coach morris tune`.
#[derive(Debug, Args)]
pub(crate) struct TuneArgs {
    /// Seed of the openings and of the self-play noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Self-play games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Search depth of the self-play moves.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Evaluation noise of the self-play searches, in hundredths of a piece.
    #[arg(long, default_value_t = 20)]
    noise: i32,
    /// Passes of the fit.
    #[arg(long, default_value_t = 1000)]
    epochs: u32,
    /// Start from (and play the self-play games with) this weights file instead of the
    /// compiled-in weights.
    #[arg(long)]
    from: Option<PathBuf>,
    /// Rules: `standard` (flying) or `no-flying`.
    #[arg(long, default_value = "standard")]
    rules: String,
    /// Where to write the fitted weights.
    #[arg(long)]
    out: PathBuf,
}

/// Runs one command.
pub(crate) fn run(command: MorrisCoachCommand) -> CliResult {
    match command {
        MorrisCoachCommand::Duel(args) => crate::morris_duel::run(args),
        MorrisCoachCommand::Tune(TuneArgs {
            seed,
            games,
            depth,
            noise,
            epochs,
            from,
            rules,
            out,
        }) => {
            let config = TuneConfig {
                seed,
                games,
                depth,
                noise,
                epochs,
                rules: parse_rules(&rules)?,
            };
            tune(&config, from.as_deref(), &out)
        }
    }
}

/// Most self-play games and fit passes `tune` accepts, and its deepest self-play search.
const MAX_TUNE_GAMES: u64 = 1_000_000;
const MAX_TUNE_EPOCHS: u32 = 1_000_000;
const MAX_TUNE_DEPTH: u32 = 12;

fn tune(config: &TuneConfig, from: Option<&std::path::Path>, out: &std::path::Path) -> CliResult {
    if config.games == 0 || config.games > MAX_TUNE_GAMES {
        return Err(CliError::bad_input(format!(
            "--games must be 1..={MAX_TUNE_GAMES}"
        )));
    }
    if config.depth == 0 || config.depth > MAX_TUNE_DEPTH {
        return Err(CliError::bad_input(format!(
            "--depth must be 1..={MAX_TUNE_DEPTH}"
        )));
    }
    if config.epochs == 0 || config.epochs > MAX_TUNE_EPOCHS {
        return Err(CliError::bad_input(format!(
            "--epochs must be 1..={MAX_TUNE_EPOCHS}"
        )));
    }
    if !(0..=MAX_TUNE_NOISE).contains(&config.noise) {
        return Err(CliError::bad_input(format!(
            "--noise must be 0..={MAX_TUNE_NOISE}"
        )));
    }
    let start_weights = match from {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| CliError::bad_input(format!("cannot read {}: {e}", path.display())))?;
            Weights::parse(&text)
                .map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))?
        }
        None => Weights::tuned(),
    };
    let dbs = Databases::open_default();
    let start = Instant::now();
    let bar = styled_bar(
        1,
        "{prefix:>9} [{bar:30}] {pos}/{len} {elapsed_precise} eta {eta}",
    );
    let mut on_progress = |stage: &'static str, done: u64, total: u64| {
        bar.set_prefix(stage);
        bar.set_length(total.max(1));
        bar.set_position(done);
    };
    let samples = self_play(config, start_weights, Some(&dbs), &mut on_progress);
    let perfect = samples.iter().filter(|s| s.perfect).count();
    let found = fit(&samples, start_weights, config.epochs, &mut on_progress);
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let header = format!(
        "# ludus morris tune --seed {} --games {} --depth {} --noise {} --epochs {}{}\n\
         # {} positions ({perfect} labelled by the databases), K {:.0}, \
         mean squared error {:.5} -> {:.5}, {seconds:.0} s\n",
        config.seed,
        config.games,
        config.depth,
        config.noise,
        config.epochs,
        from.map_or(String::new(), |p| format!(" --from {}", p.display())),
        samples.len(),
        found.scale,
        found.loss_before,
        found.loss_after,
    );
    std::fs::write(out, format!("{header}{}", found.weights))
        .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", out.display())))?;
    outln!("{}", header.trim_end())?;
    outln!("{}", found.weights.to_string().trim_end())?;
    outln!("wrote {}", out.display())?;
    Ok(())
}

/// Largest self-play noise `tune` accepts.
const MAX_TUNE_NOISE: i32 = 1000;
