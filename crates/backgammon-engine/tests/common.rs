//! Shared helpers: positions from a compact description (random reachable positions come from
//! the rules crate: `ludus_backgammon::random_positions`).

use ludus_backgammon::Position;
use ludus_backgammon_engine::encoding::Encoding;
use ludus_backgammon_engine::net::Net;

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

/// A two-hidden-layer network (the tactical encoding) with weights drawn from `seed`.
pub fn two_layer_net(hidden: usize, second: usize, seed: u64) -> Net {
    Net::random_two_layer(Encoding::Tactical, hidden, second, seed)
}
