//! The engine's own compact position and move generator over bitboards, used by the search and
//! the database solver in their inner loops. It follows the rules of `ludus-morris` exactly (the
//! tests compare it with `Position::legal_moves` on random games); the public API speaks the
//! rules crate's types and converts at the boundary.

use crate::geometry::{ADJACENT, ALL, closes_mill, removable, squares};
use ludus_morris::{Color, Move, Position, Rules, Setup, Square};

/// Marks "no square" in the compact move (a placement has no origin, most moves no removal).
pub const NO_SQUARE: u8 = u8::MAX;
/// A player with fewer pieces than this (on the board and in hand) has lost.
pub const MIN_PIECES: u32 = 3;
/// Upper bound on the moves of one position (24 placements × up to 9 removals is far below it).
pub const MAX_MOVES: usize = 256;

/// A move in compact form: `from` is [`NO_SQUARE`] for a placement, `remove` when nothing is removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct EngineMove {
    /// Origin square, or [`NO_SQUARE`] for a placement.
    pub from: u8,
    /// Destination square.
    pub to: u8,
    /// Removed opposing piece, or [`NO_SQUARE`].
    pub remove: u8,
}

impl EngineMove {
    /// Whether the move removes an opposing piece.
    pub fn is_capture(self) -> bool {
        self.remove != NO_SQUARE
    }
}

/// A position in compact form: piece sets and pieces in hand by colour (0 = White, 1 = Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Squares held by White and Black.
    pub pieces: [u32; 2],
    /// Pieces still to be placed by White and Black.
    pub in_hand: [u8; 2],
    /// Side to move: 0 = White, 1 = Black.
    pub side: usize,
    /// Whether a player with exactly three pieces may fly.
    pub flying: bool,
}

/// What the side to move faces before moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// The side to move has lost (too few pieces or blocked).
    Lost,
}

impl Board {
    /// Pieces of the side to move and of its opponent.
    #[inline]
    pub fn own_opp(&self) -> (u32, u32) {
        (self.pieces[self.side], self.pieces[1 - self.side])
    }

    /// Pieces on the board plus in hand for `color`.
    #[inline]
    pub fn material(&self, color: usize) -> u32 {
        self.pieces[color].count_ones() + u32::from(self.in_hand[color])
    }

    /// Whether both sides have placed every piece.
    #[inline]
    pub fn is_movement_phase(&self) -> bool {
        self.in_hand == [0, 0]
    }

    /// Whether `color` moves by flying (exactly three pieces, none in hand, flying allowed).
    #[inline]
    pub fn flies(&self, color: usize) -> bool {
        self.flying && self.in_hand[color] == 0 && self.pieces[color].count_ones() == MIN_PIECES
    }

    /// The game state for the side to move; a blocked mover in the movement phase has lost.
    pub fn status(&self) -> Status {
        if self.material(self.side) < MIN_PIECES {
            return Status::Lost;
        }
        if self.in_hand[self.side] == 0 && !self.flies(self.side) && !self.can_slide() {
            return Status::Lost;
        }
        Status::Ongoing
    }

    fn can_slide(&self) -> bool {
        let (own, opp) = self.own_opp();
        let empty = ALL & !own & !opp;
        squares(own).any(|s| ADJACENT[s] & empty != 0)
    }

    /// Appends every legal move to `out` (nothing when the game is over).
    pub fn generate(&self, out: &mut Vec<EngineMove>) {
        if self.status() != Status::Ongoing {
            return;
        }
        let (own, opp) = self.own_opp();
        let empty = ALL & !own & !opp;
        let removable_now = removable(opp);
        let mut push = |from: u8, to: usize, own_after: u32| {
            if closes_mill(own_after, to) && removable_now != 0 {
                for r in squares(removable_now) {
                    out.push(EngineMove {
                        from,
                        to: to as u8,
                        remove: r as u8,
                    });
                }
            } else {
                out.push(EngineMove {
                    from,
                    to: to as u8,
                    remove: NO_SQUARE,
                });
            }
        };
        if self.in_hand[self.side] > 0 {
            for to in squares(empty) {
                push(NO_SQUARE, to, own | 1 << to);
            }
            return;
        }
        let flies = self.flies(self.side);
        for from in squares(own) {
            let targets = if flies { empty } else { ADJACENT[from] & empty };
            for to in squares(targets) {
                push(from as u8, to, own ^ (1 << from) ^ (1 << to));
            }
        }
    }

    /// The position after `mv` (assumed legal).
    #[inline]
    pub fn play(&self, mv: EngineMove) -> Board {
        let mut next = *self;
        let side = self.side;
        if mv.from == NO_SQUARE {
            next.in_hand[side] -= 1;
        } else {
            next.pieces[side] ^= 1 << mv.from;
        }
        next.pieces[side] |= 1 << mv.to;
        if mv.remove != NO_SQUARE {
            next.pieces[1 - side] &= !(1 << mv.remove);
        }
        next.side = 1 - side;
        next
    }
}

impl Board {
    /// The compact form of a rules-crate position under `rules` (the ply counter is dropped).
    pub fn from_position(position: &Position, rules: &Rules) -> Board {
        Board {
            pieces: [position.pieces(Color::White), position.pieces(Color::Black)],
            in_hand: [
                position.in_hand(Color::White),
                position.in_hand(Color::Black),
            ],
            side: position.side_to_move().index(),
            flying: rules.flying,
        }
    }

    /// The rules-crate position (ply counter 0), or `None` if the compact form is not legal.
    pub fn to_position(&self) -> Option<Position> {
        let setup = Setup {
            pieces: self.pieces,
            in_hand: self.in_hand,
            side_to_move: if self.side == 0 {
                Color::White
            } else {
                Color::Black
            },
            plies_since_removal: 0,
        };
        Position::try_from(setup).ok()
    }
}

fn square(index: u8) -> Option<Square> {
    Square::new(usize::from(index))
}

impl EngineMove {
    /// The rules-crate move.
    pub fn to_move(self) -> Move {
        let to = square(self.to).unwrap_or(Square::ALL[0]);
        Move {
            from: square(self.from),
            to,
            remove: square(self.remove),
        }
    }

    /// The compact form of a rules-crate move.
    pub fn from_move(mv: Move) -> EngineMove {
        let index = |s: Option<Square>| s.map_or(NO_SQUARE, |s| s.index() as u8);
        EngineMove {
            from: index(mv.from),
            to: mv.to.index() as u8,
            remove: index(mv.remove),
        }
    }
}
