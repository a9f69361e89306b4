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

use ludus_backgammon::{CubeOwner, GameState, MatchState, Seat, Xgid};

#[test]
fn opening_money_match_id_is_gnubgs() {
    let state = MatchState::from_match_id("cAkAAAAAAAAE").unwrap();
    assert_eq!(state, MatchState::default());
    assert_eq!(state.cube_value, 1);
    assert_eq!(state.cube_owner, CubeOwner::Centered);
    assert_eq!(state.game_state, GameState::Playing);
    assert_eq!(state.match_length, 0);
    assert!(!state.jacoby);
    assert_eq!(state.match_id().unwrap(), "cAkAAAAAAAAE");
}

#[test]
fn opening_with_31_rolled_and_jacoby_match_id_is_gnubgs() {
    let state = MatchState::from_match_id("cIkFAAAAAAAA").unwrap();
    assert_eq!(state.dice, Dice::new(3, 1));
    assert_eq!(state.on_roll, Seat::One);
    assert!(state.jacoby);
    assert_eq!(state.match_id().unwrap(), "cIkFAAAAAAAA");
}

/// XGID, then the gnubg Position ID and Match ID that `set xgid` gives in gnubg 1.07. With the
/// top player on roll gnubg first shows the ids below, then swaps the two players so that its
/// human player (player 1) is on roll; the ids here are the direct reading (bottom = player 1).
const XGID_CASES: [(&str, &str, &str); 6] = [
    (
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10",
        "4HPwATDgc/ABMA",
        "cIkFAAAAAAAA",
    ),
    (
        "XGID=-aBa--D-CB--cB---d-cB-ba--:0:0:1:66:0:0:1:0:10",
        "GufBASSG54YBAw",
        "cAkbAAAAAAAA",
    ),
    (
        "XGID=--CBCBC------B--b--cabbcb-:1:1:1:21:0:0:0:0:8",
        "u61jAAButwMGAA",
        "UQkFAAAAAAAE",
    ),
    (
        "XGID=--CBCBC------B--b--cabbcb-:1:1:-1:00:0:0:0:0:8",
        "brcDBgC7rWMAAA",
        "EQEAAAAAAAAE",
    ),
    (
        "XGID=--CBCBC------B--b--cabbcb-:1:1:-1:00:2:3:0:7:8",
        "brcDBgC7rWMAAA",
        "EQHgADAAEAAE",
    ),
    (
        "XGID=--CBCBC------B--b--cabbcb-:1:-1:1:00:2:3:0:7:8",
        "u61jAAButwMGAA",
        "QQngADAAEAAE",
    ),
];

#[test]
fn xgids_give_gnubgs_ids() {
    for (xgid, position_id, match_id) in XGID_CASES {
        let parsed: Xgid = xgid.parse().unwrap();
        assert_eq!(parsed.position.position_id(), position_id, "{xgid}");
        assert_eq!(parsed.state.match_id().unwrap(), match_id, "{xgid}");
    }
}

#[test]
fn xgids_are_written_back_byte_for_byte() {
    for (xgid, _, _) in XGID_CASES {
        assert_eq!(xgid.parse::<Xgid>().unwrap().to_string(), xgid);
    }
}

#[test]
fn the_opening_xgid_is_the_starting_position() {
    let parsed: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10"
        .parse()
        .unwrap();
    assert_eq!(parsed.position, Position::starting());
    assert!(parsed.beavers && parsed.state.jacoby);
    assert_eq!(parsed.max_cube_log2, 10);
}
