//! Shared fixtures: the `pos!` board macro and random reachable positions.

use ludus_backgammon::{Dice, Position};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A board from `(point, checkers)` pairs for the side on roll, `;`, then the opponent's pairs in
/// the opponent's own numbering (25 = bar). Checkers not listed are borne off.
///
/// `pos!(6:2, 25:1; 24:2)`: the player has two on its 6-point and one on the bar; the opponent
/// has two on its 24-point (the player's 1-point).
macro_rules! pos {
    ($($p:literal : $n:literal),* ; $($q:literal : $m:literal),*) => {
        $crate::common::board(&[$(($p, $n)),*], &[$(($q, $m)),*])
    };
}

/// See [`pos!`].
pub fn board(player: &[(u8, u8)], opponent: &[(u8, u8)]) -> Position {
    let mut a = [0u8; 26];
    let mut b = [0u8; 26];
    for &(p, n) in player {
        a[usize::from(p)] += n;
    }
    for &(p, n) in opponent {
        b[usize::from(p)] += n;
    }
    Position::from_board(a, b).expect("fixture board is legal")
}

/// A roll chosen uniformly from the 36.
pub fn random_dice(rng: &mut ChaCha8Rng) -> Dice {
    Dice::new(rng.random_range(1..=6), rng.random_range(1..=6)).expect("dice in range")
}

/// `count` positions reached by random play from the start (a new game after each end).
pub fn random_positions(seed: u64, count: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut positions = Vec::with_capacity(count);
    let mut position = Position::starting();
    let mut plays = Vec::new();
    while positions.len() < count {
        if position.game_result().is_some() {
            position = Position::starting();
        }
        positions.push(position);
        position.successors(random_dice(&mut rng), &mut plays);
        let (_, after) = plays[rng.random_range(0..plays.len())];
        position = after.swapped();
    }
    positions
}
