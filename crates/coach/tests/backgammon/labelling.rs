//! Labelling into a file: the same bytes for any number of threads, a stopped run resumed to the
//! bytes of one that never stopped, and the held-out split by game.

use ludus_backgammon_engine::NetEvaluator;
use ludus_coach::backgammon::labeller::{LabelFile, LabelRun, Labeller, Selection};
use ludus_coach::backgammon::labels::{HELD_OUT_EVERY, parse_line, read_labelled};
use std::path::{Path, PathBuf};

/// A fresh scratch path under Cargo's temporary directory for integration tests.
fn scratch(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("coach-{name}"));
    let _ = std::fs::remove_file(&path);
    path
}

/// Labels games up to `games` of seed 4 at 0 plies into `path`, resumed, on `jobs` threads;
/// returns the games done as reported after each game written.
fn label(path: &Path, games: u64, jobs: usize) -> Vec<u64> {
    label_into(
        &mut LabelFile::resume(path).expect("a label file"),
        games,
        jobs,
    )
}

/// [`label`] into a file already resumed.
fn label_into(file: &mut LabelFile, games: u64, jobs: usize) -> Vec<u64> {
    let teacher = NetEvaluator::shipped();
    let run = LabelRun {
        teacher: &teacher,
        seed: 4,
        games,
        noise: 0.1,
        labeller: Labeller::Plies(0),
        selection: Selection::Played,
        jobs,
    };
    let mut reported = Vec::new();
    file.label(&run, |done| reported.push(done))
        .expect("labelled");
    reported
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("the label file")
}

#[test]
fn threads_and_a_resumed_stop_write_the_bytes_of_one_uninterrupted_thread() {
    let (one, three) = (scratch("one-thread.txt"), scratch("three-threads.txt"));
    assert_eq!(label(&one, 6, 1), [1, 2, 3, 4, 5, 6]);
    assert_eq!(label(&three, 4, 3), [1, 2, 3, 4]);
    // A run stopped while writing game 3 leaves part of a line.
    let text = read(&three);
    std::fs::write(&three, &text[..text.len() - 10]).expect("cut the file short");
    let mut resumed = LabelFile::resume(&three).expect("resumed");
    assert_eq!(resumed.first(), 3);
    assert_eq!(label_into(&mut resumed, 6, 3), [4, 5, 6]);
    assert_eq!(read(&one), read(&three));
}

#[test]
fn every_twentieth_game_is_held_out() {
    let path = scratch("held-out.txt");
    label(&path, HELD_OUT_EVERY, 2);
    let games: Vec<u64> = read(&path)
        .lines()
        .map(|line| parse_line(line).expect("a labelled position").game)
        .collect();
    let held = games.iter().filter(|&&g| g == HELD_OUT_EVERY - 1).count();
    let sets = read_labelled(&[path]).expect("the sets");
    assert!(held > 0);
    assert_eq!(sets.held_out.len(), held);
    assert_eq!(sets.train.len(), games.len() - held);
}
