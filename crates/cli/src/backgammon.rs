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
    /// Play as gnubg's external player: serve FIBS board lines on a TCP port.
    External(crate::external::ExternalArgs),
    /// Replay a .mat (or gnubg .sgf) match and report the equity lost by every play and cube
    /// decision.
    Analyze(crate::analyze::AnalyzeArgs),
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
        BackgammonCommand::External(args) => crate::external::run(args),
        BackgammonCommand::Analyze(args) => crate::analyze::run(args),
        BackgammonCommand::Engine(command) => crate::backgammon_engine::run(command),
    }
}
