//! The field's formats and protocols, so that Ludus plugs into the tools players already own.
//!
//! Backgammon:
//! * [`fibs`]: FIBS board lines as gnubg's external-player protocol sends them;
//! * [`external`]: the external-player session (board line in, reply out) over the rules
//!   crate's [`ludus_backgammon::player::Player`], which the binary fills with the engine;
//! * [`external_server`]: that session over TCP, a thread and a player per connection, with
//!   limits on connections, idle time and line length;
//! * [`sgf`]: gnubg's SGF match files (import into the rules crate's match record, export);
//! * [`xg`]: eXtreme Gammon's `.xg` match files (import);
//! * [`matchfile`]: a match file of any of these formats (or `.mat`), chosen by its extension;
//! * [`player_protocol`]: Ludus's line protocol for backgammon players (moves, cube decisions,
//!   evaluations by Position ID and Match ID), the host's client and the player's loop.
//!
//! Nine Men's Morris (Sanmill):
//! * [`uci`]: Sanmill's UCI-like engine protocol as a pure state machine over
//!   the one Morris player (`ludus_morris::player::Player`) with the protocol's extras,
//!   [`uci::UciEngine`] (the engine side implements them; this crate depends on no Morris
//!   engine). Sanmill's FEN, its move tokens and the game record are text formats of the rules
//!   crate (`ludus_morris::{fen, token, record}`).
//!
//! `.mat` files are read and written by the rules crate (`ludus_backgammon::read_mat`,
//! `write_mat`); the post-game analysis of a match lives with the engine
//! (`ludus_backgammon_engine::analysis`). Formats are described in `docs/interop-formats.md`.
#![warn(missing_docs)]

pub mod external;
pub mod external_server;
pub mod fibs;
pub mod matchfile;
pub mod player_protocol;
pub mod sgf;
pub mod uci;
pub mod xg;
