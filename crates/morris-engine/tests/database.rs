//! Endgame databases: 3 vs 3 against a naive solver, the verify pass, the file format, probing.

use crate::common::{changed_value, temp_dir};
use ludus_morris::{Color, Position, Rules, Setup};
use ludus_morris_engine::db::file::{read_table, write_table, write_table_compressed};
use ludus_morris_engine::db::solve::solve_pair_with_threads;
use ludus_morris_engine::db::{
    Databases, SolveError, Subspace, Table, Value, solve_pair, verify_table,
};
use ludus_morris_engine::{ProbeError, probe};
use std::collections::HashMap;

fn no_progress() -> impl FnMut(Subspace, ludus_morris_engine::db::Progress) {
    |_, _| {}
}

fn three_piece_sets() -> Vec<u32> {
    (0u32..1 << 24).filter(|b| b.count_ones() == 3).collect()
}

fn movement_position(white: u32, black: u32) -> Position {
    let setup = Setup {
        pieces: [white, black],
        in_hand: [0, 0],
        side_to_move: Color::White,
        plies_since_removal: 0,
    };
    Position::try_from(setup).expect("disjoint sets of three pieces")
}

/// A deliberately plain solver of 3 vs 3: every board (no symmetry), moves from the rules crate,
/// one sweep per distance. `Some((won, plies))` for decided positions, `None` for draws.
fn naive_three_vs_three(rules: &Rules) -> HashMap<(u32, u32), Option<(bool, u16)>> {
    let sets = three_piece_sets();
    let mut values: HashMap<(u32, u32), Option<(bool, u16)>> = HashMap::new();
    let mut unknown: Vec<(u32, u32)> = Vec::new();
    for &a in &sets {
        for &b in sets.iter().filter(|&&b| a & b == 0) {
            values.insert((a, b), None);
            unknown.push((a, b));
        }
    }
    let child_value = |values: &HashMap<(u32, u32), Option<(bool, u16)>>, child: &Position| {
        if child.outcome(rules).is_some() {
            Some((false, 0))
        } else {
            values[&(child.pieces(Color::Black), child.pieces(Color::White))]
        }
    };
    let mut distance = 0u16;
    loop {
        let mut decided = Vec::new();
        unknown.retain(|&(a, b)| {
            let position = movement_position(a, b);
            let result = if position.outcome(rules).is_some() {
                (distance == 0).then_some((false, 0))
            } else if distance == 0 {
                None
            } else {
                let children: Vec<_> = position
                    .legal_moves(rules)
                    .iter()
                    .map(|&mv| child_value(&values, &position.play(mv)))
                    .collect();
                let wins = children.iter().any(|c| *c == Some((false, distance - 1)));
                let all_won = children
                    .iter()
                    .all(|c| matches!(c, Some((true, d)) if *d < distance));
                let longest = children.iter().any(|c| *c == Some((true, distance - 1)));
                if wins {
                    Some((true, distance))
                } else if all_won && longest {
                    Some((false, distance))
                } else {
                    None
                }
            };
            if let Some(v) = result {
                decided.push(((a, b), v));
            }
            result.is_none()
        });
        if decided.is_empty() && distance > 0 {
            return values;
        }
        for (k, v) in decided {
            values.insert(k, Some(v));
        }
        distance += 1;
    }
}

fn check_three_vs_three(rules: Rules, name: &str) {
    let dir = temp_dir(name);
    let dbs = Databases::new(&dir);
    let target = Subspace {
        flying: rules.flying,
        mover: 3,
        opponent: 3,
    };
    dbs.build(target, true, &mut no_progress())
        .expect("3 vs 3 builds and verifies");
    let table = dbs.table(target).expect("built");
    let naive = naive_three_vs_three(&rules);
    let mut compared = 0;
    for (&(a, b), &v) in &naive {
        let expected = match v {
            None => Value::Draw,
            Some((true, d)) => Value::Win(d),
            Some((false, d)) => Value::Loss(d),
        };
        assert_eq!(table.value(a, b), expected, "{}", movement_position(a, b));
        compared += 1;
    }
    assert_eq!(compared, 2_691_920);
    let stats = table.stats();
    assert_eq!(stats.positions, 2_691_920);
    let count =
        |f: fn(&Option<(bool, u16)>) -> bool| naive.values().filter(|v| f(v)).count() as u64;
    assert_eq!(stats.wins, count(|v| matches!(v, Some((true, _)))));
    assert_eq!(stats.losses, count(|v| matches!(v, Some((false, _)))));
    assert_eq!(stats.draws, count(|v| v.is_none()));
    let _ = std::fs::remove_dir_all(dir);
}

// Each naive run takes a minute or two (every board, one sweep per distance): run with
// `cargo test -p ludus-morris-engine -- --ignored`.
#[test]
#[ignore = "slow: naive solver over 2.7 million boards"]
fn three_vs_three_with_flying_equals_the_naive_solver() {
    check_three_vs_three(Rules::standard(), "naive-flying");
}

#[test]
#[ignore = "slow: naive solver over 2.7 million boards"]
fn three_vs_three_without_flying_equals_the_naive_solver() {
    check_three_vs_three(Rules::no_flying(), "naive-no-flying");
}

#[test]
fn sub_spaces_with_four_pieces_verify_and_count_every_board() {
    let dir = temp_dir("verify");
    let dbs = Databases::new(&dir);
    for flying in [true, false] {
        for (m, o) in [(4, 3)] {
            let target = Subspace {
                flying,
                mover: m,
                opponent: o,
            };
            dbs.build(target, true, &mut no_progress())
                .expect("builds and verifies");
            for s in [target, target.partner()] {
                let stats = dbs.table(s).expect("built").stats();
                assert_eq!(stats.positions, stats.wins + stats.draws + stats.losses);
                assert_eq!(
                    stats.positions,
                    binomial(24, s.mover) * binomial(24 - s.mover, s.opponent)
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

fn binomial(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i + 1) as u64)
}

#[test]
fn the_solution_does_not_depend_on_the_number_of_threads() {
    for flying in [true, false] {
        let base = solve_pair_with_threads(flying, 3, 3, &[], 1, &mut |_| {})
            .expect("solves")
            .remove(0);
        let parallel = solve_pair_with_threads(flying, 3, 3, &[], 3, &mut |_| {})
            .expect("solves")
            .remove(0);
        assert_eq!(base.codes, parallel.codes);
        let one = solve_pair_with_threads(flying, 3, 4, &[&base], 1, &mut |_| {}).expect("solves");
        let three =
            solve_pair_with_threads(flying, 3, 4, &[&base], 3, &mut |_| {}).expect("solves");
        for (a, b) in one.iter().zip(&three) {
            assert_eq!(a.codes, b.codes);
        }
    }
}

#[test]
fn verify_catches_a_corrupted_value() {
    let tables = solve_pair(true, 3, 3, &[], &mut |_| {}).expect("3 vs 3 needs no other table");
    let mut table: Table = tables[0].clone();
    let slot = table
        .codes
        .iter()
        .position(|&c| Value::decode(c) == Value::Win(3))
        .expect("a win in 3");
    table.codes[slot] = Value::Win(5).encode();
    let copy = table.clone();
    assert!(verify_table(&table, &[&copy], &[], &mut |_| {}).is_err());
}

/// The verify pass visits boards grouped by the opponent's set: in a pair whose removals read a
/// smaller table it checks every board class once, and a changed value of any kind is caught.
#[test]
fn verify_checks_every_board_of_a_pair_with_removals_and_catches_each_kind_of_damage() {
    // Without flying, so that 3 vs 4 has wins, draws and losses.
    let three = solve_pair(false, 3, 3, &[], &mut |_| {})
        .expect("solves")
        .remove(0);
    let pair = solve_pair(false, 4, 3, &[&three], &mut |_| {}).expect("solves");
    // 3 vs 4: its removals lead into 3 vs 3; its quiet moves into 4 vs 3.
    let (table, other) = (&pair[1], &pair[0]);
    assert_eq!((table.index.mover, table.index.opponent), (3, 4));
    let classes = (0..table.index.len())
        .filter(|&slot| table.index.board(slot).is_some())
        .count() as u64;
    let checked = verify_table(table, &[other], &[&three], &mut |_| {}).expect("verifies");
    assert_eq!(checked, classes);
    let kind = |value: Value| match value {
        Value::Win(_) => 0,
        Value::Draw => 1,
        Value::Loss(_) => 2,
    };
    for wanted in 0..3 {
        let slot = (0..table.index.len() as usize)
            .find(|&s| {
                table.index.board(s as u64).is_some()
                    && kind(Value::decode(table.codes[s])) == wanted
            })
            .expect("a board of each kind of value");
        let stored = Value::decode(table.codes[slot]);
        let mut damaged = table.clone();
        damaged.codes[slot] = changed_value(stored).encode();
        match verify_table(&damaged, &[other], &[&three], &mut |_| {}) {
            Err(SolveError::Inconsistent { slot: found, .. }) => {
                assert_eq!(found, slot as u64, "the changed slot is named")
            }
            other => panic!("{stored:?} at slot {slot} changed, verify says {other:?}"),
        }
    }
}

#[test]
fn table_files_round_trip_and_reject_damage() {
    let dir = temp_dir("file");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let table = solve_pair(false, 3, 3, &[], &mut |_| {})
        .expect("solves")
        .remove(0);
    let path = dir.join("3v3.ldb");
    write_table(&table, &path).expect("writes");
    let back = read_table(&path, false, 3, 3).expect("reads");
    assert_eq!(back.codes, table.codes);
    assert!(
        read_table(&path, true, 3, 3).is_err(),
        "wrong rules are refused"
    );
    assert!(
        read_table(&path, false, 3, 4).is_err(),
        "wrong sub-space is refused"
    );
    let mut bytes = std::fs::read(&path).expect("reads bytes");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).expect("writes bytes");
    assert!(
        read_table(&path, false, 3, 3).is_err(),
        "a flipped bit fails the checksum"
    );
    bytes[8] = 99;
    std::fs::write(&path, &bytes).expect("writes bytes");
    assert!(
        read_table(&path, false, 3, 3).is_err(),
        "another version is refused"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn compressed_table_files_read_back_the_same_and_reject_damage() {
    let dir = temp_dir("file-zstd");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let table = solve_pair(true, 3, 3, &[], &mut |_| {})
        .expect("solves")
        .remove(0);
    let (raw, packed) = (dir.join("raw.ldb"), dir.join("3v3.ldb"));
    let raw_bytes = write_table(&table, &raw).expect("writes");
    let packed_bytes = write_table_compressed(&table, &packed).expect("writes compressed");
    assert!(
        packed_bytes * 4 < raw_bytes,
        "{packed_bytes} compressed bytes against {raw_bytes}"
    );
    let back = read_table(&packed, true, 3, 3).expect("reads");
    assert_eq!(back.codes, table.codes);
    assert!(read_table(&packed, false, 3, 3).is_err(), "wrong rules");
    let mut bytes = std::fs::read(&packed).expect("reads bytes");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&packed, &bytes).expect("writes bytes");
    assert!(
        read_table(&packed, false, 3, 4).is_err(),
        "a damaged frame is refused"
    );
    std::fs::write(&packed, &bytes[..3]).expect("writes bytes");
    assert!(
        read_table(&packed, false, 3, 4).is_err(),
        "a stub is refused"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn probe_explains_what_it_cannot_answer() {
    let dbs = Databases::new(temp_dir("probe-empty"));
    let rules = Rules::standard();
    assert_eq!(
        probe(&dbs, &Position::new(), &rules),
        Err(ProbeError::PlacementNotBuilt(
            ludus_morris_engine::db::Sector::start(true, 9)
        ))
    );
    let three: Position = "WWW...../BBB...../........ w 0 0 0"
        .parse()
        .expect("a position");
    assert!(matches!(
        probe(&dbs, &three, &rules),
        Err(ProbeError::NotBuilt(_))
    ));
}

#[test]
fn values_encode_and_decode() {
    for v in [
        Value::Draw,
        Value::Win(1),
        Value::Win(301),
        Value::Loss(0),
        Value::Loss(88),
    ] {
        assert_eq!(Value::decode(v.encode()), v);
    }
}

/// A plain recursive solver with a horizon: `Some((won, plies))` when the result is forced within
/// `depth` plies (exact shortest win / longest loss), `None` when it is not decided that soon.
fn plain(position: &Position, rules: &Rules, depth: u16) -> Option<(bool, u16)> {
    if position.outcome(rules).is_some() {
        return Some((false, 0));
    }
    if depth == 0 {
        return None;
    }
    let (mut best_win, mut all_lost, mut longest) = (None::<u16>, true, 0);
    for &mv in position.legal_moves(rules).iter() {
        match plain(&position.play(mv), rules, depth - 1) {
            Some((false, d)) => best_win = Some(best_win.map_or(d + 1, |w| w.min(d + 1))),
            Some((true, d)) => longest = longest.max(d + 1),
            None => all_lost = false,
        }
    }
    match best_win {
        Some(w) => Some((true, w)),
        None if all_lost => Some((false, longest)),
        None => None,
    }
}

fn check_sample_against_plain_recursion(rules: Rules, horizon: u16, per_value: usize) {
    let table = solve_pair(rules.flying, 3, 3, &[], &mut |_| {})
        .expect("solves")
        .remove(0);
    let mut seen: HashMap<Value, usize> = HashMap::new();
    let mut rng = crate::common::Rng(11);
    let mut checked = 0;
    for _ in 0..200_000 {
        let slot = rng.below(table.index.len() as usize) as u64;
        let Some((own, opp)) = table.index.board(slot) else {
            continue;
        };
        let value = Value::decode(table.codes[slot as usize]);
        let count = seen.entry(value).or_default();
        if *count >= per_value {
            continue;
        }
        *count += 1;
        let expected = match value {
            Value::Win(d) if d <= horizon => Some((true, d)),
            Value::Loss(d) if d <= horizon => Some((false, d)),
            _ => None,
        };
        let p = movement_position(own, opp);
        assert_eq!(
            plain(&p, &rules, horizon),
            expected,
            "{p}: database says {value}"
        );
        checked += 1;
    }
    assert!(checked >= 4 * per_value, "only {checked} positions checked");
}

#[test]
fn three_vs_three_without_flying_agrees_with_plain_recursion_on_a_sample() {
    check_sample_against_plain_recursion(Rules::no_flying(), 5, 6);
}

#[test]
fn three_vs_three_with_flying_agrees_with_plain_recursion_on_a_sample() {
    check_sample_against_plain_recursion(Rules::standard(), 3, 3);
}

#[test]
fn a_build_skips_sub_spaces_whose_files_exist() {
    let dir = temp_dir("resume");
    let dbs = Databases::new(&dir);
    let three = Subspace {
        flying: false,
        mover: 3,
        opponent: 3,
    };
    let first = dbs.build(three, false, &mut no_progress()).expect("builds");
    assert_eq!(first.len(), 1);
    let four = Subspace {
        flying: false,
        mover: 4,
        opponent: 3,
    };
    let second = dbs.build(four, false, &mut no_progress()).expect("builds");
    let names: Vec<Subspace> = second.iter().map(|b| b.subspace).collect();
    assert_eq!(names, vec![four.partner(), four]);
    assert!(
        dbs.build(four, true, &mut no_progress())
            .expect("verifies")
            .is_empty()
    );
    let _ = std::fs::remove_dir_all(dir);
}
