//! Backgammon engine: evaluation, search and databases over the `ludus-backgammon` rules.
#![warn(missing_docs)]
