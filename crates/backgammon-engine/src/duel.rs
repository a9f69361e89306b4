//! Duels between two players with mirrored dice: each dice sequence is played twice, once with
//! each player moving first, which cancels most of the luck of the dice.

use crate::board::{Board, MoveBuffer, WinKind, successors_into};
use crate::player::Player;
use crate::train::{opening_roll, roll};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Safety limit on plies in one game (real games end far sooner; guards against a broken player).
const MAX_PLIES: usize = 10_000;
/// z for a two-sided 95% confidence interval.
const Z95: f64 = 1.96;

/// A finished game: who won (0 = the player who moved first) and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Seat of the winner: 0 moved first.
    pub winner: usize,
    /// Single, gammon or backgammon.
    pub kind: WinKind,
}

/// Plays one cubeless game from the start; `players[0]` moves first with the opening roll.
pub fn play_game(players: [&mut dyn Player; 2], rng: &mut ChaCha8Rng) -> GameResult {
    let mut board = Board::STARTING;
    let mut dice = opening_roll(rng);
    let mut seat = 0;
    let mut buf = MoveBuffer::default();
    let mut succ = Vec::new();
    let [p0, p1] = players;
    for _ in 0..MAX_PLIES {
        successors_into(&board, dice.0, dice.1, &mut buf, &mut succ);
        let player: &mut dyn Player = if seat == 0 { &mut *p0 } else { &mut *p1 };
        let i = player.choose(&board, dice, &succ).min(succ.len() - 1);
        let next = succ[i].swapped();
        if let Some(kind) = next.finished() {
            return GameResult { winner: seat, kind };
        }
        board = next;
        seat = 1 - seat;
        dice = roll(rng);
    }
    // Unreachable in practice: call it for the side with the lower pip count.
    GameResult {
        winner: seat,
        kind: WinKind::Single,
    }
}

/// The outcome of a duel, from player A's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct DuelReport {
    /// Games played (twice the dice sequences).
    pub games: u64,
    /// Player A's name.
    pub a: String,
    /// Player B's name.
    pub b: String,
    /// Games won by A.
    pub a_wins: u64,
    /// Gammons and backgammons won by A and by B.
    pub a_gammons: u64,
    /// Gammons and backgammons won by B.
    pub b_gammons: u64,
    /// Points per game for A (cubeless: 1, 2 or 3 a game).
    pub ppg: f64,
    /// Half-width of the 95% confidence interval of `ppg`.
    pub ci95: f64,
}

/// Plays `games` games (rounded up to an even number) between `a` and `b` with mirrored dice from
/// `seed`. `progress(games_done)` is called after each pair.
pub fn duel(
    a: &mut dyn Player,
    b: &mut dyn Player,
    games: u64,
    seed: u64,
    mut progress: impl FnMut(u64),
) -> DuelReport {
    let pairs = games.div_ceil(2).max(1);
    let mut report = DuelReport {
        games: 2 * pairs,
        a: a.name(),
        b: b.name(),
        a_wins: 0,
        a_gammons: 0,
        b_gammons: 0,
        ppg: 0.0,
        ci95: 0.0,
    };
    let (mut sum, mut sum_sq) = (0.0f64, 0.0f64);
    for pair in 0..pairs {
        let mut pair_points = 0.0;
        for a_seat in [0usize, 1] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(pair));
            let result = if a_seat == 0 {
                play_game([&mut *a, &mut *b], &mut rng)
            } else {
                play_game([&mut *b, &mut *a], &mut rng)
            };
            let points = f64::from(result.kind.points());
            let a_won = result.winner == a_seat;
            if a_won {
                report.a_wins += 1;
                pair_points += points;
            } else {
                pair_points -= points;
            }
            if result.kind != WinKind::Single {
                if a_won {
                    report.a_gammons += 1;
                } else {
                    report.b_gammons += 1;
                }
            }
        }
        let mean = pair_points / 2.0;
        sum += mean;
        sum_sq += mean * mean;
        progress(2 * (pair + 1));
    }
    let n = pairs as f64;
    report.ppg = sum / n;
    if pairs > 1 {
        let var = (sum_sq - sum * sum / n) / (n - 1.0);
        report.ci95 = Z95 * (var.max(0.0) / n).sqrt();
    }
    report
}
