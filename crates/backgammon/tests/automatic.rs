//! The steps that need no decision (`Match::automatic_step`, `Match::advance_automatic`): the
//! next game, a roll when no double is possible, the empty move.

use ludus_backgammon::{
    AutomaticStep, AutomaticSteps, CubeOwner, Game, GameStart, Match, Phase, Rules, ScriptedDice,
    Seat, SeededDice, WinKind,
};

use crate::common::{closed_out, dice, names};

/// Everything automatic, with the cube in use or not.
fn all(cube: bool) -> AutomaticSteps {
    AutomaticSteps {
        new_game: true,
        roll: true,
        cube,
    }
}

/// A money game (or a match to `length`) from the starting board with White on roll before
/// rolling, at `score`, with this cube.
fn before_roll(length: u32, score: [u32; 2], cube: (u32, CubeOwner)) -> Match {
    let start = GameStart {
        position: ludus_backgammon::Position::starting(),
        on_roll: Seat::Zero,
        cube_value: cube.0,
        cube_owner: cube.1,
        dice: None,
    };
    let game = Game::from_setup(Rules::match_to(length), score, false, start);
    Match::from_setup(names(), score, game)
}

#[test]
fn a_player_who_may_double_decides_and_one_who_may_not_rolls() {
    let mut roll = ScriptedDice::from_rolls([dice("42")]);
    let centred = (1, CubeOwner::Centered);
    let mut record = before_roll(0, [0, 0], centred);
    assert_eq!(record.automatic_step(all(true), &mut roll), None);
    assert_eq!(
        record.automatic_step(all(false), &mut roll),
        Some(AutomaticStep::Rolled(dice("42"))),
        "without the cube nobody may double"
    );
    let mut record = before_roll(0, [0, 0], (2, CubeOwner::Owned(Seat::One)));
    assert_eq!(
        record.automatic_step(all(true), &mut roll),
        Some(AutomaticStep::Rolled(dice("42"))),
        "the opponent owns the cube"
    );
    let mut record = before_roll(0, [0, 0], centred);
    let no_roll = AutomaticSteps {
        roll: false,
        ..all(false)
    };
    assert_eq!(record.automatic_step(no_roll, &mut roll), None);
}

#[test]
fn a_double_that_cannot_change_the_match_is_no_reason_to_wait() {
    // 2–0 in a match to 3, after the Crawford game: a single game wins White the match.
    let mut record = before_roll(3, [2, 0], (1, CubeOwner::Centered));
    let mut roll = ScriptedDice::from_rolls([dice("53")]);
    assert_eq!(
        record.automatic_step(all(true), &mut roll),
        Some(AutomaticStep::Rolled(dice("53")))
    );
}

#[test]
fn a_roll_no_checker_can_play_is_passed_and_the_other_side_rolls() {
    // White on the bar against a closed board with 43 to play; Black may not double (no cube).
    let mut record = closed_out("43");
    let mut roll = ScriptedDice::from_rolls([dice("65")]);
    let steps = record.advance_automatic(all(false), &mut roll);
    assert_eq!(
        steps,
        [
            AutomaticStep::NoPlay(dice("43")),
            AutomaticStep::Rolled(dice("65"))
        ]
    );
    let game = record.current().expect("in progress");
    assert_eq!(
        (game.on_roll(), game.phase()),
        (Seat::One, Phase::Moving(dice("65")))
    );
}

#[test]
fn a_match_goes_on_by_itself_and_money_play_after_its_first_game_does_not() {
    let mut dice_source = SeededDice::new(5);
    let mut record = Match::new(Rules::match_to(3), names());
    let manual = AutomaticSteps {
        new_game: false,
        ..all(true)
    };
    assert_eq!(record.automatic_step(manual, &mut dice_source), None);
    assert_eq!(
        record.advance_automatic(all(true), &mut dice_source),
        [AutomaticStep::NewGame],
        "the opening roll always has a play"
    );
    resign_the_game(&mut record);
    assert_eq!(
        record.automatic_step(all(true), &mut dice_source),
        Some(AutomaticStep::NewGame)
    );
    let mut money = Match::new(Rules::default(), names());
    assert_eq!(
        money.automatic_step(all(true), &mut dice_source),
        Some(AutomaticStep::NewGame)
    );
    resign_the_game(&mut money);
    assert_eq!(money.automatic_step(all(true), &mut dice_source), None);
}

#[test]
fn no_game_starts_after_the_match_is_won() {
    let mut dice_source = SeededDice::new(8);
    let mut record = Match::new(Rules::match_to(1), names());
    record.new_game(&mut dice_source).expect("a first game");
    resign_the_game(&mut record);
    assert!(record.winner().is_some());
    assert_eq!(record.automatic_step(all(true), &mut dice_source), None);
}

/// The player on roll resigns a single game, accepted.
fn resign_the_game(record: &mut Match) {
    let game = record.current_mut().expect("in progress");
    game.resign(game.on_roll(), WinKind::Single)
        .and_then(|()| game.accept_resignation())
        .expect("resigned");
}
