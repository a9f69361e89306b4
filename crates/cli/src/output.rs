//! Standard output for every command, quiet when its reader goes away.
//!
//! `println!` panics ("failed printing to stdout: Broken pipe", exit 101) when the reader of a
//! pipe has closed it, as `ludus … | head -3` does after three lines. The commands print with
//! [`outln!`] and [`out!`] instead (the same arguments as `println!` and `print!`), which return
//! a [`CliResult`] to pass on with `?`:
//!
//! ```text
//! use crate::output::outln;
//! outln!("{mv}: {count}")?;
//! ```
//!
//! A closed pipe becomes [`CliError::StdoutClosed`], which `main` ends with exit status 0 and no
//! message (as ripgrep does); any other failure to write is an error (exit status 1).

use crate::{CliError, CliResult};
use std::fmt;
use std::io::{self, Write};

/// Writes `text` to standard output (the body of [`out!`]).
pub(crate) fn write(text: fmt::Arguments<'_>) -> CliResult {
    io::stdout().lock().write_fmt(text).map_err(write_error)
}

/// Writes `text` and a newline to standard output (the body of [`outln!`]).
pub(crate) fn write_line(text: fmt::Arguments<'_>) -> CliResult {
    writeln!(io::stdout().lock(), "{text}").map_err(write_error)
}

/// What a failed write to standard output means: the end of output when the reader has closed
/// the pipe, a failure otherwise.
pub(crate) fn write_error(error: io::Error) -> CliError {
    if error.kind() == io::ErrorKind::BrokenPipe {
        CliError::StdoutClosed
    } else {
        CliError::Failure(anyhow::Error::new(error).context("cannot write to standard output"))
    }
}

/// `print!` that returns a [`CliResult`] instead of panicking on a closed pipe.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write(format_args!($($arg)*))
    };
}

/// `println!` that returns a [`CliResult`] instead of panicking on a closed pipe.
macro_rules! outln {
    () => {
        $crate::output::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::write_line(format_args!($($arg)*))
    };
}

pub(crate) use {out, outln};
