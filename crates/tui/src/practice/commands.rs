//! What `ludus practice add | export | import | threshold | progress` do with the player file;
//! the binary only parses and prints.

use super::log::ReviewLog;
use super::store::{PlayerStore, StoreError};
use crate::record::{BgRecord, MorrisPlayer, MorrisRecord};
use ludus_morris::Color;
use ludus_morris_engine::db::Databases;
use ludus_morris_engine::review::{ReviewOptions, review_game};
use ludus_practice::{Day, FileError, Threshold, import};
use std::path::Path;

/// Why a practice command failed.
#[derive(Debug, thiserror::Error)]
pub enum PracticeError {
    /// The player file (or the exported copy) could not be read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A file to read could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A file to import is no player file; nothing was changed.
    #[error("{} is not a player file (nothing imported): {source}", path.display())]
    NotPlayerFile {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: FileError,
    },
    /// A game record that neither game reads, or that cannot be reviewed.
    #[error("{}: {reason}", path.display())]
    BadRecord {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        reason: String,
    },
    /// A threshold that is negative or not a number.
    #[error("a threshold must be a number of millipoints ≥ 0, got {0}")]
    BadThreshold(f64),
}

/// Reviews the saved game `record` (a backgammon `.mat`, or a Morris game record) and adds the
/// decisions of `side` (`Some(true)`: White / player 0; default: the person of a Ludus record,
/// else White) to the player file; the number of new exercises.
pub fn add_record(
    store: &PlayerStore,
    record: &Path,
    side: Option<bool>,
    today: Day,
) -> Result<usize, PracticeError> {
    let text = std::fs::read_to_string(record).map_err(|source| PracticeError::Read {
        path: record.to_path_buf(),
        source,
    })?;
    let bad = |reason: String| PracticeError::BadRecord {
        path: record.to_path_buf(),
        reason,
    };
    let mut log = ReviewLog::new(store.clone(), today);
    if let Ok(bg) = text.parse::<BgRecord>() {
        let player = match side {
            Some(white) => usize::from(!white),
            None => bg.settings.human.index(),
        };
        let review = crate::analysis::review(&bg.record);
        return Ok(log.add_backgammon(&review, player)?);
    }
    let morris: MorrisRecord = text.parse().map_err(|e| bad(format!("{e}")))?;
    let white = side.unwrap_or(!matches!(
        morris.players,
        [MorrisPlayer::Computer(_), MorrisPlayer::Human]
    ));
    let databases = Databases::open_default();
    let options = ReviewOptions {
        databases: Some(&databases),
        ..ReviewOptions::default()
    };
    let game = &morris.game;
    let review = review_game(game.rules(), game.start_position(), game.moves(), &options)
        .map_err(|e| bad(e.to_string()))?;
    let side = if white { Color::White } else { Color::Black };
    Ok(log.add_morris(&review, game.positions(), game.moves(), side)?)
}

/// Writes a copy of the player file to `to` (atomically, as the file itself is written).
pub fn export_to(store: &PlayerStore, to: &Path) -> Result<(), PracticeError> {
    let file = store.load()?;
    PlayerStore::new(to).save(&file)?;
    Ok(())
}

/// Merges the player file at `from` (another machine's) into this one after checking it
/// (`PlayerFile::merge`: importing it twice changes nothing); a file that is not a player file
/// changes nothing.
pub fn import_from(store: &PlayerStore, from: &Path) -> Result<(), PracticeError> {
    let text = std::fs::read_to_string(from).map_err(|source| PracticeError::Read {
        path: from.to_path_buf(),
        source,
    })?;
    let file = import(&text).map_err(|source| PracticeError::NotPlayerFile {
        path: from.to_path_buf(),
        source,
    })?;
    let mut merged = store.load()?;
    merged.merge(file);
    store.save(&merged)?;
    Ok(())
}

/// Sets the thresholds (in millipoints) that make backgammon decisions exercises.
pub fn set_threshold(
    store: &PlayerStore,
    checker_mp: f64,
    cube_mp: f64,
) -> Result<Threshold, PracticeError> {
    if let Some(bad) = [checker_mp, cube_mp]
        .into_iter()
        .find(|x| !x.is_finite() || *x < 0.0)
    {
        return Err(PracticeError::BadThreshold(bad));
    }
    let threshold = Threshold {
        checker: checker_mp / 1000.0,
        cube: cube_mp / 1000.0,
    };
    store.update(|file| file.threshold = threshold)?;
    Ok(threshold)
}
