//! The database cache directory: where sub-space files live, building them in dependency order
//! (resumable: a finished sub-space is a file, and present files are skipped), and probing.

use super::file::{FileError, read_table, write_table};
use super::solve::{Progress, SolveError, solve_pair, verify_table};
use super::{MAX_DB_PIECES, MIN_DB_PIECES, Table, Value};
use ludus_morris::Rules;
use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use thiserror::Error;

/// Environment variable naming the data directory; it overrides the platform default.
pub const DATA_ENV: &str = "LUDUS_DATA";
/// Sub-directory of the data directory that holds the Morris databases.
const DB_DIR: &str = "morris-db";
/// File extension of a sub-space file.
const EXTENSION: &str = "ldb";

/// One sub-space: rules and piece counts (side to move first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Subspace {
    /// Whether flying is allowed.
    pub flying: bool,
    /// Pieces of the side to move.
    pub mover: usize,
    /// Pieces of the opponent.
    pub opponent: usize,
}

impl Subspace {
    /// Whether both counts are in 3..=9.
    pub fn is_valid(&self) -> bool {
        let range = MIN_DB_PIECES..=MAX_DB_PIECES;
        range.contains(&self.mover) && range.contains(&self.opponent)
    }

    /// The named rule set of this sub-space (only flying matters in the movement phase).
    pub fn rules(&self) -> Rules {
        Rules::with_flying(self.flying)
    }

    /// The rules directory name: `standard` or `no-flying` ([`Rules::movement_name`]).
    pub fn rules_name(&self) -> &'static str {
        self.rules().movement_name()
    }

    /// The other sub-space of the pair (the same one when the counts are equal).
    pub fn partner(&self) -> Subspace {
        Subspace {
            mover: self.opponent,
            opponent: self.mover,
            ..*self
        }
    }

    /// The sub-spaces reached by a removal from this pair, with three pieces or more a side.
    fn lower(&self) -> Vec<Subspace> {
        [(self.opponent, self.mover), (self.mover, self.opponent)]
            .into_iter()
            .filter(|&(_, victim)| victim > MIN_DB_PIECES)
            .map(|(attacker, victim)| Subspace {
                mover: victim - 1,
                opponent: attacker,
                ..*self
            })
            .collect()
    }

    /// The pair key: smaller count first.
    fn pair_key(&self) -> Subspace {
        Subspace {
            mover: self.mover.min(self.opponent),
            opponent: self.mover.max(self.opponent),
            ..*self
        }
    }
}

impl fmt::Display for Subspace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{} ({})",
            self.mover,
            self.opponent,
            self.rules_name()
        )
    }
}

/// Why a database operation failed.
#[derive(Debug, Error)]
pub enum DbError {
    /// Reading or writing a file.
    #[error(transparent)]
    File(#[from] FileError),
    /// Solving or verifying.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Creating the cache directory.
    #[error("cannot create {path}: {source}")]
    Dir {
        /// The directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
}

/// The data directory: `$LUDUS_DATA`, else the platform's user data directory plus `ludus`
/// (`$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application Support` on macOS,
/// `%APPDATA%` on Windows), else `./ludus-data`. Databases go into its `morris-db` sub-directory.
pub fn default_cache_dir() -> PathBuf {
    let env = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = if let Some(dir) = env(DATA_ENV) {
        dir
    } else if cfg!(windows) {
        env("APPDATA").map_or_else(|| PathBuf::from("ludus-data"), |d| d.join("ludus"))
    } else if cfg!(target_os = "macos") {
        env("HOME").map_or_else(
            || PathBuf::from("ludus-data"),
            |h| h.join("Library").join("Application Support").join("ludus"),
        )
    } else if let Some(xdg) = env("XDG_DATA_HOME") {
        xdg.join("ludus")
    } else {
        env("HOME").map_or_else(
            || PathBuf::from("ludus-data"),
            |h| h.join(".local").join("share").join("ludus"),
        )
    };
    base.join(DB_DIR)
}

/// A finished build step, reported to the caller.
#[derive(Clone, Copy, Debug)]
pub struct Built {
    /// The sub-space written.
    pub subspace: Subspace,
    /// Bytes of its file.
    pub bytes: u64,
}

/// The databases of one cache directory, loaded on demand.
#[derive(Debug)]
pub struct Databases {
    dir: PathBuf,
    loaded: Mutex<HashMap<Subspace, Option<Arc<Table>>>>,
}

impl Databases {
    /// The databases under `dir` (created when something is built).
    pub fn new(dir: impl Into<PathBuf>) -> Databases {
        Databases {
            dir: dir.into(),
            loaded: Mutex::new(HashMap::new()),
        }
    }

    /// The databases under [`default_cache_dir`].
    pub fn open_default() -> Databases {
        Databases::new(default_cache_dir())
    }

    /// The cache directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of a sub-space.
    pub fn path(&self, s: Subspace) -> PathBuf {
        self.dir
            .join(s.rules_name())
            .join(format!("{}v{}.{EXTENSION}", s.mover, s.opponent))
    }

    /// Whether the file of `s` exists.
    pub fn is_built(&self, s: Subspace) -> bool {
        self.path(s).is_file()
    }

    /// The table of `s`, loaded once and kept; `None` when it is not built or cannot be read.
    pub fn table(&self, s: Subspace) -> Option<Arc<Table>> {
        if !s.is_valid() {
            return None;
        }
        let mut loaded = self.loaded.lock().unwrap_or_else(|p| p.into_inner());
        loaded
            .entry(s)
            .or_insert_with(|| {
                self.is_built(s)
                    .then(|| read_table(&self.path(s), s.flying, s.mover, s.opponent).ok())
                    .flatten()
                    .map(Arc::new)
            })
            .clone()
    }

    /// Forgets loaded tables (and that some were missing), so new files are seen.
    pub fn clear(&self) {
        self.loaded
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
    }

    /// The value of a movement-phase board (`mover` set to move against `opponent` set), if its
    /// sub-space is built.
    pub fn probe(&self, flying: bool, mover: u32, opponent: u32) -> Option<Value> {
        let s = Subspace {
            flying,
            mover: mover.count_ones() as usize,
            opponent: opponent.count_ones() as usize,
        };
        self.table(s).map(|t| t.value(mover, opponent))
    }

    /// Every pair needed to solve `target`'s pair, in dependency order (the target's pair last).
    pub fn plan(target: Subspace) -> Vec<Subspace> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![target.pair_key()];
        while let Some(p) = stack.pop() {
            if seen.insert(p) {
                stack.extend(p.lower().into_iter().map(|s| s.pair_key()));
            }
        }
        let mut order: Vec<Subspace> = seen.into_iter().collect();
        order.sort_by_key(|p| (p.mover + p.opponent, p.mover));
        order
    }

    /// Builds `target`, its partner and every sub-space they depend on, skipping those whose files
    /// exist. With `verify`, re-checks the target pair and every pair built now. Returns what was
    /// written.
    pub fn build(
        &self,
        target: Subspace,
        verify: bool,
        progress: &mut dyn FnMut(Subspace, Progress),
    ) -> Result<Vec<Built>, DbError> {
        if !target.is_valid() {
            return Err(SolveError::BadPieces {
                mover: target.mover,
                opponent: target.opponent,
            }
            .into());
        }
        let rules_dir = self
            .path(target)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        std::fs::create_dir_all(&rules_dir).map_err(|source| DbError::Dir {
            path: rules_dir,
            source,
        })?;
        let mut built = Vec::new();
        for pair in Databases::plan(target) {
            let members = if pair.mover == pair.opponent {
                vec![pair]
            } else {
                vec![pair, pair.partner()]
            };
            let fresh = !members.iter().all(|&s| self.is_built(s));
            if fresh {
                let lower = self.load_all(&pair.lower())?;
                let lower_refs: Vec<&Table> = lower.iter().map(|t| t.as_ref()).collect();
                let tables = solve_pair(
                    pair.flying,
                    pair.mover,
                    pair.opponent,
                    &lower_refs,
                    &mut |p| progress(pair, p),
                )?;
                for (s, table) in members.iter().zip(&tables) {
                    let bytes = write_table(table, &self.path(*s))?;
                    built.push(Built {
                        subspace: *s,
                        bytes,
                    });
                }
            }
            if verify && (fresh || pair == target.pair_key()) {
                self.verify_pair(pair, progress)?;
            }
        }
        self.clear();
        Ok(built)
    }

    fn load_all(&self, list: &[Subspace]) -> Result<Vec<Arc<Table>>, DbError> {
        list.iter()
            .map(|&s| {
                Ok(Arc::new(read_table(
                    &self.path(s),
                    s.flying,
                    s.mover,
                    s.opponent,
                )?))
            })
            .collect()
    }

    /// Re-checks both sub-spaces of `pair` against their successors.
    pub fn verify_pair(
        &self,
        pair: Subspace,
        progress: &mut dyn FnMut(Subspace, Progress),
    ) -> Result<u64, DbError> {
        let members = if pair.mover == pair.opponent {
            vec![pair]
        } else {
            vec![pair, pair.partner()]
        };
        let tables = self.load_all(&members)?;
        let lower = self.load_all(&pair.lower())?;
        let lower_refs: Vec<&Table> = lower.iter().map(|t| t.as_ref()).collect();
        let pair_refs: Vec<&Table> = tables.iter().map(|t| t.as_ref()).collect();
        let mut checked = 0;
        for (s, table) in members.iter().zip(&tables) {
            checked += verify_table(table, &pair_refs, &lower_refs, &mut |p| progress(*s, p))?;
        }
        Ok(checked)
    }
}
