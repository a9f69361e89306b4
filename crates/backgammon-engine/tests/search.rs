//! Lookahead identities.

use crate::common::{board, random_positions};
use ludus_backgammon_engine::board::{ALL_ROLLS, successors};
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator, Probabilities};
use ludus_backgammon_engine::search::{eval_plies, rank_moves};
use ludus_backgammon_engine::train::argmax_equity;

#[test]
fn equity_is_average_of_1ply_ahead_equities() {
    let e = NetEvaluator::shipped();
    for b in random_positions(3, 21) {
        let two = eval_plies(&e, &b, 2);
        let mut avg = Probabilities::default();
        for &(d1, d2, w) in &ALL_ROLLS {
            let succ = successors(&b, d1, d2);
            let mut scores = Vec::new();
            e.eval_after_moves(&succ, &mut scores);
            let best = succ[argmax_equity(&scores)];
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
    let b = ludus_backgammon_engine::Board::STARTING;
    let ranked = rank_moves(&e, &b, (3, 1), 1);
    assert_eq!(ranked.len(), 16);
    assert_eq!(ranked[0].plies, 1);
    // 31 is played 8/5 6/5 by every strong player.
    let mut expected = b;
    expected.me[8] -= 1;
    expected.me[6] -= 1;
    expected.me[5] += 2;
    assert_eq!(ranked[0].board, expected);
}
