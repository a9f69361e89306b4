//! `ludus backgammon moves | show | cube`: output formats and the error contract.

use crate::{ludus, stderr, stdout};
use serde_json::{Value, json};

const OPENING: &str = "4HPwATDgc/ABMA";

#[test]
fn moves_json_lists_gnubgs_16_opening_plays_with_the_ids_after_them() {
    let output = ludus(&[
        "backgammon",
        "moves",
        "--position-id",
        OPENING,
        "--dice",
        "31",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let plays: Vec<Value> = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(plays.len(), 16);
    let point = plays
        .iter()
        .find(|p| p["move"] == "8/5 6/5")
        .expect("8/5 6/5 is listed");
    // The board after 8/5 6/5 with the opponent on roll (the mover is gnubg's side 0).
    assert_eq!(point["position_id"], "sGfwATDgc/ABMA");
}

#[test]
fn the_bg_alias_and_text_output_work() {
    let output = ludus(&["bg", "moves", "--position-id", OPENING, "--dice", "66"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("24/18(2) 13/7(2)"));
}

#[test]
fn show_draws_the_board_with_both_ids() {
    let output = ludus(&[
        "bg",
        "show",
        "--position-id",
        OPENING,
        "--match-id",
        "cAkAAAAAAAAE",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("Position ID: 4HPwATDgc/ABMA"));
    assert!(text.contains("Match ID   : cAkAAAAAAAAE"));
    assert!(text.contains(" +13-14-15-16-17-18------19-20-21-22-23-24-+"));
    assert!(text.contains("Pip counts: on roll 167, opponent 167"));
}

#[test]
fn show_reads_an_xgid_and_prints_json() {
    let xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10";
    let output = ludus(&["bg", "show", "--xgid", xgid, "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let shown: Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(shown["position_id"], OPENING);
    assert_eq!(shown["match_id"], "cIkFAAAAAAAA");
    assert_eq!(shown["xgid"], xgid);
    assert_eq!(shown["pips"], serde_json::json!([167, 167]));
}

/// Bad input of every kind: one line on stderr, exit code 2.
#[test]
fn bad_input_gives_one_error_line_and_exit_code_2() {
    let cases: [&[&str]; 7] = [
        &["bg", "moves", "--position-id", OPENING, "--dice", "07"],
        &["bg", "moves", "--position-id", OPENING, "--dice", "3"],
        &[
            "bg",
            "moves",
            "--position-id",
            "4HPwATDgc/AB",
            "--dice",
            "31",
        ],
        &[
            "bg",
            "moves",
            "--position-id",
            "4HPwATDgc/AB!A",
            "--dice",
            "31",
        ],
        // 16 checkers for the side not on roll.
        &[
            "bg",
            "moves",
            "--position-id",
            "//8AAAD+fwAAAA",
            "--dice",
            "31",
        ],
        &[
            "bg",
            "show",
            "--position-id",
            OPENING,
            "--match-id",
            "cAkAAAAAAAA",
        ],
        &[
            "bg",
            "show",
            "--xgid",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:31",
        ],
    ];
    for args in cases {
        let output = ludus(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let errors = stderr(&output);
        assert_eq!(errors.lines().count(), 1, "{args:?}: {errors}");
        assert!(errors.starts_with("error: "), "{args:?}: {errors}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

/// `ludus bg rollout` of the opening position, `games` games truncated after 2 plies, as JSON,
/// with `extra` options.
fn opening_rollout(games: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "bg",
        "rollout",
        "--position-id",
        "4HPwATDgc/ABMA",
        "--games",
        games,
        "--truncate",
        "2",
        "--json",
    ];
    args.extend_from_slice(extra);
    ludus(&args)
}

#[test]
fn rollout_prints_json_with_either_luck_estimate_and_refuses_an_unknown_one() {
    let rollout = |luck: &str| opening_rollout("4", &["--luck", luck]);
    for luck in ["full", "pruned"] {
        let output = rollout(luck);
        assert!(output.status.success(), "{}", stderr(&output));
        let result: Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(result["games"], 4);
        let equity = result["equity"].as_f64().expect("equity");
        assert!((-3.0..=3.0).contains(&equity), "{result}");
    }
    let output = rollout("cheap");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
}

/// `--plies 1` rolls out with the 1-ply player; deeper rollout players are refused.
#[test]
fn rollout_plays_at_zero_or_one_ply() {
    let rollout = |plies: &str| opening_rollout("2", &["--plies", plies]);
    let one = rollout("1");
    assert!(one.status.success(), "{}", stderr(&one));
    let result: Value = serde_json::from_str(&stdout(&one)).unwrap();
    assert_eq!(result["games"], 2);
    let two = rollout("2");
    assert_eq!(two.status.code(), Some(2), "{}", stderr(&two));
    assert!(stderr(&two).contains("--plies"), "{}", stderr(&two));
}

/// The textbook last roll (23 rolls of 36 bear off, the opponent then off for sure) rolled out
/// over the 36 first rolls: cubeless 10/36; cubeful the side doubles, is taken, and wins or loses
/// 2, 2 × 10/36.
#[test]
fn a_cubeful_rollout_of_the_last_roll_doubles_and_is_taken() {
    let rollout = |cube: &[&str]| {
        let mut args = vec![
            "bg",
            "rollout",
            "--position-id",
            "AwAAkAAAAAAAAA",
            "--games",
            "36",
            "--no-luck-adjust",
            "--json",
        ];
        args.extend_from_slice(cube);
        let output = ludus(&args);
        assert!(output.status.success(), "{}", stderr(&output));
        serde_json::from_str::<Value>(&stdout(&output)).unwrap()
    };
    let cubeless = rollout(&[]);
    let cubeful = rollout(&["--cubeful"]);
    assert_eq!(
        (&cubeless["cubeful"], &cubeful["cubeful"]),
        (&json!(false), &json!(true))
    );
    let near = |v: &Value, want: f64| (v["equity"].as_f64().unwrap() - want).abs() < 1e-6;
    assert!(near(&cubeless, 10.0 / 36.0), "{cubeless}");
    assert!(near(&cubeful, 20.0 / 36.0), "{cubeful}");
}

#[test]
fn cube_gives_the_exact_textbook_last_roll_at_every_ply() {
    // XGID=--A-A-------------------b-:0:0:1:00:0:0:0:0:10: 23 rolls of 36 bear off.
    for plies in ["0", "2"] {
        let output = ludus(&[
            "backgammon",
            "cube",
            "--position-id",
            "AwAAkAAAAAAAAA",
            "--plies",
            plies,
            "--json",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        let v: Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(v["decision"], "double, take");
        assert_eq!(v["exact"], true);
        let near = |key: &str, want: f64| (v[key].as_f64().unwrap() - want).abs() < 1e-4;
        assert!(
            near("no_double", 0.2778) && near("double_take", 0.5556),
            "{v}"
        );
        assert!(near("double_pass", 1.0) && near("take_point", 0.25), "{v}");
    }
}

#[test]
fn cube_plays_money_under_jacoby_and_beavers_and_refuses_them_in_a_match() {
    // XGID=------B-----------------a-:0:0:1:00:0:0:0:0:10: two checkers on the 6 point against
    // one on the 1 point; the side on roll wins only with 33, 44, 55 or 66.
    let cube = |extra: &[&str]| {
        let mut args = vec!["bg", "cube", "--position-id", "AQAAgAEAAAAAAA", "--json"];
        args.extend_from_slice(extra);
        let output = ludus(&args);
        assert!(output.status.success(), "{}", stderr(&output));
        serde_json::from_str::<Value>(&stdout(&output)).unwrap()
    };
    let plain = cube(&[]);
    let beavers = cube(&["--beavers"]);
    let jacoby = cube(&["--jacoby"]);
    assert_eq!(plain["decision"], "no double, take", "{plain}");
    assert_eq!(beavers["decision"], "no double, beaver", "{beavers}");
    let dt = |v: &Value| v["double_take"].as_f64().unwrap();
    assert!(dt(&plain) < 0.0 && (dt(&beavers) - 2.0 * dt(&plain)).abs() < 1e-6);
    // No gammon is possible: the Jacoby rule changes nothing.
    assert_eq!(
        (&jacoby["decision"], &jacoby["no_double"]),
        (&plain["decision"], &plain["no_double"])
    );
    assert_eq!(
        (beavers["beavers"].as_bool(), jacoby["jacoby"].as_bool()),
        (Some(true), Some(true))
    );
    let output = ludus(&[
        "bg",
        "cube",
        "--position-id",
        "AQAAgAEAAAAAAA",
        "--match-id",
        "cAmgAAAAAAAE",
        "--jacoby",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("money-game options"),
        "{}",
        stderr(&output)
    );
}
