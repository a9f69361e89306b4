//! Random bytes and random near-miss strings fed to the parsers: never a panic, and whatever
//! parses writes back to an equivalent text.

use ludus_morris::{Move, Position, Rules, Setup, Square};
use proptest::prelude::*;

/// Characters the formats use, so random strings get past the first checks.
const ALPHABET: &[u8] = b"abcdefgABG1234567-xX/WB.wb 0123456789\t";

fn check(text: &str) {
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    if let Ok(setup) = text.parse::<Setup>() {
        assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
    }
    if let Ok(position) = text.parse::<Position>() {
        assert_eq!(position.to_string().parse::<Position>(), Ok(position));
        // Any parsed position is safe to generate moves in.
        let _ = position.legal_moves(&Rules::standard());
        let _ = position.outcome(&Rules::standard());
    }
    let _ = text.parse::<Square>();
    let _ = text.parse::<Rules>();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic_the_parsers(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        check(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_format_characters_never_panic_the_parsers(
        picks in prop::collection::vec(0..ALPHABET.len(), 0..48),
    ) {
        let text: String = picks.iter().map(|&i| ALPHABET[i] as char).collect();
        check(&text);
    }

    #[test]
    fn mutated_positions_never_panic_the_parsers(
        position in 0usize..36, replacement in 0..ALPHABET.len(),
    ) {
        let mut text = "W......./.B....../.......W b 8 8 3".as_bytes().to_vec();
        let index = position % text.len();
        text[index] = ALPHABET[replacement];
        check(&String::from_utf8_lossy(&text));
    }
}
