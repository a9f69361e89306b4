//! The game adapters through the `Game` trait: random playouts end, replays are exact, the
//! cube stops at its ceiling, and the checker steps of a turn come from the rules crate.

use ludus_backgammon::DoubleRefusal;
use ludus_server::games::new_game;
use ludus_server::games::{Action, Command, DoubleBlock, Game, GameError, GameKind, Side};
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use std::time::Duration;

use crate::players::first_legal;

/// Most commands in one random playout (a Morris game ends by the 100-ply rule; a money game of
/// backgammon well before this).
const MAX_COMMANDS: usize = 2_000;

/// A random legal command of the seat to act: a legal move, else an action other than resign.
fn random_command(game: &dyn Game, rng: &mut rand_chacha::ChaCha8Rng) -> Command {
    let moves = game.legal_moves();
    if moves.is_empty() {
        let actions: Vec<Action> = game
            .actions()
            .into_iter()
            .filter(|a| *a != Action::Resign)
            .collect();
        Command::Action(actions[rng.random_range(0..actions.len())])
    } else {
        Command::Move(moves[rng.random_range(0..moves.len())].clone())
    }
}

/// Plays random legal commands until the game ends; returns every command with its seat.
fn random_playout(game: &mut dyn Game, seed: u64) -> Vec<(Side, Command)> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut played = Vec::new();
    while let Some(side) = game.to_act() {
        assert!(played.len() < MAX_COMMANDS, "the game did not end");
        let command = random_command(game, &mut rng);
        game.apply(side, &command)
            .unwrap_or_else(|error| panic!("{command:?}: {error}"));
        played.push((side, command));
    }
    played
}

fn view(game: &dyn Game) -> Value {
    serde_json::to_value(game.view()).unwrap()
}

#[test]
fn random_games_of_both_kinds_end_and_replay_exactly() {
    let players = first_legal();
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

/// What a take-back of `seat` leaves of `played`: its last move and everything after it go.
/// Whether there was one.
fn without_last_move(played: &mut Vec<(Side, Command)>, seat: Side) -> bool {
    let last = played
        .iter()
        .rposition(|(mover, command)| *mover == seat && matches!(command, Command::Move(_)));
    last.inspect(|&last| played.truncate(last)).is_some()
}

/// Random play with a take-back of a random seat now and then: after each, the game is the
/// replay of the commands left (the board, the dice, the moves), and the dice that follow too.
fn take_backs_in_random_play(kind: GameKind, rules: &Value, seed: u64) -> usize {
    let players = first_legal();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 100);
    let mut game = new_game(kind, rules, seed, &players).unwrap();
    let mut played = Vec::new();
    let mut taken_back = 0;
    for _ in 0..MAX_COMMANDS {
        let Some(side) = game.to_act() else {
            return taken_back;
        };
        if rng.random_range(0..6) != 0 {
            let command = random_command(game.as_ref(), &mut rng);
            game.apply(side, &command).unwrap();
            played.push((side, command));
            continue;
        }
        let seat = if rng.random() { side } else { side.opponent() };
        let expected = without_last_move(&mut played, seat);
        assert_eq!(
            game.take_back(seat).is_ok(),
            expected,
            "{kind:?} seed {seed}"
        );
        taken_back += usize::from(expected);
        let mut replay = new_game(kind, rules, seed, &players).unwrap();
        for (side, command) in &played {
            replay.apply(*side, command).unwrap();
        }
        assert_eq!(
            view(game.as_ref()),
            view(replay.as_ref()),
            "{kind:?} seed {seed}"
        );
        assert_eq!(game.legal_moves(), replay.legal_moves());
    }
    panic!("the game did not end");
}

#[test]
fn a_take_back_leaves_the_game_the_commands_left_replay_to() {
    for (kind, rules) in [
        (GameKind::Morris, json!({})),
        (GameKind::Backgammon, json!({})),
        (GameKind::Backgammon, json!({"match_length": 3})),
    ] {
        let taken_back: usize = (0..3)
            .map(|seed| take_backs_in_random_play(kind, &rules, seed))
            .sum();
        assert!(taken_back > 3, "{kind:?}: {taken_back} take-backs");
    }
}

#[test]
fn nothing_to_take_back_before_a_move() {
    let players = first_legal();
    let mut game = new_game(GameKind::Morris, &json!({}), 1, &players).unwrap();
    assert_eq!(
        game.take_back(Side::White),
        Err(GameError::NothingToTakeBack)
    );
    game.apply(Side::White, &Command::Move("d6".into()))
        .unwrap();
    assert_eq!(
        game.take_back(Side::Black),
        Err(GameError::NothingToTakeBack)
    );
    assert_eq!(game.take_back(Side::White), Ok(()));
    assert!(view(game.as_ref())["moves"].as_array().unwrap().is_empty());
}

#[test]
fn a_match_ends_when_a_side_reaches_the_length() {
    let players = first_legal();
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
    let winner = result.winner.unwrap().name();
    assert!(
        view(game.as_ref())["match"]["score"][winner]
            .as_u64()
            .unwrap()
            >= 3
    );
    assert!(game.export().contains(" 3 point match"));
}

#[test]
fn the_same_seed_rolls_the_same_dice() {
    let players = first_legal();
    let a = new_game(GameKind::Backgammon, &json!({}), 42, &players).unwrap();
    let b = new_game(GameKind::Backgammon, &json!({}), 42, &players).unwrap();
    assert_eq!(view(a.as_ref())["dice"], view(b.as_ref())["dice"]);
    assert_eq!(a.to_act(), b.to_act());
}

#[test]
fn computer_players_play_whole_games_against_each_other() {
    let players = first_legal();
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
fn resigning_a_money_game_at_the_start_concedes_a_backgammon() {
    let players = first_legal();
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
    let players = first_legal();
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
    assert_eq!(
        view(game.as_ref())["match"]["game"],
        1,
        "no new game starts"
    );
    assert_eq!(game.to_act(), None);
}

/// Doubles whenever it may and takes every double, moving the first legal move otherwise, until
/// the cube stands at `value` and its owner is to act.
fn double_up_to(game: &mut dyn Game, value: u64) {
    for _ in 0..MAX_COMMANDS {
        let side = game.to_act().expect("the game goes on");
        let now = view(game);
        if now["cube"]["value"] == value && now["cube"]["owner"] == side.name() {
            return;
        }
        let command = match now["phase"].as_str() {
            Some("roll") if game.actions().contains(&Action::Double) => Action::Double,
            Some("roll") => Action::Roll,
            Some("doubled") => Action::Take,
            _ => {
                let mv = game.legal_moves()[0].clone();
                game.apply(side, &Command::Move(mv)).unwrap();
                continue;
            }
        };
        game.apply(side, &Command::Action(command)).unwrap();
    }
    panic!("the cube never reached {value}");
}

#[test]
fn doubling_at_the_cube_ceiling_is_refused() {
    let mut game = new_game(GameKind::Backgammon, &json!({}), 3, &first_legal()).unwrap();
    double_up_to(game.as_mut(), 64);
    let owner = game.to_act().unwrap();
    // The owner's turn starts rolled: there is no double to offer.
    assert_eq!(view(game.as_ref())["phase"], "move");
    assert!(
        !game.actions().contains(&Action::Double),
        "{:?}",
        game.actions()
    );
    let refused = game.apply(owner, &Command::Action(Action::Double));
    assert_eq!(
        refused,
        Err(GameError::MayNotDouble(DoubleBlock::Rules(
            DoubleRefusal::CubeAtCeiling
        )))
    );
    assert_eq!(refused.unwrap_err().code(), "double-cube-ceiling");
}

#[test]
fn a_one_point_match_is_a_crawford_game_without_doubles() {
    // At 0-0 of a 1-point match both sides are at match point: the rules crate's Crawford game.
    let mut game = new_game(
        GameKind::Backgammon,
        &json!({"match_length": 1}),
        3,
        &first_legal(),
    )
    .unwrap();
    for _ in 0..6 {
        let mover = game.to_act().unwrap();
        assert_eq!(view(game.as_ref())["phase"], "move", "rolled at once");
        assert!(!game.actions().contains(&Action::Double));
        let refused = game.apply(mover, &Command::Action(Action::Double));
        assert_eq!(
            refused,
            Err(GameError::MayNotDouble(DoubleBlock::Rules(
                DoubleRefusal::Crawford
            )))
        );
        let mv = game.legal_moves()[0].clone();
        game.apply(mover, &Command::Move(mv)).unwrap();
    }
}

#[test]
fn the_steps_of_a_backgammon_move_lead_to_its_legal_moves() {
    let mut game = new_game(GameKind::Backgammon, &json!({}), 8, &first_legal()).unwrap();
    assert!(matches!(
        game.steps(&[[24, 1]]),
        Err(GameError::Step(ludus_backgammon::TurnError::NoSuchStep {
            from: 24,
            to: 1
        }))
    ));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    for _ in 0..40 {
        let Some(side) = game.to_act() else { break };
        let legal = game.legal_moves();
        if legal.is_empty() {
            let command = random_command(game.as_ref(), &mut rng);
            game.apply(side, &command).unwrap();
            continue;
        }
        // Click a random journey after another until the move is complete, then play it.
        let mut node = game.steps(&[]).unwrap();
        while !node.complete {
            let next = &node.next[rng.random_range(0..node.next.len())];
            let mut taken = node.taken.clone();
            taken.extend(&next.steps);
            node = game.steps(&taken).unwrap();
        }
        let mv = node.mv.expect("a complete move has its notation");
        assert!(legal.contains(&mv), "{mv} is not among {legal:?}");
        game.apply(side, &Command::Move(mv)).unwrap();
    }
}

#[test]
fn morris_has_no_checker_steps() {
    let game = new_game(GameKind::Morris, &json!({}), 0, &first_legal()).unwrap();
    assert_eq!(game.steps(&[]), Err(GameError::NotMoving));
}

#[test]
fn the_backgammon_view_names_the_automatic_bear_off_where_nothing_else_matters() {
    let players = first_legal();
    let mut seen = 0;
    for seed in 0..6 {
        let mut game = new_game(
            GameKind::Backgammon,
            &json!({"cube": false}),
            seed,
            &players,
        )
        .unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as SeedableRng>::seed_from_u64(seed);
        while let Some(side) = game.to_act() {
            let shown = view(game.as_ref());
            let auto_play = &shown["auto_play"];
            if shown["phase"] != "move" {
                assert!(auto_play.is_null(), "{shown}");
            }
            if let Some(play) = auto_play.as_str() {
                // A legal move of the seat to act, every checker borne off.
                assert!(game.legal_moves().iter().any(|m| m == play), "{play}");
                // Notation groups repeats: `3/off(4)`.
                assert!(play.split(' ').all(|step| step.contains("/off")), "{play}");
                game.apply(side, &Command::Move(play.to_string())).unwrap();
                seen += 1;
                continue;
            }
            let command = random_command(game.as_ref(), &mut rng);
            game.apply(side, &command).unwrap();
        }
    }
    assert!(seen > 0, "some game reached an automatic bear-off");
}
