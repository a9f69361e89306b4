//! What both boards share: the keys and clicks the UI understands, the opponent setting, status
//! messages, the state every screen keeps besides its game ([`ScreenState`]), the computer's
//! move shown part by part ([`Animation`]), and the interface the terminal loop and the
//! plain-text loop drive ([`Screen`]).

use crate::i18n::Catalog;
use ratatui::Frame;
use ratatui::layout::Rect;
use std::path::{Path, PathBuf};
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

/// A change to the typed move, the same in both games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEdit {
    /// Add a character to the typed move.
    Type(char),
    /// Remove the last typed character.
    Erase,
    /// Clear the typed move and the selection.
    Clear,
    /// Complete the typed move as far as it is unambiguous.
    Complete,
    /// Play the typed move (a unique prefix is enough), or confirm the checkers moved.
    Submit,
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
    /// Where the game is saved after every change (`--save`, `--load`, or a path typed when
    /// leaving); `None`: nothing is saved.
    pub save_path: Option<PathBuf>,
    /// The file name offered when leaving a game that is not saved anywhere.
    pub default_save: PathBuf,
    /// The help overlay (`?`) is open.
    pub help: bool,
    /// The question "save before leaving?" is open; the status line it replaced.
    pub leave_offer: Option<Status>,
    /// The path being typed to save to, while that prompt is open; the status it replaced.
    pub save_prompt: Option<(String, Status)>,
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
            save_path: None,
            default_save: PathBuf::from("ludus-game.txt"),
            help: false,
            leave_offer: None,
            save_prompt: None,
            unsaved: false,
        }
    }

    /// Whether a modal part of the screen (help, the leave question, the save prompt) is open.
    pub fn modal(&self) -> bool {
        self.help || self.leave_offer.is_some() || self.save_prompt.is_some()
    }

    /// Handles the inputs every screen shares before its own: `?` opens the help (any key closes
    /// it), and the leave question and the save prompt take every key while they are open.
    /// Returns whether the input was used.
    pub fn intercept(&mut self, input: Input) -> bool {
        if self.help {
            self.help = false;
            return true;
        }
        if let Some(before) = self.leave_offer.take() {
            match input {
                Input::Char('s' | 'S') => self.open_save_prompt(before),
                Input::Char('y' | 'Y') => self.quit = true,
                _ => self.status = before,
            }
            return true;
        }
        if let Some((mut path, before)) = self.save_prompt.take() {
            match input {
                Input::Char(c) => path.push(c),
                Input::Backspace => {
                    path.pop();
                }
                Input::Esc => {
                    self.status = before;
                    return true;
                }
                Input::Enter if !path.trim().is_empty() => {
                    self.save_path = Some(PathBuf::from(path.trim()));
                    self.record_changed();
                    self.quit = true;
                    self.status = before;
                    return true;
                }
                _ => {}
            }
            self.status = Status::info(self.catalog.format("tui-save-prompt", &[("path", &path)]));
            self.save_prompt = Some((path, before));
            return true;
        }
        if input == Input::Char('?') && self.input.is_empty() {
            self.help = true;
            return true;
        }
        false
    }

    /// Asks whether to save before leaving (the game is saved nowhere yet).
    pub fn offer_to_save(&mut self) {
        let before = std::mem::take(&mut self.status);
        self.status = Status::info(self.catalog.format(
            "tui-leave-unsaved",
            &[("path", &free_path(&self.default_save).display().to_string())],
        ));
        self.leave_offer = Some(before);
    }

    /// Replaces the path typed at the open save prompt (the plain mode reads it as one line).
    pub fn set_save_prompt(&mut self, path: &str) {
        if let Some((typed, _)) = &mut self.save_prompt {
            *typed = path.to_string();
        }
    }

    fn open_save_prompt(&mut self, before: Status) {
        let path = free_path(&self.default_save).display().to_string();
        self.status = Status::info(self.catalog.format("tui-save-prompt", &[("path", &path)]));
        self.save_prompt = Some((path, before));
    }

    /// Reports that saving to the chosen path failed: the user stays in the game and is asked
    /// again when leaving.
    pub fn save_failed(&mut self, path: &Path, error: &std::io::Error) {
        self.quit = false;
        self.save_path = None;
        self.status = Status::error(self.catalog.format(
            "tui-save-failed",
            &[
                ("path", &path.display().to_string()),
                ("error", &error.to_string()),
            ],
        ));
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

    /// Whether work runs in the background (a review being computed) that [`Screen::tick`]
    /// looks at; the loops then tick every [`Screen::animation_delay`].
    fn busy(&self) -> bool {
        false
    }
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
    /// The catalog keys of the help overlay's lines (`?`), one key and what it does per line.
    fn help_keys(&self) -> &'static [&'static str] {
        &[]
    }
    /// The status line, for the plain-text mode.
    fn status_text(&self) -> String {
        self.state().status.text.clone()
    }
}

/// `path`, or the first of `name-2.ext`, `name-3.ext`, … that does not exist yet.
pub fn free_path(path: &Path) -> PathBuf {
    if !path.exists() {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let ext = path
        .extension()
        .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    (2..10_000)
        .map(|n| path.with_file_name(format!("{stem}-{n}{ext}")))
        .find(|candidate| !candidate.exists())
        .unwrap_or_else(|| path.to_path_buf())
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
