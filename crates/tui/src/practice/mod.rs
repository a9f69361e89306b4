//! Practice from your own games in the terminal (`ludus practice`): the player file
//! ([`store`]), reviews turned into exercises ([`decisions`]) and written as they are made
//! ([`log`]), an exercise set up on the game's
//! own screen and its answer judged ([`bg`], [`morris`]), the practice screen ([`screen`]) and
//! the progress table ([`table`]); the commands on the file ([`commands`]). What an exercise is, the SM-2 schedule and the file format
//! are `ludus-practice`'s.

pub mod bg;
pub mod commands;
pub mod decisions;
pub mod log;
pub mod morris;
pub mod screen;
pub mod store;
pub mod table;

pub use ludus_practice;

/// One choice of the ranking shown with an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedChoice {
    /// The play, cube action or move.
    pub choice: String,
    /// Its value as shown: equity (`+0.123`) or the perfect value (`win in 12`).
    pub value: String,
    /// Whether this is the player's answer.
    pub yours: bool,
}

/// An answer judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The answer is the best choice (backgammon: no equity lost; Morris: keeps the value).
    pub right: bool,
    /// The answer, in notation or the review's words.
    pub answer: String,
    /// The best choice.
    pub best: String,
    /// The best choices, best first, the answer marked.
    pub ranking: Vec<RankedChoice>,
    /// The plies of the backgammon ranking (`None` for Morris's perfect values).
    pub plies: Option<u8>,
}
