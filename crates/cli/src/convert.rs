//! `ludus backgammon convert IN OUT`: a match file from one format into another, each chosen by
//! its extension (glue over `ludus_interop::matchfile`).

use crate::output::outln;
use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon::Match;
use ludus_interop::matchfile::{MatchFormat, read_match as read_match_bytes, write_match};
use std::path::{Path, PathBuf};

/// Arguments of `ludus backgammon convert`.
#[derive(Debug, Args)]
pub(crate) struct ConvertArgs {
    /// The match to read: `.mat`, gnubg `.sgf` or eXtreme Gammon `.xg`.
    input: PathBuf,
    /// The file to write: `.mat` or `.sgf`.
    output: PathBuf,
}

/// Reads a match file by its extension (`.sgf` gnubg's SGF, `.xg` eXtreme Gammon's, anything
/// else `.mat`).
pub(crate) fn read_match(path: &Path) -> Result<Match, CliError> {
    let bytes = std::fs::read(path)
        .map_err(|e| CliError::bad_input(format!("cannot read {}: {e}", path.display())))?;
    let format = MatchFormat::from_path(path).unwrap_or(MatchFormat::Mat);
    read_match_bytes(&bytes, format)
        .map_err(|e| CliError::bad_input(format!("{}: {e}", path.display())))
}

/// Runs the conversion.
pub(crate) fn run(args: ConvertArgs) -> CliResult {
    let format = MatchFormat::from_path(&args.output)
        .filter(|f| *f != MatchFormat::Xg)
        .ok_or_else(|| {
            CliError::bad_input(format!(
                "{}: the output must end in .mat or .sgf",
                args.output.display()
            ))
        })?;
    let record = read_match(&args.input)?;
    let bytes = write_match(&record, format).map_err(|e| CliError::bad_input(e.to_string()))?;
    std::fs::write(&args.output, bytes)
        .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", args.output.display())))?;
    outln!("{} games → {}", record.games().len(), args.output.display())?;
    Ok(())
}
