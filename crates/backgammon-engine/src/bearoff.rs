//! The one-sided bearoff database: for every way to place up to 15 checkers on the six home points
//! (C(21, 6) = 54,264 positions) the probability distribution of the number of rolls needed to bear
//! them all off, playing each roll to minimise the expected number of rolls; and, for positions of
//! 15 checkers, the distribution of rolls needed to bear off the first one (for gammons).
//!
//! Built on first use (about a second in release builds) and kept in memory. Race equity of a
//! bearoff position with both sides on their home boards follows by convolving the two sides'
//! distributions, treating the sides as independent (exact for "who finishes first" when each side
//! plays to minimise its expected rolls, the usual approximation for gammons).

use crate::probabilities::Probabilities;
use ludus_backgammon::player::plays;
use ludus_backgammon::{CHECKERS_PER_SIDE, Dice, HOME_POINTS, OFF, Position, RelativeSide};
use std::sync::OnceLock;

/// Positions in the database: C(15 + 6, 6).
pub const POSITIONS: usize = 54_264;
/// Longest distribution kept: 15 checkers on the 6-point need at most 30 rolls (2-1 every time
/// moves 3 pips); longer tails are folded into the last entry.
pub const MAX_ROLLS: usize = 32;
/// Checkers per side.
const CHECKERS: usize = CHECKERS_PER_SIDE as usize;
/// Points of a home board.
const HOME: usize = HOME_POINTS as usize;
/// The home points 1..=6 in a side's checker array.
const HOME_SLOTS: std::ops::RangeInclusive<usize> = 1..=HOME;

/// True when both sides have all their checkers in their home boards: the bearoff databases
/// apply.
pub fn is_bearoff(position: &Position) -> bool {
    position.all_home(RelativeSide::Player) && position.all_home(RelativeSide::Opponent)
}

/// A position with `points` (home points 1..=6, at most 15 checkers, at least one) for the side
/// on roll, the rest of its checkers borne off, and an opponent that has borne off all of its:
/// how one side's bearoff is played out alone.
fn one_side(points: &[u8; HOME]) -> Position {
    let mut player = [0u8; 26];
    player[HOME_SLOTS].copy_from_slice(points);
    let on_board: u8 = points.iter().sum();
    player[usize::from(OFF)] = CHECKERS_PER_SIDE - on_board;
    let mut opponent = [0u8; 26];
    opponent[usize::from(OFF)] = CHECKERS_PER_SIDE;
    Position::from_checkers(player, opponent).expect("a bearoff placement with checkers left")
}

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
    for (i, &c) in points.iter().enumerate().take(HOME) {
        let rest = HOME - 1 - i;
        for v in 0..usize::from(c) {
            // Placements of at most `room - v` checkers on the `rest` points after this one.
            rank += binomial(room - v + rest, rest);
        }
        room -= usize::from(c);
    }
    rank
}

/// The home points of the side on roll.
fn home_points(position: &Position) -> [u8; HOME] {
    let mut p = [0u8; HOME];
    p.copy_from_slice(&position.player_checkers()[HOME_SLOTS]);
    p
}

fn all_positions() -> Vec<[u8; HOME]> {
    let mut out = Vec::with_capacity(POSITIONS);
    let mut cur = [0u8; HOME];
    fn rec(i: usize, room: u8, cur: &mut [u8; HOME], out: &mut Vec<[u8; HOME]>) {
        if i == HOME {
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

fn pips(points: &[u8; HOME]) -> u32 {
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
        let mut after = Vec::new();
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
            let position = one_side(pos);
            for &(dice, weight) in &Dice::ALL_21 {
                let w = f32::from(weight) / 36.0;
                plays(&position, dice, &mut after);
                let best = |key: &dyn Fn(usize) -> f32| {
                    after
                        .iter()
                        .map(|s| index(&home_points(s)))
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

    /// Cubeless probabilities of a bearoff position (both sides on their home boards), side on
    /// roll.
    pub fn probabilities(&self, position: &Position) -> Probabilities {
        let (me, them) = (position.player_checkers(), position.opponent_checkers());
        let mine = self.rolls_to_finish(&me[HOME_SLOTS]);
        let theirs = self.rolls_to_finish(&them[HOME_SLOTS]);
        let their_first = self.rolls_to_first_off(&them[HOME_SLOTS]);
        let my_first = self.rolls_to_first_off(&me[HOME_SLOTS]);
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

/// Most checkers per side in the two-sided database.
pub const TWO_SIDED_CHECKERS: u8 = 6;

/// Exact cubeful money equities of a two-sided bearoff position, side on roll, before its roll,
/// per unit of cube (money equities scale with the cube, and no gammon is possible with at most
/// [`TWO_SIDED_CHECKERS`] checkers left). Both sides play every roll and take every cube action
/// to maximise their cubeful equity; the cube has no ceiling.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExactCube {
    /// Cubeless: P(win) − P(lose).
    pub cubeless: f64,
    /// Centred cube, the side on roll does not double now (both keep their options later).
    pub no_double_centred: f64,
    /// The side on roll owns the cube and does not redouble now.
    pub no_double_owned: f64,
    /// The opponent owns the cube. Twice this is the value of double, take.
    pub opponent_owns: f64,
    /// Whether the values are those of money play with beavers.
    pub beavers: bool,
}

impl ExactCube {
    /// The equity of double/take per unit of the cube before the double: the opponent then owns
    /// a cube of twice the value (four times when it beavers: with beavers, where that value is
    /// negative).
    pub fn double_take(&self) -> f64 {
        accepted(2.0 * self.opponent_owns, self.beavers)
    }

    /// The cubeful equity with the right actions now, for a centred cube (`owned` false) or one
    /// the side on roll owns (`owned` true).
    pub fn on_roll(&self, owned: bool) -> f64 {
        let hold = if owned {
            self.no_double_owned
        } else {
            self.no_double_centred
        };
        hold.max(self.double_take().min(1.0))
    }
}

/// The doubler's value per unit of the cube before the double after the opponent accepts, from
/// `take` (the value with the opponent owning twice the cube): a beaver, where allowed and the
/// doubler is behind, doubles it again.
fn accepted(take: f64, beavers: bool) -> f64 {
    if beavers && take < 0.0 {
        2.0 * take
    } else {
        take
    }
}

/// The small bearoff positions of one side and their successors.
struct SmallSide {
    /// Compact index of each one-sided database index, `u32::MAX` when too many checkers.
    compact: Vec<u32>,
    /// `next[position * 21 + roll]`: the compact positions each play of the roll leads to.
    next: Vec<Vec<u32>>,
    /// Pip count of each compact position.
    pips: Vec<u32>,
    /// The compact index of "all checkers off".
    empty: usize,
}

impl SmallSide {
    fn build() -> SmallSide {
        let small: Vec<[u8; HOME]> = all_positions()
            .into_iter()
            .filter(|p| {
                p.iter().map(|&c| u32::from(c)).sum::<u32>() <= u32::from(TWO_SIDED_CHECKERS)
            })
            .collect();
        let mut compact = vec![u32::MAX; POSITIONS];
        for (i, p) in small.iter().enumerate() {
            compact[index(p)] = i as u32;
        }
        // Successors of each position for each roll (no contact: they depend on one side only).
        let mut after = Vec::new();
        let mut next: Vec<Vec<u32>> = Vec::with_capacity(small.len() * Dice::ALL_21.len());
        for p in &small {
            if p.iter().all(|&c| c == 0) {
                // All borne off: nothing moves.
                next.extend((0..Dice::ALL_21.len()).map(|_| vec![compact[index(p)]]));
                continue;
            }
            let position = one_side(p);
            for &(dice, _) in &Dice::ALL_21 {
                plays(&position, dice, &mut after);
                next.push(
                    after
                        .iter()
                        .map(|s| compact[index(&home_points(s))])
                        .collect(),
                );
            }
        }
        let empty = compact[index(&[0; HOME])] as usize;
        SmallSide {
            compact,
            next,
            pips: small.iter().map(pips).collect(),
            empty,
        }
    }

    /// Every pair of unfinished positions (me, them), in increasing total pip count: each pair's
    /// successors come before it.
    fn pairs_in_order(&self) -> Vec<(u32, u32)> {
        let side = self.pips.len();
        let mut order: Vec<(u32, u32, u32)> = Vec::with_capacity(side * side);
        for me in 0..side {
            for them in 0..side {
                if me != self.empty && them != self.empty {
                    order.push((self.pips[me] + self.pips[them], me as u32, them as u32));
                }
            }
        }
        order.sort_unstable();
        order.into_iter().map(|(_, a, b)| (a, b)).collect()
    }
}

/// The two-sided bearoff database: for every pair of bearoff positions of at most
/// [`TWO_SIDED_CHECKERS`] checkers each (C(12, 6)² = 853,776 pairs), the exact probability that
/// the side on roll wins with both sides playing to win, and the exact cubeful money equities
/// ([`ExactCube`]) with both sides playing and doubling to maximise them: 16 bytes a pair,
/// 13.7 MB. No gammons are possible there. Built on first use (about a second in release builds)
/// by one pass over the pairs in increasing total pip count.
///
/// The cubeful values follow the recursion over cube states (Zadeh & Kobliska 1977, as
/// gnubg's documentation describes for its own two-sided database): with `C`, `O`, `X` the
/// values per unit of cube before rolling with the cube centred, owned, held by the opponent,
/// and `s` the best play of each roll (`+1` when it bears off the last checker),
/// `C = max(E[−C(s)], min(2·X, 1))`, `O = max(E[−X(s)], min(2·X, 1))`, `X = E[−O(s)]`; with
/// beavers ([`TwoSidedDb::with_beavers`]) `2·X` becomes `4·X` where `X < 0` (the doubled side
/// beavers when it is ahead, keeping the cube at four times). The Jacoby rule changes nothing
/// here: no gammon is possible.
pub struct TwoSidedDb {
    /// Whether a double may be beavered.
    beavers: bool,
    positions: SmallSide,
    /// Positions per side.
    side: usize,
    /// `win[me * side + them]`.
    win: Vec<f32>,
    /// Cubeful values per pair: on roll with the cube centred, owned; the opponent owning it.
    cubeful: Vec<[f32; 3]>,
}

impl std::fmt::Debug for TwoSidedDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TwoSidedDb")
            .field("side", &self.side)
            .finish_non_exhaustive()
    }
}

/// Indexes into the cubeful triples of [`TwoSidedDb`]: the on-roll values (right action now)
/// with the cube centred, owned, and the value when the opponent owns it.
const CENTRED: usize = 0;
const OWNED: usize = 1;
const THEIRS: usize = 2;

impl TwoSidedDb {
    /// Builds the database (no beavers).
    pub fn build() -> TwoSidedDb {
        TwoSidedDb::build_with(false)
    }

    /// Builds the database, with beavers or without.
    pub fn build_with(beavers: bool) -> TwoSidedDb {
        let positions = SmallSide::build();
        let side = positions.pips.len();
        let order = positions.pairs_in_order();
        let mut db = TwoSidedDb {
            beavers,
            win: vec![0.0f32; side * side],
            cubeful: vec![[0.0f32; 3]; side * side],
            positions,
            side,
        };
        for (me, them) in order {
            db.solve_pair(me as usize, them as usize);
        }
        db
    }

    /// Fills the values of (me, them) from those of its successors.
    fn solve_pair(&mut self, me: usize, them: usize) {
        let (side, empty) = (self.side, self.positions.empty);
        let rolls = Dice::ALL_21.len();
        // total[0]: win probability; 1..=3: −(successor's value) for C, X, O.
        let mut total = [0.0f32; 4];
        for (r, &(_, weight)) in Dice::ALL_21.iter().enumerate() {
            let mut best = [f32::NEG_INFINITY; 4];
            for &s in &self.positions.next[me * rolls + r] {
                let values = if s as usize == empty {
                    [1.0; 4]
                } else {
                    let at = them * side + s as usize;
                    let c = &self.cubeful[at];
                    [1.0 - self.win[at], -c[CENTRED], -c[THEIRS], -c[OWNED]]
                };
                for (b, v) in best.iter_mut().zip(values) {
                    *b = b.max(v);
                }
            }
            let w = f32::from(weight) / 36.0;
            for (t, b) in total.iter_mut().zip(best) {
                *t += w * b;
            }
        }
        let at = me * side + them;
        self.win[at] = total[0];
        // Predecessors need the on-roll values, with the option to double now folded in.
        let opponent_owns = total[3];
        let double = accepted(2.0 * f64::from(opponent_owns), self.beavers) as f32;
        let on_roll = |hold: f32| hold.max(double.min(1.0));
        self.cubeful[at] = [on_roll(total[1]), on_roll(total[2]), opponent_owns];
    }

    /// The shared database, built on first use.
    pub fn get() -> &'static TwoSidedDb {
        static DB: OnceLock<TwoSidedDb> = OnceLock::new();
        DB.get_or_init(TwoSidedDb::build)
    }

    /// The shared database of money play with beavers, built on first use.
    pub fn with_beavers() -> &'static TwoSidedDb {
        static DB: OnceLock<TwoSidedDb> = OnceLock::new();
        DB.get_or_init(|| TwoSidedDb::build_with(true))
    }

    /// The shared database for money play under `beavers` or not.
    pub fn for_beavers(beavers: bool) -> &'static TwoSidedDb {
        if beavers {
            TwoSidedDb::with_beavers()
        } else {
            TwoSidedDb::get()
        }
    }

    /// The index of a position's pair, when both sides are bearing off with at most
    /// [`TWO_SIDED_CHECKERS`] checkers each and neither has finished.
    fn pair(&self, position: &Position) -> Option<usize> {
        if !is_bearoff(position)
            || position.player(OFF) == CHECKERS_PER_SIDE
            || position.opponent(OFF) == CHECKERS_PER_SIDE
        {
            return None;
        }
        let compact = &self.positions.compact;
        let me = *compact.get(index(&position.player_checkers()[HOME_SLOTS]))?;
        let them = *compact.get(index(&position.opponent_checkers()[HOME_SLOTS]))?;
        if me == u32::MAX || them == u32::MAX {
            return None;
        }
        Some(me as usize * self.side + them as usize)
    }

    /// P(the side on roll wins) when both sides are bearing off with at most
    /// [`TWO_SIDED_CHECKERS`] checkers each and neither has finished; `None` otherwise.
    pub fn win_probability(&self, position: &Position) -> Option<f32> {
        self.pair(position).map(|at| self.win[at])
    }

    /// The exact cubeful money equities of the side on roll (before rolling), where
    /// [`TwoSidedDb::win_probability`] applies.
    pub fn cubeful(&self, position: &Position) -> Option<ExactCube> {
        let at = self.pair(position)?;
        let (no_double_centred, no_double_owned) = self.hold_values(at);
        Some(ExactCube {
            cubeless: f64::from(2.0 * self.win[at] - 1.0),
            no_double_centred,
            no_double_owned,
            opponent_owns: f64::from(self.cubeful[at][THEIRS]),
            beavers: self.beavers,
        })
    }

    /// The no-double values of a pair (centred, owned), recomputed from its successors: the
    /// table keeps the on-roll values that include the double now.
    fn hold_values(&self, at: usize) -> (f64, f64) {
        let (me, them) = (at / self.side, at % self.side);
        let rolls = Dice::ALL_21.len();
        let mut total = [0.0f64; 2];
        for (r, &(_, weight)) in Dice::ALL_21.iter().enumerate() {
            let mut best = [f64::NEG_INFINITY; 2];
            for &s in &self.positions.next[me * rolls + r] {
                let values = if s as usize == self.positions.empty {
                    [1.0; 2]
                } else {
                    let c = &self.cubeful[them * self.side + s as usize];
                    [-f64::from(c[CENTRED]), -f64::from(c[THEIRS])]
                };
                for (b, v) in best.iter_mut().zip(values) {
                    *b = b.max(v);
                }
            }
            for (t, b) in total.iter_mut().zip(best) {
                *t += f64::from(weight) / 36.0 * b;
            }
        }
        (total[0], total[1])
    }
}
