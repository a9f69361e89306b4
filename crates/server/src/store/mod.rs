//! Storage: every game and every command, in SQLite (one process; the default) or PostgreSQL
//! (any number of server processes sharing the games).
//!
//! Both backends have the same schema ([`migrations`]) and the same operations ([`Store`]). Each
//! command is appended in one transaction that also checks and advances the game's `version`, so
//! two processes can never both store a command for the same version of a game
//! ([`AppendError::Conflict`]). The game's row also keeps what the list of games and the
//! computer's turns need (whose turn, the result), so that nothing is replayed to list games.

pub mod migrations;
pub mod postgres;
pub mod sqlite;

use crate::games::UnknownName;
use crate::games::{GameKind, GameResult, Side};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The PostgreSQL channel on which every append is announced as `game_id:version`.
pub const NOTIFY_CHANNEL: &str = "ludus_games";

/// The size of `/healthz`'s write probe: a few pages, so that it needs room in the file.
pub const PROBE_BYTES: usize = 8192;

/// Milliseconds since the Unix epoch.
pub fn now_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// One stored game, as loaded to be replayed.
#[derive(Debug, Clone)]
pub struct StoredGame {
    /// The game id.
    pub id: String,
    /// Morris or Backgammon.
    pub kind: GameKind,
    /// Options as JSON (see [`crate::sessions::GameOptions`]).
    pub options: String,
    /// The dice seed.
    pub seed: u64,
    /// The seat tokens (none for a computer seat).
    pub tokens: [Option<String>; 2],
    /// Creation time, ms since the epoch.
    pub created_at: i64,
    /// Every command in order.
    pub events: Vec<StoredEvent>,
    /// Whether the game's one-time invitation is still unclaimed (read back; a new game's
    /// invitation is stored from [`Insert::invite`]).
    pub invitation_open: bool,
}

/// One stored command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredEvent {
    /// The seat that gave it.
    pub seat: Side,
    /// The move, or `:action`.
    pub command: String,
    /// When it was accepted, ms since the epoch.
    pub at: i64,
}

/// What a game's row says about it without a replay, written with every command.
#[derive(Debug, Clone, PartialEq)]
pub struct GameStatus {
    /// How many commands have been stored.
    pub version: usize,
    /// The seat that must act, `None` once the game is over.
    pub to_act: Option<Side>,
    /// Whether the seat to act is the computer's.
    pub computer_to_act: bool,
    /// The result, once the game is over.
    pub result: Option<GameResult>,
}

/// The statement that records a new game ([`Insert`]), in both databases' syntax: PostgreSQL's
/// `$N` parameters, which SQLite reads as named parameters numbered in their order of first
/// appearance, so that both bind the same twelve values in the same order (`$7`, the creation
/// time, is also the first `updated_at`).
const INSERT_GAME: &str = "INSERT INTO games (id, kind, options, seed, white_token, black_token,
     created_at, version, to_act, computer_to_act, updated_at, creator, invite)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $7, $11, $12)";

/// A new game to store: its row (no events yet), its status, and who created it.
#[derive(Debug, Clone, Copy)]
pub struct Insert<'a> {
    /// The game.
    pub game: &'a StoredGame,
    /// Its status before any command.
    pub status: &'a GameStatus,
    /// The client that created it (its address, which bounds the live games per client), if
    /// known.
    pub creator: Option<&'a str>,
    /// The one-time code that opens the friend's seat (games between people).
    pub invite: Option<&'a str>,
}

/// One command to store: the event number `seq` (the game's version before it) and the game's
/// status after it.
#[derive(Debug, Clone)]
pub struct Append<'a> {
    /// The game.
    pub game_id: &'a str,
    /// The seat that gave the command.
    pub seat: Side,
    /// The command as stored (a move, or `:action`).
    pub command: &'a str,
    /// When it was accepted, ms since the epoch.
    pub at: i64,
    /// The game after the command; `status.version - 1` is the version it must be stored at.
    pub status: &'a GameStatus,
}

impl Append<'_> {
    /// The version the game must have in the database for this command to be stored.
    pub fn expected_version(&self) -> usize {
        self.status.version.saturating_sub(1)
    }
}

/// A line of the list of games, read from the games table alone.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    /// The game id.
    pub id: String,
    /// Morris or Backgammon.
    pub kind: GameKind,
    /// Options as JSON.
    pub options: String,
    /// How many commands have been stored.
    pub version: usize,
    /// Creation time, ms since the epoch.
    pub created_at: i64,
    /// The result, once the game is over.
    pub result: Option<GameResult>,
}

/// Why a command was not stored.
#[derive(Debug, thiserror::Error)]
pub enum AppendError {
    /// Another command was stored at this version first (by another process, or by this one on
    /// an out-of-date copy of the game). Nothing was written.
    #[error("game {0} has moved on: another command was stored first")]
    Conflict(String),
    /// The database failed.
    #[error(transparent)]
    Failed(#[from] StoreError),
}

/// Why the database failed. The driver's error is kept as the source.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed or refused a statement.
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL failed or refused a statement, or the connection was lost.
    #[error(transparent)]
    Postgres(#[from] tokio_postgres::Error),
    /// The pool gave no PostgreSQL connection in time.
    #[error("no PostgreSQL connection")]
    NoConnection(#[from] deadpool_postgres::PoolError),
    /// The PostgreSQL connection pool could not be built.
    #[error("cannot build the PostgreSQL connection pool")]
    Pool(#[from] deadpool_postgres::BuildError),
    /// A PostgreSQL URL that does not read.
    #[error("cannot read the PostgreSQL URL `{url}`")]
    Url {
        /// The URL, its password hidden.
        url: String,
        /// Why it does not read.
        #[source]
        source: tokio_postgres::Error,
    },
    /// A PostgreSQL database that could not be opened (reached and brought up to date).
    #[error("cannot open the PostgreSQL database `{url}`")]
    Open {
        /// The URL, its password hidden.
        url: String,
        /// Why.
        #[source]
        source: Box<StoreError>,
    },
    /// The database was written by a newer program: its schema is beyond this program's.
    #[error("the database has schema version {found}, newer than this program's {latest}")]
    NewerSchema {
        /// The schema version in the database.
        found: usize,
        /// The newest schema version this program knows.
        latest: usize,
    },
    /// A stored value that does not read (a seat or a game kind this program does not know).
    #[error("a corrupt record in the database")]
    Corrupt(#[from] UnknownName),
}

/// Which database a [`Store`] uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An SQLite file (or memory), for one process.
    Sqlite,
    /// A PostgreSQL database, for any number of processes.
    Postgres,
}

impl Backend {
    /// The lowercase name (`sqlite`, `postgres`).
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// The database: SQLite or PostgreSQL behind the same operations.
pub enum Store {
    /// SQLite (`--db PATH`).
    Sqlite(sqlite::SqliteStore),
    /// PostgreSQL (`--db postgres://…`).
    Postgres(postgres::PostgresStore),
}

/// Whether `db` names a PostgreSQL database (`postgres://…` or `postgresql://…`) rather than an
/// SQLite file.
pub fn is_postgres_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

impl Store {
    /// Opens `db`: a `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` URL, or else the path of
    /// an SQLite file (created if missing). Brings the schema up to date.
    pub async fn connect(db: &str, pool_size: usize) -> Result<Store, StoreError> {
        if is_postgres_url(db) {
            Ok(Store::Postgres(
                postgres::PostgresStore::connect(db, pool_size).await?,
            ))
        } else {
            Store::open(Path::new(db))
        }
    }

    /// Opens (or creates) an SQLite file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Ok(Store::Sqlite(sqlite::SqliteStore::open(path)?))
    }

    /// A private in-memory SQLite database (tests).
    pub fn in_memory() -> Result<Store, StoreError> {
        Ok(Store::Sqlite(sqlite::SqliteStore::in_memory()?))
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        match self {
            Store::Sqlite(_) => Backend::Sqlite,
            Store::Postgres(_) => Backend::Postgres,
        }
    }

    /// Whether other server processes may share this database (and so change its games).
    pub fn is_shared(&self) -> bool {
        self.backend() == Backend::Postgres
    }

    /// The schema version now in the database.
    pub async fn schema_version(&self) -> Result<usize, StoreError> {
        match self {
            Store::Sqlite(store) => store.schema_version(),
            Store::Postgres(store) => store.schema_version().await,
        }
    }

    /// Checks that the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(store) => store.ping(),
            Store::Postgres(store) => store.ping().await,
        }
    }

    /// Checks that the database can write: stores a row of [`PROBE_BYTES`] bytes and deletes it
    /// again (two small transactions), so a full disk or a read-only database fails it.
    pub async fn probe_write(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(store) => store.probe_write(),
            Store::Postgres(store) => store.probe_write().await,
        }
    }

    /// Claims the invitation `code` of game `id` once: whether it was there (it is gone now).
    pub async fn claim_invite(&self, id: &str, code: &str) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(store) => store.claim_invite(id, code),
            Store::Postgres(store) => store.claim_invite(id, code).await,
        }
    }

    /// A practising player's file (JSON) and its version, or `None` for an unknown key.
    pub async fn practice_file(&self, key: &str) -> Result<Option<(String, i64)>, StoreError> {
        match self {
            Store::Sqlite(store) => store.practice_file(key),
            Store::Postgres(store) => store.practice_file(key).await,
        }
    }

    /// Stores a practising player's file as version `version`: a new player's when `version`
    /// is 1, else only if the stored one is still at `version - 1`. Whether it was stored (false:
    /// the key exists already, or another write came first).
    pub async fn store_practice_file(
        &self,
        key: &str,
        document: &str,
        version: i64,
    ) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(store) => store.store_practice_file(key, document, version),
            Store::Postgres(store) => store.store_practice_file(key, document, version).await,
        }
    }

    /// Records a new game (no events yet).
    pub async fn insert_game(&self, insert: &Insert<'_>) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(store) => store.insert_game(insert),
            Store::Postgres(store) => store.insert_game(insert).await,
        }
    }

    /// Stores one command and the game's new status in one transaction, provided the game is
    /// still at [`Append::expected_version`]; PostgreSQL then announces it on
    /// [`NOTIFY_CHANNEL`] once that transaction has committed.
    pub async fn append(&self, append: &Append<'_>) -> Result<(), AppendError> {
        match self {
            Store::Sqlite(store) => store.append(append),
            Store::Postgres(store) => store.append(append).await,
        }
    }

    /// A game with all its events, or `None` if there is no such game. The flag says whether
    /// the row's status columns are known (false for games stored before migration 2).
    pub async fn load_game(&self, id: &str) -> Result<Option<(StoredGame, bool)>, StoreError> {
        match self {
            Store::Sqlite(store) => store.load_game(id),
            Store::Postgres(store) => store.load_game(id).await,
        }
    }

    /// The events of a game from number `from` on, in order.
    pub async fn events_since(
        &self,
        id: &str,
        from: usize,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        match self {
            Store::Sqlite(store) => store.events_since(id, from),
            Store::Postgres(store) => store.events_since(id, from).await,
        }
    }

    /// The stored version of a game, `None` if there is no such game.
    pub async fn version(&self, id: &str) -> Result<Option<usize>, StoreError> {
        match self {
            Store::Sqlite(store) => store.version(id),
            Store::Postgres(store) => store.version(id).await,
        }
    }

    /// Writes a game's status columns where they were unknown, if it is still at `status.version`.
    pub async fn fill_status(&self, id: &str, status: &GameStatus) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(store) => store.fill_status(id, status),
            Store::Postgres(store) => store.fill_status(id, status).await,
        }
    }

    /// The newest games, newest first, at most `limit`.
    pub async fn recent(&self, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        match self {
            Store::Sqlite(store) => store.recent(limit),
            Store::Postgres(store) => store.recent(limit).await,
        }
    }

    /// The newest of the games `ids`, newest first, at most `limit` (unknown ids are left out).
    pub async fn recent_of(
        &self,
        ids: &[String],
        limit: usize,
    ) -> Result<Vec<GameRow>, StoreError> {
        match self {
            Store::Sqlite(store) => store.recent_of(ids, limit),
            Store::Postgres(store) => store.recent_of(ids, limit).await,
        }
    }

    /// Unfinished games where the computer is (or may be) to act and nothing was stored since
    /// `before` (ms since the epoch): turns that no process is known to be playing. Oldest games
    /// first, at most `limit`.
    pub async fn waiting_for_computer(
        &self,
        before: i64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(store) => store.waiting_for_computer(before, limit),
            Store::Postgres(store) => store.waiting_for_computer(before, limit).await,
        }
    }

    /// How many unfinished games `creator` created at or after `since`.
    pub async fn live_games_of(&self, creator: &str, since: i64) -> Result<usize, StoreError> {
        match self {
            Store::Sqlite(store) => store.live_games_of(creator, since),
            Store::Postgres(store) => store.live_games_of(creator, since).await,
        }
    }
}

/// The text of a seat (`white`, `black`) or of no seat.
fn side_name(side: Option<Side>) -> Option<&'static str> {
    side.map(Side::name)
}

/// Reads a stored seat name.
fn parse_side(text: &str) -> Result<Side, StoreError> {
    Ok(text.parse()?)
}

/// Reads a stored game kind.
fn parse_kind(text: &str) -> Result<GameKind, StoreError> {
    Ok(text.parse()?)
}

/// The result columns of a row (winner, points, reason), when `finished`.
fn result_of(
    finished: bool,
    winner: Option<String>,
    points: Option<i64>,
    reason: Option<String>,
) -> Result<Option<GameResult>, StoreError> {
    if !finished {
        return Ok(None);
    }
    Ok(Some(GameResult {
        winner: winner.as_deref().map(parse_side).transpose()?,
        points: u32::try_from(points.unwrap_or(0)).unwrap_or(0),
        reason: reason.unwrap_or_default(),
    }))
}

/// A count or version read as a database integer.
fn to_usize(value: i64) -> usize {
    usize::try_from(value).unwrap_or(0)
}

/// A count or version written as a database integer.
fn to_i64(value: usize) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}
