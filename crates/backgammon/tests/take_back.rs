//! Taking back a play (`Match::take_back`, `Match::take_back_in_game`): random matches give back
//! the record before the play; hand-made cases for doubles, the cube, a game the play ended, an
//! earlier game, a set-up start and nothing to take back.

use ludus_backgammon::{
    CubeOwner, Game, GameEvent, GameStart, Match, Move, Phase, Rules, Seat, SeededDice,
    TakeBackError, WinKind,
};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{closed_out, dice, names};

/// A match to `length` points, or money play with beavers and the Jacoby rule for 0.
fn rules(length: u32) -> Rules {
    match length {
        0 => Rules {
            beavers: true,
            jacoby: true,
            ..Rules::default()
        },
        length => Rules::match_to(length),
    }
}

/// One random action in `record`: the next game, a double or a roll, an answer to a double, a
/// play, now and then a resignation that is accepted. False once the match is over.
fn random_action(record: &mut Match, dice: &mut SeededDice, rng: &mut ChaCha8Rng) -> bool {
    let Some(game) = record.current_mut() else {
        return record.new_game(dice).is_ok();
    };
    let done = match game.phase() {
        Phase::AwaitingRoll if game.double_refusal().is_none() && rng.random_bool(0.2) => {
            game.double()
        }
        Phase::AwaitingRoll if rng.random_bool(0.02) => game
            .resign(game.on_roll(), WinKind::Single)
            .and_then(|()| game.accept_resignation()),
        Phase::AwaitingRoll => game.roll(dice).map(|_| ()),
        Phase::Doubled => match rng.random_range(0..10) {
            0 => game.pass(),
            1 if game.beaver().is_ok() => Ok(()),
            _ => game.take(),
        },
        Phase::Moving(_) => {
            let legal = game.legal_moves();
            game.play(&legal[rng.random_range(0..legal.len())])
        }
        phase => panic!("no action in {phase:?}"),
    };
    done.expect("a legal action");
    true
}

/// Plays on until the player on roll has a play that moves a checker; false if the match ends.
fn to_a_play(record: &mut Match, dice: &mut SeededDice, rng: &mut ChaCha8Rng) -> bool {
    loop {
        let playable = record.current_mut().is_some_and(|game| {
            matches!(game.phase(), Phase::Moving(_))
                && game.legal_moves().iter().any(|mv| !mv.is_empty())
        });
        if playable {
            return true;
        }
        if !random_action(record, dice, rng) {
            return false;
        }
    }
}

/// Whether `seat` must act in a game in progress.
fn to_act(record: &Match, seat: Seat) -> bool {
    record
        .current()
        .is_some_and(|game| game.outcome().is_none() && game.turn() == seat)
}

/// The play recorded last in the last game.
fn last_recorded_play(record: &Match) -> Move {
    record
        .current()
        .and_then(|game| {
            game.events().iter().rev().find_map(|event| match *event {
                GameEvent::Turn { play, .. } => play,
                _ => None,
            })
        })
        .expect("a play")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn play_then_take_back_is_the_record_before(
        seed in any::<u64>(),
        length in 0u32..6,
        warm_up in 0usize..150,
    ) {
        let mut record = Match::new(rules(length), names());
        let mut dice = SeededDice::new(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..warm_up {
            if !random_action(&mut record, &mut dice, &mut rng) {
                break;
            }
        }
        prop_assume!(to_a_play(&mut record, &mut dice, &mut rng));
        let before = record.clone();
        let game = record.current_mut().expect("a game in progress");
        let seat = game.on_roll();
        let plays: Vec<Move> = game.legal_moves().into_iter().filter(|mv| !mv.is_empty()).collect();
        game.play(&plays[rng.random_range(0..plays.len())]).expect("a legal play");
        let played = last_recorded_play(&record);
        // The others answer (into the next game, when the play ended one) until it is `seat`'s
        // turn again or the match is over.
        while !to_act(&record, seat) && random_action(&mut record, &mut dice, &mut rng) {}
        let same_game = record.games().len() == before.games().len()
            && record.current().is_some_and(|game| game.outcome().is_none());
        let mut in_game = record.clone();
        prop_assert_eq!(record.take_back(seat), Ok(played));
        prop_assert_eq!(&record, &before);
        if same_game {
            prop_assert_eq!(in_game.take_back_in_game(seat), Ok(played));
            prop_assert_eq!(&in_game, &before);
        } else {
            prop_assert_eq!(in_game.take_back_in_game(seat), Err(TakeBackError::NothingToTakeBack));
        }
    }
}

/// A match whose first game opened with White's 31, played 8/5 6/5.
fn opened() -> Match {
    let mut record = Match::new(Rules::default(), names());
    let game = record
        .new_game_with_opening(Seat::Zero, dice("31"))
        .expect("a first game");
    game.play_text("8/5 6/5").expect("a legal play");
    record
}

#[test]
fn taking_back_a_double_keeps_its_roll_and_moves_all_four_checkers_back() {
    let mut record = opened();
    let game = record.current_mut().expect("in progress");
    game.roll_with(dice("66")).expect("Black rolls");
    let before = record.clone();
    let game = record.current_mut().expect("in progress");
    game.play_text("24/18(2) 13/7(2)").expect("a legal play");
    assert_eq!(
        record.take_back(Seat::One).map(|mv| mv.len()),
        Ok(4),
        "four checkers"
    );
    assert_eq!(record, before);
    let game = record.current().expect("in progress");
    assert_eq!(game.phase(), Phase::Moving(dice("66")));
}

#[test]
fn taking_back_undoes_the_double_and_take_that_followed() {
    let mut record = opened();
    let game = record.current_mut().expect("in progress");
    game.roll_with(dice("52")).expect("Black rolls");
    let before = record.clone();
    let game = record.current_mut().expect("in progress");
    game.play_text("13/8 13/11").expect("a legal play");
    game.double().expect("White doubles");
    game.take().expect("Black takes");
    game.roll_with(dice("42")).expect("White rolls");
    game.play_text("8/4 6/4").expect("a legal play");
    assert_eq!(game.cube(), (2, CubeOwner::Owned(Seat::One)));
    let mut in_game = record.clone();
    record.take_back(Seat::One).expect("a play to take back");
    assert_eq!(record, before);
    assert_eq!(
        record.current().map(Game::cube),
        Some((1, CubeOwner::Centered))
    );
    in_game
        .take_back_in_game(Seat::One)
        .expect("a play to take back");
    assert_eq!(in_game, before);
}

#[test]
fn a_take_back_reopens_the_game_the_play_ended() {
    // White bears off its last two checkers from a set-up position and wins.
    let start = GameStart {
        position: pos!(1:1, 2:1; 1:1),
        on_roll: Seat::Zero,
        cube_value: 2,
        cube_owner: CubeOwner::Owned(Seat::Zero),
        dice: Some(dice("21")),
    };
    let rules = Rules::match_to(5);
    let first = Game::from_setup(rules, [1, 2], false, start);
    let mut record = Match::from_setup(names(), [1, 2], first);
    let before = record.clone();
    let game = record.current_mut().expect("in progress");
    game.play_text("2/off 1/off").expect("a legal play");
    assert_eq!(record.score(), [3, 2]);
    record
        .new_game(&mut SeededDice::new(3))
        .expect("the next game");
    let mut in_game = record.clone();
    assert_eq!(
        in_game.take_back_in_game(Seat::Zero).ok(),
        None,
        "White has not played in the second game"
    );
    record.take_back(Seat::Zero).expect("the winning play");
    assert_eq!(record, before);
    assert_eq!(record.score(), [1, 2]);
    assert_eq!(record.current().and_then(Game::setup), Some(start));
}

#[test]
fn a_take_back_keeps_the_earlier_games_of_the_session() {
    // Two games between two people: the first resigned, the second under way.
    let mut record = Match::new(Rules::default(), names());
    let mut dice = SeededDice::new(9);
    let game = record.new_game(&mut dice).expect("a first game");
    let opener = game.on_roll();
    game.play(&game.legal_moves()[0]).expect("a legal play");
    game.resign(opener.other(), WinKind::Single)
        .expect("a resignation");
    game.accept_resignation().expect("accepted");
    let game = record.new_game(&mut dice).expect("a second game");
    let mover = game.on_roll();
    for _ in 0..3 {
        let mv = game.legal_moves()[0];
        game.play(&mv).expect("a legal play");
        game.roll(&mut dice).expect("a roll");
    }
    let mut rebuilt = record.clone();
    rebuilt
        .take_back_in_game(mover)
        .expect("a play to take back");
    assert_eq!(rebuilt.games().len(), 2);
    assert_eq!(rebuilt.games()[0].events(), record.games()[0].events());
    assert_eq!(rebuilt.score(), record.score());
    let second = &rebuilt.games()[1];
    // The mover's second play is undone: its roll stays, to be played again.
    assert_eq!(second.events().len(), 3);
    assert_eq!(second.on_roll(), mover);
    assert!(matches!(second.phase(), Phase::Moving(_)));
}

#[test]
fn nothing_is_taken_back_before_a_first_play_or_after_empty_moves_alone() {
    let mut record = Match::new(Rules::default(), names());
    record
        .new_game_with_opening(Seat::Zero, dice("31"))
        .expect("a first game");
    let fresh = record.clone();
    assert_eq!(
        record.take_back(Seat::Zero),
        Err(TakeBackError::NothingToTakeBack)
    );
    assert_eq!(record, fresh, "unchanged");
    // White on the bar against a closed board can only pass.
    let mut record = closed_out("43");
    let game = record.current_mut().expect("in progress");
    game.play(&Move::EMPTY).expect("the empty move");
    assert_eq!(
        record.take_back_in_game(Seat::Zero),
        Err(TakeBackError::NothingToTakeBack)
    );
}
