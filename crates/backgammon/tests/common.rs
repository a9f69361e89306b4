//! Shared fixtures: the `pos!` board macro (random reachable positions come from
//! `ludus_backgammon::random_positions`), dice and a closed-out start for the game tests.

use ludus_backgammon::{CubeOwner, Dice, Game, GameStart, Match, Position, Rules, Seat};

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

/// Dice written as in the notation ("43").
pub fn dice(text: &str) -> Dice {
    text.parse().expect("dice in the test")
}

/// The players' names of the test matches.
pub fn names() -> [String; 2] {
    ["White".into(), "Black".into()]
}

/// A money session whose first game starts with White on the bar against a closed board and
/// `roll` to play: no checker can move.
pub fn closed_out(roll: &str) -> Match {
    let start = GameStart {
        position: pos!(25:1, 6:14; 1:2, 2:2, 3:2, 4:2, 5:2, 6:2, 13:3),
        on_roll: Seat::Zero,
        cube_value: 1,
        cube_owner: CubeOwner::Centered,
        dice: Some(dice(roll)),
    };
    let game = Game::from_setup(Rules::default(), [0, 0], false, start);
    Match::from_setup(names(), [0, 0], game)
}
