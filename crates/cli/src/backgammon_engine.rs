//! The engine commands of `ludus backgammon …`: thin glue over `ludus-backgammon-engine`.

use crate::CliResult;
use clap::Subcommand;

/// The engine subcommands of `ludus backgammon`, flattened into its command list.
#[derive(Debug, Subcommand)]
pub(crate) enum BackgammonEngineCommand {
    /// Print the version of the engine library.
    EngineVersion,
}

/// Runs one engine command.
pub(crate) fn run(command: BackgammonEngineCommand) -> CliResult {
    match command {
        BackgammonEngineCommand::EngineVersion => {
            println!("{}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
    }
}
