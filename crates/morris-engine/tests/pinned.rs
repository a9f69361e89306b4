//! Regression pins: fixed-depth searches whose move, score, principal variation and node count
//! are written down. Any change of search or evaluation behaviour (ordering, pruning, keys,
//! move generation order, noise) changes at least one of these lines; a refactoring must not.
//!
//! The figures were recorded before the engine moved onto the rules crate's types (issue 11);
//! to re-record after a deliberate change of behaviour, run the test and copy the `found` lines.

use crate::common::BuiltDatabases;
use ludus_morris::{Position, Rules};
use ludus_morris_engine::{SearchLimits, SearchResult, Searcher};

/// One pinned search: rules, position, depth, and the expected summary line.
struct Pin {
    rules: Rules,
    position: &'static str,
    depth: u32,
    expected: &'static str,
}

/// `best score depth nodes | pv`.
fn summary(result: &SearchResult) -> String {
    let best = result
        .best_move
        .map_or("none".to_string(), |m| m.to_string());
    let pv: Vec<String> = result.pv.iter().map(ToString::to_string).collect();
    format!(
        "{best} {} {} {} | {}",
        result.score,
        result.depth,
        result.nodes,
        pv.join(" ")
    )
}

/// Searches each pin at its depth with a fresh searcher set up by `configure`, and compares.
fn check<'a>(pins: &[Pin], configure: impl Fn(&mut Searcher<'a>)) {
    let mut failures = Vec::new();
    for pin in pins {
        let position: Position = pin.position.parse().expect("a pinned position");
        let mut searcher = Searcher::new(pin.rules);
        configure(&mut searcher);
        let found = summary(&searcher.search(&position, &SearchLimits::depth(pin.depth)));
        if found != pin.expected {
            failures.push(format!(
                "{} depth {}:\n  expected {}\n  found    {found}",
                pin.position, pin.depth, pin.expected
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const PLAIN: &[Pin] = &[
    Pin {
        rules: Rules::standard(),
        position: "......../......../........ w 9 9 0",
        depth: 6,
        expected: "d6 8 6 6579 | d6 d2 b6 f6 b4 f4",
    },
    Pin {
        rules: Rules::standard(),
        position: "WW.B.W.B/.BW.W.B./B..W.B.. w 0 0 0",
        depth: 7,
        expected: "e4-f4xa4 338 7 11676 | e4-f4xa4 b2-b4 f2-d2 g4-g7 d2-f2xb4 c5-d5 f4-g4",
    },
    Pin {
        rules: Rules::standard(),
        position: "..WWWWW./BBB.W.../....B.B. w 2 2 3",
        depth: 5,
        expected: "d3 171 5 1283 | d3 d2 e4 f4 g7-d7",
    },
    Pin {
        rules: Rules::standard(),
        position: "BBBBB.../.B....../....WWW. w 0 0 0",
        depth: 5,
        expected: "e3-d1 -44 5 8923 | e3-d1 d6-b6 c3-d2xb6 a7-a4 d2-a7",
    },
    Pin {
        rules: Rules::no_flying(),
        position: "BBBBB.../.B....../....WWW. w 0 0 0",
        depth: 5,
        expected: "c3-c4 -29994 5 1068 | c3-c4 d6-b6 c4-c5 a7-a4 d3-d2",
    },
    Pin {
        rules: Rules::no_flying(),
        position: "....BBWW/.....WW./.BB.W.W. w 0 0 11",
        depth: 7,
        expected: "b2-b4 29995 4 813 | b2-b4 d5-d6 d2-d3xg1 d6-d5",
    },
    Pin {
        rules: Rules::standard(),
        position: "W.B.W.B./.W.B.W../........ b 5 6 0",
        depth: 5,
        expected: "e4 -113 5 5296 | e4 b4 d5 g4 d3",
    },
];

#[test]
fn fixed_depth_searches_visit_the_pinned_nodes() {
    check(PLAIN, |_| {});
}

#[test]
fn noisy_searches_visit_the_pinned_nodes() {
    let pins = [
        Pin {
            rules: Rules::standard(),
            position: "......../......../........ w 9 9 0",
            depth: 4,
            expected: "d6 121 4 1032 | d6 d7 f4 b4",
        },
        Pin {
            rules: Rules::standard(),
            position: "WW.B.W.B/.BW.W.B./B..W.B.. w 0 0 0",
            depth: 5,
            expected: "e4-f4xa4 283 5 2510 | e4-f4xa4 d3-d2 a7-a4 c5-c4 d7-a7",
        },
    ];
    check(&pins, |searcher| searcher.set_noise(42, 60));
}

#[test]
fn searches_with_a_game_history_visit_the_pinned_nodes() {
    let rules = Rules::no_flying();
    let start: Position = "WWWW..../BBB...../........ w 0 0 0".parse().expect("valid");
    // Every child of the start counts as seen before: repetitions score as draws.
    let history: Vec<Position> = start
        .legal_moves(&rules)
        .iter()
        .map(|&m| start.play(m))
        .collect();
    let pins = [Pin {
        rules,
        position: "WWWW..../BBB...../........ w 0 0 0",
        depth: 6,
        expected: "a7-a4 0 6 24 | a7-a4",
    }];
    check(&pins, |searcher| searcher.set_history(&history));
}

#[test]
fn searches_probing_databases_visit_the_pinned_nodes() {
    let built = BuiltDatabases::build("pinned-db", 4, 3);
    let pins = [
        // 4 vs 4: removals lead into the built 3 vs 4 and 4 vs 3.
        Pin {
            rules: Rules::standard(),
            position: "WW.W..../.B.W.B../B.....B. w 0 0 0",
            depth: 5,
            expected: "a7-a4 0 5 1773 | a7-a4 d6-b6 a4-a7 b6-b4 g4-g7xd2",
        },
        // 4 vs 3: the root is in a built sub-space and is played from it; among drawing moves
        // the one leaving the opponent the most losing replies.
        Pin {
            rules: Rules::standard(),
            position: "WW.W..../.B.W.B../..B..... b 0 0 0",
            depth: 3,
            expected: "d6-g7 0 0 0 | d6-g7 f4-f6 e5-f2 f6-d6 f2-d1 d6-b6 d2-g1 b6-d6 g1-a1 d6-f6 d1-g1 f6-d6 g1-d1 d6-f6 d1-g1 f6-d6 g1-d1 d6-f6 d1-g1 f6-d6 g1-d1 d6-f6 d1-g1 f6-d6 g1-d1 d6-f6 d1-g1 f6-d6 g1-d1 d6-f6 d1-g1 f6-d6 g1-d1 d6-f6 d1-g1 f6-d6 g1-d1 d6-f6 d1-g1 f6-d6",
        },
    ];
    check(&pins, |searcher| searcher.set_databases(Some(&built.dbs)));
}
