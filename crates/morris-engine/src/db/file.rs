//! The on-disk form of one solved sub-space (see `docs/morris-endgame-databases.md`).
//!
//! ```text
//! offset size  field
//!      0    8  magic "LUDUSMDB"
//!      8    4  format version, u32 little-endian (FORMAT_VERSION)
//!     12    1  flying: 1 = on, 0 = off
//!     13    1  pieces of the side to move
//!     14    1  pieces of the opponent
//!     15    1  hands: pieces in hand of the side to move × 16 + of the opponent (0: movement)
//!     16    8  number of slots, u64 little-endian
//!     24    8  FNV-1a 64 checksum of the payload bytes
//!     32    -  payload: one u16 little-endian value code per slot (see `Value::encode`)
//! ```
//!
//! A file may also hold these same bytes as one zstd frame ([`write_table_compressed`]: the
//! whole-game solver writes its tables so, about a tenth of the size); the readers tell the two
//! forms apart by the first four bytes.

use super::{SubspaceIndex, Table};
use std::io::{self, Read, Write};
use std::path::Path;
use thiserror::Error;

/// The file signature.
pub const MAGIC: &[u8; 8] = b"LUDUSMDB";
/// Bumped whenever the index scheme or the layout changes.
pub const FORMAT_VERSION: u32 = 1;
/// Bytes before the payload.
pub const HEADER_BYTES: usize = 32;

/// Why a database file could not be read.
#[derive(Debug, Error)]
pub enum FileError {
    /// Reading or writing failed.
    #[error("database file i/o: {0}")]
    Io(#[from] io::Error),
    /// The file is not a Ludus database.
    #[error("not a Ludus Morris database (bad magic)")]
    BadMagic,
    /// Written by another format version.
    #[error("database format version {found}, expected {FORMAT_VERSION}")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The header disagrees with the expected sub-space or the payload.
    #[error("database header mismatch: {0}")]
    Mismatch(String),
    /// The payload does not match its checksum.
    #[error("database checksum mismatch (file damaged)")]
    Checksum,
}

/// FNV-1a 64-bit hash (a cheap integrity check, not a cryptographic one).
fn fnv1a(bytes: &[u8], mut hash: u64) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(PRIME);
    }
    hash
}
/// FNV-1a offset basis.
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn payload(codes: &[u16]) -> Vec<u8> {
    codes.iter().flat_map(|c| c.to_le_bytes()).collect()
}

/// Header bytes 12..16 of a table's files: flying, mover pieces, opponent pieces, hands.
pub(crate) fn shape_bytes(table: &Table) -> [u8; 4] {
    [
        u8::from(table.flying),
        table.index.mover as u8,
        table.index.opponent as u8,
        table.hands[0] << 4 | table.hands[1],
    ]
}

/// Writes `table` to `path` atomically (a temporary file renamed into place), so an interrupted
/// build never leaves a file that looks finished.
pub fn write_table(table: &Table, path: &Path) -> Result<u64, FileError> {
    let tmp = path.with_extension("partial");
    let written = {
        let mut file = io::BufWriter::new(std::fs::File::create(&tmp)?);
        let written = write_contents(table, &mut file)?;
        file.flush()?;
        written
    };
    std::fs::rename(&tmp, path)?;
    Ok(written)
}

/// The header and payload of `table`, written to `out`; returns their length.
fn write_contents(table: &Table, out: &mut impl Write) -> Result<u64, FileError> {
    let bytes = payload(&table.codes);
    let mut header = Vec::with_capacity(HEADER_BYTES);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    header.extend_from_slice(&shape_bytes(table));
    header.extend_from_slice(&(table.codes.len() as u64).to_le_bytes());
    header.extend_from_slice(&fnv1a(&bytes, FNV_OFFSET).to_le_bytes());
    out.write_all(&header)?;
    out.write_all(&bytes)?;
    Ok((header.len() + bytes.len()) as u64)
}

/// Level of [`write_table_compressed`]: zstd's fastest levels already shrink the draw runs;
/// higher ones cost seconds per large table for a few per cent.
pub const TABLE_ZSTD_LEVEL: i32 = 1;
/// The first four bytes of a zstd frame.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

/// [`write_table`] as one zstd frame at [`TABLE_ZSTD_LEVEL`], atomically; read back by the same
/// readers. Returns the bytes written.
pub fn write_table_compressed(table: &Table, path: &Path) -> Result<u64, FileError> {
    let tmp = path.with_extension("partial");
    {
        let file = io::BufWriter::new(std::fs::File::create(&tmp)?);
        let mut encoder = zstd::Encoder::new(file, TABLE_ZSTD_LEVEL)?;
        write_contents(table, &mut encoder)?;
        encoder.finish()?.flush()?;
    }
    std::fs::rename(&tmp, path)?;
    Ok(std::fs::metadata(path)?.len())
}

/// The bytes of [`write_table`]'s file for `table` as one zstd frame at `level`.
pub fn compressed_table_bytes(table: &Table, level: i32) -> Result<Vec<u8>, FileError> {
    let mut encoder = zstd::Encoder::new(Vec::new(), level)?;
    write_contents(table, &mut encoder)?;
    Ok(encoder.finish()?)
}

/// Reads the table of a sector from the bytes of its file (either form), checking every header
/// field and the checksum.
pub fn read_sector_bytes(bytes: &[u8], sector: &super::Sector) -> Result<Table, FileError> {
    read_sector_from(bytes, sector)
}

/// Reads the table of a sector from `input` holding its file (either form).
fn read_sector_from(input: impl Read, sector: &super::Sector) -> Result<Table, FileError> {
    read_either_form(
        input,
        sector.flying,
        usize::from(sector.mover),
        usize::from(sector.opponent),
        [sector.mover_hand, sector.opponent_hand],
    )
}

/// Reads the table of `mover` vs `opponent` under `flying` from `path`, checking every header field
/// and the checksum.
pub fn read_table(
    path: &Path,
    flying: bool,
    mover: usize,
    opponent: usize,
) -> Result<Table, FileError> {
    let file = io::BufReader::new(std::fs::File::open(path)?);
    read_either_form(file, flying, mover, opponent, [0, 0])
}

/// Reads the table of a placement (or movement) sector from `path`, checking every header field
/// and the checksum.
pub fn read_sector(path: &Path, sector: &super::Sector) -> Result<Table, FileError> {
    read_sector_from(io::BufReader::new(std::fs::File::open(path)?), sector)
}

/// Reads a table file's contents from `input`, raw or one zstd frame (told by its first bytes).
fn read_either_form(
    mut input: impl Read,
    flying: bool,
    mover: usize,
    opponent: usize,
    hands: [u8; 2],
) -> Result<Table, FileError> {
    let mut first = [0u8; 4];
    input.read_exact(&mut first)?;
    let rest = first.as_slice().chain(input);
    if first == ZSTD_MAGIC {
        read_contents(zstd::Decoder::new(rest)?, flying, mover, opponent, hands)
    } else {
        read_contents(rest, flying, mover, opponent, hands)
    }
}

/// Reads and checks the header and payload of a table from `file`.
fn read_contents(
    mut file: impl Read,
    flying: bool,
    mover: usize,
    opponent: usize,
    hands: [u8; 2],
) -> Result<Table, FileError> {
    let mut header = [0u8; HEADER_BYTES];
    file.read_exact(&mut header)?;
    if &header[..8] != MAGIC {
        return Err(FileError::BadMagic);
    }
    let found = u32::from_le_bytes(header[8..12].try_into().unwrap_or_default());
    if found != FORMAT_VERSION {
        return Err(FileError::Version { found });
    }
    let index = SubspaceIndex::new(mover, opponent);
    let expected = [
        u8::from(flying),
        mover as u8,
        opponent as u8,
        hands[0] << 4 | hands[1],
    ];
    let slots = u64::from_le_bytes(header[16..24].try_into().unwrap_or_default());
    if header[12..16] != expected || slots != index.len() {
        return Err(FileError::Mismatch(format!(
            "expected {mover} vs {opponent}, hands {hands:?}, flying {flying}, {} slots",
            index.len()
        )));
    }
    let checksum = u64::from_le_bytes(header[24..32].try_into().unwrap_or_default());
    let mut bytes = Vec::with_capacity(2 * slots as usize);
    file.read_to_end(&mut bytes)?;
    if bytes.len() as u64 != 2 * slots {
        return Err(FileError::Mismatch(format!(
            "payload of {} bytes",
            bytes.len()
        )));
    }
    if fnv1a(&bytes, FNV_OFFSET) != checksum {
        return Err(FileError::Checksum);
    }
    let codes = super::memory::huge_vec(
        slots as usize,
        bytes
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]])),
    );
    Ok(Table {
        flying,
        index,
        codes,
        hands,
    })
}
