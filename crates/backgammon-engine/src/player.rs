//! The engine's players ([`ludus_backgammon::player::Player`]): random, a hand-written
//! heuristic, and the network at a lookahead.

use crate::doubling::{should_double, should_take};
use crate::eval::{Evaluator, NetEvaluator};
use crate::match_context::MatchContext;
use crate::probabilities::argmax_equity;
use crate::search::{PlayValuation, rank_moves_valued};
use ludus_backgammon::player::{PlayRequest, Player, PlayerError};
use ludus_backgammon::{BAR, MatchState, OFF, Position};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a uniformly random legal play.
#[derive(Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player with its own seeded generator.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError> {
        Ok(self.rng.random_range(0..request.plays.len()))
    }
}

/// A hand-written greedy player: scores each resulting board with a few human rules of thumb
/// (pip lead, safe points, blots weighted by the shots at them, checkers hit, checkers off).
#[derive(Debug, Default)]
pub struct HeuristicPlayer;

/// Weights of the heuristic (points of cubeless equity, by feel).
mod weights {
    pub const PIP: f32 = 0.01;
    pub const OFF: f32 = 0.04;
    pub const HOME_POINT: f32 = 0.12;
    pub const OUTER_POINT: f32 = 0.05;
    pub const ANCHOR: f32 = 0.04;
    pub const BLOT: f32 = 0.05;
    pub const DIRECT_SHOT: f32 = 0.035;
    pub const INDIRECT_SHOT: f32 = 0.01;
    pub const HIT: f32 = 0.2;
}

impl HeuristicPlayer {
    /// The heuristic score of a position after the mover's play (mover's view, higher is
    /// better).
    pub fn score(after: &Position) -> f32 {
        let (my_pips, their_pips) = after.pip_count();
        let pip_lead = their_pips as f32 - my_pips as f32;
        let mut s = weights::PIP * pip_lead + weights::OFF * f32::from(after.player(OFF));
        if after.is_race() {
            return s;
        }
        s += weights::HIT * f32::from(after.opponent(BAR));
        for p in 1..=24 {
            let n = after.player(p);
            if n >= 2 {
                s += match p {
                    1..=6 => weights::HOME_POINT,
                    7..=11 => weights::OUTER_POINT,
                    18..=24 => weights::ANCHOR,
                    _ => 0.0,
                };
            } else if n == 1 {
                s -= weights::BLOT + shots(after, p);
            }
        }
        s
    }
}

/// Penalty for the opponent's shots at my blot on point `p`: opponent checkers (or bar) behind it.
fn shots(after: &Position, p: u8) -> f32 {
    let mut penalty = 0.0;
    // The opponent moves from my low points to my high points; its bar is my point 0.
    for r in 0..p {
        let count = if r == 0 {
            after.opponent(BAR)
        } else {
            after.opponent(25 - r)
        };
        if count == 0 {
            continue;
        }
        let distance = p - r;
        penalty += match distance {
            1..=6 => weights::DIRECT_SHOT,
            7..=12 => weights::INDIRECT_SHOT,
            _ => 0.0,
        };
    }
    // Blots far from home cost less: a hit there loses fewer pips.
    penalty * (0.5 + f32::from(p) / 24.0)
}

impl Player for HeuristicPlayer {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError> {
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, s) in request.plays.iter().enumerate() {
            let v = Self::score(s);
            if v > best_score {
                best_score = v;
                best = i;
            }
        }
        Ok(best)
    }
}

/// The network player: 0-ply greedy, or n-ply lookahead with move filtering.
#[derive(Clone, Debug)]
pub struct NetPlayer {
    evaluator: NetEvaluator,
    plies: u8,
    label: String,
    scores: Vec<crate::probabilities::Probabilities>,
    cubeless_checkers: bool,
}

impl NetPlayer {
    /// A network player looking `plies` plies ahead.
    pub fn new(evaluator: NetEvaluator, plies: u8, label: impl Into<String>) -> NetPlayer {
        NetPlayer {
            evaluator,
            plies,
            label: label.into(),
            scores: Vec::new(),
            cubeless_checkers: false,
        }
    }

    /// Its network and lookahead.
    pub fn into_parts(self) -> (NetEvaluator, u8) {
        (self.evaluator, self.plies)
    }

    /// The same player choosing checker plays by cubeless equity even in match play (the
    /// engine before cubeful checker play; for measuring what the cubeful choice gains).
    pub fn with_cubeless_checkers(mut self) -> NetPlayer {
        self.cubeless_checkers = true;
        self
    }
}

impl Player for NetPlayer {
    fn name(&self) -> String {
        let cubeless = if self.cubeless_checkers {
            ", cubeless"
        } else {
            ""
        };
        format!("{} ({}-ply{cubeless})", self.label, self.plies)
    }

    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError> {
        if request.plays.len() == 1 {
            return Ok(0);
        }
        let valuation = if self.cubeless_checkers {
            PlayValuation::Cubeless
        } else {
            PlayValuation::of_state(request.state)
        };
        if self.plies == 0 && valuation == PlayValuation::Cubeless {
            self.evaluator
                .eval_after_moves(request.plays, &mut self.scores);
            return Ok(argmax_equity(&self.scores));
        }
        let (position, dice) = (request.position, request.dice);
        let ranked = rank_moves_valued(&self.evaluator, position, dice, self.plies, &valuation);
        Ok(request.index_of(&ranked[0].after).unwrap_or(0))
    }

    /// Doubles by the cube model; a cube the model cannot judge (above 64) is not turned.
    fn double(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        Ok(MatchContext::from_match_state(state)
            .is_ok_and(|context| should_double(&self.evaluator, position, &context)))
    }

    /// Takes by the cube model; a cube the model cannot judge is taken.
    fn take(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        Ok(
            MatchContext::from_match_state(state).map_or(true, |context| {
                should_take(&self.evaluator, position, &context)
            }),
        )
    }
}
