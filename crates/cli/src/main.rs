//! `ludus`: the workspace's binary for playing, analysing, solving and serving. It parses
//! arguments, calls the library crates and prints; it holds no game logic (see
//! `docs/architecture.md`). Training and measuring players is the `ludus-coach` binary's
//! (`src/coach/`): `ludus` hands those commands on to it (`forward`) and does not link the trainer.
//!
//! Every command that prints a result accepts `--json` and then prints exactly one JSON document.
//! Errors go to stderr as one line `error: …`; the exit code is 2 for bad input, 1 otherwise.
//! Output goes through [`output`]'s `outln!`/`out!`: a reader that closes the pipe early
//! (`| head`) ends the command quietly with exit code 0. Clippy refuses `println!` here.
#![warn(clippy::print_stdout)]

mod analyze;
mod args;
mod backgammon;
mod backgammon_engine;
mod bench;
mod convert;
mod error;
mod exit;
mod external;
mod forward;
mod morris;
mod morris_engine;
mod morris_solve;
mod output;
mod play;
mod player_file;
mod practice;
mod progress;
mod protocol_player;
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
    /// Practice from your own reviewed games: today's exercises, progress, export and import.
    Practice(practice::PracticeArgs),
    /// The headline benchmarks of the hot paths, one line each.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    exit::main_with(|cli: Cli| match cli.command {
        Command::Morris(args) => morris::run(args),
        Command::Backgammon(args) => backgammon::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Play(args) => play::run(args),
        Command::Practice(args) => practice::run(args),
        Command::Bench(args) => bench::run(args),
    })
}
