//! What the board shows: its places and the cursor on them, the numbering, the last move, the
//! checkers moved so far this turn and the dice.

use super::{BgApp, BgReview};
use crate::ui::{Dir, Opponent};
use ludus_backgammon::{Position, Seat, Turn};

/// A place on the board the cursor can stand on, seen from the bottom player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A point, numbered 1..=24 from the bottom player's side.
    Point(u8),
    /// The bar.
    Bar,
    /// The borne-off tray.
    Off,
}

/// Display columns of a row: six points, the bar, six points, the tray.
pub const SLOT_COLUMNS: u8 = 14;

/// The display column of the bar.
pub const BAR_COLUMN: u8 = 6;

/// The display column of the tray.
pub const OFF_COLUMN: u8 = 13;

impl Slot {
    /// The slot at a display position: `top` row or bottom, column 0..14 from the left.
    pub fn at(top: bool, column: u8) -> Slot {
        match (top, column) {
            (_, BAR_COLUMN) => Slot::Bar,
            (_, c) if c >= OFF_COLUMN => Slot::Off,
            (true, c) if c < BAR_COLUMN => Slot::Point(13 + c),
            (true, c) => Slot::Point(12 + c),
            (false, c) if c < BAR_COLUMN => Slot::Point(12 - c),
            (false, c) => Slot::Point(13 - c),
        }
    }

    /// The display position of a point (bar and tray: the given row).
    pub fn position(self, top: bool) -> (bool, u8) {
        match self {
            Slot::Bar => (top, BAR_COLUMN),
            Slot::Off => (top, OFF_COLUMN),
            Slot::Point(p) if p >= 19 => (true, p - 12),
            Slot::Point(p) if p >= 13 => (true, p - 13),
            Slot::Point(p) if p >= 7 => (false, 12 - p),
            Slot::Point(p) => (false, 13 - p),
        }
    }
}

impl BgApp {
    /// The seat whose view the board is drawn from (numbers of the mover, dice): the reviewed
    /// decision's player, else the side on roll.
    pub fn view_seat(&self) -> Seat {
        if let Some(step) = self.review.as_ref().and_then(BgReview::current) {
            return step.view;
        }
        self.game().map_or(Seat::Zero, |g| g.on_roll())
    }

    /// The number shown on a point: the bottom player's numbering against the computer (it
    /// stays while the computer moves), the side on roll's between two people.
    pub fn label_point(&self, slot: Slot) -> u8 {
        match slot {
            Slot::Point(p) if self.config.opponent == Opponent::Computer => p,
            _ => self.mover_point(slot),
        }
    }

    /// The points (the bottom player's numbering, 1..=24) the last move played left and reached,
    /// with the seat that played it.
    pub fn last_move_points(&self) -> Option<(Seat, Vec<u8>)> {
        let game = self.game()?;
        let (seat, mv) = game.events().iter().rev().find_map(|e| match *e {
            ludus_backgammon::GameEvent::Turn {
                seat,
                play: Some(mv),
                ..
            } if !mv.is_empty() => Some((seat, mv)),
            _ => None,
        })?;
        let bottom = seat == self.bottom();
        let points = mv
            .checker_moves()
            .iter()
            .flat_map(|m| [m.from, m.to])
            .filter(|p| (1..=24).contains(p))
            .map(|p| if bottom { p } else { 25 - p })
            .collect();
        Some((seat, points))
    }

    /// The slot under the cursor.
    pub fn cursor_slot(&self) -> Slot {
        Slot::at(self.cursor.0, self.cursor.1)
    }

    /// Moves the cursor: up and down switch rows, left and right go round the row.
    pub(super) fn move_cursor(&mut self, dir: Dir) {
        let (top, column) = self.cursor;
        self.cursor = match dir {
            Dir::Up | Dir::Down => (!top, column),
            Dir::Left => (top, (column + SLOT_COLUMNS - 1) % SLOT_COLUMNS),
            Dir::Right => (top, (column + 1) % SLOT_COLUMNS),
        };
    }

    /// A slot as a point of the side on roll (25 the bar, 0 off).
    pub fn mover_point(&self, slot: Slot) -> u8 {
        let mover_is_bottom = self.view_seat() == self.bottom();
        match slot {
            Slot::Bar => 25,
            Slot::Off => 0,
            Slot::Point(p) if mover_is_bottom => p,
            Slot::Point(p) => 25 - p,
        }
    }

    /// The turn as shown: the person's steps so far, or the computer's move's shown checkers.
    pub(super) fn shown_turn(&self) -> Option<Turn> {
        let Some(animation) = self.animation else {
            return self.turn.clone();
        };
        let mut turn = self.game()?.turn_builder()?;
        for step in &animation.mv.checker_moves()[..animation.shown] {
            turn.play_checker(step.from, step.to).ok()?;
        }
        Some(turn)
    }

    /// The board shown: the game's position with the checkers moved so far this turn (or the
    /// computer's move's shown checkers), from the side on roll's view.
    pub fn shown_position(&self) -> Option<Position> {
        if let Some(review) = &self.review {
            return review.current().and_then(|step| step.position);
        }
        let game = self.game()?;
        if game.outcome().is_some() {
            return Some(game.position());
        }
        Some(
            self.shown_turn()
                .map_or(game.position(), |turn| turn.board()),
        )
    }

    /// The dice of the turn with a flag for each die already used.
    pub fn dice_shown(&self) -> Vec<(u8, bool)> {
        if let Some(review) = &self.review {
            let dice = review.current().and_then(|s| s.decision.dice.clone());
            return dice
                .unwrap_or_default()
                .chars()
                .filter_map(|c| c.to_digit(10))
                .map(|d| (d as u8, false))
                .collect();
        }
        if self.moving().is_none() {
            return Vec::new();
        }
        self.shown_turn()
            .map(|turn| turn.dice_used())
            .unwrap_or_default()
    }
}
