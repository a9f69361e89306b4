//! The games the server offers, each a thin [`Game`] over its rules crate, and the computer
//! players behind one trait per game so that stronger engines drop in.

pub mod backgammon;
pub mod morris;

use crate::game::{Game, GameKind};
use serde_json::Value;
use std::sync::Arc;

/// The computer players the server uses. Replace a field to plug in another engine.
#[derive(Clone)]
pub struct Players {
    /// Plays Morris.
    pub morris: Arc<dyn morris::MorrisPlayer>,
    /// Plays Backgammon (checker play and cube).
    pub backgammon: Arc<dyn backgammon::BackgammonPlayer>,
    /// Analyses a finished backgammon match (`GET /api/games/{id}/analysis`); `None` where the
    /// server has no analyser (the endpoint then answers 501).
    pub analyser: Option<Arc<dyn MatchAnalyser>>,
}

/// Post-game analysis of a backgammon match, given as its `.mat` text. Implemented outside the
/// server (the CLI plugs in `ludus-interop`'s analysis with the engine), so that this crate knows
/// nothing of engines.
pub trait MatchAnalyser: Send + Sync {
    /// The analysis report of the match `mat` as JSON, or why it cannot be analysed.
    fn analyse(&self, mat: &str) -> Result<Value, String>;
}

impl Default for Players {
    fn default() -> Self {
        Players {
            morris: Arc::new(morris::AlphaBeta),
            backgammon: Arc::new(backgammon::Greedy),
            analyser: None,
        }
    }
}

/// A new game of `kind` with the given rule options (a JSON object) and dice seed.
pub fn new_game(
    kind: GameKind,
    rules: &Value,
    seed: u64,
    players: &Players,
) -> Result<Box<dyn Game>, String> {
    if !(rules.is_object() || rules.is_null()) {
        return Err("rules must be a JSON object".to_string());
    }
    match kind {
        GameKind::Morris => Ok(Box::new(morris::MorrisGame::new(
            rules,
            players.morris.clone(),
        )?)),
        GameKind::Backgammon => Ok(Box::new(backgammon::BackgammonGame::new(
            rules,
            seed,
            players.backgammon.clone(),
        )?)),
    }
}
