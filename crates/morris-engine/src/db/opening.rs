//! The opening table: the solved placement sectors of a game's first plies, in one file that a
//! build embeds, so that a fresh install plays, hints and reviews the opening perfectly without
//! the whole solution.
//!
//! ```text
//! offset size  field
//!      0    8  magic "LUDUSMOP"
//!      8    4  format version, u32 LE (OPENING_VERSION)
//!     12    1  flying: 1 = on, 0 = off
//!     13    1  stones a side of the game
//!     14    1  plies covered: every sector a game reaches in at most this many placements
//!     15    1  zero
//!     16    4  sectors, u32 LE
//!     20   16 × sectors: mover, opponent, mover's hand, opponent's hand, four zero bytes,
//!              then the length of the sector's file in bytes, u64 LE
//!      …       the sectors' table files one after the other, in the order of the list, each
//!              in the compressed form of `file.rs` (one zstd frame holding header and values)
//! ```
//!
//! A sector is covered when its pieces placed so far (both sides, board plus captured) are at
//! most the plies covered; the covered sectors are whole (every board of the sector, reachable
//! or not), so the table answers every position of those sectors.

use super::Table;
use super::file::{FileError, read_sector_bytes};
use super::sector::{Sector, game_sectors};
use std::ops::Range;
use std::path::Path;

/// The opening file signature.
pub const OPENING_MAGIC: &[u8; 8] = b"LUDUSMOP";
/// Version of the opening layout.
pub const OPENING_VERSION: u32 = 1;
/// zstd level of the sectors' files in an opening table (written once, read at start-up).
pub const OPENING_ZSTD_LEVEL: i32 = 19;
/// Bytes before the sector list.
const HEADER_BYTES: usize = 20;
/// Bytes of one entry of the sector list.
const ENTRY_BYTES: usize = 16;

/// The opening table shipped with Ludus: the standard game's first plies, made by
/// `ludus morris opening-table` from the whole solution (`data/morris/opening/MANIFEST.md`).
static BUILTIN_BYTES: &[u8] = include_bytes!("../../../../data/morris/opening/standard.lmo");

/// The built-in opening table, parsed once; `None` if the embedded file were damaged (the
/// tests check that it is not).
pub fn builtin() -> Option<&'static OpeningTable> {
    static BUILTIN: std::sync::OnceLock<Option<OpeningTable>> = std::sync::OnceLock::new();
    BUILTIN
        .get_or_init(|| OpeningTable::parse(BUILTIN_BYTES).ok())
        .as_ref()
}

/// A parsed opening table: its game and where each sector's file lies in the bytes.
#[derive(Debug)]
pub struct OpeningTable {
    bytes: &'static [u8],
    /// Whether flying is allowed in its game.
    pub flying: bool,
    /// Stones a side of its game.
    pub stones: u8,
    /// Plies covered from the empty board.
    pub plies: u8,
    sectors: Vec<(Sector, Range<usize>)>,
}

/// Pieces both sides have placed in a sector of the game with `stones` pieces a side.
pub fn placed(sector: &Sector, stones: u8) -> u8 {
    (2 * stones).saturating_sub(sector.mover_hand + sector.opponent_hand)
}

/// The placement sectors of the game with `stones` pieces a side that a game reaches within
/// `plies` placements, children before parents.
pub fn opening_sectors(flying: bool, stones: u8, plies: u8) -> Vec<Sector> {
    game_sectors(flying, stones)
        .into_iter()
        .filter(|s| !s.is_movement() && placed(s, stones) <= plies)
        .collect()
}

fn bad(what: impl Into<String>) -> FileError {
    FileError::Mismatch(what.into())
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word)
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

impl OpeningTable {
    /// Reads the header and sector list of an opening file held in `bytes` (the values are
    /// read, and checked, sector by sector on first use).
    pub fn parse(bytes: &'static [u8]) -> Result<OpeningTable, FileError> {
        if bytes.len() < HEADER_BYTES || &bytes[..8] != OPENING_MAGIC {
            return Err(FileError::BadMagic);
        }
        let found = u32_at(bytes, 8);
        if found != OPENING_VERSION {
            return Err(bad(format!(
                "opening table version {found}, expected {OPENING_VERSION}"
            )));
        }
        let (flying, stones, plies) = (bytes[12] == 1, bytes[13], bytes[14]);
        let count = u32_at(bytes, 16) as usize;
        let list_end = count
            .checked_mul(ENTRY_BYTES)
            .and_then(|n| n.checked_add(HEADER_BYTES))
            .filter(|&end| end <= bytes.len())
            .ok_or_else(|| bad("opening table shorter than its sector list"))?;
        let mut sectors = Vec::with_capacity(count);
        let mut at = list_end;
        for entry in bytes[HEADER_BYTES..list_end].chunks_exact(ENTRY_BYTES) {
            let sector = Sector {
                flying,
                mover: entry[0],
                opponent: entry[1],
                mover_hand: entry[2],
                opponent_hand: entry[3],
            };
            let len = usize::try_from(u64_at(entry, 8)).map_err(|_| bad("sector too long"))?;
            let end = at
                .checked_add(len)
                .filter(|&end| end <= bytes.len())
                .ok_or_else(|| bad(format!("sector {sector} runs past the end")))?;
            if !sector.is_valid() || sector.is_movement() || placed(&sector, stones) > plies {
                return Err(bad(format!("sector {sector} does not belong in the table")));
            }
            sectors.push((sector, at..end));
            at = end;
        }
        if at != bytes.len() {
            return Err(bad("bytes after the last sector"));
        }
        Ok(OpeningTable {
            bytes,
            flying,
            stones,
            plies,
            sectors,
        })
    }

    /// The sectors the table holds.
    pub fn sectors(&self) -> impl Iterator<Item = Sector> + '_ {
        self.sectors.iter().map(|(s, _)| *s)
    }

    /// Whether the table holds `sector`.
    pub fn covers(&self, sector: &Sector) -> bool {
        self.sectors.iter().any(|(s, _)| s == sector)
    }

    /// The table of `sector`, decompressed and checked; `None` when the table does not hold it.
    pub fn table(&self, sector: &Sector) -> Option<Result<Table, FileError>> {
        let (_, range) = self.sectors.iter().find(|(s, _)| s == sector)?;
        Some(read_sector_bytes(&self.bytes[range.clone()], sector))
    }
}

/// The bytes of an opening file for the game (`flying`, `stones`, `plies`) holding `frames`:
/// each sector with its table file as one zstd frame, in the order given (children first).
pub fn encode_opening(
    flying: bool,
    stones: u8,
    plies: u8,
    frames: &[(Sector, Vec<u8>)],
) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(OPENING_MAGIC);
    out.extend_from_slice(&OPENING_VERSION.to_le_bytes());
    out.extend_from_slice(&[u8::from(flying), stones, plies, 0]);
    out.extend_from_slice(&(frames.len() as u32).to_le_bytes());
    for (sector, frame) in frames {
        out.extend_from_slice(&[
            sector.mover,
            sector.opponent,
            sector.mover_hand,
            sector.opponent_hand,
            0,
            0,
            0,
            0,
        ]);
        out.extend_from_slice(&(frame.len() as u64).to_le_bytes());
    }
    for (_, frame) in frames {
        out.extend_from_slice(frame);
    }
    out
}

/// Opens an opening file (as `ludus morris opening-table` writes it) (its bytes kept for the process).
pub fn read_opening(path: &Path) -> Result<OpeningTable, FileError> {
    let bytes: &'static [u8] = Vec::leak(std::fs::read(path)?);
    OpeningTable::parse(bytes)
}
