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

/// Boards with checkers on the bars: XGIDs written here, read by gnubg 1.07's `set xgid`, which
/// showed these Position IDs.
const XGID_BAR_CASES: [(&str, &str); 3] = [
    (
        "XGID=---a--FaB---eD---c-cb---BA:0:0:1:00:0:0:0:0:10",
        "sHPwQQjgZ/AAWA",
    ),
    (
        "XGID=-AA-FaAaB-A-bB--ab-abca-aA:0:0:1:00:0:0:0:0:10",
        "6ZaFQQLlJxMDQA",
    ),
    (
        "XGID=-a-ACBA-BA--bB---bAaaf-aaB:0:0:1:00:0:0:0:0:10",
        "5VcGAyB0y8IgYA",
    ),
];

#[test]
fn xgid_bars_are_the_first_and_last_characters() {
    for (xgid, position_id) in XGID_BAR_CASES {
        let parsed: Xgid = xgid.parse().unwrap();
        assert_eq!(parsed.position.position_id(), position_id);
        assert_eq!(parsed.to_string(), xgid);
    }
}

/// A 3-point match typed into gnubg 1.07 with manual dice: after each action, the Position ID
/// and Match ID gnubg showed. The same actions here must give the same ids at every step.
#[test]
fn a_game_shows_gnubgs_ids_at_every_step() {
    use ludus_backgammon::{Game, Match, Rules};
    fn ids(game: &Game) -> (String, String) {
        (
            game.position().position_id(),
            game.match_state().match_id().unwrap(),
        )
    }
    fn check(game: &Game, position_id: &str, match_id: &str) {
        assert_eq!(ids(game), (position_id.to_string(), match_id.to_string()));
    }
    let dice = |text: &str| text.parse::<Dice>().unwrap();
    let mut record = Match::new(Rules::match_to(3), ["gnubg".into(), "root".into()]);
    let game = record
        .new_game_with_opening(Seat::Zero, dice("31"))
        .unwrap();
    check(game, "4HPwATDgc/ABMA", "MIFlAAAAAAAE");
    game.play_text("8/5 6/5").unwrap();
    check(game, "sGfwATDgc/ABMA", "cAlgAAAAAAAE");
    game.double().unwrap();
    check(game, "sGfwATDgc/ABMA", "cBFgAAAAAAAE");
    game.take().unwrap();
    check(game, "sGfwATDgc/ABMA", "QQlgAAAAAAAE");
    game.roll_with(dice("64")).unwrap();
    check(game, "sGfwATDgc/ABMA", "QQlzAAAAAAAE");
    game.play_text("24/18 13/9").unwrap();
    check(game, "4HPhQSCwZ/ABMA", "AQFgAAAAAAAE");
    game.double().unwrap();
    check(game, "4HPhQSCwZ/ABMA", "ARlgAAAAAAAE");
    game.pass().unwrap();
    // The Crawford game.
    let game = record
        .new_game_with_opening(Seat::Zero, dice("65"))
        .unwrap();
    check(game, "4HPwATDgc/ABMA", "sAF3ACAAAAAE");
    game.play_text("24/13").unwrap();
    check(game, "4HPwAyDgc/ABMA", "8AlgACAAAAAE");
    game.roll_with(dice("21")).unwrap();
    check(game, "4HPwAyDgc/ABMA", "8AllACAAAAAE");
    game.play_text("13/11 6/5").unwrap();
    check(game, "0HPkATDgc/ADIA", "sAFgACAAAAAE");
}

/// The same with resignations, in a 5-point match (the golden `.mat` file of the `mat` tests).
#[test]
fn resignations_show_gnubgs_ids() {
    use ludus_backgammon::{Game, Match, Rules, WinKind};
    fn check(game: &Game, position_id: &str, match_id: &str) {
        let ids = (
            game.position().position_id(),
            game.match_state().match_id().unwrap(),
        );
        assert_eq!(ids, (position_id.to_string(), match_id.to_string()));
    }
    let dice = |text: &str| text.parse::<Dice>().unwrap();
    let mut record = Match::new(Rules::match_to(5), ["gnubg".into(), "root".into()]);
    let game = record
        .new_game_with_opening(Seat::Zero, dice("31"))
        .unwrap();
    check(game, "4HPwATDgc/ABMA", "MIGlAAAAAAAE");
    game.play_text("8/5 6/5").unwrap();
    check(game, "sGfwATDgc/ABMA", "cAmgAAAAAAAE");
    game.roll_with(dice("64")).unwrap();
    check(game, "sGfwATDgc/ABMA", "cAmzAAAAAAAE");
    game.play_text("24/18 13/9").unwrap();
    check(game, "4HPhQSCwZ/ABMA", "MAGgAAAAAAAE");
    game.resign(Seat::Zero, WinKind::Single).unwrap();
    check(game, "4HPhQSCwZ/ABMA", "MCmgAAAAAAAE");
    game.accept_resignation().unwrap();
    let game = record.new_game_with_opening(Seat::One, dice("21")).unwrap();
    check(game, "4HPwATDgc/ABMA", "cAmlAAAACAAE");
    game.play_text("13/11 24/23").unwrap();
    check(game, "4HPkASjgc/ABMA", "MAGgAAAACAAE");
    game.double().unwrap();
    check(game, "4HPkASjgc/ABMA", "MBmgAAAACAAE");
    game.take().unwrap();
    check(game, "4HPkASjgc/ABMA", "EQGgAAAACAAE");
    game.roll_with(dice("55")).unwrap();
    check(game, "4HPkASjgc/ABMA", "EYG2AAAACAAE");
    game.play_text("8/3(2) 6/1(2)").unwrap();
    check(game, "M07wATDgc+QBSA", "UQmgAAAACAAE");
    game.resign(Seat::One, WinKind::Backgammon).unwrap();
    check(game, "M07wATDgc+QBSA", "UWGgAAAACAAE");
    game.accept_resignation().unwrap();
    check(game, "M07wATDgc+QBSA", "UWOgAGAACAAE");
}

#[test]
fn impossible_position_ids_are_refused_with_the_reason() {
    use ludus_backgammon::{PositionError, PositionIdError};
    let illegal = |id: &str| match Position::from_position_id(id) {
        Err(PositionIdError::Illegal { source, .. }) => source,
        other => panic!("{id}: {other:?}"),
    };
    // 16 checkers on the opponent's 1-point.
    assert!(matches!(
        illegal("//8AAAD+fwAAAA"),
        PositionError::WrongCheckerCount { count: 16, .. }
    ));
    // A checker of each side on the player's 24-point (the opponent's 1-point).
    assert_eq!(
        illegal("AQAAAAAAAgAAAA"),
        PositionError::PointHeldByBoth { point: 24 }
    );
    // No checker on the board at all.
    assert_eq!(illegal("AAAAAAAAAAAAAA"), PositionError::BothBorneOff);
    assert!(matches!(
        Position::from_position_id("4HPwATDgc/AB"),
        Err(PositionIdError::Malformed(_))
    ));
    assert!(matches!(
        Position::from_position_id("//////////////"),
        Err(PositionIdError::Truncated(_) | PositionIdError::Illegal { .. })
    ));
}
