//! Saved games: Morris as a move list with a header (`docs/morris-record.md`), Backgammon as a
//! `.mat` match record (written and read by `ludus-backgammon`) with the terminal UI's settings
//! in a `;` comment line that other programs skip.

use crate::ui::Opponent;
use ludus_backgammon::{Match, Seat, read_mat, write_mat};
use ludus_morris::{Color, Game, Position, Rules};
use std::fmt;
use std::str::FromStr;

/// The first line of a Morris record.
pub const MORRIS_MAGIC: &str = "# Ludus Morris game";
/// The line that ends a Morris record's header.
const MOVES_LINE: &str = "Moves:";
/// Moves per numbered line of a Morris record (White's and Black's).
const MOVES_PER_LINE: usize = 2;
/// The prefix of the settings comment in a `.mat` file saved by the terminal UI.
pub const MAT_SETTINGS_PREFIX: &str = "; ludus play backgammon:";

/// Why a saved game cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text is not a Morris record.
    #[error("not a Ludus Morris record: the first line must be {MORRIS_MAGIC:?}")]
    NotMorris,
    /// A header line is wrong.
    #[error("line {line}: {reason}")]
    Header {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A move is not legal where it stands.
    #[error("move {number} ({text}): {reason}")]
    Move {
        /// 1-based ply number.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
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

impl fmt::Display for MorrisPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MorrisPlayer::Human => f.write_str("human"),
            MorrisPlayer::Computer(level) => write!(f, "computer {level}"),
        }
    }
}

impl FromStr for MorrisPlayer {
    type Err = String;

    fn from_str(text: &str) -> Result<MorrisPlayer, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words[..] {
            ["human"] => Ok(MorrisPlayer::Human),
            ["computer", level] => level
                .parse()
                .map(MorrisPlayer::Computer)
                .map_err(|_| format!("bad level {level:?}")),
            _ => Err(format!(
                "expected \"human\" or \"computer LEVEL\", found {text:?}"
            )),
        }
    }
}

/// A Morris game with its players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MorrisRecord {
    /// Rule options.
    pub rules: Rules,
    /// White's and Black's players.
    pub players: [MorrisPlayer; 2],
    /// The game (its start position and moves).
    pub game: Game,
}

impl MorrisRecord {
    /// The result tag: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game runs.
    pub fn result(&self) -> &'static str {
        match self.game.outcome() {
            None => "*",
            Some(outcome) => match outcome.winner {
                Some(Color::White) => "1-0",
                Some(Color::Black) => "0-1",
                None => "1/2-1/2",
            },
        }
    }
}

impl fmt::Display for MorrisRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{MORRIS_MAGIC} (docs/morris-record.md)")?;
        writeln!(f, "Rules: {}", self.rules)?;
        writeln!(f, "White: {}", self.players[0])?;
        writeln!(f, "Black: {}", self.players[1])?;
        if *self.game.start_position() != Position::new() {
            writeln!(f, "Start: {}", self.game.start_position())?;
        }
        writeln!(f, "Result: {}", self.result())?;
        writeln!(f, "{MOVES_LINE}")?;
        for (number, pair) in self.game.moves().chunks(MOVES_PER_LINE).enumerate() {
            let moves: Vec<String> = pair.iter().map(ToString::to_string).collect();
            writeln!(f, "{}. {}", number + 1, moves.join(" "))?;
        }
        Ok(())
    }
}

impl FromStr for MorrisRecord {
    type Err = RecordError;

    /// Reads a record and replays its moves with the rules (each one checked).
    fn from_str(text: &str) -> Result<MorrisRecord, RecordError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        match lines.next() {
            Some((_, first)) if first.starts_with(MORRIS_MAGIC) => {}
            _ => return Err(RecordError::NotMorris),
        }
        let mut rules = Rules::standard();
        let mut players = [MorrisPlayer::Human; 2];
        let mut start = Position::new();
        for (line, text) in lines.by_ref() {
            if text == MOVES_LINE {
                break;
            }
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            let header = |reason: String| RecordError::Header { line, reason };
            let (key, value) = text
                .split_once(':')
                .ok_or_else(|| header(format!("expected \"Key: value\", found {text:?}")))?;
            let value = value.trim();
            match key.trim() {
                "Rules" => rules = value.parse().map_err(|e| header(format!("{e}")))?,
                "White" => players[0] = value.parse().map_err(header)?,
                "Black" => players[1] = value.parse().map_err(header)?,
                "Start" => start = value.parse().map_err(|e| header(format!("{e}")))?,
                "Result" => {}
                other => return Err(header(format!("unknown header {other:?}"))),
            }
        }
        let mut game = Game::from_position(rules, start);
        let words = lines.flat_map(|(_, l)| l.split_whitespace());
        for word in words.filter(|w| !is_move_number(w) && !is_result(w)) {
            let number = game.moves().len() + 1;
            let error = |reason: String| RecordError::Move {
                number,
                text: word.to_string(),
                reason,
            };
            let mv = word.parse().map_err(|e| error(format!("{e}")))?;
            game.play(mv).map_err(|e| error(format!("{e}")))?;
        }
        Ok(MorrisRecord {
            rules,
            players,
            game,
        })
    }
}

fn is_move_number(word: &str) -> bool {
    word.strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn is_result(word: &str) -> bool {
    matches!(word, "*" | "1-0" | "0-1" | "1/2-1/2")
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
