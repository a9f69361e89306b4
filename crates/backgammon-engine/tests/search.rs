//! Lookahead identities.

use crate::common::board;
use ludus_backgammon::{Dice, Position, random_positions};
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator, Probabilities};
use ludus_backgammon_engine::plays::plays;
use ludus_backgammon_engine::search::{eval_plies, rank_moves};
use ludus_backgammon_engine::train::argmax_equity;

#[test]
fn equity_is_average_of_1ply_ahead_equities() {
    let e = NetEvaluator::shipped();
    let mut after = Vec::new();
    for b in random_positions(21, 3) {
        let two = eval_plies(&e, &b, 2);
        let mut avg = Probabilities::default();
        for &(dice, w) in &Dice::ALL_21 {
            plays(&b, dice, &mut after);
            let mut scores = Vec::new();
            e.eval_after_moves(&after, &mut scores);
            let best = after[argmax_equity(&scores)];
            let v = eval_plies(&e, &best.swapped(), 1).flipped();
            avg.add_scaled(&v, f32::from(w) / 36.0);
        }
        assert!((two.equity() - avg.equity()).abs() < 1e-4);
    }
}

#[test]
fn exact_bearoff_values_barely_change_with_lookahead() {
    let e = NetEvaluator::shipped();
    let b = board(&[(6, 2), (5, 2), (3, 1)], &[(4, 2), (2, 3), (1, 1)]);
    let zero = e.eval(&b).win;
    let one = eval_plies(&e, &b, 1).win;
    assert!((zero - one).abs() < 0.01, "{zero} vs {one}");
}

#[test]
fn ranked_moves_list_every_play_best_first() {
    let e = NetEvaluator::shipped();
    let b = Position::starting();
    let dice = Dice::new(3, 1).expect("dice");
    let ranked = rank_moves(&e, &b, dice, 1);
    assert_eq!(ranked.len(), 16);
    assert_eq!(ranked[0].plies, 1);
    // 31 is played 8/5 6/5 by every strong player.
    let expected = b.apply(&b.parse_move(dice, "8/5 6/5").expect("legal"));
    assert_eq!(ranked[0].after, expected);
}
