//! A file database: after the server is dropped and reopened, every game resumes where it stood,
//! with its full history (the stored commands replayed through the rules).

use crate::common::THINK;
use ludus_server::game::{Action, Command, GameKind, Side};
use ludus_server::sessions::NewGame;
use ludus_server::store::Store;
use ludus_server::{Config, Hub};
use serde_json::{Value, json};
use std::path::PathBuf;

/// A fresh database path in the system's temporary folder; removed (with WAL files) on drop.
struct TempDb(PathBuf);

impl TempDb {
    fn new(name: &str) -> TempDb {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        TempDb(std::env::temp_dir().join(format!("ludus-{name}-{}-{nanos}.db", std::process::id())))
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.0.display()));
        }
    }
}

fn open(db: &TempDb) -> Hub {
    Hub::open(
        &db.0,
        crate::players::first_legal(),
        Config { think_time: THINK },
    )
    .expect("open the database")
}

fn new_game(kind: GameKind, rules: Value, seed: u64) -> NewGame {
    NewGame {
        kind,
        rules,
        vs_computer: false,
        side: Some(Side::White),
        level: 5,
        seed: Some(seed),
    }
}

async fn state(hub: &Hub, id: &str) -> Value {
    serde_json::to_value(hub.get(id).unwrap().lock().await.state()).unwrap()
}

/// Plays the first legal move (or rolls) for whoever is to act, `plies` times.
async fn advance(hub: &Hub, id: &str, tokens: &[Option<String>; 2], plies: usize) {
    for _ in 0..plies {
        let current = state(hub, id).await;
        let Some(side) = current["to_act"].as_str() else {
            return;
        };
        let token = tokens[usize::from(side == "black")].as_deref().unwrap();
        let command = match current["legal_moves"][0].as_str() {
            Some(mv) => Command::Move(mv.to_string()),
            None => Command::Action(Action::Roll),
        };
        hub.command(id, token, command).await.unwrap();
    }
}

#[tokio::test]
async fn a_reopened_server_resumes_every_game_with_its_history() {
    let db = TempDb::new("restart");
    let (morris, backgammon, before) = {
        let hub = open(&db);
        let morris = hub
            .create(new_game(GameKind::Morris, json!({"flying": false}), 1))
            .unwrap();
        let backgammon = hub
            .create(new_game(
                GameKind::Backgammon,
                json!({"match_length": 5}),
                99,
            ))
            .unwrap();
        let morris_id = morris.state.id.clone();
        let bg_id = backgammon.state.id.clone();
        advance(&hub, &morris_id, &morris.tokens, 30).await;
        advance(&hub, &bg_id, &backgammon.tokens, 12).await;
        let before = [state(&hub, &morris_id).await, state(&hub, &bg_id).await];
        (
            (morris_id, morris.tokens),
            (bg_id, backgammon.tokens),
            before,
        )
        // The hub and its database connection are dropped here.
    };
    let hub = open(&db);
    let after = [
        state(&hub, &morris.0).await,
        state(&hub, &backgammon.0).await,
    ];
    for (was, is) in before.iter().zip(&after) {
        assert_eq!(is["version"], was["version"]);
        assert_eq!(is["history"], was["history"], "the full history is back");
        assert_eq!(is["view"], was["view"], "the board, dice and cube are back");
        assert_eq!(is["legal_moves"], was["legal_moves"]);
    }
    assert_eq!(after[0]["version"], 30);
    // The old tokens still hold their seats, and play goes on.
    advance(&hub, &morris.0, &morris.1, 1).await;
    assert_eq!(state(&hub, &morris.0).await["version"], 31);
    advance(&hub, &backgammon.0, &backgammon.1, 1).await;
}

#[test]
fn migrations_bring_a_new_file_to_the_latest_schema_once() {
    let db = TempDb::new("schema");
    let version = Store::open(&db.0).unwrap().schema_version().unwrap();
    assert!(version >= 1);
    // Opening again runs nothing and keeps the version.
    assert_eq!(
        Store::open(&db.0).unwrap().schema_version().unwrap(),
        version
    );
}

#[test]
fn a_database_from_a_newer_program_is_refused() {
    let db = TempDb::new("newer");
    drop(Store::open(&db.0).unwrap());
    let connection = rusqlite::Connection::open(&db.0).unwrap();
    connection.pragma_update(None, "user_version", 99).unwrap();
    drop(connection);
    let error = Store::open(&db.0).err().expect("refused").to_string();
    assert!(error.contains("schema version 99"), "{error}");
}

#[tokio::test]
async fn a_game_that_no_longer_replays_is_skipped_and_the_others_resume() {
    let db = TempDb::new("damaged");
    let (good, bad) = {
        let hub = open(&db);
        let good = hub
            .create(new_game(GameKind::Morris, json!({}), 1))
            .unwrap();
        let bad = hub
            .create(new_game(GameKind::Morris, json!({}), 2))
            .unwrap();
        let good_id = good.state.id.clone();
        let bad_id = bad.state.id.clone();
        advance(&hub, &good_id, &good.tokens, 4).await;
        advance(&hub, &bad_id, &bad.tokens, 4).await;
        (good_id, bad_id)
    };
    // Damage one stored move: d6 twice cannot be replayed.
    let connection = rusqlite::Connection::open(&db.0).unwrap();
    connection
        .execute(
            "UPDATE events SET command = (SELECT command FROM events WHERE game_id = ?1 AND seq = 0) \
             WHERE game_id = ?1 AND seq = 1",
            [&bad],
        )
        .unwrap();
    drop(connection);
    let hub = open(&db);
    assert_eq!(state(&hub, &good).await["version"], 4);
    assert!(hub.get(&bad).is_err(), "the damaged game is not served");
}
