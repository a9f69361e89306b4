//! The N-move rule's count over a game's positions: [`Rules::n_move_plies`] and
//! [`Rules::n_move_draw`] (the rules and the position each know nothing of the other's history).

use crate::position::Position;
use crate::rules::{NMoveCount, Rules};

impl Rules {
    /// The plies the N-move rule has counted at `current`, whose earlier positions are
    /// `history` (oldest first, `current` excluded). With [`NMoveCount::AllPlies`] that is the
    /// position's own counter; with [`NMoveCount::MovementPlies`] only the plies since the last
    /// removal that moved a piece (were played by a side with nothing in hand) count. Plies
    /// before the start of `history` count when its first position is in the movement phase.
    ///
    /// ```
    /// use ludus_morris::{Game, NMoveCount, Rules};
    /// let mut game = Game::new(Rules::standard());
    /// for mv in ["d6", "d5", "b6"] {
    ///     game.play(mv.parse().unwrap()).unwrap();
    /// }
    /// let (history, current) = game.positions().split_at(3);
    /// assert_eq!(Rules::standard().n_move_plies(history, &current[0]), 3);
    /// let sanmill = Rules { n_move_count: NMoveCount::MovementPlies, ..Rules::standard() };
    /// assert_eq!(sanmill.n_move_plies(history, &current[0]), 0);
    /// ```
    pub fn n_move_plies(&self, history: &[Position], current: &Position) -> u32 {
        let plies = current.plies_since_removal();
        if self.n_move_count == NMoveCount::AllPlies {
            return plies;
        }
        let known = history.len().min(plies as usize);
        let moved = |position: &&Position| position.in_hand(position.side_to_move()) == 0;
        let counted = history[history.len() - known..]
            .iter()
            .filter(moved)
            .count() as u32;
        let unknown = plies - known as u32;
        let before = history.first().unwrap_or(current);
        counted
            + if before.is_movement_phase() {
                unknown
            } else {
                0
            }
    }

    /// Whether the N-move rule draws at `current` after `history` (see [`Rules::n_move_plies`]).
    pub fn n_move_draw(&self, history: &[Position], current: &Position) -> bool {
        self.n_move_rule
            .is_some_and(|limit| self.n_move_plies(history, current) >= limit)
    }
}
