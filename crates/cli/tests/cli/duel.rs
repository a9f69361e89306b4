//! `ludus backgammon duel` with external players over the line protocol
//! (docs/backgammon-player-protocol.md): gnubg as a referee, Ludus's own `backgammon player`,
//! and a program that answers an illegal play.

use crate::gnubg::gnubg_is_installed;
use crate::{ludus, stderr, stdout};
use std::process::Output;

/// Runs `ludus backgammon command args`.
fn backgammon(command: &str, args: &[&str]) -> Output {
    let mut all = vec!["backgammon", command];
    all.extend_from_slice(args);
    ludus(&all)
}

/// Runs a duel with `--json` and returns its report.
fn duel_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = backgammon("duel", &all);
    assert!(output.status.success(), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("one JSON document")
}

#[test]
fn a_short_mirrored_duel_against_gnubg_gets_a_legal_reply_every_time() {
    if !gnubg_is_installed("the duel") {
        return;
    }
    // Every gnubg play is checked legal by the duel: one illegal reply would fail the command.
    let report = duel_json(&[
        "--a",
        "net",
        "--b",
        "gnubg:0ply",
        "--games",
        "4",
        "--seed",
        "3",
    ]);
    assert_eq!(report["games"], 4);
    assert_eq!(report["b"], "gnubg 0-ply");
    assert_eq!(report["stakes"], "cubeless");
    let ppg = report["ppg"].as_f64().expect("ppg");
    assert!((-3.0..=3.0).contains(&ppg), "{report}");
    // With the cube, gnubg also answers the double and take requests.
    let report = duel_json(&[
        "--a",
        "gnubg:0ply",
        "--b",
        "net",
        "--games",
        "2",
        "--seed",
        "4",
        "--cube",
    ]);
    assert_eq!(report["games"], 2);
    assert_eq!(report["a"], "gnubg 0-ply");
    assert_eq!(report["stakes"], "money (cube)");
    // Every double one side offered was taken or passed by the other.
    let count = |side: &str, what: &str| report[side][what].as_u64().expect("a count");
    assert_eq!(
        count("a_cube", "doubles"),
        count("b_cube", "takes") + count("b_cube", "passes")
    );
    assert_eq!(
        count("b_cube", "doubles"),
        count("a_cube", "takes") + count("a_cube", "passes")
    );
}

#[test]
fn ludus_as_a_protocol_player_plays_exactly_like_the_network_it_runs() {
    let command = format!(
        "cmd:{} backgammon player --level 8",
        env!("CARGO_BIN_EXE_ludus")
    );
    let report = duel_json(&[
        "--a", "net", "--b", &command, "--games", "6", "--seed", "9", "--jobs", "2",
    ]);
    assert_eq!(report["games"], 6);
    assert_eq!(report["b"], "ludus level 8");
    // Level 8 is the shipped network at 0 ply without noise: each mirrored pair is a wash.
    assert_eq!(report["ppg"].as_f64(), Some(0.0), "{report}");
    assert_eq!(report["ci95"].as_f64(), Some(0.0), "{report}");
}

#[test]
fn an_illegal_reply_stops_the_duel_with_an_error_naming_the_position() {
    // Answers every request with a play that is never legal from the opening position.
    let liar = "cmd:echo ready liar; while read line; do echo 24/18 24/18 24/18; done";
    let output = backgammon("duel", &["--a", "net", "--b", liar, "--games", "2"]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(message.starts_with("error: "), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("illegal play \"24/18 24/18 24/18\""),
        "{message}"
    );
    assert!(message.contains("in position "), "{message}");
}

#[test]
fn bad_player_specs_are_refused_with_exit_code_2() {
    for spec in ["gnubg:9ply", "gnubg:fast", "cmd:", "cmd:   "] {
        let output = backgammon("duel", &["--a", "net", "--b", spec, "--games", "2"]);
        assert_eq!(output.status.code(), Some(2), "{spec}: {}", stderr(&output));
        assert!(stderr(&output).starts_with("error: "), "{spec}");
    }
    let output = backgammon("duel", &["--a", "net", "--b", "net", "--jobs", "0"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn the_error_rate_judges_each_player_on_the_same_positions() {
    // A network judge at 0 ply: the 0-ply player chooses exactly the judge's plays. (At 1 ply
    // they may differ: the player filters the plays at 0 ply before its lookahead, the judge
    // does not; with the encoding-2 weights one of these 12 positions shows it.)
    let output = backgammon(
        "error-rate",
        &[
            "--positions",
            "12",
            "--judge",
            "net:0",
            "--players",
            "net:0,heuristic",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("12 positions (seed 42"), "{text}");
    let net = line_starting(&text, "net (0-ply)");
    assert!(net.contains(" 0.0 ±  0.0 mp/move"), "{net}");
    assert!(net.contains("same play as the judge 100.0%"), "{net}");
    assert!(text.lines().any(|l| l.starts_with("heuristic")), "{text}");
    let contact = line_starting(&text, "contact (");
    assert!(contact.contains("net (0-ply) 0.0"), "{contact}");
    assert!(contact.contains(", heuristic "), "{contact}");
    // Every position falls in exactly one standing of the mover.
    let standings: usize = [
        "far behind (",
        "behind (",
        "level (",
        "ahead (",
        "far ahead (",
    ]
    .iter()
    .filter_map(|name| text.lines().find(|l| l.starts_with(name)))
    .map(positions_in)
    .sum();
    assert_eq!(standings, 12, "{text}");
}

/// The count of a group line: `NAME (BOUNDS) (N positions), mp/move: …`.
fn positions_in(line: &str) -> usize {
    let (_, rest) = line
        .split_once(") (")
        .unwrap_or_else(|| panic!("no count in {line}"));
    rest.split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {line}"))
}

/// The first line of `text` that starts with `prefix` (the test fails without one).
fn line_starting<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting with {prefix:?} in {text}"))
}

#[test]
fn the_error_rate_with_gnubg_as_the_judge_measures_gnubg_too() {
    if !gnubg_is_installed("the duel") {
        return;
    }
    let output = backgammon(
        "error-rate",
        &[
            "--positions",
            "4",
            "--judge",
            "gnubg:0ply",
            "--players",
            "net:0,gnubg:0ply",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let gnubg = line_starting(&text, "gnubg 0-ply");
    assert!(gnubg.contains("same play as the judge 100.0%"), "{text}");
}

#[test]
fn the_error_rate_refuses_an_unknown_player_with_one_line() {
    let output = backgammon(
        "error-rate",
        &["--positions", "4", "--players", "net:0,nobody"],
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
}
