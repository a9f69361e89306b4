//! The engine's bitboard tables and move generator against the rules crate.

use crate::common::random_game;
use ludus_morris::geometry::{MILLS, NEIGHBOURS, Symmetry};
use ludus_morris::{Move, Rules};
use ludus_morris_engine::board::{Board, EngineMove, Status};
use ludus_morris_engine::geometry::{self, SYMMETRIES, apply_symmetry};

#[test]
fn adjacency_and_mills_equal_the_rules_crate() {
    assert_eq!(geometry::ADJACENT, NEIGHBOURS);
    let mut ours = geometry::MILLS.to_vec();
    let mut theirs = MILLS.to_vec();
    ours.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(ours, theirs);
}

#[test]
fn the_sixteen_symmetries_are_the_rules_crates_sixteen() {
    let images = |f: &dyn Fn(u32) -> u32| -> Vec<u32> { (0..24).map(|s| f(1 << s)).collect() };
    let mut ours: Vec<Vec<u32>> = (0..SYMMETRIES)
        .map(|g| images(&|b| apply_symmetry(g, b)))
        .collect();
    let mut theirs: Vec<Vec<u32>> = Symmetry::ALL
        .iter()
        .map(|s| images(&|b| s.apply_bits(b)))
        .collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs);
}

fn sorted_moves(board: &Board) -> Vec<Move> {
    let mut list = Vec::new();
    board.generate(&mut list);
    let mut moves: Vec<Move> = list.into_iter().map(EngineMove::to_move).collect();
    moves.sort();
    moves
}

#[test]
fn engine_moves_equal_legal_moves_along_random_games() {
    for rules in [Rules::standard(), Rules::no_flying()] {
        for seed in 0..150 {
            for position in random_game(&rules, seed, 400) {
                let board = Board::from_position(&position, &rules);
                let mut theirs: Vec<Move> = position.legal_moves(&rules).iter().copied().collect();
                theirs.sort();
                assert_eq!(sorted_moves(&board), theirs, "{position}");
                assert_eq!(
                    board.status() == Status::Lost,
                    position.outcome(&rules).is_some(),
                    "{position}"
                );
                for mv in theirs {
                    let next = Board::from_position(&position.play(mv), &rules);
                    assert_eq!(board.play(EngineMove::from_move(mv)), next);
                }
            }
        }
    }
}
