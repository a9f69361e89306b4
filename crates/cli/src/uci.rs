//! `ludus morris uci`: Sanmill's UCI-like engine protocol on stdin/stdout (glue over
//! `ludus-interop`).

use crate::CliResult;

/// Runs the protocol loop until `quit` or the end of input.
pub(crate) fn run() -> CliResult {
    Ok(())
}
