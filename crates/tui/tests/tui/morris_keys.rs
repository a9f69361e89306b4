//! Morris: keys and clicks → actions → state, without drawing (except where a click needs the
//! board's place on screen).

use crate::{english, typed};
use ludus_morris::{Color, Game, Move, Rules, Square};
use ludus_tui::morris::{MorrisAction, MorrisApp, MorrisConfig, move_path, next_square};
use ludus_tui::ui::{Dir, Input, LineEdit, Opponent, Screen};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn square(name: &str) -> Square {
    name.parse().expect("a square name")
}

fn friends() -> MorrisApp {
    let config = MorrisConfig {
        opponent: Opponent::Human,
        ..MorrisConfig::default()
    };
    MorrisApp::new(config, english())
}

fn after(moves: &[&str]) -> MorrisApp {
    let mut game = Game::new(Rules::standard());
    for mv in moves {
        game.play(mv.parse().expect("a move"))
            .expect("a legal move");
    }
    let config = MorrisConfig {
        opponent: Opponent::Human,
        ..MorrisConfig::default()
    };
    MorrisApp::with_game(config, english(), game)
}

fn press(app: &mut MorrisApp, inputs: impl IntoIterator<Item = Input>) {
    for input in inputs {
        app.handle_input(input);
    }
}

fn played(app: &MorrisApp) -> Vec<String> {
    app.game.moves().iter().map(ToString::to_string).collect()
}

#[test]
fn keys_map_to_actions() {
    let app = friends();
    assert_eq!(app.action_for(Input::Char('h')), Some(MorrisAction::Hint));
    assert_eq!(app.action_for(Input::Char('u')), Some(MorrisAction::Undo));
    assert_eq!(app.action_for(Input::Char('q')), Some(MorrisAction::Quit));
    assert_eq!(
        app.action_for(Input::Char('d')),
        Some(MorrisAction::Edit(LineEdit::Type('d')))
    );
    assert_eq!(app.action_for(Input::Char('z')), None);
    assert_eq!(
        app.action_for(Input::Tab),
        Some(MorrisAction::Edit(LineEdit::Complete))
    );
    assert_eq!(
        app.action_for(Input::Enter),
        Some(MorrisAction::Select(app.cursor))
    );
}

#[test]
fn a_typed_move_is_played_with_enter() {
    let mut app = friends();
    press(&mut app, typed("d6"));
    assert_eq!(played(&app), ["d6"]);
    assert!(app.screen.input.is_empty());
}

#[test]
fn an_unambiguous_prefix_is_enough() {
    let mut app = after(&["a7", "a1", "d7", "d1"]);
    press(&mut app, typed("g7xa"));
    assert_eq!(played(&app).last().map(String::as_str), Some("g7xa1"));
}

#[test]
fn an_ambiguous_prefix_lists_the_candidates() {
    let mut app = friends();
    press(&mut app, typed("a"));
    assert!(played(&app).is_empty());
    assert!(
        app.screen.status.error,
        "ambiguous prefix reported: {:?}",
        app.screen.status
    );
    assert!(
        app.screen.status.text.contains("a1"),
        "{}",
        app.screen.status.text
    );
}

#[test]
fn tab_completes_the_common_prefix_of_the_candidates() {
    // White closes the top row with g7: every move there is "g7x…".
    let mut app = after(&["a7", "a1", "d7", "d1"]);
    press(&mut app, [Input::Char('g'), Input::Char('7'), Input::Tab]);
    assert_eq!(app.screen.input, "g7x");
    press(&mut app, [Input::Char('a'), Input::Tab]);
    assert_eq!(app.screen.input, "g7xa1");
    press(&mut app, [Input::Enter]);
    assert_eq!(played(&app).last().map(String::as_str), Some("g7xa1"));
}

#[test]
fn a_prefix_no_move_starts_with_is_refused() {
    let mut app = after(&["d6"]);
    press(&mut app, typed("d6"));
    assert_eq!(played(&app), ["d6"]);
    assert!(app.screen.status.error);
}

#[test]
fn arrows_follow_the_lines_of_the_board() {
    assert_eq!(next_square(square("a7"), Dir::Right), square("d7"));
    assert_eq!(next_square(square("c4"), Dir::Right), square("e4"));
    assert_eq!(next_square(square("d3"), Dir::Up), square("d5"));
    assert_eq!(next_square(square("d1"), Dir::Down), square("d1"));
    assert_eq!(next_square(square("g1"), Dir::Up), square("g4"));
}

#[test]
fn placing_with_the_cursor_and_enter() {
    let mut app = friends();
    app.cursor = square("a7");
    press(&mut app, [Input::Arrow(Dir::Right), Input::Enter]);
    assert_eq!(played(&app), ["d7"]);
}

#[test]
fn a_placement_that_closes_a_mill_asks_for_the_removal() {
    let mut app = after(&["a7", "a1", "d7", "d1", "b6", "f2"]);
    // White places g7: a mill a7-d7-g7; the removal is chosen by a second selection.
    app.apply(MorrisAction::Select(square("g7")));
    assert_eq!(app.pick, [square("g7")]);
    assert!(
        app.screen.status.text.contains("Mill"),
        "{}",
        app.screen.status.text
    );
    app.apply(MorrisAction::Select(square("f2")));
    assert_eq!(played(&app).last().map(String::as_str), Some("g7xf2"));
}

#[test]
fn undo_first_drops_the_selection_then_the_last_move() {
    let mut app = after(&["a7", "a1", "d7", "d1", "b6", "f2"]);
    app.apply(MorrisAction::Select(square("g7")));
    app.apply(MorrisAction::Undo);
    assert!(app.pick.is_empty());
    assert_eq!(played(&app).len(), 6);
    app.apply(MorrisAction::Undo);
    assert_eq!(played(&app).len(), 5);
}

#[test]
fn undo_against_the_computer_takes_back_its_reply_too() {
    let mut game = Game::new(Rules::standard());
    for mv in ["d6", "d2"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let mut app = MorrisApp::with_game(MorrisConfig::default(), english(), game);
    assert!(app.human_to_move());
    app.apply(MorrisAction::Undo);
    assert!(app.game.moves().is_empty());
    assert!(app.human_to_move());
}

#[test]
fn quitting_asks_first() {
    let mut app = friends();
    press(&mut app, [Input::Char('q')]);
    assert!(app.confirm_quit && !app.screen.quit);
    press(&mut app, [Input::Char('n')]);
    assert!(!app.confirm_quit && !app.screen.quit);
    press(&mut app, [Input::Char('q'), Input::Char('y')]);
    assert!(app.screen.quit);
}

/// A game where the computer (White, level 1) has chosen its first move and is showing it.
fn computer_animating() -> MorrisApp {
    let config = MorrisConfig {
        level: 1,
        human: Color::Black,
        ..MorrisConfig::default()
    };
    let mut app = MorrisApp::new(config, english());
    assert!(app.computer_to_move());
    app.think();
    app
}

#[test]
fn the_computer_move_is_shown_part_by_part_then_played() {
    let mut app = computer_animating();
    let animation = app.animation.expect("an animation starts");
    assert_eq!(app.game.moves().len(), 0, "not played before it is shown");
    let placed = animation.mv.to;
    assert_eq!(app.shown_board()[placed.index()], Some(Color::White));
    assert!(app.animation_delay().is_some());
    // A key during the animation ends it (the computer's move is played) and then counts as
    // usual: the person's first key is never lost to the animation.
    let first = ["d6", "f2"]
        .into_iter()
        .find(|&name| name != placed.name())
        .unwrap();
    for c in first.chars() {
        app.handle_input(Input::Char(c));
    }
    assert!(app.animation.is_none());
    assert_eq!(app.game.moves(), [animation.mv]);
    assert_eq!(app.screen.input, first, "both keys typed, none swallowed");
    app.handle_input(Input::Enter);
    assert_eq!(app.game.moves()[1].to_string(), first);
}

#[test]
fn the_animation_ends_by_itself_with_the_move_played() {
    let mut app = computer_animating();
    let animation = app.animation.expect("an animation starts");
    app.tick();
    assert!(app.animation.is_none());
    assert_eq!(app.game.moves(), [animation.mv]);
    assert!(app.screen.status.text.contains(&animation.mv.to_string()));
}

#[test]
fn a_typed_move_onto_an_occupied_point_says_so() {
    let mut app = after(&["b4"]);
    press(&mut app, [Input::Char('b'), Input::Char('4'), Input::Enter]);
    assert_eq!(app.game.moves().len(), 1);
    assert_eq!(app.screen.status.text, "b4 is occupied.");
    assert!(app.screen.status.error);
    // Picked by the cursor too: Enter on b4 while placing.
    app.apply(MorrisAction::Select("b4".parse().unwrap()));
    assert_eq!(app.screen.status.text, "b4 is occupied.");
}

#[test]
fn a_hint_names_a_legal_move_with_its_value() {
    let mut app = after(&["a7", "a1", "d7", "d1"]);
    press(&mut app, [Input::Char('h')]);
    let (mv, value) = app.hint.clone().expect("a hint");
    // White may close a7-d7-g7 or block Black's a1-d1-g1 (the search, limited by time, weighs
    // the two differently at different depths): either way one of these, and a legal move.
    assert!(
        mv.to_string().starts_with("g7x") || mv.to_string() == "g1",
        "close the mill or block: {mv}"
    );
    assert!(app.game.legal_moves().as_slice().contains(&mv), "{mv}");
    assert!(!value.is_empty());
    assert!(
        app.screen.status.text.contains(&mv.to_string()),
        "{}",
        app.screen.status.text
    );
}

#[test]
fn a_click_on_a_point_selects_it() {
    let mut app = friends();
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| app.draw(frame)).unwrap();
    let area = app.screen.board_area.expect("the board was drawn");
    // a7 is the top-left point: the first grid column after the rank labels, the first row.
    let click = Input::Click {
        column: area.x + 3,
        row: area.y,
    };
    assert_eq!(
        app.action_for(click),
        Some(MorrisAction::Select(square("a7")))
    );
    press(&mut app, [click]);
    assert_eq!(played(&app), ["a7"]);
}

#[test]
fn selection_paths_list_from_to_and_removal() {
    let mv: Move = "d6-d5xa1".parse().unwrap();
    assert_eq!(move_path(mv), [square("d6"), square("d5"), square("a1")]);
}

#[test]
fn a_slide_into_a_mill_by_selection_removes_and_wins() {
    // White: a7, d7, g4; Black: b6, f6, b2 (three pieces: a removal ends the game).
    let start: ludus_morris::Position = "WW.W..../B.B...B./........ w 0 0 0".parse().unwrap();
    let config = MorrisConfig {
        opponent: Opponent::Human,
        ..MorrisConfig::default()
    };
    let mut app = MorrisApp::with_game(
        config,
        english(),
        Game::from_position(Rules::standard(), start),
    );
    app.apply(MorrisAction::Select(square("g4")));
    app.apply(MorrisAction::Select(square("g7")));
    assert_eq!(app.pick, [square("g4"), square("g7")]);
    assert!(
        app.screen.status.text.contains("Mill"),
        "{}",
        app.screen.status.text
    );
    app.apply(MorrisAction::Select(square("b2")));
    assert_eq!(played(&app), ["g4-g7xb2"]);
    assert!(
        app.screen.status.text.starts_with("White wins."),
        "{}",
        app.screen.status.text
    );
    // Over: q (leave), u (take back), n (rematch) and a (review, as in backgammon) do
    // something; h does not.
    assert_eq!(app.action_for(Input::Char('h')), None);
    assert_eq!(
        app.action_for(Input::Char('n')),
        Some(MorrisAction::Rematch)
    );
    assert_eq!(app.action_for(Input::Char('a')), Some(MorrisAction::Review));
    assert_eq!(app.action_for(Input::Char('q')), Some(MorrisAction::Quit));
    // Nothing is saved: leaving offers to save first; y leaves without saving.
    app.apply(MorrisAction::Quit);
    assert!(!app.screen.quit);
    assert!(
        app.screen.status.text.contains("s: save it"),
        "{}",
        app.screen.status.text
    );
    press(&mut app, [Input::Char('y')]);
    assert!(app.screen.quit);
}
