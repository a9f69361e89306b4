//! gnubg's SGF match files (import): TODO.

use ludus_backgammon::Match;
use thiserror::Error;

/// Why a text is not a readable gnubg SGF match.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct SgfError(pub String);

/// Reads a gnubg SGF match.
pub fn read_sgf(text: &str) -> Result<Match, SgfError> {
    let _ = text;
    Err(SgfError("not yet".into()))
}
