//! Writing the opening table ([`super::opening`]) from the sectors built in a [`Databases`].

use super::Stats;
use super::file::{FileError, compressed_table_bytes};
use super::opening::{OPENING_ZSTD_LEVEL, encode_opening, opening_sectors};
use super::sector::Sector;
use super::solve::SolveError;
use super::store::{Databases, DbError};
use std::io::Write;
use std::path::Path;

/// What [`write_opening`] wrote.
#[derive(Clone, Debug)]
pub struct OpeningSummary {
    /// The sectors written, with their slots and compressed bytes.
    pub sectors: Vec<(Sector, u64, u64)>,
    /// Counts over every board of the sectors.
    pub stats: Stats,
    /// Bytes of the whole file.
    pub bytes: u64,
}

/// Writes the opening table of the game with `stones` pieces a side covering `plies`
/// placements to `path` (atomically), from the sectors built in `dbs`.
pub fn write_opening(
    dbs: &Databases,
    flying: bool,
    stones: u8,
    plies: u8,
    path: &Path,
) -> Result<OpeningSummary, DbError> {
    let mut frames = Vec::new();
    let mut stats = Stats::default();
    let mut written = Vec::new();
    for sector in opening_sectors(flying, stones, plies) {
        let table = dbs
            .sector_file_table(sector)
            .ok_or(SolveError::MissingSector(sector))??;
        stats.add(&table.stats());
        let frame = compressed_table_bytes(&table, OPENING_ZSTD_LEVEL)?;
        written.push((sector, table.index.len(), frame.len() as u64));
        frames.push((sector, frame));
    }
    let out = encode_opening(flying, stones, plies, &frames);
    write_atomically(path, &out).map_err(FileError::from)?;
    Ok(OpeningSummary {
        sectors: written,
        stats,
        bytes: out.len() as u64,
    })
}

/// Writes `bytes` to `path` through a `.partial` file renamed into place.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("partial");
    let mut file = std::fs::File::create(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}
