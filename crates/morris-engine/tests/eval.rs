//! Evaluation and symmetric table keys (tuning is tested in `ludus-coach`).

use crate::common::random_game;
use ludus_morris::geometry::Symmetry;
use ludus_morris::{Color, Position, Rules, Setup};
use ludus_morris_engine::eval::{Weights, WeightsError, evaluate, features};
use ludus_morris_engine::zobrist::canonical_key;

/// Positions of seeded random games, both rule sets.
fn sample_positions() -> Vec<(Rules, Position)> {
    let mut out = Vec::new();
    for rules in [Rules::standard(), Rules::no_flying()] {
        for seed in 0..30 {
            for position in random_game(&rules, seed, 150) {
                out.push((rules, position));
            }
        }
    }
    out
}

#[test]
fn evaluation_and_table_keys_are_invariant_under_the_symmetries() {
    for (rules, position) in sample_positions() {
        let value = evaluate(&position, &rules);
        let (key, _) = canonical_key(&position);
        for symmetry in Symmetry::ALL {
            let image = position.transformed(symmetry);
            assert_eq!(
                evaluate(&image, &rules),
                value,
                "{position} under {symmetry:?}"
            );
            assert_eq!(
                canonical_key(&image).0,
                key,
                "{position} under {symmetry:?}"
            );
        }
    }
}

#[test]
fn the_key_symmetry_maps_a_position_onto_its_class_representative() {
    let positions = sample_positions();
    for (_, position) in &positions {
        let (_, symmetry) = canonical_key(position);
        let image = position.transformed(symmetry);
        assert_eq!(
            image,
            position
                .canonical()
                .0
                .with_plies_since_removal(position.plies_since_removal()),
            "{position}"
        );
    }
    // Different classes, different keys.
    for pair in positions.windows(2) {
        let (a, b) = (pair[0].1, pair[1].1);
        if a.canonical().0.board_key() != b.canonical().0.board_key() {
            assert_ne!(canonical_key(&a).0, canonical_key(&b).0, "{a} and {b}");
        }
    }
}

#[test]
fn evaluation_does_not_depend_on_the_colours() {
    // Movement positions only: there the hands allow either side to move.
    for (rules, position) in sample_positions() {
        if !position.is_movement_phase() {
            continue;
        }
        let swapped = Position::try_from(Setup {
            pieces: [position.pieces(Color::Black), position.pieces(Color::White)],
            in_hand: [0, 0],
            side_to_move: position.side_to_move().opponent(),
            plies_since_removal: position.plies_since_removal(),
        })
        .expect("a legal position");
        assert_eq!(
            evaluate(&swapped, &rules),
            evaluate(&position, &rules),
            "{position}"
        );
    }
}

#[test]
fn weights_read_back_and_bad_files_are_explained() {
    let tuned = Weights::tuned();
    assert_eq!(Weights::parse(&tuned.to_string()), Ok(tuned));
    assert_eq!(
        Weights::parse(include_str!("../src/weights.txt")),
        Ok(tuned),
        "the compiled-in file reads"
    );
    let missing = tuned
        .to_string()
        .lines()
        .filter(|l| !l.starts_with("movement tempo"))
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(
        Weights::parse(&missing),
        Err(WeightsError::Missing {
            phase: "movement",
            feature: "tempo"
        })
    );
    for bad in [
        "placement mobility",
        "placement speed 3",
        "middle mobility 3",
        "placement mobility x",
    ] {
        assert!(
            matches!(
                Weights::parse(bad),
                Err(WeightsError::Syntax { line: 1, .. })
            ),
            "{bad}"
        );
    }
}

#[test]
fn placement_mobility_counts_the_free_neighbours() {
    // White's d7 has two free neighbours (a7, g7: d6 is Black's); Black's d6 has three.
    let position: Position = ".W....../.B....../........ w 8 8 0".parse().expect("valid");
    let f = features(&position, &Rules::standard());
    assert_eq!(f.values[5], 2 - 3, "mobility, White to move");
}
