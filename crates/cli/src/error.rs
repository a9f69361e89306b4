//! The command line's error contract: one line on stderr, exit 2 for bad input, 1 otherwise; a
//! closed standard output ends a command quietly with exit 0.

use std::fmt::Display;

/// What went wrong in a command, and whose fault it was.
#[derive(Debug)]
pub(crate) enum CliError {
    /// The user's input was malformed or illegal (exit code 2).
    BadInput(String),
    /// Anything else: I/O, a failed computation (exit code 1).
    Failure(anyhow::Error),
    /// The reader of standard output closed it (`| head`): the end of output, not a failure
    /// (exit code 0, no message; see `output.rs`).
    StdoutClosed,
    /// A command handed on to another binary ended with this exit code, having said why itself
    /// (no message here).
    #[allow(dead_code)]
    // `ludus` hands commands on; `ludus-coach` shares this file and does not.
    Exited(u8),
}

/// The result of every command.
pub(crate) type CliResult = Result<(), CliError>;

impl CliError {
    /// A bad-input error with the given message.
    pub(crate) fn bad_input(message: impl Display) -> Self {
        CliError::BadInput(message.to_string())
    }

    /// The one-line message printed after `error: `.
    pub(crate) fn message(&self) -> String {
        match self {
            CliError::BadInput(message) => message.clone(),
            // `{:#}` joins the context chain on one line.
            CliError::Failure(error) => format!("{error:#}").replace('\n', " "),
            CliError::StdoutClosed | CliError::Exited(_) => String::new(),
        }
    }

    /// The process exit code.
    pub(crate) fn exit_code(&self) -> u8 {
        match self {
            CliError::BadInput(_) => 2,
            CliError::Failure(_) => 1,
            CliError::StdoutClosed => 0,
            CliError::Exited(code) => *code,
        }
    }
}

impl From<anyhow::Error> for CliError {
    fn from(error: anyhow::Error) -> Self {
        CliError::Failure(error)
    }
}

impl From<std::io::Error> for CliError {
    fn from(error: std::io::Error) -> Self {
        CliError::Failure(error.into())
    }
}

impl From<ludus_morris_engine::db::packing::PackError> for CliError {
    fn from(error: ludus_morris_engine::db::packing::PackError) -> Self {
        CliError::Failure(error.into())
    }
}
