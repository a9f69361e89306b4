//! Backgammon rules: positions, legal moves, notation. No I/O, no engine.
#![warn(missing_docs)]
