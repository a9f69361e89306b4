//! The tables a [`super::Databases`] keeps in memory: each loaded on first use, and the least
//! recently used dropped once the tables held pass a budget of bytes, so that a long run over the
//! whole solution (a match, a review of many games) does not hold every table it ever touched.

use super::Table;
use super::sector::Sector;
use super::subspace::Subspace;
use std::collections::HashMap;
use std::sync::Arc;

/// The memory budget of a [`super::Databases`]' tables unless set otherwise: 8 GiB, the largest
/// table of the standard game (7-8 or 8-7, 2.2 GB) three times over.
pub const DEFAULT_TABLE_MEMORY: u64 = 8 << 30;

/// Which table: a movement sub-space or a placement sector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum TableKey {
    /// A movement-phase sub-space.
    Movement(Subspace),
    /// A placement sector.
    Placement(Sector),
}

impl TableKey {
    /// The table of `sector`: its sub-space's for a movement sector.
    pub(crate) fn of(sector: Sector) -> TableKey {
        sector
            .subspace()
            .map_or(TableKey::Placement(sector), TableKey::Movement)
    }
}

/// One table held, or the memory that it is missing.
#[derive(Debug)]
struct Cached {
    table: Option<Arc<Table>>,
    bytes: u64,
    last_used: u64,
}

/// Loaded tables by key, with their bytes, dropped least recently used first over the budget.
#[derive(Debug)]
pub(crate) struct TableCache {
    entries: HashMap<TableKey, Cached>,
    budget: u64,
    held: u64,
    clock: u64,
}

impl TableCache {
    /// An empty cache holding at most `budget` bytes of tables (always at least the table in use).
    pub(crate) fn new(budget: u64) -> TableCache {
        TableCache {
            entries: HashMap::new(),
            budget,
            held: 0,
            clock: 0,
        }
    }

    /// The table of `key`, loaded by `load` the first time (and again after it was dropped);
    /// `None` is remembered as missing.
    pub(crate) fn get_or_load(
        &mut self,
        key: TableKey,
        load: impl FnOnce() -> Option<Table>,
    ) -> Option<Arc<Table>> {
        self.clock += 1;
        if let Some(entry) = self.entries.get_mut(&key) {
            entry.last_used = self.clock;
            return entry.table.clone();
        }
        let table = load().map(Arc::new);
        self.put(key, table.clone());
        table
    }

    /// The table of `key` if it is held now (never loading it).
    pub(crate) fn held_table(&self, key: TableKey) -> Option<Arc<Table>> {
        self.entries.get(&key)?.table.clone()
    }

    /// Drops the least recently used tables, never `keep`, until the held bytes fit the budget.
    fn drop_over_budget(&mut self, keep: TableKey) {
        while self.held > self.budget {
            let oldest = self
                .entries
                .iter()
                .filter(|(k, e)| **k != keep && e.bytes > 0)
                .min_by_key(|(_, e)| e.last_used)
                .map(|(k, _)| *k);
            let Some(key) = oldest else { break };
            if let Some(entry) = self.entries.remove(&key) {
                self.held -= entry.bytes;
            }
        }
    }

    /// Holds `table` as the table of `key` (replacing what was held or remembered missing),
    /// then drops the least recently used others over the budget.
    pub(crate) fn insert(&mut self, key: TableKey, table: Arc<Table>) {
        self.clock += 1;
        self.put(key, Some(table));
    }

    /// Records `table` (or that it is missing) as the entry of `key`, used now, replacing any
    /// earlier entry, then drops the least recently used others over the budget.
    fn put(&mut self, key: TableKey, table: Option<Arc<Table>>) {
        let bytes = table.as_ref().map_or(0, |t| table_bytes(t));
        let entry = Cached {
            table,
            bytes,
            last_used: self.clock,
        };
        if let Some(old) = self.entries.insert(key, entry) {
            self.held -= old.bytes;
        }
        self.held += bytes;
        self.drop_over_budget(key);
    }

    /// Forgets the tables remembered as missing (files may have been written since).
    pub(crate) fn forget_missing(&mut self) {
        self.entries.retain(|_, entry| entry.table.is_some());
    }

    /// Forgets every table (and every missing one).
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.held = 0;
    }

    /// Bytes of the tables held.
    pub(crate) fn held(&self) -> u64 {
        self.held
    }
}

/// Memory of a loaded table's values (2 bytes a slot).
fn table_bytes(table: &Table) -> u64 {
    2 * table.codes.len() as u64
}
