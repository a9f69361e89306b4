//! The opening table: written from a solved game, read back the same, answering probes where the
//! directory has no placement file; the shipped table's own consistency and its values.

use crate::common::{changed_value, temp_dir};
use ludus_morris::{Move, Position, Rules, Setup};
use ludus_morris_engine::db::opening::{
    OpeningTable, builtin, opening_sectors, placed, read_opening,
};
use ludus_morris_engine::db::opening_build::write_opening;
use ludus_morris_engine::db::{
    Databases, Sector, SolveError, Table, Value, verify_sector, verify_sector_sample,
};
use ludus_morris_engine::{SearchLimits, Searcher};

fn start(stones: u8) -> Position {
    Position::try_from(Setup {
        in_hand: [stones, stones],
        ..Setup::default()
    })
    .expect("the empty board")
}

#[test]
fn an_opening_table_holds_the_solved_sectors_and_answers_without_them() {
    let dir = temp_dir("opening-three");
    let solved = Databases::new(&dir);
    solved
        .solve_game(true, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    let path = dir.join("three.lmo");
    let summary = write_opening(&solved, true, 3, 3, &path).expect("writes");
    let sectors = opening_sectors(true, 3, 3);
    assert!(
        sectors
            .iter()
            .all(|s| placed(s, 3) <= 3 && !s.is_movement())
    );
    assert_eq!(summary.sectors.len(), sectors.len());
    assert!(sectors.contains(&Sector::start(true, 3)));

    let table = read_opening(&path).expect("reads");
    assert_eq!((table.flying, table.stones, table.plies), (true, 3, 3));
    for sector in &sectors {
        let from_opening = table.table(sector).expect("held").expect("intact");
        let from_file = solved.sector_table(*sector).expect("built");
        assert_eq!(from_opening.codes, from_file.codes, "{sector}");
    }
    assert!(table.table(&Sector::start(true, 4)).is_none());

    // A directory without placement files answers the covered positions from the table alone,
    // and nothing past it.
    let leaked: &'static OpeningTable = Box::leak(Box::new(table));
    let bare = Databases::new(temp_dir("opening-bare")).with_opening(Some(leaked));
    let empty = start(3);
    let rules = Rules::standard();
    assert_eq!(
        bare.probe_position(&empty, true),
        solved.probe_position(&empty, true)
    );
    let mut position = empty;
    for ply in 0..6 {
        let known = bare.probe_position(&position, true);
        assert_eq!(known.is_some(), ply <= 3, "ply {ply}");
        if let Some(value) = known {
            assert_eq!(Some(value), solved.probe_position(&position, true));
        }
        position = position.play(position.legal_moves(&rules)[ply]);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_damaged_opening_table_is_refused() {
    let dir = temp_dir("opening-damaged");
    let solved = Databases::new(&dir);
    solved
        .solve_game(true, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    let path = dir.join("three.lmo");
    write_opening(&solved, true, 3, 2, &path).expect("writes");
    let bytes = std::fs::read(&path).expect("reads");
    let cut: &'static [u8] = Vec::leak(bytes[..bytes.len() - 1].to_vec());
    assert!(OpeningTable::parse(cut).is_err(), "a cut file");
    let mut flipped = bytes.clone();
    flipped[0] ^= 1;
    assert!(
        OpeningTable::parse(Vec::leak(flipped)).is_err(),
        "bad magic"
    );
    let mut damaged = bytes.clone();
    let last = damaged.len() - 3;
    damaged[last] ^= 0x40;
    let parsed = OpeningTable::parse(Vec::leak(damaged)).expect("the list is intact");
    let broken = parsed
        .sectors()
        .filter_map(|s| parsed.table(&s))
        .filter(Result::is_err)
        .count();
    assert_eq!(
        broken, 1,
        "the damaged sector fails its check, the others read"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// The shipped table of the standard game: it covers the empty board, and every sector whose
/// children are in the table agrees with them (the one-pass placement rule, checked again).
#[test]
fn the_shipped_opening_table_is_consistent_and_the_opening_is_a_draw() {
    let table = builtin().expect("the built-in opening table parses");
    assert_eq!((table.flying, table.stones), (true, 9));
    assert!(table.plies >= 1, "covers at least the first placement");
    let tables: Vec<(Sector, Table)> = table
        .sectors()
        .map(|s| (s, table.table(&s).expect("held").expect("intact")))
        .collect();
    for (sector, t) in &tables {
        let children: Option<Vec<&Table>> = sector
            .children()
            .iter()
            .map(|c| tables.iter().find(|(s, _)| s == c).map(|(_, t)| t))
            .collect();
        if let Some(children) = children {
            verify_sector(t, &children, 2, &mut |_| {}).expect("consistent");
        }
    }
    let dbs = Databases::new(temp_dir("opening-shipped")).with_opening(Some(table));
    assert_eq!(dbs.probe_position(&start(9), true), Some(Value::Draw));
}

/// Every position of the first plies a value in the opening table of the 3-stone game.
fn opening_positions(rules: &Rules, plies: usize) -> Vec<Position> {
    let mut all = vec![start(3)];
    let mut frontier = all.clone();
    for _ in 0..plies {
        frontier = frontier
            .iter()
            .flat_map(|p| {
                p.legal_moves(rules)
                    .into_iter()
                    .map(move |&m| p.play(m))
                    .collect::<Vec<_>>()
            })
            .collect();
        all.extend(frontier.iter().copied());
    }
    all
}

/// A player with the opening table alone searches among the moves that keep the table's value
/// (checked against the whole solution) and reports that value; with the solution present, or
/// without the filter, it plays the databases' perfect move as before.
#[test]
fn a_player_searches_among_the_moves_that_keep_the_opening_tables_value() {
    let dir = temp_dir("opening-filter");
    let solved = Databases::new(&dir);
    solved
        .solve_game(true, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    let path = dir.join("three.lmo");
    write_opening(&solved, true, 3, 3, &path).expect("writes");
    let table: &'static OpeningTable = Box::leak(Box::new(read_opening(&path).expect("reads")));
    let bare = Databases::new(temp_dir("opening-filter-bare")).with_opening(Some(table));
    assert!(bare.placement_from_opening_only(true));
    assert!(
        !solved
            .with_opening(Some(table))
            .placement_from_opening_only(true)
    );
    let solved = Databases::new(&dir);
    let rules = Rules::standard();
    let limits = SearchLimits::depth(2);
    let mut value_changing = 0;
    let mut differs_from_perfect = 0;
    let positions = opening_positions(&rules, 2);
    for root in &positions {
        let value = solved.probe_position(root, true).expect("solved");
        let keeps = |mv: Move| {
            let after = solved.probe_position(&root.play(mv), true).expect("solved");
            std::mem::discriminant(&after.parent()) == std::mem::discriminant(&value)
        };
        value_changing += usize::from(!root.legal_moves(&rules).iter().all(|&m| keeps(m)));

        let mut filtered = Searcher::new(rules);
        filtered.set_databases(Some(&bare));
        filtered.set_opening_as_filter(true);
        let chosen = filtered.search(root, &limits);
        let mv = chosen.best_move.expect("a move");
        assert!(keeps(mv), "{mv} changes the value {value} of {root:?}");
        assert!(chosen.perfect, "the table's value is exact");

        let mut perfect = Searcher::new(rules);
        perfect.set_databases(Some(&bare));
        let table_move = perfect.search(root, &limits);
        assert!(table_move.perfect);
        assert_eq!(chosen.score, table_move.score, "one value of {root:?}");
        differs_from_perfect += usize::from(table_move.best_move != Some(mv));

        let mut whole = Searcher::new(rules);
        whole.set_databases(Some(&solved));
        whole.set_opening_as_filter(true);
        let from_solution = whole.search(root, &limits);
        assert!(from_solution.perfect);
        assert_eq!(from_solution.best_move, table_move.best_move, "{root:?}");
    }
    assert!(value_changing > 0, "some opening moves change the value");
    assert!(
        differs_from_perfect > 0,
        "the search chose among the kept moves"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Every sector of the shipped opening table with its table.
fn shipped_sectors() -> Vec<(Sector, Table)> {
    let table = builtin().expect("the built-in opening table parses");
    table
        .sectors()
        .map(|s| (s, table.table(&s).expect("held").expect("intact")))
        .collect()
}

/// The tables of `sector`'s children among `tables`, `None` unless all are there.
fn children_among<'a>(sector: &Sector, tables: &'a [(Sector, Table)]) -> Option<Vec<&'a Table>> {
    sector
        .children()
        .iter()
        .map(|c| tables.iter().find(|(s, _)| s == c).map(|(_, t)| t))
        .collect()
}

/// 0 for a win, 1 for a draw, 2 for a loss.
fn kind(value: Value) -> usize {
    match value {
        Value::Win(_) => 0,
        Value::Draw => 1,
        Value::Loss(_) => 2,
    }
}

/// The placement verify pass catches a changed win, draw and loss in a sector of the shipped
/// table and names the changed slot (its stored values are compared in batches).
#[test]
fn placement_verify_catches_each_kind_of_damage_at_its_slot() {
    let tables = shipped_sectors();
    let mut caught = [false; 3];
    for (sector, t) in &tables {
        let Some(children) = children_among(sector, &tables) else {
            continue;
        };
        for (wanted, done) in caught.iter_mut().enumerate() {
            if *done {
                continue;
            }
            let Some(slot) = (0..t.index.len() as usize).find(|&s| {
                t.index.board(s as u64).is_some() && kind(Value::decode(t.codes[s])) == wanted
            }) else {
                continue;
            };
            let stored = Value::decode(t.codes[slot]);
            let mut damaged = t.clone();
            damaged.codes[slot] = changed_value(stored).encode();
            match verify_sector(&damaged, &children, 2, &mut |_| {}) {
                Err(SolveError::Inconsistent { slot: found, .. }) => {
                    assert_eq!(found, slot as u64, "{sector}: the changed slot is named")
                }
                other => panic!("{sector}: {stored:?} at {slot} changed, verify says {other:?}"),
            }
            *done = true;
        }
        if caught.iter().all(|&c| c) {
            break;
        }
    }
    assert_eq!(caught, [true; 3], "the table has wins, draws and losses");
}

/// The independent check (the rules crate's own moves, each successor probed by its board in
/// its own sector's table) agrees with the solver on the shipped table's sectors whose children
/// it holds — every board of the small ones, a spread sample of the large — and names a changed
/// win, draw and loss at a checked slot.
#[test]
fn the_independent_sample_check_agrees_with_the_solver_and_catches_damage() {
    let tables = shipped_sectors();
    let (mut caught, mut sectors, mut boards) = ([false; 3], 0, 0);
    for (sector, t) in &tables {
        let Some(children) = children_among(sector, &tables) else {
            continue;
        };
        // At most about 20,000 boards a sector: every board of the small sectors.
        let every = (t.index.len() / 20_000).max(1);
        let checked = verify_sector_sample(t, &children, every)
            .unwrap_or_else(|e| panic!("{sector}: the independent check disagrees: {e}"));
        assert!(checked > 0, "{sector}: boards checked");
        (sectors, boards) = (sectors + 1, boards + checked);
        for (wanted, done) in caught.iter_mut().enumerate() {
            let Some(slot) = (0..t.index.len()).step_by(every as usize).find(|&s| {
                t.index.board(s).is_some() && kind(Value::decode(t.codes[s as usize])) == wanted
            }) else {
                continue;
            };
            if *done {
                continue;
            }
            let stored = Value::decode(t.codes[slot as usize]);
            let mut damaged = t.clone();
            damaged.codes[slot as usize] = changed_value(stored).encode();
            match verify_sector_sample(&damaged, &children, every) {
                Err(SolveError::Inconsistent { slot: found, .. }) => {
                    assert_eq!(found, slot, "{sector}: the changed slot is named")
                }
                other => panic!("{sector}: {stored:?} at {slot} changed, the check says {other:?}"),
            }
            *done = true;
        }
    }
    assert!(sectors >= 10, "{sectors} sectors checked, {boards} boards");
    assert_eq!(caught, [true; 3], "the table has wins, draws and losses");
}
