//! The checks that random and fuzzed text goes through, shared by the proptest module
//! `random_input` and the cargo-fuzz target `fuzz/fuzz_targets/morris_parsers.rs` (which includes
//! this file by path): no parser may panic, and whatever parses writes back to text that parses to
//! the same value.

use ludus_morris::fen::Fen;
use ludus_morris::record::Record;
use ludus_morris::token::apply_token;
use ludus_morris::{Move, Position, Rules, Setup, Square};

/// Feeds `text` to every Morris parser and checks the round trips of what parses.
pub fn check_text(text: &str) {
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    if let Ok(setup) = text.parse::<Setup>() {
        assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
    }
    if let Ok(position) = text.parse::<Position>() {
        check_position(&position);
    }
    if let Ok(rules) = text.parse::<Rules>() {
        assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
    }
    let _ = text.parse::<Square>();
    if let Ok(fen) = text.parse::<Fen>() {
        assert_eq!(fen.to_string().parse::<Fen>(), Ok(fen.clone()));
        if let Ok(state) = fen.state() {
            let _ = apply_token(&state, &Rules::standard(), text);
        }
    }
    if let Ok(record) = text.parse::<Record>() {
        assert_eq!(record.to_string().parse::<Record>(), Ok(record));
    }
}

/// A parsed position writes back, and every legal move passes the checked play.
fn check_position(position: &Position) {
    assert_eq!(position.to_string().parse::<Position>(), Ok(*position));
    for rules in [Rules::standard(), Rules::no_flying()] {
        let _ = position.outcome(&rules);
        for &mv in position.legal_moves(&rules).iter() {
            assert_eq!(position.play_checked(&rules, mv), Ok(position.play(mv)));
        }
    }
}
