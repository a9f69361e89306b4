//! Backgammon engine: evaluation, search and databases over the `ludus-backgammon` rules. It
//! plays on the rules crate's [`Position`](ludus_backgammon::Position), `Dice` and `MatchState`
//! and takes its plays from the rules crate's move generator.
//!
//! * [`probabilities`]: [`Probabilities`], the five cubeless chances of a position;
//! * [`encoding`], [`net`], [`activation`]: the network's inputs, the network and its weights
//!   file, its sigmoid;
//!   [`classes`]: a network a position class (contact, crashed, race) and their bundle file;
//! * [`eval`]: the [`Evaluator`] trait ([`NetEvaluator`]: network + bearoff, replies ranked by
//!   the small pruning network inside the lookahead);
//! * [`bearoff`]: the one- and two-sided bearoff databases;
//! * [`filters`]: the move filters of the lookahead; [`search`]: n-ply lookahead; [`player`]: the
//!   engine's players of the rules crate's [`Player`](ludus_backgammon::player::Player) trait;
//! * [`cube`]: the cube model (cubeful equity, cube decisions, the match equity table);
//!   [`match_context`]: the cube and score of a decision and its normalised equities;
//!   [`doubling`]: the cube decision of a position at n plies; [`rollout`]: rollouts;
//! * [`analysis`]: post-game analysis of a match record (equity lost per decision, gnubg's marks);
//! * [`level`]: the strength levels 1..=10 of every front end, one table;
//! * [`engine`]: all of it for front ends, in the rules crate's terms, at a level;
//! * [`workloads`]: the fixed workloads of `ludus bench`.
//!
//! Training and measuring (self-play and supervised training, the pruning network's
//! distillation, duels) live in `ludus-coach`.
#![warn(missing_docs)]

pub mod activation;
pub mod analysis;
pub mod bearoff;
pub mod classes;
pub mod cube;
pub mod doubling;
pub mod encoding;
pub mod engine;
pub mod eval;
mod eval_cache;
pub mod filters;
pub mod level;
pub mod match_context;
pub mod net;
pub mod player;
pub mod probabilities;
pub mod rollout;
pub mod search;
pub mod seat;
pub mod workloads;

pub use eval::{Evaluator, NetEvaluator};
pub use net::Net;
pub use player::{HeuristicPlayer, NetPlayer, RandomPlayer};
pub use probabilities::Probabilities;
