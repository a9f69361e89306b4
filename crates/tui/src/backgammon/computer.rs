//! The computer's turns (double or roll, take or pass, its move shown checker by checker) and
//! the engine's hints for the person.

use super::BgApp;
use crate::ui::{Animation, Status};
use ludus_backgammon::player::{Player, choose_move};
use ludus_backgammon::{Dice, Game, Move, Phase, Seat};
use ludus_backgammon_engine::engine::Engine;

/// Plies of lookahead behind `h` (a hint).
const HINT_PLIES: u8 = 1;

impl BgApp {
    /// The engine's advice for the person at [`HINT_PLIES`]: the best move with its value, or
    /// the cube action with whose equity it is and the cube table (no double, double/take,
    /// double/pass); its first line in the status line, all of it kept for the side panel.
    pub(super) fn give_hint(&mut self) {
        let Some(game) = self.game() else { return };
        let engine = Engine::new(HINT_PLIES);
        let lines = match game.phase() {
            Phase::Moving(dice) => hint_move(&engine, game, dice).map(|(text, value)| {
                vec![self.screen.catalog.format(
                    "tui-hint",
                    &[("move", &text), ("value", &format!("{value:+.3}"))],
                )]
            }),
            Phase::AwaitingRoll | Phase::Doubled => self.hint_cube(&engine, game),
            _ => None,
        };
        let Some(lines) = lines else { return };
        self.screen.status = Status::info(lines[0].clone());
        self.hint = Some(lines.join("\n"));
    }

    /// The cube action the engine advises (take or pass, double or roll) and the cube table,
    /// all from the view of the side on roll (the doubler while a double waits for its answer),
    /// named in the text.
    fn hint_cube(&self, engine: &Engine, game: &Game) -> Option<Vec<String>> {
        let position = game.position();
        let decision = engine.cube_decision(&position, &game.match_state()).ok()?;
        let action = if game.phase() == Phase::Doubled {
            if decision.double_take <= decision.double_pass {
                "take"
            } else {
                "pass"
            }
        } else if decision.action.is_double() && self.may_double() {
            "double"
        } else {
            "roll"
        };
        let catalog = &self.screen.catalog;
        let side = self.seat_name(game.on_roll());
        let number = |value: f64| format!("{value:+.3}");
        let mut lines = vec![catalog.format(
            "tui-bg-hint-cube",
            &[
                ("action", &catalog.get(&format!("tui-bg-hint-{action}"))),
                ("side", &side),
                ("value", &number(decision.equity)),
            ],
        )];
        lines.push(catalog.format("tui-bg-hint-equities", &[("side", &side)]));
        for (key, value) in [
            ("review-no-double", decision.no_double),
            ("review-double-take", decision.double_take),
            ("review-double-pass", decision.double_pass),
        ] {
            lines.push(format!("{} {}", number(value), catalog.get(key)));
        }
        Some(lines)
    }

    /// Lets the computer act: double or roll, take or pass, or choose its move (then shown).
    pub fn computer_act(&mut self) {
        let Some(game) = self.game() else { return };
        let (position, state) = (game.position(), game.match_state());
        // The engine's decisions as a player (`ludus_backgammon::player`), from its seat's view.
        match game.phase() {
            Phase::AwaitingRoll => {
                let doubles =
                    self.may_double() && self.engine.double(&position, &state).unwrap_or(false);
                self.computer_double_or_roll(doubles);
            }
            Phase::Doubled => {
                let takes = self.engine.take(&position, &state).unwrap_or(true);
                self.computer_answer(takes);
            }
            Phase::Moving(dice) => {
                let mv = choose_move(&mut self.engine, &position, dice, Some(&state))
                    .unwrap_or_else(|_| position.legal_moves(dice)[0]);
                self.show_computer_move(mv);
            }
            _ => {}
        }
    }

    /// Doubles when the engine wants to (and may), else rolls.
    fn computer_double_or_roll(&mut self, doubles: bool) {
        if doubles {
            self.act(|g, _| g.double());
            self.screen.status = Status::info(self.double_offered(self.computer_seat()));
        } else {
            self.act(|g, dice| g.roll(dice).map(|_| ()));
        }
    }

    /// Takes or passes the person's double.
    fn computer_answer(&mut self, takes: bool) {
        if !takes {
            self.act(|g, _| g.pass());
            return;
        }
        self.act(|g, _| g.take());
        let taken = self.screen.catalog.format(
            "tui-bg-takes",
            &[("side", &self.seat_name(self.computer_seat()))],
        );
        self.screen.status = Status::info(format!("{taken} {}", self.prompt().text));
    }

    /// Shows the computer's move one checker at a time (an empty move is played at once).
    fn show_computer_move(&mut self, mv: Move) {
        let parts = mv.len();
        self.animation = Some(Animation {
            mv,
            shown: 0,
            parts,
        });
        if mv.is_empty() {
            self.finish_animation();
        }
    }

    /// The computer's seat (the person's other).
    pub(super) fn computer_seat(&self) -> Seat {
        self.config.human.other()
    }

    /// Plays the computer's move being shown and says what it played.
    pub(super) fn finish_animation(&mut self) {
        let Some(animation) = self.animation.take() else {
            return;
        };
        let seat = self.computer_seat();
        self.act(|g, _| g.play(&animation.mv));
        let text = if animation.mv.is_empty() {
            self.screen.catalog.get("tui-bg-cannot-move")
        } else {
            animation.mv.to_string()
        };
        if self.game().is_some_and(|g| g.outcome().is_none()) {
            self.screen.status = Status::info(self.screen.catalog.format(
                "tui-bg-played",
                &[("side", &self.seat_name(seat)), ("move", &text)],
            ));
        }
    }
}

/// The best move with `dice` in words and its value.
fn hint_move(engine: &Engine, game: &Game, dice: Dice) -> Option<(String, f32)> {
    let state = game.match_state();
    let ranked = engine.ranked_moves_in(&game.position(), dice, Some(&state));
    let best = ranked.into_iter().next()?;
    Some((best.mv.to_string(), best.value as f32))
}
