//! What the server knows about a game: a black box that takes commands from seats.
//!
//! The server never looks inside a board. Each game kind implements [`Game`] by calling its rules
//! crate; the server only asks whose turn it is, hands over a command, and shows the JSON view the
//! game gives it (wildbg's principle: the web crate knows as little about the games as possible).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The games Ludus serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Nine Men's Morris.
    Morris,
    /// Backgammon (money game or match).
    Backgammon,
}

impl GameKind {
    /// The lowercase name used in the API and the database.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Morris => "morris",
            GameKind::Backgammon => "backgammon",
        }
    }
}

impl FromStr for GameKind {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "morris" => Ok(GameKind::Morris),
            "backgammon" | "bg" => Ok(GameKind::Backgammon),
            other => Err(format!(
                "unknown game `{other}` (expected morris or backgammon)"
            )),
        }
    }
}

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

    /// The lowercase name used in the API and the database.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
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

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Side {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            other => Err(format!("unknown seat `{other}` (expected white or black)")),
        }
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

impl Action {
    /// The lowercase name used in the API and the database.
    pub fn name(self) -> &'static str {
        match self {
            Action::Roll => "roll",
            Action::Double => "double",
            Action::Take => "take",
            Action::Pass => "pass",
            Action::Resign => "resign",
        }
    }
}

impl FromStr for Action {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "roll" => Ok(Action::Roll),
            "double" => Ok(Action::Double),
            "take" => Ok(Action::Take),
            "pass" => Ok(Action::Pass),
            "resign" => Ok(Action::Resign),
            other => Err(format!(
                "unknown action `{other}` (expected roll, double, take, pass or resign)"
            )),
        }
    }
}

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
    pub fn from_record(text: &str) -> Result<Command, String> {
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
    /// The move text could not be read.
    #[error("cannot read move `{text}`: {why}")]
    BadNotation {
        /// The text sent.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// The move is well-formed but not legal here.
    #[error("illegal move `{text}`: {why}")]
    Illegal {
        /// The move sent.
        text: String,
        /// Which rule it breaks.
        why: String,
    },
    /// The action is not allowed now (e.g. doubling without access to the cube).
    #[error("{0}")]
    ActionNotAllowed(String),
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
    /// The result, once the game is over.
    fn result(&self) -> Option<GameResult>;
    /// Everything a client needs to draw the game: board, legal moves, dice, cube, move list.
    fn view(&self) -> serde_json::Value;
    /// The game record in the field's text format (Morris move list, Backgammon `.mat`).
    fn export(&self) -> String;
    /// The rule options in force, normalised (every option named, defaults filled in).
    fn rules(&self) -> serde_json::Value;
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
}
