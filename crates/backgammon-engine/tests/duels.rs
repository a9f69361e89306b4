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

#[test]
fn engine_levels_play_legal_moves_and_replay_from_their_seed() {
    use ludus_backgammon::{Dice, Position};
    use ludus_backgammon_engine::engine::Engine;
    let start = Position::starting();
    let dice: Dice = "42".parse().expect("dice");
    let legal = start.legal_moves(dice);
    for level in [1, 5, 8] {
        let a = Engine::level(level, 3).expect("a level");
        let b = Engine::level(level, 3).expect("a level");
        for _ in 0..5 {
            let mv = a.best_move(&start, dice);
            assert!(legal.contains(&mv));
            assert_eq!(mv, b.best_move(&start, dice));
        }
    }
    assert_eq!(
        Engine::level(8, 0)
            .expect("a level")
            .best_move(&start, dice)
            .to_string(),
        "8/4 6/4"
    );
    assert!(Engine::level(0, 3).is_err());
    assert!(Engine::level(11, 3).is_err());
}
