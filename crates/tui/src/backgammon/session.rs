//! The course of the session: actions on the game and the steps that follow them by themselves
//! (the empty move, the automatic bear-off), the next game, a rematch, leaving.

use super::BgApp;
use crate::ui::Status;
use ludus_backgammon::{AutomaticStep, AutomaticSteps, DiceSource, Phase};

impl BgApp {
    /// Runs a game action, reporting a refusal in the status line.
    pub(super) fn act(
        &mut self,
        action: impl FnOnce(
            &mut ludus_backgammon::Game,
            &mut dyn DiceSource,
        ) -> Result<(), ludus_backgammon::GameError>,
    ) {
        let dice = &mut self.dice;
        let Some(game) = self.record.current_mut() else {
            return;
        };
        match action(game, dice) {
            Ok(()) => {
                self.screen.record_changed();
                self.after_action();
            }
            Err(error) => {
                let text =
                    self.screen
                        .catalog
                        .error(error.code(), &error.params(), &error.to_string());
                self.screen.status = Status::error(text);
            }
        }
    }

    /// After an action: a fresh turn builder, the typing and hint cleared, the prompt, and the
    /// steps that follow by themselves.
    pub(super) fn after_action(&mut self) {
        self.turn = self.game().and_then(ludus_backgammon::Game::turn_builder);
        self.screen.input.clear();
        self.selected = None;
        self.hint = None;
        self.screen.status = self.prompt();
        self.play_forced();
        self.play_automatic_bear_off();
    }

    /// Plays a person's bear-off when nothing else matters (gnubg's rule, decided by the rules
    /// crate) and the setting allows it; the status says what was played.
    pub(super) fn play_automatic_bear_off(&mut self) {
        if !self.config.auto_bear_off || !self.human_to_act() {
            return;
        }
        let Some(game) = self.record.current_mut() else {
            return;
        };
        let Phase::Moving(dice) = game.phase() else {
            return;
        };
        let Some(play) = game.position().automatic_bear_off(dice) else {
            return;
        };
        if game.play(&play).is_ok() {
            self.screen.record_changed();
            self.after_action();
            let done = self
                .screen
                .catalog
                .format("tui-bg-auto-bear-off", &[("move", &play.to_string())]);
            self.screen.status = Status::info(format!("{done} {}", self.screen.status.text));
        }
    }

    /// Plays the empty move at once when a person's roll cannot be played (and says so): the
    /// rules crate's automatic step, without its rolls and new games (the person asks for those).
    pub(super) fn play_forced(&mut self) {
        if !self.human_to_act() {
            return;
        }
        let steps = AutomaticSteps {
            cube: self.cube_in_use(),
            ..AutomaticSteps::default()
        };
        if let Some(AutomaticStep::NoPlay(dice)) = self.record.automatic_step(steps, &mut self.dice)
        {
            self.screen.record_changed();
            self.screen.status = Status::info(
                self.screen
                    .catalog
                    .format("tui-no-legal-move", &[("dice", &dice.to_string())]),
            );
        }
    }

    /// Starts the next game of the session.
    pub fn next_game(&mut self) {
        if self.record.new_game(&mut self.dice).is_ok() {
            self.screen.record_changed();
            self.after_action();
        }
    }

    /// A new match (or money session) with the same settings and the sides swapped; a saved
    /// session is kept and the new one saved beside it.
    pub fn rematch(&mut self) {
        self.config.human = self.config.human.other();
        self.record = super::new_record(self.config.match_length);
        if let Some(log) = &mut self.practice {
            log.new_match();
        }
        self.analysis = None;
        self.review = None;
        if let Some(path) = &self.screen.save_path {
            self.screen.save_path = Some(crate::ui::free_path(path));
        }
        self.next_game();
    }

    /// Leaves, or first offers to save a session that is saved nowhere.
    pub(super) fn leave(&mut self) {
        let played = self.record.games().iter().any(|g| !g.events().is_empty());
        if self.screen.save_path.is_none() && played {
            self.screen.offer_to_save();
        } else {
            self.screen.quit = true;
        }
    }
}
