//! Ends of games: which kind of win, and points for every end with every cube value.

use ludus_backgammon::{
    CubeOwner, Dice, DoubleRefusal, Game, GameEnd, GameError, GameEvent, Match, MatchState, Phase,
    RelativeSide, Rules, Seat, WinKind, score_points,
};

const CUBES: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];

#[test]
fn a_win_is_single_gammon_or_backgammon_by_the_losers_checkers() {
    // The player on roll has borne off all 15.
    let single = pos!(; 1:14);
    let gammon = pos!(; 6:15);
    let backgammon_home = pos!(; 6:14, 20:1);
    let backgammon_bar = pos!(; 6:14, 25:1);
    for (position, kind) in [
        (single, WinKind::Single),
        (gammon, WinKind::Gammon),
        (backgammon_home, WinKind::Backgammon),
        (backgammon_bar, WinKind::Backgammon),
    ] {
        let result = position.game_result().unwrap();
        assert_eq!(result.winner, RelativeSide::Player);
        assert_eq!(result.kind, kind);
        assert_eq!(
            position.swapped().game_result().unwrap().winner,
            RelativeSide::Opponent
        );
    }
    assert_eq!(pos!(1:1; 6:15).game_result(), None);
}

#[test]
fn every_end_scores_its_multiplier_times_every_cube() {
    let money = Rules::default();
    let matchplay = Rules::match_to(7);
    for rules in [money, matchplay] {
        for cube in CUBES {
            let owner = if cube == 1 {
                CubeOwner::Centered
            } else {
                CubeOwner::Owned(Seat::Zero)
            };
            for (kind, multiplier) in [
                (WinKind::Single, 1),
                (WinKind::Gammon, 2),
                (WinKind::Backgammon, 3),
            ] {
                assert_eq!(
                    score_points(&rules, cube, owner, GameEnd::BoreOff(kind)),
                    multiplier * cube
                );
                assert_eq!(
                    score_points(&rules, cube, owner, GameEnd::Resigned(kind)),
                    multiplier * cube
                );
            }
            assert_eq!(
                score_points(&rules, cube, owner, GameEnd::DoubleRefused),
                cube
            );
        }
    }
}

#[test]
fn jacoby_counts_gammons_as_singles_until_the_cube_is_turned() {
    let jacoby = Rules {
        jacoby: true,
        ..Rules::default()
    };
    let gammon = GameEnd::BoreOff(WinKind::Gammon);
    assert_eq!(score_points(&jacoby, 1, CubeOwner::Centered, gammon), 1);
    assert_eq!(
        score_points(&jacoby, 2, CubeOwner::Owned(Seat::One), gammon),
        4
    );
    // Match play ignores the option.
    let matchplay = Rules {
        jacoby: true,
        ..Rules::match_to(5)
    };
    assert_eq!(score_points(&matchplay, 1, CubeOwner::Centered, gammon), 2);
}

fn dice(text: &str) -> Dice {
    text.parse().unwrap()
}

fn opened_game(rules: Rules) -> Game {
    let mut game = Game::with_opening(rules, [0, 0], false, Seat::Zero, dice("31"));
    game.play_text("8/5 6/5").unwrap();
    game
}

#[test]
fn a_refused_double_gives_the_doubler_the_cube_before_the_double() {
    let mut game = opened_game(Rules::default());
    game.double().unwrap();
    game.take().unwrap();
    game.roll_with(dice("21")).unwrap();
    game.play_text("13/11 24/23").unwrap();
    game.double().unwrap();
    game.pass().unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.points), (Seat::Zero, 2));
}

#[test]
fn only_the_cube_owner_may_redouble() {
    let mut game = opened_game(Rules::default());
    game.double().unwrap(); // player 1 doubles
    game.take().unwrap(); // player 0 owns the cube at 2
    assert_eq!(game.cube(), (2, CubeOwner::Owned(Seat::Zero)));
    assert_eq!(
        game.double(),
        Err(GameError::CannotDouble(DoubleRefusal::OpponentOwnsCube))
    );
    game.roll_with(dice("21")).unwrap();
    game.play_text("13/11 24/23").unwrap();
    assert!(game.double().is_ok(), "player 0 owns the cube");
    game.take().unwrap();
    assert_eq!(game.cube(), (4, CubeOwner::Owned(Seat::One)));
}

#[test]
fn the_cube_stops_at_64_unless_the_ceiling_is_lifted() {
    for (max_cube_log2, allowed) in [(6u8, false), (7u8, true)] {
        let rules = Rules {
            max_cube_log2,
            ..Rules::default()
        };
        let mut game = opened_game(rules);
        let mut doubles = 0;
        loop {
            // Each side doubles in turn until refused.
            if game.double().is_err() {
                break;
            }
            game.take().unwrap();
            doubles += 1;
            game.roll_with(dice("21")).unwrap();
            let first = game.legal_moves()[0];
            game.play(&first).unwrap();
            if doubles == 7 {
                break;
            }
        }
        assert_eq!(game.cube().0 == 128, allowed, "ceiling 2^{max_cube_log2}");
        assert!(game.cube().0 <= 1 << max_cube_log2);
    }
}

#[test]
fn beavers_quadruple_the_cube_and_keep_it_only_when_allowed() {
    let mut game = opened_game(Rules::default());
    game.double().unwrap();
    assert!(game.beaver().is_err());
    let mut game = opened_game(Rules {
        beavers: true,
        ..Rules::default()
    });
    game.double().unwrap();
    game.beaver().unwrap();
    assert_eq!(game.cube(), (4, CubeOwner::Owned(Seat::Zero)));
    assert_eq!(game.phase(), Phase::AwaitingRoll);
}

#[test]
fn a_rejected_resignation_resumes_the_turn_and_an_accepted_one_ends_the_game() {
    let mut game = opened_game(Rules::default());
    game.roll_with(dice("64")).unwrap();
    game.resign(Seat::One, WinKind::Gammon).unwrap();
    assert_eq!(game.turn(), Seat::Zero);
    game.reject_resignation().unwrap();
    assert_eq!(game.phase(), Phase::Moving(dice("64")));
    game.resign(Seat::One, WinKind::Gammon).unwrap();
    game.accept_resignation().unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.points), (Seat::Zero, 2));
    assert_eq!(outcome.end, GameEnd::Resigned(WinKind::Gammon));
}

#[test]
fn a_move_after_a_refused_resignation_is_recorded_with_its_roll() {
    let mut game = opened_game(Rules::default());
    game.roll_with(dice("64")).unwrap();
    game.resign(Seat::One, WinKind::Single).unwrap();
    game.reject_resignation().unwrap();
    game.play_text("24/18 13/9").unwrap();
    let played = game.events().iter().rev().find_map(|event| match event {
        GameEvent::Turn {
            dice: rolled, play, ..
        } if *rolled == dice("64") => Some(*play),
        _ => None,
    });
    let play = played.expect("the turn of 64").expect("its move");
    assert_eq!(play.to_string(), "24/18 13/9");
}

#[test]
fn the_crawford_game_forbids_doubling_and_post_crawford_allows_it() {
    let mut record = Match::new(Rules::match_to(3), ["a".into(), "b".into()]);
    let game = record
        .new_game_with_opening(Seat::Zero, dice("31"))
        .unwrap();
    game.play_text("8/5 6/5").unwrap();
    game.resign(Seat::One, WinKind::Gammon).unwrap();
    game.accept_resignation().unwrap();
    assert_eq!(record.score(), [2, 0]);
    assert!(record.next_is_crawford());
    let game = record.new_game_with_opening(Seat::One, dice("31")).unwrap();
    assert!(game.is_crawford());
    game.play_text("8/5 6/5").unwrap();
    assert_eq!(
        game.double(),
        Err(GameError::CannotDouble(DoubleRefusal::Crawford))
    );
    game.resign(Seat::Zero, WinKind::Single).unwrap();
    game.accept_resignation().unwrap();
    assert_eq!(record.score(), [2, 1]);
    assert!(
        !record.next_is_crawford(),
        "the Crawford game is played once"
    );
    let game = record.new_game_with_opening(Seat::One, dice("31")).unwrap();
    assert!(!game.is_crawford());
    game.play_text("8/5 6/5").unwrap();
    game.double().unwrap(); // player 0 doubles after the Crawford game
    game.pass().unwrap();
    assert_eq!(record.score(), [3, 1]);
    assert_eq!(record.winner(), Some(Seat::Zero));
    assert!(
        record
            .new_game_with_opening(Seat::Zero, dice("31"))
            .is_err()
    );
}

#[test]
fn the_opening_roll_rerolls_ties_and_the_higher_die_plays_both() {
    use ludus_backgammon::ScriptedDice;
    // Player 0 then player 1 roll one die each: 3-3 is a tie, then 2 against 5.
    let mut dice_source = ScriptedDice::new([3, 3, 2, 5]);
    let game = Game::new(Rules::default(), [0, 0], false, &mut dice_source);
    assert_eq!(game.on_roll(), Seat::One);
    assert_eq!(game.phase(), Phase::Moving(dice("52")));
    assert!(!game.position().legal_moves(dice("52")).is_empty());
}

#[test]
fn the_match_id_follows_the_game() {
    let mut game = opened_game(Rules::match_to(5));
    let state = game.match_state();
    assert_eq!(
        (state.on_roll, state.turn, state.dice),
        (Seat::One, Seat::One, None)
    );
    game.double().unwrap();
    let state = game.match_state();
    assert!(state.double_offered);
    assert_eq!((state.on_roll, state.turn), (Seat::One, Seat::Zero));
    assert_eq!(state.match_length, 5);
    game.pass().unwrap();
    let state = game.match_state();
    assert_eq!(state.game_state, ludus_backgammon::GameState::Dropped);
    let id = state.match_id().unwrap();
    assert_eq!(
        ludus_backgammon::MatchState::from_match_id(&id).unwrap(),
        state
    );
}

#[test]
fn a_match_state_refuses_a_double_at_the_ceiling_as_a_game_does() {
    let rules = Rules::default();
    let mut state = MatchState {
        cube_value: 64,
        cube_owner: CubeOwner::Owned(Seat::One),
        ..MatchState::default()
    };
    assert_eq!(
        state.double_refusal(rules.max_cube()),
        Some(DoubleRefusal::CubeAtCeiling)
    );
    state.cube_value = 32;
    assert_eq!(state.double_refusal(rules.max_cube()), None);
    state.cube_owner = CubeOwner::Owned(Seat::Zero);
    assert_eq!(
        state.double_refusal(rules.max_cube()),
        Some(DoubleRefusal::OpponentOwnsCube)
    );
    state.cube_owner = CubeOwner::Centered;
    state.dice = Some("31".parse().unwrap());
    assert_eq!(
        state.double_refusal(rules.max_cube()),
        Some(DoubleRefusal::NotBeforeRoll)
    );
}

#[test]
fn doubling_is_pointless_when_the_current_stake_wins_the_match() {
    let state = MatchState {
        cube_value: 2,
        match_length: 5,
        score: [0, 3],
        ..MatchState::default()
    };
    // Player 1 is on roll with 3 points: winning at 2 takes the match.
    assert!(state.doubling_is_pointless());
    assert!(
        !MatchState {
            score: [0, 2],
            ..state
        }
        .doubling_is_pointless()
    );
    assert!(
        !MatchState {
            match_length: 0,
            ..state
        }
        .doubling_is_pointless()
    );
}

#[test]
fn every_refusal_has_a_code() {
    let refusals = [
        DoubleRefusal::NotBeforeRoll,
        DoubleRefusal::Crawford,
        DoubleRefusal::OpponentOwnsCube,
        DoubleRefusal::CubeAtCeiling,
    ];
    let codes: std::collections::HashSet<&str> = refusals.iter().map(|r| r.code()).collect();
    assert_eq!(codes.len(), refusals.len(), "distinct codes");
    let mut game = Game::with_opening(
        Rules::default(),
        [0, 0],
        false,
        Seat::Zero,
        "31".parse().unwrap(),
    );
    let error = game.roll_with("42".parse().unwrap()).unwrap_err();
    assert_eq!(error.code(), "must-move");
    assert_eq!(
        error.params(),
        [("action", "roll".to_string()), ("dice", "31".to_string())]
    );
    assert_eq!(
        error.to_string(),
        "cannot roll now: the player on roll must move 31"
    );
}

#[test]
fn a_match_taken_up_from_a_set_up_position_counts_from_its_score() {
    use ludus_backgammon::{GameStart, Move};
    // Player 1 on roll with 65 and two checkers left on its 1 and 2 points; the opponent has one
    // left on its own 1 point. 7-point match, player 0 leads 3–1, cube at 2 owned by player 0.
    let rules = Rules::match_to(7);
    let setup = GameStart {
        position: pos!(1:1, 2:1; 1:1),
        on_roll: Seat::One,
        cube_value: 2,
        cube_owner: CubeOwner::Owned(Seat::Zero),
        dice: Some("65".parse::<Dice>().unwrap()),
    };
    let game = Game::from_setup(rules, [3, 1], false, setup);
    assert_eq!(game.phase(), Phase::Moving("65".parse().unwrap()));
    assert_eq!(game.cube(), (2, CubeOwner::Owned(Seat::Zero)));
    let mut record = Match::from_setup(["a".into(), "b".into()], [3, 1], game);
    assert_eq!(record.score(), [3, 1]);
    let game = record.current_mut().unwrap();
    let bear_off: Move = game.legal_moves()[0];
    game.play(&bear_off).unwrap();
    // Both checkers off: a single game at cube 2 for player 1.
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.points), (Seat::One, 2));
    assert_eq!(record.score(), [3, 3]);
    // Taken up after the Crawford game (6–3 in a 7-point match, not Crawford), no later game is
    // the Crawford game; at 6–3 in the Crawford game itself, the next is not either.
    for crawford in [false, true] {
        let first = Game::from_setup(rules, [6, 3], crawford, setup);
        let mut record = Match::from_setup(["a".into(), "b".into()], [6, 3], first);
        let game = record.current_mut().unwrap();
        let bear_off: Move = game.legal_moves()[0];
        game.play(&bear_off).unwrap();
        assert_eq!(record.score(), [6, 5]);
        assert!(!record.next_is_crawford(), "crawford {crawford}");
    }
    // Without dice it starts before the roll.
    let before = Game::from_setup(
        rules,
        [0, 0],
        false,
        GameStart {
            dice: None,
            ..setup
        },
    );
    assert_eq!(before.phase(), Phase::AwaitingRoll);
    assert!(before.events().is_empty());
}
