//! The one-sided bearoff database.

use crate::common::board;
use ludus_backgammon::{Dice, Position};
use ludus_backgammon_engine::bearoff::{BearoffDb, MAX_ROLLS, POSITIONS, index};
use std::collections::HashMap;

const TOLERANCE: f32 = 1e-5;

fn points(list: &[(usize, u8)]) -> [u8; 6] {
    let mut p = [0u8; 6];
    for &(pt, n) in list {
        p[pt - 1] += n;
    }
    p
}

#[test]
fn index_is_a_bijection_onto_all_54264_positions() {
    let mut seen = vec![false; POSITIONS];
    let mut count = 0;
    for a in 0..=15u8 {
        for b in 0..=15 - a {
            for c in 0..=15 - a - b {
                for d in 0..=15 - a - b - c {
                    for e in 0..=15 - a - b - c - d {
                        for f in 0..=15 - a - b - c - d - e {
                            let i = index(&[a, b, c, d, e, f]);
                            assert!(!seen[i], "index {i} twice");
                            seen[i] = true;
                            count += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(count, POSITIONS);
}

#[test]
fn one_checker_on_the_one_point_bears_off_in_one_roll() {
    let d = BearoffDb::get().rolls_to_finish(&points(&[(1, 1)]));
    assert!((d[1] - 1.0).abs() < TOLERANCE);
}

#[test]
fn one_checker_on_the_six_point_needs_two_rolls_after_small_rolls() {
    // 21, 31, 41, 32 (2/36 each) and 11 (1/36) cannot carry it off at once.
    let d = BearoffDb::get().rolls_to_finish(&points(&[(6, 1)]));
    assert!((d[1] - 27.0 / 36.0).abs() < TOLERANCE, "{}", d[1]);
    assert!((d[2] - 9.0 / 36.0).abs() < TOLERANCE);
}

#[test]
fn two_checkers_on_the_six_point_finish_at_once_only_with_big_doubles() {
    // 66, 55, 44 and 33 bear off both.
    let d = BearoffDb::get().rolls_to_finish(&points(&[(6, 2)]));
    assert!((d[1] - 4.0 / 36.0).abs() < TOLERANCE, "{}", d[1]);
}

#[test]
fn every_distribution_sums_to_one_and_adding_a_checker_never_helps() {
    let db = BearoffDb::get();
    let mut pos = [0u8; 6];
    for i in 0..6 {
        for n in 0..=2u8 {
            pos[i] = n;
            let d = db.rolls_to_finish(&pos);
            let total: f32 = d.iter().sum();
            assert!((total - 1.0).abs() < 1e-4);
            let mut more = pos;
            more[(i + 3) % 6] += 1;
            assert!(db.expected_rolls(&more) >= db.expected_rolls(&pos) - TOLERANCE);
        }
    }
    let full = db.rolls_to_finish(&points(&[(6, 15)]));
    assert!((full.iter().sum::<f32>() - 1.0).abs() < 1e-4);
    assert!(
        full[MAX_ROLLS - 1] < 1e-6,
        "tail folded into the last entry"
    );
}

/// Expected rolls by a plain recursion over the rules crate's legal moves.
fn naive_expected_rolls(me: [u8; 26], memo: &mut HashMap<[u8; 26], f64>) -> f64 {
    if me[0] == 15 {
        return 0.0;
    }
    if let Some(&v) = memo.get(&me) {
        return v;
    }
    let mut them = [0u8; 26];
    them[0] = 15;
    let pos = Position::from_checkers(me, them).expect("valid");
    let mut total = 1.0;
    for (dice, weight) in Dice::ALL_21 {
        let best = pos
            .legal_moves_with_positions(dice)
            .iter()
            .map(|(_, after)| naive_expected_rolls(after.player_checkers(), memo))
            .fold(f64::INFINITY, f64::min);
        total += f64::from(weight) / 36.0 * best;
    }
    memo.insert(me, total);
    total
}

#[test]
fn expected_rolls_match_a_naive_recursion_for_small_positions() {
    let db = BearoffDb::get();
    let mut memo = HashMap::new();
    for list in [
        &[(1, 1)][..],
        &[(6, 1)],
        &[(6, 2)],
        &[(5, 1), (3, 2)],
        &[(4, 2), (2, 2)],
        &[(6, 1), (5, 1), (1, 3)],
    ] {
        let me = board(list, &[]).player_checkers();
        let naive = naive_expected_rolls(me, &mut memo);
        let ours = db.expected_rolls(&me[1..=6]);
        assert!(
            (f64::from(ours) - naive).abs() < 1e-4,
            "{list:?}: {ours} vs {naive}"
        );
    }
}

#[test]
fn race_probabilities_follow_from_both_distributions() {
    let db = BearoffDb::get();
    // I need one roll for sure: I win.
    let p = db.probabilities(&board(&[(1, 2)], &[(1, 1)]));
    assert!((p.win - 1.0).abs() < TOLERANCE);
    // Two on my 6-point against one on their 1-point: only 66 55 44 33 win.
    let p = db.probabilities(&board(&[(6, 2)], &[(1, 1)]));
    assert!((p.win - 4.0 / 36.0).abs() < TOLERANCE, "{}", p.win);
    // Fifteen on their 6-point and they have borne none off: my quick finish is a gammon.
    let b = board(&[(1, 1)], &[(6, 15)]);
    let p = db.probabilities(&b);
    assert!((p.win_gammon - 1.0).abs() < TOLERANCE);
}

#[test]
fn two_sided_database_knows_single_checker_races_exactly() {
    use ludus_backgammon_engine::bearoff::TwoSidedDb;
    let db = TwoSidedDb::get();
    // One checker on my 6-point against one on their 1-point: I must bear off at once.
    let p = db
        .win_probability(&board(&[(6, 1)], &[(1, 1)]))
        .expect("in range");
    assert!((p - 27.0 / 36.0).abs() < TOLERANCE, "{p}");
    // Too many checkers: not in the two-sided database.
    assert!(db.win_probability(&board(&[(6, 7)], &[(1, 1)])).is_none());
}

#[test]
fn two_sided_values_agree_closely_with_the_one_sided_approximation() {
    use ludus_backgammon_engine::bearoff::TwoSidedDb;
    let (two, one) = (TwoSidedDb::get(), BearoffDb::get());
    for (me, them) in [
        (&[(6, 2), (4, 2), (1, 2)][..], &[(5, 3), (2, 2)][..]),
        (&[(3, 3), (2, 3)], &[(6, 1), (1, 4)]),
        (&[(6, 3)], &[(4, 2), (3, 2)]),
    ] {
        let b = board(me, them);
        let exact = two.win_probability(&b).expect("in range");
        let approx = one.probabilities(&b).win;
        // Playing to win rather than to minimise the mean barely changes the odds.
        assert!(
            exact >= approx - 0.01 && (exact - approx).abs() < 0.03,
            "{exact} vs {approx}"
        );
    }
}
