//! `ludus backgammon player`: Ludus's engine speaking Ludus's line protocol for backgammon
//! players (`docs/backgammon-player-protocol.md`, `ludus_interop::player_protocol`) on
//! stdin/stdout. The host side, other programs as players, is `ludus_coach::backgammon::program`.

use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon::{Dice, MatchState, Move, Position};
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::level::{Level, MAX_LEVEL};
use ludus_interop::player_protocol::{Evaluation, Mode, PlayerBrain, serve};

/// Arguments of `ludus backgammon player`.
#[derive(Debug, Args)]
pub(crate) struct PlayerArgs {
    /// Strength 1..=10 (README, "Backgammon levels").
    #[arg(long, default_value_t = u32::from(MAX_LEVEL))]
    level: u32,
    /// Seed of the noise of the lower levels.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// The engine as a protocol player.
struct EngineBrain {
    engine: Engine,
    level: Level,
}

impl PlayerBrain for EngineBrain {
    fn name(&self) -> String {
        format!("ludus level {}", self.level.number)
    }

    /// Cubeless when asked so; cubeful at the score in match play ([`Engine::best_move_in`]).
    fn choose_move(
        &mut self,
        position: &Position,
        dice: Dice,
        state: &MatchState,
        mode: Mode,
    ) -> Move {
        let state = (mode == Mode::Cubeful).then_some(state);
        self.engine.best_move_in(position, dice, state)
    }

    fn should_double(&mut self, position: &Position, state: &MatchState) -> bool {
        self.engine.should_double(position, state).unwrap_or(false)
    }

    fn should_take(&mut self, doubler_view: &Position, doubler_state: &MatchState) -> bool {
        self.engine
            .should_take(doubler_view, doubler_state)
            .unwrap_or(true)
    }

    fn evaluate(&mut self, position: &Position, state: &MatchState, mode: Mode) -> Evaluation {
        let p = self.engine.evaluate(position);
        let equity = match mode {
            Mode::Cubeless => f64::from(p.equity()),
            Mode::Cubeful => self
                .engine
                .cubeful_equity(position, state)
                .unwrap_or_else(|_| f64::from(p.equity())),
        };
        Evaluation {
            probabilities: p.to_array().map(f64::from),
            equity,
        }
    }
}

/// Serves the protocol on stdin/stdout.
pub(crate) fn run(args: PlayerArgs) -> CliResult {
    let level = Level::new(args.level).map_err(|e| CliError::bad_input(format!("--level: {e}")))?;
    let mut brain = EngineBrain {
        engine: Engine::at_level(level, args.seed),
        level,
    };
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match serve(stdin, stdout, &mut brain) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
