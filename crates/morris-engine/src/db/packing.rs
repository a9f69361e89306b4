//! Packing a whole game's built sectors into [`packed`](super::packed) files, and measuring how
//! fast the packed files answer probes, each probe checked against the full table.

use super::file::FileError;
use super::packed::{PackedTable, Wdl, pack_table};
use super::sector::{Sector, game_sectors};
use super::store::Databases;
use super::{Table, Value};
use std::path::Path;
use std::time::Instant;
use thiserror::Error;

/// Probes per speed measurement ([`probe_speed`]).
pub const SPEED_PROBES: u64 = 200_000;
/// One probe in this many of the measurement is timed cold (each decompresses a block: slow).
const COLD_SHARE: u64 = 20;
/// Seed of the pseudo-random slots probed.
const PROBE_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

/// Why packing or measuring failed.
#[derive(Debug, Error)]
pub enum PackError {
    /// Writing or reading a packed file failed.
    #[error(transparent)]
    File(#[from] FileError),
    /// A packed slot disagrees with the full table (a packing bug or a damaged file).
    #[error("packed slot {slot} reads {got:?}, the table {want:?}")]
    Mismatch {
        /// The slot.
        slot: u64,
        /// The packed file's value.
        got: Wdl,
        /// The full table's value.
        want: Wdl,
    },
}

/// Probes per second of a packed file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProbeSpeed {
    /// The block cache dropped before every probe.
    pub cold: f64,
    /// A second pass over the same slots, their blocks cached.
    pub warm: f64,
}

/// One sector packed by [`pack_game`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PackedSector {
    /// The sector.
    pub sector: Sector,
    /// Slots of its index.
    pub slots: u64,
    /// Bytes of its full file.
    pub full_bytes: u64,
    /// Bytes of its packed file.
    pub packed_bytes: u64,
    /// How fast the packed file answers.
    pub speed: ProbeSpeed,
}

/// The totals of [`pack_game`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PackSummary {
    /// Slots of the sectors packed.
    pub slots: u64,
    /// Sectors of the game not built (skipped).
    pub sectors_not_built: usize,
    /// Bytes of their full files.
    pub full_bytes: u64,
    /// Bytes of their packed files.
    pub packed_bytes: u64,
    /// Mean probes per second over the sectors packed.
    pub mean_speed: ProbeSpeed,
}

impl PackSummary {
    /// Packed bits a slot.
    pub fn bits_per_slot(&self) -> f64 {
        8.0 * self.packed_bytes as f64 / self.slots.max(1) as f64
    }
}

impl Default for ProbeSpeed {
    fn default() -> Self {
        ProbeSpeed {
            cold: 0.0,
            warm: 0.0,
        }
    }
}

/// Packs every built sector of the game with `stones` pieces a side into `out` (one
/// `<sector>.lpk` file each; sectors not built are counted and skipped), measures each packed
/// file's [`probe_speed`] (which checks its probes against the full table), and tells
/// `on_sector` about each as it is done. Resumable: a sector whose packed file is already there
/// and opens with the table's slot count is not packed again (every file is written whole, then
/// renamed), only measured.
pub fn pack_game<E: From<PackError>>(
    dbs: &Databases,
    flying: bool,
    stones: u8,
    out: &Path,
    mut on_sector: impl FnMut(&PackedSector) -> Result<(), E>,
) -> Result<PackSummary, E> {
    let mut summary = PackSummary::default();
    let (mut cold, mut warm) = (Vec::new(), Vec::new());
    for sector in game_sectors(flying, stones) {
        let Some(table) = dbs.sector_table(sector) else {
            summary.sectors_not_built += 1;
            continue;
        };
        let path = out.join(format!("{}.lpk", sector.file_stem()));
        let packed_before = PackedTable::open(&path)
            .ok()
            .filter(|r| r.slots() == table.index.len());
        let reader = match packed_before {
            Some(reader) => reader,
            None => {
                pack_table(&table, &path).map_err(PackError::from)?;
                PackedTable::open(&path).map_err(PackError::from)?
            }
        };
        let packed_bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
        let speed = probe_speed(&reader, &table, SPEED_PROBES)?;
        let packed = PackedSector {
            sector,
            slots: table.index.len(),
            full_bytes: std::fs::metadata(dbs.sector_path(sector)).map_or(0, |m| m.len()),
            packed_bytes,
            speed,
        };
        cold.push(speed.cold);
        warm.push(speed.warm);
        summary.full_bytes += packed.full_bytes;
        summary.packed_bytes += packed.packed_bytes;
        summary.slots += packed.slots;
        on_sector(&packed)?;
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    summary.mean_speed = ProbeSpeed {
        cold: mean(&cold),
        warm: mean(&warm),
    };
    Ok(summary)
}

/// Probes per second of `reader` over `probes` pseudo-random slots, cold (the block cache
/// dropped before every probe, over one probe in twenty) and warm (the same slots in slot order,
/// a second pass: each block decoded at most once a pass, the probes near each other as a
/// search's are), each checked against `table`. In random order a table of more blocks than the
/// reader caches decodes a block at nearly every warm probe, and a whole game's pack spent its
/// time there.
pub fn probe_speed(
    reader: &PackedTable,
    table: &Table,
    probes: u64,
) -> Result<ProbeSpeed, PackError> {
    let slots = probe_slots(reader.slots(), probes);
    let check = |slot: u64, cache: bool| -> Result<(), PackError> {
        if !cache {
            reader.drop_cache();
        }
        let got = reader.slot_value(slot)?;
        let want = Wdl::from(Value::decode(table.codes[slot as usize]));
        if got == want {
            Ok(())
        } else {
            Err(PackError::Mismatch { slot, got, want })
        }
    };
    let cold_n = (probes / COLD_SHARE).max(1) as usize;
    let start = Instant::now();
    for &slot in slots.iter().take(cold_n) {
        check(slot, false)?;
    }
    let cold = cold_n as f64 / start.elapsed().as_secs_f64();
    let mut in_order = slots;
    in_order.sort_unstable();
    for &slot in &in_order {
        check(slot, true)?;
    }
    let start = Instant::now();
    for &slot in &in_order {
        check(slot, true)?;
    }
    let warm = probes as f64 / start.elapsed().as_secs_f64();
    Ok(ProbeSpeed { cold, warm })
}

/// `probes` pseudo-random slots below `slots` (xorshift from a fixed seed: every run probes the
/// same ones).
fn probe_slots(slots: u64, probes: u64) -> Vec<u64> {
    let mut state = PROBE_SEED;
    (0..probes)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % slots
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probed_slots_are_in_range_and_the_same_every_run() {
        let first = probe_slots(1000, 500);
        assert_eq!(first.len(), 500);
        assert!(first.iter().all(|&s| s < 1000));
        assert_eq!(first, probe_slots(1000, 500));
    }
}
