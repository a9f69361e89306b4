//! `ludus backgammon analyze FILE`: the equity lost by every play and cube decision of a match
//! (glue over `ludus_backgammon_engine::analysis`; the file read by `ludus_interop::matchfile`).

use crate::output::outln;
use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::analysis::{Mark, MatchReport, analyze_match};
use std::path::PathBuf;

/// Most plies the analysis accepts (2 plies already take a while per decision).
const MAX_PLIES: u8 = 2;

/// Arguments of `ludus backgammon analyze`.
#[derive(Debug, Args)]
pub(crate) struct AnalyzeArgs {
    /// The match: a `.mat` file, a gnubg `.sgf` file or an eXtreme Gammon `.xg` file.
    file: PathBuf,
    /// Lookahead plies of the evaluation (0 to 2; the review's 2 by default).
    #[arg(long, default_value_t = ludus_backgammon_engine::analysis::REVIEW_PLIES)]
    plies: u8,
    /// Print one JSON document.
    #[arg(long)]
    json: bool,
}

/// Runs the analysis.
pub(crate) fn run(args: AnalyzeArgs) -> CliResult {
    if args.plies > MAX_PLIES {
        return Err(CliError::bad_input(format!(
            "--plies must be 0 to {MAX_PLIES}"
        )));
    }
    let record = crate::convert::read_match(&args.file)?;
    let evaluator = NetEvaluator::shipped();
    let report = analyze_match(&record, &evaluator, args.plies);
    if args.json {
        let text = serde_json::to_string(&report).map_err(anyhow::Error::from)?;
        outln!("{text}")?;
    } else {
        print_text(&report)?;
    }
    Ok(())
}

fn print_text(report: &MatchReport) -> CliResult {
    for game in &report.games {
        outln!(
            "Game {} (score {}-{})",
            game.number,
            game.score[0],
            game.score[1]
        )?;
        for d in game.decisions.iter().filter(|d| d.mark != Mark::None) {
            let dice = d
                .dice
                .as_deref()
                .map(|x| format!("{x}: "))
                .unwrap_or_default();
            outln!(
                "  {:<10} {:<8} {dice}{} (best: {}) loses {:.3}",
                report.players[d.player].name,
                format!("{:?}", d.mark).to_lowercase(),
                d.played,
                d.best,
                d.equity_lost
            )?;
        }
    }
    outln!()?;
    for p in &report.players {
        outln!(
            "{}: {} unforced moves, {} cube decisions; lost {:.3} (checker {:.3}, cube {:.3}); {} doubtful, {} errors, {} blunders; error rate {:.1} per 1000 decisions",
            p.name,
            p.unforced_moves,
            p.cube_decisions,
            p.checker_loss + p.cube_loss,
            p.checker_loss,
            p.cube_loss,
            p.doubtful,
            p.errors,
            p.blunders,
            p.error_rate
        )?;
    }
    Ok(())
}
