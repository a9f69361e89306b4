//! Helpers shared by the test modules.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use ludus_server::store::Store;
use ludus_server::{Config, Hub, router};
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

/// The computer's thinking time in tests: short, the stand-in player needs none.
pub const THINK: Duration = Duration::from_millis(50);
/// Most polls while waiting for the computer (each 10 ms).
const MAX_POLLS: usize = 500;

pub fn hub() -> Hub {
    Hub::new(
        Store::in_memory().expect("in-memory database"),
        crate::players::first_legal(),
        Config { think_time: THINK },
    )
    .expect("hub")
}

pub fn app() -> Router {
    router(hub())
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
