//! Sanmill's atomic move tokens and the state between a mill and its removal.
//!
//! Ludus's moves are whole turns (`g7xa1`); Sanmill's tokens are atomic: `d6` (place), `d6-d5`
//! (slide or fly), and `xa1` (remove), the removal its own token after the move that closed the
//! mill. [`apply_token`] walks through [`MorrisState::Removal`] between the two; a joined turn
//! (`g7xa1`) is read in one step too. The game record ([`crate::record`]) and the UCI-like
//! protocol read moves with it; [`tokens_of`] writes a turn as tokens.

use crate::geometry::removable;
use crate::moves::Move;
use crate::position::{Position, Setup};
use crate::rules::Rules;
use crate::square::{Bitboard, Color, Square};
use thiserror::Error;

/// Where a Morris game stands between Sanmill's atomic actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MorrisState {
    /// A whole turn is to be played (placement or move, with its removal).
    Turn(Position),
    /// The side to move has closed a mill and must remove a piece.
    Removal(Removal),
}

impl MorrisState {
    /// The side to act: the side to move, or the side that removes.
    pub fn side(&self) -> Color {
        match self {
            MorrisState::Turn(position) => position.side_to_move(),
            MorrisState::Removal(removal) => removal.remover,
        }
    }

    /// The pieces on the board, indexed by [`Color::index`].
    pub fn pieces(&self) -> [Bitboard; 2] {
        match self {
            MorrisState::Turn(position) => Color::ALL.map(|color| position.pieces(color)),
            MorrisState::Removal(removal) => removal.pieces,
        }
    }

    /// The pieces in hand, indexed by [`Color::index`].
    pub fn in_hand(&self) -> [u8; 2] {
        match self {
            MorrisState::Turn(position) => Color::ALL.map(|color| position.in_hand(color)),
            MorrisState::Removal(removal) => removal.in_hand,
        }
    }

    /// Whether the side to act is (or was, for a removal) placing pieces.
    pub fn is_placing(&self) -> bool {
        match self {
            MorrisState::Turn(position) => position.is_placement_phase(),
            MorrisState::Removal(removal) => removal.placing,
        }
    }

    /// Plies since the last removal (a pending removal counts the move that closed the mill).
    pub fn plies_since_removal(&self) -> u32 {
        match self {
            MorrisState::Turn(position) => position.plies_since_removal(),
            MorrisState::Removal(removal) => removal.plies_since_removal,
        }
    }
}

/// The board after a mill was closed, before the removal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Removal {
    /// The pieces after the placement or move.
    pub pieces: [Bitboard; 2],
    /// The pieces in hand after the placement.
    pub in_hand: [u8; 2],
    /// The side that removes.
    pub remover: Color,
    /// Whether the mill came from a placement.
    pub placing: bool,
    /// Plies since the last removal, counting the move that closed the mill.
    pub plies_since_removal: u32,
}

impl Removal {
    /// The state after `partial` (a placement or move of `position` that closes a mill), before
    /// its removal. `partial` is not checked.
    pub fn after(position: &Position, partial: Move) -> Removal {
        let side = position.side_to_move();
        let mut pieces = Color::ALL.map(|color| position.pieces(color));
        let mut in_hand = Color::ALL.map(|color| position.in_hand(color));
        match partial.from {
            Some(from) => pieces[side.index()] &= !from.bit(),
            None => in_hand[side.index()] = in_hand[side.index()].saturating_sub(1),
        }
        pieces[side.index()] |= partial.to.bit();
        Removal {
            pieces,
            in_hand,
            remover: side,
            placing: partial.from.is_none(),
            plies_since_removal: position.plies_since_removal().saturating_add(1),
        }
    }

    /// The opposing pieces that may be removed: those outside mills, or any when all are in mills.
    pub fn targets(&self) -> Bitboard {
        removable(self.pieces[self.remover.opponent().index()])
    }

    /// The position after removing the piece on `square`, or `None` when that is not allowed.
    pub fn remove(&self, square: Square) -> Option<Position> {
        if self.targets() & square.bit() == 0 {
            return None;
        }
        let mut pieces = self.pieces;
        pieces[self.remover.opponent().index()] &= !square.bit();
        Position::try_from(Setup {
            pieces,
            in_hand: self.in_hand,
            side_to_move: self.remover.opponent(),
            plies_since_removal: 0,
        })
        .ok()
    }
}

/// Why a move token does not apply.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TokenError {
    /// The token is not a square, a `from-to` pair or `xSQUARE`.
    #[error("{0:?} is not a move token (d6, d6-d5, xb4)")]
    Malformed(String),
    /// The token is not legal here.
    #[error("{token} is not legal here")]
    Illegal {
        /// The token.
        token: String,
    },
}

/// Applies one Sanmill token (or a joined turn like `a4-a7xd2`) to a state.
///
/// ```
/// use ludus_morris::token::{MorrisState, apply_token};
/// use ludus_morris::{Position, Rules};
/// let rules = Rules::standard();
/// let mut state = MorrisState::Turn(Position::new());
/// for token in ["a7", "a1", "d7", "a4", "g7"] {
///     state = apply_token(&state, &rules, token).unwrap();
/// }
/// assert!(matches!(state, MorrisState::Removal(_)));
/// assert!(matches!(apply_token(&state, &rules, "xa1"), Ok(MorrisState::Turn(_))));
/// ```
pub fn apply_token(
    state: &MorrisState,
    rules: &Rules,
    token: &str,
) -> Result<MorrisState, TokenError> {
    let illegal = || TokenError::Illegal {
        token: token.to_string(),
    };
    match state {
        MorrisState::Removal(removal) => {
            let square: Square = token
                .strip_prefix('x')
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| TokenError::Malformed(token.to_string()))?;
            removal
                .remove(square)
                .map(MorrisState::Turn)
                .ok_or_else(illegal)
        }
        MorrisState::Turn(position) => {
            if token.starts_with('x') {
                return Err(illegal());
            }
            let mv: Move = token
                .parse()
                .map_err(|_| TokenError::Malformed(token.to_string()))?;
            let legal = position.legal_moves(rules);
            if legal.contains(&mv) {
                return Ok(MorrisState::Turn(position.play(mv)));
            }
            let closes_mill = mv.remove.is_none()
                && legal
                    .iter()
                    .any(|m| m.from == mv.from && m.to == mv.to && m.remove.is_some());
            if !closes_mill {
                return Err(illegal());
            }
            Ok(MorrisState::Removal(Removal::after(position, mv)))
        }
    }
}

/// The atomic tokens of a whole turn: the move, then its removal.
///
/// ```
/// use ludus_morris::token::tokens_of;
/// assert_eq!(tokens_of(&"g7xa1".parse().unwrap()), ["g7", "xa1"]);
/// ```
pub fn tokens_of(mv: &Move) -> Vec<String> {
    let mut tokens = vec![
        Move {
            remove: None,
            ..*mv
        }
        .to_string(),
    ];
    if let Some(square) = mv.remove {
        tokens.push(format!("x{square}"));
    }
    tokens
}
