//! The one Morris player: given a game, choose the whole turn to play. Implemented by the engine
//! (`ludus-morris-engine`), by programs over Sanmill's UCI-like protocol (`ludus-coach`) and by
//! test scripts; taken by the duels, the UCI protocol (`ludus-interop`), the server's computer
//! seat and the terminal UI. It lives here, in the rules crate, because that is the lowest layer
//! every one of them depends on.
//!
//! ```
//! use ludus_morris::player::{Choice, Limits, Player, PlayerError};
//! use ludus_morris::{Game, Rules};
//!
//! /// Plays the first legal move.
//! struct FirstLegal;
//!
//! impl Player for FirstLegal {
//!     fn name(&self) -> String {
//!         "first-legal".to_string()
//!     }
//!
//!     fn choose(&mut self, game: &Game, _: &Limits) -> Result<Choice, PlayerError> {
//!         Ok(Choice::new(game.legal_moves().first().copied()))
//!     }
//! }
//!
//! let game = Game::new(Rules::standard());
//! let choice = FirstLegal.choose(&game, &Limits::default()).unwrap();
//! assert!(choice.best_move.is_some());
//! ```

use crate::game::Game;
use crate::moves::Move;
use std::cmp::Ordering;
use std::time::Duration;
use thiserror::Error;

/// A player failed: it crashed, answered nonsense or broke its protocol.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{player}: {message}")]
pub struct PlayerError {
    /// The player's name.
    pub player: String,
    /// What went wrong.
    pub message: String,
}

impl PlayerError {
    /// An error of the player called `player`.
    pub fn new(player: impl Into<String>, message: impl Into<String>) -> PlayerError {
        PlayerError {
            player: player.into(),
            message: message.into(),
        }
    }
}

/// When a search should stop (any limit reached). A limit left `None` is the player's own
/// choice: a player with a setting of its own (a level, a depth) keeps it where the caller
/// sets nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Thinking time.
    pub movetime: Option<Duration>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Search until a stop signal of the player's own (the UCI protocol's `go infinite`).
    pub infinite: bool,
}

impl Limits {
    /// Whether no limit is set (and the search is not infinite).
    pub fn is_empty(&self) -> bool {
        self.depth.is_none() && self.movetime.is_none() && self.nodes.is_none() && !self.infinite
    }
}

/// A search's value of a position for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An estimate in hundredths of a piece (in the player's unit).
    Pieces(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies (0: lost now).
    Loss(u32),
}

impl Score {
    /// The same value from the other side.
    pub fn flipped(self) -> Score {
        match self {
            Score::Pieces(value) => Score::Pieces(-value),
            Score::Win(plies) => Score::Loss(plies),
            Score::Loss(plies) => Score::Win(plies),
        }
    }
}

impl Ord for Score {
    /// Better for the side to move is greater: shorter wins, then estimates, then longer losses.
    fn cmp(&self, other: &Score) -> Ordering {
        let rank = |score: &Score| match *score {
            Score::Win(plies) => (2, -i64::from(plies)),
            Score::Pieces(value) => (1, i64::from(value)),
            Score::Loss(plies) => (0, i64::from(plies)),
        };
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// What a player chose, and what its search saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The whole turn to play; `None` when the player holds the game over (no legal move, or a
    /// draw it claims).
    pub best_move: Option<Move>,
    /// Its value for the side to move.
    pub score: Score,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Move>,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

impl Choice {
    /// The choice of a player that says nothing of how it chose (another program, a script):
    /// the move alone as its line, depth 0, no nodes, an even score.
    pub fn new(best_move: Option<Move>) -> Choice {
        Choice {
            best_move,
            score: Score::Pieces(0),
            depth: 0,
            pv: best_move.into_iter().collect(),
            nodes: 0,
            elapsed: Duration::ZERO,
        }
    }
}

/// A Morris player.
pub trait Player: Send {
    /// A short name for reports (`depth:4`, `uci:tgf`, `level:3`).
    fn name(&self) -> String;

    /// A new game starts; `game` is its number in a series (a duel), which players with noise
    /// may take as their seed.
    fn new_game(&mut self, game: u64) -> Result<(), PlayerError> {
        let _ = game;
        Ok(())
    }

    /// The whole turn to play in the current position of `game`, whose side to move is this
    /// player's, within `limits`.
    fn choose(&mut self, game: &Game, limits: &Limits) -> Result<Choice, PlayerError>;
}
