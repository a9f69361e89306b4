//! The coach: everything that trains or measures the engines, for both games, apart from the
//! engines (which keep only what plays) and the binary (which keeps only arguments, progress
//! bars and printing).
//!
//! One crate serves both games because the measuring is shared: the 95 % intervals of both
//! duels, the bound on parallel jobs, and the job model of long chunked computations
//! (labelling positions, later solving sectors) are the same code.
//!
//! * [`backgammon`]: training, labelling, distillation, duels, error rates and the clients for
//!   other programs, for the backgammon engine;
//! * [`file_error`]: a failed read or write of one of the coach's files;
//! * [`stats`]: the 95 % interval of a mean, the bound on parallel jobs.
//! * [`morris`]: Morris duels, tuning, duel player specs, the client of UCI-like programs.
#![warn(missing_docs)]

pub mod backgammon;
pub mod file_error;
pub mod morris;
pub mod stats;
