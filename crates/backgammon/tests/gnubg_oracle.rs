//! Optional oracle: GNU Backgammon (`apt-get install gnubg`) lists the legal plays of random
//! positions in its notation; ours must be the same set of strings. Ignored by default (needs
//! gnubg): `cargo test -p ludus-backgammon --test tests -- --ignored gnubg_oracle`, over
//! [`DEFAULT_POSITIONS`] positions × 21 rolls, or as many as `LUDUS_ORACLE_POSITIONS` says
//! (`LUDUS_ORACLE_POSITIONS=50 …` answers in seconds). Without gnubg it is skipped with a
//! message, unless `LUDUS_REQUIRE_GNUBG=1` (as `scripts/test` sets it) makes that a failure.

use crate::gnubg::{GNUBG, gnubg_is_installed};
use ludus_backgammon::Dice;
use ludus_backgammon::random_positions;
use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

/// A command gnubg does not know: its error message separates the answers.
const MARKER: &str = "ludusmarker";
/// Positions compared when `LUDUS_ORACLE_POSITIONS` is not set.
const DEFAULT_POSITIONS: usize = 400;
/// Seed of the random play the positions come from.
const SEED: u64 = 7;

/// The number of positions to compare: `LUDUS_ORACLE_POSITIONS`, else the default.
fn oracle_positions() -> usize {
    match std::env::var("LUDUS_ORACLE_POSITIONS") {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("LUDUS_ORACLE_POSITIONS must be a count, got {text:?}")),
        Err(_) => DEFAULT_POSITIONS,
    }
}

#[test]
#[ignore]
fn gnubg_oracle_lists_the_same_plays_in_the_same_notation() {
    let positions = random_positions(SEED, oracle_positions());
    let mut script = String::from("set evaluation chequerplay evaluation plies 0\nnew game\n");
    let mut expected = Vec::new();
    for position in &positions {
        for (dice, _) in Dice::ALL_21 {
            let id = position.position_id();
            script += &format!(
                "set board {id}\nset dice {} {}\nhint 10000\n{MARKER}\n",
                dice.first(),
                dice.second()
            );
            let ours: BTreeSet<String> = position
                .legal_moves(dice)
                .iter()
                .filter(|m| !m.is_empty())
                .map(|m| m.to_string())
                .collect();
            expected.push((id, dice, ours));
        }
    }
    if !gnubg_is_installed("the oracle test") {
        return;
    }
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{GNUBG} -q -t 2>&1"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gnubg is installed");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(script.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let blocks: Vec<&str> = text.split(&format!("`{MARKER}'")).collect();
    let mut mismatches = 0;
    for ((id, dice, ours), block) in expected.iter().zip(&blocks) {
        let theirs: BTreeSet<String> = block
            .lines()
            .filter_map(|line| {
                let (_, rest) = line.split_once("-ply")?;
                let (play, _) = rest.split_once("Eq.")?;
                Some(play.trim().to_string())
            })
            .collect();
        if *ours != theirs {
            mismatches += 1;
            eprintln!(
                "{id} {dice}: ours only {:?}, gnubg only {:?}",
                ours.difference(&theirs).collect::<Vec<_>>(),
                theirs.difference(ours).collect::<Vec<_>>()
            );
        }
    }
    assert!(
        blocks.len() > expected.len() / 2,
        "gnubg answered too little"
    );
    assert_eq!(mismatches, 0);
}
