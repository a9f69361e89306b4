//! The command-line forms of a player (`duel --a`, `error-rate --players`, `label --teacher`),
//! read into typed specs ([`PlayerSpec`], [`NetSpec`]) and turned into players.
//!
//! * `random`, `heuristic`: the engine's simple players;
//! * `net[:PLIES]`, `FILE[:PLIES]`: the shipped network or a weights file at PLIES (0 to
//!   [`MAX_NET_PLIES`]), the plies optionally followed by `full` (`net:2full`): the lookahead
//!   without the pruning network and the 1-ply stage, every reply scored by the full network (the
//!   search before issue 15). A network from a file is always searched that way;
//! * `cubeless:` before a network (`cubeless:net:0`): checker plays by cubeless equity even in
//!   match play;
//! * `level:N`: the engine at strength level N (1 to 10, `ludus_backgammon_engine::level`), the
//!   level the web and terminal players choose, its noise seeded;
//! * `gnubg:Nply` (or `gnubg:N`, N up to [`MAX_GNUBG_PLIES`]): GNU Backgammon; `cmd:<command
//!   line>`: any program speaking docs/backgammon-player-protocol.md.

use crate::backgammon::duel::PlayerPair;
use crate::backgammon::program::{MAX_GNUBG_PLIES, Program, ProgramPlayer, StartError};
use crate::backgammon::weights::{WeightsFileError, read_class_nets};
use ludus_backgammon::player::Player;
use ludus_backgammon::player::PlayerError;
use ludus_backgammon_engine::{HeuristicPlayer, NetEvaluator, NetPlayer, RandomPlayer};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use thiserror::Error;

/// Deepest lookahead of a network player.
pub const MAX_NET_PLIES: u8 = 3;

/// Why a text is not a player.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// `cmd:` without a command line.
    #[error("cmd: needs a command line")]
    EmptyCommand,
    /// `gnubg:` without plies 0 to [`MAX_GNUBG_PLIES`].
    #[error("bad player {0:?}: expected gnubg:0ply … gnubg:{MAX_GNUBG_PLIES}ply")]
    Gnubg(String),
    /// Plies that are not a number.
    #[error("bad plies in player {0:?}")]
    Plies(String),
    /// Plies above [`MAX_NET_PLIES`].
    #[error("plies must be 0 to {MAX_NET_PLIES}")]
    TooDeep,
    /// `level:` without a level of the scale.
    #[error("bad player {0:?}: expected level:1 … level:10")]
    Level(String),
    /// Neither a known name nor an existing weights file.
    #[error(
        "unknown player {0:?}: expected random, heuristic, level:N, net[:PLIES[full]], FILE[:PLIES[full]], gnubg:Nply or cmd:COMMAND"
    )]
    Unknown(String),
}

/// Why a player could not be made from its spec.
#[derive(Debug, Error)]
pub enum BuildError {
    /// The weights file of a network player.
    #[error(transparent)]
    Weights(#[from] WeightsFileError),
    /// The program of an external player.
    #[error(transparent)]
    Start(#[from] StartError),
    /// A level off the scale.
    #[error(transparent)]
    Level(#[from] ludus_backgammon_engine::level::LevelError),
}

impl BuildError {
    /// True when the user's choice is at fault (a bad weights file, a program that does not
    /// run), not the I/O.
    pub fn is_bad_input(&self) -> bool {
        match self {
            BuildError::Weights(error) => error.is_bad_input(),
            BuildError::Start(error) => error.is_bad_input(),
            BuildError::Level(_) => true,
        }
    }
}

/// Where a network player's weights come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NetSource {
    /// The shipped weights, with the shipped pruning network.
    Shipped,
    /// A weights file (searched full-width: the shipped pruning network was distilled from the
    /// shipped network).
    File(PathBuf),
}

/// A network player: `net[:PLIES[full]]` or `FILE[:PLIES[full]]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetSpec {
    /// The network.
    pub source: NetSource,
    /// Its lookahead, 0 to [`MAX_NET_PLIES`].
    pub plies: u8,
    /// Every reply scored by the full network, no 1-ply stage (`full`).
    pub full_width: bool,
    /// The name in reports: the source as written, `full-width` added.
    pub name: String,
}

/// Splits `spec` into its source and plies: `SOURCE:DIGITS[full]`, or the whole text at 0 plies
/// when the part after the last colon is not plies.
fn split_plies(spec: &str) -> Result<(&str, u8, bool), SpecError> {
    let Some((source, tail)) = spec.rsplit_once(':') else {
        return Ok((spec, 0, false));
    };
    let (digits, full_width) = match tail.strip_suffix("full") {
        Some(digits) => (digits, true),
        None => (tail, false),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Ok((spec, 0, false));
    }
    let plies = digits
        .parse()
        .map_err(|_| SpecError::Plies(spec.to_string()))?;
    Ok((source, plies, full_width))
}

impl FromStr for NetSpec {
    type Err = SpecError;

    /// Reads the form; a source other than `net` must be an existing file.
    fn from_str(spec: &str) -> Result<NetSpec, SpecError> {
        let (source, plies, full_width) = split_plies(spec)?;
        if plies > MAX_NET_PLIES {
            return Err(SpecError::TooDeep);
        }
        let net = if source == "net" {
            NetSource::Shipped
        } else if Path::new(source).exists() {
            NetSource::File(PathBuf::from(source))
        } else {
            return Err(SpecError::Unknown(spec.to_string()));
        };
        let name = if full_width {
            format!("{source} full-width")
        } else {
            source.to_string()
        };
        Ok(NetSpec {
            source: net,
            plies,
            full_width,
            name,
        })
    }
}

impl NetSpec {
    /// The network's evaluator as the spec asks (full-width with `full`).
    pub fn evaluator(&self) -> Result<NetEvaluator, WeightsFileError> {
        let evaluator = match &self.source {
            NetSource::Shipped => NetEvaluator::shipped(),
            NetSource::File(path) => NetEvaluator::from_classes(read_class_nets(path)?),
        };
        Ok(if self.full_width {
            evaluator.full_width()
        } else {
            evaluator
        })
    }

    /// The network player.
    pub fn player(&self) -> Result<NetPlayer, WeightsFileError> {
        Ok(NetPlayer::new(self.evaluator()?, self.plies, &self.name))
    }
}

/// Reads `gnubg:Nply` (or `gnubg:N`) and `cmd:<command line>`; `None` for other specs.
pub fn parse_program(spec: &str) -> Option<Result<Program, SpecError>> {
    if let Some(command) = spec.strip_prefix("cmd:") {
        if command.trim().is_empty() {
            return Some(Err(SpecError::EmptyCommand));
        }
        return Some(Ok(Program::Command(command.to_string())));
    }
    let plies = spec.strip_prefix("gnubg:")?;
    let digits = plies.strip_suffix("ply").unwrap_or(plies);
    Some(match digits.parse::<u8>() {
        Ok(plies) if plies <= MAX_GNUBG_PLIES => Ok(Program::Gnubg { plies }),
        _ => Err(SpecError::Gnubg(spec.to_string())),
    })
}

/// A player in any of its command-line forms (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    /// Uniformly random plays.
    Random,
    /// The engine's hand-made heuristic.
    Heuristic,
    /// A network player; `cubeless` chooses checker plays by cubeless equity in match play.
    Net {
        /// The network and its lookahead.
        net: NetSpec,
        /// Cubeless checker plays (`cubeless:`).
        cubeless: bool,
    },
    /// The engine at a strength level (checked: 1 to 10).
    Level(u32),
    /// Another program over the player protocol.
    Program(Program),
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(spec: &str) -> Result<PlayerSpec, SpecError> {
        if let Some(program) = parse_program(spec) {
            return program.map(PlayerSpec::Program);
        }
        if let Some(number) = spec.strip_prefix("level:") {
            let level = number
                .parse()
                .ok()
                .filter(|&n| ludus_backgammon_engine::level::Level::new(n).is_ok())
                .ok_or_else(|| SpecError::Level(spec.to_string()))?;
            return Ok(PlayerSpec::Level(level));
        }
        if let Some(rest) = spec.strip_prefix("cubeless:") {
            let net = rest.parse()?;
            return Ok(PlayerSpec::Net {
                net,
                cubeless: true,
            });
        }
        Ok(match spec {
            "random" => PlayerSpec::Random,
            "heuristic" => PlayerSpec::Heuristic,
            _ => PlayerSpec::Net {
                net: spec.parse()?,
                cubeless: false,
            },
        })
    }
}

impl PlayerSpec {
    /// The player; `seed` seeds the random player. A program is started.
    pub fn player(&self, seed: u64) -> Result<Box<dyn Player>, BuildError> {
        Ok(match self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Heuristic => Box::new(HeuristicPlayer),
            PlayerSpec::Net { net, cubeless } => {
                let player = net.player()?;
                if *cubeless {
                    Box::new(player.with_cubeless_checkers())
                } else {
                    Box::new(player)
                }
            }
            PlayerSpec::Level(level) => Box::new(ludus_backgammon_engine::engine::Engine::level(
                *level, seed,
            )?),
            PlayerSpec::Program(program) => Box::new(ProgramPlayer::start(program)?),
        })
    }
}

/// An error and its sources on one line, `a: b: c` (how a worker's failure to build its
/// players is reported through the duel).
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(inner) = source {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        source = inner.source();
    }
    text
}

/// Builds the players of one duel worker: A's and B's from their specs, their random players
/// seeded from the duel's `seed` (`seed ^ 0xA` for A, `seed ^ 0xB` for B). A failure is
/// reported under the spec's text (`a` or `b`).
pub fn duel_players<'a>(
    a: (&'a str, &'a PlayerSpec),
    b: (&'a str, &'a PlayerSpec),
    seed: u64,
) -> impl Fn() -> Result<PlayerPair, PlayerError> + Sync + 'a {
    move || {
        let build = |(text, spec): (&str, &PlayerSpec), salt: u64| {
            spec.player(seed ^ salt)
                .map_err(|e| PlayerError::new(text, chain(&e)))
        };
        Ok((build(a, 0xA)?, build(b, 0xB)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_backgammon_engine::Evaluator;
    use ludus_backgammon_engine::filters::Filters;

    fn net(spec: &str) -> Result<NetPlayer, String> {
        let spec: NetSpec = spec.parse().map_err(|e: SpecError| e.to_string())?;
        spec.player().map_err(|e| e.to_string())
    }

    #[test]
    fn net_players_name_their_plies_and_the_full_width_search() {
        let (shipped, plies) = net("net:2").expect("net:2").into_parts();
        assert_eq!(plies, 2);
        assert_eq!(shipped.filters(), NetEvaluator::shipped().filters());
        let full = net("net:2full").expect("net:2full");
        assert!(full.name().contains("full-width"));
        let (full, plies) = full.into_parts();
        assert_eq!(plies, 2);
        assert!(full.pruning_net().is_none());
        assert_eq!(full.filters(), Filters::FULL);
        assert_eq!(net("net").expect("net").into_parts().1, 0);
        assert!(net("net:9").is_err());
        assert!(net("net:full").is_err());
        assert!(net("net:2fast").is_err());
    }

    #[test]
    fn every_form_reads_into_its_spec() {
        let read = |s: &str| s.parse::<PlayerSpec>();
        assert_eq!(read("random"), Ok(PlayerSpec::Random));
        assert_eq!(read("heuristic"), Ok(PlayerSpec::Heuristic));
        assert_eq!(
            read("gnubg:2ply"),
            Ok(PlayerSpec::Program(Program::Gnubg { plies: 2 }))
        );
        assert_eq!(
            read("gnubg:0"),
            Ok(PlayerSpec::Program(Program::Gnubg { plies: 0 }))
        );
        assert_eq!(
            read("cmd:my player --fast"),
            Ok(PlayerSpec::Program(Program::Command(
                "my player --fast".into()
            )))
        );
        assert_eq!(read("level:7"), Ok(PlayerSpec::Level(7)));
        assert!(PlayerSpec::Level(7).player(1).is_ok());
        for bad in ["level:0", "level:11", "level:x", "level:"] {
            assert_eq!(read(bad), Err(SpecError::Level(bad.to_string())));
        }
        let Ok(PlayerSpec::Net { net, cubeless }) = read("cubeless:net:1") else {
            panic!("a cubeless network player");
        };
        assert!(cubeless);
        assert_eq!(
            (net.source, net.plies, net.full_width),
            (NetSource::Shipped, 1, false)
        );
    }

    #[test]
    fn bad_forms_say_what_is_wrong() {
        let read = |s: &str| s.parse::<PlayerSpec>();
        assert_eq!(read("cmd:  "), Err(SpecError::EmptyCommand));
        assert_eq!(
            read("gnubg:5ply"),
            Err(SpecError::Gnubg("gnubg:5ply".into()))
        );
        assert_eq!(read("net:4"), Err(SpecError::TooDeep));
        assert_eq!(read("net:999"), Err(SpecError::Plies("net:999".into())));
        assert_eq!(
            read("cubeless:random"),
            Err(SpecError::Unknown("random".into()))
        );
        assert_eq!(
            read("/no/such/weights.bin:1"),
            Err(SpecError::Unknown("/no/such/weights.bin:1".into()))
        );
    }
}
