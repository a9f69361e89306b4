//! Integration tests of `ludus-morris-engine`. Index:
//!
//! - `common`: a seeded random game generator and a temporary database directory.
//! - `movegen`: the engine's own bitboard tables and move generator agree with `ludus-morris`.
//! - `index`: the symmetry-reduced index is invariant under the 16 symmetries and round-trips.
//! - `database`: 3-vs-3 (flying and not) against a naive solver written here; the verify pass;
//!   the file format's round trip and its error checks; `probe`.
//! - `search`: forced wins found, database-known losses avoided, repetition draws, levels.

mod common;
mod database;
mod index;
mod movegen;
mod search;
