//! `ludus`: the one binary of the workspace. It parses arguments, calls the library crates and
//! prints; it holds no game logic (see `docs/architecture.md`).
//!
//! Every command that prints a result accepts `--json` and then prints exactly one JSON document.
//! Errors go to stderr as one line `error: …`; the exit code is 2 for bad input, 1 otherwise.
//! Output goes through [`output`]'s `outln!`/`out!`: a reader that closes the pipe early
//! (`| head`) ends the command quietly with exit code 0. Clippy refuses `println!` here.
#![warn(clippy::print_stdout)]

mod analyze;
mod backgammon;
mod backgammon_engine;
mod bench;
mod coach_error;
mod duel_args;
mod error;
mod error_rate;
mod external;
mod fit;
mod morris;
mod morris_duel;
mod morris_engine;
mod morris_solve;
mod output;
mod play;
mod protocol_player;
mod serve;
mod supervised;
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
    /// The web UI and HTTP API: play in the browser.
    Serve(serve::ServeArgs),
    /// Play in the terminal: a full-screen board against the computer or a friend.
    Play(play::PlayArgs),
    /// The headline benchmarks of the hot paths, one line each.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    let result = match cli.command {
        Command::Morris(args) => morris::run(args),
        Command::Backgammon(args) => backgammon::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Play(args) => play::run(args),
        Command::Bench(args) => bench::run(args),
    };
    match result {
        // The reader of a pipe has all it wanted (`ludus … | head -3`).
        Ok(()) | Err(CliError::StdoutClosed) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", error.message());
            ExitCode::from(error.exit_code())
        }
    }
}

/// Help and version go to stdout as clap prints them; a real usage error becomes the one-line
/// `error: …` of the contract, with exit code 2.
fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            // Printing help can only fail on a closed stdout, where nothing is left to tell.
            let _ = error.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = error.print();
            ExitCode::from(2)
        }
        _ => {
            eprintln!("error: {} (see --help)", one_line(&error.to_string()));
            ExitCode::from(2)
        }
    }
}

/// clap's message without its `Usage:` block, joined on one line.
fn one_line(message: &str) -> String {
    message
        .lines()
        .take_while(|line| !line.starts_with("Usage:") && !line.starts_with("For more information"))
        .map(|line| line.trim().trim_start_matches("error: "))
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
