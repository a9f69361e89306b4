//! gnubg's automatic bear-off (`Position::automatic_bear_off`): examples, then properties on
//! random bear-off positions.

use ludus_backgammon::{Dice, OFF, Position};
use proptest::prelude::*;

fn dice(a: u8, b: u8) -> Dice {
    Dice::new(a, b).expect("dice in range")
}

#[test]
fn both_dice_bear_off_the_only_way_they_can() {
    // Checkers on the 6- and 2-points: 6-4 takes both off.
    let position = pos!(6:1, 2:1; 1:2);
    let play = position.automatic_bear_off(dice(6, 4)).expect("automatic");
    assert_eq!(play.to_string(), "6/off 2/off");
    // A double bears off four.
    let position = pos!(3:2, 2:2, 1:3; 6:15);
    let play = position.automatic_bear_off(dice(4, 4)).expect("automatic");
    assert_eq!(play.len(), 4);
    assert!(play.checker_moves().iter().all(|m| m.to == OFF));
}

#[test]
fn a_choice_or_a_die_that_cannot_bear_off_leaves_the_play_to_the_player() {
    // 2-1 with checkers on 6 and 2: the 1 cannot bear a checker off with each die.
    assert_eq!(pos!(6:1, 2:1; 1:2).automatic_bear_off(dice(2, 1)), None);
    // Checkers outside the home board: no play bears off with every die.
    assert_eq!(pos!(8:1, 2:1; 1:2).automatic_bear_off(dice(6, 5)), None);
}

#[test]
fn contact_means_no_automatic_play() {
    // The opponent still has a checker behind the player's (on the player's 3-point).
    let position = pos!(6:1, 2:1; 22:1, 6:14);
    assert!(!position.is_race());
    assert_eq!(position.automatic_bear_off(dice(6, 4)), None);
}

#[test]
fn the_last_checker_goes_off_with_one_die() {
    // One checker left: one die bears it off, which is every die the play can use.
    let play = pos!(1:1; 1:2)
        .automatic_bear_off(dice(5, 3))
        .expect("automatic");
    assert_eq!(play.to_string(), "1/off");
}

/// A bear-off race: the player's checkers on its home points (some borne off), the opponent's
/// on its own home points; `counts` are the player's checkers on points 1..=6.
fn race() -> impl Strategy<Value = Position> {
    (
        prop::collection::vec(0u8..=4, 6),
        prop::collection::vec(0u8..=4, 6),
    )
        .prop_map(|(mine, theirs)| {
            let side = |counts: &[u8]| {
                let mut side = [0u8; 26];
                let mut left = 15u8;
                for (point, &count) in counts.iter().enumerate() {
                    let count = count.min(left);
                    side[point + 1] = count;
                    left -= count;
                }
                if left == 15 {
                    side[1] = 1;
                }
                side
            };
            Position::from_board(side(&mine), side(&theirs)).expect("a race position")
        })
}

fn roll() -> impl Strategy<Value = Dice> {
    (1u8..=6, 1u8..=6).prop_map(|(a, b)| dice(a, b))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Whenever it answers, the play is legal, bears off a checker with each die it uses, bears
    /// off as many as any legal play, and is the only play that does so.
    #[test]
    fn an_automatic_play_is_legal_maximal_and_unique(position in race(), roll in roll()) {
        let legal = position.legal_moves_with_positions(roll);
        let off = |p: &Position| p.player(OFF);
        let most_off = legal.iter().map(|(_, after)| off(after)).max().unwrap_or(0);
        match position.automatic_bear_off(roll) {
            Some(play) => {
                let after = position.apply(&play);
                prop_assert!(legal.iter().any(|(m, p)| *m == play && *p == after));
                prop_assert!(play.checker_moves().iter().all(|m| m.to == OFF));
                prop_assert_eq!(usize::from(off(&after) - off(&position)), play.len());
                prop_assert_eq!(off(&after), most_off);
                let same_kind: Vec<&Position> = legal
                    .iter()
                    .filter(|(m, _)| !m.is_empty() && m.checker_moves().iter().all(|s| s.to == OFF))
                    .map(|(_, p)| p)
                    .collect();
                prop_assert!(same_kind.iter().all(|p| **p == after));
            }
            None => {
                // No play bears off with every die, or such plays differ.
                let kinds: std::collections::HashSet<[u8; 26]> = legal
                    .iter()
                    .filter(|(m, _)| !m.is_empty() && m.checker_moves().iter().all(|s| s.to == OFF))
                    .map(|(_, p)| p.player_checkers())
                    .collect();
                prop_assert!(kinds.len() != 1, "{:?}", kinds);
            }
        }
    }
}
