//! Backgammon: keys and clicks → actions → state, without drawing.

use crate::{english, typed};
use ludus_backgammon::{CubeOwner, Match, Move, Phase, Rules, Seat, SeededDice, WinKind};
use ludus_tui::backgammon::{BgAction, BgApp, BgConfig, Slot};
use ludus_tui::ui::{Input, LineEdit, Opponent, Screen};

fn friends_config() -> BgConfig {
    BgConfig {
        opponent: Opponent::Human,
        ..BgConfig::default()
    }
}

/// A money session whose first game `opener` opens with `roll`.
fn opened_match(opener: Seat, roll: &str) -> Match {
    let mut record = Match::new(Rules::default(), ["White".into(), "Black".into()]);
    record
        .new_game_with_opening(opener, roll.parse().unwrap())
        .unwrap();
    record
}

/// A friendly money game where White opens with `roll`.
fn opening(roll: &str) -> BgApp {
    BgApp::with_record(
        friends_config(),
        english(),
        opened_match(Seat::Zero, roll),
        0,
    )
}

fn press(app: &mut BgApp, inputs: impl IntoIterator<Item = Input>) {
    for input in inputs {
        app.handle_input(input);
    }
}

/// The slot of a point in the numbering of the side on roll (25 the bar, 0 off).
fn slot(app: &BgApp, point: u8) -> Slot {
    let game = app.game().unwrap();
    match point {
        25 => Slot::Bar,
        0 => Slot::Off,
        p if game.on_roll() == app.bottom() => Slot::Point(p),
        p => Slot::Point(25 - p),
    }
}

fn select(app: &mut BgApp, point: u8) {
    let target = slot(app, point);
    app.apply(BgAction::Select(target));
}

fn last_play(app: &BgApp) -> Option<Move> {
    app.game()?.events().iter().rev().find_map(|e| match e {
        ludus_backgammon::GameEvent::Turn { play, .. } => *play,
        _ => None,
    })
}

#[test]
fn command_keys_map_to_actions() {
    let app = opening("31");
    assert_eq!(app.action_for(Input::Char('r')), Some(BgAction::Roll));
    assert_eq!(app.action_for(Input::Char('d')), Some(BgAction::Double));
    assert_eq!(app.action_for(Input::Char('t')), Some(BgAction::Take));
    assert_eq!(app.action_for(Input::Char('p')), Some(BgAction::Pass));
    assert_eq!(app.action_for(Input::Char('h')), Some(BgAction::Hint));
    assert_eq!(app.action_for(Input::Char('u')), Some(BgAction::Undo));
    assert_eq!(app.action_for(Input::Char('q')), Some(BgAction::Quit));
    assert_eq!(
        app.action_for(Input::Char('8')),
        Some(BgAction::Edit(LineEdit::Type('8')))
    );
    assert_eq!(
        app.action_for(Input::Char('b')),
        Some(BgAction::Edit(LineEdit::Type('b')))
    );
}

#[test]
fn checkers_are_moved_one_by_one_then_confirmed() {
    let mut app = opening("31");
    select(&mut app, 8);
    assert_eq!(app.selected, Some(8));
    select(&mut app, 5);
    assert_eq!(app.steps().len(), 1);
    assert_eq!(app.completed_move(), None);
    select(&mut app, 6);
    select(&mut app, 5);
    let mv = app.completed_move().expect("both dice used");
    assert_eq!(mv.to_string(), "8/5 6/5");
    assert!(
        app.game().unwrap().events().len() == 1,
        "not played before Enter"
    );
    press(&mut app, [Input::Enter]);
    assert_eq!(
        last_play(&app).map(|m| m.to_string()).as_deref(),
        Some("8/5 6/5")
    );
    let game = app.game().unwrap();
    assert_eq!(game.on_roll(), Seat::One);
    assert_eq!(game.phase(), Phase::AwaitingRoll);
}

#[test]
fn the_used_die_is_marked_and_undo_takes_the_checker_back() {
    let mut app = opening("31");
    select(&mut app, 8);
    select(&mut app, 5);
    assert_eq!(app.dice_shown(), [(3, true), (1, false)]);
    press(&mut app, [Input::Char('u')]);
    assert!(app.steps().is_empty());
    assert_eq!(app.dice_shown(), [(3, false), (1, false)]);
    assert_eq!(app.shown_position(), Some(app.game().unwrap().position()));
}

#[test]
fn one_checker_may_use_both_dice_in_one_selection() {
    let mut app = opening("31");
    select(&mut app, 24);
    select(&mut app, 20);
    assert_eq!(app.steps().len(), 2);
    assert_eq!(
        app.completed_move().map(|m| m.to_string()).as_deref(),
        Some("24/20")
    );
}

#[test]
fn a_point_without_a_movable_checker_cannot_be_selected() {
    let mut app = opening("31");
    select(&mut app, 7);
    assert_eq!(app.selected, None);
    assert!(app.screen.status.error);
}

#[test]
fn a_typed_move_is_played_in_any_order_of_its_parts() {
    let mut app = opening("31");
    press(&mut app, typed("6/5 8/5"));
    assert_eq!(
        last_play(&app).map(|m| m.to_string()).as_deref(),
        Some("8/5 6/5")
    );
}

#[test]
fn tab_completes_the_typed_move_and_enter_takes_a_unique_prefix() {
    let mut app = opening("31");
    let legal: Vec<String> = app
        .game()
        .unwrap()
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    let starting: Vec<&String> = legal.iter().filter(|t| t.starts_with("13/10")).collect();
    press(&mut app, "13/10".chars().map(Input::Char));
    press(&mut app, [Input::Tab]);
    assert!(starting.iter().all(|t| t.starts_with(&app.screen.input)));
    if let [only] = starting[..] {
        assert_eq!(&app.screen.input, only);
    }
    // A prefix that fits one move only plays it.
    let unique = legal
        .iter()
        .find(|t| legal.iter().filter(|u| u.starts_with(t.as_str())).count() == 1)
        .expect("some move is no other's prefix")
        .clone();
    let mut app = opening("31");
    press(&mut app, typed(&unique));
    assert_eq!(last_play(&app).map(|m| m.to_string()), Some(unique));
}

#[test]
fn a_double_is_offered_taken_and_the_cube_changes_hands() {
    let mut app = opening("31");
    press(&mut app, typed("8/5 6/5"));
    press(&mut app, [Input::Char('d')]);
    assert_eq!(app.game().unwrap().phase(), Phase::Doubled);
    assert!(
        app.screen.status.text.contains("doubles to 2"),
        "{}",
        app.screen.status.text
    );
    press(&mut app, [Input::Char('t')]);
    assert_eq!(app.cube(), (2, CubeOwner::Owned(Seat::Zero)));
    press(&mut app, [Input::Char('r')]);
    assert!(matches!(app.game().unwrap().phase(), Phase::Moving(_)));
}

#[test]
fn a_passed_double_ends_the_game_for_the_doubler() {
    let mut app = opening("31");
    press(&mut app, typed("8/5 6/5"));
    press(&mut app, [Input::Char('d'), Input::Char('p')]);
    let outcome = app.game().unwrap().outcome().expect("game over");
    assert_eq!((outcome.winner, outcome.points), (Seat::One, 1));
    assert_eq!(app.record.score(), [0, 1]);
    // Enter starts the next game of the session.
    press(&mut app, [Input::Enter]);
    assert_eq!(app.record.games().len(), 2);
}

#[test]
fn a_opens_and_closes_the_analysis_once_the_game_is_over() {
    let mut app = opening("31");
    press(&mut app, [Input::Char('a')]);
    assert!(app.analysis.is_none(), "no analysis while the game goes on");
    press(&mut app, [Input::Esc]);
    press(&mut app, typed("8/5 6/5"));
    press(&mut app, [Input::Char('d'), Input::Char('p')]);
    assert!(
        app.screen.status.text.contains("a: analysis"),
        "{}",
        app.screen.status.text
    );
    press(&mut app, [Input::Char('a')]);
    let lines = app.analysis.clone().expect("the analysis is shown");
    assert_eq!(lines[0], "Analysis (a: close)");
    assert!(lines[2].starts_with("White: "), "{lines:?}");
    assert!(lines[3].starts_with("Black: "), "{lines:?}");
    press(&mut app, [Input::Char('a')]);
    assert!(app.analysis.is_none());
    // The next game closes an open analysis.
    press(&mut app, [Input::Char('a'), Input::Enter]);
    assert!(app.analysis.is_none());
    assert_eq!(app.record.games().len(), 2);
}

#[test]
fn doubling_is_refused_with_the_cube_off() {
    let record = opened_match(Seat::Zero, "31");
    let config = BgConfig {
        cube: false,
        ..friends_config()
    };
    let mut app = BgApp::with_record(config, english(), record, 0);
    press(&mut app, typed("8/5 6/5"));
    press(&mut app, [Input::Char('d')]);
    assert_eq!(app.game().unwrap().phase(), Phase::AwaitingRoll);
    assert!(app.screen.status.error);
}

#[test]
fn quitting_asks_whether_to_resign_or_leave() {
    let mut app = opening("31");
    press(&mut app, [Input::Char('q')]);
    assert!(app.asking);
    press(&mut app, [Input::Char('n')]);
    assert!(!app.asking && !app.screen.quit);
    press(&mut app, [Input::Char('q'), Input::Char('l')]);
    // Nothing is saved: leaving offers to save first; y leaves without saving.
    assert!(!app.screen.quit);
    assert!(app.screen.leave_offer.is_some());
    press(&mut app, [Input::Char('y')]);
    assert!(app.screen.quit);
    assert!(
        app.game().unwrap().outcome().is_none(),
        "leaving does not resign"
    );

    let mut app = opening("31");
    press(&mut app, [Input::Char('q'), Input::Char('y')]);
    let outcome = app.game().unwrap().outcome().expect("resigned");
    assert_eq!(outcome.winner, Seat::One);
    // At the start no gammon is likely: a single game.
    assert_eq!(
        outcome.end,
        ludus_backgammon::GameEnd::Resigned(WinKind::Single)
    );
    assert_eq!(outcome.points, 1);
}

#[test]
fn the_computer_rolls_and_shows_its_move_checker_by_checker() {
    let record = opened_match(Seat::One, "31");
    let config = BgConfig {
        level: 8,
        ..BgConfig::default()
    };
    let mut app = BgApp::with_record(config, english(), record, 0);
    assert!(app.computer_to_move());
    app.think();
    let animation = app.animation.expect("the move is shown");
    assert_eq!(
        animation.mv.to_string(),
        "8/5 6/5",
        "the standard 31 opening"
    );
    for _ in 0..=animation.mv.len() {
        app.tick();
    }
    assert!(app.animation.is_none());
    assert_eq!(app.game().unwrap().on_roll(), Seat::Zero);
    assert!(!app.computer_to_move());
}

#[test]
fn a_key_during_the_computers_animation_ends_it_and_then_counts() {
    let config = BgConfig {
        level: 8,
        ..BgConfig::default()
    };
    let mut app = BgApp::with_record(config, english(), opened_match(Seat::One, "31"), 0);
    app.think();
    let animation = app.animation.expect("the move is shown");
    assert_eq!(last_play(&app), None, "not played before it is shown");
    // The person's r during the animation: the computer's move is played, then the roll.
    press(&mut app, [Input::Char('r')]);
    assert!(app.animation.is_none());
    assert_eq!(last_play(&app), Some(animation.mv));
    let game = app.game().unwrap();
    assert_eq!(game.on_roll(), Seat::Zero);
    assert!(
        matches!(game.phase(), Phase::Moving(_)),
        "the r was not lost to the animation: {:?}",
        game.phase()
    );
}

/// Plays a seeded game with the first legal move each turn; at every turn, every legal move
/// (up to a bound) must be made by selecting its checkers one at a time, in the order listed.
#[test]
fn every_legal_move_can_be_made_by_selection() {
    const MOVES_CHECKED_PER_TURN: usize = 12;
    let mut dice = SeededDice::new(7);
    let mut record = Match::new(Rules::default(), ["White".into(), "Black".into()]);
    record.new_game(&mut dice).unwrap();
    let mut turns = 0;
    while let Some(game) = record.current_mut() {
        if game.phase() == Phase::AwaitingRoll {
            game.roll(&mut dice).unwrap();
        }
        let legal = game.legal_moves();
        for mv in legal
            .iter()
            .filter(|mv| !mv.is_empty())
            .take(MOVES_CHECKED_PER_TURN)
        {
            let mut app = BgApp::with_record(friends_config(), english(), record.clone(), 0);
            for step in mv.checker_moves() {
                select(&mut app, step.from);
                select(&mut app, step.to);
            }
            assert_eq!(app.completed_move(), Some(*mv), "selecting {mv}");
        }
        let first = legal[0];
        let game = record.current_mut().unwrap();
        game.play(&first).unwrap();
        turns += 1;
    }
    assert!(turns > 20, "a whole game was played ({turns} turns)");
}

#[test]
fn the_computer_takes_an_early_double_and_says_so() {
    let mut record = opened_match(Seat::One, "31");
    let game = record.current_mut().unwrap();
    game.play_text("8/5 6/5").unwrap();
    let mut app = BgApp::with_record(BgConfig::default(), english(), record, 0);
    press(&mut app, [Input::Char('d')]);
    assert_eq!(app.game().unwrap().phase(), Phase::Doubled);
    assert!(app.computer_to_move());
    app.think();
    assert_eq!(app.cube(), (2, CubeOwner::Owned(Seat::One)));
    assert!(
        app.screen.status.text.starts_with("Black takes."),
        "{}",
        app.screen.status.text
    );
}

#[test]
fn clicks_on_the_board_move_a_checker() {
    let mut app = opening("31");
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    let area = app.screen.board_area.expect("drawn");
    // Bottom row, left half: the 8-point is the fifth column (12, 11, 10, 9, 8), three cells
    // each after the frame; the 5-point is the second column of the right half (6, 5, …).
    let click = |column: u16| Input::Click {
        column: area.x + column,
        row: area.y + 12,
    };
    press(&mut app, [click(1 + 3 * 4 + 1), click(24 + 3 + 1)]);
    assert_eq!(app.steps().len(), 1);
    assert_eq!((app.steps()[0].from, app.steps()[0].to), (8, 5));
}

#[test]
fn a_refused_double_is_told_in_the_users_language() {
    let record = opened_match(Seat::Zero, "31");
    let catalog = ludus_tui::i18n::Catalog::new(ludus_tui::i18n::Lang::Et);
    let mut app = BgApp::with_record(friends_config(), catalog, record, 0);
    press(&mut app, typed("8/5 6/5"));
    // Black doubles, White takes and owns the cube; Black may not double again.
    press(&mut app, [Input::Char('d'), Input::Char('t')]);
    assert_eq!(app.cube(), (2, CubeOwner::Owned(Seat::Zero)));
    press(&mut app, [Input::Char('d')]);
    assert!(app.screen.status.error);
    assert_eq!(app.screen.status.text, "Kuubik on vastase käes.");
}

/// Dice of a seed, counted as the screen counts them (`BgApp::with_record`'s `dice_rolled`).
struct Counted {
    dice: SeededDice,
    rolled: u64,
}

impl ludus_backgammon::DiceSource for Counted {
    fn roll_die(&mut self) -> u8 {
        self.rolled += 1;
        self.dice.roll_die()
    }
}

/// A money session with dice from `seed`, played by the last legal move until the side on roll
/// is about to roll dice that the automatic bear-off plays: the session then and the dice rolled
/// so far; `None` when the first games never get there.
fn session_before_an_automatic_bear_off(seed: u64) -> Option<(Match, u64)> {
    let mut record = Match::new(Rules::default(), ["White".into(), "Black".into()]);
    let mut dice = Counted {
        dice: SeededDice::new(seed),
        rolled: 0,
    };
    record.new_game(&mut dice).ok()?;
    for _ in 0..3000 {
        let game = record.current_mut()?;
        match game.phase() {
            Phase::AwaitingRoll => {
                let before = (record.clone(), dice.rolled);
                let game = record.current_mut()?;
                let roll = game.roll(&mut dice).ok()?;
                if game.position().automatic_bear_off(roll).is_some() {
                    return Some(before);
                }
            }
            Phase::Moving(_) => {
                let mv = *game.legal_moves().last()?;
                game.play(&mv).ok()?;
            }
            _ => {
                record.new_game(&mut dice).ok()?;
            }
        }
    }
    None
}

#[test]
fn a_bear_off_where_nothing_else_matters_plays_itself_unless_switched_off() {
    let (seed, (record, rolled)) = (1..50)
        .find_map(|seed| session_before_an_automatic_bear_off(seed).map(|s| (seed, s)))
        .expect("a session reaches an automatic bear-off");
    let config = BgConfig {
        seed,
        ..friends_config()
    };
    let mut app = BgApp::with_record(config, english(), record.clone(), rolled);
    let plays_before = app.game().unwrap().events().len();
    press(&mut app, [Input::Char('r')]);
    let game = app.game().unwrap();
    assert_eq!(
        game.events().len(),
        plays_before + 1,
        "the roll and its play are one event"
    );
    let ludus_backgammon::GameEvent::Turn {
        play: Some(play), ..
    } = game.events()[plays_before]
    else {
        panic!("a played turn: {:?}", game.events()[plays_before]);
    };
    assert!(play.checker_moves().iter().all(|m| m.to == 0), "{play}");
    assert!(
        app.screen
            .status
            .text
            .starts_with(&format!("Borne off automatically: {play}.")),
        "{}",
        app.screen.status.text
    );
    // Switched off, the same roll waits for the player.
    let config = BgConfig {
        auto_bear_off: false,
        ..config
    };
    let mut app = BgApp::with_record(config, english(), record, rolled);
    press(&mut app, [Input::Char('r')]);
    assert!(matches!(app.game().unwrap().phase(), Phase::Moving(_)));
}

#[test]
fn a_roll_that_cannot_enter_from_the_bar_is_passed_at_once_and_said() {
    // White on the bar against Black's closed home board, between two people.
    let mut white = [0u8; 26];
    white[25] = 1;
    white[6] = 14;
    let mut black = [0u8; 26];
    black[1..=6].fill(2);
    black[13] = 3;
    let start = ludus_backgammon::GameStart {
        position: ludus_backgammon::Position::from_board(white, black).unwrap(),
        on_roll: Seat::Zero,
        cube_value: 1,
        cube_owner: CubeOwner::Centered,
        dice: None,
    };
    let game = ludus_backgammon::Game::from_setup(Rules::default(), [0, 0], false, start);
    let record = Match::from_setup(["White".into(), "Black".into()], [0, 0], game);
    let mut app = BgApp::with_record(friends_config(), english(), record, 0);
    press(&mut app, [Input::Char('r')]);
    let game = app.game().unwrap();
    let Some(ludus_backgammon::GameEvent::Turn {
        seat: Seat::Zero,
        dice,
        play: Some(play),
    }) = game.events().first().copied()
    else {
        panic!("White's turn is recorded: {:?}", game.events());
    };
    assert!(play.is_empty(), "the empty move");
    assert_eq!(
        app.screen.status.text,
        format!("No checker can move with {dice}.")
    );
    assert_eq!(
        (game.on_roll(), game.phase()),
        (Seat::One, Phase::AwaitingRoll)
    );
}

/// The hint's cube lines checked against the engine at the hint's plies: the status line names
/// whose equity it is, the side panel lists no double, double/take and double/pass.
fn assert_cube_hint(app: &BgApp, side: &str) {
    let game = app.game().unwrap();
    let decision = ludus_backgammon_engine::engine::Engine::new(1)
        .cube_decision(&game.position(), &game.match_state())
        .unwrap();
    let status = &app.screen.status.text;
    assert!(
        status.starts_with("Hint: ")
            && status.ends_with(&format!("(equity for {side}: {:+.3})", decision.equity)),
        "{status}"
    );
    let hint = app.hint.as_deref().expect("the hint is kept for the panel");
    let lines: Vec<&str> = hint.lines().collect();
    assert_eq!(
        lines,
        [
            status.as_str(),
            &format!("Equities for {side}:"),
            &format!("{:+.3} no double", decision.no_double),
            &format!("{:+.3} double, take", decision.double_take),
            &format!("{:+.3} double, pass", decision.double_pass),
        ]
    );
}

#[test]
fn a_cube_hint_names_whose_equity_and_gives_the_whole_cube_table() {
    let mut app = opening("31");
    press(&mut app, typed("8/5 6/5"));
    press(&mut app, [Input::Char('h')]);
    assert_cube_hint(&app, "Black");
    // The panel beside the board shows every line of it.
    let text = ludus_tui::run::screen_text(&mut app, 100, 30);
    assert!(text.contains("Equities for Black:"), "{text}");
    assert!(text.contains("double, pass"), "{text}");
    // While the double waits for White's answer the table is still the doubler's.
    press(&mut app, [Input::Char('d'), Input::Char('h')]);
    assert_eq!(app.game().unwrap().phase(), Phase::Doubled);
    assert_cube_hint(&app, "Black");
    let status = &app.screen.status.text;
    assert!(
        status.starts_with("Hint: take ") || status.starts_with("Hint: pass "),
        "{status}"
    );
}

#[test]
fn the_cube_hint_fits_the_status_line_at_80_columns_in_every_language() {
    for lang in ludus_tui::i18n::Lang::ALL {
        let catalog = ludus_tui::i18n::Catalog::new(lang);
        let record = opened_match(Seat::Zero, "31");
        let mut app = BgApp::with_record(friends_config(), catalog.clone(), record, 0);
        press(&mut app, typed("8/5 6/5"));
        press(&mut app, [Input::Char('h')]);
        let status = app.screen.status.text.clone();
        let side = catalog.get("side-black");
        assert!(status.contains(&side), "{lang}: whose equity: {status}");
        let text = ludus_tui::run::screen_text(&mut app, 80, 24);
        assert!(
            text.lines().any(|l| l.contains(&status)),
            "{lang}: the status line whole:\n{text}"
        );
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    }
}
