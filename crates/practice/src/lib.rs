#![warn(missing_docs)]
//! Practice from your own games: exercises made from a player's reviewed decisions,
//! SM-2 spaced repetition, progress statistics and the player file.
//!
//! The crate knows nothing of HTTP, terminals, databases or engines; positions are kept as the
//! text both games already use (XGID or gnubg Position ID + Match ID; Morris FEN-like text), and
//! a backgammon answer is set up as a match of one decision for a review to judge
//! ([`backgammon::judged_match`]).

pub mod backgammon;
pub mod exercise;
pub mod file;
pub mod levels;
pub mod schedule;
pub mod stats;

pub use exercise::{
    BackgammonDecision, Decision, Exercise, ExerciseId, GameKind, Question, ReviewedDecision,
    Threshold, dice_of, exercises_from,
};
pub use file::{FORMAT_VERSION, FileError, PlayerFile, export, import, review_key};
pub use levels::{LEVELS, LevelStrength, level_to_try};
pub use schedule::{Answer, Card, Day, Grade, daily_set};
pub use stats::{
    BackgammonTotals, ExerciseResult, GameRecord, Progress, ProgressRow, checker_mp_per_decision,
    progress,
};
