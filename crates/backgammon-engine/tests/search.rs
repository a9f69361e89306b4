//! Lookahead identities, the pruning of replies and the filter chain.

use crate::common::board;
use ludus_backgammon::player::plays;
use ludus_backgammon::{Dice, Position, random_positions};
use ludus_backgammon_engine::eval::{Evaluator, MAX_PRUNE_KEEP, NetEvaluator};
use ludus_backgammon_engine::filters::{FILTER_KEEP, Filters, MoveFilter};
use ludus_backgammon_engine::net::Net;
use ludus_backgammon_engine::probabilities::{Probabilities, argmax_equity};
use ludus_backgammon_engine::search::{PlayValuation, eval_plies, rank_moves, rank_moves_shown};
use std::sync::Arc;

#[test]
fn equity_is_average_of_1ply_ahead_equities_after_the_chosen_replies() {
    let e = NetEvaluator::shipped();
    let mut after = Vec::new();
    for b in random_positions(21, 3) {
        let two = eval_plies(&e, &b, 2);
        let mut avg = Probabilities::default();
        for &(dice, w) in &Dice::ALL_21 {
            plays(&b, dice, &mut after);
            let mut scores = Vec::new();
            let best = after[e.best_play(&after, &mut scores).0];
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

#[test]
fn the_shown_plays_are_all_valued_at_the_depth_asked_and_agree_with_the_filtered_ranking() {
    // The opening 6-2: 15 plays, more than the filters keep.
    let (e, start, six_two) = (
        NetEvaluator::shipped(),
        Position::starting(),
        Dice::new(6, 2),
    );
    let six_two = six_two.expect("dice");
    let filtered = rank_moves(&e, &start, six_two, 1);
    let shown = rank_moves_shown(&e, &start, six_two, 1, &PlayValuation::Cubeless, 10);
    assert_eq!(shown.len(), filtered.len());
    assert!(
        filtered.iter().any(|m| m.plies == 0),
        "the filters leave some at 0 ply"
    );
    assert!(shown[..10].iter().all(|m| m.plies == 1));
    assert!(shown[10..].iter().all(|m| m.plies == 0));
    assert!(shown[..10].windows(2).all(|w| w[0].value >= w[1].value));
    // A play the filters kept has the same value either way.
    let kept = filtered.iter().filter(|m| m.plies == 1);
    for m in kept {
        let same = shown.iter().find(|s| s.after == m.after).expect("listed");
        assert!((same.value - m.value).abs() < 1e-9);
    }
}

/// Every play of every roll from a few positions of random play.
fn roll_plays() -> Vec<Vec<Position>> {
    let mut out = Vec::new();
    for b in random_positions(5, 12) {
        for &(dice, _) in Dice::ALL_21.iter().step_by(4) {
            let mut after = Vec::new();
            plays(&b, dice, &mut after);
            out.push(after);
        }
    }
    out
}

#[test]
fn pruned_reply_is_the_full_networks_best_of_the_pruners_favourites() {
    let full = NetEvaluator::shipped_full_width();
    let pruner = Arc::new(Net::random(8, 4));
    for keep in [1, 3, MAX_PRUNE_KEEP] {
        let pruned = NetEvaluator::shipped_full_width().with_pruning(Arc::clone(&pruner), keep);
        let cheap = NetEvaluator::new((*pruner).clone());
        let mut scratch = Vec::new();
        for after in roll_plays() {
            let (best, value) = pruned.best_play(&after, &mut scratch);
            let mut exact = Vec::new();
            full.eval_after_moves(&after, &mut exact);
            // The value is the full network's, of the play chosen.
            assert_eq!(value, exact[best]);
            if keep >= after.len() {
                assert_eq!(best, argmax_equity(&exact));
                continue;
            }
            // The play chosen is among the pruner's best `keep`, and no better play by the full
            // network is.
            let mut rough = Vec::new();
            cheap.eval_after_moves(&after, &mut rough);
            let mut order: Vec<usize> = (0..after.len()).collect();
            order.sort_by(|&a, &b| rough[b].equity().total_cmp(&rough[a].equity()));
            let favourites = &order[..keep];
            assert!(
                favourites.contains(&best)
                    || rough[best].equity() == rough[favourites[keep - 1]].equity()
            );
            for &i in favourites {
                assert!(
                    exact[i].equity() <= value.equity(),
                    "keep {keep}: favourites {favourites:?} best {best} {:?} {:?}",
                    favourites
                        .iter()
                        .map(|&i| exact[i].equity())
                        .collect::<Vec<_>>(),
                    favourites
                        .iter()
                        .map(|&i| rough[i].equity())
                        .collect::<Vec<_>>()
                );
            }
        }
    }
}

#[test]
fn without_pruning_or_a_one_ply_stage_the_shipped_search_is_the_full_width_search() {
    let shipped = NetEvaluator::shipped().full_width();
    let full = NetEvaluator::shipped_full_width();
    assert_eq!(full.filters(), Filters::FULL);
    assert!(full.pruning_net().is_none());
    let b = random_positions(9, 1)[0];
    assert_eq!(eval_plies(&shipped, &b, 2), eval_plies(&full, &b, 2));
}

#[test]
fn a_one_ply_stage_narrows_the_candidates_before_the_deep_evaluation() {
    let stage = MoveFilter {
        keep: 2,
        window: 1.0,
    };
    let e = NetEvaluator::shipped_full_width().with_filters(Filters {
        one: Some(stage),
        ..Filters::FULL
    });
    let dice = Dice::new(4, 2).expect("dice");
    let kept_at_one_ply = |b: &Position| {
        rank_moves(&e, b, dice, 1)
            .iter()
            .filter(|m| m.plies == 1)
            .count()
    };
    // A position with more than two candidates within the 0-ply window.
    let b = random_positions(7, 100)
        .into_iter()
        .find(|b| kept_at_one_ply(b) > 2)
        .expect("a position with several good plays");
    let kept = kept_at_one_ply(&b);
    assert!(kept <= FILTER_KEEP);
    let ranked = rank_moves(&e, &b, dice, 2);
    let at = |plies| ranked.iter().filter(|m| m.plies == plies).count();
    assert_eq!(at(2), 2);
    assert_eq!(at(1), kept - 2);
    // The two at 2 plies are the 1-ply ranking's best two.
    let one = rank_moves(&e, &b, dice, 1);
    let mut top: Vec<Position> = one[..2].iter().map(|m| m.after).collect();
    let mut deep: Vec<Position> = ranked[..2].iter().map(|m| m.after).collect();
    top.sort_unstable();
    deep.sort_unstable();
    assert_eq!(top, deep);
}
