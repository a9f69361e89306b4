//! A stand-in computer for the server's tests and its benchmark (test support only): the first
//! legal move, every move valued 0, even chances, never a double, always a take. `ludus serve` plugs in the
//! real engines (tested in `crates/players`).

use ludus_backgammon::player as bg;
use ludus_backgammon::{Dice, MatchState, Position as BgPosition};
use ludus_morris::player::{Choice, Limits, Player, PlayerError};
use ludus_morris::{Game, Move, Position, Rules};
use ludus_server::games::backgammon::{
    BeforeRoll, MoneyRules, MoveRanker, MoveValue, RolloutKind, RolloutLength, RolloutPart,
};
use ludus_server::games::morris::MorrisAnalyst;
use ludus_server::games::{BackgammonComputer, MorrisComputer, Players};
use std::sync::Arc;

/// Plays the first legal Morris move; values every move of both games 0.
pub struct FirstLegal;

impl Player for FirstLegal {
    fn name(&self) -> String {
        "first-legal".to_string()
    }

    fn choose(&mut self, game: &Game, _: &Limits) -> Result<Choice, PlayerError> {
        Ok(Choice::new(game.legal_moves().first().copied()))
    }
}

impl MorrisAnalyst for FirstLegal {
    fn analyse(&self, _: &[Position], position: &Position, rules: &Rules) -> Vec<(Move, i32)> {
        position
            .legal_moves(rules)
            .iter()
            .map(|&mv| (mv, 0))
            .collect()
    }
}

impl MoveRanker for FirstLegal {
    /// 0 at whatever lookahead is asked.
    fn rank_moves(
        &self,
        position: &BgPosition,
        dice: Dice,
        _: &MatchState,
        plies: u8,
    ) -> Vec<MoveValue> {
        position
            .legal_moves(dice)
            .into_iter()
            .map(|mv| MoveValue {
                mv,
                value: 0.0,
                plies,
                chances: [0.5, 0.0, 0.0, 0.0, 0.0],
            })
            .collect()
    }

    /// Even chances, no gammons; the cube left to the server's fallback (never turned, taken).
    fn before_roll(&self, _: &BgPosition, _: &MatchState, _: MoneyRules, plies: u8) -> BeforeRoll {
        BeforeRoll {
            chances: bg::Evaluation {
                probabilities: [0.5, 0.0, 0.0, 0.0, 0.0],
                equity: 0.0,
            },
            plies,
            cube: None,
        }
    }

    /// Truncated: even games won, odd ones lost, single games (equity +1 and −1). Full: every
    /// game won with a gammon, so that a test tells the two apart and sees a play's rollout from
    /// the mover. Cubeful: every game on a cube of 2 (twice the equity). A part takes a few
    /// milliseconds, so that a stop can come between parts.
    fn rollout(
        &self,
        _: &BgPosition,
        games: std::ops::Range<u64>,
        kind: RolloutKind,
    ) -> Option<RolloutPart> {
        std::thread::sleep(std::time::Duration::from_millis(5));
        let mut part = RolloutPart::default();
        for game in games {
            if kind.length == RolloutLength::Full {
                part.merge(&RolloutPart {
                    games: 1,
                    chances: [1.0, 1.0, 0.0, 0.0, 0.0],
                    equity: 2.0,
                    equity_squared: 4.0,
                });
                continue;
            }
            let won = game % 2 == 0;
            let cube = if kind.cubeful { 2.0 } else { 1.0 };
            part.merge(&RolloutPart {
                games: 1,
                chances: [if won { 1.0 } else { 0.0 }, 0.0, 0.0, 0.0, 0.0],
                equity: if won { cube } else { -cube },
                equity_squared: cube * cube,
            });
        }
        Some(part)
    }
}

/// Plays the generator's first legal move; the trait's defaults: never a double, always a
/// take, no chances.
pub struct FirstLegalBackgammon;

impl bg::Player for FirstLegalBackgammon {
    fn name(&self) -> String {
        "first legal".into()
    }

    fn choose(&mut self, request: bg::PlayRequest<'_>) -> Result<usize, bg::PlayerError> {
        let position = request.position;
        let first = position.apply(&position.legal_moves(request.dice)[0]);
        Ok(request.index_of(&first).unwrap_or(0))
    }
}

/// [`FirstLegal`] for both games, no analyser.
pub fn first_legal() -> Players {
    Players {
        morris: MorrisComputer::new(|_, _| Box::new(FirstLegal), Arc::new(FirstLegal)),
        backgammon: BackgammonComputer::new(
            |_, _| Box::new(FirstLegalBackgammon),
            Arc::new(FirstLegal),
        ),
        analyser: None,
    }
}
