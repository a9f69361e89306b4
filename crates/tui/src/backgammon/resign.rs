//! Resigning or leaving: the question, how much a resignation gives away, who resigns, and the
//! resignation itself.

use super::BgApp;
use crate::ui::{Opponent, Status};
use ludus_backgammon::{Seat, WinKind};
use ludus_backgammon_engine::engine::Engine;

/// A probability above which a result counts as expected (for resignations).
const LIKELY: f32 = 0.5;

impl BgApp {
    /// The points a resignation now gives away: the worst the position threatens.
    pub(super) fn resignation_points(&self) -> u32 {
        let Some(game) = self.game() else { return 0 };
        let kind = self.resignation_kind();
        let (cube, _) = game.cube();
        kind.multiplier() * cube
    }

    /// The result a resignation gives: the one the network expects (a gammon or backgammon
    /// when it is more likely than not, else a single game), so resigning never saves points.
    pub(super) fn resignation_kind(&self) -> WinKind {
        let Some(game) = self.game() else {
            return WinKind::Single;
        };
        let position = game.position();
        let own_view = if self.resigning_seat() == game.on_roll() {
            position
        } else {
            position.swapped()
        };
        let p = Engine::new(0).evaluate(&own_view);
        if p.lose_backgammon > LIKELY {
            WinKind::Backgammon
        } else if p.lose_gammon > LIKELY {
            WinKind::Gammon
        } else {
            WinKind::Single
        }
    }

    /// Who resigns: the person on turn between two people, else the person.
    pub(super) fn resigning_seat(&self) -> Seat {
        match self.game() {
            Some(game) if self.config.opponent == Opponent::Human => game.turn(),
            _ => self.config.human,
        }
    }

    /// Resigns the result [`BgApp::resignation_kind`] gives, accepted at once.
    pub(super) fn resign(&mut self) {
        let seat = self.resigning_seat();
        let kind = self.resignation_kind();
        let Some(game) = self.record.current_mut() else {
            return;
        };
        if game.resign(seat, kind).is_ok() && game.accept_resignation().is_ok() {
            self.screen.record_changed();
            self.after_action();
        } else {
            self.screen.status = self.prompt();
        }
    }

    /// Asks whether to resign (and how much that gives away) or to leave.
    pub(super) fn ask_to_resign_or_leave(&mut self) {
        self.asking = true;
        let points = self.resignation_points().to_string();
        let key = if self.screen.save_path.is_some() {
            "tui-resign-or-leave"
        } else {
            "tui-resign-or-leave-unsaved"
        };
        self.screen.status = Status::info(self.screen.catalog.format(key, &[("points", &points)]));
    }

    /// The answer to the question: resign (`Some(true)`), leave (`Some(false)`), go on (`None`).
    pub(super) fn answer(&mut self, answer: Option<bool>) {
        self.asking = false;
        match answer {
            Some(true) => self.resign(),
            Some(false) => {
                self.screen.status = self.prompt();
                self.leave();
            }
            None => self.screen.status = self.prompt(),
        }
    }
}
