//! Integration tests of `ludus-server`, one binary (link time on 2 cores).
//!
//! Index:
//! - `common`    — helpers: an in-memory hub, a `oneshot` caller, polling for the computer.
//! - `api`       — every endpoint and every error case through `tower::ServiceExt::oneshot`.
//! - `websocket` — a real server on 127.0.0.1:0; watchers receive every state change.
//! - `restart`   — a file database: drop the server, reopen it, every game resumes with history.
//! - `games`     — the game adapters: random playouts, replay determinism, the cube's ceiling.
//! - `i18n`      — every error code and every key the page asks for has a message in every
//!   language; the `.ftl` files are served as the crate has them.
//! - `players`   — test support: a stand-in computer player (first legal move).

mod api;
mod common;
mod games;
mod i18n;
mod players;
mod restart;
mod websocket;
