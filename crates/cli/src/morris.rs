//! `ludus morris …`: thin glue over the `ludus-morris` rules crate. The engine commands live in
//! `morris_engine.rs` and are flattened into the same command list.

use crate::CliResult;
use clap::{Args, Subcommand};

/// Arguments of `ludus morris`.
#[derive(Debug, Args)]
pub(crate) struct MorrisArgs {
    #[command(subcommand)]
    command: MorrisCommand,
}

#[derive(Debug, Subcommand)]
enum MorrisCommand {
    /// Print the version of the rules library.
    Version,
    #[command(flatten)]
    Engine(crate::morris_engine::MorrisEngineCommand),
}

/// Runs one `ludus morris` command.
pub(crate) fn run(args: MorrisArgs) -> CliResult {
    match args.command {
        MorrisCommand::Version => {
            println!("{}", env!("CARGO_PKG_VERSION"));
            Ok(())
        }
        MorrisCommand::Engine(command) => crate::morris_engine::run(command),
    }
}
