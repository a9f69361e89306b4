//! Moves and their notation: `d6` (place), `d6-d5` (slide or fly), `xa1` appended for a removal.

use crate::geometry::neighbours;
use crate::square::{ParseSquareError, Square};
use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

/// What a move does with its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece from the hand goes onto an empty point.
    Place,
    /// A piece moves along a line to an adjacent empty point.
    Slide,
    /// A piece jumps to a non-adjacent empty point (only with three pieces and flying on).
    Fly,
}

/// One whole turn: a placement or a move of a piece, plus the removal it earns when it closes a
/// mill. Legality depends on a position; see [`crate::Position::legal_moves`].
///
/// ```
/// use ludus_morris::{Move, MoveKind};
/// let mv: Move = "d6-d5xa1".parse().unwrap();
/// assert_eq!(mv.kind(), MoveKind::Slide);
/// assert_eq!(mv.remove.unwrap().name(), "a1");
/// assert_eq!(mv.to_string(), "d6-d5xa1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the piece leaves; `None` for a placement from the hand.
    pub from: Option<Square>,
    /// The point the piece arrives at.
    pub to: Square,
    /// The opposing piece removed because the move closed a mill.
    pub remove: Option<Square>,
}

impl Move {
    /// A placement on `to` without removal.
    pub const fn place(to: Square) -> Move {
        Move {
            from: None,
            to,
            remove: None,
        }
    }

    /// A move of the piece on `from` to `to` (slide or fly) without removal.
    pub const fn shift(from: Square, to: Square) -> Move {
        Move {
            from: Some(from),
            to,
            remove: None,
        }
    }

    /// The same move, removing the piece on `square`.
    pub const fn with_removal(self, square: Square) -> Move {
        Move {
            remove: Some(square),
            ..self
        }
    }

    /// The image of this move under a board symmetry.
    pub const fn transformed(self, symmetry: crate::geometry::Symmetry) -> Move {
        Move {
            from: match self.from {
                Some(from) => Some(symmetry.apply_square(from)),
                None => None,
            },
            to: symmetry.apply_square(self.to),
            remove: match self.remove {
                Some(remove) => Some(symmetry.apply_square(remove)),
                None => None,
            },
        }
    }

    /// Place, slide (to an adjacent point) or fly (to any other point).
    pub const fn kind(&self) -> MoveKind {
        match self.from {
            None => MoveKind::Place,
            Some(from) if neighbours(from) & self.to.bit() != 0 => MoveKind::Slide,
            Some(_) => MoveKind::Fly,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(from) = self.from {
            write!(f, "{from}-")?;
        }
        write!(f, "{}", self.to)?;
        if let Some(remove) = self.remove {
            write!(f, "x{remove}")?;
        }
        Ok(())
    }
}

/// Why a text is not a move in notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Nothing to read.
    #[error("empty move (expected e.g. d6, d6-d5, b4xg7 or d6-d5xa1)")]
    Empty,
    /// A part is not a point name.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// More than one `-` or `x`, or one in the wrong place.
    #[error("{0:?} is not a move (expected e.g. d6, d6-d5, b4xg7 or d6-d5xa1)")]
    Malformed(String),
    /// `d6-d6`.
    #[error("{0:?} moves a piece to the point it stands on")]
    NullMove(String),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `d6`, `d6-d5`, `b4xg7` or `d6-d5xa1` (letters may be upper case).
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        if text.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let malformed = || ParseMoveError::Malformed(text.to_string());
        let (movement, removal) = match text.split_once(['x', 'X']) {
            Some((movement, removal)) => (movement, Some(removal)),
            None => (text, None),
        };
        let (from, to) = match movement.split_once('-') {
            Some((from, to)) => (Some(from), to),
            None => (None, movement),
        };
        let parts = [from, Some(to), removal];
        if parts
            .iter()
            .flatten()
            .any(|part| part.is_empty() || part.contains(['-', 'x', 'X']))
        {
            return Err(malformed());
        }
        let mv = Move {
            from: from.map(str::parse).transpose()?,
            to: to.parse()?,
            remove: removal.map(str::parse).transpose()?,
        };
        if mv.from == Some(mv.to) {
            return Err(ParseMoveError::NullMove(text.to_string()));
        }
        Ok(mv)
    }
}

/// The most moves a position can have. Bound: a move closes a mill only onto the empty point of a
/// line holding two own pieces; there are at most 9 such lines (each of the at most 9 own pieces
/// lies on 2 lines, each line needs 2), reached by at most 2 slides (or 1 placement, or 1 fly with
/// three pieces), each with at most 9 removals: sliding gives at most 36 + 18 * 8 = 180 moves,
/// placing at most 24 + 9 * 8 = 96, flying at most 63 + 3 * 8 = 87.
pub const MAX_MOVES: usize = 256;

/// The legal moves of a position, stored inline (no allocation). Derefs to `[Move]`.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

/// Filler for the unused slots of a [`MoveList`].
const NO_MOVE: Move = Move::place(Square::ALL[0]);

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [NO_MOVE; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move (the capacity is [`MAX_MOVES`], enough for any position).
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MoveList {}
