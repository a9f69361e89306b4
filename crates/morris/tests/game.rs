//! `Game`: history, draws by repetition and by the N-move rule, and the outcome.

use ludus_morris::{Color, Game, IllegalMove, NMoveCount, Outcome, OutcomeReason, Position, Rules};

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

/// White shuffles a7-a4 and back, Black g1-g4 and back: each four plies repeat the start.
const SHUFFLE: [&str; 4] = ["a7-a4", "g1-g4", "a4-a7", "g4-g1"];

/// A quiet movement position for the shuffles (no mill can be closed).
const QUIET: &str = "W...B.../B..W..W./.B..W.B. w 0 0 0";

fn shuffle(game: &mut Game, cycles: usize) {
    for _ in 0..cycles {
        for mv in SHUFFLE {
            game.play(mv.parse().unwrap()).unwrap();
        }
    }
}

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let mut game = Game::from_position(Rules::standard(), pos(QUIET));
    shuffle(&mut game, 1);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    shuffle(&mut game, 1);
    assert_eq!(game.repetitions(), 3);
    let draw = Outcome {
        winner: None,
        reason: OutcomeReason::ThreefoldRepetition,
    };
    assert_eq!(game.outcome(), Some(draw));
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        game.play("a7-a4".parse().unwrap()),
        Err(IllegalMove::GameOver(draw))
    );
}

#[test]
fn repetition_is_no_draw_when_the_rule_is_off() {
    let rules = Rules {
        threefold_repetition: false,
        ..Rules::standard()
    };
    let mut game = Game::from_position(rules, pos(QUIET));
    shuffle(&mut game, 3);
    assert_eq!(game.outcome(), None);
}

#[test]
fn n_plies_without_a_removal_are_a_draw() {
    let rules = Rules {
        threefold_repetition: false,
        ..Rules::standard()
    };
    let mut game = Game::from_position(rules, pos("W...B.../B..W..W./.B..W.B. w 0 0 98"));
    game.play("a7-a4".parse().unwrap()).unwrap();
    assert_eq!(game.outcome(), None);
    game.play("g1-g4".parse().unwrap()).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: None,
            reason: OutcomeReason::NMoveRule
        })
    );
    let unlimited = Rules {
        n_move_rule: None,
        ..rules
    };
    let game = Game::from_position(unlimited, pos("W...B.../B..W..W./.B..W.B. w 0 0 500"));
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_removal_resets_the_n_move_counter() {
    let mut game = Game::from_position(
        Rules::standard(),
        pos("WW.W..B./B...WB.B/........ w 0 0 99"),
    );
    // g4-g7 closes a7-d7-g7.
    let mill_move = game
        .legal_moves()
        .iter()
        .copied()
        .find(|m| m.remove.is_some())
        .expect("a mill-closing move");
    game.play(mill_move).unwrap();
    assert_eq!(game.position().plies_since_removal(), 0);
    assert_eq!(game.outcome(), None);
}

#[test]
fn a_win_is_reported_with_winner_and_reason() {
    let game = Game::from_position(Rules::standard(), pos("WBWBWBWB/......../........ w 0 0 0"));
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Color::Black));
    assert_eq!(outcome.reason, OutcomeReason::Blocked);
    assert_eq!(outcome.to_string(), "Black wins: White cannot move");
}

#[test]
fn illegal_moves_leave_the_game_unchanged_and_undo_takes_back() {
    let mut game = Game::new(Rules::standard());
    game.play("d6".parse().unwrap()).unwrap();
    let before = game.clone();
    assert_eq!(
        game.play("d6".parse().unwrap()).unwrap_err().to_string(),
        "d6 is occupied"
    );
    assert_eq!(game, before);
    assert_eq!(game.undo(), Some("d6".parse().unwrap()));
    assert_eq!(game.position(), &Position::new());
    assert_eq!(game.undo(), None);
}

/// Plays the first legal move that removes nothing until the game ends, and returns the
/// number of plies played and how it ended.
fn quiet_game_length(rules: Rules) -> (usize, Option<OutcomeReason>) {
    let mut game = Game::new(rules);
    while game.outcome().is_none() && game.moves().len() < 1000 {
        let quiet = game
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.remove.is_none());
        let Some(mv) = quiet else { break };
        game.play(mv).unwrap();
    }
    (game.moves().len(), game.outcome().map(|o| o.reason))
}

#[test]
fn the_n_move_rule_counts_placements_unless_told_to_count_movement_plies_only() {
    let rules = Rules {
        n_move_rule: Some(30),
        threefold_repetition: false,
        ..Rules::standard()
    };
    assert_eq!(
        quiet_game_length(rules),
        (30, Some(OutcomeReason::NMoveRule))
    );
    let movement_only = Rules {
        n_move_count: NMoveCount::MovementPlies,
        ..rules
    };
    // The 18 placements do not count: the draw comes 30 movement plies later.
    assert_eq!(
        quiet_game_length(movement_only),
        (48, Some(OutcomeReason::NMoveRule))
    );
}
