//! The engine commands of `ludus morris …`: thin glue over `ludus-morris-engine`.

use crate::CliResult;
use clap::Subcommand;

/// The engine subcommands of `ludus morris`, flattened into its command list.
#[derive(Debug, Subcommand)]
pub(crate) enum MorrisEngineCommand {
    /// Print the version of the engine library.
    EngineVersion,
}

/// Runs one engine command.
pub(crate) fn run(command: MorrisEngineCommand) -> CliResult {
    match command {
        MorrisEngineCommand::EngineVersion => {
            println!("{}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
    }
}
