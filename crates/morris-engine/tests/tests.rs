//! Integration tests of `ludus-morris-engine`. Index:
//!
//! - `common`: a seeded random game generator, a temporary database directory, and the changed
//!   value the verify tests plant.
//! - `eval`: the evaluation and the table keys are invariant under the 16 symmetries (and the
//!   evaluation under swapping the colours); weights files.
//! - `index`: the symmetry-reduced index is invariant under the 16 symmetries and round-trips.
//! - `database`: 3-vs-3 (flying and not) against a naive full solver written here (ignored: a
//!   minute or two each) and, on samples, against a plain recursive solver with a horizon; the
//!   verify pass (and that it catches a corrupted value); results independent of the thread count;
//!   resumed builds; the file format's round trip (raw and compressed) and its error checks; `probe`.
//! - `no_flying`: the game with three stones a side without flying against a plain solver
//!   written there (retrograde sweeps for the movement phase, minimax for the placements), every
//!   board of every sector.
//! - `opening`: an opening table written from the solved three-stone game reads back the same
//!   and answers probes without the directory's files; damaged tables are refused; the shipped
//!   table of the standard game is consistent sector by sector and says the opening is a draw; the
//!   placement verify catches a changed value and names its slot.
//! - `pinned`: fixed-depth searches (plain, noisy, with history, probing databases) whose move,
//!   score, principal variation and node count are written down: refactorings keep them.
//! - `search`: forced wins found (also with Lazy SMP), database-known losses avoided, perfect play
//!   inside a built sub-space, repetition draws, levels; the level-10 vs level-3 match (ignored).
//! - `truth`: the judge's values against the search of the position after each move, the engine's
//!   own choice never an error, the review against the solved three-stone game (four-stone:
//!   ignored), no placement into a blockade at the end of placement.

mod common;
mod database;
mod eval;
mod index;
mod no_flying;
mod opening;
mod pinned;
mod placement;
mod search;
mod truth;
