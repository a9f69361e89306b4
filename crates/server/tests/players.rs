//! A stand-in computer for the server's tests and its benchmark (test support only): the first
//! legal move, every move valued 0, never a double, always a take. `ludus serve` plugs in the
//! real engines (tested in `crates/cli/src/serve_players.rs`).

use ludus_backgammon::{Dice, MatchState, Move as BgMove, Position as BgPosition};
use ludus_morris::player::{Choice, Limits, Player, PlayerError};
use ludus_morris::{Game, Move, Position, Rules};
use ludus_server::games::Players;
use ludus_server::games::backgammon::BackgammonPlayer;
use ludus_server::games::morris::{MorrisAnalyst, MorrisComputer};
use std::sync::Arc;
use std::time::Duration;

/// Plays the first legal move.
pub struct FirstLegal;

impl Player for FirstLegal {
    fn name(&self) -> String {
        "first-legal".to_string()
    }

    fn choose(&mut self, game: &Game, _: &Limits) -> Result<Choice, PlayerError> {
        Ok(Choice::new(game.legal_moves().first().copied()))
    }
}

impl MorrisComputer for FirstLegal {
    fn player(&self, _: u8) -> Result<Box<dyn Player>, PlayerError> {
        Ok(Box::new(FirstLegal))
    }
}

impl MorrisAnalyst for FirstLegal {
    fn analyse(&self, position: &Position, rules: &Rules, _: Duration) -> Vec<(Move, i32)> {
        position
            .legal_moves(rules)
            .iter()
            .map(|&mv| (mv, 0))
            .collect()
    }
}

impl BackgammonPlayer for FirstLegal {
    fn rank_moves(&self, position: &BgPosition, dice: Dice, _: u8) -> Vec<(BgMove, f64)> {
        position
            .legal_moves(dice)
            .into_iter()
            .map(|mv| (mv, 0.0))
            .collect()
    }

    fn choose_move(
        &self,
        position: &BgPosition,
        dice: Dice,
        _: &MatchState,
        _: u8,
        _: Duration,
    ) -> BgMove {
        position.legal_moves(dice)[0]
    }

    fn should_double(&self, _: &BgPosition, _: &MatchState) -> bool {
        false
    }

    fn should_take(&self, _: &BgPosition, _: &MatchState) -> bool {
        true
    }
}

/// [`FirstLegal`] for both games, no analyser.
pub fn first_legal() -> Players {
    Players {
        morris: Arc::new(FirstLegal),
        morris_analyst: Arc::new(FirstLegal),
        backgammon: Arc::new(FirstLegal),
        analyser: None,
    }
}
