//! The local player file: where it lives, reading it (a missing file is an empty one, a corrupt
//! one is refused and left alone) and writing it atomically (a temporary file beside it, then a
//! rename), so that an interrupted write never loses what was there.

use ludus_practice::{FileError, PlayerFile, export, import};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable that names the player file (tests, several players on one account).
pub const PLAYER_FILE_ENV: &str = "LUDUS_PLAYER_FILE";
/// The file's name in the data directory.
const FILE_NAME: &str = "player.json";
/// The folder of Ludus in the user's data directory.
const APP_DIR: &str = "ludus";

/// Why the player file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file exists but could not be read.
    #[error("cannot read the player file {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a player file this program reads; it is left as it is.
    #[error("{} is not a usable player file (left unchanged): {source}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Why.
        source: FileError,
    },
    /// Writing the file (or its temporary copy) failed; the old file is unchanged.
    #[error("cannot write the player file {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// No place for the file: neither the variable nor a data or home directory is set.
    #[error("no player file: set {PLAYER_FILE_ENV}, XDG_DATA_HOME or HOME, or pass --player-file")]
    NoPlace,
}

/// The player file at a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerStore {
    path: PathBuf,
}

impl PlayerStore {
    /// The store at `path`.
    pub fn new(path: impl Into<PathBuf>) -> PlayerStore {
        PlayerStore { path: path.into() }
    }

    /// The store at `path` when given, else at the default place from the environment
    /// ([`default_path`]).
    pub fn locate(
        path: Option<PathBuf>,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<PlayerStore, StoreError> {
        path.or_else(|| default_path(lookup))
            .map(PlayerStore::new)
            .ok_or(StoreError::NoPlace)
    }

    /// Where the file is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads the file; a missing file is an empty player file.
    pub fn load(&self) -> Result<PlayerFile, StoreError> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                return Ok(PlayerFile::default());
            }
            Err(source) => {
                return Err(StoreError::Read {
                    path: self.path.clone(),
                    source,
                });
            }
        };
        import(&text).map_err(|source| StoreError::Corrupt {
            path: self.path.clone(),
            source,
        })
    }

    /// Writes `file`: to a temporary file in the same folder (made if missing), flushed to disk,
    /// then renamed over the old one.
    pub fn save(&self, file: &PlayerFile) -> Result<(), StoreError> {
        let error = |source| StoreError::Write {
            path: self.path.clone(),
            source,
        };
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(error)?;
        }
        let temporary = self.temporary_path();
        let written = write_synced(&temporary, export(file).as_bytes())
            .and_then(|()| std::fs::rename(&temporary, &self.path));
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written.map_err(error)
    }

    /// Reads the file, lets `change` change it and writes it back; nothing is written when it
    /// could not be read.
    pub fn update<T>(&self, change: impl FnOnce(&mut PlayerFile) -> T) -> Result<T, StoreError> {
        let mut file = self.load()?;
        let result = change(&mut file);
        self.save(&file)?;
        Ok(result)
    }

    /// The temporary file beside the player file (one per process, so two programs writing at
    /// once never share one).
    fn temporary_path(&self) -> PathBuf {
        let name = self
            .path
            .file_name()
            .map_or_else(|| FILE_NAME.into(), |n| n.to_string_lossy().into_owned());
        self.path
            .with_file_name(format!(".{name}.{}.tmp", std::process::id()))
    }
}

/// The default player file: `$LUDUS_PLAYER_FILE`, else `$XDG_DATA_HOME/ludus/player.json`, else
/// `$HOME/.local/share/ludus/player.json`; `lookup` reads the environment.
pub fn default_path(lookup: impl Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let set = |name: &str| lookup(name).filter(|v| !v.is_empty());
    if let Some(path) = set(PLAYER_FILE_ENV) {
        return Some(PathBuf::from(path));
    }
    let data = set("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| set("HOME").map(|home| Path::new(&home).join(".local/share")))?;
    Some(data.join(APP_DIR).join(FILE_NAME))
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_practice::{Decision, GameKind, GameRecord, Question, ReviewedDecision};

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ludus-store-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn sample() -> PlayerFile {
        let mut file = PlayerFile::default();
        let mistake = ReviewedDecision {
            game: GameKind::Backgammon,
            position: "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10".into(),
            question: Question::CheckerPlay { dice: [3, 1] },
            played: "24/21".into(),
            best: "8/5 6/5".into(),
            cost: Decision::EquityLoss { equity: 0.2 },
            ply: 2,
        };
        let game = GameRecord::Morris {
            day: 9,
            value_changes: 1,
        };
        file.add_review(&[mistake], [game], 9);
        file
    }

    #[test]
    fn a_saved_file_reads_back_and_a_missing_one_is_empty() {
        let dir = temp_dir("round-trip");
        let store = PlayerStore::new(dir.join("sub/player.json"));
        assert_eq!(store.load().unwrap(), PlayerFile::default());
        store.save(&sample()).unwrap();
        assert_eq!(store.load().unwrap(), sample());
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(dir.join("sub")).unwrap().collect();
        assert_eq!(names.len(), 1);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_corrupt_file_is_refused_and_left_unchanged() {
        let dir = temp_dir("corrupt");
        let path = dir.join("player.json");
        std::fs::write(&path, "{ \"format\": 1, \"threshold\": ").unwrap();
        let store = PlayerStore::new(&path);
        let error = store.load().unwrap_err();
        assert!(matches!(error, StoreError::Corrupt { .. }), "{error}");
        assert!(!error.to_string().contains('\n'), "one line: {error}");
        // An update refuses too, and does not overwrite the file.
        assert!(store.update(|f| f.games.clear()).is_err());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{ \"format\": 1, \"threshold\": "
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = temp_dir("atomic");
        let store = PlayerStore::new(dir.join("player.json"));
        store.save(&sample()).unwrap();
        // The temporary file's place is taken by a folder: writing fails before the rename.
        std::fs::create_dir(store.temporary_path()).unwrap();
        let error = store.save(&PlayerFile::default()).unwrap_err();
        assert!(matches!(error, StoreError::Write { .. }), "{error}");
        assert_eq!(store.load().unwrap(), sample());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_default_place_follows_the_environment() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            default_path(env(&[("LUDUS_PLAYER_FILE", "/t/p.json"), ("HOME", "/h")])),
            Some(PathBuf::from("/t/p.json"))
        );
        assert_eq!(
            default_path(env(&[("XDG_DATA_HOME", "/d"), ("HOME", "/h")])),
            Some(PathBuf::from("/d/ludus/player.json"))
        );
        assert_eq!(
            default_path(env(&[("HOME", "/h")])),
            Some(PathBuf::from("/h/.local/share/ludus/player.json"))
        );
        assert_eq!(default_path(env(&[])), None);
        assert!(matches!(
            PlayerStore::locate(None, env(&[])),
            Err(StoreError::NoPlace)
        ));
    }
}
