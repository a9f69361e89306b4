//! Duels between two players with mirrored dice: each dice sequence is played twice, once with
//! each player moving first, which cancels most of the luck of the dice.

use crate::board::{Board, MoveBuffer, WinKind, successors_into};
use crate::cube::{CubeOwner, CubeState, MAX_CUBE};
use crate::match_context::MatchContext;
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
    /// Points won: the kind's multiplier times the cube (cube value alone for a passed double).
    pub points: u32,
}

/// Plays one game from the start; `players[0]` moves first with the opening roll. With `cube`,
/// money play with the doubling cube (each player is asked to double before each roll after the
/// first, and to take); without, cubeless. The result's points include the cube.
pub fn play_game(players: [&mut dyn Player; 2], rng: &mut ChaCha8Rng, cube: bool) -> GameResult {
    let mut board = Board::STARTING;
    let mut dice = opening_roll(rng);
    let mut seat = 0;
    let mut buf = MoveBuffer::default();
    let mut succ = Vec::new();
    let [p0, p1] = players;
    // Cube value and owner seat (None = centred).
    let mut cube_value = 1u32;
    let mut owner: Option<usize> = None;
    for ply in 0..MAX_PLIES {
        if cube && ply > 0 && owner != Some(1 - seat) && cube_value < MAX_CUBE {
            let context = MatchContext {
                cube: CubeState {
                    value: cube_value,
                    owner: if owner.is_none() {
                        CubeOwner::Centered
                    } else {
                        CubeOwner::Me
                    },
                },
                ..MatchContext::default()
            };
            let (roller, other): (&mut dyn Player, &mut dyn Player) = if seat == 0 {
                (&mut *p0, &mut *p1)
            } else {
                (&mut *p1, &mut *p0)
            };
            if roller.double(&board, &context) {
                if !other.take(&board, &context) {
                    return GameResult {
                        winner: seat,
                        kind: WinKind::Single,
                        points: cube_value,
                    };
                }
                cube_value *= 2;
                owner = Some(1 - seat);
            }
        }
        successors_into(&board, dice.0, dice.1, &mut buf, &mut succ);
        let player: &mut dyn Player = if seat == 0 { &mut *p0 } else { &mut *p1 };
        let i = player.choose(&board, dice, &succ).min(succ.len() - 1);
        let next = succ[i].swapped();
        if let Some(kind) = next.finished() {
            return GameResult {
                winner: seat,
                kind,
                points: kind.points() as u32 * cube_value,
            };
        }
        board = next;
        seat = 1 - seat;
        dice = roll(rng);
    }
    // Unreachable in practice.
    GameResult {
        winner: seat,
        kind: WinKind::Single,
        points: cube_value,
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
    /// Points per game for A (cubeless: 1, 2 or 3 a game; times the cube with the cube).
    pub ppg: f64,
    /// Half-width of the 95% confidence interval of `ppg`.
    pub ci95: f64,
}

/// Plays `games` games (rounded up to an even number) between `a` and `b` with mirrored dice from
/// `seed`, cubeless. `progress(games_done)` is called after each pair.
pub fn duel(
    a: &mut dyn Player,
    b: &mut dyn Player,
    games: u64,
    seed: u64,
    progress: impl FnMut(u64),
) -> DuelReport {
    duel_with(a, b, games, seed, false, progress)
}

/// Like [`duel`], with the doubling cube in money play when `cube` is true.
pub fn duel_with(
    a: &mut dyn Player,
    b: &mut dyn Player,
    games: u64,
    seed: u64,
    cube: bool,
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
                play_game([&mut *a, &mut *b], &mut rng, cube)
            } else {
                play_game([&mut *b, &mut *a], &mut rng, cube)
            };
            let points = f64::from(result.points);
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
