//! Tests of the terminal UI (one test binary):
//!
//! - `morris_keys`: Morris keys → actions → state (typing, completion, cursor, selection, undo,
//!   quit, the computer's animated move, mouse clicks).
//! - `backgammon_keys`: Backgammon keys → actions → state (roll, checker by checker with undo,
//!   typed moves, cube actions, resignation, every legal move reachable by selection, a roll
//!   that cannot be played passed at once).
//! - `render`: golden snapshots (insta) of both boards in each language, drawn on ratatui's
//!   `TestBackend`; small terminals and mouse hit-tests.
//! - `records`: saved games (Morris records with the settings as tags, `.mat` with settings)
//!   round trip and resume.
//! - `i18n`: the keys the screens use exist in every language; the line of keys fits 80 columns.
//! - `plain`: the line-prompt mode driven with scripted input.
//! - `practice`: issue 44: a game with deliberate errors reviewed into the player file, its
//!   exercises answered on the practice screen (one right, one wrong) and scheduled apart.
//! - `review_keys`: issue 13: help, leaving with an offer to save, Backspace, numbering kept,
//!   personal results, rematch, the game review of both games; issue 41: the backgammon
//!   review's cube as it stood at each decision and its alternatives with equities and plies.
//!
//! The end-to-end test in tmux lives with the binary: `crates/cli/tests/cli/play.rs`.

#[path = "tui/backgammon_keys.rs"]
mod backgammon_keys;
#[path = "tui/i18n.rs"]
mod i18n;
#[path = "tui/morris_keys.rs"]
mod morris_keys;
#[path = "tui/plain.rs"]
mod plain;
#[path = "tui/practice.rs"]
mod practice;
#[path = "tui/records.rs"]
mod records;
#[path = "tui/render.rs"]
mod render;
#[path = "tui/review_keys.rs"]
mod review_keys;

use ludus_tui::i18n::{Catalog, Lang};
use ludus_tui::ui::Input;

/// The English catalog.
pub fn english() -> Catalog {
    Catalog::new(Lang::En)
}

/// Inputs that type `text` (each character) and press Enter.
pub fn typed(text: &str) -> Vec<Input> {
    text.chars()
        .map(Input::Char)
        .chain(Some(Input::Enter))
        .collect()
}
