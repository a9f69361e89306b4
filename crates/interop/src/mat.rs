//! `.mat` files through the rules crate's reader, with gnubg's layout quirks smoothed first.
//!
//! gnubg 1.07 writes the result of a dropped double on the line of the drop, in the right
//! column (`10)  Drops                       Wins 2 points`); the rules crate's reader expects
//! `Wins` on a line of its own. [`normalize_gnubg_mat`] moves such a `Wins` to its own line at
//! the same column, and [`read_mat`] reads the result.

use ludus_backgammon::{MatError, Match};

/// Moves a `Wins N points` that follows another entry on a numbered line to its own line, at
/// the same column.
pub fn normalize_gnubg_mat(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.lines() {
        let numbered = line
            .trim_start()
            .split_once(')')
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        match line.find("Wins") {
            Some(at) if numbered && at > 0 && line.is_char_boundary(at) => {
                out.push_str(line[..at].trim_end());
                out.push('\n');
                out.push_str(&" ".repeat(at));
                out.push_str(&line[at..]);
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// Reads a `.mat` text as gnubg exports it (see the module documentation).
pub fn read_mat(text: &str) -> Result<Match, MatError> {
    ludus_backgammon::read_mat(&normalize_gnubg_mat(text))
}
