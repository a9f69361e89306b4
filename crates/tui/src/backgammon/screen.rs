//! The backgammon app as a [`Screen`] of the terminal loop: the plumbing shared with the Morris
//! screen, and drawing by [`crate::backgammon_view`] (kept out of the app's own module, so that
//! the app and its drawing do not import each other).

use super::{BgApp, HELP_KEYS};
use crate::ui::{Opponent, Screen};

impl Screen for BgApp {
    crate::game_screen::screen_plumbing!(crate::backgammon_view::draw);

    fn computer_to_move(&self) -> bool {
        self.config.opponent == Opponent::Computer
            && self.animation.is_none()
            && self.review.is_none()
            && !self.screen.quit
            && !self.asking
            // The computer waits while the help or the leave question is open.
            && !self.screen.modal()
            && self
                .game()
                .is_some_and(|g| g.outcome().is_none() && !self.is_human(g.turn()))
    }

    fn think(&mut self) {
        self.computer_act();
    }

    fn animating(&self) -> bool {
        self.animation.is_some()
    }

    fn tick(&mut self) {
        if self.animation.as_mut().is_some_and(|a| !a.advance()) {
            self.finish_animation();
        }
    }

    fn record_text(&self) -> String {
        self.bg_record().to_string()
    }

    fn help_keys(&self) -> &'static [&'static str] {
        &HELP_KEYS
    }
}
