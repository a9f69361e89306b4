//! The committed rollouts of cube positions by gnubg and by Ludus
//! (`data/backgammon/referee-rollouts`): every file the manifest lists is there with that many
//! lines and that sha256, no other data file is there, and every line is a Position ID (a label
//! line's second word) with five chances a position can have; the rollout files hold listed
//! positions in their order.

use super::{files_ending, manifest_rows, sha256_hex};
use ludus_backgammon::Position;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The folder of the referee rollouts.
fn referee_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/backgammon/referee-rollouts")
}

/// `(file, lines, sha256)` of each `manifest.tsv` row.
fn manifest() -> Vec<(String, usize, String)> {
    manifest_rows(&referee_dir(), "file\tlines\tsha256")
        .into_iter()
        .map(|f| {
            (
                f[0].clone(),
                f[1].parse().expect("line count"),
                f[2].clone(),
            )
        })
        .collect()
}

/// How far a luck-adjusted rollout's mean may stray past a bound (the adjustment is unbiased,
/// not clamped: a gammon chance of 0 comes out as −0.0003).
const LUCK_SLACK: f64 = 0.002;

/// The Position ID of a line, checking its chances: win, win gammon, win backgammon, lose gammon,
/// lose backgammon, each a probability, each gammon at most its game, each backgammon at most
/// its gammon (all within [`LUCK_SLACK`]).
fn checked_id(file: &str, line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let (id, chances) = match words.len() {
        1 => return words[0].to_owned(),
        6 => (words[0], &words[1..]),
        7 => (words[1], &words[2..]),
        n => panic!("{file}: {n} words in {line:?}"),
    };
    Position::from_position_id(id).unwrap_or_else(|e| panic!("{file}: {id}: {e}"));
    let p: Vec<f64> = chances
        .iter()
        .map(|w| w.parse().unwrap_or_else(|e| panic!("{file}: {w:?}: {e}")))
        .collect();
    let e = LUCK_SLACK;
    assert!(
        p.iter().all(|x| (-e..=1.0 + e).contains(x)),
        "{file}: {line}"
    );
    assert!(p[2] <= p[1] + e && p[1] <= p[0] + e, "{file}: wins {line}");
    assert!(
        p[4] <= p[3] + e && p[3] <= 1.0 - p[0] + e,
        "{file}: losses {line}"
    );
    id.to_owned()
}

#[test]
fn committed_referee_rollouts_match_their_manifest_and_are_chances() {
    let rows = manifest();
    let dir = referee_dir();
    let listed: BTreeSet<String> = rows.iter().map(|(file, _, _)| file.clone()).collect();
    let present = files_ending(&dir, ".txt");
    assert_eq!(listed, present, "files against the manifest");
    let ids_of = |file: &str| -> Vec<String> {
        let text = std::fs::read_to_string(dir.join(file)).expect(file);
        text.lines().map(|line| checked_id(file, line)).collect()
    };
    for (file, count, sha256) in &rows {
        let bytes = std::fs::read(dir.join(file)).expect(file);
        assert_eq!(&sha256_hex(&bytes), sha256, "{file}: sha256");
        assert_eq!(ids_of(file).len(), *count, "{file}: lines");
    }
    let money = ids_of("money-ids.txt");
    let rollouts = rows
        .iter()
        .map(|(file, _, _)| file.as_str())
        .filter(|file| file.starts_with("gnubg-") || file.starts_with("ludus-"));
    for file in rollouts {
        // Each a listed position, in the listed order, none twice (a run stopped part way, or
        // two runs over two parts of the list, leave gaps).
        let places: Vec<usize> = ids_of(file)
            .iter()
            .map(|id| {
                money
                    .iter()
                    .position(|m| m == id)
                    .unwrap_or_else(|| panic!("{file}: {id} is not listed"))
            })
            .collect();
        assert!(
            places.windows(2).all(|w| w[0] < w[1]),
            "{file}: the listed positions in order"
        );
    }
    assert_eq!(
        ids_of("stage14-labels-gnubg-216.txt"),
        ids_of("stage14-labels-sample.txt")
    );
}
