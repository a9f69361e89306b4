//! Tests of ludus-interop, one binary. Index:
//! - `fibs`: FIBS board lines (golden round trip of lines recorded from gnubg, board reading);
//! - `external`: the external-player session (every reply legal, cube rules, bad lines);
//! - `matchfiles`: gnubg SGF import against gnubg's `.mat` exports of the same matches (the `.mat`
//!   reader and writer are the rules crate's);
//! - `uci`: the UCI-like protocol over a scripted brain (the recorded session with the engine is
//!   replayed through `ludus morris uci` in the CLI tests);
//! - `player_protocol`: Ludus's line protocol for backgammon players (request lines round trip,
//!   a served session read back, illegal plays and bad replies are errors);
//! - `fuzz`: malformed input to every parser: one clear error, never a panic (proptest);
//! - `players`: the test players of the backgammon protocols (one set for every session);
//! - `xg`: eXtreme Gammon files: a file the project makes (`xg_writer`) opens to its match, cut,
//!   damaged and random files are refused with a reason.

mod external;
mod fibs;
mod fuzz;
mod matchfiles;
mod player_protocol;
mod players;
mod uci;
mod xg;
mod xg_writer;

/// The path of a file of `tests/data`.
pub fn data_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// A text file of `tests/data`.
pub fn data(name: &str) -> String {
    let path = data_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
