//! A stand-in computer for the server's tests and its benchmark (test support only): the first
//! legal move, every move valued 0, never a double, always a take. `ludus serve` plugs in the
//! real engines (tested in `crates/cli/src/serve_players.rs`).

use ludus_backgammon::player::{Player, PlayerError};
use ludus_backgammon::{Dice, MatchState, Move as BgMove, Position as BgPosition};
use ludus_morris::{Move, Position, Rules};
use ludus_server::games::Players;
use ludus_server::games::backgammon::{BackgammonComputer, MoveRanker};
use ludus_server::games::morris::{MorrisPlayer, MorrisRequest};
use std::sync::Arc;
use std::time::Duration;

/// Plays the first legal move.
pub struct FirstLegal;

impl MorrisPlayer for FirstLegal {
    fn choose(&self, request: &MorrisRequest<'_>) -> Option<Move> {
        request.position.legal_moves(request.rules).first().copied()
    }

    fn analyse(&self, position: &Position, rules: &Rules, _: Duration) -> Vec<(Move, i32)> {
        position
            .legal_moves(rules)
            .iter()
            .map(|&mv| (mv, 0))
            .collect()
    }
}

impl MoveRanker for FirstLegal {
    fn rank_moves(&self, position: &BgPosition, dice: Dice, _: u8) -> Vec<(BgMove, f64)> {
        position
            .legal_moves(dice)
            .into_iter()
            .map(|mv| (mv, 0.0))
            .collect()
    }
}

/// Plays the generator's first legal move; the trait's defaults: never a double, always a
/// take, no chances.
pub struct FirstLegalBackgammon;

impl Player for FirstLegalBackgammon {
    fn name(&self) -> String {
        "first legal".into()
    }

    fn choose(
        &mut self,
        position: &BgPosition,
        dice: Dice,
        plays: &[BgPosition],
        _: Option<&MatchState>,
    ) -> Result<usize, PlayerError> {
        let first = position.apply(&position.legal_moves(dice)[0]);
        Ok(plays.iter().position(|p| *p == first).unwrap_or(0))
    }
}

/// [`FirstLegal`] for both games, no analyser.
pub fn first_legal() -> Players {
    Players {
        morris: Arc::new(FirstLegal),
        backgammon: BackgammonComputer {
            player: Arc::new(|_, _| Box::new(FirstLegalBackgammon)),
            ranker: Arc::new(FirstLegal),
        },
        analyser: None,
    }
}
