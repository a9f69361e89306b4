//! Integration tests of `ludus-coach`, one binary. Index:
//! * `backgammon`: duels, training runs and the pinned lines of both.

mod backgammon;
