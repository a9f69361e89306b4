//! Players and duels.

use ludus_backgammon_engine::duel::duel;
use ludus_backgammon_engine::{HeuristicPlayer, NetEvaluator, NetPlayer, RandomPlayer};

#[test]
fn a_duel_replays_exactly_from_its_seed() {
    let run = || {
        duel(
            &mut HeuristicPlayer,
            &mut RandomPlayer::new(9),
            20,
            5,
            |_| {},
        )
    };
    assert_eq!(run(), run());
}

#[test]
fn mirrored_dice_make_a_player_even_against_itself() {
    let r = duel(&mut HeuristicPlayer, &mut HeuristicPlayer, 20, 3, |_| {});
    assert_eq!(r.ppg, 0.0);
}

#[test]
fn heuristic_beats_random() {
    let r = duel(
        &mut HeuristicPlayer,
        &mut RandomPlayer::new(1),
        40,
        1,
        |_| {},
    );
    assert!(r.ppg > 1.0, "{r:?}");
}

#[test]
fn network_beats_random_and_the_heuristic() {
    let mut net = NetPlayer::new(NetEvaluator::shipped(), 0, "net");
    let r = duel(&mut net, &mut RandomPlayer::new(2), 40, 2, |_| {});
    assert!(r.ppg > 1.5, "{r:?}");
    let r = duel(&mut net, &mut HeuristicPlayer, 200, 2, |_| {});
    assert!(r.ppg > 0.3, "{r:?}");
}
