//! FIBS board lines, as gnubg's external-player protocol sends them (`docs/interop-formats.md`).
//!
//! A line is 53 colon-separated fields: `board:NAME0:NAME1:LENGTH:SCORE0:SCORE1:` then 26 board
//! fields seen from the bot (index 0 the opponent's bar, 1..=24 the points, 25 the bot's bar;
//! positive = the bot's checkers, negative = the opponent's; the bot moves from 24 toward 1),
//! then turn, dice, cube and flags. [`FibsBoard`] keeps every field so that parse → format gives
//! the line back unchanged; [`FibsBoard::decision`] says what the bot must decide.

use ludus_backgammon::{
    BAR, CHECKERS_PER_SIDE, CubeOwner, Dice, GameState, MatchState, POINTS, Position,
    PositionError, Seat,
};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Colon-separated fields of a board line, `board` included.
pub const FIELD_COUNT: usize = 53;
/// Board fields: the opponent's bar, 24 points, the bot's bar.
const BOARD_FIELDS: usize = 26;
/// Index of the first board field (the opponent's bar).
const FIRST_BOARD_FIELD: usize = 6;
/// The four fixed fields after the cube flags: colour, direction, home, bar.
pub const FIXED_FIELDS: [i32; 4] = [1, -1, 0, 25];

/// Why a text is not a FIBS board line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FibsError {
    /// The line does not start with `board:`.
    #[error("a board line starts with \"board:\", found {0:?}")]
    NotABoard(String),
    /// Not 53 fields.
    #[error("a board line has {FIELD_COUNT} colon-separated fields, found {0}")]
    FieldCount(usize),
    /// A field that must be a number is not one (or is out of range).
    #[error("field {index} ({name}) must be {expected}, found {found:?}")]
    Field {
        /// 0-based field index.
        index: usize,
        /// What the field holds.
        name: &'static str,
        /// What was expected.
        expected: &'static str,
        /// The text found.
        found: String,
    },
    /// The checkers do not make a backgammon position.
    #[error("the board is not a position: {0}")]
    Position(#[from] PositionError),
    /// The scores do not fit the match length.
    #[error("a score of {score} in a {length}-point match is over")]
    ScoreOverMatch {
        /// The score.
        score: u32,
        /// The match length.
        length: u32,
    },
}

/// Every field of a board line, as read (numbers kept as written so the line round-trips).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FibsBoard {
    /// The two names: gnubg writes the bot second on its own decisions and first when it is
    /// doubled (see [`FibsBoard::bot_index`]).
    pub names: [String; 2],
    /// Points to win the match; 0 for money play.
    pub match_length: u32,
    /// Scores, in the order of `names`.
    pub scores: [u32; 2],
    /// Index 0: the opponent's bar (≤ 0); 1..=24: the points from the bot's view (+ bot, −
    /// opponent); 25: the bot's bar (≥ 0).
    pub board: [i32; BOARD_FIELDS],
    /// Whose turn it is (field 32).
    pub turn: i32,
    /// The bot's dice (0, 0 before rolling).
    pub dice: [u8; 2],
    /// The dice again (fields 35–36).
    pub other_dice: [u8; 2],
    /// Cube value.
    pub cube: u32,
    /// The bot may double.
    pub bot_may_double: bool,
    /// The opponent may double.
    pub opponent_may_double: bool,
    /// Non-zero when the bot has just been doubled (a take/drop decision).
    pub was_doubled: i32,
    /// Colour, direction, home and bar fields (1, −1, 0, 25 from gnubg).
    pub fixed: [i32; 4],
    /// Checkers borne off: the bot, the opponent.
    pub off: [u8; 2],
    /// Fields 47–50 (0 from gnubg).
    pub unused: [i32; 4],
    /// Field 51 (a Crawford flag; gnubg 1.07 leaves it 0).
    pub crawford: bool,
    /// Field 52: doubling allowed in this game (1), 0 in the Crawford game.
    pub last: i32,
}

/// What a board line asks of the bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// The bot has been doubled: take, drop (or beaver).
    TakeOrDrop,
    /// Before rolling: roll or double.
    RollOrDouble,
    /// The bot has rolled these dice and must move.
    Move(Dice),
}

fn number<T: FromStr>(
    fields: &[&str],
    index: usize,
    name: &'static str,
    expected: &'static str,
) -> Result<T, FibsError> {
    fields[index].trim().parse().map_err(|_| FibsError::Field {
        index,
        name,
        expected,
        found: fields[index].to_string(),
    })
}

fn die(fields: &[&str], index: usize) -> Result<u8, FibsError> {
    let value: u8 = number(fields, index, "die", "a die 0 to 6")?;
    if value > 6 {
        return Err(FibsError::Field {
            index,
            name: "die",
            expected: "a die 0 to 6",
            found: fields[index].to_string(),
        });
    }
    Ok(value)
}

fn flag(fields: &[&str], index: usize, name: &'static str) -> Result<bool, FibsError> {
    Ok(number::<i32>(fields, index, name, "a number")? != 0)
}

impl FromStr for FibsBoard {
    type Err = FibsError;

    /// Reads a board line (a trailing newline or NUL is ignored).
    fn from_str(line: &str) -> Result<FibsBoard, FibsError> {
        let line = line.trim_matches(|c: char| c == '\0' || c.is_whitespace());
        if !line.starts_with("board:") {
            let start: String = line.chars().take(20).collect();
            return Err(FibsError::NotABoard(start));
        }
        let fields: Vec<&str> = line.split(':').collect();
        if fields.len() != FIELD_COUNT {
            return Err(FibsError::FieldCount(fields.len()));
        }
        let mut board = [0i32; BOARD_FIELDS];
        for (i, slot) in board.iter_mut().enumerate() {
            let index = FIRST_BOARD_FIELD + i;
            let value: i32 = number(&fields, index, "board", "a checker count -15 to 15")?;
            if value.unsigned_abs() > u32::from(CHECKERS_PER_SIDE) {
                return Err(FibsError::Field {
                    index,
                    name: "board",
                    expected: "a checker count -15 to 15",
                    found: fields[index].to_string(),
                });
            }
            *slot = value;
        }
        let count = |i: usize, name| -> Result<u8, FibsError> {
            let v: u8 = number(&fields, i, name, "a checker count 0 to 15")?;
            if v > CHECKERS_PER_SIDE {
                return Err(FibsError::Field {
                    index: i,
                    name,
                    expected: "a checker count 0 to 15",
                    found: fields[i].to_string(),
                });
            }
            Ok(v)
        };
        let parsed = FibsBoard {
            names: [fields[1].to_string(), fields[2].to_string()],
            match_length: number(&fields, 3, "match length", "a number")?,
            scores: [
                number(&fields, 4, "score", "a number")?,
                number(&fields, 5, "score", "a number")?,
            ],
            board,
            turn: number(&fields, 32, "turn", "a number")?,
            dice: [die(&fields, 33)?, die(&fields, 34)?],
            other_dice: [die(&fields, 35)?, die(&fields, 36)?],
            cube: number(&fields, 37, "cube", "a cube value")?,
            bot_may_double: flag(&fields, 38, "may double")?,
            opponent_may_double: flag(&fields, 39, "may double")?,
            was_doubled: number(&fields, 40, "was doubled", "a number")?,
            fixed: [
                number(&fields, 41, "colour", "a number")?,
                number(&fields, 42, "direction", "a number")?,
                number(&fields, 43, "home", "a number")?,
                number(&fields, 44, "bar", "a number")?,
            ],
            off: [count(45, "borne off")?, count(46, "borne off")?],
            unused: [
                number(&fields, 47, "unused", "a number")?,
                number(&fields, 48, "unused", "a number")?,
                number(&fields, 49, "unused", "a number")?,
                number(&fields, 50, "unused", "a number")?,
            ],
            crawford: flag(&fields, 51, "Crawford")?,
            last: number(&fields, 52, "last", "a number")?,
        };
        if !parsed.cube.is_power_of_two() {
            return Err(FibsError::Field {
                index: 37,
                name: "cube",
                expected: "a power of two",
                found: fields[37].to_string(),
            });
        }
        Ok(parsed)
    }
}

impl fmt::Display for FibsBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board:{}:{}:{}:{}:{}",
            self.names[0], self.names[1], self.match_length, self.scores[0], self.scores[1]
        )?;
        for v in self.board {
            write!(f, ":{v}")?;
        }
        write!(
            f,
            ":{}:{}:{}:{}:{}:{}:{}:{}:{}:{}",
            self.turn,
            self.dice[0],
            self.dice[1],
            self.other_dice[0],
            self.other_dice[1],
            self.cube,
            u8::from(self.bot_may_double),
            u8::from(self.opponent_may_double),
            self.was_doubled,
            self.fixed[0]
        )?;
        for v in &self.fixed[1..] {
            write!(f, ":{v}")?;
        }
        write!(f, ":{}:{}", self.off[0], self.off[1])?;
        for v in self.unused {
            write!(f, ":{v}")?;
        }
        write!(f, ":{}:{}", u8::from(self.crawford), self.last)
    }
}

impl FibsBoard {
    /// The board seen from the bot (the bot as the side on roll, whatever the decision).
    pub fn position(&self) -> Result<Position, FibsError> {
        let mut bot = [0u8; 26];
        let mut opponent = [0u8; 26];
        for point in 1..=usize::from(POINTS) {
            let v = self.board[point];
            if v > 0 {
                bot[point] = v as u8;
            } else if v < 0 {
                opponent[25 - point] = v.unsigned_abs() as u8;
            }
        }
        bot[usize::from(BAR)] = self.board[25].unsigned_abs() as u8;
        opponent[usize::from(BAR)] = self.board[0].unsigned_abs() as u8;
        Ok(Position::from_board(bot, opponent)?)
    }

    /// What the bot must decide now.
    pub fn decision(&self) -> Result<Decision, FibsError> {
        if self.was_doubled != 0 {
            return Ok(Decision::TakeOrDrop);
        }
        match self.dice {
            [0, 0] => Ok(Decision::RollOrDouble),
            [a, b] => Dice::new(a, b)
                .map(Decision::Move)
                .ok_or_else(|| FibsError::Field {
                    index: 33,
                    name: "die",
                    expected: "two dice 1 to 6 or 0:0",
                    found: format!("{a}:{b}"),
                }),
        }
    }

    /// Which of `names` (and `scores`) is the bot, going by gnubg's habit: the bot is written
    /// second on its own turn and first when it has been doubled.
    pub fn bot_index(&self) -> usize {
        if self.was_doubled != 0 { 0 } else { 1 }
    }

    /// The index of `name` among `names`, else [`FibsBoard::bot_index`].
    pub fn bot_index_by_name(&self, name: Option<&str>) -> usize {
        match name {
            Some(n) if self.names[0] == n && self.names[1] != n => 0,
            Some(n) if self.names[1] == n && self.names[0] != n => 1,
            _ => self.bot_index(),
        }
    }

    /// True in the Crawford game: field 51 set, or field 52 zero in match play.
    pub fn is_crawford_game(&self) -> bool {
        self.crawford || (self.match_length > 0 && self.last == 0)
    }

    /// The match around the board in the rules crate's terms, the bot on roll: seat `i` is
    /// `names[i]` (so `score` is `scores`), `bot` is the bot's index there; the cube belongs to
    /// whichever side alone may double; the dice are the bot's, if rolled.
    pub fn match_state(&self, bot: usize) -> Result<MatchState, FibsError> {
        let length = self.match_length;
        for score in self.scores {
            if length > 0 && score >= length {
                return Err(FibsError::ScoreOverMatch { score, length });
            }
        }
        let bot = if bot == 0 { Seat::Zero } else { Seat::One };
        let cube_owner = match (self.bot_may_double, self.opponent_may_double) {
            (true, false) => CubeOwner::Owned(bot),
            (false, true) => CubeOwner::Owned(bot.other()),
            _ => CubeOwner::Centered,
        };
        Ok(MatchState {
            cube_value: self.cube,
            cube_owner,
            on_roll: bot,
            crawford: self.is_crawford_game(),
            game_state: GameState::Playing,
            turn: bot,
            double_offered: false,
            resignation: None,
            dice: match self.dice {
                [0, 0] => None,
                [a, b] => Dice::new(a, b),
            },
            match_length: length,
            score: self.scores,
            jacoby: false,
        })
    }

    /// Whether the bot may double now: gnubg says so, and it is not the Crawford game.
    pub fn bot_can_double(&self) -> bool {
        self.bot_may_double && !self.is_crawford_game()
    }

    /// A board line for a position seen from the bot (the bot moves from 24 toward 1), with
    /// the other fields as gnubg fills them for a money game before rolling.
    pub fn from_position(position: &Position, names: [String; 2]) -> FibsBoard {
        let mut board = [0i32; BOARD_FIELDS];
        for point in 1..=POINTS {
            let mine = i32::from(position.player(point));
            let theirs = i32::from(position.opponent(25 - point));
            board[usize::from(point)] = mine - theirs;
        }
        board[25] = i32::from(position.player(BAR));
        board[0] = -i32::from(position.opponent(BAR));
        FibsBoard {
            names,
            match_length: 0,
            scores: [0, 0],
            board,
            turn: 1,
            dice: [0, 0],
            other_dice: [0, 0],
            cube: 1,
            bot_may_double: true,
            opponent_may_double: true,
            was_doubled: 0,
            fixed: FIXED_FIELDS,
            off: [position.player(0), position.opponent(0)],
            unused: [0; 4],
            crawford: false,
            last: 1,
        }
    }
}
