//! The browser UI, embedded in the binary: plain HTML, CSS and ES modules, and the Fluent
//! translations shared with the terminal UI (the `ludus-i18n` crate's files).
//!
//! The page answers every address a browser may open: 200 for the home page, the analysis
//! board and a game that exists (`/play/{id}`, `/review/{id}`); 404 with the same page for an
//! unknown game or address (the page then shows its translated "not found" view), and 404 JSON
//! for an unknown `/api/` address.

use crate::error::ApiError;
use crate::hub::Hub;
use crate::sessions::Sessions;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use ludus_i18n::Lang;

/// One embedded file: its URL name, content type and text.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    text: &'static str,
}

macro_rules! web {
    ($name:literal, $type:expr) => {
        Asset {
            name: $name,
            content_type: $type,
            text: include_str!(concat!("../web/", $name)),
        }
    };
}

macro_rules! ftl {
    ($code:literal, $lang:expr) => {
        Asset {
            name: concat!("i18n/", $code, ".ftl"),
            content_type: "text/plain; charset=utf-8",
            text: $lang.ftl(),
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every file the page loads from `/assets/`.
const ASSETS: &[Asset] = &[
    web!("index.html", "text/html; charset=utf-8"),
    web!("style.css", "text/css; charset=utf-8"),
    web!("app.js", JS),
    web!("api.js", JS),
    web!("i18n.js", JS),
    web!("morris.js", JS),
    web!("backgammon.js", JS),
    web!("settings.js", JS),
    web!("review.js", JS),
    web!("analysis.js", JS),
    web!("editor.js", JS),
    web!("ids.js", JS),
    web!("practice.js", JS),
    web!("favicon.svg", "image/svg+xml"),
    ftl!("en", Lang::En),
    ftl!("et", Lang::Et),
    ftl!("hu", Lang::Hu),
];

fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|asset| asset.name == name)
}

fn serve(asset: &Asset) -> Response {
    (
        [
            (header::CONTENT_TYPE, asset.content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        asset.text,
    )
        .into_response()
}

async fn index() -> Response {
    page(StatusCode::OK)
}

/// The page with `status` (404: it shows its "not found" view).
fn page(status: StatusCode) -> Response {
    match find("index.html") {
        Some(asset) => (status, serve(asset)).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// `/play/{id}` and `/review/{id}`: the page, 404 when there is no such game.
async fn game_page(State(sessions): State<Sessions>, Path(id): Path<String>) -> Response {
    match sessions.get(&id).await {
        Err(ApiError::NoSuchGame) => page(StatusCode::NOT_FOUND),
        // Found, or the store failed: the page loads the game and shows what it finds.
        _ => page(StatusCode::OK),
    }
}

/// Any other address: 404 JSON under `/api/`, else the page's "not found" view.
async fn not_found(uri: Uri) -> Response {
    if uri.path().starts_with("/api/") || uri.path() == "/api" {
        ApiError::NoSuchEndpoint.into_response()
    } else {
        page(StatusCode::NOT_FOUND)
    }
}

async fn asset(Path(name): Path<String>) -> Response {
    match find(&name) {
        Some(asset) => serve(asset),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// `/`, `/play/{id}`, `/review/open`, `/review/{id}`, `/analysis` (all the page), `/assets/{file}`, and the
/// 404 answers of every other address.
pub fn routes() -> Router<Hub> {
    Router::new()
        .route("/", get(index))
        .route("/play/{id}", get(game_page))
        .route("/review/open", get(index))
        .route("/review/{id}", get(game_page))
        .route("/analysis", get(index))
        .route("/practice", get(index))
        .route("/practice/progress", get(index))
        .route("/assets/{*name}", get(asset))
        .fallback(not_found)
}
