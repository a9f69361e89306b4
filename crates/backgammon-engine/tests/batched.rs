//! Batched inference against one position at a time, and the evaluation cache against none: the
//! same outputs bit for bit, and the same choices in the lookahead.

use crate::common::two_layer_net;
use ludus_backgammon::player::plays;
use ludus_backgammon::{Dice, Position, random_positions};
use ludus_backgammon_engine::encoding::SparseInputs;
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator, shipped_pruning_net};
use ludus_backgammon_engine::net::Net;
use ludus_backgammon_engine::probabilities::Probabilities;
use ludus_backgammon_engine::search::rank_moves;

/// Encoded positions of seeded random play for `net`.
fn inputs(net: &Net, count: usize) -> Vec<SparseInputs> {
    random_positions(29, count)
        .iter()
        .map(|p| {
            let mut x = SparseInputs::new();
            net.encode(p, &mut x);
            x
        })
        .collect()
}

/// Every batch size from 0 to 9 (whole blocks of four, remainders of one to three) gives each
/// position's outputs of `Net::forward` bit for bit.
fn batch_matches_one_at_a_time(net: &Net) {
    let xs = inputs(net, 9);
    let mut h = vec![0.0; net.scratch_len()];
    let single: Vec<[f32; 5]> = xs.iter().map(|x| net.forward(x, &mut h)).collect();
    let (mut scratch, mut out) = (Vec::new(), Vec::new());
    for n in 0..=xs.len() {
        net.forward_batch(&xs[..n], &mut scratch, &mut out);
        assert_eq!(out, single[..n], "batch of {n}");
    }
}

#[test]
fn a_batch_of_a_two_layer_network_gives_its_single_outputs_bit_for_bit() {
    // 20 units: two whole blocks of 8 and 4 left over.
    batch_matches_one_at_a_time(&two_layer_net(24, 20, 5));
    batch_matches_one_at_a_time(&two_layer_net(64, 32, 6));
}

#[test]
fn a_batch_of_a_one_layer_network_gives_its_single_outputs_bit_for_bit() {
    batch_matches_one_at_a_time(NetEvaluator::shipped().net());
}

#[test]
fn the_blocked_second_layer_is_the_row_by_row_one_bit_for_bit() {
    let net = two_layer_net(40, 20, 8);
    for x in inputs(&net, 20) {
        let mut blocked = vec![0.0; net.scratch_len()];
        net.hidden_layer(&x, &mut blocked);
        let mut rows = blocked.clone();
        assert_eq!(
            net.upper_layers(&mut blocked),
            net.upper_layers_by_rows(&mut rows)
        );
    }
}

/// The network's evaluator with the trait's default, one-at-a-time play values (the reference
/// of the batched ones).
struct OneByOne(NetEvaluator);

impl Evaluator for OneByOne {
    fn eval(&self, position: &Position) -> Probabilities {
        self.0.eval(position)
    }
}

#[test]
fn batched_play_values_are_the_one_at_a_time_values() {
    let evaluator = NetEvaluator::new(two_layer_net(32, 16, 3));
    let reference = OneByOne(evaluator.clone());
    let (mut after, mut batched, mut single) = (Vec::new(), Vec::new(), Vec::new());
    for (i, p) in random_positions(31, 60).iter().enumerate() {
        let dice = Dice::new((i % 6) as u8 + 1, (i / 6 % 6) as u8 + 1).expect("dice");
        plays(p, dice, &mut after);
        evaluator.eval_after_moves(&after, &mut batched);
        reference.eval_after_moves(&after, &mut single);
        assert_eq!(batched, single, "position {i}");
    }
}

#[test]
fn the_lookahead_chooses_and_values_alike_batched_and_one_at_a_time() {
    let evaluator = NetEvaluator::new(two_layer_net(32, 16, 4));
    let reference = OneByOne(evaluator.clone());
    for (i, p) in random_positions(37, 6).iter().enumerate() {
        let dice = Dice::new((i % 6) as u8 + 1, 3).expect("dice");
        let fast = rank_moves(&evaluator, p, dice, 1);
        let slow = rank_moves(&reference, p, dice, 1);
        let key = |m: &ludus_backgammon_engine::search::RankedMove| (m.after, m.probabilities);
        assert_eq!(
            fast.iter().map(key).collect::<Vec<_>>(),
            slow.iter().map(key).collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_pruned_reply_choice_is_the_best_full_network_value_among_the_pruners_best() {
    let Some(pruner) = shipped_pruning_net() else {
        return;
    };
    let net = two_layer_net(32, 16, 2);
    let evaluator = NetEvaluator::new(net).with_pruning(pruner.clone(), 3);
    let pruner_only = OneByOne(NetEvaluator::new((*pruner).clone()));
    let full = OneByOne(evaluator.clone().full_width());
    let (mut after, mut scratch, mut rough, mut exact) = (Vec::new(), vec![], vec![], vec![]);
    for (i, p) in random_positions(41, 80).iter().enumerate() {
        let dice = Dice::new((i % 6) as u8 + 1, (i / 6 % 6) as u8 + 1).expect("dice");
        plays(p, dice, &mut after);
        let (best, value) = evaluator.best_play(&after, &mut scratch);
        pruner_only.eval_after_moves(&after, &mut rough);
        full.eval_after_moves(&after, &mut exact);
        let mut order: Vec<usize> = (0..after.len()).collect();
        order.sort_by(|&a, &b| {
            rough[b]
                .equity()
                .total_cmp(&rough[a].equity())
                .then(a.cmp(&b))
        });
        order.truncate(3);
        order.sort_unstable();
        let expected = order
            .iter()
            .copied()
            .reduce(|a, b| {
                if exact[b].equity() > exact[a].equity() {
                    b
                } else {
                    a
                }
            })
            .expect("a play");
        assert_eq!((best, value), (expected, exact[expected]), "position {i}");
    }
}

#[test]
fn the_shipped_two_ply_search_chooses_and_values_alike_with_and_without_the_cache() {
    let cached = NetEvaluator::shipped();
    let uncached = NetEvaluator::shipped().uncached();
    let key = |m: &ludus_backgammon_engine::search::RankedMove| {
        (m.after, m.probabilities, m.value.to_bits(), m.plies)
    };
    // Twice over the same positions: the second pass reads what the first one kept.
    for pass in 0..2 {
        for (i, p) in random_positions(43, 4).iter().enumerate() {
            let dice = Dice::new((i % 6) as u8 + 1, 5).expect("dice");
            let with = rank_moves(&cached, p, dice, 2);
            let without = rank_moves(&uncached, p, dice, 2);
            assert_eq!(
                with.iter().map(key).collect::<Vec<_>>(),
                without.iter().map(key).collect::<Vec<_>>(),
                "pass {pass}, position {i}"
            );
        }
    }
}

#[test]
fn a_network_changed_by_training_is_not_answered_from_the_cache_of_its_old_weights() {
    let mut net = Net::random(16, 8);
    let (mut after, mut before, mut trained, mut fresh) = (vec![], vec![], vec![], vec![]);
    let p = random_positions(47, 1)[0];
    plays(&p, Dice::new(6, 1).expect("dice"), &mut after);
    NetEvaluator::new(net.clone()).eval_after_moves(&after, &mut before);
    let old_id = net.id();
    let mut x = SparseInputs::new();
    net.encode(&after[0].swapped(), &mut x);
    let mut h = vec![0.0; net.scratch_len()];
    net.train_step(&x, &[1.0, 1.0, 1.0, 0.0, 0.0], 0.5, &mut h);
    assert_ne!(net.id(), old_id);
    NetEvaluator::new(net.clone()).eval_after_moves(&after, &mut trained);
    NetEvaluator::new(net.clone())
        .uncached()
        .eval_after_moves(&after, &mut fresh);
    assert_eq!(trained, fresh);
    assert_ne!(trained, before);
}

#[test]
fn a_copy_keeps_its_networks_id_and_every_new_network_has_its_own() {
    let net = Net::random(8, 3);
    let read = Net::from_bytes(&net.to_bytes()).expect("its own bytes");
    assert_eq!(net.clone().id(), net.id());
    assert_eq!(read, net, "the same weights are equal networks");
    assert_ne!(read.id(), net.id());
    let widened = net
        .widened(ludus_backgammon_engine::encoding::Encoding::Features)
        .expect("encoding 2 extends encoding 1");
    let wider = net.with_hidden(12, 1).expect("more units");
    let ids = [net.id(), read.id(), widened.id(), wider.id()];
    let distinct: std::collections::HashSet<u64> = ids.into_iter().collect();
    assert_eq!(distinct.len(), 4, "{ids:?}");
    assert!(ids.iter().all(|&id| id != 0));
}
