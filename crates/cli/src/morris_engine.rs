//! The engine commands of `ludus morris …`: thin glue over `ludus-morris-engine`.
//!
//! `best` searches a position, `solve` builds an endgame database sub-space (with a progress bar
//! on stderr), `probe` reads the perfect-play value of a position from the built databases;
//! `tune` is handed on to `ludus-coach morris tune`.

use crate::args::parse_rules;
use crate::forward::Forwarded;
use crate::morris_solve::{GameArgs, SolveRunArgs};
use crate::output::outln;
use crate::progress::styled_bar;
use crate::{CliError, CliResult};
use clap::Subcommand;
use ludus_morris::Position;
use ludus_morris_engine::db::{Databases, Progress, Stats, Subspace, Value, plies};
use ludus_morris_engine::{SearchLimits, Searcher};
use serde_json::json;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The engine subcommands of `ludus morris`, flattened into its command list.
#[derive(Debug, Subcommand)]
pub(crate) enum MorrisEngineCommand {
    /// Search a position: best move, value, principal variation, nodes and nodes/s.
    Best {
        /// The position (text form); the empty board when omitted.
        #[arg(long)]
        position: Option<String>,
        /// Rules: `standard` (flying) or `no-flying`.
        #[arg(long, default_value = "standard")]
        rules: String,
        /// Search to this depth in plies.
        #[arg(long, conflicts_with = "movetime")]
        depth: Option<u32>,
        /// Search for this many milliseconds.
        #[arg(long)]
        movetime: Option<u64>,
        /// Search threads (Lazy SMP); 0 = every core.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Build (or check) the endgame database of a movement-phase sub-space and its dependencies.
    Solve {
        /// `M-O`: pieces of the side to move, then of the opponent (3..9 each).
        #[arg(long)]
        pieces: String,
        /// Rules: `standard` (flying) or `no-flying`.
        #[arg(long, default_value = "standard")]
        rules: String,
        /// Re-check every stored value of the sub-space (and of every sub-space built now)
        /// against its successors.
        #[arg(long)]
        verify: bool,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Tune the evaluation weights to seeded self-play (`ludus-coach morris tune`).
    Tune(Forwarded),
    /// Solve one sector of the whole game (a batch job): `M-O/HM-HO` (board, then hands, side
    /// to move first) or `M-O` for a movement pair. Idempotent: an existing file is read back and
    /// skipped; the sectors its placements reach must be built.
    SolveSector {
        /// The sector, e.g. `4-3/1-0`, or `3-4` (a movement pair).
        #[arg(long)]
        sector: String,
        /// Rules: `standard` (flying) or `no-flying`.
        #[arg(long, default_value = "standard")]
        rules: String,
        /// Checking, threads and output.
        #[command(flatten)]
        run: SolveRunArgs,
    },
    /// Solve the whole game with `--stones` pieces a side on this machine (the built-in runner:
    /// every sector, children first; resumable).
    SolveGame {
        /// The game: pieces a side and rules.
        #[command(flatten)]
        game: GameArgs,
        /// Checking, threads and output (JSON: one object per sector, then one for the empty
        /// board).
        #[command(flatten)]
        run: SolveRunArgs,
    },
    /// The report of the built sectors of a game: each sector's positions, wins, draws, losses
    /// and longest distances, the totals, and what each first move is worth (a Markdown table,
    /// or JSON lines with `--json`).
    Report {
        /// The game: pieces a side and rules.
        #[command(flatten)]
        game: GameArgs,
        /// Print one JSON object per sector, then the totals, then one per first move.
        #[arg(long)]
        json: bool,
    },
    /// List the sectors of the game with `--stones` pieces a side and their slots.
    Sectors {
        /// The game: pieces a side and rules.
        #[command(flatten)]
        game: GameArgs,
        /// Print one JSON object per sector, then the totals.
        #[arg(long)]
        json: bool,
    },
    /// Write the sector DAG as Slurm jobs: one sbatch script per job (memory request,
    /// `--dependency=afterok:…` in `submit.sh`).
    Plan {
        /// The game: pieces a side and rules.
        #[command(flatten)]
        game: GameArgs,
        /// Directory to write the scripts into.
        #[arg(long)]
        out: PathBuf,
        /// The `ludus` binary as the compute nodes see it.
        #[arg(long, default_value = "ludus")]
        binary: String,
        /// The shared data directory (LUDUS_DATA) of the jobs.
        #[arg(long)]
        data: PathBuf,
        /// Threads (CPUs) per job.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Each job re-checks its values against their successors.
        #[arg(long)]
        verify: bool,
    },
    /// Pack the built sectors of a game into 2-bit win/draw/loss files in zstd blocks, and
    /// measure probes per second (cold: every probe decompresses its block; warm: cached).
    Pack {
        /// The game: pieces a side and rules.
        #[command(flatten)]
        game: GameArgs,
        /// Directory to write the packed files into.
        #[arg(long)]
        out: PathBuf,
        /// Print one JSON object per sector, then the totals.
        #[arg(long)]
        json: bool,
    },
    /// Write the opening table: every placement sector a game reaches within `--plies`
    /// placements, read from the built sectors, in one file (`data/morris/opening/` holds the
    /// shipped one, which every command falls back on where a sector is not built).
    OpeningTable {
        /// The game: pieces a side and rules.
        #[command(flatten)]
        game: GameArgs,
        /// Placements from the empty board that the table covers.
        #[arg(long)]
        plies: u8,
        /// The file to write.
        #[arg(long)]
        out: PathBuf,
        /// Print one JSON object per sector, then the totals.
        #[arg(long)]
        json: bool,
    },
    /// The perfect-play value of a position (placement or movement) from the built databases.
    Probe {
        /// The position (text form).
        #[arg(long)]
        position: String,
        /// Rules: `standard` (flying) or `no-flying`.
        #[arg(long, default_value = "standard")]
        rules: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Runs one engine command.
pub(crate) fn run(command: MorrisEngineCommand) -> CliResult {
    match command {
        MorrisEngineCommand::Best {
            position,
            rules,
            depth,
            movetime,
            threads,
            json,
        } => best(position.as_deref(), &rules, depth, movetime, threads, json),
        MorrisEngineCommand::Solve {
            pieces,
            rules,
            verify,
            json,
        } => solve(&pieces, &rules, verify, json),
        MorrisEngineCommand::Probe {
            position,
            rules,
            json,
        } => probe(&position, &rules, json),
        MorrisEngineCommand::SolveSector { sector, rules, run } => {
            crate::morris_solve::solve_sector(&sector, &rules, &run)
        }
        MorrisEngineCommand::SolveGame { game, run } => {
            crate::morris_solve::solve_game(game.stones, &game.rules, &run)
        }
        MorrisEngineCommand::Report { game, json } => {
            crate::morris_solve::report(game.stones, &game.rules, json)
        }
        MorrisEngineCommand::Sectors { game, json } => {
            crate::morris_solve::sectors(game.stones, &game.rules, json)
        }
        MorrisEngineCommand::Plan {
            game,
            out,
            binary,
            data,
            threads,
            verify,
        } => crate::morris_solve::plan(
            game.stones,
            &game.rules,
            &out,
            &binary,
            &data,
            threads,
            verify,
        ),
        MorrisEngineCommand::OpeningTable {
            game,
            plies,
            out,
            json,
        } => crate::morris_solve::opening_table(game.stones, &game.rules, plies, &out, json),
        MorrisEngineCommand::Pack { game, out, json } => {
            crate::morris_solve::pack(game.stones, &game.rules, &out, json)
        }
        MorrisEngineCommand::Tune(args) => args.run("morris tune"),
    }
}

fn parse_position(text: Option<&str>) -> Result<Position, CliError> {
    text.map_or(Ok(Position::new()), |t| {
        t.parse::<Position>().map_err(CliError::bad_input)
    })
}

/// Largest depth accepted by `best --depth` (deeper searches never finish anyway).
const MAX_DEPTH: u32 = 64;
/// Default thinking time of `best` without `--depth` or `--movetime`.
const DEFAULT_MOVETIME_MS: u64 = 1000;

/// Most search threads `best` accepts.
const MAX_THREADS: usize = 256;

fn best(
    position: Option<&str>,
    rules: &str,
    depth: Option<u32>,
    movetime: Option<u64>,
    threads: usize,
    json: bool,
) -> CliResult {
    if threads > MAX_THREADS {
        return Err(CliError::bad_input(format!(
            "--threads must be 0..={MAX_THREADS}"
        )));
    }
    let rules = parse_rules(rules)?;
    let position = parse_position(position)?;
    let limits = match (depth, movetime) {
        (Some(d), _) if d == 0 || d > MAX_DEPTH => {
            return Err(CliError::bad_input(format!(
                "--depth must be 1..={MAX_DEPTH}"
            )));
        }
        (Some(d), _) => SearchLimits::depth(d),
        (None, Some(ms)) => SearchLimits::movetime(Duration::from_millis(ms)),
        (None, None) => SearchLimits::movetime(Duration::from_millis(DEFAULT_MOVETIME_MS)),
    };
    let dbs = Databases::open_default();
    let mut searcher = Searcher::new(rules);
    searcher.set_databases(Some(&dbs));
    searcher.set_threads(threads);
    let result = searcher.search(&position, &limits);
    let Some(best) = result.best_move else {
        return Err(CliError::bad_input(format!(
            "the game is over in this position ({position})"
        )));
    };
    let pv: Vec<String> = result.pv.iter().map(ToString::to_string).collect();
    let nps = result.nodes_per_second();
    if json {
        let doc = json!({
            "move": best.to_string(),
            "value": result.score,
            "value_text": result.score_text(),
            "depth": result.depth,
            "pv": pv,
            "nodes": result.nodes,
            "nodes_per_second": nps,
            "milliseconds": result.elapsed.as_millis() as u64,
            "perfect": result.perfect,
        });
        outln!("{doc}")?;
    } else {
        outln!("best {best}")?;
        outln!("value {} ({})", result.score, result.score_text())?;
        outln!("depth {}", result.depth)?;
        outln!("pv {}", pv.join(" "))?;
        outln!("nodes {} ({nps} nodes/s)", result.nodes)?;
    }
    Ok(())
}

fn parse_pieces(text: &str) -> Result<(usize, usize), CliError> {
    let bad = || {
        CliError::bad_input(format!(
            "--pieces must look like 3-4 (each 3..9), got {text:?}"
        ))
    };
    let (m, o) = text.split_once('-').ok_or_else(bad)?;
    let m: usize = m.trim().parse().map_err(|_| bad())?;
    let o: usize = o.trim().parse().map_err(|_| bad())?;
    let range = 3..=9;
    if !range.contains(&m) || !range.contains(&o) {
        return Err(bad());
    }
    Ok((m, o))
}

fn solve(pieces: &str, rules: &str, verify: bool, json: bool) -> CliResult {
    let (mover, opponent) = parse_pieces(pieces)?;
    let rules = parse_rules(rules)?;
    let target = Subspace {
        flying: rules.flying,
        mover,
        opponent,
    };
    let dbs = Databases::open_default();
    let start = Instant::now();
    let bar = styled_bar(
        1,
        "{prefix:>22} {msg:9} [{bar:30}] {percent:>3}% {elapsed_precise} eta {eta}",
    );
    let mut on_progress = |s: Subspace, p: Progress| {
        bar.set_prefix(s.to_string());
        bar.set_message(p.stage);
        bar.set_length(p.total.max(1));
        bar.set_position(p.done);
    };
    let built = dbs
        .build(target, verify, &mut on_progress)
        .map_err(anyhow::Error::from)?;
    bar.finish_and_clear();
    let table = dbs
        .table(target)
        .ok_or_else(|| anyhow::anyhow!("{target} was built but cannot be read back"))?;
    let stats: Stats = table.stats();
    let bytes = std::fs::metadata(dbs.path(target))
        .map(|m| m.len())
        .unwrap_or(0);
    let seconds = start.elapsed().as_secs_f64();
    if json {
        let doc = json!({
            "to_move": mover,
            "opponent": opponent,
            "rules": target.rules_name(),
            "positions": stats.positions,
            "wins": stats.wins,
            "draws": stats.draws,
            "losses": stats.losses,
            "longest_win_plies": stats.longest_win_plies,
            "longest_loss_plies": stats.longest_loss_plies,
            "seconds": seconds,
            "bytes": bytes,
        });
        outln!("{doc}")?;
    } else {
        for b in &built {
            outln!("built {} ({} bytes)", b.subspace, b.bytes)?;
        }
        outln!("{target}: {} positions", stats.positions)?;
        outln!(
            "wins {} draws {} losses {}",
            stats.wins,
            stats.draws,
            stats.losses
        )?;
        outln!(
            "longest win {}, longest loss {}",
            plies(u32::from(stats.longest_win_plies)),
            plies(u32::from(stats.longest_loss_plies))
        )?;
        outln!("file {} ({bytes} bytes)", dbs.path(target).display())?;
        if verify {
            outln!("verified")?;
        }
        outln!("{seconds:.2} s")?;
    }
    Ok(())
}

fn probe(position: &str, rules: &str, json: bool) -> CliResult {
    let rules = parse_rules(rules)?;
    let position = parse_position(Some(position))?;
    let dbs = Databases::open_default();
    let value = ludus_morris_engine::probe(&dbs, &position, &rules).map_err(CliError::bad_input)?;
    let (result, plies) = match value {
        Value::Win(d) => ("win", Some(d)),
        Value::Loss(d) => ("loss", Some(d)),
        Value::Draw => ("draw", None),
    };
    if json {
        outln!(
            "{}",
            json!({ "value": result, "plies": plies, "text": value.to_string() })
        )?;
    } else {
        outln!("{value}")?;
    }
    Ok(())
}
