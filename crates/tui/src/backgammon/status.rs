//! Every text of the status line: what to do now, the result, the sides' and players' names.

use super::BgApp;
use crate::game_screen::{player_label, side_name};
use crate::ui::{Opponent, Status};
use ludus_backgammon::{Game, GameEnd, GameOutcome, Phase, Seat, WinKind};

impl BgApp {
    /// The colour name of a seat (player 0 is White).
    pub fn seat_name(&self, seat: Seat) -> String {
        side_name(&self.screen.catalog, seat == Seat::Zero)
    }

    /// Who plays a seat: "You", "Computer, level 5" or "Friend" (the other person at the
    /// keyboard).
    pub fn player_label(&self, seat: Seat) -> String {
        let config = &self.config;
        let yours = seat == config.human;
        player_label(&self.screen.catalog, config.opponent, config.level, yours)
    }

    /// The last game's result in words: personal against the computer ("You won 2 points —
    /// gammon"), by colour between two people.
    pub(super) fn result_text(&self, outcome: &GameOutcome) -> String {
        if self.config.opponent == Opponent::Computer {
            self.personal_result(outcome)
        } else {
            self.colour_result(outcome)
        }
    }

    /// "You won 2 points — gammon" or "You lost …".
    fn personal_result(&self, outcome: &GameOutcome) -> String {
        let catalog = &self.screen.catalog;
        let why = match outcome.end {
            GameEnd::DoubleRefused => "pass",
            GameEnd::Resigned(_) => "resign",
            GameEnd::BoreOff(kind) => kind_name(kind),
        };
        let key = if outcome.winner == self.config.human {
            "tui-bg-you-won"
        } else {
            "tui-bg-you-lost"
        };
        let why = catalog.get(&format!("tui-bg-why-{why}"));
        let points = outcome.points.to_string();
        catalog.format(key, &[("points", &points), ("why", &why)])
    }

    /// "White wins 2 points." and the reason.
    fn colour_result(&self, outcome: &GameOutcome) -> String {
        let catalog = &self.screen.catalog;
        let reason = match outcome.end {
            GameEnd::DoubleRefused => "reason-pass".to_string(),
            GameEnd::Resigned(_) => "reason-resign".to_string(),
            GameEnd::BoreOff(kind) => format!("reason-{}", kind_name(kind)),
        };
        let side = self.seat_name(outcome.winner);
        let points = outcome.points.to_string();
        let won = catalog.format("bg-last-game", &[("side", &side), ("points", &points)]);
        format!("{won} {}", catalog.get(&reason))
    }

    /// "`seat` doubles to 4": the double on offer.
    pub(super) fn double_offered(&self, seat: Seat) -> String {
        self.screen.catalog.format(
            "bg-double-offered",
            &[
                ("side", &self.seat_name(seat)),
                ("value", &self.offered_value().to_string()),
            ],
        )
    }

    /// What to do now, or the result.
    pub fn prompt(&self) -> Status {
        let Some(game) = self.game() else {
            return Status::default();
        };
        if let Some(outcome) = game.outcome() {
            return Status::info(self.over_prompt(&outcome));
        }
        if !self.is_human(game.turn()) {
            return Status::info(self.screen.catalog.get("status-thinking"));
        }
        self.turn_prompt(game)
    }

    /// The result, the match's winner if any, and the keys to go on.
    fn over_prompt(&self, outcome: &GameOutcome) -> String {
        let catalog = &self.screen.catalog;
        let mut text = self.result_text(outcome);
        text.push(' ');
        match self.record.winner() {
            Some(winner) => {
                let side = self.seat_name(winner);
                text.push_str(&catalog.format("result-win", &[("side", &side)]));
                text.push(' ');
                text.push_str(&catalog.get("tui-bg-rematch"));
            }
            None => {
                text.push_str(&catalog.get("tui-bg-next-game"));
                text.push_str(" · ");
                text.push_str(&catalog.get("analysis-key"));
            }
        }
        text
    }

    /// What the person on turn is to do in `game`.
    fn turn_prompt(&self, game: &Game) -> Status {
        let key = match game.phase() {
            Phase::AwaitingRoll if self.cube_in_use() && game.double_refusal().is_none() => {
                "bg-roll-or-double"
            }
            Phase::AwaitingRoll => "tui-bg-roll",
            Phase::Doubled => return Status::info(self.double_offered(game.on_roll())),
            Phase::Moving(_) if self.completed_move().is_some() => "tui-bg-move-done",
            Phase::Moving(_) => "tui-bg-move",
            _ => return Status::default(),
        };
        Status::info(self.screen.catalog.get(key))
    }
}

/// The name of a win kind as the message keys spell it.
fn kind_name(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Single => "single",
        WinKind::Gammon => "gammon",
        WinKind::Backgammon => "backgammon",
    }
}
