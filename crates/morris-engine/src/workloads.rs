//! The fixed workloads of `ludus bench`'s Morris lines: a fixed amount of work (not time) from
//! the empty board, so that two runs compare. Each returns the work done, in nodes.

use crate::{SearchLimits, Searcher};
use ludus_morris::{Position, Rules, perft};

/// Depth of the perft from the empty board (99,274,176 nodes).
pub const PERFT_DEPTH: u32 = 6;
/// Depth of the search from the empty board.
pub const SEARCH_DEPTH: u32 = 8;

/// Perft to [`PERFT_DEPTH`] from the empty board under the standard rules: the nodes counted.
pub fn perft_from_start() -> u64 {
    perft(&Position::new(), &Rules::standard(), PERFT_DEPTH)
}

/// A one-thread search to [`SEARCH_DEPTH`] from the empty board: the nodes searched.
pub fn search_from_start() -> u64 {
    let mut searcher = Searcher::new(Rules::standard());
    let result = searcher.search(&Position::new(), &SearchLimits::depth(SEARCH_DEPTH));
    result.nodes
}
