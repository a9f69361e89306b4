//! SQLite (WAL mode) through rusqlite: one connection behind a mutex, for one server process.
//! Each operation is short (no fsync at commit in WAL mode with `synchronous=NORMAL`), so it runs
//! on the calling task.

use super::migrations::{LATEST, MIGRATIONS};
use super::{
    Append, AppendError, GameRow, GameStatus, Insert, StoreError, StoredEvent, StoredGame,
    parse_kind, parse_side, result_of, side_name, to_i64, to_usize,
};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::{Mutex, MutexGuard};

/// An SQLite database.
pub struct SqliteStore {
    connection: Mutex<Connection>,
}

impl SqliteStore {
    /// Opens (or creates) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        Self::init(Connection::open(path)?)
    }

    /// A private in-memory database (tests).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(mut connection: Connection) -> Result<SqliteStore, StoreError> {
        // WAL: readers never block the writer. synchronous=NORMAL keeps every committed
        // transaction across a process kill (only a power cut may lose the last ones).
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        connection.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&mut connection)?;
        Ok(SqliteStore {
            connection: Mutex::new(connection),
        })
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        self.connection
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The schema version now in the file.
    pub fn schema_version(&self) -> Result<usize, StoreError> {
        Ok(self
            .connection()
            .pragma_query_value(None, "user_version", |row| row.get(0))?)
    }

    /// Checks that the file answers a query.
    pub fn ping(&self) -> Result<(), StoreError> {
        self.connection()
            .query_row("SELECT 1", [], |row| row.get::<_, i64>(0))?;
        Ok(())
    }

    /// Records a new game.
    pub fn insert_game(&self, insert: &Insert<'_>) -> Result<(), StoreError> {
        let (game, status) = (insert.game, insert.status);
        self.connection().execute(
            super::INSERT_GAME,
            params![
                game.id,
                game.kind.name(),
                game.options,
                // SQLite integers are signed: store the seed's bits.
                game.seed as i64,
                game.tokens[0],
                game.tokens[1],
                game.created_at,
                to_i64(status.version),
                side_name(status.to_act),
                i64::from(status.computer_to_act),
                insert.creator,
                insert.invite,
            ],
        )?;
        Ok(())
    }

    /// Writes a probe row of [`super::PROBE_BYTES`] and deletes it (see `Store::probe_write`).
    pub fn probe_write(&self) -> Result<(), StoreError> {
        let connection = self.connection();
        connection.execute(
            "INSERT OR REPLACE INTO health_probe (id, data) VALUES (1, zeroblob(?1))",
            params![to_i64(super::PROBE_BYTES)],
        )?;
        connection.execute("DELETE FROM health_probe", [])?;
        Ok(())
    }

    /// A practising player's file and version (see `Store::practice_file`).
    pub fn practice_file(&self, key: &str) -> Result<Option<(String, i64)>, StoreError> {
        let connection = self.connection();
        let found = connection
            .query_row(
                "SELECT document, version FROM practice_players WHERE player_key = ?1",
                params![key],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()?;
        Ok(found)
    }

    /// Stores a practising player's file (see `Store::store_practice_file`).
    pub fn store_practice_file(
        &self,
        key: &str,
        document: &str,
        version: i64,
    ) -> Result<bool, StoreError> {
        let connection = self.connection();
        let now = super::now_millis();
        let stored = if version == 1 {
            connection.execute(
                "INSERT INTO practice_players (player_key, document, version, updated_at)
                 VALUES (?1, ?2, 1, ?3) ON CONFLICT (player_key) DO NOTHING",
                params![key, document, now],
            )?
        } else {
            connection.execute(
                "UPDATE practice_players SET document = ?2, version = ?3, updated_at = ?4
                 WHERE player_key = ?1 AND version = ?3 - 1",
                params![key, document, version, now],
            )?
        };
        Ok(stored == 1)
    }

    /// Claims a game's invitation code once (see `Store::claim_invite`).
    pub fn claim_invite(&self, id: &str, code: &str) -> Result<bool, StoreError> {
        let claimed = self.connection().execute(
            "UPDATE games SET invite = NULL WHERE id = ?1 AND invite = ?2",
            params![id, code],
        )?;
        Ok(claimed == 1)
    }

    /// Lets the file grow by at most `pages` pages more (SQLite's `max_page_count`, for this
    /// connection): writes beyond it fail as on a full disk (tests of the write probe).
    pub fn limit_growth(&self, pages: u64) -> Result<(), StoreError> {
        let connection = self.connection();
        let now: i64 = connection.pragma_query_value(None, "page_count", |row| row.get(0))?;
        let most = now.saturating_add(i64::try_from(pages).unwrap_or(i64::MAX));
        connection.pragma_update(None, "max_page_count", most)?;
        Ok(())
    }

    /// Stores one command if the game is still at the expected version.
    pub fn append(&self, append: &Append<'_>) -> Result<(), AppendError> {
        let mut connection = self.connection();
        let transaction = connection.transaction().map_err(StoreError::from)?;
        let status = append.status;
        let result = status.result.as_ref();
        let moved = transaction
            .execute(
                "UPDATE games SET version = ?3, to_act = ?4, computer_to_act = ?5, updated_at = ?6,
                     finished_at = ?7, winner = ?8, points = ?9, reason = ?10
                 WHERE id = ?1 AND version = ?2",
                params![
                    append.game_id,
                    to_i64(append.expected_version()),
                    to_i64(status.version),
                    side_name(status.to_act),
                    i64::from(status.computer_to_act),
                    append.at,
                    result.map(|_| append.at),
                    result.and_then(|result| side_name(result.winner)),
                    result.map(|result| i64::from(result.points)),
                    result.map(|result| result.reason.as_str()),
                ],
            )
            .map_err(StoreError::from)?;
        if moved == 0 {
            return Err(AppendError::Conflict(append.game_id.to_string()));
        }
        transaction
            .execute(
                "INSERT INTO events (game_id, seq, seat, command, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    append.game_id,
                    to_i64(append.expected_version()),
                    append.seat.name(),
                    append.command,
                    append.at
                ],
            )
            .map_err(StoreError::from)?;
        transaction.commit().map_err(StoreError::from)?;
        Ok(())
    }

    /// A game with all its events.
    pub fn load_game(&self, id: &str) -> Result<Option<(StoredGame, bool)>, StoreError> {
        let row = self
            .connection()
            .query_row(
                "SELECT id, kind, options, seed, white_token, black_token, created_at,
                     computer_to_act IS NOT NULL, invite IS NOT NULL
                 FROM games WHERE id = ?1",
                [id],
                |row| {
                    Ok((
                        row.get::<_, String>(0)?,
                        row.get::<_, String>(1)?,
                        row.get::<_, String>(2)?,
                        row.get::<_, i64>(3)?,
                        row.get::<_, Option<String>>(4)?,
                        row.get::<_, Option<String>>(5)?,
                        row.get::<_, i64>(6)?,
                        row.get::<_, bool>(7)?,
                        row.get::<_, bool>(8)?,
                    ))
                },
            )
            .optional()?;
        let Some((id, kind, options, seed, white, black, created_at, known, invitation_open)) = row
        else {
            return Ok(None);
        };
        let events = self.events_since(&id, 0)?;
        Ok(Some((
            StoredGame {
                kind: parse_kind(&kind)?,
                id,
                options,
                seed: seed as u64,
                tokens: [white, black],
                created_at,
                events,
                invitation_open,
            },
            known,
        )))
    }

    /// The events of a game from number `from` on.
    pub fn events_since(&self, id: &str, from: usize) -> Result<Vec<StoredEvent>, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare_cached(
            "SELECT seat, command, at FROM events WHERE game_id = ?1 AND seq >= ?2 ORDER BY seq",
        )?;
        let rows = statement.query_map(params![id, to_i64(from)], |row| {
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
                seat: parse_side(&seat)?,
                command,
                at,
            });
        }
        Ok(events)
    }

    /// The stored version of a game.
    pub fn version(&self, id: &str) -> Result<Option<usize>, StoreError> {
        Ok(self
            .connection()
            .query_row("SELECT version FROM games WHERE id = ?1", [id], |row| {
                row.get::<_, i64>(0)
            })
            .optional()?
            .map(to_usize))
    }

    /// Fills unknown status columns.
    pub fn fill_status(&self, id: &str, status: &GameStatus) -> Result<(), StoreError> {
        self.connection().execute(
            "UPDATE games SET to_act = ?3, computer_to_act = ?4
             WHERE id = ?1 AND version = ?2 AND computer_to_act IS NULL",
            params![
                id,
                to_i64(status.version),
                side_name(status.to_act),
                i64::from(status.computer_to_act)
            ],
        )?;
        Ok(())
    }

    /// The newest games.
    pub fn recent(&self, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        self.listed(None, limit)
    }

    /// The newest of the games `ids`.
    pub fn recent_of(&self, ids: &[String], limit: usize) -> Result<Vec<GameRow>, StoreError> {
        self.listed(Some(ids), limit)
    }

    /// The newest games, of `ids` only when given (passed as a JSON array to `json_each`).
    fn listed(&self, ids: Option<&[String]>, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        let ids = ids.map(|ids| serde_json::Value::from(ids.to_vec()).to_string());
        let connection = self.connection();
        let mut statement = connection.prepare_cached(
            "SELECT id, kind, options, version, created_at, finished_at IS NOT NULL,
                 winner, points, reason
             FROM games WHERE ?2 IS NULL OR id IN (SELECT value FROM json_each(?2))
             ORDER BY created_at DESC, id DESC LIMIT ?1",
        )?;
        let rows = statement.query_map(rusqlite::params![to_i64(limit), ids], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, i64>(3)?,
                row.get::<_, i64>(4)?,
                row.get::<_, bool>(5)?,
                row.get::<_, Option<String>>(6)?,
                row.get::<_, Option<i64>>(7)?,
                row.get::<_, Option<String>>(8)?,
            ))
        })?;
        let mut games = Vec::new();
        for row in rows {
            let (id, kind, options, version, created_at, finished, winner, points, reason) = row?;
            games.push(GameRow {
                id,
                kind: parse_kind(&kind)?,
                options,
                version: to_usize(version),
                created_at,
                result: result_of(finished, winner, points, reason)?,
            });
        }
        Ok(games)
    }

    /// Computer turns nobody is known to play.
    pub fn waiting_for_computer(
        &self,
        before: i64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare_cached(
            "SELECT id FROM games
             WHERE finished_at IS NULL AND (computer_to_act IS NULL OR computer_to_act = 1)
                 AND updated_at < ?1
             ORDER BY created_at LIMIT ?2",
        )?;
        let ids = statement
            .query_map(params![before, to_i64(limit)], |row| row.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }

    /// Live games of one creator.
    pub fn live_games_of(&self, creator: &str, since: i64) -> Result<usize, StoreError> {
        let count: i64 = self.connection().query_row(
            "SELECT COUNT(*) FROM games
             WHERE creator = ?1 AND finished_at IS NULL AND created_at >= ?2",
            params![creator, since],
            |row| row.get(0),
        )?;
        Ok(to_usize(count))
    }
}

/// Applies the migrations the file lacks, each in its own transaction with the new version.
fn migrate(connection: &mut Connection) -> Result<(), StoreError> {
    let version: usize = connection.pragma_query_value(None, "user_version", |row| row.get(0))?;
    if version > LATEST {
        return Err(StoreError::NewerSchema {
            found: version,
            latest: LATEST,
        });
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(version) {
        let transaction = connection.transaction()?;
        transaction.execute_batch(migration.sqlite)?;
        transaction.pragma_update(None, "user_version", index + 1)?;
        transaction.commit()?;
    }
    Ok(())
}
