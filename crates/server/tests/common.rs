//! Helpers shared by the test modules.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use futures_util::StreamExt;
use http_body_util::BodyExt;
use ludus_server::games::report::{BackgammonReport, CubeBefore, Decision, DecisionKind, Mark};
use ludus_server::games::{
    Action, AnalysisFailure, Command, GameKind, MatchAnalyser, Players, Side,
};
use ludus_server::sessions::NewGame;
use ludus_server::store::Store;
use ludus_server::{Config, Hub, Settings, router};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tower::ServiceExt;

/// The computer's thinking time in tests: short, the stand-in player needs none.
pub const THINK: Duration = Duration::from_millis(50);
/// Most polls while waiting for the computer (each 10 ms).
const MAX_POLLS: usize = 500;

/// A hub over an in-memory database with the stand-in players and the default settings, except
/// that games between people may have a dice seed (the tests replay known dice).
pub fn hub() -> Hub {
    Hub::with_settings(
        Store::in_memory().expect("in-memory database"),
        crate::players::first_legal(),
        Config { think_time: THINK },
        Settings {
            seeded_friend_games: true,
            ..Settings::default()
        },
    )
}

/// A hub over an in-memory database with the stand-in players, `analyser` and `settings`.
pub fn hub_with(settings: Settings, analyser: Option<Arc<dyn MatchAnalyser>>) -> Hub {
    let players = Players {
        analyser,
        ..crate::players::first_legal()
    };
    Hub::with_settings(
        Store::in_memory().expect("in-memory database"),
        players,
        Config { think_time: THINK },
        settings,
    )
}

pub fn app() -> Router {
    router(hub())
}

/// Of the two seats' tokens, the one of the seat to act in `state`.
pub fn token_to_act<'a>(state: &Value, white: &'a str, black: &'a str) -> &'a str {
    if state["to_act"] == "white" {
        white
    } else {
        black
    }
}

/// A game of two humans of `kind`, the creator White, at level 5 with the dice seed `seed`.
pub fn new_game(kind: GameKind, rules: Value, seed: u64) -> NewGame {
    NewGame {
        kind,
        rules,
        vs_computer: false,
        side: Some(Side::White),
        level: 5,
        seed: Some(seed),
        start: None,
    }
}

/// The state document of game `id`, as the API sends it, straight from the hub.
pub async fn hub_state(hub: &Hub, id: &str) -> Value {
    serde_json::to_value(hub.sessions().get(id).await.unwrap().lock().await.state()).unwrap()
}

/// The list of games as the API sends it.
pub async fn list(hub: &Hub, limit: usize) -> Vec<Value> {
    let list = hub.sessions().list(limit).await.unwrap();
    list.iter()
        .map(|summary| serde_json::to_value(summary).unwrap())
        .collect()
}

/// Plays the first legal move (or rolls) for whoever is to act, `plies` times.
pub async fn advance(hub: &Hub, id: &str, tokens: &[String; 2], plies: usize) {
    for _ in 0..plies {
        let current = hub_state(hub, id).await;
        let Some(side) = current["to_act"].as_str() else {
            return;
        };
        let token = &tokens[usize::from(side == "black")];
        let command = match current["legal_moves"][0].as_str() {
            Some(mv) => Command::Move(mv.to_string()),
            None => Command::Action(Action::Roll),
        };
        hub.sessions().command(id, token, command).await.unwrap();
    }
}

/// Creates a human game; returns its id and tokens.
pub async fn human_game(
    hub: &Hub,
    kind: GameKind,
    rules: Value,
    seed: u64,
) -> (String, [String; 2]) {
    let created = hub
        .sessions()
        .create(new_game(kind, rules, seed))
        .await
        .unwrap();
    (created.state.id.clone(), created.tokens.map(Option::unwrap))
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
        Store::connect(&self.name(), 8)
            .await
            .expect("open the database")
    }

    /// A hub on this database with the test thinking time and `settings`.
    pub async fn hub_with(&self, settings: Settings) -> Hub {
        Hub::with_settings(
            self.store().await,
            crate::players::first_legal(),
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

/// Creates a game; returns the creation answer, the game's id and the seat's token.
pub async fn create_seated(app: &Router, request: Value) -> (Value, String, String) {
    let created = create(app, request).await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    (created, id, token)
}

/// A human-vs-human game of `game` with the given rules (and dice seed).
pub async fn two_humans(app: &Router, game: &str, rules: Value) -> (String, String, String) {
    let created = create(
        app,
        json!({"game": game, "opponent": "human", "side": "white", "rules": rules, "seed": 7}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let black = join(app, &created).await;
    assert_eq!(black["seat"], "black");
    (
        id,
        created["tokens"]["white"].as_str().unwrap().to_string(),
        black["token"].as_str().unwrap().to_string(),
    )
}

/// A game between people (see [`two_humans`]) that the seat to act has resigned: its id.
pub async fn finished_between_two(app: &Router, game: &str, rules: Value) -> String {
    let (id, white, black) = two_humans(app, game, rules).await;
    let to_act = state(app, &id).await;
    let token = token_to_act(&to_act, &white, &black);
    let body = json!({ "token": token, "action": "resign" });
    let (status, body) = post(app, &format!("/api/games/{id}/actions"), body).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(!body["result"].is_null(), "{body}");
    id
}

/// The one-time code of a created game's invitation (`/play/ID#invite=CODE`).
pub fn invite_code(created: &Value) -> String {
    let invite = created["invite"].as_str().expect("an invitation");
    invite
        .split_once("#invite=")
        .expect("a code in the fragment")
        .1
        .to_string()
}

/// Claims the friend's seat of a created game: `{seat, token}`.
pub async fn join(app: &Router, created: &Value) -> Value {
    let id = created["id"].as_str().unwrap();
    let body = json!({ "invite": invite_code(created) });
    let (status, joined) = post(app, &format!("/api/games/{id}/join"), body).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    joined
}

/// A fresh app with a Morris game between two people: the app, the id and both tokens.
pub async fn morris_between_two() -> (Router, String, String, String) {
    let app = app();
    let (id, white, black) = two_humans(&app, "morris", json!({})).await;
    (app, id, white, black)
}

pub async fn state(app: &Router, id: &str) -> Value {
    let (status, body) = get(app, &format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// A seat's command: `POST /api/games/{id}/{endpoint}` with `{"token": …, field: value}`.
async fn command(
    app: &Router,
    id: &str,
    token: &str,
    (endpoint, field): (&str, &str),
    value: &str,
) -> (StatusCode, Value) {
    let mut body = json!({ "token": token });
    body[field] = json!(value);
    post(app, &format!("/api/games/{id}/{endpoint}"), body).await
}

pub async fn play(app: &Router, id: &str, token: &str, mv: &str) -> (StatusCode, Value) {
    command(app, id, token, ("moves", "move"), mv).await
}

pub async fn act(app: &Router, id: &str, token: &str, action: &str) -> (StatusCode, Value) {
    command(app, id, token, ("actions", "action"), action).await
}

/// Takes back the last move of the seat of `token` (`POST /api/games/{id}/takeback`).
pub async fn take_back(app: &Router, id: &str, token: &str) -> (StatusCode, Value) {
    let path = format!("/api/games/{id}/takeback");
    post(app, &path, json!({ "token": token })).await
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

/// A server for `hub` on 127.0.0.1 with an ephemeral port, stopped when the sender is used or
/// dropped; the join handle yields `serve_on`'s result.
pub async fn serve(
    hub: Hub,
) -> (
    std::net::SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<std::io::Result<()>>,
) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(ludus_server::serve_on(listener, hub, async {
        let _ = stopped.await;
    }));
    (addr, stop, server)
}

/// An analyser that holds every call until the gate opens (and counts the calls).
#[derive(Default)]
pub struct Gate {
    open: Mutex<bool>,
    opened: Condvar,
    calls: std::sync::atomic::AtomicUsize,
}

impl Gate {
    /// How many calls have come so far.
    pub fn calls(&self) -> usize {
        self.calls.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Lets every call through.
    pub fn open(&self) {
        *self.open.lock().unwrap() = true;
        self.opened.notify_all();
    }
}

impl MatchAnalyser for Gate {
    fn analyse(&self, _mat: &str) -> Result<BackgammonReport, AnalysisFailure> {
        self.calls.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let mut open = self.open.lock().unwrap();
        while !*open {
            open = self.opened.wait(open).unwrap();
        }
        Ok(named_report("analysed"))
    }
}

/// A report of no game whose first player is called `name`: what a test's analyser answers,
/// `name` saying what it was given.
pub fn named_report(name: &str) -> BackgammonReport {
    let mut report = BackgammonReport::default();
    report.players[0].name = name.to_string();
    report
}

/// A cube decision of `player` at `position_id`, valued at nothing, `played` saying what a
/// test's analyser was given.
pub fn cube_decision(player: usize, position_id: String, played: &str) -> Decision {
    Decision {
        alternatives: Vec::new(),
        best: "no double".to_string(),
        best_steps: None,
        board: None,
        cube: CubeBefore {
            owner: None,
            value: 1,
        },
        dice: None,
        equity_lost: 0.0,
        kind: DecisionKind::Double,
        luck: None,
        mark: Mark::None,
        played: played.to_string(),
        played_steps: None,
        player,
        position_id,
        white_win: None,
        xgid: String::new(),
        cube_action: None,
    }
}

/// The next state pushed on `socket`, waiting at most `timeout` for each message.
pub async fn next_state<S>(socket: &mut S, timeout: Duration) -> Value
where
    S: StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let message = tokio::time::timeout(timeout, socket.next())
            .await
            .expect("a message in time")
            .expect("an open socket")
            .expect("a valid message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).expect("JSON state");
        }
    }
}
