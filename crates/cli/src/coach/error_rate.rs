//! `ludus backgammon error-rate`: the arguments and the report of the equity several players lose
//! per move on a fixed set of positions from varied games, judged by one evaluator (gnubg at 2
//! plies by default). The measurement is `ludus_coach::backgammon::error_rate`'s.
//!
//! After the totals, one line per phase (contact, race, bearoff) and one per standing of the
//! mover (the judge's value of its best play, from "far behind" to "far ahead") give each
//! player's mean loss there, in millipoints (thousandths of cubeless equity).

use crate::coach_error::player_failure;
use crate::output::outln;
use crate::progress::counting_bar;
use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon::player::Player;
use ludus_coach::backgammon::error_rate::{
    ErrorRateReport, GroupLosses, Judge, JudgeSpec, PlayerLosses, error_rate, sample_decisions_in,
};
use ludus_coach::backgammon::player_spec::PlayerSpec;
use std::time::Instant;

/// Arguments of `ludus backgammon error-rate`.
#[derive(Debug, Args)]
pub(crate) struct ErrorRateArgs {
    /// Unforced positions in the set.
    #[arg(long, default_value_t = 1000)]
    positions: usize,
    /// Seed of the self-play games the positions come from.
    #[arg(long, default_value_t = 42)]
    seed: u64,
    /// The judge: `gnubg:Nply`, `cmd:<command line>` (a player-protocol program that answers
    /// `move` and `eval`) or a network `net:PLIES` / `FILE:PLIES`.
    #[arg(long, default_value = "gnubg:2ply")]
    judge: String,
    /// Only positions of this phase (every phase by default).
    #[arg(long, value_enum)]
    phase: Option<PhaseArg>,
    /// The players measured, comma-separated, in the forms of `duel --a`.
    #[arg(long, default_value = "net:0,net:2,gnubg:0ply")]
    players: String,
}

/// `--phase`: the phases of [`ludus_coach::backgammon::error_rate::PHASES`], in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum PhaseArg {
    /// Contact: checkers can still hit or block.
    Contact = 0,
    /// A race with checkers still to bring home.
    Race = 1,
    /// Both sides in their home boards (where the bear-off databases answer).
    Bearoff = 2,
}

/// Runs `ludus backgammon error-rate`.
pub(crate) fn run(args: ErrorRateArgs) -> CliResult {
    if args.positions < 2 {
        return Err(CliError::bad_input("--positions must be at least 2"));
    }
    let mut players = args
        .players
        .split(',')
        .map(|spec| Ok(spec.trim().parse::<PlayerSpec>()?.player(args.seed)?))
        .collect::<Result<Vec<Box<dyn Player>>, CliError>>()?;
    let mut judge = Judge::start(&args.judge.parse::<JudgeSpec>()?)?;
    let decisions = sample_decisions_in(args.seed, args.positions, args.phase.map(|p| p as usize));
    let bar = counting_bar(decisions.len() as u64, false, "positions");
    let start = Instant::now();
    let report =
        error_rate(&mut players, &mut judge, &decisions, || bar.inc(1)).map_err(player_failure)?;
    bar.finish_and_clear();
    outln!(
        "{} positions (seed {}, level-6 self-play, forced plays skipped), judged by {}; loss = the judge's best value minus the play's, cubeless, 95% CI; {:.0} s",
        decisions.len(),
        args.seed,
        args.judge,
        start.elapsed().as_secs_f64()
    )?;
    print_report(&report)
}

/// One line per player, then one per phase and one per standing.
fn print_report(report: &ErrorRateReport) -> CliResult {
    for player in &report.players {
        outln!("{}", player_line(player))?;
    }
    for group in report.phases.iter().chain(&report.standings) {
        outln!("{}", group_line(group))?;
    }
    Ok(())
}

fn player_line(player: &PlayerLosses) -> String {
    format!(
        "{:<24} {:>7.1} ± {:>4.1} mp/move   same play as the judge {:>5.1}%   errors (≥ 60 mp) {:>4}   blunders (≥ 120 mp) {:>4}",
        player.name,
        1000.0 * player.mean(),
        1000.0 * player.ci95(),
        100.0 * player.same_share(),
        player.errors(),
        player.blunders()
    )
}

fn group_line(group: &GroupLosses) -> String {
    let means: Vec<String> = group
        .means
        .iter()
        .map(|(name, mean)| format!("{name} {:.1}", 1000.0 * mean))
        .collect();
    format!(
        "{} ({} positions), mp/move: {}",
        group.name,
        group.positions,
        means.join(", ")
    )
}
