//! Property tests: random legal games to the end, checking invariants at every ply.

use crate::naive::{library_notation, naive_notation};
use ludus_morris::geometry::{MILLS, Symmetry};
use ludus_morris::{ALL_SQUARES, Color, Game, Move, PIECES_PER_SIDE, Position, Rules, perft};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Perft depth compared across the 16 symmetries (a few hundred nodes each).
const SYMMETRY_PERFT_DEPTH: u32 = 2;

/// Check perft symmetry only every this many plies (it costs 16 perfts).
const SYMMETRY_PERFT_EVERY: usize = 7;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    prop_oneof![Just(Rules::standard()), Just(Rules::no_flying())]
}

/// Plays a random game to its end; `choices` pick the moves (cycled).
fn random_game(rules: Rules, choices: &[u16]) -> Game {
    let mut game = Game::new(rules);
    for ply in 0.. {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let choice = usize::from(choices[ply % choices.len()]) + ply;
        game.play(moves[choice % moves.len()]).unwrap();
    }
    game
}

fn move_set(moves: impl IntoIterator<Item = Move>) -> BTreeSet<String> {
    moves.into_iter().map(|mv| mv.to_string()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_every_invariant(
        rules in rules_strategy(),
        choices in prop::collection::vec(any::<u16>(), 1..64),
    ) {
        let game = random_game(rules, &choices);
        prop_assert!(game.outcome().is_some(), "a game ends");
        let mut removed = [0u32; 2];
        for (ply, position) in game.positions().iter().enumerate() {
            // Pieces are conserved: board + hand + removed = nine.
            for color in Color::ALL {
                prop_assert_eq!(
                    position.piece_count(color) + removed[color.index()],
                    u32::from(PIECES_PER_SIDE)
                );
            }
            // The library and the naive rules agree.
            prop_assert_eq!(library_notation(position, &rules), naive_notation(position, &rules));
            // Text form and notation round-trip.
            prop_assert_eq!(position.to_string().parse::<Position>(), Ok(*position));
            let moves = position.legal_moves(&rules);
            for &mv in moves.iter() {
                prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
                prop_assert_eq!(position.play_checked(&rules, mv), Ok(position.play(mv)));
            }
            // A random symmetry maps the moves to the moves of the image.
            let symmetry = Symmetry::ALL[ply % Symmetry::ALL.len()];
            let image = position.transformed(symmetry);
            prop_assert_eq!(
                move_set(image.legal_moves(&rules).iter().copied()),
                move_set(moves.iter().map(|mv| mv.transformed(symmetry)))
            );
            if ply % SYMMETRY_PERFT_EVERY == 0 {
                let expected = perft(position, &rules, SYMMETRY_PERFT_DEPTH);
                for symmetry in Symmetry::ALL {
                    prop_assert_eq!(
                        perft(&position.transformed(symmetry), &rules, SYMMETRY_PERFT_DEPTH),
                        expected
                    );
                }
            }
            if game.moves().get(ply).is_some_and(|mv| mv.remove.is_some()) {
                removed[position.side_to_move().opponent().index()] += 1;
            }
        }
    }

    #[test]
    fn symmetries_map_mills_to_mills_and_keep_piece_counts(bits in 0u32..=ALL_SQUARES) {
        for symmetry in Symmetry::ALL {
            let image = symmetry.apply_bits(bits);
            prop_assert_eq!(image.count_ones(), bits.count_ones());
            prop_assert_eq!(symmetry.inverse().apply_bits(image), bits);
            let mills_before = MILLS.iter().filter(|&&m| bits & m == m).count();
            let mills_after = MILLS.iter().filter(|&&m| image & m == m).count();
            prop_assert_eq!(mills_before, mills_after);
        }
    }
}

/// Keeps at most `max` of the set bits of `bits` (the lowest ones).
fn keep_lowest(mut bits: u32, max: u32) -> u32 {
    while bits.count_ones() > max {
        bits &= !(1 << (31 - bits.leading_zeros()));
    }
    bits
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary legal setups, not only those reached from the start: mills everywhere, empty
    /// sides during placement, both sides flying.
    #[test]
    fn random_setups_generate_the_naive_moves(
        white in 0u32..=ALL_SQUARES,
        black in 0u32..=ALL_SQUARES,
        max_white in 0u32..=9,
        max_black in 0u32..=9,
        black_to_move in any::<bool>(),
        hand in 0u8..=9,
        rules in rules_strategy(),
    ) {
        let white = keep_lowest(white, max_white);
        let black = keep_lowest(black & !white, max_black);
        let in_hand = match (black_to_move, hand) {
            (true, 0) => [0, 0],
            (true, h) => [h - 1, h],
            (false, h) => [h, h],
        };
        let setup = ludus_morris::Setup {
            pieces: [white, black],
            in_hand,
            side_to_move: if black_to_move { Color::Black } else { Color::White },
            plies_since_removal: 0,
        };
        let Ok(position) = Position::try_from(setup) else {
            return Ok(());
        };
        prop_assert_eq!(library_notation(&position, &rules), naive_notation(&position, &rules));
        prop_assert_eq!(
            position.count_legal_moves(&rules),
            position.legal_moves(&rules).len() as u64
        );
        prop_assert_eq!(position.legal_moves(&rules).is_empty(), position.outcome(&rules).is_some());
    }
}
