//! `ludus backgammon …`: thin glue over the `ludus-backgammon` rules crate. The engine commands live in
//! `backgammon_engine.rs` and are flattened into the same command list.

use crate::CliResult;
use clap::{Args, Subcommand};

/// Arguments of `ludus backgammon`.
#[derive(Debug, Args)]
pub(crate) struct BackgammonArgs {
    #[command(subcommand)]
    command: BackgammonCommand,
}

#[derive(Debug, Subcommand)]
enum BackgammonCommand {
    /// Print the version of the rules library.
    Version,
    #[command(flatten)]
    Engine(crate::backgammon_engine::BackgammonEngineCommand),
}

/// Runs one `ludus backgammon` command.
pub(crate) fn run(args: BackgammonArgs) -> CliResult {
    match args.command {
        BackgammonCommand::Version => {
            println!("{}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        BackgammonCommand::Engine(command) => crate::backgammon_engine::run(command),
    }
}
