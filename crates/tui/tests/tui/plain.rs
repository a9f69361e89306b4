//! The plain-text mode: the board printed as text, one line read per action.

use crate::english;
use ludus_tui::morris::{MorrisApp, MorrisConfig};
use ludus_tui::run::{line_inputs, run_plain};
use ludus_tui::ui::{Input, Opponent};

#[test]
fn a_lone_command_letter_is_a_key_and_anything_else_is_typed() {
    assert_eq!(line_inputs("h\n"), [Input::Char('h')]);
    assert_eq!(line_inputs(""), [Input::Enter]);
    assert_eq!(
        line_inputs("d6\n"),
        [Input::Char('d'), Input::Char('6'), Input::Enter]
    );
}

#[test]
fn plain_mode_prints_the_board_and_plays_typed_moves() {
    let config = MorrisConfig {
        opponent: Opponent::Human,
        ..MorrisConfig::default()
    };
    let mut app = MorrisApp::new(config, english());
    app.screen.save_path = Some("game.txt".into());
    let mut input = "d6\nd5\nq\ny\n".as_bytes();
    let mut output = Vec::new();
    let mut saved = Vec::new();
    let mut save = |path: &std::path::Path, record: &str| {
        assert_eq!(path, std::path::Path::new("game.txt"));
        saved.push(record.to_string());
        Ok(())
    };
    run_plain(&mut app, &mut input, &mut output, &mut save).unwrap();
    let output = String::from_utf8(output).unwrap();
    assert!(output.contains("Nine Men's Morris"), "{output}");
    assert!(output.contains("1. d6            d5"), "{output}");
    assert_eq!(app.game.moves().len(), 2);
    assert!(app.screen.quit);
    assert_eq!(saved.len(), 2, "saved after each move");
}

#[test]
fn a_status_line_longer_than_80_columns_is_printed_whole() {
    let config = MorrisConfig {
        opponent: Opponent::Human,
        ..MorrisConfig::default()
    };
    let mut app = MorrisApp::new(config, english());
    // Leaving an unsaved game asks a long question: it must not be cut at 80 columns.
    let mut input = "d6\nq\nn\nq\ny\n".as_bytes();
    let mut output = Vec::new();
    let mut save = |_: &std::path::Path, _: &str| Ok(());
    run_plain(&mut app, &mut input, &mut output, &mut save).unwrap();
    let output = String::from_utf8(output).unwrap();
    let question = output
        .lines()
        .find(|l| l.contains("y: leave without saving · n: stay"))
        .unwrap_or_else(|| panic!("the whole question is printed:\n{output}"));
    assert!(question.chars().count() > 80, "{question}");
    assert!(app.screen.quit);
}

#[test]
fn leaving_an_unsaved_game_in_plain_mode_saves_to_the_typed_path() {
    let config = MorrisConfig {
        opponent: Opponent::Human,
        ..MorrisConfig::default()
    };
    let mut app = MorrisApp::new(config, english());
    let mut input = "d6\nq\ns\n/tmp/chosen.txt\n".as_bytes();
    let mut output = Vec::new();
    let mut saved = Vec::new();
    let mut save = |path: &std::path::Path, record: &str| {
        saved.push((path.to_path_buf(), record.to_string()));
        Ok(())
    };
    run_plain(&mut app, &mut input, &mut output, &mut save).unwrap();
    assert!(app.screen.quit);
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert_eq!(saved[0].0, std::path::Path::new("/tmp/chosen.txt"));
    assert!(saved[0].1.contains("1. d6"), "{}", saved[0].1);
}

#[test]
fn plain_mode_reviews_a_game_with_greater_and_less_than() {
    let mut game = ludus_morris::Game::new(ludus_morris::Rules::standard());
    for mv in ["a7", "a1", "d7", "g1", "g7xa1"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let config = MorrisConfig {
        opponent: Opponent::Human,
        ..MorrisConfig::default()
    };
    let mut app = MorrisApp::with_game(config, english(), game);
    app.open_review();
    let mut input = ">\n>\n<\n".as_bytes();
    let mut output = Vec::new();
    let mut save = |_: &std::path::Path, _: &str| Ok(());
    run_plain(&mut app, &mut input, &mut output, &mut save).unwrap();
    let output = String::from_utf8(output).unwrap();
    for step in ["Review: move 1 of 5", "Review: move 3 of 5"] {
        assert!(output.contains(step), "{step}:\n{output}");
    }
    assert_eq!(app.review.as_ref().map(|r| r.cursor.index), Some(2));
}
