//! Helpers shared by the test modules.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use ludus_server::games::Players;
use ludus_server::store::Store;
use ludus_server::{Config, Hub, Settings, router};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::Duration;
use tower::ServiceExt;

/// The computer's thinking time in tests: short, the built-in players need little.
pub const THINK: Duration = Duration::from_millis(50);
/// Most polls while waiting for the computer (each 10 ms).
const MAX_POLLS: usize = 500;

pub fn hub() -> Hub {
    Hub::new(
        Store::in_memory().expect("in-memory database"),
        Players::default(),
        Config { think_time: THINK },
    )
    .expect("hub")
}

pub fn app() -> Router {
    router(hub())
}

/// A fresh SQLite path in the system's temporary folder; removed (with WAL files) on drop.
pub struct TempDb(pub PathBuf);

impl TempDb {
    pub fn new(name: &str) -> TempDb {
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

/// A database of one test: an SQLite file or a fresh PostgreSQL database.
pub enum TestDb {
    Sqlite(TempDb),
    Postgres(String),
}

impl TestDb {
    /// What `ludus serve --db` takes: the file's path or the URL.
    pub fn name(&self) -> String {
        match self {
            TestDb::Sqlite(file) => file.0.display().to_string(),
            TestDb::Postgres(url) => url.clone(),
        }
    }

    /// The backend's name, for messages.
    pub fn backend(&self) -> &'static str {
        match self {
            TestDb::Sqlite(_) => "sqlite",
            TestDb::Postgres(_) => "postgres",
        }
    }

    pub async fn store(&self) -> Store {
        Store::connect(&self.name(), 8).await.expect("open the database")
    }

    /// A hub on this database with the test thinking time and `settings`.
    pub async fn hub_with(&self, settings: Settings) -> Hub {
        Hub::with_settings(
            self.store().await,
            Players::default(),
            Config { think_time: THINK },
            settings,
        )
    }

    /// A hub on this database without per-client limits.
    pub async fn hub(&self) -> Hub {
        self.hub_with(Settings::unlimited()).await
    }
}

/// The databases a test runs on: an SQLite file, and a PostgreSQL database when there is one.
pub async fn backends(test: &str) -> Vec<TestDb> {
    let mut databases = vec![TestDb::Sqlite(TempDb::new(test))];
    if let Some(url) = crate::postgres::fresh_database(test).await {
        databases.push(TestDb::Postgres(url));
    }
    databases
}

/// Sends one request; returns the status and the body as JSON (`Value::String` if not JSON).
pub async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    body: Option<&str>,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(uri);
    if body.is_some() {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    let request = request
        .body(body.map_or_else(Body::empty, |text| Body::from(text.to_string())))
        .expect("request");
    let response = app.clone().oneshot(request).await.expect("response");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    let text = String::from_utf8_lossy(&bytes).to_string();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

pub async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    call(app, "POST", uri, Some(&body.to_string())).await
}

pub async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    call(app, "GET", uri, None).await
}

/// Creates a game; returns the creation answer.
pub async fn create(app: &Router, request: Value) -> Value {
    let (status, body) = post(app, "/api/games", request).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

/// A human-vs-human game of `game` with the given rules (and dice seed).
pub async fn two_humans(app: &Router, game: &str, rules: Value) -> (String, String, String) {
    let created = create(
        app,
        json!({"game": game, "opponent": "human", "side": "white", "rules": rules, "seed": 7}),
    )
    .await;
    (
        created["id"].as_str().unwrap().to_string(),
        created["tokens"]["white"].as_str().unwrap().to_string(),
        created["tokens"]["black"].as_str().unwrap().to_string(),
    )
}

pub async fn state(app: &Router, id: &str) -> Value {
    let (status, body) = get(app, &format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

pub async fn play(app: &Router, id: &str, token: &str, mv: &str) -> (StatusCode, Value) {
    post(
        app,
        &format!("/api/games/{id}/moves"),
        json!({"token": token, "move": mv}),
    )
    .await
}

pub async fn act(app: &Router, id: &str, token: &str, action: &str) -> (StatusCode, Value) {
    post(
        app,
        &format!("/api/games/{id}/actions"),
        json!({"token": token, "action": action}),
    )
    .await
}

/// Polls until `seat` must act or the game is over.
pub async fn wait_for(app: &Router, id: &str, seat: &str) -> Value {
    for _ in 0..MAX_POLLS {
        let current = state(app, id).await;
        if current["to_act"] == seat || !current["result"].is_null() {
            return current;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("{seat} never came to act in game {id}");
}
