//! The board as data: adjacency, the 16 mills and the 16 symmetries.
//!
//! Squares are indexed ring-major (see [`Square`]): `8 * ring + position`, where ring 0 is the
//! outer square and `position` runs clockwise from the top-left corner. Corners have even
//! positions, side midpoints odd ones; only midpoints connect to the neighbouring rings.

use crate::square::{Bitboard, RING_LEN, SQUARE_COUNT, Square};

/// Number of rings (concentric squares).
pub const RING_COUNT: usize = 3;

/// Number of mills (lines of three points): 4 sides of each ring plus 4 spokes.
pub const MILL_COUNT: usize = 16;

/// Bitboard of the three points at ring `ring`, positions `p0`, `p1`, `p2` of a side.
const fn ring_side(ring: usize, first: usize) -> Bitboard {
    let base = ring * RING_LEN;
    let mut bits = 0;
    let mut k = 0;
    while k < 3 {
        bits |= 1 << (base + (first + k) % RING_LEN);
        k += 1;
    }
    bits
}

/// Bitboard of the spoke through the midpoints at `position` of all three rings.
const fn spoke(position: usize) -> Bitboard {
    (1 << position) | (1 << (RING_LEN + position)) | (1 << (2 * RING_LEN + position))
}

/// The 16 mills as bitboards: the 12 ring sides (outer, middle, inner; top, right, bottom, left),
/// then the 4 spokes (top, right, bottom, left).
pub const MILLS: [Bitboard; MILL_COUNT] = {
    let mut mills = [0; MILL_COUNT];
    let mut ring = 0;
    while ring < RING_COUNT {
        let mut side = 0;
        while side < 4 {
            mills[ring * 4 + side] = ring_side(ring, 2 * side);
            side += 1;
        }
        ring += 1;
    }
    let mut side = 0;
    while side < 4 {
        mills[12 + side] = spoke(2 * side + 1);
        side += 1;
    }
    mills
};

/// For each square, the two mills through it (every point lies on exactly two lines).
pub const MILLS_THROUGH: [[Bitboard; 2]; SQUARE_COUNT] = {
    let mut table = [[0; 2]; SQUARE_COUNT];
    let mut square = 0;
    while square < SQUARE_COUNT {
        let mut found = 0;
        let mut mill = 0;
        while mill < MILL_COUNT {
            if MILLS[mill] & (1 << square) != 0 {
                table[square][found] = MILLS[mill];
                found += 1;
            }
            mill += 1;
        }
        square += 1;
    }
    table
};

/// For each square, the bitboard of the squares joined to it by a line segment.
pub const NEIGHBOURS: [Bitboard; SQUARE_COUNT] = {
    let mut table = [0; SQUARE_COUNT];
    let mut square = 0;
    while square < SQUARE_COUNT {
        let ring = square / RING_LEN;
        let position = square % RING_LEN;
        let base = ring * RING_LEN;
        let mut bits = (1 << (base + (position + 1) % RING_LEN))
            | (1 << (base + (position + RING_LEN - 1) % RING_LEN));
        if position % 2 == 1 {
            if ring > 0 {
                bits |= 1 << (square - RING_LEN);
            }
            if ring + 1 < RING_COUNT {
                bits |= 1 << (square + RING_LEN);
            }
        }
        table[square] = bits;
        square += 1;
    }
    table
};

/// The squares adjacent to `square` (joined by a line segment).
pub const fn neighbours(square: Square) -> Bitboard {
    NEIGHBOURS[square.index()]
}

/// The two mills through `square`.
pub const fn mills_through(square: Square) -> [Bitboard; 2] {
    MILLS_THROUGH[square.index()]
}

/// Whether the pieces `pieces` form a complete mill through `square`.
pub const fn in_mill(pieces: Bitboard, square: Square) -> bool {
    let [a, b] = MILLS_THROUGH[square.index()];
    pieces & a == a || pieces & b == b
}

/// All squares of `pieces` that belong to at least one complete mill of `pieces`.
pub fn pieces_in_mills(pieces: Bitboard) -> Bitboard {
    MILLS
        .iter()
        .filter(|&&mill| pieces & mill == mill)
        .fold(0, |acc, &mill| acc | mill)
}

/// The opposing pieces a mill may remove: those outside mills, or any of them when all stand in
/// mills.
///
/// ```
/// use ludus_morris::{Square, geometry::removable};
/// let bits = |names: &[&str]| names.iter().map(|n| n.parse::<Square>().unwrap().bit()).sum();
/// // a7-d7-g7 is a mill: only b6 may go.
/// assert_eq!(removable(bits(&["a7", "d7", "g7", "b6"])), bits(&["b6"]));
/// assert_eq!(removable(bits(&["a7", "d7", "g7"])), bits(&["a7", "d7", "g7"]));
/// ```
pub fn removable(opponent: Bitboard) -> Bitboard {
    let free = opponent & !pieces_in_mills(opponent);
    if free != 0 { free } else { opponent }
}

/// The positions 0, 2, 4, 6 (corners) of every ring.
const CORNERS: Bitboard = 0x55_5555;

/// The positions 1, 3, 5, 7 (side midpoints) of every ring.
const MIDPOINTS: Bitboard = 0xAA_AAAA;

/// Rotates each ring byte so that bit `p` receives bit `p + k` (mod 8) of the same ring.
const fn ring_ahead(bits: Bitboard, k: u32) -> Bitboard {
    let low = (0xFF >> k) * 0x01_0101;
    ((bits >> k) & low) | ((bits << (8 - k)) & (0xFF_FFFF & !low))
}

/// The points that would complete a mill of `pieces`: the points whose two partners on one of
/// their lines both belong to `pieces` (whether the point itself is empty is not looked at).
/// Pure bit arithmetic on the ring bytes, no loop over the mills.
///
/// ```
/// use ludus_morris::{Square, geometry::mill_completions};
/// let bits = |names: &[&str]| names.iter().map(|n| n.parse::<Square>().unwrap().bit()).sum();
/// assert_eq!(mill_completions(bits(&["a7", "d7", "d5"])), bits(&["g7", "d6"]));
/// ```
pub const fn mill_completions(pieces: Bitboard) -> Bitboard {
    let ahead1 = ring_ahead(pieces, 1);
    let ahead2 = ring_ahead(pieces, 2);
    let behind1 = ring_ahead(pieces, 7);
    let behind2 = ring_ahead(pieces, 6);
    // A corner starts one side of its ring and ends the other; a midpoint is in the middle.
    let sides =
        ((ahead1 & ahead2) | (behind1 & behind2)) & CORNERS | (behind1 & ahead1) & MIDPOINTS;
    let outer = pieces & 0xFF;
    let middle = (pieces >> 8) & 0xFF;
    let inner = (pieces >> 16) & 0xFF;
    let spokes = ((middle & inner) | (outer & inner) << 8 | (outer & middle) << 16) & MIDPOINTS;
    sides | spokes
}

/// Number of symmetries of the board that only permute positions within a ring (the dihedral
/// group of the square: 4 rotations, each optionally preceded by a mirror).
const DIHEDRAL_COUNT: usize = 8;

/// Number of symmetries of the board: the dihedral ones, each optionally swapping the inner and
/// outer rings.
pub const SYMMETRY_COUNT: usize = 2 * DIHEDRAL_COUNT;

/// One symmetry of the board: a rotation by a multiple of 90°, optionally mirrored, optionally
/// swapping the inner and outer rings. Symmetries map mills to mills and adjacent squares to
/// adjacent squares, so they preserve legal moves and game values.
///
/// ```
/// use ludus_morris::{Square, geometry::{MILLS, Symmetry}};
/// let d6: Square = "d6".parse().unwrap();
/// assert!(Symmetry::ALL.iter().all(|s| MILLS.contains(&s.apply_bits(MILLS[0]))));
/// assert_eq!(Symmetry::IDENTITY.apply_square(d6), d6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// The index in [`Symmetry::ALL`]: quarter turns (0..4) + 4 × mirror + 8 × swap rings.
    index: u8,
}

/// Where dihedral element `element` (quarter turns + 4 × mirror) sends `position` (0..8) of a
/// ring.
const fn map_position(position: usize, element: usize) -> usize {
    let mirrored = if element >= 4 {
        // Mirror left-right: a7 <-> g7 (0 <-> 2), d7 fixed (1), a4 <-> g4 (7 <-> 3), ...
        (2 + RING_LEN - position) % RING_LEN
    } else {
        position
    };
    (mirrored + 2 * (element % 4)) % RING_LEN
}

/// Per symmetry and ring, the image of each 8-bit pattern of that ring as a whole bitboard: an
/// image of a set is three lookups (the engines map millions of sets a second; 48 KiB).
static IMAGES: [[[Bitboard; 256]; RING_COUNT]; SYMMETRY_COUNT] = {
    let mut tables = [[[0; 256]; RING_COUNT]; SYMMETRY_COUNT];
    let mut index = 0;
    while index < SYMMETRY_COUNT {
        let symmetry = Symmetry { index: index as u8 };
        let mut ring = 0;
        while ring < RING_COUNT {
            let mut pattern = 0;
            while pattern < 256 {
                let mut image = 0;
                let mut position = 0;
                while position < RING_LEN {
                    if pattern & (1 << position) != 0 {
                        let square = Square::ALL[ring * RING_LEN + position];
                        image |= symmetry.apply_square(square).bit();
                    }
                    position += 1;
                }
                tables[index][ring][pattern] = image;
                pattern += 1;
            }
            ring += 1;
        }
        index += 1;
    }
    tables
};

impl Symmetry {
    /// The symmetry that changes nothing.
    pub const IDENTITY: Symmetry = Symmetry { index: 0 };

    /// All 16 symmetries; the identity comes first.
    pub const ALL: [Symmetry; SYMMETRY_COUNT] = {
        let mut all = [Symmetry::IDENTITY; SYMMETRY_COUNT];
        let mut i = 0;
        while i < SYMMETRY_COUNT {
            all[i] = Symmetry { index: i as u8 };
            i += 1;
        }
        all
    };

    /// Quarter turns clockwise (0..4), applied after the mirror.
    pub const fn quarter_turns(self) -> u8 {
        self.index % 4
    }

    /// Whether the board is mirrored left-right (before turning).
    pub const fn mirror(self) -> bool {
        (self.index / 4) % 2 == 1
    }

    /// Whether the inner and outer rings change places.
    pub const fn swap_rings(self) -> bool {
        self.index as usize >= DIHEDRAL_COUNT
    }

    /// The index of this symmetry in [`Symmetry::ALL`].
    pub const fn index(self) -> usize {
        self.index as usize
    }

    const fn dihedral_element(self) -> usize {
        self.index as usize % DIHEDRAL_COUNT
    }

    /// The image of one square.
    pub const fn apply_square(self, square: Square) -> Square {
        let ring = square.ring();
        let ring = if self.swap_rings() { 2 - ring } else { ring };
        let position = map_position(square.position_in_ring(), self.dihedral_element());
        Square::ALL[ring * RING_LEN + position]
    }

    /// The image of a set of squares.
    #[inline]
    pub fn apply_bits(self, bits: Bitboard) -> Bitboard {
        let table = &IMAGES[self.index as usize % SYMMETRY_COUNT];
        table[0][(bits & 0xff) as usize]
            | table[1][((bits >> 8) & 0xff) as usize]
            | table[2][((bits >> 16) & 0xff) as usize]
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        let probe = Square::ALL;
        Symmetry::ALL
            .into_iter()
            .find(|candidate| {
                probe
                    .iter()
                    .all(|&sq| candidate.apply_square(self.apply_square(sq)) == sq)
            })
            .unwrap_or(Symmetry::IDENTITY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_lies_on_two_mills_and_adjacency_is_symmetric() {
        for square in Square::ALL {
            let count = MILLS.iter().filter(|&&m| m & square.bit() != 0).count();
            assert_eq!(count, 2, "{square}");
            for other in Square::iter_bits(neighbours(square)) {
                assert!(neighbours(other) & square.bit() != 0, "{square} {other}");
            }
        }
        let edges: u32 = NEIGHBOURS.iter().map(|n| n.count_ones()).sum();
        assert_eq!(edges, 2 * 32, "the board has 32 line segments");
    }

    #[test]
    fn symmetries_are_distinct_and_preserve_mills_and_adjacency() {
        let mut images = std::collections::HashSet::new();
        for symmetry in Symmetry::ALL {
            images.insert(Square::ALL.map(|sq| symmetry.apply_square(sq)));
            for mill in MILLS {
                assert!(MILLS.contains(&symmetry.apply_bits(mill)));
            }
            for square in Square::ALL {
                let image = symmetry.apply_square(square);
                assert_eq!(symmetry.apply_bits(square.bit()), image.bit());
                assert_eq!(symmetry.apply_bits(neighbours(square)), neighbours(image));
                assert_eq!(symmetry.inverse().apply_square(image), square);
            }
        }
        assert_eq!(images.len(), 16);
    }

    #[test]
    fn mill_completions_match_a_loop_over_the_mills() {
        // Every pattern of one ring pair is too many; sample patterns with a simple LCG.
        let mut state = 12345u32;
        for _ in 0..20_000 {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let pieces = (state >> 4) & crate::square::ALL_SQUARES;
            let expected = MILLS
                .iter()
                .filter(|&&mill| (mill & pieces).count_ones() == 2)
                .fold(0, |acc, &mill| acc | (mill & !pieces))
                | MILLS
                    .iter()
                    .filter(|&&mill| mill & pieces == mill)
                    .fold(0, |acc, &mill| acc | mill);
            assert_eq!(mill_completions(pieces), expected, "{pieces:#x}");
        }
    }
}
