//! The worked examples of docs/interop.md.

use ludus_backgammon::{Dice, Position};

#[test]
fn opening_position_id_is_gnubgs() {
    assert_eq!(Position::starting().position_id(), "4HPwATDgc/ABMA");
    assert_eq!(
        Position::from_position_id("4HPwATDgc/ABMA"),
        Ok(Position::starting())
    );
}

#[test]
fn after_opening_31_the_id_is_computed_from_the_opponents_view() {
    let start = Position::starting();
    let dice: Dice = "31".parse().unwrap();
    let play = start.parse_move(dice, "8/5 6/5").unwrap();
    let after = start.play(&play);
    // The mover is now side 0 (not on roll): its 5-point holds two checkers.
    assert_eq!(after.opponent(5), 2);
    assert_eq!(after.opponent(8), 2);
    assert_eq!(Position::from_position_id(&after.position_id()), Ok(after));
}
