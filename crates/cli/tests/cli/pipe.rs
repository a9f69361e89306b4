//! A reader that closes the pipe early (`ludus … | head -3`) ends a command quietly: exit
//! status 0 and nothing on stderr, never "failed printing to stdout: Broken pipe" (exit 101).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Commands with more than one line of output, text and JSON (`play` reads an empty stdin).
const COMMANDS: &[&[&str]] = &[
    &[
        "backgammon",
        "show",
        "--xgid",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10",
    ],
    &[
        "bg",
        "moves",
        "--position-id",
        "4HPwATDgc/ABMA",
        "--dice",
        "11",
    ],
    &["morris", "moves"],
    &["morris", "perft", "--depth", "3", "--divide"],
    &["morris", "perft", "--depth", "2", "--divide", "--json"],
    &["play", "morris", "--plain", "--vs", "human"],
    &["play", "backgammon", "--plain", "--vs", "human"],
    &["--help"],
];

/// Runs of each command: the race between the writer and a reader that leaves after one line
/// went wrong in 29 runs of 30 before the fix, so a few runs catch it.
const RUNS: usize = 8;

/// Runs `ludus args`, reads `lines` lines of its output (none: the pipe is closed before the
/// command writes anything) and closes the pipe; returns the exit status and stderr.
fn run_until_closed(args: &[&str], lines: usize) -> (std::process::ExitStatus, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ludus binary runs");
    let mut reader = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut line = String::new();
    for _ in 0..lines {
        line.clear();
        reader.read_line(&mut line).expect("a line of output");
        assert!(
            line.ends_with('\n'),
            "{args:?}: {line:?} is not a whole line"
        );
    }
    drop(reader);
    let output = child.wait_with_output().expect("ludus ends");
    (
        output.status,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_pipe_closed_after_one_line_ends_every_command_quietly() {
    for args in COMMANDS {
        for _ in 0..RUNS {
            let (status, stderr) = run_until_closed(args, 1);
            assert!(status.success(), "{args:?}: {status}, stderr {stderr:?}");
            assert_eq!(stderr, "", "{args:?}");
        }
    }
}

#[test]
fn a_pipe_closed_before_the_first_line_ends_every_command_quietly() {
    for args in COMMANDS {
        let (status, stderr) = run_until_closed(args, 0);
        assert!(status.success(), "{args:?}: {status}, stderr {stderr:?}");
        assert_eq!(stderr, "", "{args:?}");
    }
}
