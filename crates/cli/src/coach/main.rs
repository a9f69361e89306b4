//! `ludus-coach`: the binary that trains and measures players (`ludus-coach`, the library, with
//! its trainer on candle). It parses arguments, calls `ludus_coach` and prints; `ludus` hands
//! the same commands on to it (`ludus backgammon fit …` runs `ludus-coach backgammon fit …`), so
//! that `ludus` — the server, the terminal UI, the engines — does not link the trainer.
//!
//! The command line's contract is `ludus`'s (one copy of each file, shared by path): `--json`
//! prints one JSON document, errors are one line `error: …` with exit code 2 for bad input and 1
//! otherwise, and a closed pipe ends a command quietly.
#![warn(clippy::print_stdout)]

#[path = "../args.rs"]
mod args;
mod backgammon;
mod coach_error;
mod duel_args;
#[path = "../error.rs"]
mod error;
mod error_rate;
#[path = "../exit.rs"]
mod exit;
mod fit;
mod morris;
mod morris_duel;
// `out!` (print without a newline) is `ludus`'s only.
#[allow(unused)]
#[path = "../output.rs"]
mod output;
#[path = "../progress.rs"]
mod progress;
mod supervised;

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;

pub(crate) use error::{CliError, CliResult};

/// Train and measure Ludus's players: self-play and supervised training, labelling, duels and
/// error rates.
#[derive(Debug, Parser)]
#[command(name = "ludus-coach", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Nine Men's Morris: tune the evaluation, duels.
    Morris(MorrisArgs),
    /// Backgammon: training, labelling, duels, error rates.
    #[command(alias = "bg")]
    Backgammon(BackgammonArgs),
}

/// Arguments of `ludus-coach morris`.
#[derive(Debug, Args)]
struct MorrisArgs {
    #[command(subcommand)]
    command: morris::MorrisCoachCommand,
}

/// Arguments of `ludus-coach backgammon`.
#[derive(Debug, Args)]
struct BackgammonArgs {
    #[command(subcommand)]
    command: backgammon::BackgammonCoachCommand,
}

fn main() -> ExitCode {
    exit::main_with(|cli: Cli| match cli.command {
        Command::Morris(args) => morris::run(args.command),
        Command::Backgammon(args) => backgammon::run(args.command),
    })
}
