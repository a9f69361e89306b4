//! `ludus morris moves | perft | apply`: the command-line contract of docs/architecture.md.

use crate::{ludus, stderr, stdout};
use serde_json::Value;
use std::process::Output;

/// White flies with three pieces (a fixture of the rules crate).
const FLYING: &str = "BBBBB.../.B....../....WWW. w 0 0 0";

#[test]
fn morris_apply_reports_the_illegal_ply_on_one_line_and_exits_2() {
    let output = ludus(&["morris", "apply", "d6", "d6"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: illegal move at ply 2 (d6): d6 is occupied\n"
    );
    assert_eq!(stdout(&output), "");
}

#[test]
fn morris_apply_reports_unreadable_moves_and_exits_2() {
    let output = ludus(&["morris", "apply", "d6", "zz"]);
    assert_eq!(output.status.code(), Some(2));
    let error = stderr(&output);
    assert!(
        error.starts_with("error: bad move at ply 2 (zz): "),
        "{error}"
    );
    assert_eq!(error.lines().count(), 1);
}

#[test]
fn morris_apply_prints_the_text_form_after_the_moves() {
    let output = ludus(&["morris", "apply", "d6", "d5", "b6"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "......../WW....../.B...... b 7 8 3\n");
    let output = ludus(&["morris", "apply"]);
    assert_eq!(stdout(&output), "......../......../........ w 9 9 0\n");
}

#[test]
fn morris_apply_json_has_position_moves_and_outcome() {
    let output = ludus(&[
        "morris",
        "apply",
        "--json",
        "--position",
        "WBWBW..B/.....B../........ b 0 0 0",
        "d2-d1",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["position"], "WBWBWB.B/......../........ w 0 0 1");
    assert_eq!(json["moves"], serde_json::json!(["d2-d1"]));
    assert_eq!(json["outcome"], Value::Null, "three pieces fly");
    let output = ludus(&[
        "morris",
        "apply",
        "--json",
        "--rules",
        "no-flying",
        "--position",
        "WBWBW..B/.....B../........ b 0 0 0",
        "d2-d1",
    ]);
    let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["outcome"]["winner"], "black");
    assert_eq!(json["outcome"]["reason"], "blocked");
}

#[test]
fn morris_perft_last_line_is_the_node_count() {
    let output = ludus(&["morris", "perft", "--depth", "3"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output).lines().last(), Some("12144"));
    let output = ludus(&["morris", "perft", "--depth", "2", "--divide"]);
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 25);
    assert!(text.starts_with("a7: 23\n"));
    assert_eq!(text.lines().last(), Some("552"));
}

/// `ludus morris perft --depth 1 --position FLYING` with more arguments.
fn perft_1_of_flying(more: &[&str]) -> Output {
    let mut args = vec!["morris", "perft", "--depth", "1", "--position", FLYING];
    args.extend_from_slice(more);
    ludus(&args)
}

#[test]
fn morris_perft_json_and_rules() {
    let output = perft_1_of_flying(&["--json"]);
    let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["nodes"], 45);
    assert_eq!(json["depth"], 1);
    let output = perft_1_of_flying(&["--rules", "no-flying"]);
    assert_eq!(stdout(&output), "3\n");
}

#[test]
fn morris_moves_lists_the_golden_moves_of_a_flying_position() {
    let output = ludus(&["morris", "moves", "--position", FLYING]);
    assert!(output.status.success());
    assert_eq!(
        stdout(&output),
        include_str!("../data/morris_moves_flying.txt")
    );
}

#[test]
fn morris_moves_json_gives_each_move_with_the_position_after_it() {
    let output = ludus(&[
        "morris",
        "moves",
        "--json",
        "--position",
        "..WWWWW./BBB.W.../....B.B. w 2 2 3",
    ]);
    let json: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let entries = json.as_array().unwrap();
    assert_eq!(entries.len(), 13);
    for entry in entries {
        let mv = entry["move"].as_str().unwrap();
        let applied = ludus(&[
            "morris",
            "apply",
            "--position",
            "..WWWWW./BBB.W.../....B.B. w 2 2 3",
            mv,
        ]);
        assert_eq!(
            stdout(&applied).trim_end(),
            entry["position"].as_str().unwrap()
        );
    }
}

#[test]
fn morris_bad_position_and_rules_are_one_line_errors_with_exit_2() {
    for args in [
        &["morris", "moves", "--position", "nonsense"][..],
        &["morris", "moves", "--rules", "lasker"][..],
        &["morris", "perft", "--depth", "1000000"][..],
        &[
            "morris",
            "perft",
            "--depth",
            "1",
            "--position",
            "......../......../........ w 8 9 0",
        ][..],
    ] {
        let output = ludus(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let error = stderr(&output);
        assert!(error.starts_with("error: "), "{error}");
        assert_eq!(error.lines().count(), 1, "{error}");
    }
}

#[test]
fn morris_moves_after_the_game_is_over_are_none() {
    let output = ludus(&[
        "morris",
        "moves",
        "--position",
        "WBWBWBWB/......../........ w 0 0 0",
        "--json",
    ]);
    assert_eq!(stdout(&output).trim_end(), "[]");
}

#[test]
fn the_readme_level_table_is_the_engines() {
    use ludus_morris_engine::Level;
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("the README");
    let section = readme
        .split("### Morris levels")
        .nth(1)
        .expect("a Morris levels section");
    let rows: Vec<Vec<&str>> = section
        .lines()
        .take_while(|line| !line.starts_with('#'))
        .filter(|line| line.starts_with("| ") && line.as_bytes()[2].is_ascii_digit())
        .map(|line| line.trim_matches('|').split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 10, "{rows:?}");
    for row in rows {
        let level = Level::new(row[0].parse().unwrap()).unwrap();
        let expected = [
            level.number.to_string(),
            level.depth.to_string(),
            format!("{} ms", level.movetime.as_millis()),
            level.noise.to_string(),
            (if level.databases { "yes" } else { "no" }).to_string(),
        ];
        assert_eq!(row, expected, "level {}", level.number);
    }
}

#[test]
fn morris_tune_writes_weights_that_read_back_and_rejects_bad_input() {
    use ludus_morris_engine::eval::Weights;
    let out = std::env::temp_dir().join(format!("ludus-tune-{}.txt", std::process::id()));
    let path = out.to_str().expect("a UTF-8 path");
    let args = [
        "morris", "tune", "--seed", "3", "--games", "2", "--depth", "2",
    ];
    let output = ludus(&[&args[..], &["--epochs", "20", "--out", path]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = std::fs::read_to_string(&out).expect("the weights file");
    assert!(text.starts_with("# ludus morris tune --seed 3 --games 2 --depth 2"));
    assert!(Weights::parse(&text).is_ok(), "{text}");
    let _ = std::fs::remove_file(&out);
    for bad in [
        &["--games", "0"][..],
        &["--depth", "99"][..],
        &["--from", "/nonexistent/weights.txt"][..],
    ] {
        let output = ludus(&[&["morris", "tune", "--out", path][..], bad].concat());
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert_eq!(stderr(&output).lines().count(), 1, "{bad:?}");
    }
}

#[test]
fn morris_duel_between_two_depths_prints_games_and_a_summary() {
    let output = ludus(&[
        "morris", "duel", "--a", "depth:1", "--b", "depth:2", "--games", "2", "--seed", "5",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(
        text.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{text}"
    );
    assert!(
        text.contains("depth:1 vs depth:2: 2 games (seed 5"),
        "{text}"
    );
    assert!(text.contains("A: +"), "{text}");
    assert!(text.contains("Elo"), "{text}");
    let again = ludus(&[
        "morris", "duel", "--a", "depth:1", "--b", "depth:2", "--games", "2", "--seed", "5",
    ]);
    let games = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("game "))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        games(&text),
        games(&stdout(&again)),
        "depth duels are reproducible"
    );
}

#[test]
fn morris_duel_drives_an_engine_over_the_uci_protocol() {
    let me = env!("CARGO_BIN_EXE_ludus");
    let uci = format!("uci:{me} morris uci");
    let output = ludus(&[
        "morris",
        "duel",
        "--a",
        "depth:1",
        "--b",
        &uci,
        "--setoption-b",
        "Level=3",
        "--games",
        "2",
        "--movetime",
        "20",
        "--sprt",
        "0,10",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(!text.contains("forfeit"), "{text}");
    assert!(text.contains("uci:ludus"), "{text}");
    assert!(text.contains("SPRT [0, 10]: LLR"), "{text}");
}

#[test]
fn morris_duel_rejects_bad_players_in_one_line() {
    for (a, b) in [
        ("depth:0", "depth:1"),
        ("depth:1", "gnubg:2"),
        ("level:x", "depth:1"),
    ] {
        let output = ludus(&["morris", "duel", "--a", a, "--b", b, "--games", "2"]);
        assert_eq!(output.status.code(), Some(2));
        let error = stderr(&output);
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(error.contains("bad player"), "{error}");
    }
}

#[test]
fn morris_report_tabulates_the_built_sectors_and_the_first_moves() {
    let data = std::env::temp_dir().join(format!("ludus-report-{}", std::process::id()));
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_ludus"))
            .args(args)
            .env("LUDUS_DATA", &data)
            .output()
            .expect("the ludus binary runs")
    };
    let none = run(&["morris", "report", "--stones", "3", "--json"]);
    assert!(none.status.success(), "{}", stderr(&none));
    let lines: Vec<Value> = stdout(&none)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["sectors_built"], 0, "{lines:?}");
    assert_eq!(lines[1]["value"], "not built", "{lines:?}");
    let built = run(&["morris", "solve-game", "--stones", "3", "--json"]);
    assert!(built.status.success(), "{}", stderr(&built));
    let report = run(&["morris", "report", "--stones", "3", "--json"]);
    let lines: Vec<Value> = stdout(&report)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let _ = std::fs::remove_dir_all(&data);
    let summary = lines
        .iter()
        .find(|l| l.get("sectors_built").is_some())
        .unwrap();
    assert_eq!(summary["sectors_built"], 7, "{summary}");
    assert_eq!(summary["slots"], 264_399, "{summary}");
    let adds = |key: &str| summary[key].as_u64().unwrap();
    assert_eq!(
        adds("wins") + adds("draws") + adds("losses"),
        adds("positions")
    );
    // The empty board: one position, White wins in 23 plies (as `solve-game` says).
    let start = lines.iter().find(|l| l["sector"] == "0-0/3-3").unwrap();
    assert_eq!(
        (start["wins"].as_u64(), start["longest_win_plies"].as_u64()),
        (Some(1), Some(23))
    );
    let firsts: Vec<&Value> = lines
        .iter()
        .filter(|l| l.get("first_move").is_some())
        .collect();
    assert_eq!(firsts.len(), 24);
    assert!(
        firsts.iter().any(|l| l["value"] == "win in 23 plies"),
        "{firsts:?}"
    );
    assert!(
        firsts
            .iter()
            .all(|l| l["value"].as_str().unwrap().starts_with("win in "))
    );
}
