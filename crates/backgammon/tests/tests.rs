//! Integration tests of `ludus-backgammon`, one binary. Index:
//! - `automatic`: the steps that need no decision (next game, a roll without a double, the
//!   empty move).
//! - `common`: the `pos!` board fixture macro.
//! - `fuzz`: random and mutated text fed to every parser: no panics.
//! - `gnubg`: gnubg's path and whether it runs (the binary's tests include this file too).
//! - `gnubg_oracle`: optional (ignored) comparison of play lists with GNU Backgammon.
//! - `interop_examples`: the worked examples of docs/interop.md (Position ID, Match ID, XGID).
//! - `mat`: `.mat` records (gnubg golden files, round trips, errors).
//! - `movegen_rules`: hand-made positions, one per dice-usage rule.
//! - `naive_movegen`: a deliberately naive second generator compared with the fast one.
//! - `notation`: gnubg move notation, written and read.
//! - `properties`: proptest invariants (checker totals, pips, notation and id round-trips).
//! - `scoring`: kinds of win, points × cube, Jacoby, beavers, ceiling, resignations, Crawford.
//! - `take_back`: taking back a play (random matches, doubles, the cube, game boundaries).
//! - `start`: where play can go on from (set-ups, pasted ids); the boards of a played move.
//! - `turn`: the turn builder (checker steps, undo) against the generator and a brute force.

#[macro_use]
mod common;
mod auto_bear_off;
mod automatic;
mod fuzz;
mod gnubg;
mod gnubg_oracle;
mod interop_examples;
mod mat;
mod movegen_rules;
mod naive_movegen;
mod notation;
mod properties;
mod scoring;
mod start;
mod take_back;
mod turn;
