//! Strength levels 1..=10, the one scale of every Backgammon front end (the web and terminal
//! menus, `ludus play --level`, gnubg's external player `ludus backgammon external --level`):
//!
//! | level | checker play | cube decisions | equity noise on each play |
//! |---|---|---|---|
//! | 1 | 0 ply | 0 ply | ± 0.35 |
//! | 2 | 0 ply | 0 ply | ± 0.30 |
//! | 3 | 0 ply | 0 ply | ± 0.25 |
//! | 4 | 0 ply | 0 ply | ± 0.20 |
//! | 5 | 0 ply | 0 ply | ± 0.15 |
//! | 6 | 0 ply | 0 ply | ± 0.10 |
//! | 7 | 0 ply | 0 ply | ± 0.05 |
//! | 8 | 0 ply | 0 ply | none |
//! | 9 | 1 ply | 1 ply | none |
//! | 10 | 2 ply | 2 ply | none |
//!
//! 0 ply is the network alone (bearoff positions from the databases); n ply looks n rolls ahead
//! ([`crate::search`]). Noise is added to each play's cubeless equity, uniform in the range shown,
//! before the best is taken; cube decisions get none. Level 10 is the strongest setting that
//! still answers quickly (2 ply: about 20–25 ms of one core per move, `docs/benchmarks.md`,
//! "Backgammon engine speed", and about 0.1 s a cube decision); 3 ply takes about half a second.
//! Its cube looks 2 plies ahead, not 1: judged by gnubg 2-ply on the six cube sets of
//! `scripts/cube-vs-gnubg.py`, the 1-ply cube erred more than the 0-ply one in five contexts and
//! the 2-ply cube least in all six (`docs/benchmarks.md`, "Cube decisions").

use thiserror::Error;

/// Weakest level.
pub const MIN_LEVEL: u8 = 1;
/// Strongest level.
pub const MAX_LEVEL: u8 = 10;
/// Equity noise per step of [`TABLE`]'s noise column.
const NOISE_STEP: f32 = 0.05;

/// `(checker plies, cube plies, noise steps)` per level, 1 first: the table of the module
/// documentation.
const TABLE: [(u8, u8, u8); MAX_LEVEL as usize] = [
    (0, 0, 7),
    (0, 0, 6),
    (0, 0, 5),
    (0, 0, 4),
    (0, 0, 3),
    (0, 0, 2),
    (0, 0, 1),
    (0, 0, 0),
    (1, 1, 0),
    (2, 2, 0),
];

/// A level outside 1..=10.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("level must be between {MIN_LEVEL} and {MAX_LEVEL}, got {0}")]
pub struct LevelError(pub u32);

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// The level number, 1..=10.
    pub number: u8,
    /// Plies of lookahead behind each checker play.
    pub checker_plies: u8,
    /// Plies of lookahead behind each cube decision.
    pub cube_plies: u8,
    /// Each play's equity gets a uniform random amount in ± this before the best is taken.
    pub noise: f32,
}

impl Level {
    /// The settings of level `number` (1..=10).
    pub fn new(number: u32) -> Result<Level, LevelError> {
        let row = usize::try_from(number)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|index| TABLE.get(index));
        let &(checker_plies, cube_plies, noise_steps) = row.ok_or(LevelError(number))?;
        Ok(Level {
            number: number as u8,
            checker_plies,
            cube_plies,
            noise: NOISE_STEP * f32::from(noise_steps),
        })
    }

    /// The level nearest to `number` (1 below the scale, 10 above it), for settings that may
    /// come from elsewhere, such as a saved record.
    pub fn nearest(number: u32) -> Level {
        let clamped = number.clamp(u32::from(MIN_LEVEL), u32::from(MAX_LEVEL));
        Level::new(clamped).unwrap_or_else(|_| Level::strongest())
    }

    /// The strongest level (10).
    pub fn strongest() -> Level {
        Level {
            number: MAX_LEVEL,
            checker_plies: TABLE[usize::from(MAX_LEVEL) - 1].0,
            cube_plies: TABLE[usize::from(MAX_LEVEL) - 1].1,
            noise: 0.0,
        }
    }

    /// Every level, 1 first.
    pub fn all() -> impl Iterator<Item = Level> {
        (MIN_LEVEL..=MAX_LEVEL).filter_map(|n| Level::new(u32::from(n)).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger_and_the_scale_has_ten() {
        let levels: Vec<Level> = Level::all().collect();
        assert_eq!(levels.len(), usize::from(MAX_LEVEL));
        for pair in levels.windows(2) {
            let (weaker, stronger) = (pair[0], pair[1]);
            assert!(stronger.noise <= weaker.noise);
            assert!(stronger.checker_plies >= weaker.checker_plies);
            assert!(stronger.cube_plies >= weaker.cube_plies);
        }
        assert_eq!(levels[9], Level::strongest());
    }

    #[test]
    fn a_level_off_the_scale_is_an_error_and_nearest_clamps() {
        assert_eq!(Level::new(0), Err(LevelError(0)));
        assert_eq!(Level::new(11), Err(LevelError(11)));
        assert_eq!(Level::nearest(0).number, MIN_LEVEL);
        assert_eq!(Level::nearest(99), Level::strongest());
    }
}
