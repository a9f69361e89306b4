//! A backgammon match file of any format Ludus reads or writes, chosen by its extension:
//! `.mat` (the rules crate's), gnubg's `.sgf` ([`crate::sgf`]) and eXtreme Gammon's `.xg`
//! ([`crate::xg`], read only).

use crate::sgf::{SgfError, read_sgf, write_sgf};
use crate::xg::{XgError, read_xg};
use ludus_backgammon::{MatError, Match, read_mat, write_mat};
use std::path::Path;
use thiserror::Error;

/// A match file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchFormat {
    /// The plain-text `.mat` format.
    Mat,
    /// gnubg's SGF.
    Sgf,
    /// eXtreme Gammon's binary `.xg` (read only).
    Xg,
}

impl MatchFormat {
    /// The format of `path` by its extension (case-insensitive); `None` for others.
    pub fn from_path(path: &Path) -> Option<MatchFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "mat" | "txt" => Some(MatchFormat::Mat),
            "sgf" => Some(MatchFormat::Sgf),
            "xg" => Some(MatchFormat::Xg),
            _ => None,
        }
    }

    /// The format's usual extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            MatchFormat::Mat => "mat",
            MatchFormat::Sgf => "sgf",
            MatchFormat::Xg => "xg",
        }
    }
}

/// Why a match file cannot be read or written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchFileError {
    /// A text format that is not UTF-8.
    #[error("a .{0} file must be UTF-8 text")]
    NotText(&'static str),
    /// The `.mat` reader's error.
    #[error("{0}")]
    Mat(#[from] MatError),
    /// The SGF reader's error.
    #[error("{0}")]
    Sgf(#[from] SgfError),
    /// The `.xg` reader's error.
    #[error("{0}")]
    Xg(#[from] XgError),
    /// A format Ludus reads but does not write.
    #[error("Ludus does not write .{0} files")]
    NotWritable(&'static str),
}

/// Reads a match from a file's bytes in `format`.
pub fn read_match(bytes: &[u8], format: MatchFormat) -> Result<Match, MatchFileError> {
    let text =
        || std::str::from_utf8(bytes).map_err(|_| MatchFileError::NotText(format.extension()));
    Ok(match format {
        MatchFormat::Mat => read_mat(text()?)?,
        MatchFormat::Sgf => read_sgf(text()?)?,
        MatchFormat::Xg => read_xg(bytes)?,
    })
}

/// Writes a match in `format` (`.mat` or SGF).
pub fn write_match(record: &Match, format: MatchFormat) -> Result<Vec<u8>, MatchFileError> {
    match format {
        MatchFormat::Mat => Ok(write_mat(record).into_bytes()),
        MatchFormat::Sgf => Ok(write_sgf(record).into_bytes()),
        MatchFormat::Xg => Err(MatchFileError::NotWritable(MatchFormat::Xg.extension())),
    }
}
