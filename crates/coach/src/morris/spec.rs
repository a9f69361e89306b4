//! The players of a Morris duel as written on the command line: `level:N` (1..10), `depth:N`,
//! `movetime:MS` (the engine), or `uci:COMMAND ARGS…` (a program over Sanmill's UCI-like
//! protocol, with its `setoption`s and its thinking time).

use super::uci_client::{UciPlayer, UciProgram};
use ludus_morris::player::{Player, PlayerError};
use ludus_morris_engine::db::Databases;
use ludus_morris_engine::{EnginePlayer, EngineSetting, Level};
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

/// Deepest `depth:N`.
pub const MAX_DEPTH: u32 = 64;
/// Longest `movetime:MS` (and thinking time of a `uci:` player), in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 600_000;
/// Thinking time per move of a `uci:` player until [`PlayerSpec::with_options`] sets one.
const DEFAULT_UCI_MOVETIME: Duration = Duration::from_millis(100);

/// A player of a duel.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// The engine.
    Engine(EngineSetting),
    /// A program over the UCI-like protocol.
    Uci(UciProgram),
}

/// What is wrong with a player spec.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecProblem {
    /// No known `KIND:` prefix.
    #[error("expected level:N, depth:N, movetime:MS or uci:COMMAND")]
    Kind,
    /// `level:` with no level of the table.
    #[error("the level is a number from 1 to 10")]
    Level,
    /// `depth:` out of range.
    #[error("the depth is a number from 1 to {MAX_DEPTH}")]
    Depth,
    /// `movetime:` out of range.
    #[error("the time is 1 to {MAX_MOVETIME_MS} ms")]
    Movetime,
    /// `uci:` without a program.
    #[error("uci: needs a command line")]
    NoCommand,
    /// `setoption`s for the engine.
    #[error("--setoption is for uci: players")]
    OptionsForEngine,
}

/// Why a player could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The spec itself.
    #[error("bad player {spec:?}: {problem}")]
    Player {
        /// The spec as given.
        spec: String,
        /// What is wrong with it.
        problem: SpecProblem,
    },
    /// A `setoption` that is not `NAME=VALUE`.
    #[error("bad setoption {0:?}: expected NAME=VALUE")]
    Setoption(String),
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    /// Reads `level:N`, `depth:N`, `movetime:MS` or `uci:COMMAND ARGS…` (split at white
    /// space, no shell).
    fn from_str(spec: &str) -> Result<PlayerSpec, SpecError> {
        let bad = |problem| SpecError::Player {
            spec: spec.to_string(),
            problem,
        };
        let (kind, value) = spec.split_once(':').ok_or(bad(SpecProblem::Kind))?;
        let number = || value.trim().parse::<u64>().ok();
        let setting = match kind {
            "level" => number()
                .and_then(|n| u32::try_from(n).ok())
                .and_then(|n| Level::new(n).ok())
                .map(EngineSetting::Level)
                .ok_or(bad(SpecProblem::Level))?,
            "depth" => number()
                .filter(|d| (1..=u64::from(MAX_DEPTH)).contains(d))
                .map(|d| EngineSetting::Depth(d as u32))
                .ok_or(bad(SpecProblem::Depth))?,
            "movetime" => number()
                .filter(|ms| (1..=MAX_MOVETIME_MS).contains(ms))
                .map(|ms| EngineSetting::Movetime(Duration::from_millis(ms)))
                .ok_or(bad(SpecProblem::Movetime))?,
            "uci" => {
                let command: Vec<String> = value.split_whitespace().map(str::to_string).collect();
                if command.is_empty() {
                    return Err(bad(SpecProblem::NoCommand));
                }
                return Ok(PlayerSpec::Uci(UciProgram {
                    command,
                    options: Vec::new(),
                    movetime: DEFAULT_UCI_MOVETIME,
                }));
            }
            _ => return Err(bad(SpecProblem::Kind)),
        };
        Ok(PlayerSpec::Engine(setting))
    }
}

/// Reads one `NAME=VALUE`.
fn setoption(option: &str) -> Result<(String, String), SpecError> {
    option
        .split_once('=')
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .filter(|(n, _)| !n.is_empty())
        .ok_or_else(|| SpecError::Setoption(option.to_string()))
}

impl PlayerSpec {
    /// Reads `spec` with its `NAME=VALUE` setoptions and the thinking time of a `uci:` player.
    pub fn parse(spec: &str, options: &[String], movetime: Duration) -> Result<Self, SpecError> {
        match spec.parse()? {
            PlayerSpec::Uci(mut program) => {
                program.options = options
                    .iter()
                    .map(|option| setoption(option))
                    .collect::<Result<_, _>>()?;
                program.movetime = movetime;
                Ok(PlayerSpec::Uci(program))
            }
            engine if options.is_empty() => Ok(engine),
            _ => Err(SpecError::Player {
                spec: spec.to_string(),
                problem: SpecProblem::OptionsForEngine,
            }),
        }
    }

    /// A short name for reports: the engine's setting, or `uci:` and the program's file name.
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Engine(setting) => setting.to_string(),
            PlayerSpec::Uci(program) => program.name(),
        }
    }

    /// Starts the player: the engine probing `databases` where its setting does, or the
    /// program (set up and ready).
    pub fn start(&self, databases: &'static Databases) -> Result<Box<dyn Player>, PlayerError> {
        Ok(match self {
            PlayerSpec::Engine(setting) => Box::new(EnginePlayer::new(*setting, Some(databases))),
            PlayerSpec::Uci(program) => Box::new(UciPlayer::start(program)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_read_and_bad_ones_say_why() {
        let time = Duration::from_millis(100);
        assert_eq!(
            PlayerSpec::parse("depth:3", &[], time).unwrap(),
            PlayerSpec::Engine(EngineSetting::Depth(3))
        );
        let PlayerSpec::Uci(program) =
            PlayerSpec::parse("uci:/x/tgf mill uci", &["SkillLevel=30".to_string()], time).unwrap()
        else {
            panic!("not a uci player");
        };
        assert_eq!(program.command, ["/x/tgf", "mill", "uci"]);
        assert_eq!(
            program.options,
            [("SkillLevel".to_string(), "30".to_string())]
        );
        assert_eq!(program.name(), "uci:tgf");
        for bad in [
            "level:11",
            "depth:0",
            "movetime:x",
            "uci:",
            "sanmill",
            "fast:3",
        ] {
            let error = PlayerSpec::parse(bad, &[], time).unwrap_err().to_string();
            assert!(error.starts_with("bad player"), "{bad}: {error}");
            assert!(!error.contains('\n'));
        }
        assert!(PlayerSpec::parse("depth:3", &["A=1".to_string()], time).is_err());
        assert!(PlayerSpec::parse("uci:x", &["novalue".to_string()], time).is_err());
    }
}
