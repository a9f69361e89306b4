//! Positions of random play: the one seeded sample that tests, benchmarks and tools draw their
//! positions from.

use crate::dice_source::DiceSource;
use crate::position::Position;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `count` positions reached by uniformly random play, each with its side on roll before the
/// roll; none finished. Games start from the opening position with a non-double roll (a double
/// is rolled again) and follow each other; every position after a play is taken. The same
/// `seed` always gives the same positions (ChaCha8), whatever order the move generator lists
/// the plays in: the random choice is made among the boards sorted.
///
/// ```
/// let positions = ludus_backgammon::random_positions(7, 100);
/// assert_eq!(positions.len(), 100);
/// assert!(positions.iter().all(|p| p.game_result().is_none()));
/// assert_eq!(positions, ludus_backgammon::random_positions(7, 100));
/// ```
pub fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::with_capacity(count);
    let mut boards = Vec::new();
    while positions.len() < count {
        let mut position = Position::starting();
        let mut dice = rng.opening_roll();
        while positions.len() < count {
            position.successor_positions(dice, &mut boards);
            boards.sort_unstable();
            let next = boards[rng.random_range(0..boards.len())].swapped();
            if next.game_result().is_some() {
                break;
            }
            positions.push(next);
            position = next;
            dice = rng.roll();
        }
    }
    positions
}
