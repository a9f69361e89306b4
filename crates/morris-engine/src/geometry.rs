//! Board tables the engine needs in its inner loops: adjacency and mill masks per square, and the
//! 16 board symmetries as byte lookup tables.
//!
//! Squares follow the rules crate's ring-major numbering: outer ring `a7 d7 g7 g4 g1 d1 a1 a4`
//! = 0..7, middle ring `b6 d6 f6 f4 f2 d2 b2 b4` = 8..15, inner ring `c5 d5 e5 e4 e3 d3 c3 c4`
//! = 16..23; a set of squares is a `u32` with bit `i` for square `i`. Within a ring, corners have
//! even positions and side midpoints odd ones. The tables are computed at compile time from that
//! layout and cross-checked against `ludus_morris::geometry` in the tests.

/// Number of points on the board.
pub const SQUARES: usize = 24;
/// Points per ring (a ring is one of the three concentric squares).
const RING: usize = 8;
/// Every square of the board.
pub const ALL: u32 = (1 << SQUARES) - 1;
/// Number of board symmetries (8 rotations/reflections, times swapping inner and outer ring).
pub const SYMMETRIES: usize = 16;

/// The square names in index order, for messages and debugging.
pub const NAMES: [&str; SQUARES] = [
    "a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4", "b6", "d6", "f6", "f4", "f2", "d2", "b2", "b4",
    "c5", "d5", "e5", "e4", "e3", "d3", "c3", "c4",
];

const fn square(ring: usize, pos: usize) -> usize {
    ring * RING + pos % RING
}

const fn build_adjacency() -> [u32; SQUARES] {
    let mut adj = [0u32; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let (ring, pos) = (s / RING, s % RING);
        adj[s] |= 1 << square(ring, pos + 1);
        adj[s] |= 1 << square(ring, pos + RING - 1);
        if pos % 2 == 1 {
            if ring > 0 {
                adj[s] |= 1 << square(ring - 1, pos);
            }
            if ring < 2 {
                adj[s] |= 1 << square(ring + 1, pos);
            }
        }
        s += 1;
    }
    adj
}

const fn build_mills() -> [u32; 16] {
    let mut mills = [0u32; 16];
    let mut n = 0;
    let mut ring = 0;
    while ring < 3 {
        let mut side = 0;
        while side < 4 {
            let start = 2 * side;
            mills[n] = (1 << square(ring, start))
                | (1 << square(ring, start + 1))
                | (1 << square(ring, start + 2));
            n += 1;
            side += 1;
        }
        ring += 1;
    }
    let mut pos = 1;
    while pos < RING {
        mills[n] = (1 << square(0, pos)) | (1 << square(1, pos)) | (1 << square(2, pos));
        n += 1;
        pos += 2;
    }
    mills
}

const fn build_mills_of() -> [[u32; 2]; SQUARES] {
    let mut of = [[0u32; 2]; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let mut k = 0;
        let mut m = 0;
        while m < 16 {
            if MILLS[m] & (1 << s) != 0 {
                of[s][k] = MILLS[m];
                k += 1;
            }
            m += 1;
        }
        s += 1;
    }
    of
}

/// Neighbours of each square (the points one slide away).
pub const ADJACENT: [u32; SQUARES] = build_adjacency();
/// The 16 mills as square sets.
pub const MILLS: [u32; 16] = build_mills();
/// The two mills through each square.
pub const MILLS_OF: [[u32; 2]; SQUARES] = build_mills_of();

/// Where symmetry `g` sends square `s`. `g = swap << 3 | reflect << 2 | rotation`: reflect about
/// the a7–g1 diagonal, then rotate by quarter turns, then swap the inner and outer rings.
pub const fn map_square(g: usize, s: usize) -> usize {
    let (ring, pos) = (s / RING, s % RING);
    let pos = if (g >> 2) & 1 == 1 {
        (RING - pos) % RING
    } else {
        pos
    };
    let pos = (pos + 2 * (g & 3)) % RING;
    let ring = if (g >> 3) & 1 == 1 { 2 - ring } else { ring };
    square(ring, pos)
}

/// Byte lookup tables: `SYM_BYTES[g][k][b]` is the image under `g` of the squares `8k..8k+8`
/// selected by byte `b`.
static SYM_BYTES: [[[u32; 256]; 3]; SYMMETRIES] = build_sym_bytes();

const fn build_sym_bytes() -> [[[u32; 256]; 3]; SYMMETRIES] {
    let mut t = [[[0u32; 256]; 3]; SYMMETRIES];
    let mut g = 0;
    while g < SYMMETRIES {
        let mut k = 0;
        while k < 3 {
            let mut b = 0;
            while b < 256 {
                let mut out = 0u32;
                let mut i = 0;
                while i < 8 {
                    if b & (1 << i) != 0 {
                        out |= 1 << map_square(g, 8 * k + i);
                    }
                    i += 1;
                }
                t[g][k][b] = out;
                b += 1;
            }
            k += 1;
        }
        g += 1;
    }
    t
}

/// The image of a square set under symmetry `g` (0..16; 0 is the identity).
#[inline]
pub fn apply_symmetry(g: usize, bits: u32) -> u32 {
    let t = &SYM_BYTES[g];
    t[0][(bits & 0xff) as usize]
        | t[1][((bits >> 8) & 0xff) as usize]
        | t[2][(bits >> 16) as usize & 0xff]
}

/// The squares of `own` that stand in a closed mill of `own`.
#[inline]
pub fn pieces_in_mills(own: u32) -> u32 {
    MILLS
        .iter()
        .filter(|&&m| own & m == m)
        .fold(0, |acc, &m| acc | m)
}

/// Whether the piece of `own` on square `s` stands in a closed mill of `own`.
#[inline]
pub fn closes_mill(own: u32, s: usize) -> bool {
    let [a, b] = MILLS_OF[s];
    own & a == a || own & b == b
}

/// Squares of `opponent` that may be removed: those outside mills, or all when every one is in a mill.
#[inline]
pub fn removable(opponent: u32) -> u32 {
    let free = opponent & !pieces_in_mills(opponent);
    if free == 0 { opponent } else { free }
}

/// Iterates over the squares of a set, lowest first.
#[inline]
pub fn squares(mut bits: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(s)
        }
    })
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn every_symmetry_preserves_adjacency_and_mills() {
        for g in 0..SYMMETRIES {
            for s in 0..SQUARES {
                assert_eq!(apply_symmetry(g, ADJACENT[s]), ADJACENT[map_square(g, s)]);
            }
            let mut images: Vec<u32> = MILLS.iter().map(|&m| apply_symmetry(g, m)).collect();
            images.sort_unstable();
            let mut mills = MILLS.to_vec();
            mills.sort_unstable();
            assert_eq!(images, mills);
        }
    }

    #[test]
    fn adjacency_has_32_edges() {
        let degrees: u32 = ADJACENT.iter().map(|a| a.count_ones()).sum();
        assert_eq!(degrees, 64);
    }
}
