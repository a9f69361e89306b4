//! What the server knows about a game: a black box that takes commands from seats.
//!
//! The server never looks inside a board. Each game kind implements [`Game`] by calling its rules
//! crate; the server only asks whose turn it is, hands over a command, and shows the view the
//! game gives it (wildbg's principle: the web crate knows as little about the games as possible).

use crate::error::{Params, RequestError};
use crate::games::backgammon::{BackgammonRules, BackgammonView, StepsView};
use crate::games::morris::{MorrisRules, MorrisView};
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
            type Err = RequestError;
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

/// The games Ludus serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Nine Men's Morris.
    Morris,
    /// Backgammon (money game or match).
    Backgammon,
}

named!(GameKind, RequestError::UnknownGame, { Morris => "morris", Backgammon => "backgammon" });

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

named!(Side, RequestError::UnknownSide, { White => "white", Black => "black" });

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

named!(Action, RequestError::UnknownAction, {
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
    pub fn from_record(text: &str) -> Result<Command, RequestError> {
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

/// The board and everything a client needs to draw a game, per kind.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum GameView {
    /// A Morris board.
    Morris(MorrisView),
    /// A Backgammon board with dice, cube and match.
    Backgammon(Box<BackgammonView>),
}

/// The rule options in force, every one named, per kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum RuleOptions {
    /// Morris: flying, the N-move rule, threefold repetition.
    Morris(MorrisRules),
    /// Backgammon: match length and cube.
    Backgammon(BackgammonRules),
}

/// A computer decision to be computed away from the game (owns a copy of what it needs).
pub type ComputerJob = Box<dyn FnOnce() -> Command + Send>;

/// A game in progress, driven only through commands. Implementations call their rules crate.
pub trait Game: Send + Sync {
    /// The kind of game.
    fn kind(&self) -> GameKind;
    /// The seat that must decide now, or `None` when the game is over.
    fn to_act(&self) -> Option<Side>;
    /// Carries out a command of `side`. On error the game is unchanged.
    fn apply(&mut self, side: Side, command: &Command) -> Result<(), GameError>;
    /// Takes back `side`'s last move and everything after it (the computer's answer), by the
    /// rules crate's take-back (Morris's undo, Backgammon's replay of the game up to that turn's
    /// roll, the dice rewound so that the same dice come again). On error the game is unchanged.
    fn take_back(&mut self, side: Side) -> Result<(), GameError>;
    /// The result, once the game is over.
    fn result(&self) -> Option<GameResult>;
    /// Everything a client needs to draw the game: board, dice, cube, move list.
    fn view(&self) -> GameView;
    /// The game record in the field's text format (Morris move list, Backgammon `.mat`).
    fn export(&self) -> String;
    /// The rule options in force, normalised (every option named, defaults filled in).
    fn rules(&self) -> RuleOptions;
    /// The computer's decision for the seat to act, at a strength level 1..=10, within about
    /// `think_time`, as a job that owns what it needs: the server runs it without holding the
    /// game. `None` when nobody is to act.
    fn computer_job(&self, level: u8, think_time: std::time::Duration) -> Option<ComputerJob>;
    /// The computer's decision, computed at once (see [`Game::computer_job`]).
    fn computer_command(&self, level: u8, think_time: std::time::Duration) -> Option<Command> {
        self.computer_job(level, think_time).map(|job| job())
    }
    /// Every legal move of the seat to act, in the game's notation (empty when it must act).
    fn legal_moves(&self) -> Vec<String>;
    /// The actions the seat to act may take now (resign is always allowed while playing).
    fn actions(&self) -> Vec<Action>;
    /// The move being built checker by checker after the steps `taken` (`[from, to]` in the
    /// mover's numbering): the board, the dice used and the steps legal next. Backgammon only.
    fn steps(&self, taken: &[[u8; 2]]) -> Result<StepsView, GameError> {
        let _ = taken;
        Err(GameError::NotMoving)
    }
    /// The keys of the position decided on now, as the analysis endpoints would read it (see
    /// `hints.rs`); none once the game is over or at its standard start.
    fn hint_keys(&self) -> Vec<crate::hints::HintKey>;
    /// The match record, set-up start included (what the analysis reads). Backgammon only.
    fn backgammon_record(&self) -> Option<ludus_backgammon::Match> {
        None
    }
}
