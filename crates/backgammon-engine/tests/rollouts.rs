//! Rollouts.

use crate::common::board;
use ludus_backgammon::Dice;
use ludus_backgammon::random_positions;
use ludus_backgammon_engine::cube::{CubeState, MoneyOptions, exact_money_equity};
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator};
use ludus_backgammon_engine::rollout::{
    LuckEstimate, RolloutConfig, RolloutSums, rollout, rollout_games,
};
use ludus_backgammon_engine::search::best_move;

#[test]
fn a_rollout_of_a_bearoff_reproduces_the_database() {
    let e = NetEvaluator::shipped();
    let b = board(&[(6, 3), (4, 2), (2, 2)], &[(5, 3), (3, 3), (1, 2)]);
    let exact = e.eval(&b);
    let config = RolloutConfig {
        games: 72,
        truncate: Some(2),
        ..RolloutConfig::default()
    };
    let r = rollout(&e, &b, &config, |_| {});
    assert!(
        (r.probabilities.win - exact.win).abs() < 0.02,
        "{r:?} vs {exact:?}"
    );
}

#[test]
fn luck_adjustment_shrinks_the_standard_error() {
    let e = NetEvaluator::shipped();
    let b = random_positions(3, 40)[39];
    let plain = RolloutConfig {
        games: 72,
        truncate: Some(6),
        luck_adjust: false,
        ..RolloutConfig::default()
    };
    let adjusted = RolloutConfig {
        luck_adjust: true,
        ..plain.clone()
    };
    let a = rollout(&e, &b, &plain, |_| {});
    let v = rollout(&e, &b, &adjusted, |_| {});
    assert!(
        v.std_error < a.std_error,
        "{} vs {}",
        v.std_error,
        a.std_error
    );
    assert!((v.equity - a.equity).abs() < 3.0 * (a.std_error + v.std_error) + 0.05);
}

#[test]
fn rollouts_replay_from_their_seed() {
    let e = NetEvaluator::shipped();
    let b = random_positions(4, 10)[9];
    let config = RolloutConfig {
        games: 12,
        truncate: Some(8),
        luck_adjust: false,
        ..RolloutConfig::default()
    };
    let a = rollout(&e, &b, &config, |_| {});
    let c = rollout(&e, &b, &config, |_| {});
    assert_eq!(a.equity, c.equity);
}

/// A rollout run in parts (as the server runs one, a stop possible between them) gives exactly
/// the rollout run at once.
#[test]
fn a_rollout_in_parts_is_the_rollout_at_once() {
    let e = NetEvaluator::shipped();
    let b = random_positions(5, 10)[7];
    let config = RolloutConfig {
        games: 14,
        truncate: Some(6),
        luck: LuckEstimate::Pruned,
        ..RolloutConfig::default()
    };
    let whole = rollout(&e, &b, &config, |_| {});
    let mut parts = RolloutSums::default();
    for range in [0..5, 5..6, 6..14] {
        parts.merge(&rollout_games(&e, &b, &config, range, |_| {}));
    }
    let merged = parts.result();
    assert_eq!(merged.games, 14);
    assert!((merged.equity - whole.equity).abs() < 1e-12);
    assert!((merged.std_error - whole.std_error).abs() < 1e-12);
    assert!((merged.probabilities.win - whole.probabilities.win).abs() < 1e-6);
}

/// A rollout played by the 1-ply search, one roll a game and the 36 first rolls each once, no
/// luck adjustment: its mean is the average over the rolls of the network's value after the
/// 1-ply search's play, computed here move by move.
#[test]
fn a_one_ply_rollout_plays_the_one_ply_search() {
    let e = NetEvaluator::shipped();
    let config = RolloutConfig {
        games: 36,
        truncate: Some(1),
        luck_adjust: false,
        plies: 1,
        ..RolloutConfig::default()
    };
    let mut differs = false;
    for b in random_positions(11, 30).into_iter().skip(20) {
        let mut expected = 0.0;
        for &(dice, weight) in &Dice::ALL_21 {
            let after = best_move(&e, &b, dice, 1);
            let value = e.eval_any(&after.swapped()).flipped();
            expected += f64::from(value.win) * f64::from(weight) / 36.0;
        }
        let one = rollout(&e, &b, &config, |_| {});
        let zero = rollout(
            &e,
            &b,
            &RolloutConfig {
                plies: 0,
                ..config.clone()
            },
            |_| {},
        );
        assert!(
            (f64::from(one.probabilities.win) - expected).abs() < 1e-5,
            "{b:?}: rollout {} expected {expected}",
            one.probabilities.win
        );
        differs |= one.probabilities.win != zero.probabilities.win;
    }
    assert!(
        differs,
        "the 1-ply search plays some roll differently from 0 ply"
    );
}

/// Rollouts of `games` games truncated after `plies`, with luck valued full-width and pruned.
fn full_and_pruned_luck(games: u64, plies: u32) -> (RolloutConfig, RolloutConfig) {
    let full = RolloutConfig {
        games,
        truncate: Some(plies),
        ..RolloutConfig::default()
    };
    let pruned = RolloutConfig {
        luck: LuckEstimate::Pruned,
        ..full.clone()
    };
    (full, pruned)
}

#[test]
fn pruned_luck_is_full_width_luck_when_nothing_is_pruned() {
    let e = NetEvaluator::shipped().full_width();
    let b = random_positions(5, 20)[19];
    let (full, pruned) = full_and_pruned_luck(12, 8);
    let a = rollout(&e, &b, &full, |_| {});
    let c = rollout(&e, &b, &pruned, |_| {});
    assert_eq!(a.equity, c.equity);
    assert_eq!(a.std_error, c.std_error);
}

#[test]
fn pruned_luck_agrees_with_full_width_luck_at_a_little_more_noise() {
    let e = NetEvaluator::shipped();
    let b = random_positions(3, 40)[39];
    let (full, pruned) = full_and_pruned_luck(72, 6);
    let plain = RolloutConfig {
        luck_adjust: false,
        ..full.clone()
    };
    let a = rollout(&e, &b, &full, |_| {});
    let p = rollout(&e, &b, &pruned, |_| {});
    let n = rollout(&e, &b, &plain, |_| {});
    assert!(p.std_error < n.std_error, "{p:?} vs {n:?}");
    assert!(p.std_error < 1.5 * a.std_error, "{p:?} vs {a:?}");
    assert!((p.equity - a.equity).abs() < 3.0 * (a.std_error + p.std_error) + 0.02);
}

/// A cubeful rollout of a two-sided bear-off, one roll a game (each stops at the next bear-off
/// board, valued exactly) and the 36 first rolls each once: its mean is the exact cubeful money
/// equity of the position with the cube centred, whether the right action is no double, double
/// and take, or double and pass (where every game is worth exactly the cube).
#[test]
fn a_cubeful_rollout_of_a_bearoff_is_the_exact_cube_equity() {
    let e = NetEvaluator::shipped();
    let config = RolloutConfig {
        games: 36,
        luck_adjust: false,
        cubeful: true,
        ..RolloutConfig::default()
    };
    let positions = [
        board(&[(3, 2), (2, 2)], &[(4, 2), (1, 2)]),
        board(&[(6, 1), (5, 1)], &[(3, 1), (2, 1)]),
        board(&[(2, 2)], &[(6, 2), (5, 2)]),
        board(&[(5, 2), (4, 1)], &[(2, 1), (1, 2)]),
        board(&[(1, 1), (2, 1)], &[(6, 3)]),
    ];
    let mut passes = 0;
    for b in positions {
        let exact = exact_money_equity(&b, CubeState::default(), MoneyOptions::default())
            .expect("in the two-sided database");
        let cubeless = rollout(
            &e,
            &b,
            &RolloutConfig {
                cubeful: false,
                ..config.clone()
            },
            |_| {},
        );
        let r = rollout(&e, &b, &config, |_| {});
        assert!(
            (r.equity - exact).abs() < 1e-4,
            "{b:?}: rollout {} exact {exact}",
            r.equity
        );
        if (exact - 1.0).abs() < 1e-9 {
            assert_eq!(r.std_error, 0.0, "every game a pass");
            // The cube wins what the dice would not always win.
            passes += usize::from(cubeless.equity < 1.0 - 1e-6);
        }
    }
    assert!(
        passes > 0,
        "a position short of a sure win is a double and a pass"
    );
}

/// A cubeful rollout stays unbiased under the luck adjustment (the cube's value is known
/// before each roll), and values a contact position differently from the cubeless rollout.
#[test]
fn a_cubeful_rollout_is_unbiased_by_the_luck_adjustment() {
    let e = NetEvaluator::shipped();
    let b = random_positions(3, 40)[39];
    let plain = RolloutConfig {
        games: 72,
        truncate: Some(8),
        luck_adjust: false,
        luck: LuckEstimate::Pruned,
        cubeful: true,
        ..RolloutConfig::default()
    };
    let adjusted = RolloutConfig {
        luck_adjust: true,
        ..plain.clone()
    };
    let cubeless = RolloutConfig {
        cubeful: false,
        ..adjusted.clone()
    };
    let a = rollout(&e, &b, &plain, |_| {});
    let v = rollout(&e, &b, &adjusted, |_| {});
    let c = rollout(&e, &b, &cubeless, |_| {});
    assert!(v.std_error < a.std_error, "{v:?} vs {a:?}");
    assert!((v.equity - a.equity).abs() < 3.0 * (a.std_error + v.std_error) + 0.05);
    assert_ne!(v.equity, c.equity);
    // The chances are the games' cubeless ones whatever the cube did.
    assert!((0.0..=1.0).contains(&v.probabilities.win));
}
