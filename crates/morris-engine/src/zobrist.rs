//! Zobrist keys of positions: one random 64-bit word per (colour, square), per (colour, pieces
//! in hand) and for Black to move, XORed together. The words come from a fixed SplitMix64
//! stream, so keys are the same in every run and on every machine.

use ludus_morris::geometry::Symmetry;
use ludus_morris::{Color, Position, SQUARE_COUNT, Square};

/// Number of points on the board (rows of the key table).
const SQUARES: usize = SQUARE_COUNT;

/// Largest number of pieces in hand a key distinguishes (nine per side in the standard game,
/// room for the twelve of the variants).
const MAX_IN_HAND: usize = 13;

/// SplitMix64: a tiny, well-mixed generator (Steele, Lea, Flood 2014), enough for hash keys.
pub const fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

struct Keys {
    pieces: [[u64; SQUARES]; 2],
    in_hand: [[u64; MAX_IN_HAND]; 2],
    black_to_move: u64,
}

const fn build_keys() -> Keys {
    let mut keys = Keys {
        pieces: [[0; SQUARES]; 2],
        in_hand: [[0; MAX_IN_HAND]; 2],
        black_to_move: 0,
    };
    let mut n: u64 = 1;
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < SQUARES {
            keys.pieces[c][s] = splitmix64(n);
            n += 1;
            s += 1;
        }
        let mut h = 0;
        while h < MAX_IN_HAND {
            keys.in_hand[c][h] = splitmix64(n);
            n += 1;
            h += 1;
        }
        c += 1;
    }
    keys.black_to_move = splitmix64(n);
    keys
}

static KEYS: Keys = build_keys();

/// The Zobrist key of a position (pieces, hands, side to move; not the ply counter).
#[inline]
pub fn key(position: &Position) -> u64 {
    let mut k = if position.side_to_move() == Color::Black {
        KEYS.black_to_move
    } else {
        0
    };
    for color in Color::ALL {
        let c = color.index();
        for square in Square::iter_bits(position.pieces(color)) {
            k ^= KEYS.pieces[c][square.index()];
        }
        k ^= KEYS.in_hand[c][usize::from(position.in_hand(color)).min(MAX_IN_HAND - 1)];
    }
    k
}

/// The key of a position's class under the 16 board symmetries, and the symmetry that maps the
/// position onto its class representative (the image whose packed boards are smallest).
/// Symmetric positions have the same key; different classes have different keys (the packed
/// representative, hands and side to move go through [`splitmix64`], a bijection).
#[inline]
pub fn canonical_key(position: &Position) -> (u64, Symmetry) {
    let (white, black) = (position.pieces(Color::White), position.pieces(Color::Black));
    let mut best = u64::MAX;
    let mut best_symmetry = Symmetry::IDENTITY;
    for symmetry in Symmetry::ALL {
        let packed = u64::from(symmetry.apply_bits(white))
            | u64::from(symmetry.apply_bits(black)) << SQUARES;
        if packed < best {
            best = packed;
            best_symmetry = symmetry;
        }
    }
    let rest = u64::from(position.in_hand(Color::White)) << 48
        | u64::from(position.in_hand(Color::Black)) << 52
        | (position.side_to_move().index() as u64) << 56;
    (splitmix64(best | rest), best_symmetry)
}

/// The inverse of each symmetry, by index in [`Symmetry::ALL`].
pub fn inverse_symmetries() -> [Symmetry; ludus_morris::geometry::SYMMETRY_COUNT] {
    Symmetry::ALL.map(Symmetry::inverse)
}
