//! The command line's exit contract, one copy for both binaries (`ludus`, `ludus-coach`): help
//! and version on stdout, a usage error as one line `error: …` with exit code 2, a command's
//! error as one line with its exit code, a closed standard output as success.

use crate::CliError;
use crate::error::CliResult;
use clap::Parser;
use std::process::ExitCode;

/// Parses the arguments as `C`, runs the command and turns its result into the exit code.
pub(crate) fn main_with<C: Parser>(run: impl FnOnce(C) -> CliResult) -> ExitCode {
    let cli = match C::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    match run(cli) {
        // The reader of a pipe has all it wanted (`ludus … | head -3`).
        Ok(()) | Err(CliError::StdoutClosed) => ExitCode::SUCCESS,
        // The binary the command was handed to has said why.
        Err(CliError::Exited(code)) => ExitCode::from(code),
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
