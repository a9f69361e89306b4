//! Morris engine: evaluation, search and databases over the `ludus-morris` rules. It works on
//! the rules crate's `Position`, `Move`, geometry and symmetries and generates moves with its
//! generators (the solver with the bulk generator and the un-moves); it keeps no board of its own.
//!
//! - [`Searcher`]: iterative-deepening PVS with aspiration windows and late-move reductions, a
//!   transposition table keyed by the position's class under the 16 board symmetries, killer and
//!   history move ordering, quiescence over pending mills, lines carried through the last two
//!   placements to the movement phase (no blockade unseen), a time manager and repetition draws;
//!   it probes the endgame databases where they cover a position.
//! - [`db`]: endgame databases of the movement phase built by retrograde analysis, their file
//!   format and cache directory; [`probe`] answers the perfect value of a position.
//! - [`eval`]: the evaluation, its features and weights (fitted to self-play by
//!   `ludus_coach::morris::tune`).
//! - [`Level`]: strength levels 1..=10, the one Morris level scale of every front end (the table
//!   is documented in the README, "Morris levels").
//! - [`player::EnginePlayer`]: the engine as the one Morris player (`ludus_morris::player`), at
//!   a level, a depth or a time per move.
//! - [`judge`]: the one measure of moves that the hint, the review and the analysis board share;
//!   [`review`]: the review of a played game, each move against the best; [`analysis`]: the
//!   analysis board's values of every legal move.
//! - [`uci`]: the engine behind Sanmill's UCI-like protocol (`ludus_interop::uci`) and the
//!   protocol loop over any reader and writer; [`workloads`]: the fixed workloads of `ludus bench`.
#![warn(missing_docs)]

pub mod analysis;
pub mod db;
pub mod eval;
pub mod judge;
pub mod level;
pub mod player;
pub mod review;
pub mod search;
pub mod uci;
pub mod workloads;
pub mod zobrist;

pub use level::{Level, LevelError};
pub use player::{EnginePlayer, EngineSetting};
pub use search::{SearchLimits, SearchResult, Searcher, WIN, score_text};

use db::{Databases, MAX_DB_PIECES, MIN_DB_PIECES, Subspace, Value};
use ludus_morris::{Color, Position, Rules};
use thiserror::Error;

/// Why a position has no database value.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ProbeError {
    /// Pieces are still in hand and the position's placement sector is not built.
    #[error("placement sector {0} ({r}) is not built; run `ludus morris solve-game --stones N --rules {r}` (N: the game's stones a side)", r = .0.rules_name())]
    PlacementNotBuilt(db::Sector),
    /// A side has a piece count outside 3..=9.
    #[error("the databases cover 3 to 9 pieces a side, not {white} white and {black} black")]
    PieceCount {
        /// White's pieces.
        white: u32,
        /// Black's pieces.
        black: u32,
    },
    /// The sub-space has not been built.
    #[error("sub-space {0} is not built; run `ludus morris solve --pieces {m}-{o} --rules {rules}`", m = .0.mover, o = .0.opponent, rules = .0.rules_name())]
    NotBuilt(Subspace),
}

/// The perfect-play value of `position` (placement or movement phase) from the side to move's
/// view, from the built databases (placement sectors and movement sub-spaces).
/// A position that is already lost (blocked side to move) is `Loss(0)` without a database.
pub fn probe(dbs: &Databases, position: &Position, rules: &Rules) -> Result<Value, ProbeError> {
    let (white, black) = (
        position.piece_count(Color::White),
        position.piece_count(Color::Black),
    );
    if !position.is_movement_phase() {
        return dbs
            .probe_position(position, rules.flying)
            .ok_or(ProbeError::PlacementNotBuilt(db::Sector::of(
                position,
                rules.flying,
            )));
    }
    let range = MIN_DB_PIECES as u32..=MAX_DB_PIECES as u32;
    if !range.contains(&white) || !range.contains(&black) {
        return Err(ProbeError::PieceCount { white, black });
    }
    if position.outcome(rules).is_some() {
        return Ok(Value::Loss(0));
    }
    let side = position.side_to_move();
    let (own, opp) = (position.pieces(side), position.pieces(side.opponent()));
    let subspace = Subspace {
        flying: rules.flying,
        mover: own.count_ones() as usize,
        opponent: opp.count_ones() as usize,
    };
    dbs.probe(rules.flying, own, opp)
        .ok_or(ProbeError::NotBuilt(subspace))
}
