//! PostgreSQL through tokio-postgres and a deadpool connection pool, for any number of server
//! processes sharing the games.
//!
//! A command is stored by one statement (one round trip, its own transaction): it advances the
//! game's row only if the row is still at the expected version and appends the event only if the
//! row moved. Once that has committed, a second statement announces `game_id:version` on
//! [`NOTIFY_CHANNEL`]; PostgreSQL delivers the notification to every listening process.
//!
//! Why two statements: PostgreSQL serialises the commits of all transactions that notify (a
//! database-wide lock held through the commit, including its WAL flush), so a notification in the
//! storing transaction would allow one durable commit per disk flush across every process (about
//! 230 moves a second on the development machine's disk, queueing moves for a second). The
//! storing transaction keeps the durable default (`synchronous_commit`) and commits in groups;
//! the notifying one commits asynchronously (`set_config('synchronous_commit', 'off', true)`:
//! it stores nothing worth a flush), so it holds that lock only for microseconds.

use super::migrations::{LATEST, MIGRATIONS};
use super::{
    Append, AppendError, GameRow, GameStatus, Insert, NOTIFY_CHANNEL, StoreError, StoredEvent,
    StoredGame, parse_kind, parse_side, result_of, side_name, to_i64, to_usize,
};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use futures_util::StreamExt;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_postgres::error::SqlState;
use tokio_postgres::{AsyncMessage, NoTls};

/// The longest wait for a pooled connection (or a new one) before the request fails.
const POOL_WAIT: Duration = Duration::from_secs(5);
/// Notifications buffered between the listening connection and the server.
const NOTICE_BUFFER: usize = 4096;
/// The key of the advisory lock held while migrating (two processes starting at once).
const MIGRATION_LOCK: i64 = 0x6c75_6475_735f_6462; // "ludus_db"

/// A PostgreSQL database.
pub struct PostgresStore {
    pool: Pool,
    config: tokio_postgres::Config,
}

impl PostgresStore {
    /// Connects to `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`, no TLS) with a pool
    /// of at most `pool_size` connections, and brings the schema up to date.
    pub async fn connect(url: &str, pool_size: usize) -> Result<PostgresStore, StoreError> {
        let config: tokio_postgres::Config = url.parse().map_err(|source| StoreError::Url {
            url: url.to_string(),
            source,
        })?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(pool_size.max(1))
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(POOL_WAIT))
            .create_timeout(Some(POOL_WAIT))
            .build()?;
        let store = PostgresStore { pool, config };
        store.migrate().await.map_err(|source| StoreError::Open {
            url: redact(url),
            source: Box::new(source),
        })?;
        Ok(store)
    }

    async fn client(&self) -> Result<deadpool_postgres::Client, StoreError> {
        Ok(self.pool.get().await?)
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        client
            .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])
            .await?;
        let outcome = migrate_locked(&mut client).await;
        client
            .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])
            .await?;
        outcome
    }

    /// The schema version now in the database.
    pub async fn schema_version(&self) -> Result<usize, StoreError> {
        schema_version(&**self.client().await?).await
    }

    /// Checks that the database answers a query.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.client().await?.simple_query("SELECT 1").await?;
        Ok(())
    }

    /// Records a new game.
    pub async fn insert_game(&self, insert: &Insert<'_>) -> Result<(), StoreError> {
        let (game, status) = (insert.game, insert.status);
        let client = self.client().await?;
        let statement = client.prepare_cached(super::INSERT_GAME).await?;
        client
            .execute(
                &statement,
                &[
                    &game.id,
                    &game.kind.name(),
                    &game.options,
                    &(game.seed as i64),
                    &game.tokens[0],
                    &game.tokens[1],
                    &game.created_at,
                    &to_i64(status.version),
                    &side_name(status.to_act),
                    &i64::from(status.computer_to_act),
                    &insert.creator,
                    &insert.invite,
                ],
            )
            .await?;
        Ok(())
    }

    /// Writes a probe row of [`super::PROBE_BYTES`] and deletes it (see `Store::probe_write`).
    pub async fn probe_write(&self) -> Result<(), StoreError> {
        let client = self.client().await?;
        let data = vec![0u8; super::PROBE_BYTES];
        client
            .execute(
                "INSERT INTO health_probe (id, data) VALUES (1, $1)
                 ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data",
                &[&data],
            )
            .await?;
        client.execute("DELETE FROM health_probe", &[]).await?;
        Ok(())
    }

    /// Claims a game's invitation code once (see `Store::claim_invite`).
    pub async fn claim_invite(&self, id: &str, code: &str) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let claimed = client
            .execute(
                "UPDATE games SET invite = NULL WHERE id = $1 AND invite = $2",
                &[&id, &code],
            )
            .await?;
        Ok(claimed == 1)
    }

    /// A practising player's file and version (see `Store::practice_file`).
    pub async fn practice_file(&self, key: &str) -> Result<Option<(String, i64)>, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT document, version FROM practice_players WHERE player_key = $1",
                &[&key],
            )
            .await?;
        Ok(row.map(|row| (row.get(0), row.get(1))))
    }

    /// Stores a practising player's file (see `Store::store_practice_file`).
    pub async fn store_practice_file(
        &self,
        key: &str,
        document: &str,
        version: i64,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let now = super::now_millis();
        let stored = if version == 1 {
            client
                .execute(
                    "INSERT INTO practice_players (player_key, document, version, updated_at)
                     VALUES ($1, $2, 1, $3) ON CONFLICT (player_key) DO NOTHING",
                    &[&key, &document, &now],
                )
                .await?
        } else {
            client
                .execute(
                    "UPDATE practice_players SET document = $2, version = $3::BIGINT,
                         updated_at = $4 WHERE player_key = $1 AND version = $3::BIGINT - 1",
                    &[&key, &document, &version, &now],
                )
                .await?
        };
        Ok(stored == 1)
    }

    /// Stores one command if the game is still at the expected version, and announces it.
    pub async fn append(&self, append: &Append<'_>) -> Result<(), AppendError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "WITH moved AS (
                     UPDATE games SET version = $3, to_act = $4, computer_to_act = $5,
                         updated_at = $6, finished_at = $7, winner = $8, points = $9, reason = $10
                     WHERE id = $1 AND version = $2
                     RETURNING id
                 ), appended AS (
                     INSERT INTO events (game_id, seq, seat, command, at)
                     SELECT id, $2, $11, $12, $6 FROM moved
                     RETURNING game_id
                 )
                 SELECT game_id FROM appended",
            )
            .await
            .map_err(StoreError::from)?;
        let status = append.status;
        let result = status.result.as_ref();
        let rows = client
            .query(
                &statement,
                &[
                    &append.game_id,
                    &to_i64(append.expected_version()),
                    &to_i64(status.version),
                    &side_name(status.to_act),
                    &i64::from(status.computer_to_act),
                    &append.at,
                    &result.map(|_| append.at),
                    &result.and_then(|result| side_name(result.winner)),
                    &result.map(|result| i64::from(result.points)),
                    &result.map(|result| result.reason.as_str()),
                    &append.seat.name(),
                    &append.command,
                ],
            )
            .await;
        match rows {
            Ok(rows) if rows.len() == 1 => {
                announce(&client, append.game_id, status.version).await;
                Ok(())
            }
            Ok(_) => Err(AppendError::Conflict(append.game_id.to_string())),
            // Two appends of one event number: the other one won.
            Err(error) if error.code() == Some(&SqlState::UNIQUE_VIOLATION) => {
                Err(AppendError::Conflict(append.game_id.to_string()))
            }
            Err(error) => Err(AppendError::Failed(StoreError::from(error))),
        }
    }

    /// A game with all its events.
    pub async fn load_game(&self, id: &str) -> Result<Option<(StoredGame, bool)>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT id, kind, options, seed, white_token, black_token, created_at,
                     computer_to_act IS NOT NULL, invite IS NOT NULL
                 FROM games WHERE id = $1",
            )
            .await?;
        let Some(row) = client.query_opt(&statement, &[&id]).await? else {
            return Ok(None);
        };
        let events = events_since(&client, id, 0).await?;
        let game = StoredGame {
            id: row.try_get(0)?,
            kind: parse_kind(row.try_get(1)?)?,
            options: row.try_get(2)?,
            seed: row.try_get::<_, i64>(3)? as u64,
            tokens: [row.try_get(4)?, row.try_get(5)?],
            created_at: row.try_get(6)?,
            events,
            invitation_open: row.try_get(8)?,
        };
        Ok(Some((game, row.try_get(7)?)))
    }

    /// The events of a game from number `from` on.
    pub async fn events_since(
        &self,
        id: &str,
        from: usize,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        events_since(&self.client().await?, id, from).await
    }

    /// The stored version of a game.
    pub async fn version(&self, id: &str) -> Result<Option<usize>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached("SELECT version FROM games WHERE id = $1")
            .await?;
        Ok(client
            .query_opt(&statement, &[&id])
            .await?
            .map(|row| row.try_get::<_, i64>(0))
            .transpose()?
            .map(to_usize))
    }

    /// Fills unknown status columns.
    pub async fn fill_status(&self, id: &str, status: &GameStatus) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "UPDATE games SET to_act = $3, computer_to_act = $4
                 WHERE id = $1 AND version = $2 AND computer_to_act IS NULL",
                &[
                    &id,
                    &to_i64(status.version),
                    &side_name(status.to_act),
                    &i64::from(status.computer_to_act),
                ],
            )
            .await?;
        Ok(())
    }

    /// The newest games.
    pub async fn recent(&self, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        self.listed(None, limit).await
    }

    /// The newest of the games `ids`.
    pub async fn recent_of(
        &self,
        ids: &[String],
        limit: usize,
    ) -> Result<Vec<GameRow>, StoreError> {
        self.listed(Some(ids.to_vec()), limit).await
    }

    /// The newest games, of `ids` only when given.
    async fn listed(
        &self,
        ids: Option<Vec<String>>,
        limit: usize,
    ) -> Result<Vec<GameRow>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT id, kind, options, version, created_at, finished_at IS NOT NULL,
                     winner, points, reason
                 FROM games WHERE $2::text[] IS NULL OR id = ANY($2)
                 ORDER BY created_at DESC, id DESC LIMIT $1",
            )
            .await?;
        let mut games = Vec::new();
        for row in client.query(&statement, &[&to_i64(limit), &ids]).await? {
            games.push(GameRow {
                id: row.try_get(0)?,
                kind: parse_kind(row.try_get(1)?)?,
                options: row.try_get(2)?,
                version: to_usize(row.try_get(3)?),
                created_at: row.try_get(4)?,
                result: result_of(
                    row.try_get(5)?,
                    row.try_get(6)?,
                    row.try_get(7)?,
                    row.try_get(8)?,
                )?,
            });
        }
        Ok(games)
    }

    /// Computer turns nobody is known to play.
    pub async fn waiting_for_computer(
        &self,
        before: i64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT id FROM games
                 WHERE finished_at IS NULL AND (computer_to_act IS NULL OR computer_to_act = 1)
                     AND updated_at < $1
                 ORDER BY created_at LIMIT $2",
            )
            .await?;
        client
            .query(&statement, &[&before, &to_i64(limit)])
            .await?
            .iter()
            .map(|row| Ok(row.try_get(0)?))
            .collect()
    }

    /// Live games of one creator.
    pub async fn live_games_of(&self, creator: &str, since: i64) -> Result<usize, StoreError> {
        let client = self.client().await?;
        let statement = client
            .prepare_cached(
                "SELECT COUNT(*) FROM games
                 WHERE creator = $1 AND finished_at IS NULL AND created_at >= $2",
            )
            .await?;
        let row = client.query_one(&statement, &[&creator, &since]).await?;
        Ok(to_usize(row.try_get(0)?))
    }

    /// Opens a connection of its own that listens on [`NOTIFY_CHANNEL`]: its receiver yields
    /// every payload (`game_id:version`) and ends when the connection is lost.
    pub async fn listen(&self) -> Result<Listener, StoreError> {
        let (client, mut connection) = self.config.connect(NoTls).await?;
        let (sender, receiver) = mpsc::channel(NOTICE_BUFFER);
        // The connection yields the notifications, and it must be polled for the client's
        // queries (LISTEN) to complete.
        tokio::spawn(async move {
            let mut messages =
                futures_util::stream::poll_fn(move |context| connection.poll_message(context));
            while let Some(Ok(message)) = messages.next().await {
                if let AsyncMessage::Notification(notice) = message
                    && sender.send(notice.payload().to_string()).await.is_err()
                {
                    return;
                }
            }
        });
        client
            .batch_execute(&format!("LISTEN {NOTIFY_CHANNEL}"))
            .await?;
        Ok(Listener {
            _client: client,
            notices: receiver,
        })
    }
}

/// Announces that game `id` reached `version` to every listening process, in a transaction of its
/// own committed asynchronously (see the module's documentation). The command is stored already,
/// so a failure is only logged: the other processes' copies catch up on the game's next
/// notification or when they next read it.
async fn announce(client: &deadpool_postgres::Client, id: &str, version: usize) {
    let notified = async {
        let statement = client
            .prepare_cached(
                "SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)",
            )
            .await?;
        let payload = format!("{id}:{version}");
        client
            .execute(&statement, &[&NOTIFY_CHANNEL, &payload])
            .await
    };
    if let Err(error) = notified.await {
        tracing::warn!(game = id, %error, "the notification of a stored command failed");
    }
}

/// A connection listening on [`NOTIFY_CHANNEL`] (dropping it closes the connection).
pub struct Listener {
    /// Keeps the connection open.
    _client: tokio_postgres::Client,
    /// Every payload, `game_id:version`; ends when the connection is lost.
    pub notices: mpsc::Receiver<String>,
}

async fn events_since(
    client: &deadpool_postgres::Client,
    id: &str,
    from: usize,
) -> Result<Vec<StoredEvent>, StoreError> {
    let statement = client
        .prepare_cached(
            "SELECT seat, command, at FROM events WHERE game_id = $1 AND seq >= $2 ORDER BY seq",
        )
        .await?;
    client
        .query(&statement, &[&id, &to_i64(from)])
        .await?
        .iter()
        .map(|row| {
            Ok(StoredEvent {
                seat: parse_side(row.try_get(0)?)?,
                command: row.try_get(1)?,
                at: row.try_get(2)?,
            })
        })
        .collect()
}

/// The schema version recorded in `ludus_schema` (0 before any migration).
async fn schema_version(client: &tokio_postgres::Client) -> Result<usize, StoreError> {
    client
        .batch_execute("CREATE TABLE IF NOT EXISTS ludus_schema (version BIGINT NOT NULL)")
        .await?;
    let row = client
        .query_opt("SELECT version FROM ludus_schema", &[])
        .await?;
    Ok(row
        .map(|row| row.try_get::<_, i64>(0))
        .transpose()?
        .map_or(0, to_usize))
}

/// Applies the migrations the database lacks (the caller holds the migration lock).
async fn migrate_locked(client: &mut deadpool_postgres::Client) -> Result<(), StoreError> {
    let version = schema_version(client).await?;
    if version > LATEST {
        return Err(StoreError::NewerSchema {
            found: version,
            latest: LATEST,
        });
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(version) {
        let transaction = client.transaction().await?;
        transaction.batch_execute(migration.postgres).await?;
        transaction
            .batch_execute(&format!(
                "DELETE FROM ludus_schema; INSERT INTO ludus_schema (version) VALUES ({})",
                index + 1
            ))
            .await?;
        transaction.commit().await?;
    }
    Ok(())
}

/// The URL without its password, for messages.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let Some((credentials, host)) = rest.split_once('@') else {
        return url.to_string();
    };
    match credentials.split_once(':') {
        Some((user, _password)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}
