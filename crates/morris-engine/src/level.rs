//! Strength levels 1..=10, the one Morris level scale of every front end (terminal, browser and
//! API, `ludus morris uci`): lower levels search shallower, think shorter and add seeded noise
//! to the evaluation (the same seed gives the same games); from level 8 on they probe the
//! endgame databases, and level 10 is the full engine. `TABLE` here is the only copy of the
//! figures; the README's table "Morris levels" documents them (a test of `crates/cli` keeps
//! the two equal).

use crate::db::Databases;
use crate::search::{SearchLimits, SearchResult, Searcher};
use ludus_morris::{Position, Rules};
use std::time::Duration;
use thiserror::Error;

/// Weakest level.
pub const MIN_LEVEL: u8 = 1;
/// Strongest level.
pub const MAX_LEVEL: u8 = 10;
/// Levels from this one on probe the endgame databases.
const FIRST_LEVEL_WITH_DATABASES: u8 = 8;

/// A level outside 1..=10.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("level must be between {MIN_LEVEL} and {MAX_LEVEL}, got {0}")]
pub struct LevelError(pub u32);

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// The level number, 1..=10.
    pub number: u8,
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Thinking time per move.
    pub movetime: Duration,
    /// Largest evaluation noise, in hundredths of a piece.
    pub noise: i32,
    /// Whether the level uses the endgame databases.
    pub databases: bool,
}

/// `(depth, milliseconds, noise)` per level, 1 first (documented in the README's "Morris levels").
const TABLE: [(u32, u64, i32); MAX_LEVEL as usize] = [
    (1, 50, 300),
    (1, 50, 150),
    (2, 100, 100),
    (2, 100, 60),
    (3, 150, 40),
    (4, 200, 25),
    (5, 300, 10),
    (7, 400, 0),
    (10, 700, 0),
    (64, 1000, 0),
];

impl Level {
    /// The settings of level `number` (1..=10).
    pub fn new(number: u32) -> Result<Level, LevelError> {
        let index = number
            .checked_sub(1)
            .filter(|&i| i < u32::from(MAX_LEVEL))
            .ok_or(LevelError(number))?;
        Ok(Level::at(index as usize))
    }

    /// The level nearest to `number`: level 1 below it, [`MAX_LEVEL`] above.
    pub fn nearest(number: u32) -> Level {
        let index = number.clamp(1, u32::from(MAX_LEVEL)) - 1;
        Level::at(index as usize)
    }

    /// The level of the table's row `index` (below [`MAX_LEVEL`]).
    fn at(index: usize) -> Level {
        let (depth, ms, noise) = TABLE[index];
        let number = index as u8 + 1;
        Level {
            number,
            depth,
            movetime: Duration::from_millis(ms),
            noise,
            databases: number >= FIRST_LEVEL_WITH_DATABASES,
        }
    }

    /// The search limits of this level.
    pub fn limits(&self) -> SearchLimits {
        SearchLimits {
            depth: Some(self.depth),
            movetime: Some(self.movetime),
            nodes: None,
        }
    }

    /// A searcher playing at this level: its noise (seeded by `seed`), and `dbs` from the first
    /// level with databases on. The limits are [`Level::limits`].
    pub fn searcher<'a>(
        &self,
        rules: Rules,
        dbs: Option<&'a Databases>,
        seed: u64,
    ) -> Searcher<'a> {
        let mut searcher = Searcher::new(rules);
        searcher.set_databases(if self.databases { dbs } else { None });
        searcher.set_noise(seed, self.noise);
        searcher.set_opening_as_filter(true);
        searcher
    }

    /// Chooses a move at this level. `history` holds the earlier positions of the game (for
    /// repetitions), `seed` makes the noise reproducible.
    pub fn choose(
        &self,
        position: &Position,
        rules: Rules,
        history: &[Position],
        dbs: Option<&Databases>,
        seed: u64,
    ) -> SearchResult {
        let mut searcher = self.searcher(rules, dbs, seed);
        searcher.set_history(history);
        searcher.search(position, &self.limits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_level_is_the_level_itself_inside_the_range_and_an_end_outside() {
        for number in 1..=u32::from(MAX_LEVEL) {
            assert_eq!(Level::nearest(number), Level::new(number).unwrap());
        }
        assert_eq!(Level::nearest(0).number, 1);
        assert_eq!(Level::nearest(99).number, MAX_LEVEL);
    }
}
