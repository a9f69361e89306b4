//! The 24 points of the board and the two colours.

use std::fmt;
use std::str::FromStr;

/// A set of squares: bit `i` stands for the square with index `i` (only the low 24 bits are used).
pub type Bitboard = u32;

/// Number of points on the board.
pub const SQUARE_COUNT: usize = 24;

/// Every point of the board as a bitboard (the low 24 bits).
pub const ALL_SQUARES: Bitboard = (1 << SQUARE_COUNT) - 1;

/// Number of points on one of the three concentric squares ("rings").
pub const RING_LEN: usize = 8;

/// Names of the squares in index order: ring-major (outer, middle, inner), each ring clockwise
/// from its top-left corner, so corners have even and side midpoints odd indices.
const NAMES: [&str; SQUARE_COUNT] = [
    "a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4", // outer ring
    "b6", "d6", "f6", "f4", "f2", "d2", "b2", "b4", // middle ring
    "c5", "d5", "e5", "e4", "e3", "d3", "c3", "c4", // inner ring
];

/// One of the 24 points, by index 0..24 in ring-major order (see `docs/morris-notation.md`).
///
/// ```
/// use ludus_morris::Square;
/// let d6: Square = "d6".parse().unwrap();
/// assert_eq!(d6.index(), 9);
/// assert_eq!(d6.to_string(), "d6");
/// assert_eq!(Square::new(24), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// All 24 squares in index order.
    pub const ALL: [Square; SQUARE_COUNT] = {
        let mut all = [Square(0); SQUARE_COUNT];
        let mut i = 0;
        while i < SQUARE_COUNT {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with this index, or `None` if `index >= 24`.
    pub const fn new(index: usize) -> Option<Square> {
        if index < SQUARE_COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The index 0..24 of this square.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The bitboard holding only this square.
    pub const fn bit(self) -> Bitboard {
        1 << self.0
    }

    /// The ring: 0 outer, 1 middle, 2 inner.
    pub const fn ring(self) -> usize {
        self.index() / RING_LEN
    }

    /// The position 0..8 inside its ring, clockwise from the top-left corner.
    pub const fn position_in_ring(self) -> usize {
        self.index() % RING_LEN
    }

    /// The algebraic name, e.g. `"d6"`.
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }

    /// The squares of a bitboard, lowest index first.
    pub fn iter_bits(bits: Bitboard) -> impl Iterator<Item = Square> {
        BitIter(bits & ALL_SQUARES)
    }

    /// The lowest square of a non-empty bitboard (index of its lowest set bit).
    pub(crate) const fn lowest(bits: Bitboard) -> Square {
        Square(bits.trailing_zeros() as u8)
    }
}

/// Iterates the set bits of a bitboard as squares.
struct BitIter(Bitboard);

impl Iterator for BitIter {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square::lowest(self.0);
        self.0 &= self.0 - 1;
        Some(square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a square name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a point of the board (points are a1, a4, a7, b2, b4, b6, c3..c5, d1..d3, d5..d7, e3..e5, f2, f4, f6, g1, g4, g7)"
)]
pub struct ParseSquareError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads a name like `d6` (letters may be upper case).
    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        NAMES
            .iter()
            .position(|name| name.eq_ignore_ascii_case(text))
            .map(|index| Square(index as u8))
            .ok_or_else(|| ParseSquareError {
                text: text.to_string(),
            })
    }
}

/// The two sides. White places first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that places first.
    White,
    /// The side that places second.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black (for arrays indexed by colour).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"White"` or `"Black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
