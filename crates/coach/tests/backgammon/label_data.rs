//! The committed label set (`data/backgammon/labels`): every chunk its manifest lists is there,
//! matches its sha256 and holds that many labels of that many games, each line a labelled
//! position; no chunk is there that the manifest does not list.

use ludus_coach::backgammon::labels::parse_line;
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

/// The folder of the committed labels.
fn label_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/backgammon/labels")
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
fn read_manifest() -> Vec<ManifestRow> {
    let text = std::fs::read_to_string(label_dir().join("manifest.tsv")).expect("manifest.tsv");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("file\tseed\tgames\tlabels\tsha256"));
    lines
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 5, "manifest line {line:?}");
            ManifestRow {
                file: fields[0].to_owned(),
                seed: fields[1].parse().expect("seed"),
                games: fields[2].parse().expect("games"),
                labels: fields[3].parse().expect("labels"),
                sha256: fields[4].to_owned(),
            }
        })
        .collect()
}

/// The lowercase hex sha256 of `bytes`.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Checks one chunk against its row; returns its label count.
fn check_chunk(row: &ManifestRow) -> usize {
    let bytes = std::fs::read(label_dir().join(&row.file)).expect(&row.file);
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
        let (game, _) =
            parse_line(&line).unwrap_or_else(|e| panic!("{} line {}: {e}", row.file, number + 1));
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
    assert_eq!(games.len() as u64, row.games, "{}: games", row.file);
    count
}

#[test]
fn committed_label_chunks_match_their_manifest() {
    let rows = read_manifest();
    let listed: BTreeSet<&str> = rows.iter().map(|r| r.file.as_str()).collect();
    let present: BTreeSet<String> = std::fs::read_dir(label_dir())
        .expect("data/backgammon/labels")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".zst"))
        .collect();
    let present: BTreeSet<&str> = present.iter().map(String::as_str).collect();
    assert_eq!(listed, present, "chunks on disk and in the manifest");
    let total: usize = rows.iter().map(check_chunk).sum();
    assert!(total >= 1_000_000, "{total} labels committed");
}
