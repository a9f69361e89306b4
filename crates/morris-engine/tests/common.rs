//! Shared helpers: seeded random games and temporary database directories.

use ludus_morris::{Position, Rules};
use ludus_morris_engine::db::{Databases, Subspace};
use ludus_morris_engine::zobrist::splitmix64;
use std::path::PathBuf;

/// A tiny seeded random source (SplitMix64), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(1);
        (splitmix64(self.0) % n as u64) as usize
    }
}

/// The positions of a random legal game from the start (at most `max_plies` plies).
pub fn random_game(rules: &Rules, seed: u64, max_plies: usize) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut position = Position::new();
    let mut seen = vec![position];
    for _ in 0..max_plies {
        let moves = position.legal_moves(rules);
        if moves.is_empty() {
            break;
        }
        position = position.play(moves[rng.below(moves.len())]);
        seen.push(position);
    }
    seen
}

/// A different value of the same kind as `value` where it can be (a longer win, a draw for a
/// loss, a win for a draw): the damage the verify tests plant.
pub fn changed_value(value: ludus_morris_engine::db::Value) -> ludus_morris_engine::db::Value {
    use ludus_morris_engine::db::Value;
    match value {
        Value::Draw => Value::Win(7),
        Value::Win(d) => Value::Win(d + 2),
        Value::Loss(_) => Value::Draw,
    }
}

/// A fresh directory under the system temp dir for one test's databases.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludus-engine-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Databases of the standard (flying) rules built and verified into a fresh temporary directory,
/// which is removed when this is dropped.
pub struct BuiltDatabases {
    dir: PathBuf,
    /// The databases.
    pub dbs: Databases,
}

impl BuiltDatabases {
    /// Builds `mover` vs `opponent` and what it depends on, under a directory named after `name`.
    pub fn build(name: &str, mover: usize, opponent: usize) -> BuiltDatabases {
        let dir = temp_dir(name);
        let dbs = Databases::new(&dir);
        let subspace = Subspace {
            flying: true,
            mover,
            opponent,
        };
        dbs.build(subspace, true, &mut |_, _| {}).expect("builds");
        BuiltDatabases { dir, dbs }
    }
}

impl Drop for BuiltDatabases {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
