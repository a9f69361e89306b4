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
#![warn(missing_docs)]

mod base64;
mod dice;
mod movegen;
mod moves;
mod position;
mod position_id;

pub use dice::{Dice, DiceError};
pub use movegen::MoveList;
pub use moves::{CheckerMove, Move, MoveParseError};
pub use position::{
    BAR, CHECKERS_PER_SIDE, GameResult, HOME_POINTS, OFF, POINTS, Position, PositionError, Side,
    WinKind,
};
pub use position_id::PositionIdError;
