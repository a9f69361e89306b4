//! Shared helpers: positions from a compact description (random reachable positions come from
//! the rules crate: `ludus_backgammon::random_positions`).

use ludus_backgammon::Position;

/// A position from `(point, count)` lists for the side on roll and the opponent (each from its
/// own side; 25 = bar); the rest of the 15 are borne off.
pub fn board(me: &[(u8, u8)], them: &[(u8, u8)]) -> Position {
    let side = |list: &[(u8, u8)]| {
        let mut s = [0u8; 26];
        for &(p, n) in list {
            s[usize::from(p)] += n;
        }
        s
    };
    Position::from_board(side(me), side(them)).expect("a fixture board is a position")
}
