//! What the two game screens (Morris and Backgammon) write alike: the plumbing of their
//! [`Screen`](crate::ui::Screen) implementations, the review's step keys, and the names of the
//! sides and players.

use crate::i18n::Catalog;
use crate::ui::{Dir, Input, Opponent};

/// The [`Screen`](crate::ui::Screen) methods every game screen has alike, written inside its
/// `impl Screen`: the state is its `screen` field; an input goes to the keys every screen shares
/// first ([`ScreenState::intercept`](crate::ui::ScreenState::intercept)), then becomes the
/// screen's action (`action_for`) and is applied (`apply`); `$draw` draws it. A key while the
/// computer's move is being animated ends the animation (the move is played) and then counts
/// like any other: no key is lost or read against the board before the move.
macro_rules! screen_plumbing {
    ($draw:path) => {
        fn state(&self) -> &$crate::ui::ScreenState {
            &self.screen
        }

        fn state_mut(&mut self) -> &mut $crate::ui::ScreenState {
            &mut self.screen
        }

        fn handle(&mut self, input: $crate::ui::Input) {
            if self.screen.intercept(input) {
                return;
            }
            if self.animation.is_some() {
                self.finish_animation();
            }
            if let Some(action) = self.action_for(input) {
                self.apply(action);
            }
        }

        fn draw(&mut self, frame: &mut ratatui::Frame) {
            $draw(frame, self);
        }
    };
}
pub(crate) use screen_plumbing;

/// The step through a review an input asks for: the arrow keys, and `>` and `<` in the plain
/// mode, which has no arrow keys.
pub fn review_step(input: Input) -> Option<Dir> {
    match input {
        Input::Arrow(dir) => Some(dir),
        Input::Char('>') => Some(Dir::Right),
        Input::Char('<') => Some(Dir::Left),
        _ => None,
    }
}

/// The name of a side in the user's language: White (`white`) or Black.
pub fn side_name(catalog: &Catalog, white: bool) -> String {
    catalog.get(if white { "side-white" } else { "side-black" })
}

/// Who plays a side: "You" (`yours`), else "Computer, level 5" or "Friend" (the other person
/// at the keyboard), translated.
pub fn player_label(catalog: &Catalog, opponent: Opponent, level: u32, yours: bool) -> String {
    match opponent {
        _ if yours => catalog.get("tui-label-you"),
        Opponent::Human => catalog.get("tui-label-friend"),
        Opponent::Computer => {
            catalog.format("tui-label-computer", &[("level", &level.to_string())])
        }
    }
}
