//! `ludus practice` without a terminal: the player file's commands and their errors (the
//! practice screen itself is driven in tmux in `play.rs`).

use ludus_tui::practice::store::PlayerStore;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn temp_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("ludus-practice-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn practice(args: &[&str], file: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["practice", "--lang", "en"])
        .args(args)
        .arg("--player-file")
        .arg(file)
        .output()
        .unwrap()
}

#[test]
fn a_corrupt_player_file_is_refused_in_one_line_and_left_alone() {
    let dir = temp_dir("corrupt");
    let file = dir.join("player.json");
    std::fs::write(&file, "not json").unwrap();
    for args in [
        &["progress"][..],
        &["threshold", "30", "60"],
        &["export", "x.json"],
    ] {
        let output = practice(args, &file);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let error = crate::stderr(&output);
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(
            error.contains("not a usable player file (left unchanged)"),
            "{error}"
        );
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not json");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn thresholds_are_set_in_millipoints_and_an_empty_file_has_no_progress() {
    let dir = temp_dir("threshold");
    let file = dir.join("new/player.json");
    let output = practice(&["progress"], &file);
    assert!(output.status.success());
    assert_eq!(
        crate::stdout(&output),
        "No reviewed games or answered exercises yet.\n"
    );
    assert!(practice(&["threshold", "30", "60"], &file).status.success());
    let threshold = PlayerStore::new(&file).load().unwrap().threshold;
    assert_eq!((threshold.checker, threshold.cube), (0.03, 0.06));
    let output = practice(&["threshold", "--", "-5", "10"], &file);
    assert_eq!(output.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn practice_through_a_pipe_says_when_nothing_is_due() {
    use std::io::Write;
    let dir = temp_dir("pipe");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["practice", "--lang", "et", "--player-file"])
        .arg(dir.join("player.json"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"q\n").unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = crate::stdout(&output);
    assert!(text.contains("Täna pole midagi harjutada"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn add_reviews_a_saved_game_once() {
    let dir = temp_dir("add");
    let file = dir.join("player.json");
    let mat = crate::play::backgammon_game_with_errors(&dir);
    let output = practice(&["add", mat.to_str().unwrap()], &file);
    assert!(output.status.success(), "{}", crate::stderr(&output));
    assert!(crate::stdout(&output).ends_with("new exercises for practice.\n"));
    let once = PlayerStore::new(&file).load().unwrap();
    assert!(!once.exercises.is_empty());
    // The same game again adds nothing: no exercise, no count, no second game record.
    let output = practice(&["add", mat.to_str().unwrap()], &file);
    assert_eq!(crate::stdout(&output), "0 new exercises for practice.\n");
    let twice = PlayerStore::new(&file).load().unwrap();
    assert_eq!(twice, once);
    let output = practice(&["add", "/nonexistent/x.mat"], &file);
    assert_eq!(output.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(dir);
}
