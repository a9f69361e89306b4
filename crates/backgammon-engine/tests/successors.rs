//! The engine's own successor generation against the rules crate (`Position::successors`).

use crate::common::random_positions;
use ludus_backgammon::{Dice, Position};
use ludus_backgammon_engine::board::{ALL_ROLLS, Board, successors};
use std::collections::BTreeSet;

/// Random reachable positions compared (each × 21 rolls); the rules crate has its own naive check.
const POSITIONS: usize = 3_000;

#[test]
fn successors_equal_the_rules_crate_legal_moves() {
    let mut out = Vec::new();
    for (i, b) in random_positions(POSITIONS, 7).iter().enumerate() {
        let pos = Position::try_from(*b).expect("valid board");
        for &(d1, d2, _) in &ALL_ROLLS {
            let ours: BTreeSet<Board> = successors(b, d1, d2).into_iter().collect();
            pos.successors(Dice::new(d1, d2).expect("dice"), &mut out);
            let theirs: BTreeSet<Board> = out.iter().map(|(_, p)| Board::from(*p)).collect();
            assert_eq!(
                ours,
                theirs,
                "position {i} {} roll {d1}{d2}",
                pos.position_id()
            );
        }
    }
}

#[test]
fn successors_keep_fifteen_checkers_and_valid_boards() {
    for b in random_positions(500, 11) {
        for &(d1, d2, _) in &ALL_ROLLS {
            for s in successors(&b, d1, d2) {
                assert!(s.is_valid(), "{s:?}");
            }
        }
    }
}

#[test]
fn board_and_position_convert_both_ways() {
    let start = Position::starting();
    assert_eq!(Board::from(start), Board::STARTING);
    assert_eq!(Position::try_from(Board::STARTING), Ok(start));
}

#[test]
fn race_and_pip_counts_agree_with_the_rules_crate() {
    for b in random_positions(2_000, 13) {
        let pos = Position::try_from(b).expect("valid board");
        assert_eq!(b.is_race(), pos.is_race(), "{}", pos.position_id());
        assert_eq!((Board::pips(&b.me), Board::pips(&b.them)), pos.pip_count());
    }
}
