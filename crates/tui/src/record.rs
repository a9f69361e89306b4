//! Saved games: Morris in the one Morris record format of `ludus_morris::record` (PGN-like,
//! `docs/morris-record.md`) with the terminal UI's settings as tag pairs, Backgammon as a `.mat`
//! match record (written and read by `ludus-backgammon`) with the terminal UI's settings in a `;`
//! comment line that other programs skip.

use crate::ui::Opponent;
use ludus_backgammon::{Match, Seat, read_mat, write_mat};
use ludus_morris::Game;
use ludus_morris::record::{Record, RecordError as MorrisRecordError};
use ludus_morris_engine::level::{MAX_LEVEL, MIN_LEVEL};
use std::fmt;
use std::str::FromStr;

/// The `Event` tag of a Morris game saved by the terminal UI.
const MORRIS_EVENT: &str = "Ludus terminal game";
/// Tag pairs of the players' kinds (PGN's `WhiteType`/`BlackType`: `human` or `program`).
const PLAYER_TYPE_TAGS: [&str; 2] = ["WhiteType", "BlackType"];
/// Tag pairs of the players' names.
const PLAYER_NAME_TAGS: [&str; 2] = ["White", "Black"];
/// The computer's level (1..=10, the engine's level table).
const LEVEL_TAG: &str = "Level";
/// The seed of the computer's evaluation noise.
const SEED_TAG: &str = "Seed";
/// `WhiteType`/`BlackType` value of a person.
const HUMAN: &str = "human";
/// `WhiteType`/`BlackType` value of the computer.
const PROGRAM: &str = "program";
/// The level of a `program` player when the record names none.
const DEFAULT_LEVEL: u32 = 5;
/// The prefix of the settings comment in a `.mat` file saved by the terminal UI.
pub const MAT_SETTINGS_PREFIX: &str = "; ludus play backgammon:";

/// Why a saved game cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The Morris record itself is wrong (a tag, the rules, a move).
    #[error(transparent)]
    Morris(#[from] MorrisRecordError),
    /// A Morris tag pair of the terminal UI's settings has a wrong value.
    #[error("tag {tag}: {value:?} is not {expected}")]
    Setting {
        /// The tag.
        tag: &'static str,
        /// Its value.
        value: String,
        /// What it should be.
        expected: &'static str,
    },
    /// A header line is wrong.
    #[error("line {line}: {reason}")]
    Header {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The `.mat` text is wrong.
    #[error("{0}")]
    Mat(String),
}

/// Who played a side of a saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MorrisPlayer {
    /// A person.
    Human,
    /// The computer at a level.
    Computer(u32),
}

/// A Morris game with what the terminal UI needs to resume it: who plays each side, at which
/// level, and the seed of the computer's noise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MorrisRecord {
    /// White's and Black's players.
    pub players: [MorrisPlayer; 2],
    /// The seed of the computer's noise, when saved.
    pub seed: Option<u64>,
    /// The game (its rules, start position and moves).
    pub game: Game,
}

impl MorrisRecord {
    /// The game as a record of `ludus_morris::record`, the settings as tag pairs.
    pub fn to_record(&self) -> Record {
        let mut record = Record::new(self.game.clone());
        record.set_tag("Event", MORRIS_EVENT);
        let mut level = None;
        for (i, player) in self.players.iter().enumerate() {
            let (name, kind) = match player {
                MorrisPlayer::Human => (HUMAN.to_string(), HUMAN),
                MorrisPlayer::Computer(n) => {
                    level = Some(*n);
                    (format!("Ludus level {n}"), PROGRAM)
                }
            };
            record.set_tag(PLAYER_NAME_TAGS[i], name);
            record.set_tag(PLAYER_TYPE_TAGS[i], kind);
        }
        if let Some(level) = level {
            record.set_tag(LEVEL_TAG, level.to_string());
        }
        if let Some(seed) = self.seed {
            record.set_tag(SEED_TAG, seed.to_string());
        }
        record
    }

    /// The settings of a record (from any program: missing tags mean people playing, the
    /// default level and no seed).
    pub fn from_record(record: Record) -> Result<MorrisRecord, RecordError> {
        let level = match record.tag(LEVEL_TAG) {
            None => DEFAULT_LEVEL,
            Some(value) => value
                .parse()
                .ok()
                .filter(|n| (u32::from(MIN_LEVEL)..=u32::from(MAX_LEVEL)).contains(n))
                .ok_or_else(|| RecordError::Setting {
                    tag: LEVEL_TAG,
                    value: value.to_string(),
                    expected: "a level from 1 to 10",
                })?,
        };
        let player = |tag: &'static str| match record.tag(tag) {
            None | Some(HUMAN) => Ok(MorrisPlayer::Human),
            Some(PROGRAM) => Ok(MorrisPlayer::Computer(level)),
            Some(other) => Err(RecordError::Setting {
                tag,
                value: other.to_string(),
                expected: "\"human\" or \"program\"",
            }),
        };
        let players = [player(PLAYER_TYPE_TAGS[0])?, player(PLAYER_TYPE_TAGS[1])?];
        let seed = match record.tag(SEED_TAG) {
            None => None,
            Some(value) => Some(value.parse().map_err(|_| RecordError::Setting {
                tag: SEED_TAG,
                value: value.to_string(),
                expected: "a whole number",
            })?),
        };
        Ok(MorrisRecord {
            players,
            seed,
            game: record.game,
        })
    }
}

impl fmt::Display for MorrisRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_record().fmt(f)
    }
}

impl FromStr for MorrisRecord {
    type Err = RecordError;

    /// Reads a record and replays its moves with its rules (each one checked).
    fn from_str(text: &str) -> Result<MorrisRecord, RecordError> {
        MorrisRecord::from_record(text.parse()?)
    }
}

/// The terminal UI's settings of a backgammon session, kept in the `.mat` comment line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BgSettings {
    /// The other side.
    pub opponent: Opponent,
    /// The computer's level.
    pub level: u32,
    /// The person's seat against the computer (player 0 is White).
    pub human: Seat,
    /// Whether the doubling cube is used (money play; matches always use it).
    pub cube: bool,
    /// The seed of the dice.
    pub seed: u64,
    /// Dice rolled so far from the seed (a resumed game continues the same stream).
    pub dice_rolled: u64,
}

impl Default for BgSettings {
    fn default() -> Self {
        BgSettings {
            opponent: Opponent::Computer,
            level: 5,
            human: Seat::Zero,
            cube: true,
            seed: 0,
            dice_rolled: 0,
        }
    }
}

/// A backgammon match or money session with the terminal UI's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BgRecord {
    /// Settings of the session.
    pub settings: BgSettings,
    /// The games.
    pub record: Match,
}

impl fmt::Display for BgRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.settings;
        writeln!(
            f,
            "{MAT_SETTINGS_PREFIX} vs={} level={} as={} cube={} seed={} dice={}",
            match s.opponent {
                Opponent::Computer => "computer",
                Opponent::Human => "human",
            },
            s.level,
            seat_color(s.human),
            if s.cube { "on" } else { "off" },
            s.seed,
            s.dice_rolled
        )?;
        f.write_str(&write_mat(&self.record))?;
        if self.record.current().is_some_and(|g| g.outcome().is_none()) {
            writeln!(f)?;
        }
        Ok(())
    }
}

impl FromStr for BgRecord {
    type Err = RecordError;

    /// Reads a `.mat` text (from any program); the settings line is optional.
    fn from_str(text: &str) -> Result<BgRecord, RecordError> {
        let mut settings = BgSettings::default();
        if let Some(line) = text
            .lines()
            .find_map(|l| l.trim().strip_prefix(MAT_SETTINGS_PREFIX))
        {
            read_settings(line, &mut settings)?;
        }
        let record = read_mat(text).map_err(|e| RecordError::Mat(e.to_string()))?;
        Ok(BgRecord { settings, record })
    }
}

fn read_settings(line: &str, settings: &mut BgSettings) -> Result<(), RecordError> {
    let bad = |reason: String| RecordError::Header { line: 1, reason };
    for pair in line.split_whitespace() {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| bad(format!("expected key=value, found {pair:?}")))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| bad(format!("{key}: not a number: {value:?}")))
        };
        match key {
            "vs" => {
                settings.opponent = match value {
                    "human" => Opponent::Human,
                    _ => Opponent::Computer,
                }
            }
            "level" => settings.level = number()? as u32,
            "as" => {
                settings.human = if value == "black" {
                    Seat::One
                } else {
                    Seat::Zero
                }
            }
            "cube" => settings.cube = value != "off",
            "seed" => settings.seed = number()?,
            "dice" => settings.dice_rolled = number()?,
            _ => {}
        }
    }
    Ok(())
}

/// `white` for player 0, `black` for player 1.
pub fn seat_color(seat: Seat) -> &'static str {
    match seat {
        Seat::Zero => "white",
        Seat::One => "black",
    }
}
