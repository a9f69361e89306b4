//! Keys and clicks become [`BgAction`]s, and actions change the screen.

use super::{BgApp, Slot};
use crate::game_screen::review_step;
use crate::ui::{Dir, Input, LineEdit, Screen, Status};

/// What a key or click asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BgAction {
    /// Edit the typed move.
    Edit(LineEdit),
    /// Move the cursor.
    Cursor(Dir),
    /// Select a point, the bar or the tray.
    Select(Slot),
    /// Take back the last checker moved this turn.
    Undo,
    /// Roll the dice.
    Roll,
    /// Offer a double.
    Double,
    /// Take the double.
    Take,
    /// Refuse the double.
    Pass,
    /// Ask the engine.
    Hint,
    /// Resign or leave (asks first).
    Quit,
    /// Answer the question: resign (`Some(true)`), leave (`Some(false)`), go on (`None`).
    Answer(Option<bool>),
    /// Start the next game.
    NextGame,
    /// Show or close the post-game analysis and review.
    Analysis,
    /// Step through the review.
    Step(Dir),
    /// A new match with the sides swapped (after a match is won).
    Rematch,
    /// Skip the computer's move animation.
    Skip,
}

impl BgApp {
    /// The action a key or click asks for now, if any.
    pub fn action_for(&self, input: Input) -> Option<BgAction> {
        // The resign-or-leave question is answered first, also when asked from the review.
        if self.asking {
            return Some(BgAction::Answer(match input {
                Input::Char('y' | 'Y') => Some(true),
                Input::Char('l' | 'L') => Some(false),
                _ => None,
            }));
        }
        if self.review.is_some() {
            return self.review_action(input);
        }
        if self.game().is_none_or(|g| g.outcome().is_some()) {
            return self.over_action(input);
        }
        if !self.human_to_act() {
            return matches!(input, Input::Char('q')).then_some(BgAction::Quit);
        }
        self.turn_action(input)
    }

    /// The action of a key while the review is open.
    fn review_action(&self, input: Input) -> Option<BgAction> {
        if let Some(dir) = review_step(input) {
            return Some(BgAction::Step(dir));
        }
        match input {
            Input::Char('a' | 'A') | Input::Esc => Some(BgAction::Analysis),
            Input::Char('q' | 'Q') => Some(BgAction::Quit),
            _ => self.next_game_action(input),
        }
    }

    /// The action of a key once the game is over.
    fn over_action(&self, input: Input) -> Option<BgAction> {
        match input {
            Input::Char('q' | 'Q') => Some(BgAction::Quit),
            Input::Char('a' | 'A') => Some(BgAction::Analysis),
            Input::Esc if self.analysis.is_some() => Some(BgAction::Analysis),
            _ => self.next_game_action(input),
        }
    }

    /// `n` (or Enter) after a game: the next game, or a rematch once the match is won.
    fn next_game_action(&self, input: Input) -> Option<BgAction> {
        match input {
            Input::Char('n' | 'N') | Input::Enter if self.record.winner().is_none() => {
                Some(BgAction::NextGame)
            }
            Input::Char('n' | 'N') => Some(BgAction::Rematch),
            _ => None,
        }
    }

    /// The action of a key or click while the person is to act.
    fn turn_action(&self, input: Input) -> Option<BgAction> {
        use BgAction as A;
        match input {
            Input::Char(c) if self.screen.input.is_empty() && "rdtphuqRDTPHUQ ".contains(c) => {
                Some(self.command_key(c))
            }
            Input::Char(c) if is_notation_char(c) => {
                Some(A::Edit(LineEdit::Type(c.to_ascii_lowercase())))
            }
            // Backspace erases typing and takes back a checker of the move being made; a move
            // already played is never taken back by it.
            Input::Backspace if self.screen.input.is_empty() => Some(A::Undo),
            Input::Backspace => Some(A::Edit(LineEdit::Erase)),
            Input::Esc => Some(A::Edit(LineEdit::Clear)),
            Input::Tab => Some(A::Edit(LineEdit::Complete)),
            Input::Enter => Some(A::Edit(LineEdit::Submit)),
            Input::Arrow(dir) => Some(A::Cursor(dir)),
            Input::Click { column, row } => {
                let area = self.screen.board_area?;
                crate::backgammon_view::slot_at(area, column, row).map(A::Select)
            }
            _ => None,
        }
    }

    /// The action of a command letter (or the space bar: select under the cursor).
    fn command_key(&self, c: char) -> BgAction {
        match c.to_ascii_lowercase() {
            'r' => BgAction::Roll,
            'd' => BgAction::Double,
            't' => BgAction::Take,
            'p' => BgAction::Pass,
            'h' => BgAction::Hint,
            'u' => BgAction::Undo,
            'q' => BgAction::Quit,
            _ => BgAction::Select(self.cursor_slot()),
        }
    }

    /// Handles one input: finds its action and applies it.
    pub fn handle_input(&mut self, input: Input) {
        Screen::handle(self, input);
    }

    /// Carries out an action.
    pub fn apply(&mut self, action: BgAction) {
        use BgAction as A;
        match action {
            A::Edit(edit) => self.edit(edit),
            A::Cursor(_) | A::Select(_) | A::Undo => self.point(action),
            A::Roll | A::Double | A::Take | A::Pass | A::Hint => self.game_action(action),
            A::Quit if self.game().is_none_or(|g| g.outcome().is_some()) => self.leave(),
            A::Quit => self.ask_to_resign_or_leave(),
            A::Answer(answer) => self.answer(answer),
            A::NextGame => {
                self.analysis = None;
                self.review = None;
                self.next_game();
            }
            A::Analysis => self.toggle_analysis(),
            A::Step(dir) => {
                if let Some(review) = &mut self.review {
                    review.step(dir);
                }
            }
            A::Rematch => self.rematch(),
            A::Skip => self.finish_animation(),
        }
    }

    /// Typing a move: a character more or less, clearing, completing, submitting.
    fn edit(&mut self, edit: LineEdit) {
        match edit {
            LineEdit::Type(c) => self.screen.input.push(c),
            LineEdit::Erase => {
                self.screen.input.pop();
            }
            LineEdit::Clear => {
                self.screen.input.clear();
                self.selected = None;
                self.screen.status = self.prompt();
            }
            LineEdit::Complete => self.complete(),
            LineEdit::Submit => self.submit(),
        }
    }

    /// Moving checkers with the cursor: moving it, selecting, taking a step back.
    fn point(&mut self, action: BgAction) {
        match action {
            BgAction::Cursor(dir) => self.move_cursor(dir),
            BgAction::Select(slot) => {
                self.cursor = slot.position(self.cursor.0);
                self.select(slot);
            }
            BgAction::Undo => self.undo_step(),
            _ => {}
        }
    }

    /// Rolling, the cube's actions and the hint.
    fn game_action(&mut self, action: BgAction) {
        match action {
            BgAction::Roll => self.act(|g, dice| g.roll(dice).map(|_| ())),
            BgAction::Double if !self.cube_in_use() => {
                self.screen.status = Status::error(self.screen.catalog.get("tui-cube-off"));
            }
            BgAction::Double => self.act(|g, _| g.double()),
            BgAction::Take => self.act(|g, _| g.take()),
            BgAction::Pass => self.act(|g, _| g.pass()),
            BgAction::Hint => self.give_hint(),
            _ => {}
        }
    }
}

/// Whether `c` may be part of a move in notation (`24/18*`, `bar/22`, `6/off(2)`).
fn is_notation_char(c: char) -> bool {
    c.is_ascii_digit() || "/ *()barofBAROF".contains(c)
}
