//! Fuzzes the two Morris parsers (move notation and the position text form): no input may
//! panic, and whatever parses must write back to text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludus_morris::{Move, Position, Rules, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    if let Ok(setup) = text.parse::<Setup>() {
        assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
    }
    if let Ok(position) = text.parse::<Position>() {
        assert_eq!(position.to_string().parse::<Position>(), Ok(position));
        for rules in [Rules::standard(), Rules::no_flying()] {
            for &mv in position.legal_moves(&rules).iter() {
                assert_eq!(position.play_checked(&rules, mv), Ok(position.play(mv)));
            }
        }
    }
});
