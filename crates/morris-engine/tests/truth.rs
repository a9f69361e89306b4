//! One truth between the search, the hint and the review (issue 40): the judge's value of every
//! move is the negated search value of the position after it at one depth shared by all moves;
//! the best move loses nothing; the engine's own choice at the judge's depth is never an error;
//! where the whole game is solved, the review flags exactly the moves that change the perfect
//! value; the search sees a blockade coming at the end of placement.

use crate::common::{Rng, random_game, temp_dir};
use ludus_morris::{Color, Move, Position, Rules, Setup};
use ludus_morris_engine::db::{Databases, Value};
use ludus_morris_engine::judge::{Judge, parent_score};
use ludus_morris_engine::review::{MoveClass, ReviewOptions, review_game};
use ludus_morris_engine::zobrist::key;
use ludus_morris_engine::{SearchLimits, Searcher};
use proptest::prelude::*;

/// The full-width search value of `position` at `depth` (the judge's search), with the game's
/// `history` (positions before it).
fn searched(rules: &Rules, history: &[Position], position: &Position, depth: u32) -> i32 {
    let mut searcher = Searcher::new(*rules);
    searcher.set_full_width(true);
    searcher.set_history(history);
    searcher.search(position, &SearchLimits::depth(depth)).score
}

/// The value of `mv` for its mover in the last of the game's positions `seen`: the negated
/// search value of the position after it at `depth`, or a draw where it repeats a position of
/// the game (the one repetition rule).
fn move_value(rules: &Rules, seen: &[Position], mv: Move, depth: u32) -> i32 {
    let after = seen[seen.len() - 1].play(mv);
    let repeats = seen.iter().any(|p| key(p) == key(&after));
    if after.is_movement_phase() && repeats {
        0
    } else {
        parent_score(searched(rules, seen, &after, depth))
    }
}

/// A random position of the standard game after `plies` random moves (the game's positions
/// before it too), or `None` when the game ended.
fn random_position(seed: u64, plies: usize) -> Option<(Vec<Position>, Position)> {
    let rules = Rules::standard();
    let mut game = random_game(&rules, seed, plies);
    let last = game.pop()?;
    (last.outcome(&rules).is_none()).then_some((game, last))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn each_move_is_valued_by_the_search_of_the_position_after_it(
        seed in 0u64..1_000_000,
        plies in 0usize..40,
        depth in 2u32..=4,
    ) {
        let rules = Rules::standard();
        let Some((history, position)) = random_position(seed, plies) else {
            return Ok(());
        };
        let judge = Judge::new(rules, None).with_limits(SearchLimits::depth(depth));
        let ranked = judge.rank(&history, &position);
        let mut seen = history.clone();
        seen.push(position);
        for judged in &ranked {
            let expected = move_value(&rules, &seen, judged.mv, depth - 1);
            prop_assert_eq!(judged.score, expected, "{} in {}", judged.mv, position);
        }
        // The best move: the hint, loss 0.
        let best = ranked[0];
        prop_assert_eq!(judge.hint(&history, &position), Some(best));
        // Replay the game from its start so that the review knows the same history.
        let mut moves = Vec::new();
        for (before, after) in seen.iter().zip(seen.iter().skip(1)) {
            let mv = before.legal_moves(&rules).as_slice().iter().copied()
                .find(|&m| before.play(m) == *after).expect("a move between them");
            moves.push(mv);
        }
        moves.push(best.mv);
        let options = ReviewOptions { limits: SearchLimits::depth(depth), ..ReviewOptions::default() };
        let review = review_game(&rules, &seen[0], &moves, &options).expect("legal");
        let last = review.moves.last().expect("reviewed");
        prop_assert_eq!((last.loss, last.class, last.best_score), (0, MoveClass::Best, best.score));
    }

    #[test]
    fn under_a_node_budget_every_move_is_valued_at_one_depth(
        seed in 0u64..1_000_000,
        plies in 0usize..40,
    ) {
        let rules = Rules::standard();
        let Some((history, position)) = random_position(seed, plies) else {
            return Ok(());
        };
        let limits = SearchLimits { depth: Some(6), movetime: None, nodes: Some(1_500) };
        let ranked = Judge::new(rules, None).with_limits(limits).rank(&history, &position);
        let mut seen = history.clone();
        seen.push(position);
        let at = |depth: u32| -> Vec<i32> {
            ranked.iter().map(|j| move_value(&rules, &seen, j.mv, depth)).collect()
        };
        let values: Vec<i32> = ranked.iter().map(|j| j.score).collect();
        prop_assert!((1..=5).any(|depth| at(depth) == values), "{position}: {values:?}");
    }
}

/// Seeded positions of the standard game: `count` after 4–15 random moves (placement) and
/// `count` after 20–49 (mostly movement), each with the game before it.
fn seeded_positions(count: u64) -> Vec<(Vec<Position>, Position)> {
    let mut rng = Rng(40);
    let mut positions = Vec::new();
    for seed in 0..count * 3 {
        let placement = positions.len() < count as usize;
        let plies = if placement {
            4 + rng.below(12)
        } else {
            20 + rng.below(30)
        };
        if let Some(found) = random_position(seed, plies) {
            positions.push(found);
        }
        if positions.len() == 2 * count as usize {
            break;
        }
    }
    positions
}

#[test]
fn the_engines_own_choice_at_the_judges_depth_is_never_an_error() {
    let rules = Rules::standard();
    let depth = 4;
    let mut captures = 0;
    for (history, position) in seeded_positions(20) {
        let mut searcher = Searcher::new(rules);
        searcher.set_full_width(true);
        searcher.set_history(&history);
        let choice = searcher
            .search(&position, &SearchLimits::depth(depth))
            .best_move
            .expect("a move");
        captures += usize::from(choice.remove.is_some());
        let ranked = Judge::new(rules, None)
            .with_limits(SearchLimits::depth(depth))
            .rank(&history, &position);
        let own = ranked.iter().find(|j| j.mv == choice).expect("legal");
        assert_eq!(
            own.score, ranked[0].score,
            "{position}: {choice} {ranked:?}"
        );
    }
    assert!(captures >= 5, "{captures} captures among the choices");
}

/// The position of the issue's example: `1. d6 d2 2. f4 b4 3. a4 g4 4. c4 b2 5. b6`, Black to
/// move.
fn issue_example() -> Position {
    let rules = Rules::standard();
    ["d6", "d2", "f4", "b4", "a4", "g4", "c4", "b2", "b6"]
        .iter()
        .fold(Position::new(), |p, m| {
            p.play_checked(&rules, m.parse().expect("a move"))
                .expect("legal")
        })
}

#[test]
fn the_capture_that_wins_a_piece_is_best_once_the_search_reaches_the_movement_phase() {
    // Nine placements are left: a judge of depth 9 values every move at the first position of
    // the movement phase. There f2xb6 (closing b2-d2-f2, removing the piece of the threat
    // b6-d6-f6) is the best move. (At the judge's default depth 6 the placement evaluation,
    // which counts a free neighbour at almost a piece, still prefers the block f6.)
    let rules = Rules::standard();
    let position = issue_example();
    let ranked = Judge::new(rules, None)
        .with_limits(SearchLimits::depth(9))
        .rank(&[], &position);
    assert_eq!(ranked[0].mv.to_string(), "f2xb6", "{ranked:?}");
}

/// The empty board of the game with `stones` pieces a side.
fn start(stones: u8) -> Position {
    Position::try_from(Setup {
        in_hand: [stones, stones],
        ..Setup::default()
    })
    .expect("a start position")
}

/// Win 2, draw 1, loss 0.
fn outcome(value: Value) -> u8 {
    match value {
        Value::Win(_) => 2,
        Value::Draw => 1,
        Value::Loss(_) => 0,
    }
}

/// The perfect value of `mv` in `position` for its mover, from the databases.
fn perfect_after(dbs: &Databases, rules: &Rules, position: &Position, mv: Move) -> Value {
    let after = position.play(mv);
    if after.outcome(rules).is_some() {
        return Value::Loss(0).parent();
    }
    ludus_morris_engine::probe(dbs, &after, rules)
        .expect("covered")
        .parent()
}

/// Reviews seeded random games of the `stones`-stone game (solved into `dbs`) and checks that
/// a move is an error exactly when it changes the perfect value; answers (errors, others).
fn review_flags_exactly_the_value_changes(
    dbs: &Databases,
    stones: u8,
    games: u64,
) -> (usize, usize) {
    let rules = Rules::standard();
    let (mut errors, mut others) = (0, 0);
    for seed in 0..games {
        let mut rng = Rng(seed);
        let mut positions = vec![start(stones)];
        let mut moves = Vec::new();
        while moves.len() < 30 {
            let now = *positions.last().expect("a position");
            let legal = now.legal_moves(&rules);
            if legal.is_empty() || now.outcome(&rules).is_some() {
                break;
            }
            let mv = legal[rng.below(legal.len())];
            let next = now.play(mv);
            // A repetition is a draw by the game's rule, not by the databases: stop before one.
            if positions.contains(&next) {
                break;
            }
            moves.push(mv);
            positions.push(next);
        }
        let options = ReviewOptions {
            limits: SearchLimits::depth(2),
            databases: Some(dbs),
            ..ReviewOptions::default()
        };
        let review = review_game(&rules, &positions[0], &moves, &options).expect("legal");
        for (ply, reviewed) in review.moves.iter().enumerate() {
            let before = ludus_morris_engine::probe(dbs, &positions[ply], &rules).expect("covered");
            let after = perfect_after(dbs, &rules, &positions[ply], moves[ply]);
            let changed = outcome(after) < outcome(before);
            assert_eq!(
                reviewed.class.is_error(),
                changed,
                "{} {}: {before} -> {after}, {reviewed:?}",
                positions[ply],
                moves[ply]
            );
            if changed {
                errors += 1;
            } else {
                others += 1;
            }
        }
    }
    (errors, others)
}

#[test]
fn in_the_solved_three_stone_game_the_review_flags_exactly_the_moves_that_change_the_value() {
    let dir = temp_dir("truth-three");
    let dbs = Databases::new(&dir);
    dbs.solve_game(true, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    let (errors, others) = review_flags_exactly_the_value_changes(&dbs, 3, 12);
    let _ = std::fs::remove_dir_all(dir);
    assert!(
        errors >= 5 && others >= 20,
        "{errors} errors, {others} others"
    );
}

/// The same in the four-stone game (ignored: solving it takes minutes in the test build;
/// `docs/morris-endgame-databases.md`: 101.6 s in a release build).
#[test]
#[ignore]
fn in_the_solved_four_stone_game_the_review_flags_exactly_the_moves_that_change_the_value() {
    let dir = temp_dir("truth-four");
    let dbs = Databases::new(&dir);
    dbs.solve_game(true, 4, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    let (errors, others) = review_flags_exactly_the_value_changes(&dbs, 4, 12);
    let _ = std::fs::remove_dir_all(dir);
    assert!(
        errors >= 5 && others >= 20,
        "{errors} errors, {others} others"
    );
}

/// Whether the side `us` can be forced into a lost position (blocked, as a rule) by the end of
/// placement from `position`: plain minimax over every placement left.
fn can_be_blocked(rules: &Rules, position: &Position, us: Color) -> bool {
    if let Some(result) = position.outcome(rules) {
        return result.winner == Some(us.opponent());
    }
    if position.is_movement_phase() {
        return false;
    }
    let moves = position.legal_moves(rules);
    let mut lines = moves
        .as_slice()
        .iter()
        .map(|&mv| can_be_blocked(rules, &position.play(mv), us));
    if position.side_to_move() == us {
        lines.all(|lost| lost)
    } else {
        lines.any(|lost| lost)
    }
}

#[test]
fn the_search_does_not_place_into_a_blockade_at_the_end_of_placement() {
    // Two placements a side are left; 7 of White's 16 moves let Black block White in with the
    // last placements (the depth-3 search chose d3xg1, one of them, before its lines went on
    // through the last placements).
    let rules = Rules::standard();
    for text in [
        "....BWWB/..B.BWWB/B..BW.WW w 2 2 14",
        ".....B../WBBBWB.B/WWBWW..W w 2 2 14",
    ] {
        let position: Position = text.parse().expect("a position");
        let us = position.side_to_move();
        assert!(!can_be_blocked(&rules, &position, us), "{text}");
        let losing = position
            .legal_moves(&rules)
            .as_slice()
            .iter()
            .filter(|&&mv| can_be_blocked(&rules, &position.play(mv), us))
            .count();
        assert!(losing >= 7, "{text}: {losing}");
        for depth in 2..=4 {
            let choice = Searcher::new(rules)
                .search(&position, &SearchLimits::depth(depth))
                .best_move
                .expect("a move");
            assert!(
                !can_be_blocked(&rules, &position.play(choice), us),
                "{text} depth {depth}: {choice}"
            );
        }
    }
}
