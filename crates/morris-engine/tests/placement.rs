//! The whole-game solver on the game with three stones a side (seconds): every sector solved and
//! verified by the built-in runner, its values against an independent minimax over the rules
//! crate's `legal_moves` (no sector index, no symmetry) on a sample of placement positions, the
//! packed 2-bit form against the full tables, the Slurm plan's order, the engine's perfect play.

use crate::common::{Rng, temp_dir};
use ludus_morris::{Color, Position, Rules, Setup};
use ludus_morris_engine::db::packed::{PackedTable, pack_table};
use ludus_morris_engine::db::plan::{plan, submit_script};
use ludus_morris_engine::db::store::{is_verified, verified_mark};
use ludus_morris_engine::db::{Databases, Sector, Value, game_sectors};
use ludus_morris_engine::{SearchLimits, Searcher};
use std::collections::HashMap;

/// The empty board of the game with `stones` pieces a side.
fn start(stones: u8) -> Position {
    Position::try_from(Setup {
        in_hand: [stones, stones],
        ..Setup::default()
    })
    .expect("a start position")
}

/// The perfect value by plain minimax over `legal_moves`, the movement phase read from the
/// movement databases (`Databases::probe`, checked separately by the retrograde tests).
fn oracle(dbs: &Databases, position: &Position, memo: &mut HashMap<u64, Value>) -> Value {
    let rules = Rules::standard();
    if position.outcome(&rules).is_some() {
        return Value::Loss(0);
    }
    if position.is_movement_phase() {
        let side = position.side_to_move();
        return dbs
            .probe(
                true,
                position.pieces(side),
                position.pieces(side.opponent()),
            )
            .expect("movement databases built");
    }
    if let Some(&v) = memo.get(&position.board_key()) {
        return v;
    }
    let best = position
        .legal_moves(&rules)
        .as_slice()
        .iter()
        .map(|&mv| oracle(dbs, &position.play(mv), memo).parent())
        .max_by_key(|v| v.preference())
        .expect("a placement always has a move");
    memo.insert(position.board_key(), best);
    best
}

/// A random placement position of the three-stone game with `plies` placements made.
fn random_placement(rng: &mut Rng, plies: usize) -> Option<Position> {
    let rules = Rules::standard();
    let mut position = start(3);
    for _ in 0..plies {
        let moves = position.legal_moves(&rules);
        if moves.is_empty() || position.outcome(&rules).is_some() {
            return None;
        }
        position = position.play(moves[rng.below(moves.len())]);
    }
    (position.is_placement_phase() && position.outcome(&rules).is_none()).then_some(position)
}

#[test]
fn sectors_of_the_small_games() {
    let three = game_sectors(true, 3);
    let four = game_sectors(true, 4);
    let nine = game_sectors(true, 9);
    let count = |list: &[Sector]| list.iter().filter(|s| s.is_movement()).count();
    assert_eq!((three.len(), count(&three)), (7, 1));
    assert_eq!((four.len(), count(&four)), (18, 4));
    assert_eq!((nine.len(), count(&nine)), (318, 49));
    for list in [&three, &four, &nine] {
        for (i, s) in list.iter().enumerate() {
            for child in s.children() {
                let at = list.iter().position(|c| *c == child).expect("child listed");
                assert!(at < i, "{child} comes before {s}");
            }
        }
    }
    let text = "4-3/1-0";
    assert_eq!(text.parse::<Sector>().expect("parses").to_string(), text);
    assert!("4-3/1-1".parse::<Sector>().is_ok());
    assert!(
        "4-3/0-1".parse::<Sector>().is_err(),
        "Black cannot hold more and not move"
    );
    assert!("2-2".parse::<Sector>().is_err());
}

#[test]
fn a_verified_file_is_marked_skipped_when_verified_again_and_unmarked_when_rewritten() {
    let dir = temp_dir("verified-marks");
    let dbs = Databases::new(&dir);
    let files: Vec<std::path::PathBuf> = game_sectors(true, 3)
        .into_iter()
        .map(|s| dbs.sector_path(s))
        .collect();
    let solve = |verify: bool| {
        dbs.solve_game(true, 3, verify, 2, &mut |_, _| {}, &mut |_| {})
            .expect("solves and verifies");
    };
    // When each mark was written: a verify pass writes a file's mark only after checking it.
    let mark_times = || -> Vec<std::time::SystemTime> {
        files
            .iter()
            .map(|f| {
                std::fs::metadata(verified_mark(f))
                    .and_then(|m| m.modified())
                    .expect("a mark")
            })
            .collect()
    };
    solve(false);
    assert!(files.iter().all(|f| !is_verified(f)), "not verified yet");
    solve(true);
    assert!(files.iter().all(|f| is_verified(f)), "every file marked");
    let first = mark_times();
    std::thread::sleep(std::time::Duration::from_millis(20));
    solve(true);
    assert_eq!(mark_times(), first, "marked files are not checked again");
    // A rewritten file (a new modification time) loses its mark and is checked again.
    let rewritten = &files[files.len() - 1];
    let bytes = std::fs::read(rewritten).expect("reads");
    std::fs::write(rewritten, bytes).expect("writes");
    assert!(!is_verified(rewritten), "the mark no longer matches");
    solve(true);
    assert!(is_verified(rewritten), "checked and marked again");
    let again = mark_times();
    assert_ne!(again[files.len() - 1], first[files.len() - 1]);
    assert_eq!(again[..files.len() - 1], first[..files.len() - 1]);
    // A mark for another stamp is no mark.
    std::fs::write(verified_mark(rewritten), "1 2\n").expect("writes");
    assert!(!is_verified(rewritten));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_memory_budget_drops_tables_and_answers_the_same() {
    let dir = temp_dir("table-memory");
    let full = Databases::new(&dir);
    full.solve_game(true, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    let largest = game_sectors(true, 3)
        .into_iter()
        .filter_map(|s| full.sector_table(s))
        .map(|t| 2 * t.codes.len() as u64)
        .max()
        .expect("tables");
    let held_by_all = full.table_memory_held();
    assert!(held_by_all > largest, "all tables held without a budget");
    let small = Databases::new(&dir).with_table_memory(1);
    let mut rng = Rng(11);
    let mut checked = 0;
    for plies in 0..=5 {
        for _ in 0..40 {
            let Some(position) = random_placement(&mut rng, plies) else {
                continue;
            };
            assert_eq!(
                small.probe_position(&position, true),
                full.probe_position(&position, true),
                "{position}"
            );
            assert!(small.table_memory_held() <= largest, "one table at a time");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} positions");
}

#[test]
fn a_sector_job_takes_the_tables_held_in_memory_and_a_budget_changes_no_file() {
    let dir = temp_dir("held-children");
    let dbs = Databases::new(&dir);
    let sectors = game_sectors(true, 3);
    let (start, before) = sectors.split_last().expect("sectors");
    assert_eq!(start.mover_hand, 3, "the empty board comes last");
    for &sector in before {
        dbs.build_sector(sector, true, 2, &mut |_, _| {})
            .expect("solves");
    }
    let children: Vec<_> = start
        .children()
        .iter()
        .map(|&c| dbs.sector_path(c))
        .collect();
    let saved: Vec<Vec<u8>> = children
        .iter()
        .map(|p| std::fs::read(p).expect("child file"))
        .collect();
    for path in &children {
        std::fs::remove_file(path).expect("removes");
    }
    let job = dbs
        .build_sector(*start, true, 2, &mut |_, _| {})
        .expect("the children solved by this run are held in memory");
    assert!(job.solved && job.verified);
    std::fs::remove_file(dbs.sector_path(*start)).expect("removes");
    let fresh = Databases::new(&dir);
    assert!(
        fresh.build_sector(*start, true, 2, &mut |_, _| {}).is_err(),
        "without them in memory, their files are needed"
    );
    for (path, bytes) in children.iter().zip(&saved) {
        std::fs::write(path, bytes).expect("restores");
    }
    fresh
        .build_sector(*start, true, 2, &mut |_, _| {})
        .expect("solves");
    // A budget of one byte holds one table at a time: every file comes out the same.
    let small_dir = temp_dir("held-children-small");
    Databases::new(&small_dir)
        .with_table_memory(1)
        .solve_game(true, 3, true, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    for &sector in &sectors {
        let rel = dbs
            .sector_path(sector)
            .strip_prefix(&dir)
            .expect("inside")
            .to_path_buf();
        assert_eq!(
            std::fs::read(dir.join(&rel)).expect("reads"),
            std::fs::read(small_dir.join(&rel)).expect("reads"),
            "{sector}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(small_dir);
}

#[test]
fn three_stone_game_solved_verified_and_checked_against_minimax() {
    let dir = temp_dir("three-stones");
    let dbs = Databases::new(&dir);
    let mut jobs = 0;
    dbs.solve_game(true, 3, true, 2, &mut |_, _| {}, &mut |_| jobs += 1)
        .expect("solves");
    assert_eq!(jobs, 7);
    // Idempotent: a second run solves nothing.
    let again = dbs
        .solve_game(true, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("resumes");
    assert!(again.iter().all(|j| !j.solved));
    let mut memo = HashMap::new();
    let empty = start(3);
    let value = dbs.probe_position(&empty, true).expect("covered");
    assert_eq!(value, oracle(&dbs, &empty, &mut memo), "empty board");
    let mut rng = Rng(7);
    let mut checked = 0;
    for plies in 1..=5 {
        for _ in 0..60 {
            let Some(position) = random_placement(&mut rng, plies) else {
                continue;
            };
            let stored = dbs.probe_position(&position, true).expect("covered");
            assert_eq!(stored, oracle(&dbs, &position, &mut memo), "{position}");
            checked += 1;
        }
    }
    assert!(checked > 200, "{checked} positions checked");
    // Symmetric positions share a value, whichever colour moves.
    let position: Position = "W......./.B....../........ w 2 2 0"
        .parse()
        .expect("a position");
    for symmetry in ludus_morris::geometry::Symmetry::ALL {
        assert_eq!(
            dbs.probe_position(&position.transformed(symmetry), true),
            dbs.probe_position(&position, true)
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn packed_tables_read_back_every_value() {
    let dir = temp_dir("packed");
    let dbs = Databases::new(&dir);
    dbs.solve_game(true, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    for sector in game_sectors(true, 3) {
        let table = dbs.sector_table(sector).expect("built");
        let path = dir.join(format!("{}.lpk", sector.file_stem()));
        let bytes = pack_table(&table, &path).expect("packs");
        // Beyond the headers, 2 bits a slot at most before compression.
        let bound =
            64 + 8 * table.codes.len().div_ceil(262_144) as u64 + table.codes.len() as u64 / 4;
        assert!(bytes <= bound, "{sector}: {bytes} bytes");
        let packed = PackedTable::open(&path).expect("opens");
        for (slot, &code) in table.codes.iter().enumerate() {
            assert_eq!(
                packed.slot_value(slot as u64).expect("reads"),
                Value::decode(code).into(),
                "{sector} slot {slot}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn slurm_plan_waits_for_every_child() {
    let jobs = plan(true, 4);
    // Movement pairs 3-3, 3-4, 4-4 and the 14 placement sectors.
    assert_eq!(jobs.len(), 17);
    for (i, job) in jobs.iter().enumerate() {
        assert!(job.after.iter().all(|&a| a < i), "{}", job.name());
        assert!(job.memory_mib >= 256);
    }
    let first = jobs.last().expect("jobs");
    assert_eq!(first.sector, Sector::start(true, 4));
    let script = submit_script(&jobs);
    assert!(script.contains("--dependency=afterok:$j"));
    assert_eq!(script.matches("sbatch --parsable").count(), 17);
}

#[test]
fn engine_plays_the_solved_placement_perfectly() {
    let dir = temp_dir("perfect-placement");
    let dbs = Databases::new(&dir);
    dbs.solve_game(true, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    let rules = Rules::standard();
    let mut searcher = Searcher::new(rules);
    searcher.set_databases(Some(&dbs));
    let mut rng = Rng(11);
    for plies in 1..=4 {
        for _ in 0..10 {
            let Some(position) = random_placement(&mut rng, plies) else {
                continue;
            };
            let value = dbs.probe_position(&position, true).expect("covered");
            let result = searcher.search(&position, &SearchLimits::depth(1));
            assert!(result.perfect, "{position}");
            let mv = result.best_move.expect("a move");
            let after = dbs
                .probe_position(&position.play(mv), true)
                .expect("covered");
            assert_eq!(after.parent(), value, "{position}: {mv} keeps the value");
        }
    }
    assert_eq!(Color::White, Sector::start(true, 3).mover_color());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn perfect_play_at_the_start_reads_no_placement_sector_beyond_what_the_choice_needs() {
    let dir = temp_dir("perfect-reads");
    Databases::new(&dir)
        .solve_game(true, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    let dbs = Databases::new(&dir);
    let mut searcher = Searcher::new(Rules::standard());
    searcher.set_databases(Some(&dbs));
    let start = start(3);
    let result = searcher.search(&start, &SearchLimits::depth(1));
    assert!(result.perfect);
    // The move is chosen by the values of the children and grandchildren (the replies that
    // lose); the placement beyond them is not read for the principal variation.
    let placed =
        |p: &Position| 6 - Sector::of(p, true).mover_hand - Sector::of(p, true).opponent_hand;
    let mut line = vec![start];
    for &mv in &result.pv {
        let next = line[line.len() - 1].play(mv);
        line.push(next);
    }
    // Past the variation, a position three placements in is solved but not held.
    let mut third = line[line.len() - 1];
    while placed(&third) < 3 {
        let mv = third.legal_moves(&Rules::standard())[0];
        third = third.play(mv);
    }
    assert_eq!(
        dbs.probe_position_held(&third, true),
        None,
        "ply 3 not read"
    );
    assert!(
        dbs.probe_position(&third, true).is_some(),
        "ply 3 is solved"
    );
    assert!(
        dbs.probe_position_held(&line[1], true).is_some(),
        "ply 1 read"
    );
    assert!(!result.pv.is_empty(), "the variation starts with the move");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_packed_three_stone_game_reads_every_slot_as_its_full_tables() {
    use ludus_morris_engine::db::Wdl;
    use ludus_morris_engine::db::packing::{PackError, pack_game};
    let dir = temp_dir("pack-three-stones");
    let dbs = Databases::new(&dir);
    dbs.solve_game(true, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("solves");
    let out = dir.join("packed");
    std::fs::create_dir_all(&out).expect("a directory");
    let mut packed = Vec::new();
    let summary = pack_game(&dbs, true, 3, &out, |sector| {
        packed.push(*sector);
        Ok::<(), PackError>(())
    })
    .expect("packs");
    assert_eq!(packed.len(), game_sectors(true, 3).len());
    assert_eq!(summary.sectors_not_built, 0);
    assert_eq!(summary.slots, packed.iter().map(|p| p.slots).sum::<u64>());
    for p in &packed {
        let table = dbs.sector_table(p.sector).expect("built");
        let reader = PackedTable::open(&out.join(format!("{}.lpk", p.sector.file_stem())))
            .expect("a packed file");
        for slot in 0..p.slots {
            let want = Wdl::from(Value::decode(table.codes[slot as usize]));
            assert_eq!(
                reader.slot_value(slot).expect("reads"),
                want,
                "{} {slot}",
                p.sector
            );
        }
    }
    // Run again, it packs nothing anew: every file is kept (the same bytes, the same time) and
    // measured again. A damaged file is packed again.
    let first = &packed[0];
    let damaged = out.join(format!("{}.lpk", first.sector.file_stem()));
    std::fs::write(&damaged, b"not a packed table").expect("writes");
    let stamps = |out: &std::path::Path| -> Vec<(std::path::PathBuf, std::time::SystemTime)> {
        let mut all: Vec<_> = std::fs::read_dir(out)
            .expect("lists")
            .map(|e| {
                let path = e.expect("an entry").path();
                let time = std::fs::metadata(&path)
                    .and_then(|m| m.modified())
                    .expect("a time");
                (path, time)
            })
            .collect();
        all.sort();
        all
    };
    let before = stamps(&out);
    let again = pack_game(&dbs, true, 3, &out, |_| Ok::<(), PackError>(())).expect("packs");
    assert_eq!(again.packed_bytes, summary.packed_bytes);
    let after = stamps(&out);
    let changed: Vec<_> = before
        .iter()
        .zip(&after)
        .filter(|(b, a)| b != a)
        .map(|(b, _)| b.0.clone())
        .collect();
    assert_eq!(
        changed,
        vec![damaged],
        "only the damaged file was packed again"
    );
}
