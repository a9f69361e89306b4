//! Perft fixtures (`data/perft.txt`) against the library and the naive rules.

use crate::naive::{self, NaivePosition};
use ludus_morris::{Position, Rules, perft};

/// Counts above this many leaves are left to the library alone in the quick tests (the naive
/// generator needs about a microsecond per node).
const NAIVE_NODE_BUDGET: u64 = 20_000_000;

/// Counts above this are only run by the ignored test `fixtures_deep_counts_match_library`.
const LIBRARY_NODE_BUDGET: u64 = 10_000_000;

/// One block of the fixture file.
pub struct Case {
    pub id: String,
    pub position: Position,
    pub rules: Rules,
    pub counts: Vec<(u32, u64)>,
}

/// Reads `data/perft.txt`.
pub fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    let mut cases = Vec::new();
    for block in text.split("\n\n") {
        let mut case = Case {
            id: String::new(),
            position: Position::new(),
            rules: Rules::standard(),
            counts: Vec::new(),
        };
        let mut seen = false;
        for line in block
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (key, value) = line.split_once(char::is_whitespace).expect("key value");
            let value = value.trim();
            seen = true;
            match key {
                "id" => case.id = value.to_string(),
                "pos" => case.position = value.parse().expect("fixture position"),
                "rules" => case.rules = value.parse().expect("fixture rules"),
                "perft" => {
                    let (depth, nodes) = value.split_once(' ').expect("depth nodes");
                    case.counts
                        .push((depth.parse().unwrap(), nodes.trim().parse().unwrap()));
                }
                other => panic!("unknown fixture key {other}"),
            }
        }
        if seen {
            cases.push(case);
        }
    }
    cases
}

#[test]
fn fixture_file_has_the_expected_cases() {
    let cases = cases();
    assert!(cases.len() >= 10, "found {} cases", cases.len());
    assert!(
        cases
            .iter()
            .all(|c| !c.id.is_empty() && !c.counts.is_empty())
    );
}

/// Checks every fixture count up to `budget` leaves against the library's perft.
fn check_library_perft(budget: u64) {
    for case in cases() {
        for &(depth, nodes) in case.counts.iter().filter(|(_, nodes)| *nodes <= budget) {
            assert_eq!(
                perft(&case.position, &case.rules, depth),
                nodes,
                "{} depth {depth}",
                case.id
            );
        }
    }
}

#[test]
fn fixtures_match_library_perft() {
    check_library_perft(LIBRARY_NODE_BUDGET);
}

#[test]
#[ignore = "deep counts (perft 6 from the start: about 0.2 s optimised, longer in debug)"]
fn fixtures_deep_counts_match_library() {
    check_library_perft(u64::MAX);
}

#[test]
fn fixtures_match_naive_perft() {
    for case in cases() {
        let start = NaivePosition::from_library(&case.position);
        for &(depth, nodes) in &case.counts {
            if nodes <= NAIVE_NODE_BUDGET {
                let naive = naive::perft(&start, case.rules.flying, depth);
                assert_eq!(naive, nodes, "{} depth {depth}", case.id);
            }
        }
    }
}

#[test]
fn perft_from_the_start_begins_with_the_known_counts() {
    let rules = Rules::standard();
    let start = Position::new();
    // Depth 1: any of 24 points; 2: 24 * 23; 3: 24 * 23 * 22 (no mill before the 5th ply).
    assert_eq!(perft(&start, &rules, 1), 24);
    assert_eq!(perft(&start, &rules, 2), 552);
    assert_eq!(perft(&start, &rules, 3), 12_144);
    assert_eq!(perft(&start, &rules, 0), 1);
}

#[test]
#[ignore = "perft 7 from the start (1.9e9 leaves): a few seconds in release, see docs/benchmarks.md"]
fn perft_7_from_the_start() {
    assert_eq!(
        perft(&Position::new(), &Rules::standard(), 7),
        1_873_562_112
    );
}

#[test]
#[ignore = "naive perft 6 from the start (5 million naive generations): about a minute"]
fn naive_perft_6_from_the_start_matches_the_library() {
    let rules = Rules::standard();
    let start = Position::new();
    let naive = naive::perft(&NaivePosition::from_library(&start), true, 6);
    assert_eq!(naive, perft(&start, &rules, 6));
}

#[test]
#[ignore = "naive perft 7 from the start via the 4 classes of first moves: about two minutes"]
fn naive_perft_7_from_the_start_matches_the_library() {
    use ludus_morris::Move;
    use ludus_morris::geometry::Symmetry;
    use std::collections::BTreeSet;
    let rules = Rules::standard();
    let start = Position::new();
    // First placements fall into classes under the 16 symmetries; perft is the same in a class.
    let mut seen = BTreeSet::new();
    let mut total = 0;
    for square in ludus_morris::Square::ALL {
        if seen.contains(&square) {
            continue;
        }
        let orbit: BTreeSet<_> = Symmetry::ALL
            .iter()
            .map(|s| s.apply_square(square))
            .collect();
        seen.extend(orbit.iter().copied());
        let after = start.play(Move::place(square));
        total += orbit.len() as u64 * naive::perft(&NaivePosition::from_library(&after), true, 6);
    }
    assert_eq!(total, perft(&start, &rules, 7));
    assert_eq!(total, 1_873_562_112);
}
