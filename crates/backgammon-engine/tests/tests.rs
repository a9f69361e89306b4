//! Integration tests of `ludus-backgammon-engine`, one binary. Index:
//! * `analysis`: post-game analysis of match records (gnubg's exports, engine self-play);
//! * `bearoff`: the one-sided bearoff database against hand-computed values and invariants;
//! * `network`: encoding, inference and the weights file format;
//! * `batched`: batched inference against one position at a time, bit for bit;
//! * `kernels`: the inference kernels (baseline, AVX2) against each other and the exact function;
//! * `classes`: position classes, the bundle of class networks and the routing;
//! * `review`: the review's alternatives, cube table, cube and luck per decision;
//! * `search`: lookahead identities;
//! * `cube`: the match equity table and cube decisions;
//! * `cubeful`: cubeful checker play at the cube and score;
//! * `external`: the engine as gnubg's external player answers recorded board lines legally;
//! * `exact_cube`: exact cubeful bear-off values against an independent programme;
//! * `rollouts`: rollouts agree with exact values, variance reduction works;
//! * `levels`: the strength levels play legal moves and replay from their seed;
//! * `pinned`: play at fixed seeds, line by line against `tests/data/pinned.txt`.

mod analysis;
mod batched;
mod bearoff;
mod classes;
mod common;
mod cube;
mod cubeful;
mod exact_cube;
mod external;
mod kernels;
mod levels;
mod network;
mod pinned;
mod review;
mod rollouts;
mod search;
