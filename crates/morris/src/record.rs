//! Morris game records, the one record format of Ludus (`docs/morris-record.md`): PGN-like tag
//! pairs, then numbered turns with joined tokens (`1. d6 f4 2. d2 b4xd6 …`, `a4-a7xd2`), then
//! the result. Sanmill imports it; the terminal UI saves and resumes games in it (its settings
//! are tag pairs); the server exports it.
//!
//! The reader also takes Sanmill's separate removal tokens (`b4 xd6`), a `[FEN "…"]` start and a
//! `[Rules "…"]` tag (the rules' [`Display`](std::fmt::Display) text; missing means standard).
//! A result that the moves do not reach (a resignation, an agreed draw) is kept as
//! [`Record::off_board`].
//!
//! ```
//! use ludus_morris::record::Record;
//! let text = "[Event \"example\"]\n[Result \"*\"]\n\n1. d6 f4 2. d2 b4 *\n";
//! let record: Record = text.parse().unwrap();
//! assert_eq!(record.game.moves().len(), 4);
//! assert_eq!(record.tag("Event"), Some("example"));
//! assert_eq!(record.to_string(), text);
//! ```

use crate::fen::{Fen, FenError};
use crate::game::Game;
use crate::movegen::IllegalMove;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{ParseRulesError, Rules};
use crate::square::Color;
use crate::token::{MorrisState, TokenError, apply_token};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Turns per line of movetext.
const TURNS_PER_LINE: usize = 8;

/// Tags the writer derives from the game; the reader takes them out of [`Record::tags`].
const DERIVED_TAGS: [&str; 4] = ["Rules", "SetUp", "FEN", "Result"];

/// A game with its tag pairs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Tag pairs in order (`Event`, `White`, …), without `Rules`, `SetUp`, `FEN` and `Result`,
    /// which are derived from the game.
    pub tags: Vec<(String, String)>,
    /// The game (rules, start position and moves).
    pub game: Game,
    /// The full move number of the start (1 from the empty board).
    pub first_move_number: u32,
    /// How the game ended when the moves do not say so (`None`: they do, or it goes on).
    pub off_board: Option<OffBoardResult>,
}

/// A result that the moves do not reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OffBoardResult {
    /// This side won (the other resigned, or lost on time).
    Win(Color),
    /// The players agreed to a draw.
    Draw,
}

impl OffBoardResult {
    /// The result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn token(self) -> &'static str {
        match self {
            OffBoardResult::Win(Color::White) => "1-0",
            OffBoardResult::Win(Color::Black) => "0-1",
            OffBoardResult::Draw => "1/2-1/2",
        }
    }

    /// The result of a token; `None` for `*` or anything else.
    fn from_token(token: &str) -> Option<OffBoardResult> {
        [
            OffBoardResult::Win(Color::White),
            OffBoardResult::Win(Color::Black),
            OffBoardResult::Draw,
        ]
        .into_iter()
        .find(|result| result.token() == token)
    }
}

/// Why a text is not a readable game record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A malformed tag pair.
    #[error("line {0}: a tag pair is [Name \"value\"]")]
    Tag(usize),
    /// The `Rules` tag names no rule set.
    #[error("line {line}: {error}")]
    Rules {
        /// 1-based line number.
        line: usize,
        /// Why the value is not a rule set.
        error: ParseRulesError,
    },
    /// The FEN tag is not readable.
    #[error("FEN tag: {0}")]
    Fen(#[from] FenError),
    /// A FEN that stops between a mill and its removal cannot start a record.
    #[error("FEN tag: a record cannot start between a mill and its removal")]
    FenRemoval,
    /// A move token that does not apply.
    #[error("move {number} ({token}): {error}")]
    Token {
        /// 1-based token number in the movetext.
        number: usize,
        /// The token.
        token: String,
        /// Why.
        error: TokenError,
    },
    /// A turn the game refuses (it is over, also by a draw rule).
    #[error("move {number} ({token}): {error}")]
    Move {
        /// 1-based token number in the movetext.
        number: usize,
        /// The token.
        token: String,
        /// Why.
        error: IllegalMove,
    },
    /// The movetext ends between a mill and its removal.
    #[error("the record ends between a mill and its removal")]
    Unfinished,
}

impl Record {
    /// A record of `game` without tags, numbered from 1.
    pub fn new(game: Game) -> Record {
        Record {
            tags: Vec::new(),
            game,
            first_move_number: 1,
            off_board: None,
        }
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// Sets the tag `name` (replacing its value, or appending it).
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(tag, _)| tag == name) {
            Some(entry) => entry.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The result token: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game runs. The end on the
    /// board comes first, then [`Record::off_board`].
    pub fn result(&self) -> &'static str {
        let on_board = self.game.outcome().map(|outcome| match outcome.winner {
            Some(winner) => OffBoardResult::Win(winner),
            None => OffBoardResult::Draw,
        });
        on_board
            .or(self.off_board)
            .map_or("*", OffBoardResult::token)
    }

    /// The movetext words: move numbers (`3.`, or `3...` when Black starts) and moves.
    fn movetext(&self) -> Vec<String> {
        let mut words = Vec::new();
        let mut number = self.first_move_number;
        let turns = self.game.moves().iter().zip(self.game.positions());
        for (i, (mv, before)) in turns.enumerate() {
            match before.side_to_move() {
                Color::White => words.push(format!("{number}.")),
                Color::Black if i == 0 => words.push(format!("{number}...")),
                Color::Black => {}
            }
            if before.side_to_move() == Color::Black {
                number += 1;
            }
            words.push(mv.to_string());
        }
        words
    }
}

impl fmt::Display for Record {
    /// Writes the tags, `Rules` unless standard, `SetUp`/`FEN` unless the game starts from the
    /// empty board, `Result`, a blank line, the movetext (eight turns a line) and the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        if *self.game.rules() != Rules::standard() {
            writeln!(f, "[Rules \"{}\"]", self.game.rules())?;
        }
        let start = *self.game.start_position();
        if start != Position::new() {
            let fen = Fen::from_state(&MorrisState::Turn(start), self.first_move_number);
            writeln!(f, "[SetUp \"1\"]\n[FEN \"{fen}\"]")?;
        }
        let result = self.result();
        writeln!(f, "[Result \"{result}\"]\n")?;
        let mut line = Vec::new();
        let mut turns = 0;
        for word in self.movetext() {
            if word.ends_with('.') {
                if turns == TURNS_PER_LINE {
                    writeln!(f, "{}", line.join(" "))?;
                    line.clear();
                    turns = 0;
                }
                turns += 1;
            }
            line.push(word);
        }
        line.push(result.to_string());
        writeln!(f, "{}", line.join(" "))
    }
}

/// The tag section of a record as read: free tags, rules, start, the result tag.
struct Header {
    tags: Vec<(String, String)>,
    rules: Rules,
    start: MorrisState,
    first_move_number: u32,
    result: Option<String>,
}

impl Header {
    /// Reads one `[Name "value"]` line (1-based `line`).
    fn read_tag(&mut self, line: usize, inner: &str) -> Result<(), RecordError> {
        let inner = inner.strip_suffix(']').ok_or(RecordError::Tag(line))?;
        let (name, value) = inner.split_once(' ').ok_or(RecordError::Tag(line))?;
        let value = value
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or(RecordError::Tag(line))?;
        match name {
            "FEN" => {
                let fen: Fen = value.parse()?;
                self.start = fen.state()?;
                self.first_move_number = fen.fullmove.max(1);
            }
            "Rules" => {
                self.rules = value
                    .parse()
                    .map_err(|error| RecordError::Rules { line, error })?;
            }
            "Result" => self.result = Some(value.to_string()),
            _ if DERIVED_TAGS.contains(&name) => {}
            _ => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }
}

/// Whether a movetext word is a result token.
fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Whether a movetext word is a move number (`12.`, `12...`) or a result.
fn is_number_or_result(word: &str) -> bool {
    let number = word.ends_with('.')
        && word
            .trim_end_matches('.')
            .bytes()
            .all(|b| b.is_ascii_digit());
    number || is_result(word)
}

/// The legal turn of the game's current position that leads to `after`.
fn turn_leading_to(game: &Game, after: &Position) -> Option<Move> {
    let position = *game.position();
    position
        .legal_moves(game.rules())
        .iter()
        .copied()
        .find(|mv| position.play(*mv).board_key() == after.board_key())
}

/// Replays the movetext words into `game`, token by token.
fn replay(game: &mut Game, start: MorrisState, movetext: &str) -> Result<(), RecordError> {
    let rules = *game.rules();
    let mut state = start;
    let words = movetext
        .split_whitespace()
        .filter(|word| !is_number_or_result(word));
    for (index, word) in words.enumerate() {
        // "1.d6" is a number joined to its move.
        let token = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let number = index + 1;
        state = apply_token(&state, &rules, token).map_err(|error| RecordError::Token {
            number,
            token: token.to_string(),
            error,
        })?;
        let MorrisState::Turn(after) = state else {
            continue;
        };
        let turn = turn_leading_to(game, &after).ok_or_else(|| RecordError::Token {
            number,
            token: token.to_string(),
            error: TokenError::Illegal {
                token: token.to_string(),
            },
        })?;
        game.play(turn).map_err(|error| RecordError::Move {
            number,
            token: token.to_string(),
            error,
        })?;
    }
    match state {
        MorrisState::Turn(_) => Ok(()),
        MorrisState::Removal(_) => Err(RecordError::Unfinished),
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// Reads a record and replays its moves with its rules (each one checked).
    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut header = Header {
            tags: Vec::new(),
            rules: Rules::standard(),
            start: MorrisState::Turn(Position::new()),
            first_move_number: 1,
            result: None,
        };
        let mut movetext = String::new();
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            match trimmed.strip_prefix('[') {
                Some(inner) => header.read_tag(i + 1, inner)?,
                None => {
                    movetext.push_str(trimmed);
                    movetext.push(' ');
                }
            }
        }
        let MorrisState::Turn(start) = header.start else {
            return Err(RecordError::FenRemoval);
        };
        let mut game = Game::from_position(header.rules, start);
        replay(&mut game, header.start, &movetext)?;
        // The Result tag, else the movetext's result token; the end on the board comes first.
        let token = header.result.or_else(|| {
            movetext
                .split_whitespace()
                .rfind(|w| is_result(w))
                .map(str::to_string)
        });
        let off_board = token
            .and_then(|token| OffBoardResult::from_token(&token))
            .filter(|_| game.outcome().is_none());
        Ok(Record {
            tags: header.tags,
            game,
            first_move_number: header.first_move_number,
            off_board,
        })
    }
}
