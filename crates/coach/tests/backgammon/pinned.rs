//! Duels and training runs pinned at fixed seeds, compared line by line with
//! `tests/data/backgammon-pinned.txt` (the lines the engine's `tests/data/pinned.txt` held for
//! them until they moved here, issue 27). A change of evaluation, search or training rewrites it
//! on purpose: `LUDUS_UPDATE_PINNED=1 cargo test -p ludus-coach --test tests pinned`.

use ludus_backgammon_engine::net::Net;
use ludus_backgammon_engine::{HeuristicPlayer, NetEvaluator, NetPlayer, RandomPlayer};
use ludus_coach::backgammon::duel::{DuelConfig, Stakes, duel, duel_with};
use ludus_coach::backgammon::train::{RefineConfig, TrainConfig, refine, train};
use std::fmt::Write;

/// Where the pinned lines live.
const PINNED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/backgammon-pinned.txt"
);

/// FNV-1a, stable across Rust versions (unlike `DefaultHasher`).
fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Money games with the cube.
fn money(games: u64, seed: u64) -> DuelConfig {
    DuelConfig {
        games,
        seed,
        stakes: Stakes::Money,
    }
}

fn duel_lines(out: &mut String) {
    let mut net = NetPlayer::new(NetEvaluator::shipped(), 0, "net");
    let r = duel(&mut net, &mut RandomPlayer::new(4), 20, 3, |_| {}).expect("a duel");
    let _ = writeln!(
        out,
        "duel net-random {} {} {:?}",
        r.a_wins, r.a_gammons, r.ppg
    );
    let r = duel(
        &mut HeuristicPlayer,
        &mut RandomPlayer::new(5),
        20,
        4,
        |_| {},
    )
    .expect("a duel");
    let _ = writeln!(
        out,
        "duel heuristic-random {} {} {:?}",
        r.a_wins, r.a_gammons, r.ppg
    );
    let r = duel_with(&mut net, &mut HeuristicPlayer, &money(10, 6), |_| {}).expect("a duel");
    let _ = writeln!(
        out,
        "duel net-heuristic-cube {} {} {:?}",
        r.a_wins, r.a_gammons, r.ppg
    );
    let mut one_ply = NetPlayer::new(NetEvaluator::shipped(), 1, "net");
    let r = duel_with(&mut one_ply, &mut net, &money(2, 7), |_| {}).expect("a duel");
    let _ = writeln!(
        out,
        "duel net1-net0-cube {} {} {:?}",
        r.a_wins, r.a_gammons, r.ppg
    );
}

fn training_lines(out: &mut String) {
    let mut net = Net::random(16, 5);
    let config = TrainConfig {
        seed: 5,
        games: 6,
        ..TrainConfig::default()
    };
    train(&mut net, &config, |_, _| true);
    let _ = writeln!(out, "train 6 games {:016x}", fnv(net.to_bytes()));
    let config = RefineConfig {
        seed: 6,
        rate: 0.01,
        positions: 120,
        plies: 1,
    };
    refine(&mut net, &config, |_, _| true);
    let _ = writeln!(out, "refine 120 positions {:016x}", fnv(net.to_bytes()));
}

/// Every pinned line.
fn pinned_lines() -> String {
    let mut out = String::new();
    duel_lines(&mut out);
    training_lines(&mut out);
    out
}

#[test]
fn pinned_duels_and_training_are_unchanged() {
    let got = pinned_lines();
    if std::env::var_os("LUDUS_UPDATE_PINNED").is_some() {
        std::fs::write(PINNED, &got).expect("write the pinned lines");
        return;
    }
    let want = std::fs::read_to_string(PINNED).expect("tests/data/backgammon-pinned.txt");
    for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(g, w, "line {} of tests/data/backgammon-pinned.txt", i + 1);
    }
    assert_eq!(got.lines().count(), want.lines().count(), "number of lines");
}
