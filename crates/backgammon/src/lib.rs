//! Backgammon rules: positions, legal moves, dice, the doubling cube, money and match play, and
//! the field's formats (gnubg Position ID and Match ID, XGID, move notation, `.mat` records).
//! No I/O, no engine.
//!
//! Every [`Position`] is seen from the side on roll: that side's checkers stand on its points
//! 1..=24 and move toward 0 (borne off); 25 is its bar. The opponent's checkers are counted from
//! the opponent's own view, so the player's point `p` is the opponent's point `25 - p`.
//!
//! ```
//! use ludus_backgammon::{Dice, Position};
//!
//! let start = Position::starting();
//! assert_eq!(start.position_id(), "4HPwATDgc/ABMA");
//! let plays = start.legal_moves("31".parse::<Dice>().unwrap());
//! assert_eq!(plays.len(), 16); // as gnubg lists them
//! ```
//!
//! The parts:
//! - [`Position`], [`Dice`], [`CheckerMove`], [`Move`]: the board, rolls and plays;
//!   [`Position::successors`] (the engines' hot path), [`Position::legal_moves`],
//!   [`Position::apply`] / [`Position::play`], [`Position::boards_of`] / [`Position::before`]
//!   (a play step by step, and taken back), [`Position::parse_move`], pip counts, results.
//! - [`Turn`]: a move built checker by checker for front ends (the legal [`Step`]s now, undo,
//!   a checker's [`Journey`] over several dice, the finished move).
//! - [`Game`] and [`Match`] with [`Rules`]: opening roll, turns, cube (ceiling, beavers, Jacoby),
//!   resignations, scoring, Crawford; dice from a [`DiceSource`] ([`SeededDice`] is ChaCha8).
//!   [`Match::take_back`] undoes a seat's last play (a replay of its game); the steps that need
//!   no decision (the next game, a roll when no double is possible, the empty move) are
//!   [`Match::advance_automatic`]'s.
//! - [`MatchState::start_refusal`]: whether play can go on from a set-up ([`StartRefusal`]).
//! - Formats: [`Position::position_id`], [`MatchState::match_id`], [`Xgid`], [`write_mat`] /
//!   [`read_mat`], [`board_diagram`]. See `docs/backgammon-formats.md`.
//! - [`player`]: the [`player::Player`] interface that engines, external programs and test
//!   scripts implement, and that the duels, protocols, server and terminal UI take.
#![warn(missing_docs)]

mod automatic;
mod base64;
mod board_text;
mod codes;
mod dice;
mod dice_source;
mod game;
mod mat;
mod match_id;
mod match_state;
mod movegen;
mod moves;
pub mod player;
mod position;
mod position_id;
mod random_play;
mod recorded_result;
mod start;
mod take_back;
mod turn;
mod xgid;

pub use automatic::{AutomaticStep, AutomaticSteps, MAX_AUTOMATIC_STEPS};
pub use board_text::board_diagram;
pub use codes::Params;
pub use dice::{DIE_FACES, Dice, DiceError};
pub use dice_source::{DiceMark, DiceSource, ScriptedDice, SeededDice};
pub use game::{
    BeaverRefusal, DEFAULT_MAX_CUBE_LOG2, Game, GameEnd, GameError, GameEvent, GameOutcome,
    GameStart, LIFTED_MAX_CUBE_LOG2, Match, MatchRefusal, Phase, Rules, Waiting, resignation_worth,
    score_points,
};
pub use mat::{MatError, read_mat, read_mat_with_rules, write_mat};
pub use match_id::MatchIdError;
pub use match_state::{
    CrawfordStage, CubeOwner, DoubleRefusal, GameState, MAX_MATCH_LENGTH, MatchState, Seat,
};
pub use movegen::MoveList;
pub use moves::{CheckerMove, Move, MoveParseError};
pub use position::{
    BAR, CHECKERS_PER_SIDE, GameResult, HOME_POINTS, OFF, POINTS, Position, PositionError,
    RelativeSide, WinKind,
};
pub use position_id::PositionIdError;
pub use random_play::random_positions;
pub use recorded_result::ResultRefusal;
pub use start::StartRefusal;
pub use take_back::TakeBackError;
pub use turn::{Journey, Step, Turn, TurnError};
pub use xgid::{XG_DEFAULT_MAX_CUBE_LOG2, Xgid, XgidError};
