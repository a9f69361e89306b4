//! A reopened database (SQLite file and PostgreSQL): after the server is dropped and reopened,
//! every game resumes where it stood, with its full history (the stored commands replayed through
//! the rules) — loaded when first asked for, not at start-up.

use crate::common::{TestDb, advance, backends, hub_state, human_game, list, new_game};
use ludus_server::Hub;
use ludus_server::error::Chain;
use ludus_server::games::{Action, Command, GameKind};
use ludus_server::sessions::NewGame;
use ludus_server::store::Store;
use ludus_server::store::migrations::LATEST;
use serde_json::{Value, json};
use std::time::Duration;

async fn resume_with_history(db: &TestDb) {
    let (morris, backgammon, before) = {
        let hub = db.hub().await;
        let morris = human_game(&hub, GameKind::Morris, json!({"flying": false}), 1).await;
        let backgammon =
            human_game(&hub, GameKind::Backgammon, json!({"match_length": 5}), 99).await;
        advance(&hub, &morris.0, &morris.1, 30).await;
        advance(&hub, &backgammon.0, &backgammon.1, 12).await;
        let before = [
            hub_state(&hub, &morris.0).await,
            hub_state(&hub, &backgammon.0).await,
        ];
        (morris, backgammon, before)
        // The hub and its database connections are dropped here.
    };
    let hub = db.hub().await;
    assert_eq!(hub.cached_games(), 0, "nothing is loaded at start-up");
    let after = [
        hub_state(&hub, &morris.0).await,
        hub_state(&hub, &backgammon.0).await,
    ];
    for (was, is) in before.iter().zip(&after) {
        assert_eq!(is["version"], was["version"], "{}", db.backend());
        assert_eq!(is["history"], was["history"], "the full history is back");
        assert_eq!(is["view"], was["view"], "the board, dice and cube are back");
        assert_eq!(is["legal_moves"], was["legal_moves"]);
    }
    assert_eq!(after[0]["version"], 30);
    // The old tokens still hold their seats, and play goes on.
    advance(&hub, &morris.0, &morris.1, 1).await;
    assert_eq!(hub_state(&hub, &morris.0).await["version"], 31);
    advance(&hub, &backgammon.0, &backgammon.1, 1).await;
    // The list comes from the games table alone: both games with their versions (they may have
    // been created within the same millisecond: the order between them is the ids').
    let list = list(&hub, 10).await;
    assert_eq!(list.len(), 2);
    let listed = list
        .iter()
        .find(|game| game["id"] == morris.0.as_str())
        .unwrap();
    assert_eq!(listed["version"], 31);
    assert_eq!(listed["seats"]["white"], "human");
    assert!(listed["result"].is_null());
}

#[tokio::test]
async fn a_reopened_server_resumes_every_game_with_its_history() {
    for db in backends("restart").await {
        resume_with_history(&db).await;
    }
}

/// A game between people keeps whether its invitation is claimed across a restart: open until
/// the friend joins, closed afterwards.
async fn invitation_state_after_restart(db: &TestDb) {
    let (id, code) = {
        let hub = db.hub().await;
        let created = hub
            .sessions()
            .create(new_game(GameKind::Morris, Value::Null, 3))
            .await
            .unwrap();
        let code = created
            .invite
            .expect("a game between people has an invitation");
        (created.state.id.clone(), code)
    };
    let hub = db.hub().await;
    assert_eq!(hub_state(&hub, &id).await["invitation_open"], true);
    hub.sessions().join(&id, &code).await.unwrap();
    assert_eq!(hub_state(&hub, &id).await["invitation_open"], false);
    drop(hub);
    let hub = db.hub().await;
    let state = hub_state(&hub, &id).await;
    assert_eq!(state["invitation_open"], false, "{}", db.backend());
}

#[tokio::test]
async fn a_reopened_server_knows_whether_the_invitation_was_claimed() {
    for db in backends("invitation").await {
        invitation_state_after_restart(&db).await;
    }
}

#[tokio::test]
async fn migrations_bring_a_new_database_to_the_latest_schema_once() {
    for db in backends("schema").await {
        assert_eq!(db.store().await.schema_version().await.unwrap(), LATEST);
        // Opening again runs nothing and keeps the version.
        assert_eq!(db.store().await.schema_version().await.unwrap(), LATEST);
    }
}

/// Sets the recorded schema version behind the store's back.
async fn set_schema_version(db: &TestDb, version: usize) {
    match db {
        TestDb::Sqlite(file) => {
            let connection = rusqlite::Connection::open(&file.0).unwrap();
            connection
                .pragma_update(None, "user_version", version)
                .unwrap();
        }
        TestDb::Postgres(url) => {
            execute_postgres(url, &format!("UPDATE ludus_schema SET version = {version}")).await;
        }
    }
}

/// Runs one SQL statement on a PostgreSQL database.
pub async fn execute_postgres(url: &str, sql: &str) {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    client.batch_execute(sql).await.unwrap();
}

#[tokio::test]
async fn a_database_from_a_newer_program_is_refused() {
    for db in backends("newer").await {
        drop(db.store().await);
        set_schema_version(&db, 99).await;
        let error = Store::connect(&db.name(), 2).await.err().expect("refused");
        let message = Chain(&error).to_string();
        assert!(
            message.contains("schema version 99"),
            "{}: {message}",
            db.backend()
        );
    }
}

/// A file with the first schema only (as written before migration 2) is brought up to date,
/// with the versions of its games counted from their events.
#[tokio::test]
async fn a_database_of_the_first_schema_is_migrated_with_its_games() {
    let file = crate::common::TempDb::new("schema1");
    {
        let connection = rusqlite::Connection::open(&file.0).unwrap();
        connection
            .execute_batch(ludus_server::store::migrations::MIGRATIONS[0].sqlite)
            .unwrap();
        connection.pragma_update(None, "user_version", 1).unwrap();
        connection
            .execute_batch(
                r#"INSERT INTO games (id, kind, options, seed, white_token, black_token, created_at)
                   VALUES ('00aa', 'morris', '{"rules":{},"seats":["human","computer"],"level":3}', 7, 'tok', NULL, 1000);
                   INSERT INTO events VALUES ('00aa', 0, 'white', 'd6', 1001);
                   INSERT INTO events VALUES ('00aa', 1, 'black', 'd2', 1002);"#,
            )
            .unwrap();
    }
    let hub = TestDb::Sqlite(file).hub().await;
    assert_eq!(hub.store().schema_version().await.unwrap(), LATEST);
    assert_eq!(list(&hub, 5).await[0]["version"], 2);
    let state = hub_state(&hub, "00aa").await;
    assert_eq!(state["history"][1]["command"], "d2");
    assert_eq!(state["to_act"], "white");
    // The status columns unknown before migration 2 are filled in by the first load.
    let stale = ludus_server::store::now_millis() + 1;
    assert!(
        hub.store()
            .waiting_for_computer(stale, 10)
            .await
            .unwrap()
            .is_empty(),
        "the computer is not to act in 00aa"
    );
}

#[tokio::test]
async fn a_game_that_no_longer_replays_is_refused_and_the_others_served() {
    for db in backends("damaged").await {
        let (good, bad) = {
            let hub = db.hub().await;
            let good = human_game(&hub, GameKind::Morris, json!({}), 1).await;
            let bad = human_game(&hub, GameKind::Morris, json!({}), 2).await;
            advance(&hub, &good.0, &good.1, 4).await;
            advance(&hub, &bad.0, &bad.1, 4).await;
            (good.0, bad.0)
        };
        // Damage one stored move: d6 twice cannot be replayed.
        let damage = format!(
            "UPDATE events SET command = (SELECT command FROM events WHERE game_id = '{bad}' AND seq = 0) \
             WHERE game_id = '{bad}' AND seq = 1"
        );
        match &db {
            TestDb::Sqlite(file) => {
                rusqlite::Connection::open(&file.0)
                    .unwrap()
                    .execute_batch(&damage)
                    .unwrap();
            }
            TestDb::Postgres(url) => execute_postgres(url, &damage).await,
        }
        let hub = db.hub().await;
        assert_eq!(hub_state(&hub, &good).await["version"], 4);
        assert!(
            hub.sessions().get(&bad).await.is_err(),
            "the damaged game is not served"
        );
        assert_eq!(list(&hub, 10).await.len(), 2, "it is still listed");
    }
}

/// A Sanmill FEN: White on d5 and c5, Black on f6 and b6, White to move with 7 and 7 in hand.
const SET_UP_FEN: &str = "O******O/*@*****@/******** w p p 2 7 2 7 0 0 -1 -1 -1 -1 0 0 1";

#[tokio::test]
async fn a_game_from_a_set_up_position_resumes_from_that_position() {
    for db in backends("start").await {
        let (id, tokens, before) = {
            let hub = db.hub().await;
            let mut request = new_game(GameKind::Morris, json!({}), 1);
            request.start = Some(SET_UP_FEN.to_string());
            let created = hub.sessions().create(request).await.unwrap();
            let id = created.state.id.clone();
            let tokens = created.tokens.map(Option::unwrap);
            advance(&hub, &id, &tokens, 4).await;
            let before = hub_state(&hub, &id).await;
            (id, tokens, before)
        };
        let hub = db.hub().await;
        let after = hub_state(&hub, &id).await;
        assert_eq!(after["view"], before["view"], "{}", db.backend());
        assert_eq!(after["start"], SET_UP_FEN);
        assert_eq!(after["view"]["moves"].as_array().unwrap().len(), 4);
        assert_eq!(
            after["view"]["in_hand"]["white"], 5,
            "7 in hand at the start, two placed"
        );
        advance(&hub, &id, &tokens, 1).await;
        assert_eq!(hub_state(&hub, &id).await["version"], 5);
        // Backgammon from an XGID (a 7-point match at 3–1, cube 2 owned by White) alike.
        let xgid = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:1:3:0:7:10";
        let (id, tokens, before) = {
            let hub = db.hub().await;
            let mut request = new_game(GameKind::Backgammon, json!({}), 9);
            request.start = Some(xgid.to_string());
            let created = hub.sessions().create(request).await.unwrap();
            let id = created.state.id.clone();
            let tokens = created.tokens.map(Option::unwrap);
            advance(&hub, &id, &tokens, 3).await;
            let before = hub_state(&hub, &id).await;
            (id, tokens, before)
        };
        let hub = db.hub().await;
        let after = hub_state(&hub, &id).await;
        assert_eq!(after["view"], before["view"], "{}", db.backend());
        assert_eq!(after["view"]["match"]["length"], 7);
        assert_eq!(
            after["view"]["match"]["score"],
            json!({"white": 3, "black": 1})
        );
        advance(&hub, &id, &tokens, 1).await;
    }
}

/// Polls the hub until `seat` is to act (the computer has answered) or the game is over.
async fn until_to_act(hub: &Hub, id: &str, seat: &str) -> Value {
    for _ in 0..500 {
        let state = hub_state(hub, id).await;
        if state["to_act"] == seat || !state["result"].is_null() {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{seat} never came to act in game {id}");
}

/// White's first legal move (or a roll) against the computer, `turns` times.
async fn play_white(hub: &Hub, id: &str, token: &str, turns: usize) {
    for _ in 0..turns {
        let state = until_to_act(hub, id, "white").await;
        assert!(state["result"].is_null(), "the game ended early: {state}");
        let command = match state["legal_moves"][0].as_str() {
            Some(mv) => Command::Move(mv.to_string()),
            None => Command::Action(Action::Roll),
        };
        hub.sessions().command(id, token, command).await.unwrap();
    }
}

/// A game against the computer with take-backs, then more play: the dice rolled after a
/// take-back, and the game reopened from the database, are the game's in memory.
async fn take_backs_then_resume(db: &TestDb, kind: GameKind, rules: Value) {
    let (id, before) = {
        let hub = db.hub().await;
        let created = hub
            .sessions()
            .create(NewGame {
                vs_computer: true,
                ..new_game(kind, rules, 21)
            })
            .await
            .unwrap();
        let id = created.state.id.clone();
        let token = created.tokens[0].clone().expect("White is the person");
        play_white(&hub, &id, &token, 6).await;
        for _ in 0..2 {
            until_to_act(&hub, &id, "white").await;
            hub.sessions()
                .takeback(&id, &token)
                .await
                .expect("a move to take back");
        }
        play_white(&hub, &id, &token, 4).await;
        let before = until_to_act(&hub, &id, "white").await;
        (id, before)
    };
    let hub = db.hub().await;
    let after = hub_state(&hub, &id).await;
    let history = after["history"].as_array().expect("a history");
    let takebacks = history.iter().filter(|e| e["command"] == ":takeback");
    assert_eq!(takebacks.count(), 2, "{}", db.backend());
    assert_eq!(after["history"], before["history"]);
    assert_eq!(after["view"], before["view"], "the board and dice are back");
    assert_eq!(after["legal_moves"], before["legal_moves"]);
}

#[tokio::test]
async fn a_game_with_take_backs_resumes_as_it_was_played() {
    for db in backends("takeback").await {
        take_backs_then_resume(&db, GameKind::Backgammon, json!({"match_length": 3})).await;
        take_backs_then_resume(&db, GameKind::Morris, json!({})).await;
    }
}
