//! The game adapters through the `Game` trait: random playouts end, replays are exact, and the
//! built-in computer players find the obvious.

use ludus_backgammon::{Dice, Position as BgPosition};
use ludus_morris::{Position as MorrisPosition, Rules};
use ludus_server::game::{Action, Command, Game, GameKind, Side};
use ludus_server::games::backgammon::{BackgammonPlayer, Greedy};
use ludus_server::games::morris::{AlphaBeta, MorrisPlayer};
use ludus_server::games::{Players, new_game};
use rand::{RngExt, SeedableRng};
use serde_json::json;
use std::time::Duration;

/// Most commands in one random playout (a Morris game ends by the 100-ply rule; a money game of
/// backgammon well before this).
const MAX_COMMANDS: usize = 2_000;

/// Plays random legal commands until the game ends; returns every command with its seat.
fn random_playout(game: &mut dyn Game, seed: u64) -> Vec<(Side, Command)> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut played = Vec::new();
    while let Some(side) = game.to_act() {
        assert!(played.len() < MAX_COMMANDS, "the game did not end");
        let moves = game.legal_moves();
        let command = if moves.is_empty() {
            let actions: Vec<Action> = game
                .actions()
                .into_iter()
                .filter(|a| *a != Action::Resign)
                .collect();
            Command::Action(actions[rng.random_range(0..actions.len())])
        } else {
            Command::Move(moves[rng.random_range(0..moves.len())].clone())
        };
        game.apply(side, &command)
            .unwrap_or_else(|error| panic!("{command:?}: {error}"));
        played.push((side, command));
    }
    played
}

#[test]
fn random_games_of_both_kinds_end_and_replay_exactly() {
    let players = Players::default();
    for (kind, rules) in [
        (GameKind::Morris, json!({})),
        (GameKind::Morris, json!({"flying": false})),
        (GameKind::Backgammon, json!({})),
        (GameKind::Backgammon, json!({"match_length": 3})),
    ] {
        for seed in 0..3 {
            let mut game = new_game(kind, &rules, seed, &players).unwrap();
            let played = random_playout(game.as_mut(), seed);
            assert!(game.result().is_some());
            let mut replay = new_game(kind, &rules, seed, &players).unwrap();
            for (side, command) in &played {
                replay.apply(*side, command).unwrap();
            }
            assert_eq!(replay.view(), game.view(), "{kind:?} {rules} seed {seed}");
            assert_eq!(replay.result(), game.result());
        }
    }
}

#[test]
fn a_match_ends_when_a_side_reaches_the_length() {
    let players = Players::default();
    let mut game = new_game(
        GameKind::Backgammon,
        &json!({"match_length": 3, "cube": false}),
        11,
        &players,
    )
    .unwrap();
    random_playout(game.as_mut(), 11);
    let result = game.result().unwrap();
    assert_eq!(result.reason, "match");
    assert!(result.points >= 3);
    let view = game.view();
    let winner = result.winner.unwrap().name();
    assert!(view["match"]["score"][winner].as_u64().unwrap() >= 3);
    assert!(game.export().contains(" 3 point match"));
}

#[test]
fn the_same_seed_rolls_the_same_dice() {
    let players = Players::default();
    let a = new_game(GameKind::Backgammon, &json!({}), 42, &players).unwrap();
    let b = new_game(GameKind::Backgammon, &json!({}), 42, &players).unwrap();
    assert_eq!(a.view()["dice"], b.view()["dice"]);
    assert_eq!(a.to_act(), b.to_act());
}

#[test]
fn computer_players_play_whole_games_against_each_other() {
    let players = Players::default();
    for kind in [GameKind::Morris, GameKind::Backgammon] {
        let mut game = new_game(kind, &json!({}), 5, &players).unwrap();
        let mut commands = 0;
        while let Some(side) = game.to_act() {
            let command = game
                .computer_command(3, Duration::from_millis(20))
                .expect("a decision");
            game.apply(side, &command)
                .unwrap_or_else(|error| panic!("{kind:?} {command:?}: {error}"));
            commands += 1;
            assert!(commands < MAX_COMMANDS);
        }
    }
}

#[test]
fn alpha_beta_closes_a_mill_when_it_can() {
    // White has a7 and d7; black has a1 and d1 and also threatens g1. White to move.
    let mut position = MorrisPosition::new();
    for mv in ["a7", "a1", "d7", "d1"] {
        position = position
            .play_checked(&Rules::standard(), mv.parse().unwrap())
            .unwrap();
    }
    let chosen = AlphaBeta
        .choose(
            &position,
            &Rules::standard(),
            &[],
            5,
            Duration::from_secs(2),
        )
        .unwrap();
    assert!(chosen.to_string().starts_with("g7x"), "{chosen}");
}

#[test]
fn greedy_makes_the_five_point_with_an_opening_31() {
    let dice: Dice = "31".parse().unwrap();
    let chosen = Greedy.choose_move(
        &BgPosition::starting(),
        dice,
        10,
        Duration::from_millis(100),
    );
    assert_eq!(chosen.to_string(), "8/5 6/5");
}

#[test]
fn resigning_a_money_game_at_the_start_concedes_a_backgammon() {
    let players = Players::default();
    let mut game = new_game(GameKind::Backgammon, &json!({}), 1, &players).unwrap();
    // Either side may resign at any time. No checker is off and two stand in the winner's home
    // board (the loser's 24-point): a backgammon, 3 points at cube 1.
    let resigner = game.to_act().unwrap().opponent();
    game.apply(resigner, &Command::Action(Action::Resign))
        .unwrap();
    let result = game.result().unwrap();
    assert_eq!(result.winner, Some(resigner.opponent()));
    assert_eq!(result.points, 3);
    assert_eq!(result.reason, "resign");
}

#[test]
fn resigning_a_match_concedes_the_match() {
    let players = Players::default();
    let mut game = new_game(
        GameKind::Backgammon,
        &json!({"match_length": 5}),
        1,
        &players,
    )
    .unwrap();
    game.apply(Side::White, &Command::Action(Action::Resign))
        .unwrap();
    let result = game.result().unwrap();
    assert_eq!(result.winner, Some(Side::Black));
    assert_eq!(result.reason, "resign");
    assert_eq!(game.view()["match"]["game"], 1, "no new game starts");
    assert_eq!(game.to_act(), None);
}

#[test]
fn the_computer_answers_within_its_thinking_time() {
    // The strongest level with a short clock: iterative deepening stops at the deadline.
    let mut position = MorrisPosition::new();
    for mv in ["d6", "d2", "b4", "f4"] {
        position = position
            .play_checked(&Rules::standard(), mv.parse().unwrap())
            .unwrap();
    }
    let think = Duration::from_millis(30);
    let started = std::time::Instant::now();
    AlphaBeta
        .choose(&position, &Rules::standard(), &[], 10, think)
        .unwrap();
    // Generous: one depth-1 pass after the deadline on a busy 2-core machine.
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
}
