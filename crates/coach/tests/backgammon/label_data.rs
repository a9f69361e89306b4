//! The committed label sets (`data/backgammon/labels`: 2-ply labels of every position;
//! `data/backgammon/rollout-labels`: rollout labels where 0 and 2 plies disagree;
//! `data/backgammon/labels-cycle2`, `labels-cycle3` and `labels-cycle4`: 2-ply labels of the
//! second, third and fourth cycles; `data/backgammon/race-rollout-labels`: rollout labels of
//! race positions, each checked to be a race; `data/backgammon/cube-rollout-labels`,
//! `cube-rollout-labels-stage13` and `cube-rollout-labels-stage14`: rollout labels of positions
//! whose cube decision is close, each checked to be outside the bear-off database): every chunk a
//! manifest lists is there, matches its sha256 and holds that many labels of at most that many
//! games (every game, where every position is labelled), each line a labelled position; no chunk
//! is there that the manifest does not list.

use super::{files_ending, manifest_rows, sha256_hex};
use ludus_backgammon_engine::bearoff::is_bearoff;
use ludus_coach::backgammon::labels::parse_line;
use ludus_coach::backgammon::supervised::LabelledPosition;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

/// The folder of a committed label set.
fn label_dir(set: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/backgammon")
        .join(set)
}

/// One row of `manifest.tsv`.
#[derive(Debug)]
struct ManifestRow {
    file: String,
    seed: u64,
    games: u64,
    labels: usize,
    sha256: String,
}

/// Reads `manifest.tsv` (a header line, then `file seed games labels sha256` separated by tabs).
fn read_manifest(set: &str) -> Vec<ManifestRow> {
    manifest_rows(&label_dir(set), "file\tseed\tgames\tlabels\tsha256")
        .into_iter()
        .map(|fields| ManifestRow {
            file: fields[0].clone(),
            seed: fields[1].parse().expect("seed"),
            games: fields[2].parse().expect("games"),
            labels: fields[3].parse().expect("labels"),
            sha256: fields[4].clone(),
        })
        .collect()
}

/// Checks one chunk of `set` against its row (`every_game`: each game has labels; `holds`: what
/// every labelled position must be); returns its label count.
fn check_chunk(
    set: &str,
    row: &ManifestRow,
    every_game: bool,
    holds: &dyn Fn(&LabelledPosition) -> bool,
) -> usize {
    let bytes = std::fs::read(label_dir(set).join(&row.file)).expect(&row.file);
    assert_eq!(sha256_hex(&bytes), row.sha256, "{}: sha256", row.file);
    assert_eq!(
        row.file,
        format!("chunk-{}.txt.zst", row.seed),
        "file name and seed"
    );
    let reader = BufReader::new(zstd::Decoder::new(&bytes[..]).expect("zstd"));
    let mut games = BTreeSet::new();
    let mut count = 0;
    for (number, line) in reader.lines().enumerate() {
        let line = line.expect("utf-8 line");
        let read =
            parse_line(&line).unwrap_or_else(|e| panic!("{} line {}: {e}", row.file, number + 1));
        let (game, labelled) = (read.game, read.sample);
        assert!(
            holds(&labelled),
            "{} line {}: not a position of this set",
            row.file,
            number + 1
        );
        assert!(
            game < row.games,
            "{} line {}: game {game}",
            row.file,
            number + 1
        );
        games.insert(game);
        count += 1;
    }
    assert_eq!(count, row.labels, "{}: labels", row.file);
    assert!(games.len() as u64 <= row.games, "{}: games", row.file);
    if every_game {
        assert_eq!(games.len() as u64, row.games, "{}: games", row.file);
    }
    count
}

/// Whether a labelled position is outside the bear-off database (the cube rollout sets' rule).
fn outside_the_bearoff(label: &LabelledPosition) -> bool {
    !is_bearoff(&label.position)
}

/// Checks every chunk of `set` against its manifest; returns the labels in all.
fn check_set(set: &str, every_game: bool) -> usize {
    check_set_where(set, every_game, &|_| true)
}

/// [`check_set`], each labelled position also checked by `holds`.
fn check_set_where(
    set: &str,
    every_game: bool,
    holds: &dyn Fn(&LabelledPosition) -> bool,
) -> usize {
    let rows = read_manifest(set);
    let listed: BTreeSet<&str> = rows.iter().map(|r| r.file.as_str()).collect();
    let present = files_ending(&label_dir(set), ".zst");
    let present: BTreeSet<&str> = present.iter().map(String::as_str).collect();
    assert_eq!(listed, present, "{set}: chunks on disk and in the manifest");
    rows.iter()
        .map(|row| check_chunk(set, row, every_game, holds))
        .sum()
}

#[test]
fn committed_label_chunks_match_their_manifest() {
    let total = check_set("labels", true);
    assert!(total >= 1_000_000, "{total} 2-ply labels committed");
}

#[test]
fn committed_rollout_label_chunks_match_their_manifest() {
    let total = check_set("rollout-labels", false);
    assert!(total > 0, "{total} rollout labels committed");
}

#[test]
fn committed_second_cycle_label_chunks_match_their_manifest() {
    let total = check_set("labels-cycle2", true);
    assert!(total > 0, "{total} second-cycle labels committed");
}

#[test]
fn committed_third_cycle_label_chunks_match_their_manifest() {
    let total = check_set("labels-cycle3", true);
    assert!(total > 0, "{total} third-cycle labels committed");
}

#[test]
fn committed_fourth_cycle_label_chunks_match_their_manifest() {
    let total = check_set("labels-cycle4", true);
    assert!(total > 0, "{total} fourth-cycle labels committed");
}

#[test]
fn committed_race_rollout_label_chunks_match_their_manifest_and_are_races() {
    let total = check_set_where("race-rollout-labels", false, &|l| l.position.is_race());
    assert!(total > 0, "{total} race rollout labels committed");
}

#[test]
fn committed_cube_rollout_label_chunks_match_their_manifest_outside_the_bearoff() {
    let total = check_set_where("cube-rollout-labels", false, &outside_the_bearoff);
    assert!(total > 0, "{total} cube rollout labels committed");
}

#[test]
fn committed_later_stages_cube_rollout_label_chunks_match_their_manifests_outside_the_bearoff() {
    for set in ["cube-rollout-labels-stage13", "cube-rollout-labels-stage14"] {
        let total = check_set_where(set, false, &outside_the_bearoff);
        assert!(total > 0, "{total} cube rollout labels committed in {set}");
    }
}
