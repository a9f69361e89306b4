//! Backgammon engine: evaluation, search and databases over the `ludus-backgammon` rules. It
//! plays on the rules crate's [`Position`](ludus_backgammon::Position), `Dice` and `MatchState`
//! and takes its plays from the rules crate's move generator.
//!
//! * [`encoding`], [`net`]: the network's inputs, the network and its weights file;
//! * [`eval`]: [`Probabilities`] and the [`Evaluator`] trait ([`NetEvaluator`]: network + bearoff);
//! * [`bearoff`]: the one- and two-sided bearoff databases;
//! * [`search`]: n-ply lookahead and its filters; [`pruning`]: the small network that ranks
//!   replies inside it; [`player`]: the engine's players of the rules crate's
//!   [`Player`](ludus_backgammon::player::Player) trait;
//! * [`train`]: self-play TD(λ); [`supervised`]: training on positions labelled by lookahead;
//!   [`duel`]: mirrored-dice matches between players;
//! * [`cube`]: cubeful equity, cube decisions, the match equity table; [`match_context`]: the
//!   cube and score of a decision; [`rollout`]: rollouts;
//! * [`analysis`]: post-game analysis of a match record (equity lost per decision, gnubg's marks);
//! * [`level`]: the strength levels 1..=10 of every front end, one table;
//! * [`engine`]: all of it for front ends, in the rules crate's terms, at a level.
#![warn(missing_docs)]

pub mod analysis;
pub mod bearoff;
pub mod cube;
pub mod duel;
pub mod encoding;
pub mod engine;
pub mod eval;
pub mod level;
pub mod match_context;
pub mod net;
pub mod player;
pub mod pruning;
pub mod rollout;
pub mod search;
pub mod supervised;
pub mod train;

pub use eval::{Evaluator, NetEvaluator, Probabilities};
pub use net::Net;
pub use player::{HeuristicPlayer, NetPlayer, RandomPlayer};
