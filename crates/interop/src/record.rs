//! Morris game records as Sanmill imports them: PGN-like tag pairs, then numbered turns with
//! joined tokens (`1. d6 f4 2. d2 b4xd6 …`, `a4-a7xd2`), then the result.
//!
//! The reader also takes Sanmill's separate removal tokens (`b4 xd6`) and a `[FEN "…"]` start.

use crate::fen::{Fen, FenError, MorrisState};
use crate::uci::{TokenError, apply_token, tokens_of};
use ludus_morris::{Color, Game, Rules};
use std::fmt::Write;
use thiserror::Error;

/// Turns per line of movetext.
const TURNS_PER_LINE: usize = 8;

/// A game with its tag pairs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Tag pairs in order (`Event`, `White`, …), without `FEN`, `SetUp` and `Result`, which are
    /// derived from the game.
    pub tags: Vec<(String, String)>,
    /// The game (start position and moves).
    pub game: Game,
    /// The full move number of the start (1 from the empty board).
    pub first_move_number: u32,
}

/// Why a text is not a readable game record.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A malformed tag pair.
    #[error("line {0}: a tag pair is [Name \"value\"]")]
    Tag(usize),
    /// The FEN tag is not readable, or starts between a mill and its removal.
    #[error("FEN tag: {0}")]
    Fen(#[from] FenError),
    /// A FEN that stops between a mill and its removal cannot start a record.
    #[error("FEN tag: a record cannot start between a mill and its removal")]
    FenRemoval,
    /// A move that does not apply.
    #[error("move {number} ({token}): {reason}")]
    Move {
        /// 1-based token number in the movetext.
        number: usize,
        /// The token.
        token: String,
        /// Why.
        reason: String,
    },
    /// The movetext ends between a mill and its removal.
    #[error("the record ends between a mill and its removal")]
    Unfinished,
}

/// The result token of a game: `1-0`, `0-1`, `1/2-1/2` or `*`.
pub fn result_token(game: &Game) -> &'static str {
    match game.outcome() {
        Some(o) => match o.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        },
        None => "*",
    }
}

/// Writes a record: the tags, `SetUp`/`FEN` when the game does not start from the empty
/// board, `Result`, a blank line, the movetext and the result.
pub fn write_record(record: &Record) -> String {
    let mut out = String::new();
    for (name, value) in &record.tags {
        let _ = writeln!(out, "[{name} \"{value}\"]");
    }
    let start = *record.game.start_position();
    if start != ludus_morris::Position::new() {
        let fen = Fen::from_state(&MorrisState::Turn(start), record.first_move_number);
        let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{fen}\"]");
    }
    let result = result_token(&record.game);
    let _ = writeln!(out, "[Result \"{result}\"]\n");
    let mut words: Vec<String> = Vec::new();
    let mut number = record.first_move_number;
    for (i, (mv, before)) in record
        .game
        .moves()
        .iter()
        .zip(record.game.positions())
        .enumerate()
    {
        if before.side_to_move() == Color::White {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        if before.side_to_move() == Color::Black {
            number += 1;
        }
        words.push(mv.to_string());
    }
    words.push(result.to_string());
    let mut line_turns = 0;
    let mut line = String::new();
    for word in words {
        if word.ends_with('.') && line_turns == TURNS_PER_LINE {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
            line_turns = 0;
        }
        if word.ends_with('.') {
            line_turns += 1;
        }
        line.push_str(&word);
        line.push(' ');
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// Reads a record (standard rules).
pub fn read_record(text: &str) -> Result<Record, RecordError> {
    let rules = Rules::standard();
    let mut tags = Vec::new();
    let mut start = MorrisState::Turn(ludus_morris::Position::new());
    let mut first_move_number = 1;
    let mut movetext = String::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(inner) = trimmed.strip_prefix('[') {
            let inner = inner.strip_suffix(']').ok_or(RecordError::Tag(i + 1))?;
            let (name, value) = inner.split_once(' ').ok_or(RecordError::Tag(i + 1))?;
            let value = value
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or(RecordError::Tag(i + 1))?;
            match name {
                "FEN" => {
                    let fen: Fen = value.parse()?;
                    start = fen.state()?;
                    first_move_number = fen.fullmove.max(1);
                }
                "SetUp" | "Result" => {}
                _ => tags.push((name.to_string(), value.to_string())),
            }
        } else {
            movetext.push_str(trimmed);
            movetext.push(' ');
        }
    }
    let MorrisState::Turn(start_position) = start else {
        return Err(RecordError::FenRemoval);
    };
    let mut game = Game::from_position(rules, start_position);
    let mut state = start;
    let mut number = 0;
    for word in movetext.split_whitespace() {
        let is_number = word
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit())
            && word.ends_with('.');
        if is_number || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
            continue;
        }
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        number += 1;
        let move_error = |reason: String| RecordError::Move {
            number,
            token: word.to_string(),
            reason,
        };
        let MorrisState::Turn(before) = state else {
            // A removal token after its move.
            state = apply_token(&state, &rules, word).map_err(|e| move_error(e.to_string()))?;
            if let MorrisState::Turn(after) = state {
                let played = before_turn_move(&game, &after)
                    .ok_or_else(|| move_error("the removal does not follow a legal turn".into()))?;
                game.play(played).map_err(|e| move_error(e.to_string()))?;
            }
            continue;
        };
        state =
            apply_token(&state, &rules, word).map_err(|e: TokenError| move_error(e.to_string()))?;
        if let MorrisState::Turn(after) = state {
            let mv = word.parse().map_err(|_| move_error("not a move".into()))?;
            game.play(mv).map_err(|e| move_error(e.to_string()))?;
            debug_assert_eq!(game.position().board_key(), after.board_key());
            let _ = before;
        }
    }
    if matches!(state, MorrisState::Removal(_)) {
        return Err(RecordError::Unfinished);
    }
    Ok(Record {
        tags,
        game,
        first_move_number,
    })
}

/// The legal turn of the game's current position that leads to `after`.
fn before_turn_move(game: &Game, after: &ludus_morris::Position) -> Option<ludus_morris::Move> {
    let position = *game.position();
    position
        .legal_moves(game.rules())
        .iter()
        .copied()
        .find(|mv| position.play(*mv).board_key() == after.board_key())
}

/// The atomic tokens of a game's turns, as `position startpos moves …` takes them.
pub fn uci_tokens(game: &Game) -> Vec<String> {
    game.moves().iter().flat_map(tokens_of).collect()
}
