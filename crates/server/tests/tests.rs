//! Integration tests of `ludus-server`, one binary (link time on 2 cores).
//!
//! Index:
//! - `common`    — helpers: an in-memory hub, a `oneshot` caller, polling for the computer, games
//!   and states straight from a hub, the gate analyser, the pushed states of a socket.
//! - `client`    — a loopback HTTP client and percentiles (the load bench shares it).
//! - `api`       — every endpoint and every error case through `tower::ServiceExt::oneshot`.
//! - `websocket` — a real server on 127.0.0.1:0; watchers receive every state change.
//! - `restart`   — SQLite and PostgreSQL: drop the server, reopen it, every game resumes with
//!   history; migrations.
//! - `postgres`  — a throw-away PostgreSQL server and a fresh database per test.
//! - `instances` — two hubs on one PostgreSQL database: pushes across, racing moves, the computer.
//! - `abuse`     — rate limits (429), live games per client, the analysis pool (503), fast moves.
//! - `operations` — `/healthz`, `/metrics`, graceful shutdown, the bounded cache of games.
//! - `games`     — the game adapters: random playouts, replay determinism, the cube's ceiling.
//! - `i18n`      — every error code and every key the page asks for has a message in every
//!   language; the `.ftl` files are served as the crate has them.
//! - `rollouts`  — the analysis board's rollouts: started, asked about to their end, stopped,
//!   bounded per client, bad trials refused.
//! - `players`   — test support: a stand-in computer player (first legal move).
//! - `setup`     — `POST /api/setup` (set-ups checked and written as ids, refusals), the mills and
//!   the boards of the last move in the views.
//! - `web_rules` — no rule table or id encoder in the page's files (`web/`).

mod abuse;
mod api;
mod client;
mod common;
mod games;
mod i18n;
mod instances;
mod operations;
mod players;
mod postgres;
mod restart;
mod rollouts;
mod setup;
mod web_rules;
mod websocket;
