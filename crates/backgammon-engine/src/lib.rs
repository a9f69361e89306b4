//! Backgammon engine: evaluation, search and databases over the `ludus-backgammon` rules.
//!
//! * [`board`]: the engine's compact [`Board`] (two `[u8; 26]`, side on roll first) and successor
//!   generation;
//! * [`encoding`], [`net`]: the network's inputs, the network and its weights file;
//! * [`eval`]: [`Probabilities`] and the [`Evaluator`] trait ([`NetEvaluator`]: network + bearoff);
//! * [`bearoff`]: the one-sided bearoff database;
//! * [`search`]: n-ply lookahead; [`player`]: the [`Player`] trait and players;
//! * [`train`]: self-play TD(λ); [`duel`]: mirrored-dice matches between players;
//! * [`cube`]: cubeful equity, cube decisions, the match equity table; [`rollout`]: rollouts;
//! * [`engine`]: all of it in the rules crate's terms (`Position`, `Move`, `MatchState`), with
//!   strength levels, for front ends.
#![warn(missing_docs)]

pub mod analysis;
pub mod bearoff;
pub mod board;
pub mod cube;
pub mod duel;
pub mod encoding;
pub mod engine;
pub mod eval;
pub mod match_context;
pub mod net;
pub mod player;
pub mod rollout;
pub mod search;
pub mod train;

pub use board::Board;
pub use eval::{Evaluator, NetEvaluator, Probabilities};
pub use net::Net;
pub use player::{HeuristicPlayer, NetPlayer, Player, RandomPlayer};
