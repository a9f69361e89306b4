//! Compact form of a solved table: 2-bit win/draw/loss values in zstd-compressed blocks with an
//! index of block offsets, read with random access (a probe decompresses one block, and keeps a
//! few decompressed blocks).
//!
//! ```text
//! offset size  field
//!      0    8  magic "LUDUSMPK"
//!      8    4  format version, u32 LE (PACKED_VERSION)
//!     12    4  flying, mover pieces, opponent pieces, hands (as in the full file)
//!     16    8  slots, u64 LE
//!     24    4  slots per block, u32 LE (BLOCK_SLOTS)
//!     28    4  blocks, u32 LE
//!     32    8 × (blocks + 1)  byte offset of each compressed block, then the end
//!      …       zstd frames, one per block; a block holds 4 slots a byte, slot i in bits 2(i%4)..
//! ```
//!
//! A value is 0 draw (and holes), 1 win, 2 loss for the side to move. Distances are not kept:
//! play that needs them reads the full table, or looks one ply ahead (see
//! `docs/morris-endgame-databases.md`).

use super::file::FileError;
use super::{SubspaceIndex, Table, Value};
use std::collections::HashMap;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// The packed file signature.
pub const PACKED_MAGIC: &[u8; 8] = b"LUDUSMPK";
/// Version of the packed layout.
pub const PACKED_VERSION: u32 = 1;
/// Slots per block: 64 KiB of 2-bit values.
pub const BLOCK_SLOTS: u64 = 4 * 65_536;
/// zstd level used when packing.
pub const ZSTD_LEVEL: i32 = 19;
/// Decompressed blocks a [`PackedTable`] keeps (64 KiB each).
const CACHED_BLOCKS: usize = 256;
/// Bytes before the block offsets.
const PACKED_HEADER: usize = 32;

/// A game-theoretic value without distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Wdl {
    /// The 2-bit code: 0 draw, 1 win, 2 loss.
    pub fn code(self) -> u8 {
        match self {
            Wdl::Draw => 0,
            Wdl::Win => 1,
            Wdl::Loss => 2,
        }
    }

    fn decode(bits: u8) -> Wdl {
        match bits {
            1 => Wdl::Win,
            2 => Wdl::Loss,
            _ => Wdl::Draw,
        }
    }
}

impl From<Value> for Wdl {
    fn from(value: Value) -> Wdl {
        match value {
            Value::Win(_) => Wdl::Win,
            Value::Draw => Wdl::Draw,
            Value::Loss(_) => Wdl::Loss,
        }
    }
}

/// The 2-bit values of `codes[range]`, four a byte.
fn pack_bits(codes: &[u16]) -> Vec<u8> {
    let mut raw = vec![0u8; codes.len().div_ceil(4)];
    for (i, &code) in codes.iter().enumerate() {
        raw[i / 4] |= Wdl::from(Value::decode(code)).code() << (2 * (i % 4));
    }
    raw
}

/// Writes the packed form of `table` to `path` atomically; returns its size in bytes.
pub fn pack_table(table: &Table, path: &Path) -> Result<u64, FileError> {
    let frames = compress_blocks(&table.codes)?;
    let mut offsets = Vec::new();
    let mut at = 0u64;
    for frame in &frames {
        offsets.push(at);
        at += frame.len() as u64;
    }
    offsets.push(at);
    let mut header = Vec::with_capacity(PACKED_HEADER + 8 * offsets.len());
    header.extend_from_slice(PACKED_MAGIC);
    header.extend_from_slice(&PACKED_VERSION.to_le_bytes());
    header.extend_from_slice(&super::file::shape_bytes(table));
    header.extend_from_slice(&(table.codes.len() as u64).to_le_bytes());
    header.extend_from_slice(&(BLOCK_SLOTS as u32).to_le_bytes());
    header.extend_from_slice(&(frames.len() as u32).to_le_bytes());
    for offset in &offsets {
        header.extend_from_slice(&offset.to_le_bytes());
    }
    let tmp = path.with_extension("partial");
    {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        file.write_all(&header)?;
        for frame in &frames {
            file.write_all(frame)?;
        }
        file.flush()?;
    }
    std::fs::rename(&tmp, path)?;
    Ok(header.len() as u64 + at)
}

/// The zstd frames of `codes` packed block by block, in order, the blocks shared among the
/// cores (level 19 is slow: about 3 MB of packed values a second a core).
fn compress_blocks(codes: &[u16]) -> Result<Vec<Vec<u8>>, FileError> {
    let blocks: Vec<&[u16]> = codes.chunks(BLOCK_SLOTS as usize).collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per_thread = blocks.len().div_ceil(threads).max(1);
    let parts: Vec<std::io::Result<Vec<Vec<u8>>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = blocks
            .chunks(per_thread)
            .map(|share| {
                scope.spawn(move || {
                    share
                        .iter()
                        .map(|chunk| zstd::bulk::compress(&pack_bits(chunk), ZSTD_LEVEL))
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(std::io::Error::other("a packing thread panicked")))
            })
            .collect()
    });
    let mut frames = Vec::with_capacity(blocks.len());
    for part in parts {
        frames.extend(part?);
    }
    Ok(frames)
}

/// A packed table opened for random access.
#[derive(Debug)]
pub struct PackedTable {
    index: SubspaceIndex,
    slots: u64,
    /// Start of the first frame in the file.
    data_start: u64,
    offsets: Vec<u64>,
    file: Mutex<std::fs::File>,
    cache: Mutex<HashMap<u64, Arc<Vec<u8>>>>,
}

fn le_u32(bytes: &[u8]) -> u32 {
    u32::from_le_bytes(bytes.try_into().unwrap_or_default())
}

fn le_u64(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes.try_into().unwrap_or_default())
}

impl PackedTable {
    /// Opens the packed file at `path`, checking its header (the blocks are read on demand).
    pub fn open(path: &Path) -> Result<PackedTable, FileError> {
        let mut file = std::fs::File::open(path)?;
        let mut header = [0u8; PACKED_HEADER];
        file.read_exact(&mut header)?;
        if &header[..8] != PACKED_MAGIC {
            return Err(FileError::BadMagic);
        }
        let found = le_u32(&header[8..12]);
        if found != PACKED_VERSION {
            return Err(FileError::Version { found });
        }
        let index = SubspaceIndex::new(usize::from(header[13]), usize::from(header[14]));
        let slots = le_u64(&header[16..24]);
        let blocks = u64::from(le_u32(&header[28..32]));
        if slots != index.len()
            || u64::from(le_u32(&header[24..28])) != BLOCK_SLOTS
            || blocks != slots.div_ceil(BLOCK_SLOTS)
        {
            return Err(FileError::Mismatch(format!(
                "packed header of {slots} slots in {blocks} blocks"
            )));
        }
        let mut raw = vec![0u8; 8 * (blocks as usize + 1)];
        file.read_exact(&mut raw)?;
        let offsets: Vec<u64> = raw.chunks_exact(8).map(le_u64).collect();
        Ok(PackedTable {
            index,
            slots,
            data_start: (PACKED_HEADER + raw.len()) as u64,
            offsets,
            file: Mutex::new(file),
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// Number of slots.
    pub fn slots(&self) -> u64 {
        self.slots
    }

    /// The decompressed block `block`, from the cache or the file.
    fn block(&self, block: u64) -> Result<Arc<Vec<u8>>, FileError> {
        if let Some(hit) = self
            .cache
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&block)
        {
            return Ok(hit.clone());
        }
        let (from, to) = (
            self.offsets[block as usize],
            self.offsets[block as usize + 1],
        );
        let mut frame = vec![0u8; (to - from) as usize];
        {
            let mut file = self.file.lock().unwrap_or_else(|p| p.into_inner());
            file.seek(SeekFrom::Start(self.data_start + from))?;
            file.read_exact(&mut frame)?;
        }
        let raw = Arc::new(zstd::bulk::decompress(&frame, (BLOCK_SLOTS / 4) as usize)?);
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        if cache.len() >= CACHED_BLOCKS {
            cache.clear();
        }
        cache.insert(block, raw.clone());
        Ok(raw)
    }

    /// The value of slot `slot`.
    pub fn slot_value(&self, slot: u64) -> Result<Wdl, FileError> {
        if slot >= self.slots {
            return Err(FileError::Mismatch(format!(
                "slot {slot} of {}",
                self.slots
            )));
        }
        let block = self.block(slot / BLOCK_SLOTS)?;
        let within = (slot % BLOCK_SLOTS) as usize;
        Ok(Wdl::decode((block[within / 4] >> (2 * (within % 4))) & 3))
    }

    /// The value of the board `mover` (to move) against `opponent`.
    pub fn value(&self, mover: u32, opponent: u32) -> Result<Wdl, FileError> {
        self.slot_value(self.index.index(mover, opponent))
    }

    /// Forgets the decompressed blocks (the next probes read the file: a cold start).
    pub fn drop_cache(&self) {
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
}
