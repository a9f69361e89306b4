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
    let mut input = "d6\nd5\nq\ny\n".as_bytes();
    let mut output = Vec::new();
    let mut saved = Vec::new();
    let mut save = |record: &str| {
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
