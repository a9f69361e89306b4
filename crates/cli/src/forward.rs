//! The commands of the `ludus-coach` binary (training and measuring players) that `ludus` still
//! accepts: each is handed on, arguments and all, to `ludus-coach` beside this binary (or on the
//! `PATH`), whose exit status becomes this one's. `ludus` itself does not link the trainer.

use crate::{CliError, CliResult};
use clap::Args;
use std::io::ErrorKind;
use std::path::PathBuf;
use std::process::Command;

/// The binary that trains and measures players.
const COACH_BINARY: &str = "ludus-coach";

/// The arguments of a command handed on to `ludus-coach`, unread (`--help` included).
#[derive(Debug, Args)]
#[command(disable_help_flag = true)]
pub(crate) struct Forwarded {
    /// The command's arguments (see `ludus-coach … --help`).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    args: Vec<String>,
}

impl Forwarded {
    /// Runs `ludus-coach COMMAND ARGS…` (`command`: its words, e.g. `backgammon fit`), with this
    /// process's standard input, output and error.
    pub(crate) fn run(&self, command: &str) -> CliResult {
        let binary = coach_binary();
        let status = Command::new(&binary)
            .args(command.split(' '))
            .args(&self.args)
            .status()
            .map_err(|e| match e.kind() {
                ErrorKind::NotFound => CliError::Failure(anyhow::anyhow!(
                    "`ludus {command}` is run by the {COACH_BINARY} binary, which is neither \
                     beside ludus nor on the PATH (cargo install --path crates/cli installs both)"
                )),
                _ => CliError::Failure(anyhow::anyhow!("cannot start {}: {e}", binary.display())),
            })?;
        match status.code() {
            Some(0) => Ok(()),
            Some(code) => Err(CliError::Exited(u8::try_from(code).unwrap_or(1))),
            // Ended by a signal.
            None => Err(CliError::Exited(1)),
        }
    }
}

/// `ludus-coach` beside the running binary when it is there, else the bare name (the `PATH`).
fn coach_binary() -> PathBuf {
    let name = format!("{COACH_BINARY}{}", std::env::consts::EXE_SUFFIX);
    std::env::current_exe()
        .map(|exe| exe.with_file_name(&name))
        .ok()
        .filter(|beside| beside.is_file())
        .unwrap_or_else(|| PathBuf::from(name))
}
