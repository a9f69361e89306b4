//! The games the server offers, each a thin [`Game`] over its rules crate, and their computers,
//! one shape for both games ([`Computer`]): players of the rules crate's player trait for the
//! computer seats, and the analysis board's values. The server ships none; `ludus serve` plugs
//! in the engines.
//! What the server knows of any game is the [`Game`] trait and its views here; the words both
//! games share (seats, commands, results, refusals) are in `interface.rs`, re-exported here and
//! importing neither game.

pub mod backgammon;
mod interface;
pub mod morris;
pub mod report;
pub mod rule_options;

pub use interface::{
    Action, Command, DoubleBlock, GameError, GameKind, GameResult, PerSide, Side, UnknownName,
};

use crate::params::Params;
use backgammon::{BackgammonRules, BackgammonView, StepsView};
use morris::{MorrisRules, MorrisView};
use serde::Serialize;
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// Makes the player of a computer seat: strength `level` (1..=10), about `think_time` for a
/// decision. `P` is the game's player trait, its rules crate's.
pub type PlayerMaker<P> = dyn Fn(u8, Duration) -> Box<P> + Send + Sync;

/// One game's computer, the same shape for both games: the players of its computer seats and
/// the analysis board's values (`A`, the game's analyst trait).
pub struct Computer<P: ?Sized, A: ?Sized> {
    /// Makes the player of a computer seat, one for each decision (and Backgammon's analysis
    /// board's cube advice and chances).
    pub player: Arc<PlayerMaker<P>>,
    /// Values the moves of the analysis board.
    pub analyst: Arc<A>,
}

impl<P: ?Sized, A: ?Sized> Computer<P, A> {
    /// The computer of the players `player` makes and of `analyst`.
    pub fn new(
        player: impl Fn(u8, Duration) -> Box<P> + Send + Sync + 'static,
        analyst: Arc<A>,
    ) -> Computer<P, A> {
        Computer {
            player: Arc::new(player),
            analyst,
        }
    }
}

impl<P: ?Sized, A: ?Sized> Clone for Computer<P, A> {
    fn clone(&self) -> Self {
        Computer {
            player: Arc::clone(&self.player),
            analyst: Arc::clone(&self.analyst),
        }
    }
}

/// Morris's computer: the rules crate's Morris player, and a [`morris::MorrisAnalyst`].
pub type MorrisComputer = Computer<dyn ludus_morris::player::Player, dyn morris::MorrisAnalyst>;

/// Backgammon's computer: the rules crate's backgammon player, and a
/// [`backgammon::MoveRanker`].
pub type BackgammonComputer =
    Computer<dyn ludus_backgammon::player::Player, dyn backgammon::MoveRanker>;

/// The computers the server uses (`ludus serve` plugs in the engines; the server's tests a
/// small stand-in).
#[derive(Clone)]
pub struct Players {
    /// Plays Morris at the computer's seat and values the moves of its analysis board.
    pub morris: MorrisComputer,
    /// Plays Backgammon at the computer's seat and ranks the moves of its analysis board.
    pub backgammon: BackgammonComputer,
    /// Analyses a finished backgammon match (`GET /api/games/{id}/analysis`); `None` where the
    /// server has no analyser (the endpoint then answers 501).
    pub analyser: Option<Arc<dyn MatchAnalyser>>,
}

/// Why the analyser could not analyse a match.
pub type AnalysisFailure = Box<dyn std::error::Error + Send + Sync>;

/// Asked by a long analysis between its steps (a decision, a move) whether to go on: it may
/// hand the engine's worker to another client meanwhile (`fair.rs`); [`ControlFlow::Break`]
/// means stop now (the server is shutting down, nobody waits for the answer any more), and the
/// analysis must then end with an error soon.
pub type Checkpoint<'a> = &'a (dyn Fn() -> std::ops::ControlFlow<()> + Sync);

/// Post-game analysis: of a backgammon match, given as its `.mat` text, and of a Morris game.
/// Implemented outside the server (`ludus-players` plugs in the engines' analyses), so that this
/// crate knows nothing of engines; the answers are the server's typed view of the engines'
/// reports ([`report`]), never JSON read back by field name.
pub trait MatchAnalyser: Send + Sync {
    /// The analysis report of the match `mat`, each decision with its review details, or why it
    /// cannot be analysed.
    fn analyse(&self, mat: &str) -> Result<report::BackgammonReport, AnalysisFailure>;

    /// The analysis report of the match `record` itself, which (unlike its `.mat` text) keeps
    /// a set-up start ([`ludus_backgammon::Game::setup`]), asking `checkpoint` between its
    /// decisions; by default the analysis of its `.mat` text, asking once before it.
    fn analyse_match(
        &self,
        record: &ludus_backgammon::Match,
        checkpoint: Checkpoint,
    ) -> Result<report::BackgammonReport, AnalysisFailure> {
        if checkpoint().is_break() {
            return Err("stopped before the analysis began".into());
        }
        self.analyse(&ludus_backgammon::write_mat(record))
    }

    /// The review of the Morris game `moves` played from `start` (the empty board, or a set-up
    /// position) under `rules` (the server adds the boards), asking `checkpoint` between its
    /// moves; by default none (the review endpoint then answers 501).
    fn review_morris(
        &self,
        rules: &ludus_morris::Rules,
        start: &ludus_morris::Position,
        moves: &[ludus_morris::Move],
        checkpoint: Checkpoint,
    ) -> Result<report::MorrisReview, AnalysisFailure> {
        let _ = (rules, start, moves, checkpoint);
        Err("this analyser reviews no Morris games".into())
    }
}

/// Why rule options are refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The options are not a JSON object.
    #[error("rules must be a JSON object")]
    NotAnObject,
    /// An option the game does not have.
    #[error("unknown {game} rule option `{option}`")]
    UnknownOption {
        /// The game (`Morris`, `Backgammon`).
        game: &'static str,
        /// The option sent.
        option: String,
    },
    /// A start position (`start` of `POST /api/games`) that the game cannot start from.
    #[error("cannot start from {text:?}: {reason}")]
    BadStart {
        /// The text sent (at most 120 characters of it).
        text: String,
        /// Why, in English.
        reason: String,
    },
    /// An option with a value outside its range.
    #[error("`{option}` must be {expected}")]
    BadValue {
        /// The option.
        option: &'static str,
        /// What it may be, in English.
        expected: &'static str,
    },
}

impl RulesError {
    /// A stable machine name of the mistake.
    pub fn code(&self) -> &'static str {
        match self {
            RulesError::NotAnObject => "rules-not-object",
            RulesError::UnknownOption { .. } => "unknown-rule-option",
            RulesError::BadValue { .. } => "bad-rule-value",
            RulesError::BadStart { .. } => "bad-start",
        }
    }

    /// The values the message names.
    pub fn params(&self) -> Params {
        match self {
            RulesError::NotAnObject => Vec::new(),
            RulesError::UnknownOption { option, .. } => vec![("option", option.clone())],
            RulesError::BadValue { option, .. } => vec![("option", option.to_string())],
            RulesError::BadStart { text, reason } => {
                vec![("start", text.clone()), ("reason", reason.clone())]
            }
        }
    }
}

/// A new game of `kind` with the given rule options (a JSON object) and dice seed, from the
/// usual start.
pub fn new_game(
    kind: GameKind,
    rules: &Value,
    seed: u64,
    players: &Players,
) -> Result<Box<dyn Game>, RulesError> {
    new_game_from(kind, rules, seed, None, players)
}

/// [`new_game`] from the set-up position `start` where one is given (Morris: a Sanmill FEN or a
/// Ludus position text; Backgammon: an XGID or a gnubg Position ID with its Match ID).
pub fn new_game_from(
    kind: GameKind,
    rules: &Value,
    seed: u64,
    start: Option<&str>,
    players: &Players,
) -> Result<Box<dyn Game>, RulesError> {
    Ok(match kind {
        GameKind::Morris => Box::new(morris::MorrisGame::new(
            rules,
            start,
            Arc::clone(&players.morris.player),
        )?),
        GameKind::Backgammon => Box::new(backgammon::BackgammonGame::new(
            rules,
            seed,
            start,
            players.backgammon.clone(),
        )?),
    })
}

/// The refusal of the start `text` for `reason`.
pub(crate) fn bad_start(text: &str, reason: impl Into<String>) -> RulesError {
    RulesError::BadStart {
        text: text.chars().take(120).collect(),
        reason: reason.into(),
    }
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
