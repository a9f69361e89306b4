//! The Morris app as a [`Screen`] of the terminal loop: the plumbing shared with the backgammon
//! screen, and drawing by [`crate::morris_view`] (kept out of the app's own module, so that the
//! app and its drawing do not import each other).

use super::{HELP_KEYS, MorrisApp};
use crate::ui::{Opponent, Screen};
use std::time::Duration;

impl Screen for MorrisApp {
    crate::game_screen::screen_plumbing!(crate::morris_view::draw);

    fn computer_to_move(&self) -> bool {
        self.review_wanted
            || self.config.opponent == Opponent::Computer
                && self.review.is_none()
                && self.review_job.is_none()
                && !self.human_to_move()
                && self.animation.is_none()
                && self.game.outcome().is_none()
                && !self.screen.quit
                // The computer waits while the help or the leave question is open.
                && !self.screen.modal()
    }

    fn think(&mut self) {
        if self.review_wanted {
            self.compute_review();
        } else {
            self.computer_move();
        }
    }

    fn help_keys(&self) -> &'static [&'static str] {
        &HELP_KEYS
    }

    fn animating(&self) -> bool {
        self.animation.is_some()
    }

    fn busy(&self) -> bool {
        self.review_job.is_some()
    }

    fn animation_delay(&self) -> Option<Duration> {
        if self.busy() {
            return Some(crate::review::JOB_POLL);
        }
        self.animating().then_some(crate::ui::STEP_DELAY)
    }

    fn tick(&mut self) {
        if self.busy() {
            self.poll_review();
        } else if self.animation.as_mut().is_some_and(|a| !a.advance()) {
            self.finish_animation();
        }
    }

    fn record_text(&self) -> String {
        self.record().to_string()
    }
}
