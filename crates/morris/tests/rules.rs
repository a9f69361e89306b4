//! One focused test per rule of rules.md part A, and per decision taken there.

use ludus_morris::{
    Color, IllegalMove, Move, MoveKind, Outcome, OutcomeReason, Position, Rules, Square,
};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn notations(position: &Position, rules: &Rules) -> Vec<String> {
    position
        .legal_moves(rules)
        .iter()
        .map(Move::to_string)
        .collect()
}

fn play_all(rules: &Rules, moves: &[&str]) -> Position {
    moves.iter().fold(Position::new(), |p, m| {
        p.play_checked(rules, mv(m)).unwrap()
    })
}

#[test]
fn game_starts_on_an_empty_board_with_white_placing_nine_each() {
    let start = Position::new();
    assert_eq!(start.side_to_move(), Color::White);
    assert_eq!(start.occupied(), 0);
    assert_eq!(start.in_hand(Color::White), 9);
    assert_eq!(start.in_hand(Color::Black), 9);
    let moves = start.legal_moves(&Rules::standard());
    assert!(moves.iter().all(|m| m.kind() == MoveKind::Place));
    assert_eq!(moves.len(), 24);
}

#[test]
fn players_alternate_and_move_only_after_all_pieces_are_placed() {
    let rules = Rules::standard();
    // 18 placements without a mill (no line ever gets three of one colour).
    let placements = [
        "a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4", "b4", "b6", "d6", "f6", "f4", "f2", "d2",
        "b2", "c5", "d5",
    ];
    let mut position = Position::new();
    for (ply, &m) in placements.iter().enumerate() {
        assert_eq!(
            position.side_to_move(),
            if ply % 2 == 0 {
                Color::White
            } else {
                Color::Black
            }
        );
        assert!(position.is_placement_phase());
        position = position.play_checked(&rules, mv(m)).unwrap();
    }
    assert!(!position.is_placement_phase());
    assert_eq!(
        position.in_hand(Color::White) + position.in_hand(Color::Black),
        0
    );
    let moves = position.legal_moves(&rules);
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.kind() == MoveKind::Slide));
    assert_eq!(
        position.play_checked(&rules, mv("e5")),
        Err(IllegalMove::NothingInHand(Color::White))
    );
}

#[test]
fn a_mill_closed_during_placement_removes_a_piece_at_once() {
    let rules = Rules::standard();
    let position = play_all(&rules, &["a7", "b6", "d7", "d6"]);
    let moves = notations(&position, &rules);
    assert!(moves.contains(&"g7xb6".to_string()));
    assert!(
        !moves.contains(&"g7".to_string()),
        "the removal is part of the move"
    );
    let after = position.play_checked(&rules, mv("g7xd6")).unwrap();
    assert_eq!(after.piece_at(sq("d6")), None);
    assert_eq!(
        after.in_hand(Color::Black),
        7,
        "removed pieces never return to the hand"
    );
    assert_eq!(after.plies_since_removal(), 0);
}

#[test]
fn closing_a_mill_without_naming_a_removal_is_illegal() {
    let rules = Rules::standard();
    let position = play_all(&rules, &["a7", "b6", "d7", "d6"]);
    let error = position.play_checked(&rules, mv("g7")).unwrap_err();
    assert_eq!(error, IllegalMove::RemovalMissing(mv("g7")));
    let error = position.play_checked(&rules, mv("g4xb6")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "g4 closes no mill, so it cannot remove b6"
    );
}

#[test]
fn diagonals_are_not_mills() {
    let rules = Rules::standard();
    // a7, b6, c5 lie on a diagonal: placing c5 removes nothing.
    let position = play_all(&rules, &["a7", "d7", "b6", "d6"]);
    assert!(notations(&position, &rules).contains(&"c5".to_string()));
    assert!(
        !notations(&position, &rules)
            .iter()
            .any(|m| m.starts_with("c5x"))
    );
}

#[test]
fn two_mills_closed_by_one_move_remove_exactly_one_piece() {
    let rules = Rules::standard();
    // White a7, g7 (top row) and d6, d5 (column): d7 closes both.
    let position = pos("W.W...../.W....BB/.W...... w 5 5 0");
    let moves: Vec<Move> = position
        .legal_moves(&rules)
        .iter()
        .copied()
        .filter(|m| m.to == sq("d7"))
        .collect();
    assert_eq!(moves.len(), 2, "one move per removable piece: {moves:?}");
    let after = position.play(moves[0]);
    assert_eq!(after.pieces(Color::Black).count_ones(), 1);
}

#[test]
fn pieces_outside_mills_must_be_removed_first() {
    let rules = Rules::standard();
    // Black: mill a1-a4-a7 plus a free piece on e4; White closes d7-d6-d5 with g7-d7.
    let position = pos("B.W...BB/.W....../.W.B.... w 0 0 0");
    let removals: Vec<String> = position
        .legal_moves(&rules)
        .iter()
        .filter_map(|m| m.remove.map(|r| r.to_string()))
        .collect();
    assert!(!removals.is_empty());
    assert!(removals.iter().all(|r| r == "e4"), "{removals:?}");
    let error = position.play_checked(&rules, mv("g7-d7xa4")).unwrap_err();
    assert_eq!(error, IllegalMove::ProtectedByMill(sq("a4"), Color::Black));
}

#[test]
fn any_piece_may_be_removed_when_all_opposing_pieces_are_in_mills() {
    let rules = Rules::standard();
    let position = pos("BBB.W.WW/.....W../........ w 0 0 0");
    let mut removals: Vec<String> = position
        .legal_moves(&rules)
        .iter()
        .filter(|m| m.to_string().starts_with("d2-d1"))
        .map(|m| m.remove.unwrap().to_string())
        .collect();
    removals.sort();
    assert_eq!(removals, ["a7", "d7", "g7"]);
}

#[test]
fn pieces_slide_only_along_a_line_to_an_adjacent_empty_point() {
    let rules = Rules::standard();
    // White a7, g1, a1, d5 (4 pieces), Black d7, a4, g4, d1: a7 and g1 and a1 are stuck.
    let position = pos("WB.BWBWB/......../.W...... w 0 0 0");
    let mut moves = notations(&position, &rules);
    moves.sort();
    assert_eq!(moves, ["d5-c5", "d5-d6", "d5-e5"]);
    assert_eq!(
        position.play_checked(&rules, mv("d5-e4")),
        Err(IllegalMove::NotAdjacent {
            from: sq("d5"),
            to: sq("e4")
        })
    );
    assert_eq!(
        position.play_checked(&rules, mv("d5-d7")),
        Err(IllegalMove::Occupied(sq("d7")))
    );
    assert_eq!(
        position.play_checked(&rules, mv("b6-b4")),
        Err(IllegalMove::NotOwnPiece(sq("b6"), Color::White))
    );
}

#[test]
fn a_player_with_exactly_three_pieces_flies_when_flying_is_on() {
    let position = pos("BBBBB.../.B....../....WWW. w 0 0 0");
    let standard = position.legal_moves(&Rules::standard());
    assert_eq!(standard.len(), 3 * 15, "any piece to any empty point");
    assert!(standard.iter().any(|m| m.kind() == MoveKind::Fly));
    let no_flying = position.legal_moves(&Rules::no_flying());
    assert!(no_flying.iter().all(|m| m.kind() == MoveKind::Slide));
    assert_eq!(no_flying.len(), 3);
}

#[test]
fn a_player_with_four_pieces_does_not_fly() {
    let position = pos("BBBB..../.B....../....WWWW w 0 0 0");
    let moves = position.legal_moves(&Rules::standard());
    assert!(moves.iter().all(|m| m.kind() == MoveKind::Slide));
}

#[test]
fn a_player_left_with_two_pieces_has_lost() {
    let rules = Rules::standard();
    let position = pos("B..W.W../...W.W../...WBW.. b 0 0 0");
    assert!(position.legal_moves(&rules).is_empty());
    assert_eq!(
        position.outcome(&rules),
        Some(Outcome {
            winner: Some(Color::White),
            reason: OutcomeReason::TooFewPieces
        })
    );
}

#[test]
fn removing_the_third_last_piece_ends_the_game() {
    let rules = Rules::standard();
    // Black has three pieces; White closes d7-d6-d5 by g7-d7 and removes one.
    let before = pos("..WBB.B./.W....../.W...... w 0 0 0");
    let after = before.play_checked(&rules, mv("g7-d7xg4")).unwrap();
    assert_eq!(
        after.outcome(&rules).map(|o| o.reason),
        Some(OutcomeReason::TooFewPieces)
    );
}

#[test]
fn a_blocked_player_loses() {
    let rules = Rules::standard();
    let position = pos("WBWBWBWB/......../........ w 0 0 0");
    assert!(position.legal_moves(&rules).is_empty());
    assert_eq!(
        position.outcome(&rules),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: OutcomeReason::Blocked
        })
    );
    let error = position.play_checked(&rules, mv("a7-b6")).unwrap_err();
    assert!(matches!(error, IllegalMove::GameOver(_)));
}

#[test]
fn a_player_blocked_right_when_placement_ends_loses() {
    let rules = Rules::standard();
    // Black places its last piece on a4, and White's four corner pieces cannot move.
    let before = pos("WBWBWBW./BBB...../........ b 0 1 0");
    let after = before.play_checked(&rules, mv("a4")).unwrap();
    assert!(!after.is_placement_phase());
    assert_eq!(
        after.outcome(&rules).map(|o| o.reason),
        Some(OutcomeReason::Blocked)
    );
}

#[test]
fn three_pieces_with_flying_are_never_blocked() {
    // White's three pieces (a7, g7, g1) are surrounded, yet fly.
    let position = pos("WBWBWB.B/......../........ w 0 0 0");
    assert_eq!(position.pieces(Color::White).count_ones(), 3);
    assert_eq!(position.outcome(&Rules::standard()), None);
    assert!(!position.legal_moves(&Rules::standard()).is_empty());
    assert_eq!(
        position.outcome(&Rules::no_flying()).map(|o| o.reason),
        Some(OutcomeReason::Blocked)
    );
}

#[test]
fn sliding_out_of_a_mill_and_back_closes_it_again() {
    let rules = Rules::standard();
    let position = pos("WWW.B.B./B...B.../........ w 0 0 0");
    let out = position.play_checked(&rules, mv("d7-d6")).unwrap();
    let black = out.play_checked(&rules, mv("b6-b4")).unwrap();
    let moves = notations(&black, &rules);
    assert!(moves.iter().any(|m| m.starts_with("d6-d7x")), "{moves:?}");
}

#[test]
fn a_mill_against_a_player_without_pieces_on_the_board_removes_nothing() {
    let rules = Rules::standard();
    // Decision (docs/rules.md): with nothing to remove, the mill move has no removal.
    let position = pos("WW....../......../........ w 4 4 0");
    assert!(notations(&position, &rules).contains(&"g7".to_string()));
}

#[test]
fn perft_ignores_the_draw_rules() {
    let rules = Rules::standard();
    let position = pos("....BBWW/.....WW./.BB.W.W. w 0 0 250");
    assert_eq!(ludus_morris::perft(&position, &rules, 2), 216);
}

#[test]
fn every_refusal_names_a_machine_code_and_its_values() {
    let rules = Rules::standard();
    let position = pos("WB.BWBWB/......../.W...... w 0 0 0");
    let occupied = position.play_checked(&rules, mv("d5-d7")).unwrap_err();
    assert_eq!(occupied.code(), "occupied");
    assert_eq!(occupied.params(), [("square", "d7".to_string())]);
    let not_own = position.play_checked(&rules, mv("b6-b4")).unwrap_err();
    assert_eq!(not_own.code(), "not-own-piece");
    assert_eq!(
        not_own.params(),
        [("square", "b6".to_string()), ("side", "white".to_string())]
    );
    let unreadable = "z9".parse::<Move>().unwrap_err();
    assert_eq!(unreadable.code(), "unknown-square");
    assert_eq!(unreadable.params(), [("text", "z9".to_string())]);
}
