//! Endgame databases of the movement phase, built by retrograde analysis.
//!
//! A *sub-space* holds every board where both sides have placed all their pieces, the side to
//! move has `mover` pieces and its opponent `opponent` (3..=9 each), under one rule set (flying or
//! not). Each position stores its game-theoretic value from the side to move's view with the
//! distance to the end in plies ([`Value`]). Sub-spaces come in pairs — `m` vs `o` and `o` vs `m`
//! lead into each other by moves without removal — and a removal leads into a smaller pair, so
//! pairs are solved in order of total pieces ([`solve`]). Files, one per sub-space, live in a cache
//! directory ([`store`]); the file format is described in `docs/morris-endgame-databases.md`.

pub mod file;
pub mod index;
mod memory;
pub mod opening;
pub mod opening_build;
pub mod packed;
pub mod packing;
pub mod placement;
pub mod plan;
pub mod sector;
pub mod solve;
pub mod store;
pub mod subspace;
pub mod table_cache;

pub use index::SubspaceIndex;
pub use packed::{PackedTable, Wdl};
pub use placement::{SAMPLE_EVERY, solve_sector, verify_sector, verify_sector_sample};
pub use sector::{Sector, SectorError, game_sectors};
pub use solve::{Progress, SolveError, solve_pair, verify_table};
pub use store::{Built, Databases, DbError, default_cache_dir};
pub use subspace::Subspace;

use std::fmt;

/// Smallest number of pieces of either side in a database sub-space.
pub const MIN_DB_PIECES: usize = 3;
/// Largest number of pieces of either side in a database sub-space.
pub const MAX_DB_PIECES: usize = 9;
/// Largest distance a value can carry (the encoding has 15 bits for it).
pub const MAX_DISTANCE: u16 = 32_766;

/// The perfect-play value of a position from the side to move's view, with the distance to the
/// end of the game in plies (a move with its removal is one ply).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies with best play (odd, at least 1).
    Win(u16),
    /// The side to move loses in this many plies with best play (even; 0 = lost now).
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The stored 16-bit code: 0 draw, `2d + 1` win in `d`, `2d + 2` loss in `d`.
    #[inline]
    pub fn encode(self) -> u16 {
        match self {
            Value::Draw => 0,
            Value::Win(d) => 2 * d + 1,
            Value::Loss(d) => 2 * d + 2,
        }
    }

    /// Reads a 16-bit code written by [`Value::encode`].
    #[inline]
    pub fn decode(code: u16) -> Value {
        match code {
            0 => Value::Draw,
            c if c % 2 == 1 => Value::Win((c - 1) / 2),
            c => Value::Loss((c - 2) / 2),
        }
    }

    /// The value of the position before a move that led here (one ply more, other side's view).
    #[inline]
    pub fn parent(self) -> Value {
        match self {
            Value::Draw => Value::Draw,
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
        }
    }

    /// Orders values for the side to move: shorter wins first, then draws, then longer losses.
    pub fn preference(self) -> i32 {
        match self {
            Value::Win(d) => 100_000 - i32::from(d),
            Value::Draw => 0,
            Value::Loss(d) => -100_000 + i32::from(d),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {}", plies(u32::from(*d))),
            Value::Loss(d) => write!(f, "loss in {}", plies(u32::from(*d))),
            Value::Draw => write!(f, "draw"),
        }
    }
}

/// Counts of one sub-space, over every board (not reduced by symmetry), from the mover's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Every board of the sub-space.
    pub positions: u64,
    /// Boards won by the side to move.
    pub wins: u64,
    /// Drawn boards.
    pub draws: u64,
    /// Boards lost by the side to move.
    pub losses: u64,
    /// Longest win, in plies.
    pub longest_win_plies: u16,
    /// Longest loss, in plies.
    pub longest_loss_plies: u16,
}

impl Stats {
    /// Adds the counts of `other` (the longest distances: the larger of the two).
    pub fn add(&mut self, other: &Stats) {
        self.positions += other.positions;
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.longest_win_plies = self.longest_win_plies.max(other.longest_win_plies);
        self.longest_loss_plies = self.longest_loss_plies.max(other.longest_loss_plies);
    }
}

/// The solved values of one sub-space.
#[derive(Debug, Clone)]
pub struct Table {
    /// Whether the rule set allows flying.
    pub flying: bool,
    /// The index space.
    pub index: SubspaceIndex,
    /// Value codes by slot (holes hold 0).
    pub codes: Vec<u16>,
    /// Pieces in hand of the side to move and of its opponent: `[0, 0]` for a movement
    /// sub-space, the hands of a placement sector otherwise ([`Sector`]).
    pub hands: [u8; 2],
}

impl Table {
    /// The value of a board of this sub-space.
    #[inline]
    pub fn value(&self, mover: u32, opponent: u32) -> Value {
        self.value_with(&self.index.mover_key(mover), opponent)
    }

    /// The value of the board "the mover set of `key` against `opponent`": [`Table::value`]
    /// with the mover set's key computed once for many boards.
    #[inline]
    pub fn value_with(&self, key: &index::MoverKey, opponent: u32) -> Value {
        Value::decode(self.codes[self.index.index_with(key, opponent) as usize])
    }

    /// Counts over every board, weighting each representative by the size of its orbit.
    pub fn stats(&self) -> Stats {
        let mut stats = Stats {
            positions: self.index.boards(),
            ..Stats::default()
        };
        let per = self.index.per_mover as usize;
        for id in 0..self.index.canonical_count() {
            let stab = self.index.stabilizer(id);
            let canon = self.index.canonical_mover(id);
            let codes = &self.codes[id * per..(id + 1) * per];
            let sets = index::colex_sets(self.index.opponent, per as u64);
            for (&code, compact) in codes.iter().zip(sets) {
                let weight = if stab == 1 {
                    geometry_orbit()
                } else {
                    let opp = index::deposit(compact, ludus_morris::ALL_SQUARES & !canon);
                    if !index::is_representative(stab, opp) {
                        continue;
                    }
                    index::orbit_size(stab, opp)
                };
                match Value::decode(code) {
                    Value::Win(d) => {
                        stats.wins += weight;
                        stats.longest_win_plies = stats.longest_win_plies.max(d);
                    }
                    Value::Loss(d) => {
                        stats.losses += weight;
                        stats.longest_loss_plies = stats.longest_loss_plies.max(d);
                    }
                    Value::Draw => stats.draws += weight,
                }
            }
        }
        stats
    }
}

/// Orbit size of a board whose mover set has no symmetry.
#[inline]
fn geometry_orbit() -> u64 {
    index::SYMMETRIES as u64
}

/// `1 ply`, `5 plies`.
pub fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}
