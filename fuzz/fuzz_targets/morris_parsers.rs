//! Fuzzes every Morris parser (move notation, the position text form, rules, Sanmill's FEN, the
//! game record): no input may panic, and whatever parses must write back to text that parses to
//! the same value. The checks are those of the stable proptest module
//! `crates/morris/tests/random_input.rs`, shared through one file.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/morris/tests/parser_checks.rs"]
mod parser_checks;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        parser_checks::check_text(text);
    }
});
