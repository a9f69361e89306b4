//! What both boards share: the keys and clicks the UI understands, the opponent setting, status
//! messages, and the interface the terminal loop and the plain-text loop drive.

use ratatui::Frame;
use std::time::Duration;

/// How long each step of the computer's move stays on screen (a piece lifted, put down, a
/// removal; one checker of a backgammon move): long enough to follow, short enough not to bore.
pub const STEP_DELAY: Duration = Duration::from_millis(450);

/// One input, independent of the terminal library (the run loop translates crossterm events).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A printable character.
    Char(char),
    /// The Enter key.
    Enter,
    /// The Backspace key.
    Backspace,
    /// The Escape key.
    Esc,
    /// The Tab key (completion).
    Tab,
    /// An arrow key.
    Arrow(Dir),
    /// A left mouse click at a terminal cell.
    Click {
        /// Column of the cell.
        column: u16,
        /// Row of the cell.
        row: u16,
    },
}

/// A direction of the arrow keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Up.
    Up,
    /// Down.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
}

/// Who plays the other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Opponent {
    /// The engine at a level.
    #[default]
    Computer,
    /// A person at the same keyboard.
    Human,
}

/// A line in the status bar.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Status {
    /// The text.
    pub text: String,
    /// Whether it reports a mistake (drawn in red).
    pub error: bool,
}

impl Status {
    /// An informative line.
    pub fn info(text: impl Into<String>) -> Status {
        Status {
            text: text.into(),
            error: false,
        }
    }

    /// A line that reports a mistake.
    pub fn error(text: impl Into<String>) -> Status {
        Status {
            text: text.into(),
            error: true,
        }
    }
}

/// What the run loops need from a board's UI state.
pub trait Screen {
    /// Handles one key or click.
    fn handle(&mut self, input: Input);
    /// Draws the whole screen.
    fn draw(&mut self, frame: &mut Frame);
    /// Whether the computer must think now (the loop draws "thinking" first, then calls
    /// [`Screen::think`]).
    fn computer_to_move(&self) -> bool;
    /// Lets the computer choose its action (blocking; a level's thinking time at most).
    fn think(&mut self);
    /// The delay before the next animation step, if an animation runs.
    fn animation_delay(&self) -> Option<Duration>;
    /// Shows the next animation step (or finishes the animation).
    fn tick(&mut self);
    /// Whether the user asked to leave.
    fn wants_quit(&self) -> bool;
    /// The record to save when it changed since the last call (then marks it saved).
    fn take_record(&mut self) -> Option<String>;
    /// The status line, for the plain-text mode.
    fn status_text(&self) -> String;
}

/// The longest common prefix of some texts.
pub fn common_prefix<'a>(mut texts: impl Iterator<Item = &'a str>) -> String {
    let Some(first) = texts.next() else {
        return String::new();
    };
    let mut prefix = first.to_string();
    for text in texts {
        let common = prefix
            .chars()
            .zip(text.chars())
            .take_while(|(a, b)| a == b)
            .count();
        prefix = prefix.chars().take(common).collect();
    }
    prefix
}

/// How many candidates an "ambiguous" message lists before "…".
pub const LISTED_CANDIDATES: usize = 6;

/// Candidates for a status line: the first few, then "…".
pub fn list_candidates<'a>(texts: impl Iterator<Item = &'a str>) -> String {
    let all: Vec<&str> = texts.collect();
    let mut listed = all
        .iter()
        .take(LISTED_CANDIDATES)
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    if all.len() > LISTED_CANDIDATES {
        listed.push_str(", …");
    }
    listed
}
