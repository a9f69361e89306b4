//! Positions: who stands where, who is to move, what is left in hand; and the static end of game.

use crate::geometry::NEIGHBOURS;
use crate::rules::Rules;
use crate::square::{ALL_SQUARES, Bitboard, Color, Square};
use std::fmt;

/// Pieces each player starts with.
pub const PIECES_PER_SIDE: u8 = 9;

/// Below this many pieces (on the board plus in hand) a player has lost.
pub const MIN_PIECES: u32 = 3;

/// With exactly this many pieces on the board (none in hand) a player may fly, if the rules allow.
pub const FLYING_PIECES: u32 = 3;

/// Whether `bits` holds exactly three squares ([`FLYING_PIECES`]), found by clearing the lowest
/// bit three times: the move generators ask it in every position, and a population count is a
/// dozen instructions on CPUs without one.
const fn has_three(bits: Bitboard) -> bool {
    let at_least_two = bits & bits.wrapping_sub(1);
    let at_least_three = at_least_two & at_least_two.wrapping_sub(1);
    at_least_three != 0 && at_least_three & at_least_three.wrapping_sub(1) == 0
}

// `has_three` is the flying test.
const _: () = assert!(FLYING_PIECES == 3);

/// A position that is not necessarily legal: the raw parts. Turn it into a [`Position`] with
/// `Position::try_from(setup)`, which says what is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces on the board, indexed by [`Color::index`].
    pub pieces: [Bitboard; 2],
    /// The pieces still in hand, indexed by [`Color::index`].
    pub in_hand: [u8; 2],
    /// The side to move.
    pub side_to_move: Color,
    /// Plies played since the last removal (or since the start).
    pub plies_since_removal: u32,
}

impl Default for Setup {
    /// The empty starting board: White to place, nine pieces in each hand.
    fn default() -> Setup {
        Position::new().setup()
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A bitboard uses bits above the 24 squares.
    #[error("{color}'s pieces use bits beyond the 24 points (bitboard {bits:#x})")]
    OutsideBoard {
        /// Whose bitboard.
        color: Color,
        /// The bitboard.
        bits: Bitboard,
    },
    /// White and Black share a point.
    #[error("White and Black both have a piece on {0}")]
    SharedPoint(Square),
    /// More than nine pieces on the board and in hand together.
    #[error("{color} has {count} pieces on the board and in hand; the most is {PIECES_PER_SIDE}")]
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// How many.
        count: u32,
    },
    /// The pieces in hand cannot come from alternate placement with White first.
    #[error(
        "{white} white and {black} black pieces in hand cannot occur with {side} to move (White places first: with White to move both hands are equal, with Black to move Black has one more, or both are empty)"
    )]
    InconsistentHands {
        /// White's pieces in hand.
        white: u8,
        /// Black's pieces in hand.
        black: u8,
        /// The side to move.
        side: Color,
    },
    /// A side with fewer than three pieces and none in hand: the game is over
    /// ([`Position::playable`] only).
    #[error("{color} has {count} pieces and none in hand: the game is over")]
    TooFewPieces {
        /// Whose pieces.
        color: Color,
        /// How many are on the board.
        count: u32,
    },
    /// The side to move can neither slide nor fly: it has lost ([`Position::playable`] only).
    #[error("{0} to move is blocked: the game is over")]
    Blocked(Color),
}

/// A legal position of Nine Men's Morris: the pieces of each side as bitboards, the pieces in
/// hand, the side to move and the plies since the last removal (for the N-move rule).
///
/// Equality and hashing include the ply counter; use [`Position::board_key`] to compare
/// positions for repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) pieces: [Bitboard; 2],
    pub(crate) in_hand: [u8; 2],
    pub(crate) side: Color,
    pub(crate) plies_since_removal: u32,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The empty starting board: White to place, nine pieces in each hand.
    pub const fn new() -> Position {
        Position {
            pieces: [0, 0],
            in_hand: [PIECES_PER_SIDE, PIECES_PER_SIDE],
            side: Color::White,
            plies_since_removal: 0,
        }
    }

    /// The side to move.
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The pieces of `color` on the board.
    pub const fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color.index()]
    }

    /// The pieces of `color` still in hand.
    pub const fn in_hand(&self, color: Color) -> u8 {
        self.in_hand[color.index()]
    }

    /// The pieces of `color` on the board and in hand.
    pub const fn piece_count(&self, color: Color) -> u32 {
        self.pieces(color).count_ones() + self.in_hand(color) as u32
    }

    /// Plies played since the last removal (or since the start of the game or setup).
    pub const fn plies_since_removal(&self) -> u32 {
        self.plies_since_removal
    }

    /// Whether the side to move still places pieces from its hand.
    pub const fn is_placement_phase(&self) -> bool {
        self.in_hand(self.side) > 0
    }

    /// All occupied points.
    pub const fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// All empty points.
    pub const fn empty(&self) -> Bitboard {
        ALL_SQUARES & !self.occupied()
    }

    /// Who stands on `square`, if anyone.
    pub const fn piece_at(&self, square: Square) -> Option<Color> {
        if self.pieces[0] & square.bit() != 0 {
            Some(Color::White)
        } else if self.pieces[1] & square.bit() != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// Whether `color` moves by flying when it is its turn: three pieces on the board, none in
    /// hand, and the rules allow flying.
    pub const fn flies(&self, color: Color, rules: &Rules) -> bool {
        rules.flying && self.in_hand(color) == 0 && has_three(self.pieces(color))
    }

    /// Whether the side to move moves by flying (three pieces, none in hand, flying on).
    pub const fn side_to_move_flies(&self, rules: &Rules) -> bool {
        self.flies(self.side, rules)
    }

    /// Whether the game has moved on to the movement phase: both hands are empty. In a legal
    /// position this is exactly when the side to move places no more
    /// (`!`[`Position::is_placement_phase`]).
    pub const fn is_movement_phase(&self) -> bool {
        self.in_hand[0] == 0 && self.in_hand[1] == 0
    }

    /// Everything but the ply counter, packed: equal keys mean the same position for the
    /// repetition rule (pieces, hands, side to move).
    pub const fn board_key(&self) -> u64 {
        (self.pieces[0] as u64)
            | (self.pieces[1] as u64) << 24
            | (self.in_hand[0] as u64) << 48
            | (self.in_hand[1] as u64) << 52
            | (self.side as u64) << 56
    }

    /// The image of this position under a board symmetry (same side to move, hands, counter).
    pub fn transformed(&self, symmetry: crate::geometry::Symmetry) -> Position {
        Position {
            pieces: self.pieces.map(|bits| symmetry.apply_bits(bits)),
            ..*self
        }
    }

    /// The representative of this position's class under the 16 symmetries (the image with the
    /// smallest [`Position::board_key`]) and the symmetry that maps `self` onto it. Symmetric
    /// positions have the same representative.
    ///
    /// ```
    /// use ludus_morris::{Position, geometry::Symmetry};
    /// let position: Position = "W......./.B....../........ w 8 8 2".parse().unwrap();
    /// let (canonical, _) = position.canonical();
    /// for symmetry in Symmetry::ALL {
    ///     assert_eq!(position.transformed(symmetry).canonical().0, canonical);
    /// }
    /// ```
    pub fn canonical(&self) -> (Position, crate::geometry::Symmetry) {
        crate::geometry::Symmetry::ALL
            .into_iter()
            .map(|symmetry| (self.transformed(symmetry), symmetry))
            .min_by_key(|(image, _)| image.board_key())
            .unwrap_or((*self, crate::geometry::Symmetry::IDENTITY))
    }

    /// The raw parts of this position.
    pub const fn setup(&self) -> Setup {
        Setup {
            pieces: self.pieces,
            in_hand: self.in_hand,
            side_to_move: self.side,
            plies_since_removal: self.plies_since_removal,
        }
    }

    /// The same position with another ply counter.
    pub const fn with_plies_since_removal(self, plies: u32) -> Position {
        Position {
            plies_since_removal: plies,
            ..self
        }
    }

    /// The static end of the game, seen from the side to move: it has lost with fewer than three
    /// pieces (board plus hand), or when it must move a piece and none can move. Draws by
    /// repetition or the N-move rule need the history: see [`crate::Game`].
    pub fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        let loser = self.side;
        let reason = if self.piece_count(loser) < MIN_PIECES {
            OutcomeReason::TooFewPieces
        } else if self.is_blocked(rules) {
            OutcomeReason::Blocked
        } else {
            return None;
        };
        Some(Outcome {
            winner: Some(loser.opponent()),
            reason,
        })
    }

    /// Whether the side to move must move a piece and none can (no slide, no flying).
    pub fn is_blocked(&self, rules: &Rules) -> bool {
        if self.is_placement_phase() || self.side_to_move_flies(rules) {
            return false;
        }
        let empty = self.empty();
        !Square::iter_bits(self.pieces(self.side)).any(|sq| NEIGHBOURS[sq.index()] & empty != 0)
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        for color in Color::ALL {
            let bits = setup.pieces[color.index()];
            if bits & !ALL_SQUARES != 0 {
                return Err(SetupError::OutsideBoard { color, bits });
            }
            let count = bits.count_ones() + u32::from(setup.in_hand[color.index()]);
            if count > u32::from(PIECES_PER_SIDE) {
                return Err(SetupError::TooManyPieces { color, count });
            }
        }
        let shared = setup.pieces[0] & setup.pieces[1];
        if shared != 0 {
            return Err(SetupError::SharedPoint(Square::lowest(shared)));
        }
        let [white, black] = setup.in_hand;
        let consistent = match setup.side_to_move {
            Color::White => white == black,
            Color::Black => black == white + 1 || (white == 0 && black == 0),
        };
        if !consistent {
            return Err(SetupError::InconsistentHands {
                white,
                black,
                side: setup.side_to_move,
            });
        }
        Ok(Position {
            pieces: setup.pieces,
            in_hand: setup.in_hand,
            side: setup.side_to_move,
            plies_since_removal: setup.plies_since_removal,
        })
    }
}

impl Position {
    /// A legal position ([`Position::try_from`]) that a game under `rules` goes on from: neither
    /// side is down to fewer than [`MIN_PIECES`] with none in hand, and the side to move is not
    /// blocked. A set-up (an editor's board, a game's start) is checked here.
    ///
    /// ```
    /// use ludus_morris::{Color, Position, Rules, Setup, SetupError};
    /// let two_pieces = Setup { pieces: [0b111, 0b11 << 8], in_hand: [0, 0], ..Setup::default() };
    /// assert_eq!(
    ///     Position::playable(two_pieces, &Rules::standard()),
    ///     Err(SetupError::TooFewPieces { color: Color::Black, count: 2 })
    /// );
    /// ```
    pub fn playable(setup: Setup, rules: &Rules) -> Result<Position, SetupError> {
        let position = Position::try_from(setup)?;
        for color in Color::ALL {
            let count = position.pieces(color).count_ones();
            if position.in_hand(color) == 0 && count < MIN_PIECES {
                return Err(SetupError::TooFewPieces { color, count });
            }
        }
        if position.is_blocked(rules) {
            return Err(SetupError::Blocked(position.side_to_move()));
        }
        Ok(position)
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeReason {
    /// The loser has fewer than three pieces.
    TooFewPieces,
    /// The loser must move a piece and none can move.
    Blocked,
    /// The same position occurred for the third time (draw).
    ThreefoldRepetition,
    /// The N-move rule: that many plies without a removal (draw).
    NMoveRule,
}

impl OutcomeReason {
    /// A short machine-readable name: `too-few-pieces`, `blocked`, `threefold-repetition`,
    /// `n-move-rule`.
    pub const fn name(self) -> &'static str {
        match self {
            OutcomeReason::TooFewPieces => "too-few-pieces",
            OutcomeReason::Blocked => "blocked",
            OutcomeReason::ThreefoldRepetition => "threefold-repetition",
            OutcomeReason::NMoveRule => "n-move-rule",
        }
    }
}

/// The end of a game: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: OutcomeReason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.reason) {
            (Some(winner), OutcomeReason::TooFewPieces) => write!(
                f,
                "{winner} wins: {} has fewer than three pieces",
                winner.opponent()
            ),
            (Some(winner), OutcomeReason::Blocked) => {
                write!(f, "{winner} wins: {} cannot move", winner.opponent())
            }
            (Some(winner), reason) => write!(f, "{winner} wins ({})", reason.name()),
            (None, OutcomeReason::ThreefoldRepetition) => {
                f.write_str("draw by threefold repetition")
            }
            (None, OutcomeReason::NMoveRule) => {
                f.write_str("draw: too many plies without a removal")
            }
            (None, reason) => write!(f, "draw ({})", reason.name()),
        }
    }
}
