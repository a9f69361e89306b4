//! The person's move: typed (with completion) or built checker by checker with the rules
//! crate's [`Turn`], steps taken back, and a whole play taken back against the computer.

use super::BgApp;
use super::board::Slot;
use crate::ui::{Opponent, Status};
use ludus_backgammon::{Journey, Move, Phase, Position, Step, Turn};

impl BgApp {
    /// The position at the start of the turn and the dice, while a move is to be made.
    pub(super) fn moving(&self) -> Option<(Position, ludus_backgammon::Dice)> {
        let game = self.game()?;
        match game.phase() {
            Phase::Moving(dice) => Some((game.position(), dice)),
            _ => None,
        }
    }

    /// The legal moves now, with their notation.
    pub(super) fn legal_texts(&self) -> Vec<(Move, String)> {
        self.game()
            .map(|g| {
                g.legal_moves()
                    .into_iter()
                    .map(|m| (m, m.to_string()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Completes the typed move as far as it is unambiguous.
    pub(super) fn complete(&mut self) {
        let legal = self.legal_texts().into_iter().map(|(_, text)| text);
        self.screen.complete(legal);
    }

    /// Enter: plays the typed move, or the checkers moved once they make a whole move, or
    /// selects under the cursor.
    pub(super) fn submit(&mut self) {
        let Some((position, dice)) = self.moving() else {
            return;
        };
        if !self.screen.input.is_empty() {
            match position.parse_move(dice, &self.screen.input) {
                Ok(mv) => self.play_human(mv),
                Err(_) => self.submit_prefix(),
            }
        } else if let Some(mv) = self.completed_move() {
            self.play_human(mv);
        } else {
            self.select(self.cursor_slot());
        }
    }

    /// Plays the one legal move the typed text begins, or says there is none or several.
    fn submit_prefix(&mut self) {
        let candidates: Vec<(Move, String)> = self
            .legal_texts()
            .into_iter()
            .filter(|(_, t)| t.starts_with(&self.screen.input))
            .collect();
        match candidates.len() {
            0 => self.screen.status = self.screen.no_match(),
            1 => self.play_human(candidates[0].0),
            _ => {
                let texts: Vec<String> = candidates.into_iter().map(|(_, t)| t).collect();
                self.screen.status = self.screen.ambiguous(&texts);
            }
        }
    }

    /// Plays the person's move.
    pub(super) fn play_human(&mut self, mv: Move) {
        self.act(|game, _| game.play(&mv));
    }

    /// The checker steps taken so far this turn (mover's view).
    pub fn steps(&self) -> &[Step] {
        self.turn.as_ref().map_or(&[], Turn::steps)
    }

    /// The legal move the checkers moved so far make, once they make a whole one.
    pub fn completed_move(&self) -> Option<Move> {
        self.moving()?;
        self.turn
            .as_ref()
            .and_then(Turn::finished_move)
            .filter(|mv| !mv.is_empty())
    }

    /// The points (mover's view) a checker can be moved from next.
    pub fn sources(&self) -> Vec<u8> {
        self.turn.as_ref().map(Turn::sources).unwrap_or_default()
    }

    /// Where the checker on `from` (mover's view) can go now, one die or several in a row.
    pub fn destinations(&self, from: u8) -> Vec<Journey> {
        self.turn
            .as_ref()
            .map(|turn| turn.journeys(from))
            .unwrap_or_default()
    }

    /// A click or Space on `slot`: moves the selected checker there, or selects a checker.
    pub(super) fn select(&mut self, slot: Slot) {
        if self.moving().is_none() {
            return;
        }
        self.screen.input.clear();
        let point = self.mover_point(slot);
        if let Some(from) = self.selected
            && (from == point || self.move_selected(from, point))
        {
            self.selected = None;
            self.screen.status = self.prompt();
            return;
        }
        self.pick_source(point);
    }

    /// Moves the checker on `from` to `point`, over several dice if need be; false when it
    /// cannot go there.
    fn move_selected(&mut self, from: u8, point: u8) -> bool {
        let journey = self.destinations(from).into_iter().find(|j| j.to == point);
        match (journey, self.turn.as_mut()) {
            (Some(journey), Some(turn)) => turn.play_journey(&journey).is_ok(),
            _ => false,
        }
    }

    /// Selects the checker on `point` to move, or says it cannot move.
    fn pick_source(&mut self, point: u8) {
        if self.sources().contains(&point) {
            self.selected = Some(point);
            self.screen.status = Status::info(self.screen.catalog.get("tui-bg-choose-destination"));
        } else {
            self.selected = None;
            self.screen.status = Status::error(self.screen.catalog.get("tui-bg-cannot-move-there"));
        }
    }

    /// `u`: the selection, else the last checker step, else (against the computer) the whole
    /// last play is taken back.
    pub(super) fn undo_step(&mut self) {
        if self.selected.take().is_some() || self.turn.as_mut().and_then(Turn::undo).is_some() {
            self.screen.status = self.prompt();
        } else if self.config.opponent == Opponent::Computer && self.take_back() {
            self.screen.status = Status::info(format!(
                "{} {}",
                self.screen.catalog.get("tui-undone"),
                self.screen.status.text
            ));
        } else {
            self.screen.status = Status::error(self.screen.catalog.get("tui-nothing-to-undo"));
        }
    }

    /// Takes back the person's last move of the game in progress and everything after it (the
    /// computer's answer): the rules crate's [`Match::take_back_in_game`], whose dice are to be
    /// played again. False when there is nothing to take back.
    ///
    /// [`Match::take_back_in_game`]: ludus_backgammon::Match::take_back_in_game
    pub fn take_back(&mut self) -> bool {
        if self.record.take_back_in_game(self.config.human).is_err() {
            return false;
        }
        self.animation = None;
        self.screen.record_changed();
        self.after_action();
        true
    }
}
