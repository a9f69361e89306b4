//! `ludus morris uci`: Sanmill's UCI-like engine protocol on stdin/stdout (glue over
//! `ludus_interop::uci`).

use crate::CliResult;
use crate::output::{self, outln};
use ludus_interop::uci::{EngineBrain, UciSession};
use std::io::BufRead;

/// Runs the protocol loop until `quit` or the end of input.
pub(crate) fn run() -> CliResult {
    let mut session = UciSession::new(EngineBrain::new());
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let response = session.handle(&line?);
        for out in &response.lines {
            outln!("{out}")?;
        }
        output::flush()?;
        if response.quit {
            break;
        }
    }
    Ok(())
}
