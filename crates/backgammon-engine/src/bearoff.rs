//! The one-sided bearoff database: for every way to place up to 15 checkers on the six home points
//! (C(21, 6) = 54,264 positions) the probability distribution of the number of rolls needed to bear
//! them all off, playing each roll to minimise the expected number of rolls; and, for positions of
//! 15 checkers, the distribution of rolls needed to bear off the first one (for gammons).
//!
//! Built on first use (about a second in release builds) and kept in memory. Race equity of a
//! bearoff position with both sides on their home boards follows by convolving the two sides'
//! distributions, treating the sides as independent (exact for "who finishes first" when each side
//! plays to minimise its expected rolls, the usual approximation for gammons).

use crate::board::{ALL_ROLLS, Board, HOME_POINTS, MoveBuffer, OFF, successors_into};
use crate::eval::Probabilities;
use std::sync::OnceLock;

/// Positions in the database: C(15 + 6, 6).
pub const POSITIONS: usize = 54_264;
/// Longest distribution kept: 15 checkers on the 6-point need at most 30 rolls (2-1 every time
/// moves 3 pips); longer tails are folded into the last entry.
pub const MAX_ROLLS: usize = 32;
/// Checkers per side.
const CHECKERS: usize = 15;

/// A distribution of the number of rolls: `p[k]` = probability of needing exactly `k` rolls.
pub type RollDistribution = [f32; MAX_ROLLS];

/// The one-sided bearoff database.
#[derive(Debug)]
pub struct BearoffDb {
    off: Vec<RollDistribution>,
    first_off: Vec<RollDistribution>,
    mean: Vec<f32>,
}

/// `binomial[n][k]`.
fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1usize;
    for i in 0..k {
        r = r * (n - i) / (i + 1);
    }
    r
}

/// The database index of home-board counts `points[0..6]` (points 1..=6), total at most 15.
pub fn index(points: &[u8]) -> usize {
    let mut rank = 0;
    let mut room = CHECKERS;
    for (i, &c) in points.iter().enumerate().take(HOME_POINTS) {
        let rest = HOME_POINTS - 1 - i;
        for v in 0..usize::from(c) {
            // Placements of at most `room - v` checkers on the `rest` points after this one.
            rank += binomial(room - v + rest, rest);
        }
        room -= usize::from(c);
    }
    rank
}

fn side_points(side: &[u8; 26]) -> [u8; HOME_POINTS] {
    let mut p = [0u8; HOME_POINTS];
    p.copy_from_slice(&side[1..=HOME_POINTS]);
    p
}

fn all_positions() -> Vec<[u8; HOME_POINTS]> {
    let mut out = Vec::with_capacity(POSITIONS);
    let mut cur = [0u8; HOME_POINTS];
    fn rec(i: usize, room: u8, cur: &mut [u8; HOME_POINTS], out: &mut Vec<[u8; HOME_POINTS]>) {
        if i == HOME_POINTS {
            out.push(*cur);
            return;
        }
        for c in 0..=room {
            cur[i] = c;
            rec(i + 1, room - c, cur, out);
        }
        cur[i] = 0;
    }
    rec(0, CHECKERS as u8, &mut cur, &mut out);
    out
}

fn pips(points: &[u8; HOME_POINTS]) -> u32 {
    points
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as u32 + 1) * u32::from(c))
        .sum()
}

fn mean_of(d: &RollDistribution) -> f32 {
    d.iter().enumerate().map(|(k, p)| k as f32 * p).sum()
}

impl BearoffDb {
    /// Builds the database (about 54k positions × 21 rolls).
    pub fn build() -> BearoffDb {
        let mut order = all_positions();
        order.sort_by_key(pips);
        let mut off = vec![[0.0f32; MAX_ROLLS]; POSITIONS];
        let mut first_off = vec![[0.0f32; MAX_ROLLS]; POSITIONS];
        let mut mean = vec![0.0f32; POSITIONS];
        let mut first_mean = vec![0.0f32; POSITIONS];
        let mut buf = MoveBuffer::default();
        let mut succ = Vec::new();
        for pos in &order {
            let at = index(pos);
            let on_board: u32 = pos.iter().map(|&c| u32::from(c)).sum();
            if on_board == 0 {
                off[at][0] = 1.0;
                first_off[at][0] = 1.0;
                continue;
            }
            let full = on_board == CHECKERS as u32;
            if !full {
                first_off[at][0] = 1.0;
            }
            let mut board = Board {
                me: [0; 26],
                them: [0; 26],
            };
            board.me[1..=HOME_POINTS].copy_from_slice(pos);
            board.me[OFF] = (CHECKERS as u32 - on_board) as u8;
            for &(d1, d2, weight) in &ALL_ROLLS {
                let w = f32::from(weight) / 36.0;
                successors_into(&board, d1, d2, &mut buf, &mut succ);
                let best = |key: &dyn Fn(usize) -> f32| {
                    succ.iter()
                        .map(|s| index(&side_points(&s.me)))
                        .min_by(|&a, &b| key(a).total_cmp(&key(b)))
                        .unwrap_or(at)
                };
                let b = best(&|i| mean[i]);
                for k in 1..MAX_ROLLS {
                    off[at][k] += w * off[b][k - 1];
                }
                off[at][MAX_ROLLS - 1] += w * off[b][MAX_ROLLS - 1];
                if full {
                    let g = best(&|i| first_mean[i]);
                    for k in 1..MAX_ROLLS {
                        first_off[at][k] += w * first_off[g][k - 1];
                    }
                    first_off[at][MAX_ROLLS - 1] += w * first_off[g][MAX_ROLLS - 1];
                }
            }
            mean[at] = mean_of(&off[at]);
            first_mean[at] = mean_of(&first_off[at]);
        }
        BearoffDb {
            off,
            first_off,
            mean,
        }
    }

    /// The shared database, built on first use.
    pub fn get() -> &'static BearoffDb {
        static DB: OnceLock<BearoffDb> = OnceLock::new();
        DB.get_or_init(BearoffDb::build)
    }

    /// Distribution of rolls to bear off all checkers of a side (its home points 1..=6).
    pub fn rolls_to_finish(&self, points: &[u8]) -> &RollDistribution {
        &self.off[index(points)]
    }

    /// Distribution of rolls to bear off the first checker (0 rolls when fewer than 15 remain).
    pub fn rolls_to_first_off(&self, points: &[u8]) -> &RollDistribution {
        &self.first_off[index(points)]
    }

    /// Expected rolls to bear off all checkers.
    pub fn expected_rolls(&self, points: &[u8]) -> f32 {
        self.mean[index(points)]
    }

    /// Cubeless probabilities of a bearoff board (both sides on their home boards), side on roll.
    pub fn probabilities(&self, board: &Board) -> Probabilities {
        let mine = self.rolls_to_finish(&board.me[1..=HOME_POINTS]);
        let theirs = self.rolls_to_finish(&board.them[1..=HOME_POINTS]);
        let their_first = self.rolls_to_first_off(&board.them[1..=HOME_POINTS]);
        let my_first = self.rolls_to_first_off(&board.me[1..=HOME_POINTS]);
        // at_least[n] = P(needs >= n rolls).
        let at_least = |d: &RollDistribution| {
            let mut s = [0.0f32; MAX_ROLLS + 1];
            for n in (0..MAX_ROLLS).rev() {
                s[n] = s[n + 1] + d[n];
            }
            s
        };
        let (theirs_ge, their_first_ge, my_first_ge) =
            (at_least(theirs), at_least(their_first), at_least(my_first));
        let mut win = 0.0;
        let mut win_gammon = 0.0;
        for n in 1..MAX_ROLLS {
            // I finish on my n-th roll; the opponent has had n - 1 rolls.
            win += mine[n] * theirs_ge[n];
            win_gammon += mine[n] * their_first_ge[n];
        }
        let mut lose_gammon = 0.0;
        for m in 1..MAX_ROLLS {
            // The opponent finishes on its m-th roll after my m rolls.
            lose_gammon += theirs[m] * my_first_ge[(m + 1).min(MAX_ROLLS)];
        }
        Probabilities {
            win,
            win_gammon,
            win_backgammon: 0.0,
            lose_gammon,
            lose_backgammon: 0.0,
        }
        .clamped()
    }
}
