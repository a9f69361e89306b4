//! Moves backwards: the quiet piece moves that lead to a position, for retrograde analysis (the
//! endgame database solver walks from a position to its predecessors).
//!
//! Only *quiet shifts* are taken back: slides and flies that remove nothing. That is every way a
//! movement-phase position can be reached without a removal; placements and removals are not
//! generated backwards. The tests compare this generator with [`Position::legal_moves`] both
//! ways: every un-move is a legal move of its predecessor that leads here, and every quiet shift
//! of a random game is found again from the position it leads to.

use crate::geometry::{NEIGHBOURS, in_mill};
use crate::moves::Move;
use crate::position::{MIN_PIECES, Position};
use crate::rules::Rules;
use crate::square::Square;

impl Position {
    /// Calls `emit` for every quiet shift (a slide or fly without removal) of the side that just
    /// moved that leads to this position from a legal one: `self.unplay(mv)` is that
    /// predecessor, `mv` is among its legal moves, and playing it gives this position back. The
    /// order is by `to`, then `from` (index order). Nothing is emitted while pieces are in hand
    /// (no shift leads there), nor when the side that just moved has fewer than three pieces (it
    /// had already lost before that move).
    ///
    /// ```
    /// use ludus_morris::{Position, Rules};
    /// let rules = Rules::no_flying();
    /// let before: Position = "WWW...../BBB...../W....... w 0 0 0".parse().unwrap();
    /// let mv = "c5-d5".parse().unwrap();
    /// let after = before.play(mv);
    /// let mut found = Vec::new();
    /// after.for_each_quiet_unmove(&rules, |m| found.push(m));
    /// assert!(found.contains(&mv));
    /// assert_eq!(after.unplay(mv).board_key(), before.board_key());
    /// ```
    pub fn for_each_quiet_unmove(&self, rules: &Rules, mut emit: impl FnMut(Move)) {
        let mover = self.side.opponent();
        if !self.is_movement_phase() || self.piece_count(mover) < MIN_PIECES {
            return;
        }
        let theirs = self.pieces(mover);
        let waiting = self.pieces(self.side);
        let empty = self.empty();
        let flew = self.flies(mover, rules);
        for to in Square::iter_bits(theirs) {
            // A shift that closed a mill removed a piece (unless there was none to remove).
            if waiting != 0 && in_mill(theirs, to) {
                continue;
            }
            let origins = if flew {
                empty
            } else {
                NEIGHBOURS[to.index()] & empty
            };
            for from in Square::iter_bits(origins) {
                emit(Move::shift(from, to));
            }
        }
    }

    /// The position before the quiet shift `mv` of the side that just moved, which must be one
    /// that [`Position::for_each_quiet_unmove`] emits (not checked). The ply counter goes back by
    /// one (it stays at 0 when it is 0).
    pub fn unplay(&self, mv: Move) -> Position {
        let mover = self.side.opponent().index();
        let mut before = *self;
        if let Some(from) = mv.from {
            before.pieces[mover] = (before.pieces[mover] & !mv.to.bit()) | from.bit();
        }
        before.side = self.side.opponent();
        before.plies_since_removal = self.plies_since_removal.saturating_sub(1);
        before
    }
}
