//! Reading and writing network weights files (`Net::to_bytes` / `Net::from_bytes`, and the
//! bundles of class networks of `ClassNets`), with the
//! file named in every error. A file is written beside its final name and renamed onto it, so a
//! run stopped while writing a checkpoint leaves the previous one whole.

use crate::file_error::FileError;
use ludus_backgammon_engine::classes::ClassNets;
use ludus_backgammon_engine::net::{Net, WeightsError};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a weights file cannot be read or written.
#[derive(Debug, Error)]
pub enum WeightsFileError {
    /// The file holds no network of this engine (the user's file).
    #[error("{}: {error}", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        error: WeightsError,
    },
    /// Reading, writing or renaming the file failed.
    #[error(transparent)]
    Io(#[from] FileError),
}

impl WeightsFileError {
    /// True when the file itself is at fault, not the I/O.
    pub fn is_bad_input(&self) -> bool {
        matches!(self, WeightsFileError::Format { .. })
    }
}

/// The file at `path` read by `parse`.
fn read_with<T>(
    path: &Path,
    parse: impl FnOnce(&[u8]) -> Result<T, WeightsError>,
) -> Result<T, WeightsFileError> {
    let bytes = std::fs::read(path).map_err(FileError::of("reading", path))?;
    parse(&bytes).map_err(|error| WeightsFileError::Format {
        path: path.to_path_buf(),
        error,
    })
}

/// Writes `bytes` to `path` through a temporary file beside it.
fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), WeightsFileError> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes).map_err(FileError::of("writing", &tmp))?;
    std::fs::rename(&tmp, path).map_err(FileError::of("renaming to", path))?;
    Ok(())
}

/// The network in the weights file at `path` (one network: format 1 or 2).
pub fn read_weights(path: &Path) -> Result<Net, WeightsFileError> {
    read_with(path, Net::from_bytes)
}

/// The networks by position class in the weights file at `path`: a bundle (format 3), or one
/// network for every class (formats 1 and 2).
pub fn read_class_nets(path: &Path) -> Result<ClassNets, WeightsFileError> {
    read_with(path, ClassNets::from_bytes)
}

/// Writes `net` to `path` through a temporary file beside it.
pub fn write_weights(path: &Path, net: &Net) -> Result<(), WeightsFileError> {
    write_bytes(path, &net.to_bytes())
}

/// Writes the bundle `nets` to `path` through a temporary file beside it.
pub fn write_class_nets(path: &Path, nets: &ClassNets) -> Result<(), WeightsFileError> {
    write_bytes(path, &nets.to_bytes())
}
