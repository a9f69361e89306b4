//! `ludus`: the one binary of the workspace. It parses arguments, calls the library crates and
//! prints; it holds no game logic (see `docs/architecture.md`).
//!
//! Every command that prints a result accepts `--json` and then prints exactly one JSON document.
//! Errors go to stderr as one line `error: …`; the exit code is 2 for bad input, 1 otherwise.

mod backgammon;
mod backgammon_engine;
mod error;
mod morris;
mod morris_engine;
mod play;
mod serve;

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
    /// The web UI and HTTP API: play in the browser.
    Serve(serve::ServeArgs),
    /// Play in the terminal: a full-screen board against the computer or a friend.
    Play(play::PlayArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Morris(args) => morris::run(args),
        Command::Backgammon(args) => backgammon::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Play(args) => play::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", error.message());
            ExitCode::from(error.exit_code())
        }
    }
}
