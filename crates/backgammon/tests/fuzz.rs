//! Every parser fed random and mutated text: errors are fine, panics are not.

use ludus_backgammon::{Dice, MatchState, Position, Xgid, read_mat};
use proptest::prelude::*;

/// Valid inputs to mutate: ids, XGIDs, moves, a `.mat` record.
const SEEDS: [&str; 6] = [
    "4HPwATDgc/ABMA",
    "cIkFAAAAAAAA",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10",
    "bar/22* 13/7(2) 6/off 24/18/11",
    include_str!("data/gnubg_5_point_match.mat"),
    include_str!("data/gnubg_3_point_match.mat"),
];

fn feed_everything(text: &str) {
    let _ = Position::from_position_id(text);
    let _ = MatchState::from_match_id(text);
    let _ = text.parse::<Xgid>();
    let _ = text.parse::<Dice>();
    let _ = read_mat(text);
    let start = Position::starting();
    for (dice, _) in Dice::ALL_21 {
        let _ = start.parse_move(dice, text);
    }
}

/// A valid seed with some characters replaced, inserted or removed.
fn mutated() -> impl Strategy<Value = String> {
    (
        0..SEEDS.len(),
        prop::collection::vec((any::<usize>(), any::<char>(), 0u8..3), 1..8),
    )
        .prop_map(|(seed, edits)| {
            let mut chars: Vec<char> = SEEDS[seed].chars().collect();
            for (at, c, kind) in edits {
                let at = at % (chars.len() + 1);
                match kind {
                    0 if at < chars.len() => chars[at] = c,
                    1 => chars.insert(at, c),
                    _ if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ => {}
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_text_never_panics_a_parser(text in ".{0,80}") {
        feed_everything(&text);
    }

    #[test]
    fn base64_like_text_never_panics_a_parser(text in "[A-Za-z0-9+/]{10,16}") {
        feed_everything(&text);
    }

    #[test]
    fn mutated_valid_input_never_panics_a_parser(text in mutated()) {
        feed_everything(&text);
    }

    #[test]
    fn move_like_text_never_panics_the_move_reader(text in "((bar|off|[0-9]{1,3})[/*()0-9]{0,6} ?){0,5}") {
        feed_everything(&text);
    }
}
