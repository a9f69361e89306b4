//! Integration tests of `ludus-morris` (one test binary; each module is one theme).
//!
//! - `naive`: a second, deliberately naive implementation of the rules (plain arrays, geometry
//!   derived from coordinates) that the other modules compare the library with.
//! - `perft`: perft fixtures from `data/perft.txt`, checked against the library and the naive rules.
//! - `differential`: library moves == naive moves on fixture positions and random games.
//! - `properties`: proptest random games to the end: piece counts, round-trips, symmetries.
//! - `rules`: one focused test per rule of rules.md part A (and the decisions).
//! - `notation`: move notation and the text form: examples, errors, round-trips.
//! - `formats`: Sanmill's FEN, move tokens and the game record: golden files, errors, round trips.
//! - `game`: the `Game` history and its draws.
//! - `retro`: un-moves (the solver's predecessor generator) against a brute-force search and
//!   against the forward generator on random games.
//! - `random_input`: random bytes and mutated lines fed to every parser never panic.
//! - `parser_checks`: the checks behind `random_input`, shared with the cargo-fuzz target.
//! - `geometry`: the board tables against their names.

mod differential;
mod formats;
mod game;
mod geometry;
mod naive;
mod notation;
mod parser_checks;
mod perft;
mod properties;
mod random_input;
mod retro;
mod rules;
