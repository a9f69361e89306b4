//! Move notation and the text form: examples, error messages, round-trips.

use ludus_morris::{
    Color, Move, MoveKind, ParseMoveError, ParsePositionError, Position, Setup, SetupError, Square,
};

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

#[test]
fn the_four_move_shapes_read_and_write_back() {
    let cases = [
        ("d6", Move::place(sq("d6")), MoveKind::Place),
        ("d6-d5", Move::shift(sq("d6"), sq("d5")), MoveKind::Slide),
        (
            "b4xg7",
            Move::place(sq("b4")).with_removal(sq("g7")),
            MoveKind::Place,
        ),
        (
            "d6-d5xa1",
            Move::shift(sq("d6"), sq("d5")).with_removal(sq("a1")),
            MoveKind::Slide,
        ),
        ("a7-g1", Move::shift(sq("a7"), sq("g1")), MoveKind::Fly),
    ];
    for (text, expected, kind) in cases {
        let parsed: Move = text.parse().unwrap();
        assert_eq!(parsed, expected, "{text}");
        assert_eq!(parsed.kind(), kind, "{text}");
        assert_eq!(parsed.to_string(), text);
    }
}

#[test]
fn upper_case_moves_are_read_and_written_in_lower_case() {
    let parsed: Move = "D6-D5XA1".parse().unwrap();
    assert_eq!(parsed.to_string(), "d6-d5xa1");
}

#[test]
fn malformed_moves_are_rejected_with_a_reason() {
    assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
    for text in [
        "d6-", "-d5", "d6-d5-d4", "d6xx", "d6xa1xb2", "x", "d6 ", " d6",
    ] {
        assert!(text.parse::<Move>().is_err(), "{text:?}");
    }
    assert_eq!(
        "d6-d6".parse::<Move>(),
        Err(ParseMoveError::NullMove("d6-d6".to_string()))
    );
    let error = "h8".parse::<Move>().unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("\"h8\" is not a point of the board"),
        "{error}"
    );
    let error = "d4".parse::<Move>().unwrap_err();
    assert!(
        error.to_string().contains("\"d4\""),
        "the centre is no point: {error}"
    );
}

#[test]
fn the_start_position_has_the_documented_text_form() {
    assert_eq!(
        Position::new().to_string(),
        "......../......../........ w 9 9 0"
    );
}

#[test]
fn text_form_lists_rings_outer_to_inner_clockwise_from_the_top_left() {
    let text = "W......./.B....../.......W b 7 8 3";
    let position: Position = text.parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(position.piece_at(sq("a7")), Some(Color::White));
    assert_eq!(position.piece_at(sq("d6")), Some(Color::Black));
    assert_eq!(position.piece_at(sq("c4")), Some(Color::White));
    assert_eq!(position.side_to_move(), Color::Black);
    assert_eq!(position.in_hand(Color::White), 7);
    assert_eq!(position.plies_since_removal(), 3);
    assert_eq!(position.to_string(), text);
}

#[test]
fn the_ply_counter_may_be_left_out() {
    let position: Position = "......../......../........ w 9 9".parse().unwrap();
    assert_eq!(position, Position::new());
}

#[test]
fn malformed_text_forms_say_what_is_wrong() {
    let cases: [(&str, ParsePositionError); 7] = [
        ("", ParsePositionError::FieldCount(0)),
        (
            "......../........ w 9 9 0",
            ParsePositionError::RingCount(2),
        ),
        (
            "......./......../........ w 9 9 0",
            ParsePositionError::RingLength {
                ring: 1,
                len: 7,
                text: ".......".into(),
            },
        ),
        (
            "......../...x..../........ w 9 9 0",
            ParsePositionError::Piece {
                square: sq("f4"),
                found: 'x',
            },
        ),
        (
            "......../......../........ x 9 9 0",
            ParsePositionError::Side("x".into()),
        ),
        (
            "......../......../........ w 10 9 0",
            ParsePositionError::Number {
                field: "White's pieces in hand",
                max: 9,
                found: "10".into(),
            },
        ),
        (
            "WWWWWWWW/WW....../........ w 0 0 0",
            ParsePositionError::Illegal(SetupError::TooManyPieces {
                color: Color::White,
                count: 10,
            }),
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(text.parse::<Position>(), Err(expected), "{text:?}");
    }
    let error = "......../......../........ w 8 9 0"
        .parse::<Position>()
        .unwrap_err();
    assert!(matches!(
        error,
        ParsePositionError::Illegal(SetupError::InconsistentHands { .. })
    ));
    assert!(error.to_string().contains("White places first"), "{error}");
}

#[test]
fn setups_with_shared_points_or_stray_bits_are_rejected() {
    let base = Setup {
        in_hand: [0, 0],
        ..Setup::default()
    };
    let shared = Setup {
        pieces: [0b111, 0b100],
        ..base
    };
    assert_eq!(
        Position::try_from(shared),
        Err(SetupError::SharedPoint(sq("g7")))
    );
    let stray = Setup {
        pieces: [1 << 24, 0],
        ..base
    };
    assert!(matches!(
        Position::try_from(stray),
        Err(SetupError::OutsideBoard { .. })
    ));
    let ok = Setup {
        pieces: [0b111, 0b111 << 8],
        ..base
    };
    assert_eq!(Position::try_from(ok).unwrap().setup(), ok);
}

/// The pieces on the named points.
fn bits(points: &[&str]) -> u32 {
    points.iter().map(|p| sq(p).bit()).fold(0, |a, b| a | b)
}

#[test]
fn a_playable_setup_is_legal_with_no_side_lost_on_pieces_and_none_blocked() {
    let rules = ludus_morris::Rules::standard();
    let three_each = Setup {
        pieces: [bits(&["a7", "d7", "b4"]), bits(&["e3", "c3", "f2"])],
        in_hand: [0, 0],
        ..Setup::default()
    };
    assert!(Position::playable(three_each, &rules).is_ok());
    let two_white = Setup {
        pieces: [bits(&["a7", "d7"]), bits(&["e3", "c3", "f2"])],
        ..three_each
    };
    assert_eq!(
        Position::playable(two_white, &rules),
        Err(SetupError::TooFewPieces {
            color: Color::White,
            count: 2
        })
    );
    // Two on the board with pieces still in hand: the game goes on.
    let placing = Setup {
        pieces: [bits(&["a7", "d7"]), bits(&["e3", "c3"])],
        in_hand: [1, 1],
        ..three_each
    };
    assert!(Position::playable(placing, &rules).is_ok());
    // Illegal set-ups are refused as `try_from` refuses them.
    let hands = Setup {
        in_hand: [1, 0],
        ..three_each
    };
    assert!(matches!(
        Position::playable(hands, &rules),
        Err(SetupError::InconsistentHands { .. })
    ));
}

#[test]
fn a_blocked_side_to_move_is_no_playable_setup() {
    // White's four pieces in the corners a7, g7, a1, g1 with every neighbour taken by Black.
    let white = bits(&["a7", "g7", "a1", "g1"]);
    let black = bits(&["d7", "a4", "g4", "d1"]);
    let blocked = Setup {
        pieces: [white, black],
        in_hand: [0, 0],
        ..Setup::default()
    };
    let rules = ludus_morris::Rules::standard();
    assert_eq!(
        Position::playable(blocked, &rules),
        Err(SetupError::Blocked(Color::White))
    );
}
