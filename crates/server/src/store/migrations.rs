//! The schema, one numbered migration per change, for both backends.
//!
//! Each migration is one SQL script per dialect; most are written once in the subset SQLite and
//! PostgreSQL share ([`Migration::common`]). The number of migrations applied is recorded in the
//! database (SQLite: `PRAGMA user_version`; PostgreSQL: the table `ludus_schema`). Adding a
//! migration is appending an entry; never edit one that has shipped.

/// One schema change, as SQL for each backend.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    /// The script for SQLite.
    pub sqlite: &'static str,
    /// The script for PostgreSQL.
    pub postgres: &'static str,
}

impl Migration {
    /// A migration written in the SQL both backends understand.
    pub const fn common(sql: &'static str) -> Migration {
        Migration {
            sqlite: sql,
            postgres: sql,
        }
    }
}

/// Every migration, in order.
pub const MIGRATIONS: &[Migration] = &[
    // 1: games and their events. SQLite's INTEGER holds 64 bits; PostgreSQL needs BIGINT.
    Migration {
        sqlite: "CREATE TABLE games (
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
        postgres: "CREATE TABLE games (
        id          TEXT PRIMARY KEY,
        kind        TEXT NOT NULL,
        options     TEXT NOT NULL,
        seed        BIGINT NOT NULL,
        white_token TEXT,
        black_token TEXT,
        created_at  BIGINT NOT NULL,
        finished_at BIGINT,
        winner      TEXT,
        points      BIGINT,
        reason      TEXT
    );
    CREATE TABLE events (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq     BIGINT NOT NULL,
        seat    TEXT NOT NULL,
        command TEXT NOT NULL,
        at      BIGINT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );",
    },
    // 2: what a game's row says without a replay (the version checked by every append, whose turn
    // it is, when it last changed, who created it), for listing, the computer's turns after a
    // restart, the limit of live games per client, and optimistic concurrency between instances.
    // `computer_to_act` is 1 or 0, NULL where unknown (games stored before this migration: the
    // server fills it in the first time it loads them). No index names `updated_at` or `version`,
    // which change with every command: a move rewrites the row and no index (in PostgreSQL a
    // heap-only update), unless it ends the game or hands the turn to or from the computer.
    Migration::common(
        "ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN to_act TEXT;
    ALTER TABLE games ADD COLUMN computer_to_act BIGINT;
    ALTER TABLE games ADD COLUMN updated_at BIGINT;
    ALTER TABLE games ADD COLUMN creator TEXT;
    UPDATE games SET
        version = (SELECT COUNT(*) FROM events WHERE events.game_id = games.id),
        updated_at = COALESCE((SELECT MAX(at) FROM events WHERE events.game_id = games.id), created_at);
    CREATE INDEX games_by_creation ON games (created_at);
    CREATE INDEX games_waiting_for_computer ON games (created_at)
        WHERE finished_at IS NULL AND (computer_to_act IS NULL OR computer_to_act = 1);
    CREATE INDEX games_live_by_creator ON games (creator, created_at) WHERE finished_at IS NULL;",
    ),
    // 3: the one-time invitation code of a friend's seat (NULL once claimed, and in games
    // against the computer), and the table of `/healthz`'s write probe.
    Migration {
        sqlite: "ALTER TABLE games ADD COLUMN invite TEXT;
    CREATE TABLE health_probe (id INTEGER PRIMARY KEY, data BLOB NOT NULL);",
        postgres: "ALTER TABLE games ADD COLUMN invite TEXT;
    CREATE TABLE health_probe (id BIGINT PRIMARY KEY, data BYTEA NOT NULL);",
    },
    // 4: each practising player's file (`ludus_practice::PlayerFile` as JSON) under the private
    // key the browser holds, with a version checked and advanced by every write (two processes
    // never both store a change of the same version).
    Migration::common(
        "CREATE TABLE practice_players (
        player_key TEXT PRIMARY KEY,
        document   TEXT NOT NULL,
        version    BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
    );",
    ),
];

/// The schema version this program writes.
pub const LATEST: usize = MIGRATIONS.len();
