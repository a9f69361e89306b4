//! Machine kinds of the errors: a stable code per kind of mistake and the values its message
//! names, so that front ends can translate them (the English message is the `Display`).
//!
//! Codes are kebab-case. A parameter named `side` holds `white` or `black`.

use crate::movegen::IllegalMove;
use crate::moves::ParseMoveError;
use crate::rules::ParseRulesError;
use crate::square::{Color, ParseSquareError};
use crate::text::ParsePositionError;

/// Named values of an error message, as text.
pub type Params = Vec<(&'static str, String)>;

fn side(color: Color) -> String {
    color.name().to_ascii_lowercase()
}

impl IllegalMove {
    /// A stable machine name of the kind of mistake.
    pub fn code(&self) -> &'static str {
        match self {
            IllegalMove::GameOver(_) => "game-over",
            IllegalMove::MustPlace(..) => "must-place",
            IllegalMove::NothingInHand(_) => "nothing-in-hand",
            IllegalMove::Occupied(_) => "occupied",
            IllegalMove::NotOwnPiece(..) => "not-own-piece",
            IllegalMove::NotAdjacent { .. } => "not-adjacent",
            IllegalMove::RemovalMissing(_) => "removal-missing",
            IllegalMove::NoMill(..) => "no-mill",
            IllegalMove::NotOpponentPiece(..) => "not-opponent-piece",
            IllegalMove::ProtectedByMill(..) => "protected-by-mill",
            IllegalMove::NotLegal(_) => "illegal-move",
        }
    }

    /// The values the message names (`square`, `side`, `move`, …).
    pub fn params(&self) -> Params {
        match *self {
            IllegalMove::GameOver(outcome) => vec![("reason", outcome.reason.name().to_string())],
            IllegalMove::MustPlace(color, count) => {
                vec![("side", side(color)), ("count", count.to_string())]
            }
            IllegalMove::NothingInHand(color) => vec![("side", side(color))],
            IllegalMove::Occupied(square) => vec![("square", square.to_string())],
            IllegalMove::NotOwnPiece(square, color)
            | IllegalMove::NotOpponentPiece(square, color)
            | IllegalMove::ProtectedByMill(square, color) => {
                vec![("square", square.to_string()), ("side", side(color))]
            }
            IllegalMove::NotAdjacent { from, to } => {
                vec![("from", from.to_string()), ("to", to.to_string())]
            }
            IllegalMove::RemovalMissing(mv) | IllegalMove::NotLegal(mv) => {
                vec![("move", mv.to_string())]
            }
            IllegalMove::NoMill(mv, square) => {
                vec![("move", mv.to_string()), ("square", square.to_string())]
            }
        }
    }
}

impl ParseMoveError {
    /// A stable machine name of the kind of mistake.
    pub fn code(&self) -> &'static str {
        match self {
            ParseMoveError::Empty => "empty-move",
            ParseMoveError::Square(error) => error.code(),
            ParseMoveError::Malformed(_) => "unreadable-move",
            ParseMoveError::NullMove(_) => "null-move",
        }
    }

    /// The values the message names.
    pub fn params(&self) -> Params {
        match self {
            ParseMoveError::Empty => Vec::new(),
            ParseMoveError::Square(error) => error.params(),
            ParseMoveError::Malformed(text) | ParseMoveError::NullMove(text) => {
                vec![("move", text.clone())]
            }
        }
    }
}

impl ParseSquareError {
    /// A stable machine name of the kind of mistake.
    pub fn code(&self) -> &'static str {
        "unknown-square"
    }

    /// The values the message names (the text read).
    pub fn params(&self) -> Params {
        vec![("text", self.text.clone())]
    }
}

impl ParseRulesError {
    /// A stable machine name of the kind of mistake.
    pub fn code(&self) -> &'static str {
        "unknown-rules"
    }

    /// The values the message names (the text read).
    pub fn params(&self) -> Params {
        vec![("text", self.0.clone())]
    }
}

impl ParsePositionError {
    /// A stable machine name of the kind of mistake: the text form (`bad-position-text`) or a
    /// board that cannot occur (`illegal-position`).
    pub fn code(&self) -> &'static str {
        match self {
            ParsePositionError::Illegal(_) => "illegal-position",
            _ => "bad-position-text",
        }
    }

    /// The values the message names (the reason, in English).
    pub fn params(&self) -> Params {
        vec![("reason", self.to_string())]
    }
}
