//! The server's typed view of the engines' post-game reports: what a [`MatchAnalyser`] answers.
//!
//! The server knows no engine, so it cannot name the engines' report types; these are its own
//! mirror of them, filled in by the analyser (`ludus-players` converts the engines' reports in
//! one place, field by field, so that a field renamed or added in an engine is a compile error
//! there, never a silently missing value here). The review path then works on these types to the
//! page: no JSON is read back by field name.
//!
//! Fields are declared in alphabetical order of their JSON names: the page has always received
//! them so (they used to pass through `serde_json::Value`, whose objects sort their keys), and a
//! byte-for-byte comparison with the old answers stays possible.
//!
//! [`MatchAnalyser`]: crate::games::MatchAnalyser

use super::Side;
use super::backgammon::{BoardView, PlayedStep};
use ludus_morris::Move;
use serde::{Serialize, Serializer};
use std::fmt;

/// A backgammon match analysed: the engine's report, each decision with its review details, and
/// each player's luck (`GET /api/games/{id}/analysis`, and the review's `report`).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct BackgammonReport {
    /// Per game.
    pub games: Vec<GameReport>,
    /// The luck of player 0 and player 1.
    pub luck: [PlayerLuck; 2],
    /// The lookahead of the luck.
    pub luck_plies: u8,
    /// Match length (0 = money session).
    pub match_length: u32,
    /// Per player (0 is the `.mat` file's left column, White).
    pub players: [PlayerTotals; 2],
    /// Lookahead plies of the analysis.
    pub plies: u8,
    /// The thresholds of the marks: doubtful, error, blunder (normalised equity).
    pub thresholds: [f64; 3],
}

/// One analysed game of a match.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct GameReport {
    /// Every decision analysed, in order.
    pub decisions: Vec<Decision>,
    /// 1-based game number.
    pub number: usize,
    /// The winner (0 or 1) and points, if the game finished.
    pub result: Option<(usize, u32)>,
    /// Score before the game (player 0, player 1).
    pub score: [u32; 2],
}

/// One analysed decision, with the review's details; the review adds the boards and arrows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    /// The top alternatives, best first.
    pub alternatives: Vec<Alternative>,
    /// What the engine prefers, in the words of `played`.
    pub best: String,
    /// The checkers of the best play, in the mover's numbering (the review's arrow); absent for
    /// a cube decision, and until the review adds it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_steps: Option<Vec<PlayedStep>>,
    /// The board before the decision, in White's numbering; absent until the review adds it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardView>,
    /// The cube before the decision.
    pub cube: CubeBefore,
    /// The dice of a checker play (`"31"`).
    pub dice: Option<String>,
    /// Normalised equity lost (≥ 0).
    pub equity_lost: f64,
    /// Kind of decision.
    pub kind: DecisionKind,
    /// The luck of the roll of a checker play (`None` for a cube decision).
    pub luck: Option<f64>,
    /// The mark of the loss.
    pub mark: Mark,
    /// What was played: the move in gnubg notation, or `double` / `no double` / `take` / `pass`.
    pub played: String,
    /// The checkers of the play made (see `best_steps`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played_steps: Option<Vec<PlayedStep>>,
    /// 0 or 1 (the `.mat` left and right columns).
    pub player: usize,
    /// gnubg Position ID before the decision (the decider on roll, or the doubler for a take).
    pub position_id: String,
    /// Player 0's cubeless chance to win before the decision (the review's graph), where the
    /// analyser values it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_win: Option<f64>,
    /// The position and match state before the decision as an XGID (the decider on roll; for a
    /// take, the doubler on roll with the double offered), for the analysis board.
    pub xgid: String,
    /// A double decision's proper action as gnubg names it, a stable code the page translates
    /// (`cube-action-<code>`: "too-good-to-redouble-pass", "no-double-take", …); absent for
    /// other decisions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cube_action: Option<String>,
}

/// What kind of decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// A checker play.
    Checker,
    /// Whether to double (before rolling).
    Double,
    /// Whether to take a double.
    Take,
}

/// How bad a decision was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// Below the doubtful threshold.
    None,
    /// Doubtful.
    Doubtful,
    /// An error.
    Error,
    /// A blunder.
    Blunder,
}

/// One alternative of a decision: a play, or an action of the cube table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Alternative {
    /// The play in gnubg notation, or `no double`, `double, take`, `double, pass`, `take`, `pass`.
    pub action: String,
    /// The decider's chances: win, win a gammon, win a backgammon, lose a gammon, lose a
    /// backgammon.
    pub chances: [f64; 5],
    /// `equity` minus the best alternative's (0 for the best, negative for the others).
    pub difference: f64,
    /// The decider's cubeful equity, normalised.
    pub equity: f64,
    /// Whether this is what was played.
    pub played: bool,
    /// The lookahead the alternative was valued at.
    pub plies: u8,
}

/// The cube before a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CubeBefore {
    /// Its owner (0 or 1), `None` while centred.
    pub owner: Option<usize>,
    /// Its value (1 while centred and never turned).
    pub value: u32,
}

/// One player's totals.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct PlayerTotals {
    /// Decisions marked blunders.
    pub blunders: usize,
    /// Equity lost in checker plays.
    pub checker_loss: f64,
    /// Cube decisions counted (doubles offered, missed doubles, takes and passes).
    pub cube_decisions: usize,
    /// Equity lost in cube decisions.
    pub cube_loss: f64,
    /// Decisions marked doubtful.
    pub doubtful: usize,
    /// Thousandths of equity lost per decision (checker and cube).
    pub error_rate: f64,
    /// Decisions marked errors.
    pub errors: usize,
    /// The player's name.
    pub name: String,
    /// Checker plays with more than one legal choice.
    pub unforced_moves: usize,
}

/// One player's luck over a match.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct PlayerLuck {
    /// Rolls counted (forced ones included).
    pub rolls: usize,
    /// The sum of the luck of those rolls.
    pub total: f64,
}

/// A Morris game reviewed move by move (the review adds its boards: `review::MorrisPage`).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct MorrisReview {
    /// The engine's value after each move from White's view, in hundredths of a piece (forced
    /// results capped): the review's graph, one point per move.
    pub graph: Vec<i32>,
    /// Every move, in order.
    pub moves: Vec<MorrisMove>,
    /// Both players' totals.
    pub players: MorrisPlayers,
}

/// Both players' totals of a Morris review.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct MorrisPlayers {
    /// Black's totals.
    pub black: MorrisTotals,
    /// White's totals.
    pub white: MorrisTotals,
}

/// One player's totals in a Morris review.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct MorrisTotals {
    /// Average loss per move (hundredths of a piece).
    pub average_loss: f64,
    /// Moves classed best.
    pub best: usize,
    /// Moves classed blunders.
    pub blunders: usize,
    /// Moves classed good.
    pub good: usize,
    /// Moves classed inaccuracies.
    pub inaccuracies: usize,
    /// Moves classed mistakes.
    pub mistakes: usize,
    /// Moves made.
    pub moves: usize,
    /// Moves that made the mover's perfect-play value worse.
    pub perfect_changes: usize,
}

/// One reviewed Morris move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MorrisMove {
    /// The best moves of the position, with the move played where it is not among them.
    pub alternatives: Vec<MorrisAlternative>,
    /// The engine's best move.
    #[serde(serialize_with = "as_text")]
    pub best: Move,
    /// The best move's value for the mover (hundredths of a piece).
    pub best_score: i32,
    /// How the move compares with the best.
    pub class: MoveClass,
    /// What the move gave away (hundredths of a piece, ≥ 0).
    pub loss: i32,
    /// The databases' value after the move, for the mover (`win in 12 plies`, …).
    pub perfect_after: Option<String>,
    /// The databases' value before the move, for the mover.
    pub perfect_before: Option<String>,
    /// Whether the move made the mover's perfect-play value worse.
    pub perfect_changed: bool,
    /// The move played.
    #[serde(serialize_with = "as_text")]
    pub played: Move,
    /// The played move's value for the mover (hundredths of a piece).
    pub played_score: i32,
    /// Index of the move in the game (0-based).
    pub ply: usize,
    /// Who moved.
    pub side: Side,
}

/// How a Morris move compares with the engine's best move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveClass {
    /// The engine's move, or one just as good.
    Best,
    /// Loses a little.
    Good,
    /// An inaccuracy.
    Inaccuracy,
    /// A mistake.
    Mistake,
    /// A blunder.
    Blunder,
}

/// One move of a reviewed Morris position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MorrisAlternative {
    /// The move.
    #[serde(rename = "move", serialize_with = "as_text")]
    pub mv: Move,
    /// The databases' value of the move for the mover, where known.
    pub perfect: Option<String>,
    /// Whether this is the move played.
    pub played: bool,
    /// Its value for the mover (hundredths of a piece).
    pub value: i32,
}

/// Why an analyser's report does not fit the server's view of it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    /// A game's decisions and the review's details of them differ in number.
    #[error("game {game}: {decisions} decisions but {details} details")]
    DetailsMismatch {
        /// The game's index (0-based).
        game: usize,
        /// Decisions in the report.
        decisions: usize,
        /// Details in the review.
        details: usize,
    },
    /// The report and the review differ in their number of games.
    #[error("{games} games reported but {details} reviewed")]
    GamesMismatch {
        /// Games in the report.
        games: usize,
        /// Games in the review's details.
        details: usize,
    },
    /// A decision's Position ID does not read.
    #[error("decision with Position ID {0:?}: it does not read")]
    BadPositionId(String),
    /// A checker play's dice do not read.
    #[error("checker play at {position_id} has dice {dice:?}, which do not read")]
    BadDice {
        /// The decision's Position ID.
        position_id: String,
        /// The dice given.
        dice: Option<String>,
    },
    /// A player index other than 0 or 1.
    #[error("player {0} is neither 0 nor 1")]
    BadPlayer(usize),
}

/// A value by its text form (a move in notation).
fn as_text<T: fmt::Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}
