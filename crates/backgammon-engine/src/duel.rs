//! Duels between two players with mirrored dice: each dice sequence is played twice, once with
//! each player moving first, which cancels most of the luck of the dice.

use crate::cube::{CubeState, MAX_CUBE};
use crate::eval::lost;
use crate::match_context::MatchContext;
use crate::player::Player;
use crate::plays::plays;
use ludus_backgammon::{DiceSource, GameEnd, GameOutcome, Position, Seat, Side, WinKind};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Safety limit on plies in one game (real games end far sooner; guards against a broken player).
const MAX_PLIES: usize = 10_000;
/// z for a two-sided 95% confidence interval.
const Z95: f64 = 1.96;

/// Plays one game from the start; `players[0]` (seat zero) moves first with the opening roll
/// drawn from `dice`. With `cube`, money play with the doubling cube (each player is asked to
/// double before each roll after the first, and to take); without, cubeless. The outcome's points
/// include the cube. A game still going after [`MAX_PLIES`] (a broken player) is scored as a
/// single game for the side on roll, as if the other had resigned it.
pub fn play_game(players: [&mut dyn Player; 2], dice: &mut ChaCha8Rng, cube: bool) -> GameOutcome {
    let mut position = Position::starting();
    let mut roll = dice.opening_roll();
    let mut seat = Seat::Zero;
    let mut after = Vec::new();
    let [p0, p1] = players;
    // Cube value and owner seat (None = centred).
    let mut cube_value = 1u32;
    let mut owner: Option<Seat> = None;
    for ply in 0..MAX_PLIES {
        if cube && ply > 0 && owner != Some(seat.other()) && cube_value < MAX_CUBE {
            let context = MatchContext {
                cube: CubeState {
                    value: cube_value,
                    owner: owner.map(|_| Side::Player),
                },
                ..MatchContext::default()
            };
            let (roller, other): (&mut dyn Player, &mut dyn Player) = match seat {
                Seat::Zero => (&mut *p0, &mut *p1),
                Seat::One => (&mut *p1, &mut *p0),
            };
            if roller.double(&position, &context) {
                if !other.take(&position, &context) {
                    return GameOutcome {
                        winner: seat,
                        end: GameEnd::DoubleRefused,
                        points: cube_value,
                    };
                }
                cube_value *= 2;
                owner = Some(seat.other());
            }
        }
        plays(&position, roll, &mut after);
        let player: &mut dyn Player = match seat {
            Seat::Zero => &mut *p0,
            Seat::One => &mut *p1,
        };
        let i = player.choose(&position, roll, &after).min(after.len() - 1);
        let next = after[i].swapped();
        if let Some(kind) = lost(&next) {
            return GameOutcome {
                winner: seat,
                end: GameEnd::BoreOff(kind),
                points: kind.multiplier() * cube_value,
            };
        }
        position = next;
        seat = seat.other();
        roll = dice.roll();
    }
    GameOutcome {
        winner: seat,
        end: GameEnd::Resigned(WinKind::Single),
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
        for a_first in [true, false] {
            let mut dice = ChaCha8Rng::seed_from_u64(seed.wrapping_add(pair));
            let a_seat = if a_first { Seat::Zero } else { Seat::One };
            let outcome = if a_first {
                play_game([&mut *a, &mut *b], &mut dice, cube)
            } else {
                play_game([&mut *b, &mut *a], &mut dice, cube)
            };
            let points = f64::from(outcome.points);
            let a_won = outcome.winner == a_seat;
            if a_won {
                report.a_wins += 1;
                pair_points += points;
            } else {
                pair_points -= points;
            }
            if matches!(outcome.end, GameEnd::BoreOff(kind) if kind != WinKind::Single) {
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
