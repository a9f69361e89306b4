//! Storage: SQLite (WAL mode) with versioned migrations. Games, their options and seeds, seat
//! tokens, every command with its time stamp, and results.

use crate::game::{GameKind, GameResult, Side};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The schema, one entry per version; `PRAGMA user_version` records how many have run.
/// Adding a migration is appending a string; never edit one that has shipped.
const MIGRATIONS: &[&str] = &[
    // 1: games and their events.
    "CREATE TABLE games (
        id          TEXT PRIMARY KEY,
        kind        TEXT NOT NULL,
        options     TEXT NOT NULL,   -- JSON: rules, opponent, level, computer seat
        seed        INTEGER NOT NULL,
        white_token TEXT,
        black_token TEXT,
        created_at  INTEGER NOT NULL, -- milliseconds since the Unix epoch
        finished_at INTEGER,
        winner      TEXT,
        points      INTEGER,
        reason      TEXT
    );
    CREATE TABLE events (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq     INTEGER NOT NULL,     -- 0, 1, 2, … in the order applied
        seat    TEXT NOT NULL,
        command TEXT NOT NULL,        -- a move in notation, or :roll / :double / …
        at      INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq)
    );",
];

/// Milliseconds since the Unix epoch.
pub fn now_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// One stored game, as read back at start-up.
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
}

/// One stored command.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    /// The seat that gave it.
    pub seat: Side,
    /// The move, or `:action`.
    pub command: String,
    /// When it was accepted, ms since the epoch.
    pub at: i64,
}

/// The database. One connection; callers serialise access.
pub struct Store {
    connection: Connection,
}

impl Store {
    /// Opens (or creates) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> anyhow::Result<Store> {
        Self::init(Connection::open(path)?)
    }

    /// A private in-memory database (tests).
    pub fn in_memory() -> anyhow::Result<Store> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(connection: Connection) -> anyhow::Result<Store> {
        // WAL: readers never block the writer. synchronous=NORMAL keeps every committed
        // transaction across a process kill (only a power cut may lose the last ones).
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
        let mut store = Store { connection };
        store.migrate()?;
        Ok(store)
    }

    fn migrate(&mut self) -> anyhow::Result<()> {
        let version: usize = self
            .connection
            .pragma_query_value(None, "user_version", |row| row.get(0))?;
        if version > MIGRATIONS.len() {
            anyhow::bail!(
                "the database has schema version {version}, newer than this program's {}",
                MIGRATIONS.len()
            );
        }
        for (index, migration) in MIGRATIONS.iter().enumerate().skip(version) {
            let transaction = self.connection.transaction()?;
            transaction.execute_batch(migration)?;
            transaction.pragma_update(None, "user_version", index + 1)?;
            transaction.commit()?;
        }
        Ok(())
    }

    /// The schema version now in the file.
    pub fn schema_version(&self) -> anyhow::Result<usize> {
        Ok(self
            .connection
            .pragma_query_value(None, "user_version", |row| row.get(0))?)
    }

    /// Records a new game.
    pub fn insert_game(&self, game: &StoredGame) -> anyhow::Result<()> {
        self.connection.execute(
            "INSERT INTO games (id, kind, options, seed, white_token, black_token, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                game.id,
                game.kind.name(),
                game.options,
                // SQLite integers are signed: store the seed's bits.
                game.seed as i64,
                game.tokens[0],
                game.tokens[1],
                game.created_at,
            ],
        )?;
        Ok(())
    }

    /// Appends one command accepted at `at` (ms since the epoch), and the result when it ended
    /// the game, in one transaction.
    pub fn append_event(
        &mut self,
        game_id: &str,
        event: (usize, Side, &str, i64),
        result: Option<&GameResult>,
    ) -> anyhow::Result<()> {
        let (seq, side, command, now) = event;
        let transaction = self.connection.transaction()?;
        transaction.execute(
            "INSERT INTO events (game_id, seq, seat, command, at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![game_id, seq as i64, side.name(), command, now],
        )?;
        if let Some(result) = result {
            transaction.execute(
                "UPDATE games SET finished_at = ?2, winner = ?3, points = ?4, reason = ?5
                 WHERE id = ?1",
                params![
                    game_id,
                    now,
                    result.winner.map(Side::name),
                    result.points,
                    result.reason
                ],
            )?;
        }
        transaction.commit()?;
        Ok(())
    }

    /// Every stored game with its events, oldest first.
    pub fn load_all(&self) -> anyhow::Result<Vec<StoredGame>> {
        let mut statement = self.connection.prepare(
            "SELECT id, kind, options, seed, white_token, black_token, created_at
             FROM games ORDER BY created_at, id",
        )?;
        let rows = statement.query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, i64>(3)?,
                row.get::<_, Option<String>>(4)?,
                row.get::<_, Option<String>>(5)?,
                row.get::<_, i64>(6)?,
            ))
        })?;
        let mut games = Vec::new();
        for row in rows {
            let (id, kind, options, seed, white, black, created_at) = row?;
            let kind = kind.parse().map_err(anyhow::Error::msg)?;
            let events = self.events(&id)?;
            games.push(StoredGame {
                id,
                kind,
                options,
                seed: seed as u64,
                tokens: [white, black],
                created_at,
                events,
            });
        }
        Ok(games)
    }

    fn events(&self, game_id: &str) -> anyhow::Result<Vec<StoredEvent>> {
        let mut statement = self.connection.prepare_cached(
            "SELECT seat, command, at FROM events WHERE game_id = ?1 ORDER BY seq",
        )?;
        let rows = statement.query_map([game_id], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, i64>(2)?,
            ))
        })?;
        let mut events = Vec::new();
        for row in rows {
            let (seat, command, at) = row?;
            events.push(StoredEvent {
                seat: seat.parse().map_err(anyhow::Error::msg)?,
                command,
                at,
            });
        }
        Ok(events)
    }

    /// The stored result of a game, if it has ended.
    pub fn result(&self, game_id: &str) -> anyhow::Result<Option<(Option<String>, i64, String)>> {
        Ok(self
            .connection
            .query_row(
                "SELECT winner, points, reason FROM games WHERE id = ?1 AND finished_at IS NOT NULL",
                [game_id],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .optional()?)
    }
}
