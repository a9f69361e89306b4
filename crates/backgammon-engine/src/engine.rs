//! The engine in the rules crate's terms, for front ends (server, terminal UI): evaluate a
//! `Position`, pick a `Move`, decide the cube from a `MatchState`, at a strength level.
//!
//! ```
//! use ludus_backgammon::{Dice, Position};
//! use ludus_backgammon_engine::engine::Engine;
//!
//! let engine = Engine::strongest();
//! let mv = engine.best_move(&Position::starting(), "31".parse::<Dice>().unwrap());
//! assert_eq!(mv.to_string(), "8/5 6/5");
//! ```

use crate::analysis::cube_decision_at;
use crate::board::Board;
use crate::cube::CubeDecision;
use crate::eval::{NetEvaluator, Probabilities};
use crate::match_context::{MatchContext, MatchContextError};
use crate::search::{eval_plies, rank_moves};
use ludus_backgammon::{Dice, MatchState, Move, Position};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Mutex;

/// Strength levels, 1 (weakest) to this.
pub const MAX_LEVEL: u8 = 10;
/// Level from which no noise is added to the equities.
const NOISELESS_LEVEL: u8 = 8;
/// Equity noise per level below [`NOISELESS_LEVEL`] (uniform in ± this × levels below).
const NOISE_PER_LEVEL: f32 = 0.05;

/// The network engine at a strength level.
#[derive(Debug)]
pub struct Engine {
    evaluator: NetEvaluator,
    plies: u8,
    noise: f32,
    rng: Mutex<ChaCha8Rng>,
}

/// A legal move with its value for the mover.
#[derive(Clone, Copy, Debug)]
pub struct RankedPlay {
    /// The move.
    pub mv: Move,
    /// The mover's probabilities after it.
    pub probabilities: Probabilities,
}

impl Engine {
    /// The shipped network at `plies` lookahead, no noise.
    pub fn new(plies: u8) -> Engine {
        Engine {
            evaluator: NetEvaluator::shipped(),
            plies,
            noise: 0.0,
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(0)),
        }
    }

    /// The strongest setting that answers within a second (2-ply).
    pub fn strongest() -> Engine {
        Engine::new(2)
    }

    /// A strength level 1..=10 (clamped): levels below 8 add equity noise (level 1: ±0.35),
    /// 8 is 0-ply, 9 is 1-ply, 10 is 2-ply. `seed` makes the noise reproducible.
    pub fn level(level: u8, seed: u64) -> Engine {
        let level = level.clamp(1, MAX_LEVEL);
        let plies = level.saturating_sub(NOISELESS_LEVEL);
        Engine {
            evaluator: NetEvaluator::shipped(),
            plies,
            noise: NOISE_PER_LEVEL * f32::from(NOISELESS_LEVEL.saturating_sub(level)),
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
        }
    }

    /// Cubeless probabilities for the side on roll (bearoff boards exact).
    pub fn evaluate(&self, position: &Position) -> Probabilities {
        eval_plies(&self.evaluator, &Board::from(*position), self.plies)
    }

    /// Every legal move, best first for this engine (noise included at low levels).
    pub fn ranked_moves(&self, position: &Position, dice: Dice) -> Vec<RankedPlay> {
        let board = Board::from(*position);
        let legal = position.legal_moves_with_positions(dice);
        let ranked = rank_moves(
            &self.evaluator,
            &board,
            (dice.first(), dice.second()),
            self.plies,
        );
        let mut plays: Vec<(f32, RankedPlay)> = ranked
            .iter()
            .filter_map(|r| {
                let (mv, _) = legal
                    .iter()
                    .find(|(_, after)| Board::from(*after) == r.board)?;
                Some((
                    r.probabilities.equity() + self.jitter(),
                    RankedPlay {
                        mv: *mv,
                        probabilities: r.probabilities,
                    },
                ))
            })
            .collect();
        plays.sort_by(|a, b| b.0.total_cmp(&a.0));
        plays.into_iter().map(|(_, p)| p).collect()
    }

    /// The move this engine plays (the empty move when none is legal).
    pub fn best_move(&self, position: &Position, dice: Dice) -> Move {
        self.ranked_moves(position, dice)
            .first()
            .map_or(Move::EMPTY, |p| p.mv)
    }

    /// The cube decision for the player on roll of `state` (before rolling).
    pub fn cube_decision(
        &self,
        position: &Position,
        state: &MatchState,
    ) -> Result<CubeDecision, MatchContextError> {
        let context = MatchContext::from_match_state(state)?;
        Ok(cube_decision_at(
            &self.evaluator,
            &Board::from(*position),
            &context,
            self.plies.min(1),
        )
        .1)
    }

    fn jitter(&self) -> f32 {
        if self.noise == 0.0 {
            return 0.0;
        }
        match self.rng.lock() {
            Ok(mut rng) => rng.random_range(-self.noise..self.noise),
            Err(_) => 0.0,
        }
    }
}
