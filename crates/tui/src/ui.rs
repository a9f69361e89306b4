//! What both boards share: the keys and clicks the UI understands, the opponent setting, status
//! messages, the state every screen keeps besides its game ([`ScreenState`]), the computer's
//! move shown part by part ([`Animation`]), and the interface the terminal loop and the
//! plain-text loop drive ([`Screen`]).

use crate::i18n::Catalog;
use ratatui::Frame;
use ratatui::layout::Rect;
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

/// What every board screen keeps besides its game: the texts, the status line, the move typed so
/// far, where the board was last drawn, whether the user leaves, and whether the record changed
/// since it was last saved.
#[derive(Clone, Debug)]
pub struct ScreenState {
    /// The texts.
    pub catalog: Catalog,
    /// The status line.
    pub status: Status,
    /// The move typed so far.
    pub input: String,
    /// Where the board was last drawn (for mouse clicks).
    pub board_area: Option<Rect>,
    /// The user asked to leave.
    pub quit: bool,
    unsaved: bool,
}

impl ScreenState {
    /// A fresh state in the catalog's language.
    pub fn new(catalog: Catalog) -> ScreenState {
        ScreenState {
            catalog,
            status: Status::default(),
            input: String::new(),
            board_area: None,
            quit: false,
            unsaved: false,
        }
    }

    /// Notes that the record changed (it is saved at the next chance).
    pub fn record_changed(&mut self) {
        self.unsaved = true;
    }

    /// Whether the record changed since the last call.
    fn take_changed(&mut self) -> bool {
        std::mem::take(&mut self.unsaved)
    }

    /// "No legal move starts with …" for the typed text.
    pub fn no_match(&self) -> Status {
        Status::error(
            self.catalog
                .format("tui-no-match", &[("prefix", self.input.as_str())]),
        )
    }

    /// "Several moves start with …" for the typed text.
    pub fn ambiguous(&self, candidates: &[String]) -> Status {
        let moves = list_candidates(candidates.iter().map(String::as_str));
        Status::error(self.catalog.format(
            "tui-ambiguous",
            &[("prefix", &self.input), ("moves", &moves)],
        ))
    }

    /// Completes the typed move as far as the `legal` moves' notation that starts with it
    /// agrees, listing them when several remain.
    pub fn complete(&mut self, legal: impl Iterator<Item = String>) {
        let candidates: Vec<String> = legal.filter(|t| t.starts_with(&self.input)).collect();
        if candidates.is_empty() {
            self.status = self.no_match();
            return;
        }
        self.input = common_prefix(candidates.iter().map(String::as_str));
        if candidates.len() > 1 {
            self.status = Status::info(list_candidates(candidates.iter().map(String::as_str)));
        }
    }
}

/// The computer's move shown one part at a time (a piece lifted, put down, a removal; one
/// checker of a backgammon move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Animation<M> {
    /// The move.
    pub mv: M,
    /// How many of its parts are shown.
    pub shown: usize,
    /// How many parts it has.
    pub parts: usize,
}

impl<M> Animation<M> {
    /// Shows the next part; `false` once every part is shown (time to play the move).
    pub fn advance(&mut self) -> bool {
        if self.shown < self.parts {
            self.shown += 1;
            true
        } else {
            false
        }
    }
}

/// What the run loops need from a board's UI state.
pub trait Screen {
    /// The state every screen keeps.
    fn state(&self) -> &ScreenState;
    /// The same, to change.
    fn state_mut(&mut self) -> &mut ScreenState;
    /// Handles one key or click.
    fn handle(&mut self, input: Input);
    /// Draws the whole screen.
    fn draw(&mut self, frame: &mut Frame);
    /// Whether the computer must think now (the loop draws "thinking" first, then calls
    /// [`Screen::think`]).
    fn computer_to_move(&self) -> bool;
    /// Lets the computer choose its action (blocking; a level's thinking time at most).
    fn think(&mut self);
    /// Whether the computer's move is being shown.
    fn animating(&self) -> bool;
    /// Shows the next animation step (or finishes the animation).
    fn tick(&mut self);
    /// The game record as saved.
    fn record_text(&self) -> String;

    /// The delay before the next animation step, if an animation runs.
    fn animation_delay(&self) -> Option<Duration> {
        self.animating().then_some(STEP_DELAY)
    }
    /// Whether the user asked to leave.
    fn wants_quit(&self) -> bool {
        self.state().quit
    }
    /// The record to save when it changed since the last call (then marks it saved).
    fn take_record(&mut self) -> Option<String> {
        self.state_mut().take_changed().then(|| self.record_text())
    }
    /// The status line, for the plain-text mode.
    fn status_text(&self) -> String {
        self.state().status.text.clone()
    }
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
