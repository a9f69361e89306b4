//! The failure of reading or writing one of the coach's files, with what was being done and the
//! file named (`reading labels.txt: No such file or directory` once its source is joined on).

use std::path::{Path, PathBuf};
use thiserror::Error;

/// Reading, writing, opening, renaming or truncating a file failed.
#[derive(Debug, Error)]
#[error("{action} {}", path.display())]
pub struct FileError {
    /// What was being done: `reading`, `writing`, `opening`, `truncating`, `renaming to`.
    pub action: &'static str,
    /// The file.
    pub path: PathBuf,
    /// The failure.
    #[source]
    pub source: std::io::Error,
}

impl FileError {
    /// A `map_err` function that names `action` on `path`.
    pub fn of(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> FileError {
        let path = path.to_path_buf();
        move |source| FileError {
            action,
            path,
            source,
        }
    }
}
