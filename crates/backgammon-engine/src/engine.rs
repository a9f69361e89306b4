//! The engine in the rules crate's terms, for front ends (server, terminal UI, gnubg's external
//! player): evaluate a `Position`, pick a `Move`, decide the cube from a `MatchState`, at a
//! strength [`Level`]; and the same engine as a [`Player`].
//!
//! ```
//! use ludus_backgammon::{Dice, Position};
//! use ludus_backgammon_engine::engine::Engine;
//!
//! let engine = Engine::strongest();
//! let mv = engine.best_move(&Position::starting(), "31".parse::<Dice>().unwrap());
//! assert_eq!(mv.to_string(), "8/5 6/5");
//! ```

use crate::cube::{CubeDecision, MoneyOptions};
use crate::doubling::cube_decision_at;
use crate::eval::NetEvaluator;
use crate::level::{Level, LevelError};
use crate::match_context::{MatchContext, MatchContextError, cubeful_equity_on_roll};
use crate::probabilities::Probabilities;
use crate::search::{PlayValuation, eval_plies, rank_moves_shown};
use ludus_backgammon::player::{Evaluation, PlayRequest, Player, PlayerError};
use ludus_backgammon::{Dice, MatchState, Move, Position};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Mutex;

/// The network engine at a strength level.
#[derive(Debug)]
pub struct Engine {
    name: String,
    evaluator: NetEvaluator,
    checker_plies: u8,
    cube_plies: u8,
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
    /// The value it was ranked by (before noise): cubeless equity, or in a game with a cube the
    /// mover's normalised cubeful equity at the cube and score ([`PlayValuation`]).
    pub value: f64,
    /// The lookahead its value comes from: the engine's plies for the plays its filters kept,
    /// fewer (0 or 1) for the others.
    pub plies: u8,
}

impl Engine {
    /// The shipped network at `plies` lookahead for checker plays, no noise; cube decisions at
    /// `plies` as well, at most as deep as the strongest level's.
    pub fn new(plies: u8) -> Engine {
        Engine {
            name: format!("ludus {plies}-ply"),
            evaluator: NetEvaluator::shipped(),
            checker_plies: plies,
            cube_plies: plies.min(Level::strongest().cube_plies),
            noise: 0.0,
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(0)),
        }
    }

    /// The same engine searching full-width: every reply inside the lookahead scored by the full
    /// network, no 1-ply stage ([`NetEvaluator::full_width`]; the search before issue 15, kept
    /// as the reference the shipped search is measured against).
    #[must_use]
    pub fn full_width(mut self) -> Engine {
        self.evaluator = self.evaluator.full_width();
        self
    }

    /// The same engine without the evaluation cache ([`NetEvaluator::uncached`]: the same
    /// plays and values, each computed afresh; the reference the cache is measured against).
    #[must_use]
    pub fn uncached(mut self) -> Engine {
        self.evaluator = self.evaluator.uncached();
        self
    }

    /// The strongest level ([`Level::strongest`]).
    pub fn strongest() -> Engine {
        Engine::at_level(Level::strongest(), 0)
    }

    /// The engine at `level`; `seed` makes its noise reproducible.
    pub fn at_level(level: Level, seed: u64) -> Engine {
        Engine {
            name: format!("ludus level {}", level.number),
            evaluator: NetEvaluator::shipped(),
            checker_plies: level.checker_plies,
            cube_plies: level.cube_plies,
            noise: level.noise,
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)),
        }
    }

    /// The engine at level `number` (1..=10, see [`crate::level`]); `seed` makes its noise
    /// reproducible.
    pub fn level(number: u32, seed: u64) -> Result<Engine, LevelError> {
        Ok(Engine::at_level(Level::new(number)?, seed))
    }

    /// Cubeless probabilities for the side on roll at this engine's checker-play lookahead
    /// (bearoff positions exact).
    pub fn evaluate(&self, position: &Position) -> Probabilities {
        eval_plies(&self.evaluator, position, self.checker_plies)
    }

    /// Every legal move, best first for this engine by cubeless equity (noise included at low
    /// levels): the ranking of a cubeless game.
    pub fn ranked_moves(&self, position: &Position, dice: Dice) -> Vec<RankedPlay> {
        self.ranked_moves_in(position, dice, None)
    }

    /// Every legal move, best first for this engine (noise included at low levels; the plays
    /// valued deepest first, as [`crate::search::rank_moves_valued`] orders them), in the game
    /// `state` describes (the mover on roll): by the mover's cubeful equity at its cube and score
    /// (cubeful checker play: in match play gammons count as the score makes them count), or by
    /// cubeless equity without a state.
    pub fn ranked_moves_in(
        &self,
        position: &Position,
        dice: Dice,
        state: Option<&MatchState>,
    ) -> Vec<RankedPlay> {
        self.ranked_moves_shown(position, dice, state, 0)
    }

    /// [`Engine::ranked_moves_in`] with the best `shown` plays all valued at this engine's
    /// lookahead ([`rank_moves_shown`]): the analysis board's ranking, every play shown at the
    /// plies asked for (each play says its lookahead in [`RankedPlay::plies`]).
    pub fn ranked_moves_shown(
        &self,
        position: &Position,
        dice: Dice,
        state: Option<&MatchState>,
        shown: usize,
    ) -> Vec<RankedPlay> {
        let legal = position.legal_moves_with_positions(dice);
        let valuation = PlayValuation::of_state(state);
        let ranked = rank_moves_shown(
            &self.evaluator,
            position,
            dice,
            self.checker_plies,
            &valuation,
            shown,
        );
        // Deeper values first, as the lookahead ranks them: a play the filters dropped keeps a
        // shallower value that cannot be compared with the survivors' (the review ranks so).
        let mut plays: Vec<(u8, f64, RankedPlay)> = ranked
            .iter()
            .filter_map(|r| {
                let (mv, _) = legal.iter().find(|(_, after)| *after == r.after)?;
                Some((
                    r.plies,
                    r.value + f64::from(self.jitter()),
                    RankedPlay {
                        mv: *mv,
                        probabilities: r.probabilities,
                        value: r.value,
                        plies: r.plies,
                    },
                ))
            })
            .collect();
        plays.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.total_cmp(&a.1)));
        plays.into_iter().map(|(_, _, p)| p).collect()
    }

    /// The move this engine plays in a cubeless game (the empty move when none is legal).
    pub fn best_move(&self, position: &Position, dice: Dice) -> Move {
        self.best_move_in(position, dice, None)
    }

    /// The move this engine plays in the game `state` describes (see [`Engine::ranked_moves_in`];
    /// the empty move when none is legal).
    pub fn best_move_in(
        &self,
        position: &Position,
        dice: Dice,
        state: Option<&MatchState>,
    ) -> Move {
        self.ranked_moves_in(position, dice, state)
            .first()
            .map_or(Move::EMPTY, |p| p.mv)
    }

    /// The cube decision for the player on roll of `state` (before rolling) in `position`.
    pub fn cube_decision(
        &self,
        position: &Position,
        state: &MatchState,
    ) -> Result<CubeDecision, MatchContextError> {
        let context = MatchContext::from_match_state(state)?;
        Ok(cube_decision_at(&self.evaluator, position, &context, self.cube_plies).1)
    }

    /// The cube decision for the player on roll of `state` (before rolling) in `position` at
    /// `plies` plies whatever this engine's cube setting ([`cube_decision_at`]), under `money`'s
    /// rules in money play, with the cubeless probabilities at that lookahead: the analysis
    /// board's cube panel.
    pub fn cube_decision_at_plies(
        &self,
        position: &Position,
        state: &MatchState,
        money: MoneyOptions,
        plies: u8,
    ) -> Result<(Probabilities, CubeDecision), MatchContextError> {
        let context = MatchContext::from_match_state(state)?.with_money_options(money);
        Ok(cube_decision_at(&self.evaluator, position, &context, plies))
    }

    /// The cubeful equity of the player on roll of `state` in `position` (before rolling), from
    /// its probabilities at this engine's checker-play lookahead, normalised: money points per
    /// unit of cube, or gnubg's EMG in match play ([`cubeful_equity_on_roll`]).
    pub fn cubeful_equity(
        &self,
        position: &Position,
        state: &MatchState,
    ) -> Result<f64, MatchContextError> {
        let context = MatchContext::from_match_state(state)?;
        let p = self.evaluate(position);
        Ok(cubeful_equity_on_roll(&context, position, &p).normalised)
    }

    /// Whether the player on roll of `state` should double now.
    pub fn should_double(
        &self,
        position: &Position,
        state: &MatchState,
    ) -> Result<bool, MatchContextError> {
        Ok(self.cube_decision(position, state)?.action.is_double())
    }

    /// Whether to take a double; `doubler_view` and `doubler_state` are the position and match
    /// state seen by the doubler (on roll), before the double.
    pub fn should_take(
        &self,
        doubler_view: &Position,
        doubler_state: &MatchState,
    ) -> Result<bool, MatchContextError> {
        Ok(self.cube_decision(doubler_view, doubler_state)?.is_take())
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

/// The engine as a player: its play ([`Engine::best_move_in`]: cubeful at the score with a match
/// state, cubeless without) and its cube decisions. A cube the model cannot judge (above 64) is
/// not turned, and is taken.
impl Player for Engine {
    /// `ludus level N` for a level, `ludus N-ply` for a lookahead.
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError> {
        let mv = self.best_move_in(request.position, request.dice, request.state);
        Ok(request.index_of(&request.position.apply(&mv)).unwrap_or(0))
    }

    fn double(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        Ok(self.should_double(position, state).unwrap_or(false))
    }

    fn take(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        Ok(self.should_take(position, state).unwrap_or(true))
    }

    /// The probabilities at the checker-play lookahead; the equity cubeless, or cubeful
    /// ([`Engine::cubeful_equity`]; cubeless where the model cannot judge the cube).
    fn evaluate(
        &mut self,
        position: &Position,
        state: Option<&MatchState>,
    ) -> Result<Option<Evaluation>, PlayerError> {
        let p = Engine::evaluate(self, position);
        let cubeless = f64::from(p.equity());
        let equity = state.map_or(cubeless, |state| {
            self.cubeful_equity(position, state).unwrap_or(cubeless)
        });
        Ok(Some(Evaluation {
            probabilities: p.to_array().map(f64::from),
            equity,
        }))
    }
}
