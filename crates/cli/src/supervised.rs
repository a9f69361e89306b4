//! `ludus backgammon label` and `ludus backgammon train --supervised`: positions labelled by the
//! engine's lookahead (or by rollouts, `--rollout`), in a text file, and training on them.
//!
//! The file has one position a line: `GAME POSITION_ID WIN WIN_GAMMON WIN_BACKGAMMON
//! LOSE_GAMMON LOSE_BACKGAMMON` (the game the position came from, gnubg's Position ID with the
//! side on roll first, its five cumulative probabilities for the side on roll). Games are written
//! whole and in order, so a run that was stopped resumes by dropping the last game in the file
//! (perhaps cut short) and labelling again from it: the file ends the same as an uninterrupted
//! run's.

use crate::backgammon_engine::{LuckArg, net_player, progress_bar, read_weights, write_weights};
use crate::output::outln;
use crate::{CliError, CliResult};
use anyhow::Context;
use clap::Args;
use ludus_backgammon::Position;
use ludus_backgammon_engine::Probabilities;
use ludus_backgammon_engine::eval::PRUNE_KEEP;
use ludus_backgammon_engine::net::Net;
use ludus_backgammon_engine::rollout::LuckEstimate;
use ludus_backgammon_engine::supervised::{
    LabelledPosition, RolloutLabel, SupervisedConfig, fit_error, game_samples, label,
    label_rollout, train_supervised,
};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Instant;

/// Held-out games: those whose number is `HELD_OUT_EVERY - 1` modulo this.
const HELD_OUT_EVERY: u64 = 20;
/// Most labelling threads.
const MAX_JOBS: usize = 64;

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
    /// teacher's network at 0 ply (give the teacher as `net:0` or `FILE:0`) instead of its
    /// lookahead.
    #[arg(long, value_name = "GAMES")]
    rollout: Option<u64>,
    /// With --rollout: stop each game after this many plies and use the network there.
    #[arg(long, value_name = "PLIES", requires = "rollout")]
    truncate: Option<u32>,
    /// With --rollout: how each roll's luck is valued (as `rollout --luck`). The plays are the
    /// full network's either way; `pruned` labels about twice as fast, a little noisier (a file
    /// teacher needs --pruning for it, or nothing is pruned and it equals `full`).
    #[arg(long, value_enum, default_value_t = LuckArg::Full, requires = "rollout")]
    luck: LuckArg,
    /// Equity noise (uniform, ±) on each play of the games, so they leave the teacher's lines.
    #[arg(long, default_value_t = 0.1)]
    noise: f32,
    /// Threads.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// No progress bar (a line every 100 games instead).
    #[arg(long)]
    quiet: bool,
}

/// Runs `ludus backgammon label`.
pub(crate) fn run_label(args: LabelArgs) -> CliResult {
    if args.jobs == 0 || args.jobs > MAX_JOBS {
        return Err(CliError::bad_input(format!(
            "--jobs must be between 1 and {MAX_JOBS}"
        )));
    }
    if !(0.0..=1.0).contains(&args.noise) {
        return Err(CliError::bad_input("--noise must be between 0 and 1"));
    }
    let (mut evaluator, plies) = net_player(&args.teacher)?.into_parts();
    let labeller = Labeller::new(plies, args.rollout, args.truncate, args.luck)?;
    if let Some(path) = &args.pruning {
        let pruner = read_weights(path)?;
        evaluator = evaluator.with_pruning(Arc::new(pruner), PRUNE_KEEP);
    }
    let first = resume_point(&args.out)?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("opening {}", args.out.display()))?;
    let bar = progress_bar(args.games, args.quiet, "games");
    bar.set_position(first.min(args.games));
    let start = Instant::now();
    let next = AtomicU64::new(first);
    let failed = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(u64, String)>();
    let mut written = 0u64;
    std::thread::scope(|scope| -> CliResult {
        for _ in 0..args.jobs {
            let sender = sender.clone();
            let (evaluator, next, failed) = (&evaluator, &next, &failed);
            scope.spawn(move || {
                loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= args.games || failed.load(Ordering::Relaxed) {
                        return;
                    }
                    let lines = game_lines(evaluator, args.seed, game, args.noise, labeller);
                    if sender.send((game, lines)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut pending = BTreeMap::new();
        let mut expected = first;
        for (game, lines) in receiver {
            pending.insert(game, lines);
            while let Some(lines) = pending.remove(&expected) {
                if let Err(e) = file.write_all(lines.as_bytes()) {
                    failed.store(true, Ordering::Relaxed);
                    return Err(anyhow::Error::from(e)
                        .context(format!("writing {}", args.out.display()))
                        .into());
                }
                written += lines.lines().count() as u64;
                expected += 1;
                bar.set_position(expected);
                if args.quiet && expected % 100 == 0 {
                    eprintln!("{expected} games, {:.0} s", start.elapsed().as_secs_f64());
                }
            }
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    file.flush()?;
    outln!(
        "labelled {written} positions of games {first}..{} {labeller} in {:.1} s; in {}",
        args.games.max(first),
        start.elapsed().as_secs_f64(),
        args.out.display()
    )
}

/// How the positions are valued: the teacher's lookahead or a rollout by it.
#[derive(Clone, Copy, Debug)]
enum Labeller {
    /// The teacher's lookahead at this many plies.
    Plies(u8),
    /// A luck-adjusted rollout by the teacher at 0 ply.
    Rollout(RolloutLabel),
}

impl Labeller {
    /// From the teacher's plies and the --rollout and --truncate options.
    fn new(
        plies: u8,
        rollout: Option<u64>,
        truncate: Option<u32>,
        luck: LuckArg,
    ) -> Result<Labeller, CliError> {
        let Some(games) = rollout else {
            return Ok(Labeller::Plies(plies));
        };
        if plies != 0 {
            return Err(CliError::bad_input(
                "--rollout plays its games at 0 ply: give the teacher as net:0 or FILE:0",
            ));
        }
        if games == 0 || truncate == Some(0) {
            return Err(CliError::bad_input(
                "--rollout and --truncate must be at least 1",
            ));
        }
        Ok(Labeller::Rollout(RolloutLabel {
            games,
            truncate,
            luck: luck.into(),
        }))
    }
}

impl std::fmt::Display for Labeller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Labeller::Plies(plies) => write!(f, "at {plies} plies"),
            Labeller::Rollout(RolloutLabel {
                games,
                truncate,
                luck,
            }) => {
                write!(f, "by {games}-game rollouts")?;
                if let Some(t) = truncate {
                    write!(f, " truncated after {t} plies")?;
                }
                match luck {
                    LuckEstimate::FullWidth => Ok(()),
                    LuckEstimate::Pruned => write!(f, ", luck by the pruned choice"),
                }
            }
        }
    }
}

/// The lines of one game: its positions and their labels.
fn game_lines(
    evaluator: &ludus_backgammon_engine::NetEvaluator,
    seed: u64,
    game: u64,
    noise: f32,
    labeller: Labeller,
) -> String {
    let mut out = String::new();
    for (index, position) in game_samples(evaluator, seed, game, noise)
        .into_iter()
        .enumerate()
    {
        let sample = match labeller {
            Labeller::Plies(plies) => label(evaluator, &position, plies),
            Labeller::Rollout(how) => {
                label_rollout(evaluator, &position, how, seed, game, index as u64)
            }
        };
        out.push_str(&format_line(game, &sample));
        out.push('\n');
    }
    out
}

/// One line of the file (without the newline).
pub(crate) fn format_line(game: u64, sample: &LabelledPosition) -> String {
    // Averages of probabilities can come out a hair below zero: written as 0.
    let p = sample.target.to_array().map(|v| v.max(0.0) + 0.0);
    format!(
        "{game} {} {:.6} {:.6} {:.6} {:.6} {:.6}",
        sample.position.position_id(),
        p[0],
        p[1],
        p[2],
        p[3],
        p[4]
    )
}

/// Parses one line of the file.
pub(crate) fn parse_line(line: &str) -> Result<(u64, LabelledPosition), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [game, id, values @ ..] = fields.as_slice() else {
        return Err("expected GAME POSITION_ID and five probabilities".into());
    };
    if values.len() != 5 {
        return Err(format!(
            "expected five probabilities, found {}",
            values.len()
        ));
    }
    let game = game
        .parse::<u64>()
        .map_err(|_| format!("bad game number {game:?}"))?;
    let position = Position::from_position_id(id).map_err(|e| format!("{id:?}: {e}"))?;
    let mut o = [0.0f32; 5];
    for (slot, text) in o.iter_mut().zip(values) {
        let v: f32 = text
            .parse()
            .map_err(|_| format!("bad probability {text:?}"))?;
        if !(0.0..=1.0).contains(&v) {
            return Err(format!("probability {text} outside 0..1"));
        }
        *slot = v;
    }
    let target = Probabilities::from_outputs(o);
    Ok((game, LabelledPosition { position, target }))
}

/// The game to resume from: 0 for a new file, else the last game in it, which is removed (it
/// may have been cut short) along with any unfinished line.
fn resume_point(path: &Path) -> Result<u64, CliError> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(0);
    };
    let complete = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    let mut last_game = None;
    let mut keep_until = 0;
    let mut offset = 0;
    for (number, line) in complete.lines().enumerate() {
        let (game, _) = parse_line(line).map_err(|e| {
            CliError::bad_input(format!("{} line {}: {e}", path.display(), number + 1))
        })?;
        if last_game != Some(game) {
            keep_until = offset;
            last_game = Some(game);
        }
        offset += line.len() + 1;
    }
    let Some(game) = last_game else {
        std::fs::write(path, "").with_context(|| format!("truncating {}", path.display()))?;
        return Ok(0);
    };
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .with_context(|| format!("opening {}", path.display()))?;
    file.set_len(keep_until as u64)
        .with_context(|| format!("truncating {}", path.display()))?;
    Ok(game)
}

/// Reads labelled files into (training, held-out) sets: the held-out part is every game whose
/// number is 19 modulo 20.
fn read_labelled(
    paths: &[PathBuf],
) -> Result<(Vec<LabelledPosition>, Vec<LabelledPosition>), CliError> {
    let (mut train, mut held_out) = (Vec::new(), Vec::new());
    for path in paths {
        let file =
            std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
        for (number, line) in BufReader::new(file).lines().enumerate() {
            let line = line.with_context(|| format!("reading {}", path.display()))?;
            let (game, sample) = parse_line(&line).map_err(|e| {
                CliError::bad_input(format!("{} line {}: {e}", path.display(), number + 1))
            })?;
            if game % HELD_OUT_EVERY == HELD_OUT_EVERY - 1 {
                held_out.push(sample);
            } else {
                train.push(sample);
            }
        }
    }
    if train.is_empty() {
        return Err(CliError::bad_input("no labelled positions to train on"));
    }
    Ok((train, held_out))
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
    let (train, held_out) = read_labelled(run.files)?;
    let before = fit_error(&net, &held_out);
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
        &train,
        &held_out,
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
    let after = fit_error(&net, &held_out);
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

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_backgammon_engine::NetEvaluator;

    #[test]
    fn lines_round_trip() {
        let evaluator = NetEvaluator::shipped();
        for position in game_samples(&evaluator, 2, 3, 0.1).iter().take(20) {
            let sample = label(&evaluator, position, 0);
            let (game, back) = parse_line(&format_line(42, &sample)).unwrap();
            assert_eq!(game, 42);
            assert_eq!(back.position, sample.position);
            let (a, b) = (back.target.to_array(), sample.target.to_array());
            assert!(a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-5));
        }
    }

    #[test]
    fn bad_lines_are_refused_with_a_reason() {
        for line in [
            "",
            "1",
            "x 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0",
            "1 nonsense 0.5 0.1 0.0 0.1 0.0",
            "1 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1",
            "1 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0 0.3",
            "1 4HPwATDgc/ABMA 1.5 0.1 0.0 0.1 0.0",
            "1 4HPwATDgc/ABMA 0.5 NaN 0.0 0.1 0.0",
        ] {
            assert!(parse_line(line).is_err(), "{line:?}");
        }
        assert!(parse_line("1 4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0").is_ok());
    }

    #[test]
    fn random_lines_never_panic_and_what_parses_is_in_range() {
        use rand::{RngExt, SeedableRng};
        let alphabet: Vec<char> = "0123456789 ./+-eEaAzZ4HPwATDgcMBNnif\t".chars().collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let good = "12 4HPwATDgc/ABMA 0.527814 0.123346 0.004873 0.101427 0.003994";
        for _ in 0..20_000 {
            let line: String = if rng.random_bool(0.5) {
                // A valid line with a few characters replaced.
                let mut chars: Vec<char> = good.chars().collect();
                for _ in 0..rng.random_range(1..4) {
                    let at = rng.random_range(0..chars.len());
                    chars[at] = alphabet[rng.random_range(0..alphabet.len())];
                }
                chars.into_iter().collect()
            } else {
                (0..rng.random_range(0..70))
                    .map(|_| alphabet[rng.random_range(0..alphabet.len())])
                    .collect()
            };
            if let Ok((_, sample)) = parse_line(&line) {
                let p = sample.target.to_array();
                assert!(p.iter().all(|v| (0.0..=1.0).contains(v)), "{line:?}");
            }
        }
    }
}
