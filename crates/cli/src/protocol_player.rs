//! `ludus backgammon player`: Ludus's engine speaking Ludus's line protocol for backgammon
//! players (`docs/backgammon-player-protocol.md`, `ludus_interop::player_protocol`) on
//! stdin/stdout. The host side, other programs as players, is `ludus_coach::backgammon::program`.

use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::level::{Level, MAX_LEVEL};
use ludus_interop::player_protocol::serve;

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

/// Serves the protocol on stdin/stdout.
pub(crate) fn run(args: PlayerArgs) -> CliResult {
    let level = Level::new(args.level).map_err(|e| CliError::bad_input(format!("--level: {e}")))?;
    let mut engine = Engine::at_level(level, args.seed);
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match serve(stdin, stdout, &mut engine) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
