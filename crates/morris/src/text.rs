//! The one-line text form of a position (see `docs/morris-notation.md`):
//! `OUTER/MIDDLE/INNER SIDE WHITE_IN_HAND BLACK_IN_HAND PLIES_SINCE_REMOVAL`, e.g. the start
//! `......../......../........ w 9 9 0`.

use crate::geometry::RING_COUNT;
use crate::position::{Position, Setup, SetupError};
use crate::square::{Color, RING_LEN, Square};
use std::fmt;
use std::str::FromStr;

/// The character of an empty point.
const EMPTY_CHAR: char = '.';

/// The character of a white piece.
const WHITE_CHAR: char = 'W';

/// The character of a black piece.
const BLACK_CHAR: char = 'B';

/// Fields of the text form; the last one (plies since the last removal) may be left out.
const FIELD_COUNT: usize = 5;

/// Why a text is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// Not four or five space-separated fields.
    #[error(
        "a position has {FIELD_COUNT} fields (board, side, white in hand, black in hand, plies since removal), found {0}; the start is \"......../......../........ w 9 9 0\""
    )]
    FieldCount(usize),
    /// The board is not three rings separated by `/`.
    #[error("the board has three rings separated by '/' (outer/middle/inner), found {0}")]
    RingCount(usize),
    /// A ring with the wrong number of points.
    #[error("ring {ring} of the board has {len} points instead of 8: {text:?}")]
    RingLength {
        /// Which ring (1 outer, 2 middle, 3 inner).
        ring: usize,
        /// Its length in characters.
        len: usize,
        /// The ring as written.
        text: String,
    },
    /// An unknown board character.
    #[error("{found:?} on {square} is not a piece (use 'W' white, 'B' black, '.' empty)")]
    Piece {
        /// Where.
        square: Square,
        /// The character.
        found: char,
    },
    /// The side to move is not `w` or `b`.
    #[error("the side to move is 'w' or 'b', found {0:?}")]
    Side(String),
    /// A count that is not a small number.
    #[error("{field} must be a number from 0 to {max}, found {found:?}")]
    Number {
        /// Which field.
        field: &'static str,
        /// The largest allowed value.
        max: u32,
        /// What was written.
        found: String,
    },
    /// The fields are well-formed but do not make a legal position.
    #[error("not a legal position: {0}")]
    Illegal(#[from] SetupError),
}

/// Largest number of pieces in hand the text form reads.
const MAX_IN_HAND: u32 = crate::position::PIECES_PER_SIDE as u32;

fn parse_number(field: &'static str, max: u32, text: &str) -> Result<u32, ParsePositionError> {
    let error = || ParsePositionError::Number {
        field,
        max,
        found: text.to_string(),
    };
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error());
    }
    text.parse::<u32>()
        .ok()
        .filter(|&n| n <= max)
        .ok_or_else(error)
}

fn parse_board(text: &str) -> Result<[u32; 2], ParsePositionError> {
    let rings: Vec<&str> = text.split('/').collect();
    if rings.len() != RING_COUNT {
        return Err(ParsePositionError::RingCount(rings.len()));
    }
    let mut pieces = [0; 2];
    for (ring, ring_text) in rings.iter().enumerate() {
        let len = ring_text.chars().count();
        if len != RING_LEN {
            return Err(ParsePositionError::RingLength {
                ring: ring + 1,
                len,
                text: ring_text.to_string(),
            });
        }
        for (position, found) in ring_text.chars().enumerate() {
            let square = Square::ALL[ring * RING_LEN + position];
            match found {
                WHITE_CHAR => pieces[Color::White.index()] |= square.bit(),
                BLACK_CHAR => pieces[Color::Black.index()] |= square.bit(),
                EMPTY_CHAR => {}
                _ => return Err(ParsePositionError::Piece { square, found }),
            }
        }
    }
    Ok(pieces)
}

impl FromStr for Setup {
    type Err = ParsePositionError;

    /// Reads the text form without checking that the position is legal.
    fn from_str(text: &str) -> Result<Setup, ParsePositionError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        if fields.len() != FIELD_COUNT && fields.len() != FIELD_COUNT - 1 {
            return Err(ParsePositionError::FieldCount(fields.len()));
        }
        let pieces = parse_board(fields[0])?;
        let side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(ParsePositionError::Side(other.to_string())),
        };
        let white = parse_number("White's pieces in hand", MAX_IN_HAND, fields[2])?;
        let black = parse_number("Black's pieces in hand", MAX_IN_HAND, fields[3])?;
        let plies_since_removal = match fields.get(4) {
            Some(text) => parse_number("the plies since the last removal", u32::MAX, text)?,
            None => 0,
        };
        Ok(Setup {
            pieces,
            in_hand: [white as u8, black as u8],
            side_to_move,
            plies_since_removal,
        })
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads the text form and checks that it is a legal position.
    ///
    /// ```
    /// use ludus_morris::Position;
    /// let start: Position = "......../......../........ w 9 9 0".parse().unwrap();
    /// assert_eq!(start, Position::new());
    /// assert_eq!(start.to_string(), "......../......../........ w 9 9 0");
    /// ```
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        Ok(Position::try_from(text.parse::<Setup>()?)?)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (ring, squares) in Square::ALL.chunks(RING_LEN).enumerate() {
            if ring > 0 {
                f.write_str("/")?;
            }
            for square in squares {
                let c = if self.pieces[0] & square.bit() != 0 {
                    WHITE_CHAR
                } else if self.pieces[1] & square.bit() != 0 {
                    BLACK_CHAR
                } else {
                    EMPTY_CHAR
                };
                write!(f, "{c}")?;
            }
        }
        let side = match self.side_to_move {
            Color::White => 'w',
            Color::Black => 'b',
        };
        write!(
            f,
            " {side} {} {} {}",
            self.in_hand[0], self.in_hand[1], self.plies_since_removal
        )
    }
}

impl fmt::Display for Position {
    /// Writes the text form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}
