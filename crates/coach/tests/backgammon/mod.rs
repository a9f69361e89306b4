//! Backgammon training and measuring. Index:
//! * `duels`: players, determinism, strength, parallel duels, failing players, cube counts;
//! * `gnubg_cube`: gnubg's doubles, takes and passes over the line protocol;
//! * `label_data`: the committed label chunks match their manifest;
//! * `labelling`: label files are the same for any threads and resume exactly;
//! * `referee_rollouts`: the committed rollouts of cube positions by gnubg and by Ludus match
//!   their manifest;
//! * `training`: self-play training resumes exactly;
//! * `pinned`: duels and training at fixed seeds, line by line against
//!   `tests/data/backgammon-pinned.txt`.

mod duels;
mod gnubg_cube;
mod label_data;
mod labelling;
mod pinned;
mod referee_rollouts;
mod training;

use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::path::Path;

/// The names of the files in `dir` whose names end with `suffix`.
pub(crate) fn files_ending(dir: &Path, suffix: &str) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .expect("a data folder")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(suffix))
        .collect()
}

/// The rows of a committed data folder's `manifest.tsv` (its first line `header`), each split at
/// tabs into as many fields as the header has.
pub(crate) fn manifest_rows(dir: &Path, header: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(dir.join("manifest.tsv")).expect("manifest.tsv");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(header));
    let width = header.split('\t').count();
    lines
        .map(|line| {
            let fields: Vec<String> = line.split('\t').map(str::to_owned).collect();
            assert_eq!(fields.len(), width, "manifest line {line:?}");
            fields
        })
        .collect()
}

/// The lowercase hex sha256 of `bytes`.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
