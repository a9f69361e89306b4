//! `ludus backgammon train`: widening a network to the feature encoding keeps its play.

use crate::{ludus, stderr};
use std::path::PathBuf;

/// A scratch path under Cargo's temporary directory for integration tests.
fn scratch(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("train-{name}"))
}

#[test]
fn a_network_widened_to_encoding_2_plays_exactly_as_before() {
    let (board, wide) = (scratch("board.bin"), scratch("wide.bin"));
    let (board, wide) = (board.to_str().expect("path"), wide.to_str().expect("path"));
    let new = [
        "bg",
        "train",
        "--out",
        board,
        "--games",
        "20",
        "--hidden",
        "8",
        "--encoding",
        "1",
        "--quiet",
    ];
    assert!(ludus(&new).status.success());
    // No more games than the network has seen: only the widening happens.
    let widen = [
        "bg",
        "train",
        "--resume",
        board,
        "--encoding",
        "2",
        "--out",
        wide,
        "--games",
        "20",
        "--quiet",
    ];
    let output = ludus(&widen);
    assert!(output.status.success(), "{}", stderr(&output));
    let duel = [
        "bg", "duel", "--a", wide, "--b", board, "--games", "20", "--seed", "3", "--json",
    ];
    let output = ludus(&duel);
    assert!(output.status.success(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    // The same plays in both seats of every mirrored pair: the pairs cancel exactly.
    assert_eq!(report["ppg"].as_f64(), Some(0.0), "{report}");
    // A network cannot be narrowed back, and unknown encodings are refused.
    let narrow = [
        "bg",
        "train",
        "--resume",
        wide,
        "--encoding",
        "1",
        "--out",
        board,
        "--games",
        "20",
    ];
    let unknown = ["bg", "train", "--out", board, "--encoding", "3"];
    for args in [&narrow[..], &unknown[..]] {
        let output = ludus(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output).lines().count(), 1, "{args:?}");
    }
}
