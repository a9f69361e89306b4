//! `ludus backgammon error-rate`: the equity several players lose per move on a fixed set of
//! positions from varied games, judged by one evaluator (gnubg at 2 plies by default).
//!
//! The set: seeded self-play games of the network at level 6 (0 ply with ±0.10 of equity noise,
//! so the games wander off the engine's own lines), one decision in three kept, forced plays
//! skipped. Each player chooses a play for every position and roll (cubeless); the judge
//! evaluates every distinct play chosen, and its own choice, at its lookahead. A play's loss is
//! the best of those values minus its own, in millipoints (thousandths of cubeless equity).
//! After the totals, one line per phase (contact, race, bearoff) gives each player's mean loss there.

use crate::backgammon_engine::{net_player, progress_bar};
use crate::output::outln;
use crate::protocol_player::{Program, ProgramPlayer};
use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon::player::{Player, plays};
use ludus_backgammon::{Dice, MatchState, Position};
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::analysis::{BLUNDER, ERROR};
use ludus_backgammon_engine::bearoff::is_bearoff;
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::eval::lost;
use ludus_backgammon_engine::search::eval_plies;
use ludus_interop::player_protocol::Mode;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
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
    /// The players measured, comma-separated, in the forms of `duel --a`.
    #[arg(long, default_value = "net:0,net:2,gnubg:0ply")]
    players: String,
}

/// The judge: a program over the player protocol, or Ludus's network at some plies.
enum Judge {
    Program(Box<ProgramPlayer>),
    Net { evaluator: NetEvaluator, plies: u8 },
}

impl Judge {
    fn parse(spec: &str) -> Result<Judge, CliError> {
        if let Some(program) = Program::parse(spec) {
            return Ok(Judge::Program(Box::new(ProgramPlayer::start(&program?)?)));
        }
        let (evaluator, plies) = net_player(spec)?.into_parts();
        Ok(Judge::Net { evaluator, plies })
    }

    /// The mover's cubeless equity after the play that leads to `after` (mover's view).
    fn value_after(&mut self, after: &Position) -> Result<f64, CliError> {
        let next = after.swapped();
        match self {
            Judge::Net { evaluator, plies } => {
                Ok(-f64::from(eval_plies(evaluator, &next, *plies).equity()))
            }
            Judge::Program(program) => {
                if let Some(kind) = lost(&next) {
                    return Ok(f64::from(kind.multiplier()));
                }
                let evaluation = program
                    .evaluate(&next, &MatchState::default(), Mode::Cubeless)
                    .map_err(|e| CliError::Failure(anyhow::anyhow!("{e}")))?;
                Ok(-evaluation.equity)
            }
        }
    }

    /// The judge's own choice among `after` (the plays of `dice` in `position`).
    fn choose(
        &mut self,
        position: &Position,
        dice: Dice,
        after: &[Position],
    ) -> Result<usize, CliError> {
        if let Judge::Program(program) = self {
            return program
                .choose(position, dice, after, None)
                .map_err(|e| CliError::Failure(anyhow::anyhow!("{e}")));
        }
        let mut best = (0, f64::NEG_INFINITY);
        for (i, play) in after.iter().enumerate() {
            let value = self.value_after(play)?;
            if value > best.1 {
                best = (i, value);
            }
        }
        Ok(best.0)
    }
}

/// Positions and rolls with more than one legal play, from seeded games of level 6 self-play.
pub(crate) fn sample_decisions(seed: u64, count: usize) -> Vec<(Position, Dice)> {
    let engine = Engine::level(6, seed).expect("level 6 is on the scale");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut decisions = Vec::with_capacity(count);
    let mut after = Vec::new();
    while decisions.len() < count {
        let mut position = Position::starting();
        loop {
            let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6))
                .expect("faces are 1 to 6");
            plays(&position, dice, &mut after);
            if after.len() > 1 && rng.random_range(0..3) == 0 && decisions.len() < count {
                decisions.push((position, dice));
            }
            position = position.apply(&engine.best_move(&position, dice)).swapped();
            if lost(&position).is_some() {
                break;
            }
        }
    }
    decisions
}

/// The phases the losses are split by: contact, a race with checkers still to bring home, and
/// both sides on their home boards (where the bearoff databases answer).
const PHASES: [&str; 3] = ["contact", "race", "bearoff"];

/// The index in [`PHASES`] of a position's phase.
fn phase(position: &Position) -> usize {
    if is_bearoff(position) {
        2
    } else {
        usize::from(position.is_race())
    }
}

/// One line per phase that occurs: its number of positions and each player's mean loss there.
fn phase_lines(tallies: &[Tally], phases: &[usize]) -> Vec<String> {
    let mut lines = Vec::new();
    for (index, name) in PHASES.iter().enumerate() {
        let count = phases.iter().filter(|&&p| p == index).count();
        if count == 0 {
            continue;
        }
        let means: Vec<String> = tallies
            .iter()
            .map(|tally| {
                let sum: f64 = tally
                    .losses
                    .iter()
                    .zip(phases)
                    .filter(|&(_, &p)| p == index)
                    .map(|(loss, _)| loss)
                    .sum();
                format!("{} {:.1}", tally.name, 1000.0 * sum / count as f64)
            })
            .collect();
        lines.push(format!(
            "{name} ({count} positions), mp/move: {}",
            means.join(", ")
        ));
    }
    lines
}

/// What one player lost over the set.
struct Tally {
    name: String,
    losses: Vec<f64>,
    same_as_judge: usize,
}

impl Tally {
    fn line(&self) -> String {
        let n = self.losses.len() as f64;
        let mean = self.losses.iter().sum::<f64>() / n;
        let variance = self.losses.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let ci = 1.96 * (variance / n).sqrt();
        let errors = self.losses.iter().filter(|&&l| l >= ERROR).count();
        let blunders = self.losses.iter().filter(|&&l| l >= BLUNDER).count();
        format!(
            "{:<24} {:>7.1} ± {:>4.1} mp/move   same play as the judge {:>5.1}%   errors (≥ 60 mp) {:>4}   blunders (≥ 120 mp) {:>4}",
            self.name,
            1000.0 * mean,
            1000.0 * ci,
            100.0 * self.same_as_judge as f64 / n,
            errors,
            blunders
        )
    }
}

/// Runs `ludus backgammon error-rate`.
pub(crate) fn run(args: ErrorRateArgs) -> CliResult {
    if args.positions < 2 {
        return Err(CliError::bad_input("--positions must be at least 2"));
    }
    let specs: Vec<&str> = args.players.split(',').map(str::trim).collect();
    let mut players = specs
        .iter()
        .map(|spec| crate::backgammon_engine::parse_player(spec, args.seed))
        .collect::<Result<Vec<Box<dyn Player>>, CliError>>()?;
    let mut judge = Judge::parse(&args.judge)?;
    let mut tallies: Vec<Tally> = players
        .iter()
        .map(|p| Tally {
            name: p.name(),
            losses: Vec::with_capacity(args.positions),
            same_as_judge: 0,
        })
        .collect();
    let decisions = sample_decisions(args.seed, args.positions);
    let phases: Vec<usize> = decisions
        .iter()
        .map(|(position, _)| phase(position))
        .collect();
    let bar = progress_bar(decisions.len() as u64, false, "positions");
    let start = Instant::now();
    let mut after = Vec::new();
    for (position, dice) in &decisions {
        plays(position, *dice, &mut after);
        let best = judge.choose(position, *dice, &after)?;
        let mut chosen = Vec::with_capacity(players.len());
        for player in &mut players {
            let i = player
                .choose(position, *dice, &after, None)
                .map_err(|e| CliError::Failure(anyhow::anyhow!("{e}")))?;
            chosen.push(i);
        }
        let mut values = HashMap::new();
        for &i in chosen.iter().chain([&best]) {
            if let Entry::Vacant(slot) = values.entry(i) {
                slot.insert(judge.value_after(&after[i])?);
            }
        }
        let top = values.values().copied().fold(f64::NEG_INFINITY, f64::max);
        for (tally, &i) in tallies.iter_mut().zip(&chosen) {
            tally.losses.push(top - values[&i]);
            tally.same_as_judge += usize::from(i == best);
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    outln!(
        "{} positions (seed {}, level-6 self-play, forced plays skipped), judged by {}; loss = the judge's best value minus the play's, cubeless, 95% CI; {:.0} s",
        decisions.len(),
        args.seed,
        args.judge,
        start.elapsed().as_secs_f64()
    )?;
    for tally in &tallies {
        outln!("{}", tally.line())?;
    }
    for line in phase_lines(&tallies, &phases) {
        outln!("{line}")?;
    }
    Ok(())
}
