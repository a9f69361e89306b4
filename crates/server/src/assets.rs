//! The browser UI, embedded in the binary: plain HTML, CSS and ES modules, and the Fluent
//! translations shared with the terminal UI (the `ludus-i18n` crate's files).

use crate::sessions::Hub;
use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
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
    find("index.html")
        .map(serve)
        .unwrap_or_else(|| StatusCode::NOT_FOUND.into_response())
}

async fn asset(Path(name): Path<String>) -> Response {
    match find(&name) {
        Some(asset) => serve(asset),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// `/`, `/play/{id}`, `/review/{id}`, `/analysis` (all the page) and `/assets/{file}`.
pub fn routes() -> Router<Hub> {
    Router::new()
        .route("/", get(index))
        .route("/play/{id}", get(index))
        .route("/review/{id}", get(index))
        .route("/analysis", get(index))
        .route("/assets/{*name}", get(asset))
}
