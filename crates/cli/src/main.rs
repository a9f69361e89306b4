//! `ludus`: the one binary of the workspace. It parses arguments, calls the library crates and
//! prints; it holds no game logic (see `docs/architecture.md`).
//!
//! Every command that prints a result accepts `--json` and then prints exactly one JSON document.
//! Errors go to stderr as one line `error: …`; the exit code is 2 for bad input, 1 otherwise.

mod analyze;
mod backgammon;
mod backgammon_engine;
mod error;
mod external;
mod morris;
mod morris_engine;
mod uci;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[allow(unused_imports)] // CliError is used by the commands as they grow.
pub(crate) use error::{CliError, CliResult};

/// Nine Men's Morris and Backgammon: exact rules, strong engines, the field's formats.
#[derive(Debug, Parser)]
#[command(name = "ludus", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Nine Men's Morris: legal moves, perft, applying moves.
    Morris(morris::MorrisArgs),
    /// Backgammon: legal moves, boards, gnubg ids.
    #[command(alias = "bg")]
    Backgammon(backgammon::BackgammonArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Morris(args) => morris::run(args),
        Command::Backgammon(args) => backgammon::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", error.message());
            ExitCode::from(error.exit_code())
        }
    }
}
