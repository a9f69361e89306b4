//! Hand-made positions, one per dice-usage rule of rules.md part B.

use ludus_backgammon::{Dice, Position};

fn dice(text: &str) -> Dice {
    text.parse().unwrap()
}

fn plays(position: &Position, roll: &str) -> Vec<String> {
    let mut list: Vec<String> = position
        .legal_moves(dice(roll))
        .iter()
        .map(|m| m.to_string())
        .collect();
    list.sort();
    list
}

#[test]
fn opening_31_has_the_16_plays_gnubg_lists() {
    assert_eq!(Position::starting().legal_moves(dice("31")).len(), 16);
}

#[test]
fn larger_die_is_forced_when_only_one_can_be_played() {
    // 24/18/13 and 24/19/13 are blocked (the opponent holds its 12-point = our 13).
    let p = pos!(24:1, 1:14; 12:2);
    assert_eq!(plays(&p, "65"), ["24/18"]);
}

#[test]
fn smaller_die_is_played_when_the_larger_cannot_be() {
    // 24/18 and 23/17 are blocked (the opponent holds its 7- and 8-points): only the 1 plays.
    let p = pos!(24:1, 1:14; 7:2, 8:2);
    assert_eq!(plays(&p, "61"), ["24/23"]);
}

#[test]
fn a_die_playable_only_after_the_other_must_be_played() {
    // 24/18 is blocked, but 24/23 opens 23/17: both dice must be played.
    let p = pos!(24:1, 1:14; 7:2);
    assert_eq!(plays(&p, "61"), ["24/17"]);
}

#[test]
fn doubles_play_as_many_as_possible_when_not_all_four_can_be_played() {
    // 5-5: 24/19/14, then 14/9 runs into the opponent's 16-point.
    let p = pos!(24:1, 1:14; 16:2);
    assert_eq!(plays(&p, "55"), ["24/14"]);
    // Three of four: the block is further on.
    let p = pos!(24:1, 1:14; 21:2);
    assert_eq!(plays(&p, "55"), ["24/9"]);
}

/// The player has one checker on the bar; the opponent holds its points 2..=6 (our 19..=23).
fn against_a_five_point_prime() -> Position {
    pos!(25:1, 13:2, 6:12; 2:2, 3:2, 4:2, 5:2, 6:2, 24:5)
}

#[test]
fn a_checker_on_the_bar_must_enter_before_any_other_moves() {
    // Only the 1 enters (on our 24-point); then the 6 may move any checker.
    assert_eq!(
        plays(&against_a_five_point_prime(), "61"),
        ["bar/18", "bar/24 13/7"]
    );
}

#[test]
fn no_entry_against_a_five_point_prime_means_no_move() {
    let p = against_a_five_point_prime();
    for roll in ["65", "55", "22", "43"] {
        let moves = p.legal_moves(dice(roll));
        assert_eq!(moves.len(), 1, "{roll}");
        assert!(moves[0].is_empty(), "{roll}");
    }
}

#[test]
fn bearing_off_with_a_larger_die_takes_the_highest_checker() {
    let p = pos!(4:1, 3:2; 12:15);
    assert_eq!(plays(&p, "65"), ["4/off 3/off"]);
}

#[test]
fn a_larger_die_must_move_a_checker_from_a_higher_point_first() {
    // The 4 cannot bear off the checker on 3 while one stands on 6.
    let p = pos!(6:1, 3:1; 12:15);
    assert_eq!(plays(&p, "41"), ["6/1", "6/2 3/2"]);
}

#[test]
fn bearing_off_waits_for_the_last_checker_outside() {
    let p = pos!(9:1, 2:14; 12:15);
    assert_eq!(plays(&p, "21"), ["9/6", "9/7 2/1"]);
}

#[test]
fn the_last_checker_coming_home_lets_the_other_die_bear_off() {
    let p = pos!(8:1, 2:14; 12:15);
    assert_eq!(plays(&p, "62"), ["8/off"]);
}

#[test]
fn a_checker_landing_on_a_blot_during_bear_off_hits_it() {
    let p = pos!(6:1, 4:1, 2:13; 22:1, 12:14);
    let play = p.parse_move(dice("31"), "6/3* 4/3").unwrap();
    let after = p.apply(&play);
    assert_eq!(after.opponent(25), 1);
    assert!(play.checker_moves().iter().any(|m| m.hit));
}

#[test]
fn a_checker_hit_during_bear_off_must_come_home_before_bearing_off_resumes() {
    let p = pos!(25:1, 1:14; 12:15);
    assert_eq!(plays(&p, "61"), ["bar/18"]);
}
