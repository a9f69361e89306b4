//! The database cache directory: where sub-space files live, building them in dependency order
//! (resumable: a finished sub-space is a file, and present files are skipped), and probing.

use super::file::{FileError, read_sector, read_table, write_table_compressed};
use super::opening::OpeningTable;
use super::placement::{SAMPLE_EVERY, solve_sector, verify_sector, verify_sector_sample};
use super::sector::{Sector, game_sectors};
use super::solve::{Progress, SolveError, solve_pair, verify_table};
use super::subspace::Subspace;
use super::table_cache::{DEFAULT_TABLE_MEMORY, TableCache, TableKey};
use super::{Stats, Table, Value};
use ludus_morris::{Position, Rules};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use thiserror::Error;

/// Environment variable naming the data directory; it overrides the platform default.
pub const DATA_ENV: &str = "LUDUS_DATA";
/// Sub-directory of the data directory that holds the Morris databases.
const DB_DIR: &str = "morris-db";
/// File extension of a sub-space file.
const EXTENSION: &str = "ldb";
/// Sub-directory of a rules directory that holds the placement sectors.
const PLACEMENT_DIR: &str = "placement";

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

/// The environment variable that sets the memory of loaded tables, in MiB
/// ([`default_table_memory`]).
pub const TABLE_MEMORY_ENV: &str = "LUDUS_MORRIS_TABLE_MB";

/// The memory budget of loaded tables: `LUDUS_MORRIS_TABLE_MB` MiB where it is set to a number,
/// else [`DEFAULT_TABLE_MEMORY`]. Perfect play at the end of the placement reads the 7-9, 8-9
/// and 9-9 movement tables and their partners together (about 9 GB), so a budget below that reads them again at
/// every move.
pub fn default_table_memory() -> u64 {
    std::env::var(TABLE_MEMORY_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map_or(DEFAULT_TABLE_MEMORY, |mib| mib << 20)
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
    /// The tables loaded (both phases), within a memory budget.
    cache: Mutex<TableCache>,
    /// Whether a placement directory exists, by rule set (index: flying): 0 not looked yet,
    /// 1 absent, 2 present. Lets the search skip placement probes without a lock.
    placement_dir: [AtomicU8; 2],
    /// Solved placement sectors of the opening, read where the directory has no file.
    opening: Option<&'static OpeningTable>,
}

/// What one sector job did ([`Databases::build_sector`]).
#[derive(Clone, Copy, Debug)]
pub struct SectorJob {
    /// The sector.
    pub sector: Sector,
    /// Whether it was solved now (otherwise its file existed and was read back).
    pub solved: bool,
    /// Whether its values were re-checked against their successors.
    pub verified: bool,
    /// Bytes of its file.
    pub bytes: u64,
    /// Slots of its index.
    pub slots: u64,
    /// Counts over every board.
    pub stats: Stats,
    /// Wall time of the job, in seconds.
    pub seconds: f64,
}

impl Databases {
    /// The databases under `dir` (created when something is built).
    pub fn new(dir: impl Into<PathBuf>) -> Databases {
        Databases {
            dir: dir.into(),
            cache: Mutex::new(TableCache::new(DEFAULT_TABLE_MEMORY)),
            placement_dir: [AtomicU8::new(0), AtomicU8::new(0)],
            opening: None,
        }
    }

    /// These databases holding at most `bytes` of loaded tables (the least recently used are
    /// dropped and read again when needed; the table in use is kept whatever its size).
    pub fn with_table_memory(self, bytes: u64) -> Databases {
        Databases {
            cache: Mutex::new(TableCache::new(bytes)),
            ..self
        }
    }

    /// Bytes of the tables loaded now.
    pub fn table_memory_held(&self) -> u64 {
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).held()
    }

    /// These databases, answering the sectors of `opening` where the directory has no file.
    pub fn with_opening(mut self, opening: Option<&'static OpeningTable>) -> Databases {
        self.opening = opening;
        self
    }

    /// The databases under [`default_cache_dir`], with the built-in opening table
    /// ([`super::opening::builtin`]) and the table memory of [`default_table_memory`].
    pub fn open_default() -> Databases {
        Databases::new(default_cache_dir())
            .with_opening(super::opening::builtin())
            .with_table_memory(default_table_memory())
    }

    /// The opening table these databases fall back on, if any.
    pub fn opening(&self) -> Option<&'static OpeningTable> {
        self.opening
    }

    /// Whether the placement positions under `flying` are answered by the opening table alone:
    /// the directory has no placement databases and the opening table is of these rules. Its
    /// values then stop after the table's plies, and a player searches beyond them.
    pub fn placement_from_opening_only(&self, flying: bool) -> bool {
        self.opening.is_some_and(|o| o.flying == flying) && !self.has_placement(flying)
    }

    /// Whether the opening table holds `sector`.
    fn opening_covers(&self, sector: &Sector) -> bool {
        self.opening.is_some_and(|o| {
            o.flying == sector.flying
                && super::opening::placed(sector, o.stones) <= o.plies
                && o.covers(sector)
        })
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

    /// The table of `s`, loaded on first use and kept within the memory budget; `None` when it
    /// is not built or cannot be read.
    pub fn table(&self, s: Subspace) -> Option<Arc<Table>> {
        if !s.is_valid() {
            return None;
        }
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache.get_or_load(TableKey::Movement(s), || {
            self.is_built(s)
                .then(|| read_table(&self.path(s), s.flying, s.mover, s.opponent).ok())
                .flatten()
        })
    }

    /// Forgets loaded tables (and that some were missing), so new files are seen.
    pub fn clear(&self) {
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).clear();
        for flag in &self.placement_dir {
            flag.store(0, Ordering::Relaxed);
        }
    }

    /// Whether any placement sector of the rule set may be built (its directory exists).
    fn has_placement(&self, flying: bool) -> bool {
        let flag = &self.placement_dir[usize::from(flying)];
        match flag.load(Ordering::Relaxed) {
            0 => {
                let dir = self
                    .dir
                    .join(Rules::with_flying(flying).movement_name())
                    .join(PLACEMENT_DIR);
                let present = dir.is_dir();
                flag.store(if present { 2 } else { 1 }, Ordering::Relaxed);
                present
            }
            state => state == 2,
        }
    }

    /// The file of a sector: the sub-space file of a movement sector, else
    /// `<rules>/placement/<M>v<O>-<HM>h<HO>.ldb`.
    pub fn sector_path(&self, s: Sector) -> PathBuf {
        match s.subspace() {
            Some(sub) => self.path(sub),
            None => self
                .dir
                .join(s.rules_name())
                .join(PLACEMENT_DIR)
                .join(format!("{}.{EXTENSION}", s.file_stem())),
        }
    }

    /// The table of a sector, loaded on first use and kept within the memory budget; `None`
    /// when it is not built or unreadable.
    pub fn sector_table(&self, s: Sector) -> Option<Arc<Table>> {
        if let Some(sub) = s.subspace() {
            return self.table(sub);
        }
        if !s.is_valid() {
            return None;
        }
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache.get_or_load(TableKey::Placement(s), || {
            let from_file = self.sector_file_table(s).and_then(Result::ok);
            from_file.or_else(|| {
                self.opening_covers(&s)
                    .then(|| self.opening.and_then(|o| o.table(&s)?.ok()))
                    .flatten()
            })
        })
    }

    /// The table of a sector read from its file in the directory (never from the opening
    /// table); `None` when there is no file. A movement sector's hands are empty, so its file
    /// reads as its sub-space's.
    pub fn sector_file_table(&self, s: Sector) -> Option<Result<Table, FileError>> {
        let path = self.sector_path(s);
        path.is_file().then(|| read_sector(&path, &s))
    }

    /// The value of any position (placement or movement) whose sector is built, from the side to
    /// move's view; `Loss(0)` for a position already lost. `None` when its sector is not built.
    /// This is the probe of the whole game: the search, `ludus morris probe` and the review use
    /// it.
    pub fn probe_position(&self, position: &Position, flying: bool) -> Option<Value> {
        if position.outcome(&Rules::with_flying(flying)).is_some() {
            return Some(Value::Loss(0));
        }
        let side = position.side_to_move();
        let (own, opp) = (position.pieces(side), position.pieces(side.opponent()));
        if position.is_movement_phase() {
            return self.probe(flying, own, opp);
        }
        let sector = Sector::of(position, flying);
        if !self.has_placement(flying) && !self.opening_covers(&sector) {
            return None;
        }
        self.sector_table(sector).map(|t| t.value(own, opp))
    }

    /// The value of `position` from a table already in memory, never reading a file (and so
    /// never dropping another table); `None` where its table is not held or no table covers it.
    pub fn probe_position_held(&self, position: &Position, flying: bool) -> Option<Value> {
        if position.outcome(&Rules::with_flying(flying)).is_some() {
            return Some(Value::Loss(0));
        }
        let side = position.side_to_move();
        let (own, opp) = (position.pieces(side), position.pieces(side.opponent()));
        let cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache
            .held_table(TableKey::of(Sector::of(position, flying)))
            .map(|t| t.value(own, opp))
    }

    /// One sector job, idempotent: a movement sector builds its pair (and what it depends on)
    /// as [`Databases::build`] does; a placement sector whose file exists is read back (header
    /// and checksum checked) and skipped, otherwise solved from its children's files on
    /// `threads` threads and written atomically. With `verify`, every value is re-checked
    /// against its successors.
    pub fn build_sector(
        &self,
        sector: Sector,
        verify: bool,
        threads: usize,
        progress: &mut dyn FnMut(Sector, Progress),
    ) -> Result<SectorJob, DbError> {
        let start = std::time::Instant::now();
        let path = self.sector_path(sector);
        let mut solved = false;
        let table = if let Some(sub) = sector.subspace() {
            let built = self.build(sub, verify, &mut |_, p| progress(sector, p))?;
            solved = !built.is_empty();
            self.sector_tables(&[sector])?.remove(0)
        } else if path.is_file() {
            let table = Arc::new(read_sector(&path, &sector)?);
            if verify && !is_verified(&path) {
                let children = self.sector_tables(&sector.children())?;
                let refs: Vec<&Table> = children.iter().map(|t| t.as_ref()).collect();
                verify_sector(&table, &refs, threads, &mut |p| progress(sector, p))?;
                mark_verified(&path)?;
            }
            self.keep(sector, table.clone());
            table
        } else {
            let children = self.sector_tables(&sector.children())?;
            let refs: Vec<&Table> = children.iter().map(|t| t.as_ref()).collect();
            let table = solve_sector(sector, &refs, threads, &mut |p| progress(sector, p))?;
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            std::fs::create_dir_all(&dir).map_err(|source| DbError::Dir { path: dir, source })?;
            write_table_compressed(&table, &path)?;
            if verify {
                if let Err(error) = verify_fresh_sector(&table, &refs, &path, &sector) {
                    let _ = std::fs::remove_file(&path);
                    return Err(error);
                }
                mark_verified(&path)?;
            }
            solved = true;
            let table = Arc::new(table);
            self.keep(sector, table.clone());
            table
        };
        let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
        Ok(SectorJob {
            sector,
            solved,
            verified: verify,
            bytes,
            slots: table.index.len(),
            stats: table.stats(),
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    /// The tables of `sectors` (a movement sector gives its sub-space's): those held in memory
    /// as they are, the others read from their files ([`Databases::read_sector_files`]) and then
    /// held. A sector job's children and a movement pair's lower tables had been read from their
    /// files by every job that needs them (up to four a table), each read one core's work
    /// (decompressing and checking the file) while the other core waited.
    fn sector_tables(&self, sectors: &[Sector]) -> Result<Vec<Arc<Table>>, DbError> {
        let held: Vec<Option<Arc<Table>>> = {
            let cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
            sectors
                .iter()
                .map(|&s| cache.held_table(TableKey::of(s)))
                .collect()
        };
        let missing: Vec<Sector> = sectors
            .iter()
            .zip(&held)
            .filter(|(_, h)| h.is_none())
            .map(|(&s, _)| s)
            .collect();
        let mut read = self.read_sector_files(&missing)?.into_iter();
        let mut tables = Vec::with_capacity(sectors.len());
        for (&sector, held) in sectors.iter().zip(held) {
            tables.push(match held {
                Some(table) => table,
                None => {
                    let table = read.next().ok_or(SolveError::MissingSector(sector))?;
                    self.keep(sector, table.clone());
                    table
                }
            });
        }
        Ok(tables)
    }

    /// The tables of `sectors` read from their files (never from memory), each on its own
    /// thread: a read is one core's work, decompressing and checking the file.
    fn read_sector_files(&self, sectors: &[Sector]) -> Result<Vec<Arc<Table>>, DbError> {
        let read = |sector: Sector| -> Result<Arc<Table>, DbError> {
            let table = self
                .sector_file_table(sector)
                .ok_or(SolveError::MissingSector(sector))??;
            Ok(Arc::new(table))
        };
        std::thread::scope(|scope| {
            let reads: Vec<_> = sectors
                .iter()
                .map(|&sector| scope.spawn(move || read(sector)))
                .collect();
            reads
                .into_iter()
                .map(|read| read.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        })
    }

    /// Holds `table` in memory as the table of `sector` (its file's values), within the
    /// memory budget.
    fn keep(&self, sector: Sector, table: Arc<Table>) {
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache.insert(TableKey::of(sector), table);
    }

    /// The built-in runner: every sector of the game with `stones` pieces a side, children
    /// first, one job each ([`Databases::build_sector`]); `done` hears of each finished job.
    /// Resumable: sectors whose files exist are skipped.
    pub fn solve_game(
        &self,
        flying: bool,
        stones: u8,
        verify: bool,
        threads: usize,
        progress: &mut dyn FnMut(Sector, Progress),
        done: &mut dyn FnMut(&SectorJob),
    ) -> Result<Vec<SectorJob>, DbError> {
        let mut jobs = Vec::new();
        for sector in game_sectors(flying, stones) {
            let job = self.build_sector(sector, verify, threads, progress)?;
            done(&job);
            jobs.push(job);
        }
        self.clear();
        Ok(jobs)
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
            let members = pair.pair_members();
            let fresh = !members.iter().all(|&s| self.is_built(s));
            let paths: Vec<PathBuf> = members.iter().map(|&s| self.path(s)).collect();
            let marked = !fresh && paths.iter().all(|p| is_verified(p));
            let check = verify && (fresh || pair == target.pair_key()) && !marked;
            if !fresh && !check {
                continue;
            }
            let lower = self.sector_tables(&movement_sectors(&pair.lower()))?;
            let lower_refs: Vec<&Table> = lower.iter().map(|t| t.as_ref()).collect();
            if fresh {
                let tables = solve_pair(
                    pair.flying,
                    pair.mover,
                    pair.opponent,
                    &lower_refs,
                    &mut |p| progress(pair, p),
                )?;
                built.extend(self.write_pair(&members, tables, !check)?);
            }
            if check {
                self.verify_members(&members, &lower_refs, progress)?;
                for path in &paths {
                    mark_verified(path)?;
                }
            }
        }
        self.cache
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .forget_missing();
        Ok(built)
    }

    /// Writes the solved `tables` of `members` (compressed, one thread each); with `keep`, holds
    /// them in memory too (a pair verified next is read back from its files instead).
    fn write_pair(
        &self,
        members: &[Subspace],
        tables: Vec<Table>,
        keep: bool,
    ) -> Result<Vec<Built>, DbError> {
        let written: Vec<Result<u64, FileError>> = std::thread::scope(|scope| {
            let writes: Vec<_> = members
                .iter()
                .zip(&tables)
                .map(|(&s, table)| {
                    let path = self.path(s);
                    scope.spawn(move || write_table_compressed(table, &path))
                })
                .collect();
            writes
                .into_iter()
                .map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        let mut built = Vec::new();
        for (&subspace, bytes) in members.iter().zip(written) {
            built.push(Built {
                subspace,
                bytes: bytes?,
            });
        }
        if keep {
            for (&s, table) in members.iter().zip(tables) {
                self.keep(Sector::movement(s), Arc::new(table));
            }
        }
        Ok(built)
    }

    /// Re-checks the tables of `members` (the sub-spaces of one pair), read from their files,
    /// against their successors; `lower` holds the tables their removals reach. The tables read
    /// are then held in memory.
    fn verify_members(
        &self,
        members: &[Subspace],
        lower: &[&Table],
        progress: &mut dyn FnMut(Subspace, Progress),
    ) -> Result<u64, DbError> {
        let sectors = movement_sectors(members);
        let tables = self.read_sector_files(&sectors)?;
        let pair_refs: Vec<&Table> = tables.iter().map(|t| t.as_ref()).collect();
        let mut checked = 0;
        for (s, table) in members.iter().zip(&tables) {
            checked += verify_table(table, &pair_refs, lower, &mut |p| progress(*s, p))?;
        }
        for (&sector, table) in sectors.iter().zip(tables) {
            self.keep(sector, table);
        }
        Ok(checked)
    }

    /// Re-checks both sub-spaces of `pair` (read from their files) against their successors.
    pub fn verify_pair(
        &self,
        pair: Subspace,
        progress: &mut dyn FnMut(Subspace, Progress),
    ) -> Result<u64, DbError> {
        let lower = self.sector_tables(&movement_sectors(&pair.lower()))?;
        let lower_refs: Vec<&Table> = lower.iter().map(|t| t.as_ref()).collect();
        self.verify_members(&pair.pair_members(), &lower_refs, progress)
    }
}

/// The movement sectors of sub-spaces.
fn movement_sectors(subspaces: &[Subspace]) -> Vec<Sector> {
    subspaces.iter().map(|&s| Sector::movement(s)).collect()
}

/// The mark beside a table file saying that its values passed the verify pass:
/// `<file>.verified`, holding the file's length and modification time when it was verified.
pub fn verified_mark(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".verified");
    PathBuf::from(name)
}

/// The length and modification time (nanoseconds since the epoch) of the file at `path`, as a
/// verified mark holds them; `None` if the file cannot be read.
fn file_stamp(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta.modified().ok()?;
    let nanos = modified
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_nanos();
    Some(format!("{} {nanos}\n", meta.len()))
}

/// Whether the table file at `path` was verified as it is now (its mark names its current length
/// and modification time; a rewritten file loses its mark).
pub fn is_verified(path: &Path) -> bool {
    match (
        file_stamp(path),
        std::fs::read_to_string(verified_mark(path)),
    ) {
        (Some(stamp), Ok(mark)) => stamp == mark,
        _ => false,
    }
}

/// Verifies a placement sector solved in this run and just written to `path`. The solve derived
/// every value from its successors' (verified) values in one pass, so a second derivation by the
/// same function ([`verify_sector`]) could only repeat it; what it could still catch is checked
/// directly: the file reads back value for value, and a sample of boards ([`SAMPLE_EVERY`]) is
/// derived again independently of the solver ([`verify_sector_sample`]).
fn verify_fresh_sector(
    table: &Table,
    children: &[&Table],
    path: &Path,
    sector: &Sector,
) -> Result<(), DbError> {
    let written = read_sector(path, sector)?;
    if written.codes.len() != table.codes.len() {
        return Err(FileError::Mismatch(format!(
            "{}: {} slots read back, {} written",
            path.display(),
            written.codes.len(),
            table.codes.len()
        ))
        .into());
    }
    if let Some(slot) = (0..table.codes.len()).find(|&s| written.codes[s] != table.codes[s]) {
        return Err(SolveError::Inconsistent {
            mover: table.index.mover,
            opponent: table.index.opponent,
            slot: slot as u64,
            stored: Value::decode(written.codes[slot]),
            expected: Value::decode(table.codes[slot]),
        }
        .into());
    }
    verify_sector_sample(table, children, SAMPLE_EVERY)?;
    Ok(())
}

/// Writes the verified mark of the table file at `path`.
fn mark_verified(path: &Path) -> Result<(), DbError> {
    let stamp = file_stamp(path).ok_or_else(|| {
        FileError::Mismatch(format!("{} vanished while verified", path.display()))
    })?;
    std::fs::write(verified_mark(path), stamp).map_err(FileError::from)?;
    Ok(())
}
