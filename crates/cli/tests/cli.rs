//! Integration tests of the `ludus` binary (one test binary; one module per command family).
//!
//! - `morris`: `ludus morris moves | perft | apply` (the rules commands).
//! - `backgammon`: `ludus backgammon moves | show` (the rules commands).
//! - `play`: `ludus play morris | backgammon` driven in tmux, and its plain-text fallback.
//! - `practice`: `ludus practice progress | threshold | export` on the player file and its errors
//!   (the practice screen is driven in tmux in `play`).
//! - `bench`: `ludus bench --json`.
//! - `duel`: `ludus backgammon duel` against external players (gnubg, `backgammon player`).
//! - `interop`: `ludus backgammon external | analyze | convert`, `ludus morris uci`.
//! - `pipe`: a reader that closes the pipe early ends every command quietly (exit 0).
//! - `serve`: `ludus serve` on SQLite and PostgreSQL: SIGKILL, SIGTERM, two processes.

#[path = "cli/backgammon.rs"]
mod backgammon;
#[path = "cli/bench.rs"]
mod bench;
#[path = "cli/duel.rs"]
mod duel;
/// gnubg's path and whether it runs: the rules crate's test helper, one file for both.
#[path = "../../backgammon/tests/gnubg.rs"]
mod gnubg;
#[path = "cli/interop.rs"]
mod interop;
#[path = "cli/morris.rs"]
mod morris;
#[path = "cli/pipe.rs"]
mod pipe;
#[path = "cli/play.rs"]
mod play;
#[path = "cli/practice.rs"]
mod practice;
#[path = "cli/serve.rs"]
mod serve;
#[path = "cli/train.rs"]
mod train;

use std::process::{Command, Output};

/// Runs `ludus` with `args`.
pub fn ludus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .output()
        .expect("the ludus binary runs")
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}
