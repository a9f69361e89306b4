//! The strength levels: legal plays, replayed exactly from their seed.

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
