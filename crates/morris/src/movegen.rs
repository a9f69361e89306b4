//! Legal move generation (bitboards), playing moves, and checking a move with a reason.

use crate::geometry::{NEIGHBOURS, in_mill, mill_completions, removable};
use crate::moves::{Move, MoveList};
use crate::position::{MIN_PIECES, Outcome, Position};
use crate::rules::Rules;
use crate::square::{Bitboard, Color, Square};

/// The bit that stands for the hand among the origins of moves (above the 24 points).
const HAND: Bitboard = 1 << 31;

/// The moves from one origin, in bulk ([`Position::for_each_move_set`]): the hand (`from:
/// None`) or the piece on `from`, to each point of `quiet` (a move that closes no mill) and of
/// `closing` (a move that closes a mill: one move per piece of [`Position::removable_pieces`],
/// or one without removal when the opponent has no piece on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSet {
    /// Where the pieces come from: `None` for the hand.
    pub from: Option<Square>,
    /// The points reached without closing a mill.
    pub quiet: Bitboard,
    /// The points where the piece closes a mill.
    pub closing: Bitboard,
}

/// The empty points that complete a mill of `own` when another piece arrives there (a line with
/// two pieces of `own` and this point empty).
fn closing_points(own: Bitboard, empty: Bitboard) -> Bitboard {
    mill_completions(own) & empty
}

impl Position {
    /// Whether the side to move has already lost by having fewer than three pieces.
    fn has_too_few_pieces(&self) -> bool {
        self.piece_count(self.side) < MIN_PIECES
    }

    /// The opposing pieces a mill closed now may remove: those outside mills, or any of them
    /// when all stand in mills ([`crate::geometry::removable`]).
    pub fn removable_pieces(&self) -> Bitboard {
        removable(self.pieces(self.side.opponent()))
    }

    /// The legal moves in bulk: calls `emit` once per origin that has a move (the hand while
    /// placing, else each piece in index order) with the points it can reach, split into those
    /// closing no mill and those closing one ([`MoveSet`]). Nothing is called when the side to
    /// move has lost. [`Position::for_each_legal_move`] is built on it, and so is
    /// [`Position::count_legal_moves`] outside the placement phase; callers that handle millions
    /// of positions (the endgame database solver) expand the sets themselves.
    ///
    /// ```
    /// use ludus_morris::{Position, Rules};
    /// let position: Position = "WW....../......../B....... w 2 2 0".parse().unwrap();
    /// let mut sets = Vec::new();
    /// position.for_each_move_set(&Rules::standard(), |set| sets.push(set));
    /// assert_eq!(sets.len(), 1, "one origin: the hand");
    /// assert_eq!(sets[0].closing, "g7".parse::<ludus_morris::Square>().unwrap().bit());
    /// ```
    #[inline]
    pub fn for_each_move_set(&self, rules: &Rules, mut emit: impl FnMut(MoveSet)) {
        if self.has_too_few_pieces() {
            return;
        }
        let own = self.pieces(self.side);
        let empty = self.empty();
        let placing = self.is_placement_phase();
        let anywhere = placing || self.side_to_move_flies(rules);
        // The origins as bits: the pieces on the board, or the hand (bit HAND) while placing. One
        // loop with one call of `emit` lets the compiler inline a large `emit`.
        let mut origins = if placing { HAND } else { own };
        while origins != 0 {
            let origin = origins & origins.wrapping_neg();
            origins ^= origin;
            let from = (origin != HAND).then(|| Square::lowest(origin));
            let targets = match from {
                Some(from) if !anywhere => NEIGHBOURS[from.index()] & empty,
                _ => empty,
            };
            if targets == 0 {
                continue;
            }
            let rest = own & !origin;
            // Many targets (placing, flying): all mill completions at once; a slide's few
            // targets one by one.
            let closing = if anywhere {
                closing_points(rest, empty) & targets
            } else {
                Square::iter_bits(targets)
                    .filter(|&to| in_mill(rest | to.bit(), to))
                    .fold(0, |closing, to| closing | to.bit())
            };
            emit(MoveSet {
                from,
                quiet: targets & !closing,
                closing,
            });
        }
    }

    /// Calls `emit` for every legal move, without storing them, in the order of
    /// [`Position::legal_moves`]: by `from` (index order), then `to`, then `remove`. Nothing is
    /// called when the side to move has lost.
    #[inline]
    pub fn for_each_legal_move(&self, rules: &Rules, mut emit: impl FnMut(Move)) {
        // Computed only when a move closes a mill.
        let mut removals: Option<Bitboard> = None;
        self.for_each_move_set(rules, |set| {
            for to in Square::iter_bits(set.quiet | set.closing) {
                let mv = Move {
                    from: set.from,
                    to,
                    remove: None,
                };
                let targets = if set.closing & to.bit() == 0 {
                    0
                } else {
                    *removals.get_or_insert_with(|| self.removable_pieces())
                };
                if targets == 0 {
                    emit(mv);
                }
                for target in Square::iter_bits(targets) {
                    emit(mv.with_removal(target));
                }
            }
        });
    }

    /// All legal moves of the side to move; empty when it has lost (fewer than three pieces, or
    /// blocked). The draw rules are not looked at here (see [`crate::Game`]).
    ///
    /// ```
    /// use ludus_morris::{Position, Rules};
    /// assert_eq!(Position::new().legal_moves(&Rules::standard()).len(), 24);
    /// ```
    pub fn legal_moves(&self, rules: &Rules) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal_move(rules, |mv| list.push(mv));
        list
    }

    /// The number of legal moves, counted without listing them (for perft's last ply).
    pub fn count_legal_moves(&self, rules: &Rules) -> u64 {
        let (moves, closing) = if self.is_placement_phase() && !self.has_too_few_pieces() {
            // Every empty point, in one step (most of perft's leaves are placements).
            let empty = self.empty();
            let closing = closing_points(self.pieces(self.side), empty).count_ones();
            (empty.count_ones(), closing)
        } else {
            let (mut moves, mut closing) = (0, 0);
            self.for_each_move_set(rules, |set| {
                moves += (set.quiet | set.closing).count_ones();
                closing += set.closing.count_ones();
            });
            (moves, closing)
        };
        if closing == 0 {
            return u64::from(moves);
        }
        // A mill-closing move stands for one move per removable piece (one if there is none).
        let removals = self.removable_pieces().count_ones().max(1);
        u64::from(moves) + u64::from(closing) * u64::from(removals - 1)
    }

    /// The position after `mv`, which must be legal here (not checked; see
    /// [`Position::play_checked`]).
    pub fn play(&self, mv: Move) -> Position {
        let mut next = *self;
        let us = self.side.index();
        match mv.from {
            Some(from) => next.pieces[us] &= !from.bit(),
            None => next.in_hand[us] = next.in_hand[us].saturating_sub(1),
        }
        next.pieces[us] |= mv.to.bit();
        match mv.remove {
            Some(removed) => {
                next.pieces[1 - us] &= !removed.bit();
                next.plies_since_removal = 0;
            }
            None => next.plies_since_removal = next.plies_since_removal.saturating_add(1),
        }
        next.side = self.side.opponent();
        next
    }

    /// The position after `mv`, or why `mv` is illegal here.
    ///
    /// ```
    /// use ludus_morris::{Position, Rules};
    /// let rules = Rules::standard();
    /// let pos = Position::new().play_checked(&rules, "d6".parse().unwrap()).unwrap();
    /// let error = pos.play_checked(&rules, "d6".parse().unwrap()).unwrap_err();
    /// assert_eq!(error.to_string(), "d6 is occupied");
    /// ```
    pub fn play_checked(&self, rules: &Rules, mv: Move) -> Result<Position, IllegalMove> {
        self.check(rules, mv)?;
        // The checks above mirror the generator; this guards against any mismatch.
        if !self.legal_moves(rules).contains(&mv) {
            return Err(IllegalMove::NotLegal(mv));
        }
        Ok(self.play(mv))
    }

    /// Finds the first rule `mv` breaks.
    fn check(&self, rules: &Rules, mv: Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.outcome(rules) {
            return Err(IllegalMove::GameOver(outcome));
        }
        let side = self.side;
        let own = self.pieces(side);
        match (self.is_placement_phase(), mv.from) {
            (true, Some(_)) => return Err(IllegalMove::MustPlace(side, self.in_hand(side))),
            (false, None) => return Err(IllegalMove::NothingInHand(side)),
            _ => {}
        }
        if self.occupied() & mv.to.bit() != 0 {
            return Err(IllegalMove::Occupied(mv.to));
        }
        let after = match mv.from {
            Some(from) => {
                self.check_shift(rules, from, mv.to)?;
                own ^ from.bit() ^ mv.to.bit()
            }
            None => own | mv.to.bit(),
        };
        self.check_removal(mv, in_mill(after, mv.to))
    }

    /// Checks the piece movement `from`-`to` (the target is known to be empty).
    fn check_shift(&self, rules: &Rules, from: Square, to: Square) -> Result<(), IllegalMove> {
        if self.pieces(self.side) & from.bit() == 0 {
            return Err(IllegalMove::NotOwnPiece(from, self.side));
        }
        if NEIGHBOURS[from.index()] & to.bit() == 0 && !self.side_to_move_flies(rules) {
            return Err(IllegalMove::NotAdjacent { from, to });
        }
        Ok(())
    }

    /// Checks the removal part of a move that closes a mill or not.
    fn check_removal(&self, mv: Move, closes_mill: bool) -> Result<(), IllegalMove> {
        let them = self.side.opponent();
        let opponent = self.pieces(them);
        match mv.remove {
            None if closes_mill && opponent != 0 => Err(IllegalMove::RemovalMissing(mv)),
            None => Ok(()),
            Some(target) if !closes_mill => {
                Err(IllegalMove::NoMill(Move { remove: None, ..mv }, target))
            }
            Some(target) if opponent & target.bit() == 0 => {
                Err(IllegalMove::NotOpponentPiece(target, them))
            }
            Some(target) if removable(opponent) & target.bit() == 0 => {
                Err(IllegalMove::ProtectedByMill(target, them))
            }
            Some(_) => Ok(()),
        }
    }
}

/// Why a move cannot be played in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is already over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// A piece movement while pieces are in hand.
    #[error("{0} has {1} piece(s) in hand and must place one (e.g. d6)")]
    MustPlace(Color, u8),
    /// A placement with an empty hand.
    #[error("{0} has no pieces in hand and must move one (e.g. d6-d5)")]
    NothingInHand(Color),
    /// The target point is taken.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// The piece to move is not there.
    #[error("{0} holds no {1} piece")]
    NotOwnPiece(Square, Color),
    /// A jump without the right to fly.
    #[error(
        "{to} is not adjacent to {from} (flying needs exactly three pieces and the flying rule)"
    )]
    NotAdjacent {
        /// The point left.
        from: Square,
        /// The point aimed at.
        to: Square,
    },
    /// A mill was closed but no removal given.
    #[error("{0} closes a mill: name the piece to remove, e.g. {0}x…")]
    RemovalMissing(Move),
    /// A removal without a mill.
    #[error("{0} closes no mill, so it cannot remove {1}")]
    NoMill(Move, Square),
    /// The removed point holds no opposing piece.
    #[error("{0} holds no {1} piece to remove")]
    NotOpponentPiece(Square, Color),
    /// The removed piece is in a mill while others are not.
    #[error("{0} is in a mill and {1} has pieces outside mills")]
    ProtectedByMill(Square, Color),
    /// Any other mismatch with the generated moves (should not happen).
    #[error("{0} is not a legal move here")]
    NotLegal(Move),
}
