//! Random bytes and random near-miss strings fed to the parsers: never a panic, and whatever
//! parses writes back to an equivalent text.

use crate::parser_checks::check_text;
use proptest::prelude::*;

/// Characters the formats use, so random strings get past the first checks.
const ALPHABET: &[u8] = b"abcdefgABG1234567-xX/WB.wb 0123456789\t*O@[]\"pmrs\n";

/// A line of each format, for mutation.
const SEEDS: [&str; 4] = [
    "W......./.B....../.......W b 8 8 3",
    "********/O*@*O*@*/@*O***** w p p 3 6 3 6 0 0 -1 -1 -1 -1 0 6 4",
    "[Event \"x\"]\n[Rules \"no-flying\"]\n\n1. a7 a1 2. d7 a4 3. g7 xa1 *\n",
    "standard n-move-rule=50 threefold-repetition=off",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes_never_panic_the_parsers(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        check_text(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_format_characters_never_panic_the_parsers(
        picks in prop::collection::vec(0..ALPHABET.len(), 0..48),
    ) {
        let text: String = picks.iter().map(|&i| ALPHABET[i] as char).collect();
        check_text(&text);
    }

    #[test]
    fn mutated_lines_never_panic_the_parsers(
        seed in 0..SEEDS.len(),
        edits in prop::collection::vec((any::<usize>(), 0..ALPHABET.len()), 1..4),
    ) {
        let mut text = SEEDS[seed].as_bytes().to_vec();
        for (at, replacement) in edits {
            let index = at % text.len();
            text[index] = ALPHABET[replacement];
        }
        check_text(&String::from_utf8_lossy(&text));
    }
}
