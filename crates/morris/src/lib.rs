//! Morris rules: positions, legal moves, notation. No I/O, no engine.
//!
//! The rules are those of `docs/rules.md` part A: nine pieces each, White places first, a mill
//! removes one opposing piece (pieces outside mills first), flying at exactly three pieces (a rule
//! option), a player with fewer than three pieces or without a move has lost, and draws by
//! threefold repetition and the N-move rule (in [`Game`]).
//!
//! ```
//! use ludus_morris::{Position, Rules};
//! let rules = Rules::standard();
//! let mut position = Position::new();
//! for mv in ["d6", "d5", "b6"] {
//!     position = position.play_checked(&rules, mv.parse().unwrap()).unwrap();
//! }
//! assert_eq!(position.legal_moves(&rules).len(), 21);
//! ```
//!
//! Text formats, pure text without I/O: the one-line position form and move notation
//! (`docs/morris-notation.md`), Sanmill's FEN ([`fen`]) and atomic move tokens ([`token`]), and
//! the game record ([`record`], `docs/morris-record.md`). For retrograde analysis, positions also
//! generate their quiet un-moves ([`Position::for_each_quiet_unmove`]).
//!
//! [`player`] holds the one Morris player trait: given a [`Game`], choose the whole turn.
#![warn(missing_docs)]

mod codes;
pub mod fen;
mod game;
pub mod geometry;
mod movegen;
mod moves;
mod n_move;
mod perft;
pub mod player;
mod position;
pub mod record;
mod retro;
mod rules;
mod square;
mod text;
pub mod token;

pub use codes::Params;
pub use game::Game;
pub use movegen::{IllegalMove, MoveSet};
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList, ParseMoveError};
pub use perft::{perft, perft_divide};
pub use position::{
    FLYING_PIECES, MIN_PIECES, Outcome, OutcomeReason, PIECES_PER_SIDE, Position, Setup, SetupError,
};
pub use rules::{DEFAULT_N_MOVE_RULE, NMoveCount, ParseRulesError, Rules};
pub use square::{ALL_SQUARES, Bitboard, Color, ParseSquareError, SQUARE_COUNT, Square};
pub use text::ParsePositionError;
