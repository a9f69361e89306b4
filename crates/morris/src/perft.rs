//! Perft: the number of move sequences of a given length, for testing move generation.

use crate::position::Position;
use crate::rules::Rules;

/// The number of distinct move sequences of `depth` turns from `position`. A node is one whole
/// turn (a move together with its removal); terminal positions (the side to move has lost) have
/// no children; the draw rules are ignored.
///
/// ```
/// use ludus_morris::{Position, Rules, perft};
/// let rules = Rules::standard();
/// assert_eq!(perft(&Position::new(), &rules, 1), 24);
/// assert_eq!(perft(&Position::new(), &rules, 2), 24 * 23);
/// assert_eq!(perft(&Position::new(), &rules, 3), 12_144);
/// ```
pub fn perft(position: &Position, rules: &Rules, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(rules),
        _ => {
            // Visiting the moves without storing them saves filling a move list per node.
            let mut nodes = 0;
            position.for_each_legal_move(rules, |mv| {
                nodes += perft(&position.play(mv), rules, depth - 1)
            });
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the perft of `depth - 1` after it (for
/// finding where two generators disagree). Empty when `depth` is 0.
pub fn perft_divide(position: &Position, rules: &Rules, depth: u32) -> Vec<(crate::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves(rules)
        .iter()
        .map(|&mv| (mv, perft(&position.play(mv), rules, depth - 1)))
        .collect()
}
