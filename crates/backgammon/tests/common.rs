//! Shared fixtures: the `pos!` board macro (random reachable positions come from
//! `ludus_backgammon::random_positions`).

use ludus_backgammon::Position;

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
