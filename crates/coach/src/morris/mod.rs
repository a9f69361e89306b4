//! Training and measuring the Morris engine.
//!
//! * [`duel`]: two players over seeded openings, each with both colours; W-D-L, Elo with its
//!   95 % interval, SPRT.
//! * [`tune`]: Texel tuning of the evaluation weights on seeded self-play.
//! * [`spec`]: the players of a duel as written on the command line (`level:N`, `depth:N`,
//!   `movetime:MS`, `uci:COMMAND…`).
//! * [`uci_client`]: another program over Sanmill's UCI-like protocol as a player.
//!
//! Every player is the one Morris player trait, `ludus_morris::player::Player`.

pub mod duel;
pub mod spec;
pub mod tune;
pub mod uci_client;
