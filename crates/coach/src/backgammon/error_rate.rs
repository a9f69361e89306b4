//! The error rate behind `ludus backgammon error-rate`: the equity several players lose per move
//! on a fixed set of positions from varied games, judged by one evaluator.
//!
//! The set ([`sample_decisions`]): seeded self-play games of the network at level 6 (0 ply with
//! ±0.10 of equity noise, so the games wander off the engine's own lines), one decision in three
//! kept, forced plays skipped. Each player chooses a play for every position and roll
//! (cubeless); the judge evaluates every distinct play chosen, and its own choice, at its
//! lookahead. A play's loss is the best of those values minus its own, in points of cubeless
//! equity ([`error_rate`]). The losses are also split by phase (contact, race, bearoff) and by
//! the mover's standing ([`STANDINGS`]: the judge's value of its best play), which shows whether
//! a player errs more as the underdog or as the favourite.

use crate::backgammon::player_spec::{BuildError, NetSpec, SpecError, parse_program};
use crate::backgammon::program::{Program, ProgramPlayer};
use crate::stats::mean_ci95;
use ludus_backgammon::player::PlayerError;
use ludus_backgammon::player::plays;
use ludus_backgammon::player::{PlayRequest, Player};
use ludus_backgammon::{Dice, MatchState, Position};
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::analysis::{BLUNDER, ERROR};
use ludus_backgammon_engine::bearoff::is_bearoff;
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::probabilities::lost;
use ludus_backgammon_engine::search::eval_plies;
use ludus_interop::player_protocol::Mode;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::str::FromStr;

/// The level whose self-play games give the positions.
const SAMPLE_LEVEL: u32 = 6;
/// One decision in this many is kept.
const SAMPLE_EVERY: u32 = 3;

/// The judge in its command-line form: `gnubg:Nply`, `cmd:<command line>` (a player-protocol
/// program that answers `move` and `eval`) or a network `net:PLIES` / `FILE:PLIES`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JudgeSpec {
    /// A program over the player protocol.
    Program(Program),
    /// Ludus's network at some plies.
    Net(NetSpec),
}

impl FromStr for JudgeSpec {
    type Err = SpecError;

    fn from_str(spec: &str) -> Result<JudgeSpec, SpecError> {
        match parse_program(spec) {
            Some(program) => program.map(JudgeSpec::Program),
            None => spec.parse().map(JudgeSpec::Net),
        }
    }
}

/// The judge: a running program over the player protocol, or Ludus's network at some plies.
pub enum Judge {
    /// A program answering `move` and `eval`.
    Program(Box<ProgramPlayer>),
    /// The network's lookahead.
    Net {
        /// The network.
        evaluator: NetEvaluator,
        /// Its lookahead.
        plies: u8,
    },
}

impl Judge {
    /// The judge of `spec` (a program is started).
    pub fn start(spec: &JudgeSpec) -> Result<Judge, BuildError> {
        Ok(match spec {
            JudgeSpec::Program(program) => Judge::Program(Box::new(ProgramPlayer::start(program)?)),
            JudgeSpec::Net(net) => Judge::Net {
                evaluator: net.evaluator()?,
                plies: net.plies,
            },
        })
    }

    /// The mover's cubeless equity after the play that leads to `after` (mover's view).
    pub fn value_after(&mut self, after: &Position) -> Result<f64, PlayerError> {
        let next = after.swapped();
        match self {
            Judge::Net { evaluator, plies } => {
                Ok(-f64::from(eval_plies(evaluator, &next, *plies).equity()))
            }
            Judge::Program(program) => {
                if let Some(kind) = lost(&next) {
                    return Ok(f64::from(kind.multiplier()));
                }
                let evaluation = program.evaluate(&next, &MatchState::default(), Mode::Cubeless)?;
                Ok(-evaluation.equity)
            }
        }
    }

    /// The judge's own choice among the request's plays (cubeless: its state is not read).
    pub fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError> {
        if let Judge::Program(program) = self {
            return program.choose(PlayRequest {
                state: None,
                ..request
            });
        }
        let mut best = (0, f64::NEG_INFINITY);
        for (i, play) in request.plays.iter().enumerate() {
            let value = self.value_after(play)?;
            if value > best.1 {
                best = (i, value);
            }
        }
        Ok(best.0)
    }
}

/// Positions and rolls with more than one legal play, from seeded games of level 6 self-play.
pub fn sample_decisions(seed: u64, count: usize) -> Vec<(Position, Dice)> {
    sample_decisions_in(seed, count, None)
}

/// [`sample_decisions`] of one phase ([`PHASES`]'s index) only, or of every phase with `None`:
/// the same games, the positions of other phases passed over.
pub fn sample_decisions_in(seed: u64, count: usize, only: Option<usize>) -> Vec<(Position, Dice)> {
    let engine = Engine::level(SAMPLE_LEVEL, seed).expect("level 6 is on the scale");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut decisions = Vec::with_capacity(count);
    let mut after = Vec::new();
    while decisions.len() < count {
        let mut position = Position::starting();
        loop {
            let dice = Dice::new(rng.random_range(1..=6), rng.random_range(1..=6))
                .expect("faces are 1 to 6");
            plays(&position, dice, &mut after);
            let wanted = only.is_none_or(|k| phase(&position) == k);
            if after.len() > 1
                && rng.random_range(0..SAMPLE_EVERY) == 0
                && wanted
                && decisions.len() < count
            {
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
pub const PHASES: [&str; 3] = ["contact", "race", "bearoff"];

/// The index in [`PHASES`] of a position's phase.
pub fn phase(position: &Position) -> usize {
    if is_bearoff(position) {
        2
    } else {
        usize::from(position.is_race())
    }
}

/// The mover's standings the losses are split by: the judge's value of its best play (the
/// mover's cubeless equity) below −0.6, from −0.6 to −0.2, from −0.2 to 0.2, from 0.2 to 0.6,
/// and above 0.6.
pub const STANDINGS: [&str; 5] = [
    "far behind (< -0.6)",
    "behind (-0.6 to -0.2)",
    "level (-0.2 to 0.2)",
    "ahead (0.2 to 0.6)",
    "far ahead (> 0.6)",
];

/// The index in [`STANDINGS`] of the mover's cubeless equity `value` after its best play.
pub fn standing(value: f64) -> usize {
    [-0.6, -0.2, 0.2, 0.6]
        .iter()
        .filter(|&&bound| value >= bound)
        .count()
}

/// What one player lost over the set.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerLosses {
    /// The player's name.
    pub name: String,
    /// Its loss on each decision, in points of cubeless equity.
    pub losses: Vec<f64>,
    /// Decisions where it chose the judge's play.
    pub same_as_judge: usize,
}

impl PlayerLosses {
    /// The mean loss per move.
    pub fn mean(&self) -> f64 {
        self.losses.iter().sum::<f64>() / self.losses.len() as f64
    }

    /// Half-width of the 95 % interval of the mean loss.
    pub fn ci95(&self) -> f64 {
        mean_ci95(self.losses.iter().copied())
    }

    /// The share of decisions where it chose the judge's play.
    pub fn same_share(&self) -> f64 {
        self.same_as_judge as f64 / self.losses.len() as f64
    }

    /// Moves that lost at least [`ERROR`].
    pub fn errors(&self) -> usize {
        self.losses.iter().filter(|&&l| l >= ERROR).count()
    }

    /// Moves that lost at least [`BLUNDER`].
    pub fn blunders(&self) -> usize {
        self.losses.iter().filter(|&&l| l >= BLUNDER).count()
    }
}

/// The players' mean losses in one group of decisions (a phase or a standing).
#[derive(Clone, Debug, PartialEq)]
pub struct GroupLosses {
    /// The group's name (one of [`PHASES`] or [`STANDINGS`]).
    pub name: &'static str,
    /// Decisions in this group.
    pub positions: usize,
    /// Each player's name and mean loss per move here.
    pub means: Vec<(String, f64)>,
}

/// The result of an error-rate measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct ErrorRateReport {
    /// Each player's losses, in the order given.
    pub players: Vec<PlayerLosses>,
    /// The phases that occur, in the order of [`PHASES`].
    pub phases: Vec<GroupLosses>,
    /// The mover's standings that occur, in the order of [`STANDINGS`].
    pub standings: Vec<GroupLosses>,
}

/// Every player's loss on every decision of `decisions`, judged by `judge`; `progress()` after
/// each decision. The first failure of a program stops it.
pub fn error_rate(
    players: &mut [Box<dyn Player>],
    judge: &mut Judge,
    decisions: &[(Position, Dice)],
    mut progress: impl FnMut(),
) -> Result<ErrorRateReport, PlayerError> {
    let mut tallies: Vec<PlayerLosses> = players
        .iter()
        .map(|p| PlayerLosses {
            name: p.name(),
            losses: Vec::with_capacity(decisions.len()),
            same_as_judge: 0,
        })
        .collect();
    let mut after = Vec::new();
    let mut standings = Vec::with_capacity(decisions.len());
    for (position, dice) in decisions {
        plays(position, *dice, &mut after);
        let request = PlayRequest {
            position,
            dice: *dice,
            plays: &after,
            state: None,
        };
        let top = judge_decision(players, judge, request, &mut tallies)?;
        standings.push(standing(top));
        progress();
    }
    let phases: Vec<usize> = decisions.iter().map(|(p, _)| phase(p)).collect();
    Ok(ErrorRateReport {
        phases: group_losses(&tallies, &phases, &PHASES),
        standings: group_losses(&tallies, &standings, &STANDINGS),
        players: tallies,
    })
}

/// The plays of every player and the judge for one decision, and each player's loss; returns the
/// best value the judge found (the mover's cubeless equity).
fn judge_decision(
    players: &mut [Box<dyn Player>],
    judge: &mut Judge,
    request: PlayRequest<'_>,
    tallies: &mut [PlayerLosses],
) -> Result<f64, PlayerError> {
    let after = request.plays;
    let best = judge.choose(request)?;
    let mut chosen = Vec::with_capacity(players.len());
    for player in players.iter_mut() {
        chosen.push(player.choose(request)?);
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
    Ok(top)
}

/// Each group of `names` that occurs (`groups[i]` the index in `names` of decision `i`'s group):
/// its number of positions and each player's mean loss there.
fn group_losses(
    tallies: &[PlayerLosses],
    groups: &[usize],
    names: &[&'static str],
) -> Vec<GroupLosses> {
    let mut out = Vec::new();
    for (index, name) in names.iter().enumerate() {
        let positions = groups.iter().filter(|&&p| p == index).count();
        if positions == 0 {
            continue;
        }
        let means = tallies
            .iter()
            .map(|tally| {
                let sum: f64 = tally
                    .losses
                    .iter()
                    .zip(groups)
                    .filter(|&(_, &p)| p == index)
                    .map(|(loss, _)| loss)
                    .sum();
                (tally.name.clone(), sum / positions as f64)
            })
            .collect();
        out.push(GroupLosses {
            name,
            positions,
            means,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_value_has_one_standing_with_bounds_in_the_higher_one() {
        let cases = [
            (-3.0, 0),
            (-0.61, 0),
            (-0.6, 1),
            (-0.2001, 1),
            (-0.2, 2),
            (0.0, 2),
            (0.1999, 2),
            (0.2, 3),
            (0.5999, 3),
            (0.6, 4),
            (3.0, 4),
        ];
        for (value, index) in cases {
            assert_eq!(standing(value), index, "{value}");
            assert!(STANDINGS[index].len() > 4);
        }
    }
}
