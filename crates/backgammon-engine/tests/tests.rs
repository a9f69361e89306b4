//! Integration tests of `ludus-backgammon-engine`, one binary. Index:
//! * `successors`: the engine's successor generation equals the rules crate's legal moves;
//! * `bearoff`: the one-sided bearoff database against hand-computed values and invariants;
//! * `network`: encoding, inference and the weights file format;
//! * `search`: lookahead identities;
//! * `cube`: the match equity table and cube decisions;
//! * `rollouts`: rollouts agree with exact values, variance reduction works;
//! * `duels`: players, determinism, strength.

mod bearoff;
mod common;
mod cube;
mod duels;
mod network;
mod pinned;
mod rollouts;
mod search;
mod successors;
