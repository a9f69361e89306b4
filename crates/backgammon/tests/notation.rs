//! gnubg move notation: written exactly as gnubg writes it, read in every equivalent spelling.

use ludus_backgammon::{CheckerMove, Dice, Move, MoveParseError, Position};

fn dice(text: &str) -> Dice {
    text.parse().unwrap()
}

fn read(position: &Position, roll: &str, text: &str) -> Position {
    let mv = position
        .parse_move(dice(roll), text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    position.apply(&mv)
}

#[test]
fn equivalent_spellings_read_as_the_same_play() {
    let start = Position::starting();
    let one_checker = read(&start, "64", "24/14");
    for text in [
        "24/18/14",
        "24/18 18/14",
        "18/14 24/18",
        "24/20/14",
        "24/20 20/14",
    ] {
        assert_eq!(read(&start, "64", text), one_checker, "{text}");
    }
    let two_checkers = read(&start, "33", "8/5(2) 6/3(2)");
    for text in ["6/3(2) 8/5(2)", "8/5 8/5 6/3 6/3", "6/3 8/5 6/3 8/5"] {
        assert_eq!(read(&start, "33", text), two_checkers, "{text}");
    }
}

#[test]
fn bar_off_and_hits_are_spelled_like_gnubg() {
    let moves = |position: &Position, roll: &str| -> Vec<String> {
        position
            .legal_moves(dice(roll))
            .iter()
            .map(Move::to_string)
            .collect()
    };
    // Entering and hitting: the opponent's blot on its 3-point is our 22-point.
    let entering = pos!(25:1, 6:14; 3:1, 12:14);
    assert!(moves(&entering, "31").contains(&"bar/22* 6/5".to_string()));
    assert!(moves(&entering, "31").contains(&"bar/21".to_string()));
    let bearing_off = pos!(6:2, 5:1; 12:15);
    assert_eq!(moves(&bearing_off, "66"), ["6/off(2) 5/off"]);
    // gnubg marks the first landing on a hit point only, and counts repeats by path.
    let blot_on_our_4 = pos!(8:2, 6:13; 21:1, 12:14);
    assert!(moves(&blot_on_our_4, "22").contains(&"8/4*(2)".to_string()));
    assert!(moves(&blot_on_our_4, "42").contains(&"8/4* 6/4".to_string()));
}

#[test]
fn the_written_form_of_a_move_is_independent_of_the_order_played() {
    let a = Move::from_checker_moves(&[
        CheckerMove {
            from: 6,
            to: 5,
            hit: false,
        },
        CheckerMove {
            from: 8,
            to: 5,
            hit: false,
        },
    ])
    .unwrap();
    let b = Move::from_checker_moves(&[
        CheckerMove {
            from: 8,
            to: 5,
            hit: false,
        },
        CheckerMove {
            from: 6,
            to: 5,
            hit: false,
        },
    ])
    .unwrap();
    assert_eq!(a.to_string(), "8/5 6/5");
    assert_eq!(b.to_string(), "8/5 6/5");
    assert_ne!(a, b, "moves compare step by step");
}

#[test]
fn unreadable_or_illegal_text_is_refused_with_a_reason() {
    let start = Position::starting();
    let syntax = ["24-18", "24/", "0/5", "bar", "24/18(5)", "18/24", "24/18 x"];
    for text in syntax {
        assert!(
            matches!(
                start.parse_move(dice("64"), text),
                Err(MoveParseError::Syntax { .. })
            ),
            "{text}"
        );
    }
    let illegal = [
        "24/18",
        "25/off",
        "24/18 24/18",
        "13/7 13/8",
        "6/off 6/2",
        "",
    ];
    for text in illegal {
        assert!(
            matches!(
                start.parse_move(dice("64"), text),
                Err(MoveParseError::Illegal { .. })
            ),
            "{text}"
        );
    }
}

#[test]
fn the_empty_text_is_the_move_when_no_checker_can_move() {
    let closed_out = pos!(25:1, 6:14; 1:2, 2:2, 3:2, 4:2, 5:2, 6:2, 12:3);
    let mv = closed_out.parse_move(dice("64"), "").unwrap();
    assert!(mv.is_empty());
    assert_eq!(mv.to_string(), "");
}
