//! Un-moves (`for_each_quiet_unmove`, `unplay`) against the forward generator: on random setups
//! they equal a brute-force search over every candidate predecessor, and every quiet shift of a
//! random game is found again from the position it leads to.

use crate::differential::Random;
use ludus_morris::{ALL_SQUARES, Color, Move, Position, Rules, Setup, Square};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    prop_oneof![Just(Rules::standard()), Just(Rules::no_flying())]
}

/// The un-moves as the library lists them.
fn unmoves(position: &Position, rules: &Rules) -> BTreeSet<Move> {
    let mut found = BTreeSet::new();
    position.for_each_quiet_unmove(rules, |mv| {
        assert!(found.insert(mv), "{mv} emitted twice in {position}");
    });
    found
}

/// Every shift `from-to` of the side that just moved (to one of its pieces, from an empty point)
/// whose predecessor is a legal position where that shift is a legal quiet move leading here.
fn brute_force_unmoves(position: &Position, rules: &Rules) -> BTreeSet<Move> {
    let mover = position.side_to_move().opponent();
    let theirs = position.pieces(mover);
    let mut found = BTreeSet::new();
    for to in Square::iter_bits(theirs) {
        for from in Square::iter_bits(position.empty()) {
            let mut pieces = [position.pieces(Color::White), position.pieces(Color::Black)];
            pieces[mover.index()] = (theirs & !to.bit()) | from.bit();
            let setup = Setup {
                pieces,
                in_hand: [
                    position.in_hand(Color::White),
                    position.in_hand(Color::Black),
                ],
                side_to_move: mover,
                plies_since_removal: 0,
            };
            let Ok(before) = Position::try_from(setup) else {
                continue;
            };
            let mv = Move::shift(from, to);
            if before.legal_moves(rules).contains(&mv)
                && before.play(mv).board_key() == position.board_key()
            {
                found.insert(mv);
            }
        }
    }
    found
}

/// A legal setup from random bit patterns: at most `max` pieces a side, both hands as given.
fn random_setup(bits: [u32; 2], max: [u32; 2], hand: u8, black_to_move: bool) -> Option<Position> {
    let keep = |mut set: u32, max: u32| {
        while set.count_ones() > max {
            set &= set - 1;
        }
        set
    };
    let white = keep(bits[0] & ALL_SQUARES, max[0]);
    let black = keep(bits[1] & ALL_SQUARES & !white, max[1]);
    let in_hand = match (black_to_move, hand) {
        (true, 0) => [0, 0],
        (true, h) => [h - 1, h],
        (false, h) => [h, h],
    };
    Position::try_from(Setup {
        pieces: [white, black],
        in_hand,
        side_to_move: if black_to_move {
            Color::Black
        } else {
            Color::White
        },
        plies_since_removal: 3,
    })
    .ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    /// Mostly movement-phase setups (hand 0), some with pieces in hand, two-piece sides included.
    #[test]
    fn unmoves_equal_a_brute_force_search_of_predecessors(
        bits in any::<[u32; 2]>(),
        max in [2u32..=9, 2u32..=9],
        hand in prop_oneof![4 => Just(0u8), 1 => 1u8..=9],
        black_to_move in any::<bool>(),
        rules in rules_strategy(),
    ) {
        let Some(position) = random_setup(bits, max, hand, black_to_move) else {
            return Ok(());
        };
        let found = unmoves(&position, &rules);
        prop_assert_eq!(&found, &brute_force_unmoves(&position, &rules), "{}", position);
        for mv in found {
            let before = position.unplay(mv);
            prop_assert_eq!(Position::try_from(before.setup()), Ok(before));
            prop_assert_eq!(before.plies_since_removal(), 2);
            prop_assert_eq!(before.play(mv), position);
        }
    }
}

#[test]
fn every_quiet_shift_of_random_games_is_found_from_where_it_leads() {
    let mut checked = 0;
    for rules in [Rules::standard(), Rules::no_flying()] {
        for seed in 0..200 {
            let mut random = Random::new(seed);
            let mut position = Position::new();
            // Up to 60 plies without a removal: long enough to shuffle, short enough to end.
            while position.plies_since_removal() <= 60 {
                let moves = position.legal_moves(&rules);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[random.below(moves.len())];
                let after = position.play(mv);
                if mv.from.is_some() && mv.remove.is_none() {
                    assert!(unmoves(&after, &rules).contains(&mv), "{position}: {mv}");
                    assert_eq!(after.unplay(mv), position, "{position}: {mv}");
                    checked += 1;
                }
                position = after;
            }
        }
    }
    assert!(checked > 1000, "only {checked} quiet shifts");
}
