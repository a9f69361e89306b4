//! Backgammon as a [`Game`] (placeholder until the rules crate's API lands).

use crate::game::{Action, Command, Game, GameError, GameKind, GameResult, Side};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

/// A computer player for Backgammon.
pub trait BackgammonPlayer: Send + Sync {}

/// The built-in greedy player.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;
impl BackgammonPlayer for Greedy {}

/// A Backgammon game.
pub struct BackgammonGame;

impl BackgammonGame {
    /// A new game.
    pub fn new(_rules: &Value, _seed: u64, _player: Arc<dyn BackgammonPlayer>) -> Result<BackgammonGame, String> {
        Err("backgammon is not available yet".to_string())
    }
}

impl Game for BackgammonGame {
    fn kind(&self) -> GameKind { GameKind::Backgammon }
    fn to_act(&self) -> Option<Side> { None }
    fn apply(&mut self, _side: Side, _command: &Command) -> Result<(), GameError> { Err(GameError::Over) }
    fn result(&self) -> Option<GameResult> { None }
    fn legal_moves(&self) -> Vec<String> { Vec::new() }
    fn actions(&self) -> Vec<Action> { Vec::new() }
    fn rules(&self) -> Value { Value::Null }
    fn view(&self) -> Value { Value::Null }
    fn export(&self) -> String { String::new() }
    fn computer_command(&self, _level: u8, _think_time: Duration) -> Option<Command> { None }
}

/// Analysis placeholder.
pub fn analysis(_p: Option<&str>, _m: Option<&str>, _d: Option<&str>, _players: &super::Players) -> Result<Value, String> {
    Err("not yet".to_string())
}
