//! Machine kinds of the errors: a stable code per kind of mistake and the values its message
//! names, so that front ends can translate them (the English message is the `Display`).
//!
//! Codes are kebab-case and shared where the meaning is the same (`game-over`, `illegal-move`).

use crate::dice::DiceError;
use crate::game::{BeaverRefusal, GameError, MatchRefusal, Waiting};
use crate::match_id::MatchIdError;
use crate::match_state::DoubleRefusal;
use crate::moves::MoveParseError;
use crate::position_id::PositionIdError;
use crate::turn::TurnError;

/// Named values of an error message, as text.
pub type Params = Vec<(&'static str, String)>;

impl GameError {
    /// A stable machine name of the kind of mistake.
    pub fn code(&self) -> &'static str {
        match self {
            GameError::NotNow { waiting, .. } => waiting.code(),
            GameError::CannotDouble(refusal) => refusal.code(),
            GameError::CannotBeaver(BeaverRefusal::NotAllowed) => "beavers-off",
            GameError::CannotBeaver(BeaverRefusal::PastCeiling) => "beaver-past-ceiling",
            GameError::IllegalMove { .. } => "illegal-move",
            GameError::Match(MatchRefusal::MatchOver) => "match-over",
            GameError::Match(MatchRefusal::GameInProgress) => "game-in-progress",
        }
    }

    /// The values the message names.
    pub fn params(&self) -> Params {
        match self {
            GameError::NotNow { action, waiting } => {
                let mut params = vec![("action", action.to_string())];
                params.extend(waiting.params());
                params
            }
            GameError::IllegalMove { mv, dice } => {
                vec![("move", mv.clone()), ("dice", dice.to_string())]
            }
            GameError::CannotDouble(_) | GameError::CannotBeaver(_) | GameError::Match(_) => {
                Vec::new()
            }
        }
    }
}

impl Waiting {
    /// The code of an action refused because the game waits for this.
    pub fn code(&self) -> &'static str {
        match self {
            Waiting::Roll => "must-roll-or-double",
            Waiting::Answer => "double-pending",
            Waiting::Move(_) => "must-move",
            Waiting::ResignationAnswer => "resignation-pending",
            Waiting::Over => "game-over",
        }
    }

    /// The values its message names (the dice to move).
    pub fn params(&self) -> Params {
        match self {
            Waiting::Move(dice) => vec![("dice", dice.to_string())],
            _ => Vec::new(),
        }
    }
}

impl DoubleRefusal {
    /// A stable machine name of the reason.
    pub fn code(&self) -> &'static str {
        match self {
            DoubleRefusal::NotBeforeRoll => "double-before-rolling",
            DoubleRefusal::Crawford => "double-crawford",
            DoubleRefusal::OpponentOwnsCube => "double-cube-owned",
            DoubleRefusal::CubeAtCeiling => "double-cube-ceiling",
        }
    }
}

impl MoveParseError {
    /// A stable machine name of the kind of mistake.
    pub fn code(&self) -> &'static str {
        match self {
            MoveParseError::Syntax { .. } => "unreadable-move",
            MoveParseError::Illegal { .. } => "illegal-move",
        }
    }

    /// The values the message names (the move as written, the reason in English, the dice).
    pub fn params(&self) -> Params {
        match self {
            MoveParseError::Syntax { text, reason } => {
                vec![("move", text.clone()), ("reason", reason.clone())]
            }
            MoveParseError::Illegal { text, dice } => {
                vec![("move", text.clone()), ("dice", dice.to_string())]
            }
        }
    }
}

impl TurnError {
    /// A stable machine name of the kind of mistake.
    pub fn code(&self) -> &'static str {
        match self {
            TurnError::NoSuchStep { .. } => "no-such-step",
            TurnError::Complete => "move-complete",
        }
    }

    /// The values the message names.
    pub fn params(&self) -> Params {
        match self {
            TurnError::NoSuchStep { from, to } => {
                vec![("from", from.to_string()), ("to", to.to_string())]
            }
            TurnError::Complete => Vec::new(),
        }
    }
}

impl DiceError {
    /// A stable machine name of the kind of mistake.
    pub fn code(&self) -> &'static str {
        "bad-dice"
    }

    /// The values the message names (what was read).
    pub fn params(&self) -> Params {
        match self {
            DiceError::BadDie(die) => vec![("text", die.to_string())],
            DiceError::Malformed(text) => vec![("text", text.clone())],
        }
    }
}

impl PositionIdError {
    /// A stable machine name of the kind of mistake.
    pub fn code(&self) -> &'static str {
        "bad-position-id"
    }

    /// The values the message names (the id).
    pub fn params(&self) -> Params {
        let id = match self {
            PositionIdError::Malformed(id) | PositionIdError::Truncated(id) => id,
            PositionIdError::Illegal { id, .. } => id,
        };
        vec![("id", id.clone())]
    }
}

impl MatchIdError {
    /// A stable machine name of the kind of mistake.
    pub fn code(&self) -> &'static str {
        "bad-match-id"
    }

    /// The values the message names (the id, when there is one).
    pub fn params(&self) -> Params {
        match self {
            MatchIdError::Malformed(id) | MatchIdError::BadField { id, .. } => {
                vec![("id", id.clone())]
            }
            MatchIdError::DoesNotFit { .. } => Vec::new(),
        }
    }
}
