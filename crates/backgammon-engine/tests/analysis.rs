//! Post-game analysis of match records.

use ludus_backgammon::{
    CubeOwner, Dice, Game, GameStart, Match, Phase, Position, Rules, Seat, SeededDice, read_mat,
};
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::analysis::{
    BLUNDER, DOUBTFUL, DecisionKind, ERROR, Mark, analyze_match,
};
use ludus_backgammon_engine::engine::Engine;

/// A gnubg export of a 3-point match (`tests/data`).
const GNUBG_3_POINT: &str = include_str!("data/gnubg_3_point_match.mat");
/// gnubg (0-ply) against Ludus as its external player, a 3-point match (`tests/data`).
const GNUBG_VS_LUDUS: &str = include_str!("data/gnubg_vs_ludus_match.mat");

#[test]
fn marks_follow_gnubgs_default_thresholds() {
    assert_eq!(Mark::of(DOUBTFUL - 1e-9), Mark::None);
    assert_eq!(Mark::of(DOUBTFUL), Mark::Doubtful);
    assert_eq!(Mark::of(ERROR), Mark::Error);
    assert_eq!(Mark::of(BLUNDER), Mark::Blunder);
    assert_eq!((DOUBTFUL, ERROR, BLUNDER), (0.03, 0.06, 0.12));
}

/// One game of `rules` with seeded dice, both sides played by the engine at `plies` by its own
/// ranking (no doubles), and the review of it at the same `plies` finds no checker loss.
fn engine_loses_nothing_by_its_own_measure(rules: Rules, seed: u64, plies: u8) {
    let mut record = Match::new(rules, ["a".into(), "b".into()]);
    let mut dice = SeededDice::new(seed);
    let engine = Engine::new(plies);
    let game = record.new_game(&mut dice).unwrap();
    while game.outcome().is_none() {
        if let Phase::AwaitingRoll = game.phase() {
            game.roll(&mut dice).unwrap();
        }
        let Phase::Moving(roll) = game.phase() else {
            panic!("nobody doubles in this game")
        };
        let mv = engine.best_move_in(&game.position(), roll, Some(&game.match_state()));
        game.play(&mv).unwrap();
    }
    let report = analyze_match(&record, &NetEvaluator::shipped(), plies);
    for player in &report.players {
        assert!(player.unforced_moves > 5);
        assert!(player.checker_loss.abs() < 1e-9, "{}", player.checker_loss);
    }
}

#[test]
fn the_zero_ply_engine_loses_nothing_by_its_own_zero_ply_measure() {
    // A one-point match, played by cubeful equity at the score (here: winning chances alone),
    // as the analysis measures it.
    engine_loses_nothing_by_its_own_measure(Rules::match_to(1), 7, 0);
}

#[test]
fn a_match_gnubg_played_against_ludus_is_analysed_for_both_players() {
    let record = read_mat(GNUBG_VS_LUDUS).unwrap();
    let report = analyze_match(&record, &NetEvaluator::shipped(), 0);
    assert_eq!(report.players[1].name, "root");
    assert!(report.players.iter().all(|p| p.unforced_moves > 10));
}

#[test]
fn every_cube_action_of_a_match_is_analysed_and_the_report_serialises() {
    let record = read_mat(GNUBG_3_POINT).unwrap();
    let report = analyze_match(&record, &NetEvaluator::shipped(), 0);
    let kinds: Vec<DecisionKind> = report.games[0].decisions.iter().map(|d| d.kind).collect();
    // Game 1: gnubg's opening move, root doubles, gnubg takes, root's move, gnubg redoubles,
    // root drops.
    assert_eq!(
        kinds.iter().filter(|k| **k == DecisionKind::Double).count(),
        2
    );
    assert_eq!(
        kinds.iter().filter(|k| **k == DecisionKind::Take).count(),
        2
    );
    for d in report.games.iter().flat_map(|g| &g.decisions) {
        assert!(d.equity_lost >= 0.0);
        assert_eq!(d.mark, Mark::of(d.equity_lost));
    }
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["match_length"], 3);
    assert_eq!(json["players"][0]["name"], "gnubg");
}

#[test]
fn a_game_from_a_set_up_position_is_analysed_from_that_position() {
    // White opens 65 with its first legal play; Black is set up on roll with 42 from there.
    let roll = Dice::new(6, 5).unwrap();
    let (_, after) = Position::starting().legal_moves_with_positions(roll)[0];
    let setup = GameStart {
        position: after.swapped(),
        on_roll: Seat::One,
        cube_value: 1,
        cube_owner: CubeOwner::Centered,
        dice: Dice::new(4, 2),
    };
    let first = Game::from_setup(Rules::default(), [0, 0], false, setup);
    assert_eq!(first.setup(), Some(setup));
    let mut record = Match::from_setup(["a".into(), "b".into()], [0, 0], first);
    let mut dice = SeededDice::new(3);
    let engine = Engine::new(0);
    let game = record.current_mut().unwrap();
    for _ in 0..12 {
        if let Phase::AwaitingRoll = game.phase() {
            game.roll(&mut dice).unwrap();
        }
        let Phase::Moving(roll) = game.phase() else {
            break;
        };
        let mv = engine.best_move_in(&game.position(), roll, Some(&game.match_state()));
        game.play(&mv).unwrap();
    }
    let report = analyze_match(&record, &NetEvaluator::shipped(), 0);
    let decisions = &report.games[0].decisions;
    assert!(decisions.len() > 5, "{decisions:?}");
    assert_eq!(decisions[0].player, 1);
    assert_eq!(decisions[0].dice.as_deref(), Some("42"));
    assert_eq!(decisions[0].position_id, setup.position.position_id());
    assert!(report.players.iter().all(|p| p.unforced_moves > 2));
}

#[test]
fn playing_the_hint_at_the_review_setting_never_loses_in_the_review() {
    // The engine's hint (its best move at the review's lookahead) in every turn of a money game.
    use ludus_backgammon_engine::analysis::REVIEW_PLIES;
    engine_loses_nothing_by_its_own_measure(Rules::default(), 11, REVIEW_PLIES);
}
