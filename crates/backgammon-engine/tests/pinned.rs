//! Play pinned at fixed seeds: the engine's move choices, equities, cube decisions, rollouts and
//! bearoff tables, compared line by line with `tests/data/pinned.txt` (the duels and training
//! runs pinned with them until issue 27 are pinned in `ludus-coach`).
//!
//! The file was written by the engine before it moved onto the rules crate's types and move
//! generator (issue 11); plumbing and speed changes must leave every line as it is. A change of
//! evaluation, search or training rewrites it on purpose (issue 15's pruning network and 1-ply
//! stage changed the lines of `Engine::new(1)` and of the 1-ply duel, and added the `shipped`
//! lines; the `eval`/`rank` lines pin the full-width search):
//! `LUDUS_UPDATE_PINNED=1 cargo test -p ludus-backgammon-engine --test tests pinned`.

use ludus_backgammon::{CubeOwner, Dice, MatchState, Position, Seat, random_positions};
use ludus_backgammon_engine::HeuristicPlayer;
use ludus_backgammon_engine::bearoff::{BearoffDb, TwoSidedDb, is_bearoff};
use ludus_backgammon_engine::doubling::cube_decision_at;
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator};
use ludus_backgammon_engine::match_context::MatchContext;
use ludus_backgammon_engine::probabilities::Probabilities;
use ludus_backgammon_engine::rollout::{LuckEstimate, RolloutConfig, rollout};
use ludus_backgammon_engine::search::{eval_plies, rank_moves};
use std::fmt::Write;

/// Where the pinned lines live.
const PINNED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pinned.txt");

/// The cube contexts: money with a centred cube; 4-away 2-away in a 5-point match with the cube
/// at 2 owned by the side on roll; the Crawford game, 3-away 1-away.
fn match_states() -> [MatchState; 3] {
    let money = MatchState::default();
    let owned = MatchState {
        cube_value: 2,
        cube_owner: CubeOwner::Owned(Seat::One),
        match_length: 5,
        score: [3, 1],
        ..MatchState::default()
    };
    let crawford = MatchState {
        crawford: true,
        match_length: 5,
        score: [4, 2],
        ..MatchState::default()
    };
    [money, owned, crawford]
}

/// Positions of random play (seed 2027), every 25th.
fn positions() -> Vec<Position> {
    random_positions(2027, 600)
        .into_iter()
        .step_by(25)
        .collect()
}

/// Bearoff positions whose probabilities are pinned.
const BEAROFF_POSITIONS: usize = 40;

/// FNV-1a, stable across Rust versions (unlike `DefaultHasher`).
fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn probs(p: &Probabilities) -> String {
    format!(
        "{:?} {:?} {:?} {:?} {:?}",
        p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon
    )
}

fn dice_of(i: usize) -> Dice {
    Dice::new((i % 6) as u8 + 1, (i / 6 % 6) as u8 + 1).expect("dice")
}

fn search_lines(out: &mut String, e: &NetEvaluator, positions: &[Position]) {
    for (i, position) in positions.iter().enumerate() {
        let id = position.position_id();
        let dice = dice_of(i);
        let deepest = if i < 2 { 2 } else { 1 };
        for plies in 0..=deepest {
            let _ = writeln!(
                out,
                "eval {id} {plies}-ply {}",
                probs(&eval_plies(e, position, plies))
            );
            for (rank, m) in rank_moves(e, position, dice, plies)
                .iter()
                .take(3)
                .enumerate()
            {
                let _ = writeln!(
                    out,
                    "rank {id} {}{} {plies}-ply #{rank} {} {} at {}",
                    dice.first(),
                    dice.second(),
                    m.after.position_id(),
                    probs(&m.probabilities),
                    m.plies
                );
            }
        }
        for state in match_states() {
            let match_id = state.match_id().expect("match id");
            let context = MatchContext::from_match_state(&state).expect("context");
            let (p, d) = cube_decision_at(e, position, &context, 0);
            let _ = writeln!(
                out,
                "cube {id} {match_id} {:?} {:?} {:?} {:?} {:?} {:?} {}",
                d.action,
                d.no_double,
                d.double_take,
                d.double_pass,
                d.take_point,
                d.equity,
                probs(&p)
            );
        }
        let _ = writeln!(out, "heuristic {id} {:?}", HeuristicPlayer::score(position));
    }
}

fn engine_lines(out: &mut String, positions: &[Position]) {
    let noisy = Engine::level(3, 17).expect("a level");
    let one_ply = Engine::new(1);
    for (i, position) in positions.iter().enumerate().take(8) {
        let dice = dice_of(i);
        let _ = writeln!(
            out,
            "engine {} {dice} level-3 {} 1-ply {} eval {}",
            position.position_id(),
            noisy.best_move(position, dice),
            one_ply.best_move(position, dice),
            probs(&one_ply.evaluate(position))
        );
    }
}

fn rollout_lines(out: &mut String, e: &NetEvaluator, positions: &[Position]) {
    for (games, truncate, luck_adjust) in [(36, None, true), (72, Some(10), false)] {
        let config = RolloutConfig {
            games,
            seed: 9,
            truncate,
            luck_adjust,
            luck: LuckEstimate::FullWidth,
            cubeful: false,
            plies: 0,
        };
        let r = rollout(e, &positions[3], &config, |_| {});
        let _ = writeln!(
            out,
            "rollout {} {games} {truncate:?} {luck_adjust} {:?} {:?} {}",
            positions[3].position_id(),
            r.equity,
            r.std_error,
            probs(&r.probabilities)
        );
    }
}

fn bearoff_lines(out: &mut String, positions: &[Position]) {
    let db = BearoffDb::get();
    let mut bytes = Vec::new();
    let mut points = [0u8; 6];
    for total in 0..=15u8 {
        // Every placement of `total` checkers on the six points, in a fixed order.
        fn rec(i: usize, left: u8, points: &mut [u8; 6], f: &mut dyn FnMut(&[u8; 6])) {
            if i == 5 {
                points[5] = left;
                f(points);
                return;
            }
            for c in 0..=left {
                points[i] = c;
                rec(i + 1, left - c, points, f);
            }
        }
        rec(0, total, &mut points, &mut |p| {
            for v in db.rolls_to_finish(p).iter().chain(db.rolls_to_first_off(p)) {
                bytes.extend(v.to_bits().to_le_bytes());
            }
        });
    }
    let _ = writeln!(out, "bearoff one-sided {:016x}", fnv(bytes));
    let two = TwoSidedDb::get();
    let mut bytes = Vec::new();
    for a in 0..=6u8 {
        for b in 0..=6 - a {
            for c in 0..=3u8 {
                for d in 0..=3u8 {
                    let mut me = [0u8; 26];
                    let mut them = [0u8; 26];
                    me[1] = a;
                    me[4] = b;
                    them[2] = c;
                    them[6] = d;
                    me[0] = 15 - a - b;
                    them[0] = 15 - c - d;
                    let Ok(position) = Position::from_checkers(me, them) else {
                        continue;
                    };
                    if let Some(w) = two.win_probability(&position) {
                        bytes.extend(w.to_bits().to_le_bytes());
                    }
                }
            }
        }
    }
    let _ = writeln!(out, "bearoff two-sided {:016x}", fnv(bytes));
    let e = NetEvaluator::shipped();
    let bearoffs = positions
        .iter()
        .filter(|p| is_bearoff(p))
        .take(BEAROFF_POSITIONS);
    for position in bearoffs {
        {
            let _ = writeln!(
                out,
                "bearoff {} {}",
                position.position_id(),
                probs(&e.eval(position))
            );
        }
    }
}

/// The shipped search (pruning network and 1-ply stage, issue 15): values and rankings at 1 and 2
/// plies of the first positions. The lines above pin the full-width search it is measured against.
fn shipped_search_lines(out: &mut String, positions: &[Position]) {
    let e = NetEvaluator::shipped();
    for (i, position) in positions.iter().enumerate().take(4) {
        let id = position.position_id();
        let dice = dice_of(i);
        for plies in 1..=2 {
            let _ = writeln!(
                out,
                "shipped eval {id} {plies}-ply {}",
                probs(&eval_plies(&e, position, plies))
            );
            for (rank, m) in rank_moves(&e, position, dice, plies)
                .iter()
                .take(3)
                .enumerate()
            {
                let _ = writeln!(
                    out,
                    "shipped rank {id} {dice} {plies}-ply #{rank} {} {} at {}",
                    m.after.position_id(),
                    probs(&m.probabilities),
                    m.plies
                );
            }
        }
    }
}

/// Every pinned line.
fn pinned_lines() -> String {
    let e = NetEvaluator::shipped_full_width();
    let positions = positions();
    let mut out = String::new();
    for position in &positions {
        let _ = writeln!(out, "position {}", position.position_id());
    }
    search_lines(&mut out, &e, &positions);
    engine_lines(&mut out, &positions);
    rollout_lines(&mut out, &e, &positions);
    bearoff_lines(&mut out, &random_positions(31, 4000));
    shipped_search_lines(&mut out, &positions);
    out
}

#[test]
fn pinned_play_is_unchanged() {
    let got = pinned_lines();
    if std::env::var_os("LUDUS_UPDATE_PINNED").is_some() {
        std::fs::write(PINNED, &got).expect("write the pinned lines");
        return;
    }
    let want = std::fs::read_to_string(PINNED).expect("tests/data/pinned.txt");
    for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(g, w, "line {} of tests/data/pinned.txt", i + 1);
    }
    assert_eq!(got.lines().count(), want.lines().count(), "number of lines");
}
