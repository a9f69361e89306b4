//! The words the server shares with every game: kinds, seats, actions, commands, results and
//! refusals. A game is a black box that takes commands from seats ([`Game`](super::Game)).
//!
//! The server never looks inside a board. Each game kind implements the trait by calling its rules
//! crate; the server only asks whose turn it is, hands over a command, and shows the view the
//! game gives it (wildbg's principle: the web crate knows as little about the games as possible).

use crate::params::Params;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// `name()` (the lowercase word of the API and the database), `ALL`, `Display` and `FromStr`
/// (refusing other words with `$error`) for a fieldless enum, from one list of names.
macro_rules! named {
    ($ty:ident, $error:path, { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// The lowercase name used in the API and the database.
            pub fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),+
                }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $ty {
            type Err = UnknownName;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                $ty::ALL
                    .iter()
                    .copied()
                    .find(|value| value.name() == text)
                    .ok_or_else(|| $error(text.to_string()))
            }
        }
    };
}

/// A word that names none of the values of one of the API's named enums (the games, the seats,
/// the actions), with the word sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnknownName {
    /// Neither `morris` nor `backgammon`.
    #[error("unknown game `{0}` (expected morris or backgammon)")]
    Game(String),
    /// Neither `white` nor `black`.
    #[error("unknown seat `{0}` (expected white or black)")]
    Side(String),
    /// No such action.
    #[error("unknown action `{0}` (expected roll, double, take, pass or resign)")]
    Action(String),
}

impl UnknownName {
    /// A stable machine name of the mistake.
    pub fn code(&self) -> &'static str {
        match self {
            UnknownName::Game(_) => "unknown-game",
            UnknownName::Side(_) => "unknown-side",
            UnknownName::Action(_) => "unknown-action",
        }
    }

    /// The values the message names: the word sent.
    pub fn params(&self) -> Params {
        match self {
            UnknownName::Game(text) | UnknownName::Side(text) | UnknownName::Action(text) => {
                vec![("text", text.clone())]
            }
        }
    }
}

/// The games Ludus serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Nine Men's Morris.
    Morris,
    /// Backgammon (money game or match).
    Backgammon,
}

named!(GameKind, UnknownName::Game, { Morris => "morris", Backgammon => "backgammon" });

/// One of the two seats at a game. White moves first in Morris; in Backgammon the opening roll
/// decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The first seat.
    White,
    /// The second seat.
    Black,
}

named!(Side, UnknownName::Side, { White => "white", Black => "black" });

impl Side {
    /// Both seats, white first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other seat.
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for white, 1 for black.
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }
}

/// One value per seat, white first (serialised as `{"white": …, "black": …}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PerSide<T> {
    /// White's.
    pub white: T,
    /// Black's.
    pub black: T,
}

impl<T> PerSide<T> {
    /// From a pair indexed by [`Side::index`].
    pub fn from_pair([white, black]: [T; 2]) -> PerSide<T> {
        PerSide { white, black }
    }
}

/// A non-move decision (the Backgammon turn structure; `resign` works in both games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// Roll the dice (instead of doubling).
    Roll,
    /// Offer a double.
    Double,
    /// Accept the double offered.
    Take,
    /// Refuse the double offered (the game is lost at the current stake).
    Pass,
    /// Give up the game.
    Resign,
}

named!(Action, UnknownName::Action, {
    Roll => "roll",
    Double => "double",
    Take => "take",
    Pass => "pass",
    Resign => "resign",
});

/// What a seat asks the game to do: play a move in the game's notation, or take an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A move in the game's own notation (`d6-d5xa1`, `24/18 13/11`).
    Move(String),
    /// A turn action.
    Action(Action),
}

impl Command {
    /// The text stored in the database: the move itself, or `:action`.
    pub fn to_record(&self) -> String {
        match self {
            Command::Move(text) => text.clone(),
            Command::Action(action) => format!(":{}", action.name()),
        }
    }

    /// Reads the text written by [`Command::to_record`].
    pub fn from_record(text: &str) -> Result<Command, UnknownName> {
        match text.strip_prefix(':') {
            Some(action) => Ok(Command::Action(action.parse()?)),
            None => Ok(Command::Move(text.to_string())),
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Points won (the cube value times 1, 2 or 3 in Backgammon; 1 in Morris, 0 for a draw).
    pub points: u32,
    /// Why the game ended, as a short machine word (`mill`, `blocked`, `repetition`, `gammon`, …).
    pub reason: String,
}

/// Why a command was refused. The game is unchanged after any of these.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// The seat may not act now.
    #[error("it is not {0}'s turn")]
    NotYourTurn(Side),
    /// The game has no such action (Morris has no dice and no cube).
    #[error("{kind} has no `{action}` action")]
    NoSuchAction {
        /// The game.
        kind: GameKind,
        /// The action sent.
        action: Action,
    },
    /// The Morris move text could not be read.
    #[error("cannot read move `{text}`: {error}")]
    MorrisNotation {
        /// The text sent.
        text: String,
        /// What is wrong with it.
        error: ludus_morris::ParseMoveError,
    },
    /// The Morris move is well-formed but not legal here.
    #[error("illegal move `{text}`: {error}")]
    MorrisIllegal {
        /// The move sent.
        text: String,
        /// Which rule it breaks.
        error: ludus_morris::IllegalMove,
    },
    /// The backgammon move text could not be read, or is no legal move with the dice.
    #[error("{0}")]
    BackgammonMove(ludus_backgammon::MoveParseError),
    /// The backgammon rules refuse the action now.
    #[error("{0}")]
    Backgammon(ludus_backgammon::GameError),
    /// The seat may not double now.
    #[error("you may not double now: {0}")]
    MayNotDouble(DoubleBlock),
    /// A double awaits its answer, so the action (resigning) waits too.
    #[error("a double awaits an answer: take or pass")]
    DoublePending,
    /// No move is being made: the checker steps of a turn exist only while a seat must move.
    #[error("no move is being made now")]
    NotMoving,
    /// A checker step that does not lead to a legal move.
    #[error("{0}")]
    Step(ludus_backgammon::TurnError),
    /// The seat has made no move that can be taken back.
    #[error("nothing to take back")]
    NothingToTakeBack,
}

/// Why a seat may not double, besides the rules' own reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DoubleBlock {
    /// The rules' reason (Crawford game, the opponent's cube, the ceiling, not before rolling).
    #[error("{0}")]
    Rules(ludus_backgammon::DoubleRefusal),
    /// This game is played without the cube.
    #[error("the cube is off in this game")]
    CubeOff,
    /// Winning this game at the current stake already wins the match.
    #[error("the current stake already wins the match")]
    Pointless,
}

impl GameError {
    /// Whether the command does not fit the game's moment (409) rather than being a bad move
    /// (422).
    pub fn is_conflict(&self) -> bool {
        match self {
            GameError::MorrisNotation { .. }
            | GameError::MorrisIllegal { .. }
            | GameError::BackgammonMove(_)
            | GameError::Step(_) => false,
            GameError::Backgammon(error) => {
                !matches!(error, ludus_backgammon::GameError::IllegalMove { .. })
            }
            _ => true,
        }
    }

    /// A stable machine name of the mistake (the UIs translate `err-<code>`).
    pub fn code(&self) -> &'static str {
        match self {
            GameError::Over => "game-over",
            GameError::NotYourTurn(_) => "not-your-turn",
            GameError::NoSuchAction { .. } => "no-such-action",
            GameError::MorrisNotation { error, .. } => error.code(),
            GameError::MorrisIllegal { error, .. } => error.code(),
            GameError::BackgammonMove(error) => error.code(),
            GameError::Backgammon(error) => error.code(),
            GameError::MayNotDouble(DoubleBlock::Rules(refusal)) => refusal.code(),
            GameError::MayNotDouble(DoubleBlock::CubeOff) => "cube-off",
            GameError::MayNotDouble(DoubleBlock::Pointless) => "double-pointless",
            GameError::DoublePending => "double-pending",
            GameError::NotMoving => "not-moving",
            GameError::Step(error) => error.code(),
            GameError::NothingToTakeBack => "nothing-to-take-back",
        }
    }

    /// The values the message names.
    pub fn params(&self) -> Params {
        match self {
            GameError::NotYourTurn(side) => vec![("side", side.name().to_string())],
            GameError::NoSuchAction { kind, action } => vec![
                ("game", kind.name().to_string()),
                ("action", action.name().to_string()),
            ],
            GameError::MorrisNotation { text, error } => with_move(text, error.params()),
            GameError::MorrisIllegal { text, error } => with_move(text, error.params()),
            GameError::BackgammonMove(error) => error.params(),
            GameError::Backgammon(error) => error.params(),
            GameError::Step(error) => error.params(),
            _ => Vec::new(),
        }
    }
}

/// `params` with the move as sent, unless they name it already.
fn with_move(text: &str, mut params: Params) -> Params {
    if !params.iter().any(|(name, _)| *name == "move") {
        params.push(("move", text.to_string()));
    }
    params
}
