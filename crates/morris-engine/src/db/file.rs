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
//!     24    8  checksum of the payload bytes, u64 little-endian: CRC-32 (IEEE) in version 2,
//!                FNV-1a 64 in version 1
//!     32    -  payload: one u16 little-endian value code per slot (see `Value::encode`)
//! ```
//!
//! Version 2 changed only the checksum: FNV-1a takes one multiplication a byte in a chain
//! (about 0.45 GB/s here, 0.7 s for a 310 MB table), CRC-32 with the processor's carry-less
//! multiplication over ten times less, and the whole-game solver checks every table it writes,
//! reads back and reads as a child. Version 1 files (the shipped opening table's among them) are
//! still read.
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
/// Bumped whenever the index scheme or the layout changes; the version written.
pub const FORMAT_VERSION: u32 = 2;
/// The earlier version still read: the same layout with an FNV-1a 64 checksum.
pub const FNV_FORMAT_VERSION: u32 = 1;
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
    #[error("database format version {found}, expected {FNV_FORMAT_VERSION} or {FORMAT_VERSION}")]
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

/// The payload's checksum as one version of the format computes it, fed chunk by chunk.
enum Checksum {
    /// Version 1: FNV-1a 64.
    Fnv(u64),
    /// Version 2: CRC-32 (IEEE).
    Crc(crc32fast::Hasher),
}

impl Checksum {
    /// The empty checksum of format `version` (`None` for a version no reader knows).
    fn new(version: u32) -> Option<Checksum> {
        match version {
            FNV_FORMAT_VERSION => Some(Checksum::Fnv(FNV_OFFSET)),
            FORMAT_VERSION => Some(Checksum::Crc(crc32fast::Hasher::new())),
            _ => None,
        }
    }

    /// Adds `bytes` to the checksum.
    fn update(&mut self, bytes: &[u8]) {
        match self {
            Checksum::Fnv(hash) => *hash = fnv1a(bytes, *hash),
            Checksum::Crc(hasher) => hasher.update(bytes),
        }
    }

    /// The value stored in the header.
    fn finish(self) -> u64 {
        match self {
            Checksum::Fnv(hash) => hash,
            Checksum::Crc(hasher) => u64::from(hasher.finalize()),
        }
    }
}

/// FNV-1a 64-bit hash (version 1's integrity check, not a cryptographic one).
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

/// Value codes converted to and from payload bytes at a time: the chunk stays in the cache
/// while it is converted, checksummed and compressed (the whole payload as one byte vector
/// cost a second copy of the table and its page faults).
const CHUNK_CODES: usize = 1 << 16;

/// Appends the payload bytes of `codes` to `out` (cleared first).
fn payload_chunk(codes: &[u16], out: &mut Vec<u8>) {
    out.clear();
    out.extend(codes.iter().flat_map(|c| c.to_le_bytes()));
}

/// The checksum of the payload of `codes` in the format written ([`FORMAT_VERSION`]: CRC-32).
fn payload_checksum(codes: &[u16]) -> u64 {
    let mut sum = Checksum::Crc(crc32fast::Hasher::new());
    let mut bytes = Vec::with_capacity(2 * CHUNK_CODES);
    for chunk in codes.chunks(CHUNK_CODES) {
        payload_chunk(chunk, &mut bytes);
        sum.update(&bytes);
    }
    sum.finish()
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

/// The header and payload of `table`, written to `out`; returns their length. The payload is
/// made chunk by chunk twice: once for the checksum the header carries, once to write it.
fn write_contents(table: &Table, out: &mut impl Write) -> Result<u64, FileError> {
    let mut header = Vec::with_capacity(HEADER_BYTES);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    header.extend_from_slice(&shape_bytes(table));
    header.extend_from_slice(&(table.codes.len() as u64).to_le_bytes());
    header.extend_from_slice(&payload_checksum(&table.codes).to_le_bytes());
    out.write_all(&header)?;
    let mut bytes = Vec::with_capacity(2 * CHUNK_CODES);
    for chunk in table.codes.chunks(CHUNK_CODES) {
        payload_chunk(chunk, &mut bytes);
        out.write_all(&bytes)?;
    }
    Ok((header.len() + 2 * table.codes.len()) as u64)
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

/// Reads `slots` value codes from `file`, chunk by chunk into the table's memory (huge pages),
/// feeding `sum`; a payload shorter or longer than that is an error.
fn read_payload(
    file: &mut impl Read,
    slots: usize,
    sum: &mut Checksum,
) -> Result<Vec<u16>, FileError> {
    let mut codes: Vec<u16> = super::memory::huge_vec(slots, std::iter::empty());
    let mut bytes = vec![0u8; 2 * CHUNK_CODES];
    while codes.len() < slots {
        let want = 2 * (slots - codes.len()).min(CHUNK_CODES);
        let got = read_up_to(file, &mut bytes[..want])?;
        if got < want {
            return Err(FileError::Mismatch(format!(
                "payload of {} bytes",
                2 * codes.len() + got
            )));
        }
        sum.update(&bytes[..want]);
        codes.extend(
            bytes[..want]
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]])),
        );
    }
    let extra = read_up_to(file, &mut bytes[..1])?;
    if extra > 0 {
        return Err(FileError::Mismatch(format!(
            "payload of more than {} bytes",
            2 * slots
        )));
    }
    Ok(codes)
}

/// Fills `buf` from `file` as far as it goes; returns how many bytes were read (fewer only at
/// the end of the input).
fn read_up_to(file: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match file.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
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
    let mut sum = Checksum::new(found).ok_or(FileError::Version { found })?;
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
    let codes = read_payload(&mut file, slots as usize, &mut sum)?;
    if sum.finish() != checksum {
        return Err(FileError::Checksum);
    }
    Ok(Table {
        flying,
        index,
        codes,
        hands,
    })
}

#[cfg(test)]
mod unit {
    use super::*;

    /// A small table with every kind of code (from the solved three-stone pair).
    fn table() -> Table {
        crate::db::solve_pair(true, 3, 3, &[], &mut |_| {})
            .expect("solves")
            .remove(0)
    }

    /// The file bytes of `table` in format `version` with the checksum computed the slow way,
    /// from the whole payload at once.
    fn file_bytes(table: &Table, version: u32) -> Vec<u8> {
        let payload: Vec<u8> = table.codes.iter().flat_map(|c| c.to_le_bytes()).collect();
        let checksum = match version {
            FNV_FORMAT_VERSION => fnv1a(&payload, FNV_OFFSET),
            _ => u64::from(crc32fast::hash(&payload)),
        };
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&shape_bytes(table));
        bytes.extend_from_slice(&(table.codes.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes.extend_from_slice(&payload);
        bytes
    }

    fn read(bytes: &[u8]) -> Result<Table, FileError> {
        read_either_form(bytes, true, 3, 3, [0, 0])
    }

    #[test]
    fn the_writer_writes_version_two_with_the_whole_payloads_crc() {
        let table = table();
        assert!(table.codes.len() > CHUNK_CODES, "spans several chunks");
        let mut written = Vec::new();
        write_contents(&table, &mut written).expect("writes");
        assert_eq!(written, file_bytes(&table, FORMAT_VERSION));
    }

    #[test]
    fn version_one_files_with_an_fnv_checksum_still_read() {
        let table = table();
        let back = read(&file_bytes(&table, FNV_FORMAT_VERSION)).expect("reads version 1");
        assert_eq!(back.codes, table.codes);
        let back = read(&file_bytes(&table, FORMAT_VERSION)).expect("reads version 2");
        assert_eq!(back.codes, table.codes);
    }

    #[test]
    fn short_long_or_damaged_payloads_and_unknown_versions_are_refused() {
        let table = table();
        for version in [FNV_FORMAT_VERSION, FORMAT_VERSION] {
            let bytes = file_bytes(&table, version);
            let short = &bytes[..bytes.len() - 1];
            assert!(matches!(read(short), Err(FileError::Mismatch(_))), "short");
            let mut long = bytes.clone();
            long.extend_from_slice(&[0, 0]);
            assert!(matches!(read(&long), Err(FileError::Mismatch(_))), "long");
            let mut damaged = bytes.clone();
            damaged[HEADER_BYTES + 2 * CHUNK_CODES + 1] ^= 4;
            assert!(
                matches!(read(&damaged), Err(FileError::Checksum)),
                "damaged"
            );
            let mut other = bytes.clone();
            other[8] = 3;
            assert!(matches!(read(&other), Err(FileError::Version { found: 3 })));
        }
    }
}
