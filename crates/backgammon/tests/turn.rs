//! The turn builder against the move generator: every sequence of offered steps ends in a legal
//! move, every legal move can be built in every order its checker moves allow, undo restores,
//! and the steps offered are exactly those a brute-force search over single steps finds.

use crate::naive_movegen::{Board, naive_step};
use ludus_backgammon::random_positions;
use ludus_backgammon::{CheckerMove, Dice, Move, Position, Step, Turn, TurnError};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

fn dice(text: &str) -> Dice {
    text.parse().unwrap()
}

/// The boards the legal moves leave.
fn legal_boards(position: &Position, roll: Dice) -> HashSet<Position> {
    position
        .legal_moves_with_positions(roll)
        .into_iter()
        .map(|(_, after)| after)
        .collect()
}

/// Plays random offered steps until the move is complete; returns the turn.
fn random_walk(position: Position, roll: Dice, rng: &mut ChaCha8Rng) -> Turn {
    let mut turn = Turn::new(position, roll);
    while !turn.is_complete() {
        let offered = turn.legal_steps();
        assert!(
            !offered.is_empty(),
            "{position:?} {roll}: stuck after {:?}",
            turn.steps()
        );
        turn.play(offered[rng.random_range(0..offered.len())])
            .unwrap();
    }
    turn
}

/// Every order of some checker moves (at most 4! = 24).
fn orders(moves: &[CheckerMove]) -> Vec<Vec<CheckerMove>> {
    if moves.len() <= 1 {
        return vec![moves.to_vec()];
    }
    let mut all = Vec::new();
    for i in 0..moves.len() {
        let mut rest = moves.to_vec();
        let first = rest.remove(i);
        for mut tail in orders(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

fn assert_offered_steps_end_in_legal_moves(position: Position, roll: Dice, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let legal = legal_boards(&position, roll);
    let turn = random_walk(position, roll, &mut rng);
    let played = turn.finished_move().expect("complete");
    assert!(
        legal.contains(&turn.board()),
        "{position:?} {roll}: {played}"
    );
    assert_eq!(position.apply(&played), turn.board());
    // Its notation reads back as the same legal move (what a front end sends).
    let read = position.parse_move(roll, &played.to_string()).unwrap();
    assert_eq!(
        position.apply(&read),
        turn.board(),
        "{position:?} {roll}: {played}"
    );
    let expected = position.legal_moves(roll)[0].len();
    assert_eq!(played.len(), expected, "{position:?} {roll}: {played}");
}

fn assert_every_order_of_every_legal_move_is_buildable(position: Position, roll: Dice) {
    let fresh = Turn::new(position, roll);
    for (mv, after) in position.legal_moves_with_positions(roll) {
        for order in orders(mv.checker_moves()) {
            // Orders the rules allow: the bar first, bearing off once home, and so on.
            if position.in_order(roll, &order).is_none() {
                continue;
            }
            let mut turn = fresh.clone();
            for step in &order {
                turn.play_checker(step.from, step.to)
                    .unwrap_or_else(|error| {
                        panic!("{position:?} {roll}: {mv} in the order {order:?}: {error}")
                    });
            }
            assert!(turn.is_complete(), "{position:?} {roll}: {mv} {order:?}");
            assert_eq!(turn.board(), after, "{position:?} {roll}: {mv} {order:?}");
        }
    }
}

fn assert_undo_restores(position: Position, roll: Dice, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let fresh = Turn::new(position, roll);
    let mut turn = fresh.clone();
    let mut before = Vec::new();
    while !turn.is_complete() {
        before.push((turn.board(), turn.legal_steps(), turn.dice_used()));
        let offered = turn.legal_steps();
        turn.play(offered[rng.random_range(0..offered.len())])
            .unwrap();
    }
    while let Some((board, offered, dice_used)) = before.pop() {
        turn.undo().expect("a step to take back");
        assert_eq!(turn.board(), board);
        assert_eq!(turn.legal_steps(), offered);
        assert_eq!(turn.dice_used(), dice_used);
    }
    assert_eq!(turn.undo(), None);
    assert_eq!(turn.board(), position);
    assert_eq!(turn.legal_steps(), fresh.legal_steps());
}

fn board_of(position: &Position) -> Board {
    (position.player_checkers(), position.opponent_checkers())
}

/// Brute force: whether some order of the dice `left`, die by die from `board`, uses `need` more
/// dice and ends on one of `finals`.
fn naive_completes(board: &Board, left: &[u8], need: usize, finals: &HashSet<Board>) -> bool {
    if need == 0 {
        return finals.contains(board);
    }
    (0..left.len()).any(|i| {
        let mut rest = left.to_vec();
        let die = rest.remove(i);
        (1..=25).any(|from| {
            naive_step(board, from, usize::from(die))
                .is_some_and(|next| naive_completes(&next, &rest, need - 1, finals))
        })
    })
}

/// Brute force: the (from, to, die) steps from `board` with the dice `left` that lead on to a
/// legal move (the higher die alone when only one of two can be played).
fn naive_offered(turn: &Turn, finals: &HashSet<Board>) -> HashSet<(u8, u8, u8)> {
    let roll = turn.dice();
    let used: Vec<u8> = turn.steps().iter().map(|s| s.die).collect();
    let mut left: Vec<u8> = if roll.is_double() {
        vec![roll.high(); 4]
    } else {
        vec![roll.high(), roll.low()]
    };
    for die in used {
        let at = left.iter().position(|&d| d == die).expect("a used die");
        left.remove(at);
    }
    let need = turn.dice_to_use() - turn.steps().len();
    let board = board_of(&turn.board());
    let single_die = turn.dice_to_use() == 1 && !roll.is_double();
    let high_playable =
        (1..=25).any(|from| naive_step(&board, from, usize::from(roll.high())).is_some());
    let mut offered = HashSet::new();
    for (i, &die) in left.iter().enumerate() {
        if single_die && high_playable && die != roll.high() {
            continue;
        }
        let mut rest = left.clone();
        rest.remove(i);
        for from in 1..=25u8 {
            if let Some(next) = naive_step(&board, usize::from(from), usize::from(die))
                && naive_completes(&next, &rest, need.saturating_sub(1), finals)
            {
                offered.insert((from, from.saturating_sub(die), die));
            }
        }
    }
    offered
}

fn assert_same_steps_as_brute_force(position: Position, roll: Dice, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let finals: HashSet<Board> = legal_boards(&position, roll).iter().map(board_of).collect();
    let mut turn = Turn::new(position, roll);
    loop {
        let offered: HashSet<(u8, u8, u8)> = turn
            .legal_steps()
            .iter()
            .map(|s| (s.from, s.to, s.die))
            .collect();
        let expected = if turn.is_complete() {
            HashSet::new()
        } else {
            naive_offered(&turn, &finals)
        };
        assert_eq!(
            offered,
            expected,
            "{position:?} {roll} after {:?}",
            turn.steps()
        );
        let steps = turn.legal_steps();
        if steps.is_empty() {
            break;
        }
        turn.play(steps[rng.random_range(0..steps.len())]).unwrap();
    }
}

/// Runs `check` on `count` random positions from `seed` with each of the 21 rolls (and the
/// position's index, to seed the check's own choices).
fn on_random_positions(seed: u64, count: usize, check: impl Fn(Position, Dice, u64)) {
    for (index, position) in random_positions(seed, count).into_iter().enumerate() {
        for (roll, _) in Dice::ALL_21 {
            check(position, roll, index as u64);
        }
    }
}

#[test]
fn every_offered_sequence_ends_in_a_legal_move_on_random_positions() {
    on_random_positions(31, 400, assert_offered_steps_end_in_legal_moves);
}

#[test]
fn every_legal_move_is_buildable_in_every_order_on_random_positions() {
    on_random_positions(32, 100, |position, roll, _| {
        assert_every_order_of_every_legal_move_is_buildable(position, roll)
    });
}

#[test]
fn undo_restores_every_earlier_state_on_random_positions() {
    on_random_positions(33, 200, assert_undo_restores);
}

#[test]
fn offered_steps_match_a_brute_force_search_on_random_positions() {
    on_random_positions(34, 120, assert_same_steps_as_brute_force);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn turns_agree_with_the_move_generator(seed: u64, plies in 0usize..300, roll in 0usize..21) {
        let position = *random_positions(seed, plies + 1).last().expect("one position");
        let roll = Dice::ALL_21[roll].0;
        assert_offered_steps_end_in_legal_moves(position, roll, seed);
        assert_every_order_of_every_legal_move_is_buildable(position, roll);
        assert_undo_restores(position, roll, seed);
        assert_same_steps_as_brute_force(position, roll, seed);
    }
}

#[test]
fn only_the_higher_die_is_offered_when_one_die_can_be_played() {
    // 24/18/13 and 24/19/13 are blocked (the opponent holds our 13): one die only, the 6.
    let turn = Turn::new(pos!(24:1, 1:14; 12:2), dice("65"));
    assert_eq!(
        turn.legal_steps(),
        [Step {
            from: 24,
            to: 18,
            die: 6,
            hit: false
        }]
    );
    assert_eq!(turn.dice_to_use(), 1);
}

#[test]
fn a_die_playable_only_after_the_other_is_offered_first() {
    // 24/18 is blocked, but 24/23 opens 23/17: the 1 must come first.
    let mut turn = Turn::new(pos!(24:1, 1:14; 7:2), dice("61"));
    assert_eq!(turn.sources(), [24]);
    assert_eq!(
        turn.journeys(24).iter().map(|j| j.to).collect::<Vec<_>>(),
        [23, 17]
    );
    assert!(matches!(
        turn.play_checker(24, 18),
        Err(TurnError::NoSuchStep { from: 24, to: 18 })
    ));
    turn.play_checker(24, 23).unwrap();
    turn.play_checker(23, 17).unwrap();
    assert_eq!(turn.finished_move().unwrap().to_string(), "24/17");
}

#[test]
fn a_checker_on_the_bar_enters_before_any_other_moves() {
    let mut turn = Turn::new(pos!(25:1, 13:14; 24:2), dice("43"));
    assert_eq!(turn.sources(), [25]);
    turn.play_checker(25, 21).unwrap();
    assert!(turn.sources().contains(&13));
}

#[test]
fn one_click_moves_a_checker_by_both_dice_and_undo_takes_both_back() {
    let mut turn = Turn::new(Position::starting(), dice("31"));
    let journeys = turn.journeys(24);
    let to: Vec<u8> = journeys.iter().map(|j| j.to).collect();
    assert_eq!(to, [23, 21, 20]);
    let both = journeys.iter().find(|j| j.to == 20).unwrap();
    assert_eq!(both.steps.len(), 2);
    turn.play_journey(both).unwrap();
    assert_eq!(turn.finished_move().unwrap().to_string(), "24/20");
    assert_eq!(turn.dice_used(), [(3, true), (1, true)]);
    turn.undo();
    turn.undo();
    assert_eq!(turn.board(), Position::starting());
}

#[test]
fn a_journey_over_two_dice_avoids_hitting_on_the_way() {
    // An opposing blot on our 21: 24/21/20 would hit it, 24/23/20 passes it by.
    let turn = Turn::new(pos!(24:2, 6:13; 4:1, 10:14), dice("31"));
    let journey = turn.journeys(24).into_iter().find(|j| j.to == 20).unwrap();
    assert_eq!(
        journey
            .steps
            .iter()
            .map(|s| (s.from, s.to, s.hit))
            .collect::<Vec<_>>(),
        [(24, 23, false), (23, 20, false)]
    );
    // Die by die it can still hit.
    let mut turn = turn;
    assert!(turn.play_checker(24, 21).unwrap().hit);
}

#[test]
fn bearing_off_with_either_die_uses_the_smaller_one() {
    // The 3-point is the highest: either the 3 or the 5 bears it off.
    let mut turn = Turn::new(pos!(3:1, 2:1; 1:15), dice("53"));
    let step = turn.play_checker(3, 0).unwrap();
    assert_eq!(step.die, 3);
    turn.play_checker(2, 0).unwrap();
    assert!(turn.is_complete());
    assert_eq!(turn.board().player(0), 15);
}

#[test]
fn a_roll_without_a_legal_move_is_complete_at_once() {
    // On the bar against a closed board.
    let turn = Turn::new(pos!(25:1, 13:14; 1:2, 2:2, 3:2, 4:2, 5:2, 6:2), dice("64"));
    assert!(turn.is_complete());
    assert!(turn.legal_steps().is_empty());
    assert_eq!(turn.finished_move(), Some(Move::EMPTY));
}

#[test]
fn a_complete_move_refuses_more_steps() {
    let mut turn = Turn::new(Position::starting(), dice("31"));
    turn.play_checker(8, 5).unwrap();
    turn.play_checker(6, 5).unwrap();
    assert_eq!(turn.play_checker(13, 10), Err(TurnError::Complete));
    assert_eq!(TurnError::Complete.code(), "move-complete");
}
