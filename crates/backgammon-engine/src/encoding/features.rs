//! Hand-made features of one side of a board, the extra inputs of [`super::Encoding::Features`].
//!
//! The ideas are the published ones of backgammon evaluators (Berliner's BKG; Tesauro's
//! TD-Gammon 2, which added hand-crafted features to the raw board; the inputs gnubg's manual
//! describes): how many of the opponent's 36 rolls hit a blot, how many rolls let a back checker
//! escape past the opponent's blocking points, how well the opponent contains a checker, the
//! longest prime, and the chance that a checker on the bar stays out. Everything is computed from
//! bit masks of the made points, with a table of escape counts built at compile time: no
//! allocation, a few hundred operations per side.

/// Features per side.
pub const PER_SIDE: usize = 5;
/// Further features per side of [`super::Encoding::Contact`] ([`SideView::contact_values`]).
pub const CONTACT_PER_SIDE: usize = 3;
/// Pips of contact that make [`SideView::contact_values`]' second value 1.
pub const CONTACT_PIP_SCALE: f32 = 150.0;
/// Further features per side of [`super::Encoding::Tactical`] ([`SideView::tactical_values`]).
pub const TACTICAL_PER_SIDE: usize = 6;
/// Pips outside the home board that make [`SideView::tactical_values`]' timing value 1.
pub const OUTSIDE_PIP_SCALE: f32 = 100.0;

/// The 21 distinct rolls as `(die, die)`; doubles count once in 36, the others twice.
pub(super) const ROLLS: [(u8, u8); 21] = {
    let mut rolls = [(0u8, 0u8); 21];
    let mut k = 0;
    let mut a = 1u8;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            rolls[k] = (a, b);
            k += 1;
            b += 1;
        }
        a += 1;
    }
    rolls
};

/// Blocking points farther ahead than this do not count for escaping (a checker that passed
/// the points within reach is out of the blockade).
const ESCAPE_WINDOW: u32 = 8;

/// How many of the 36 rolls let a checker pass every blocked point up to [`ESCAPE_WINDOW`] pips
/// in front of it, landing on open points. Bit `i` of the index is set when the point `i + 1`
/// pips ahead is blocked (two or more opposing checkers); points more than 12 pips ahead are
/// treated as open.
static ESCAPES: [u8; 4096] = {
    let mut table = [0u8; 4096];
    let mut mask = 0usize;
    while mask < 4096 {
        table[mask] = escape_rolls(mask as u32);
        mask += 1;
    }
    table
};

/// True when the point `d` pips ahead is blocked in `mask` (see [`ESCAPES`]).
const fn blocked(mask: u32, d: u32) -> bool {
    d >= 1 && d <= 12 && mask & (1 << (d - 1)) != 0
}

/// Rolls (of 36) with which a checker can reach an open point beyond the farthest blocked one
/// within [`ESCAPE_WINDOW`].
const fn escape_rolls(mask: u32) -> u8 {
    let near = mask & ((1 << ESCAPE_WINDOW) - 1);
    let far = 32 - near.leading_zeros();
    let mut count = 0u8;
    let mut k = 0;
    while k < ROLLS.len() {
        let (a, b) = (ROLLS[k].0 as u32, ROLLS[k].1 as u32);
        let escapes = if a == b {
            let mut step = 1;
            let mut ok = false;
            while step <= 4 {
                let at = step * a;
                if blocked(mask, at) {
                    break;
                }
                if at > far {
                    ok = true;
                    break;
                }
                step += 1;
            }
            ok
        } else {
            (a > far && !blocked(mask, a))
                || (b > far && !blocked(mask, b))
                || (a + b > far
                    && !blocked(mask, a + b)
                    && (!blocked(mask, a) || !blocked(mask, b)))
        };
        if escapes {
            count += if a == b { 1 } else { 2 };
        }
        k += 1;
    }
    count
}

/// Bit `k` set for the rolls `ROLLS[k]` that are doubles.
const DOUBLES: u32 = {
    let mut bits = 0u32;
    let mut k = 0;
    while k < ROLLS.len() {
        if ROLLS[k].0 == ROLLS[k].1 {
            bits |= 1 << k;
        }
        k += 1;
    }
    bits
};

/// For a shot of `d` pips (1..=12) with the points in between described by `between` (bit
/// `i` set when the point `i + 1` pips from the shooter is made by the blot's side), entry
/// `(1 << (d - 1)) - 1 + between` holds the rolls (bit `k` = `ROLLS[k]`) that hit.
static SHOTS: [u32; 4095] = {
    let mut table = [0u32; 4095];
    let mut d = 1u32;
    while d <= 12 {
        let mut between = 0u32;
        while between < 1 << (d - 1) {
            table[((1 << (d - 1)) - 1 + between) as usize] = shot_rolls(d, between);
            between += 1;
        }
        d += 1;
    }
    table
};

/// The rolls (bit `k` = `ROLLS[k]`) that move a checker exactly `d` pips, every landing point
/// before the last open (bit `i` of `made` = the point `i + 1` pips ahead is made).
const fn shot_rolls(d: u32, made: u32) -> u32 {
    let mut bits = 0u32;
    let mut k = 0;
    while k < ROLLS.len() {
        let (a, b) = (ROLLS[k].0 as u32, ROLLS[k].1 as u32);
        let hits = if a == b {
            let mut step = 1;
            let mut ok = false;
            while step <= 4 {
                let at = step * a;
                if at == d {
                    ok = true;
                    break;
                }
                if at > d || !open_at(made, at) {
                    break;
                }
                step += 1;
            }
            ok
        } else {
            d == a || d == b || (d == a + b && (open_at(made, a) || open_at(made, b)))
        };
        if hits {
            bits |= 1 << k;
        }
        k += 1;
    }
    bits
}

/// True when the point `p` pips ahead is open in `made` (see [`shot_rolls`]).
const fn open_at(made: u32, p: u32) -> bool {
    p > 31 || made & (1 << (p - 1)) == 0
}

/// How many of the 36 rolls are in `rolls` (bit `k` = `ROLLS[k]`).
fn count_rolls(rolls: u32) -> u8 {
    (2 * (rolls & !DOUBLES).count_ones() + (rolls & DOUBLES).count_ones()) as u8
}

/// The board seen by one side as bit masks, points in that side's own numbering (1..=24).
#[derive(Clone, Copy, Debug)]
pub struct SideView {
    /// Points this side has made (two or more checkers).
    pub made: u32,
    /// Points holding exactly one checker of this side.
    pub blots: u32,
    /// The highest point (25 = bar) holding a checker of this side; 0 when all are off.
    pub rearmost: u32,
    /// Points the opponent has made, in this side's numbering.
    pub opponent_made: u32,
    /// The same points reversed: bit `25 - p` for point `p`.
    opponent_made_reversed: u32,
    /// Points the opponent occupies, in this side's numbering; bit 0 = the opponent's bar
    /// (it enters on this side's low points).
    pub opponent_sources: u32,
    /// Pips this side's checkers must still travel to pass the opponent's rearmost checker
    /// (the sum, over the checkers in front of it, of the distance to the point behind it);
    /// 0 once contact is broken.
    pub contact_pips: u32,
    /// Pips this side's checkers travel before all are in its home board ([`outside_pips`]).
    pub outside_pips: u32,
    /// The opponent's shots at this side's blots ([`SideView::shots`]).
    shots: Shots,
    /// The lowest and the total escape count over the points 13..=24.
    outfield_escapes: (u8, u32),
}

impl SideView {
    /// The view of the side whose checkers are `mine`, against `theirs` (each array in its own
    /// side's numbering: 0 = off, 1..=24 points, 25 = bar).
    pub fn new(mine: &[u8; 26], theirs: &[u8; 26]) -> SideView {
        let mut view = SideView {
            made: 0,
            blots: 0,
            rearmost: 0,
            opponent_made: 0,
            opponent_made_reversed: 0,
            opponent_sources: 0,
            contact_pips: 0,
            outside_pips: outside_pips(mine),
            shots: Shots::default(),
            outfield_escapes: (36, 0),
        };
        for p in 1..=24usize {
            match mine[p] {
                0 => {}
                1 => view.blots |= 1 << p,
                _ => view.made |= 1 << p,
            }
            if mine[p] > 0 {
                view.rearmost = p as u32;
            }
            let t = theirs[25 - p];
            if t >= 2 {
                view.opponent_made |= 1 << p;
                view.opponent_made_reversed |= 1 << (25 - p);
            }
            if t > 0 {
                view.opponent_sources |= 1 << p;
            }
        }
        if mine[25] > 0 {
            view.rearmost = 25;
        }
        if theirs[25] > 0 {
            view.opponent_sources |= 1;
        }
        view.contact_pips = contact_pips(mine, view.opponent_sources);
        view.shots = view.count_shots();
        view.outfield_escapes = view.count_outfield_escapes();
        view
    }

    /// The lowest and the total escape count over the points 13..=24.
    fn count_outfield_escapes(&self) -> (u8, u32) {
        (13..=24).fold((36, 0), |(low, total), p| {
            let escapes = self.escapes_from(p);
            (low.min(escapes), total + u32::from(escapes))
        })
    }

    /// The 12-bit mask of blocked points in front of a checker on `point` (see [`ESCAPES`]).
    pub(super) fn blocks_ahead(&self, point: u32) -> usize {
        // Bit `25 - p` of the reversed mask is point `p`, so the point `d` pips ahead of `point`
        // is bit `25 - point + d`.
        ((self.opponent_made_reversed >> (26 - point)) & 0xFFF) as usize
    }

    /// Rolls (of 36) with which a checker on `point` passes the opponent's blocking points
    /// within [`ESCAPE_WINDOW`] pips.
    pub fn escapes_from(&self, point: u32) -> u8 {
        ESCAPES[self.blocks_ahead(point)]
    }

    /// Rolls (of 36) with which the opponent hits at least one of this side's blots (direct and
    /// indirect shots; a combination shot needs open intermediate points; checkers on the bar
    /// hit from point 0; the rule that they must enter first is ignored).
    pub fn hitting_rolls(&self) -> u8 {
        count_rolls(self.shots.any)
    }

    /// The opponent's shots at this side's blots, roll by roll (see [`SideView::hitting_rolls`]).
    pub fn shots(&self) -> Shots {
        self.shots
    }

    /// Computes [`SideView::shots`] from the blots and the opponent's checkers.
    fn count_shots(&self) -> Shots {
        let mut shots = Shots::default();
        let mut blots = self.blots;
        // Lowest blots first: they are the nearest home, so the first blot a roll hits is the
        // one whose hit costs the most pips.
        while blots != 0 {
            let blot = blots.trailing_zeros();
            blots &= blots - 1;
            let mut rolls = 0u32;
            // Sources strictly behind the blot.
            let mut sources = self.opponent_sources & ((1 << blot) - 1);
            while sources != 0 {
                let from = sources.trailing_zeros();
                sources &= sources - 1;
                rolls |= self.shot(from, blot - from);
            }
            let first = rolls & !shots.any;
            shots.pip_loss += u32::from(count_rolls(first)) * (25 - blot);
            shots.double |= rolls & shots.any;
            shots.any |= rolls;
        }
        shots
    }

    /// The rolls (bit `k` = `ROLLS[k]`) with which a checker on `from` travels exactly `d` pips,
    /// every landing point before the last open (not made by this side).
    fn shot(&self, from: u32, d: u32) -> u32 {
        let between = (self.made >> (from + 1)) & ((1 << (d - 1)) - 1);
        if d <= 12 {
            SHOTS[((1 << (d - 1)) - 1 + between) as usize]
        } else {
            shot_rolls(d, between)
        }
    }

    /// Length of the longest run of consecutive made points.
    pub fn longest_prime(&self) -> u32 {
        let mut run = self.made;
        let mut length = 0;
        while run != 0 {
            run &= run >> 1;
            length += 1;
        }
        length
    }

    /// Lowest escape count over the points 13..=24 (the opponent's outer and home boards, in
    /// this side's numbering): how well the opponent contains a checker there.
    pub fn containment(&self) -> u8 {
        self.outfield_escapes.0
    }

    /// The three values [`super::Encoding::Contact`] adds, each in `0..=1`: the rearmost
    /// checker's point / 25 (the bar is 25), the pips to break contact / [`CONTACT_PIP_SCALE`]
    /// (at most 1), and the rearmost made point / 24 (the back anchor; 0 without one).
    pub fn contact_values(&self) -> [f32; CONTACT_PER_SIDE] {
        let anchor = 31u32.saturating_sub(self.made.leading_zeros());
        [
            self.rearmost as f32 / 25.0,
            (self.contact_pips as f32 / CONTACT_PIP_SCALE).min(1.0),
            anchor as f32 / 24.0,
        ]
    }

    /// The six values [`super::Encoding::Tactical`] adds, each in `0..=1`:
    /// * the pips this side loses to the opponent's hits, averaged over the 36 rolls (each roll
    ///   counted with the blot nearest home it hits, the costliest), / 24;
    /// * the rolls (of 36) that hit two blots or more (a double shot) / 36;
    /// * the most advanced anchor from the opponent's bar point to its ace point (points
    ///   18..=24): (25 − point) / 7, 0 without one;
    /// * the anchors in the opponent's home board (points 19..=24), at most 2, / 2 (back games);
    /// * the pips this side's checkers travel before reaching its home board (timing) /
    ///   [`OUTSIDE_PIP_SCALE`] (at most 1);
    /// * the opponent's average containment: 1 − the mean escape count over points 13..=24 / 36.
    pub fn tactical_values(&self) -> [f32; TACTICAL_PER_SIDE] {
        let shots = self.shots;
        let anchors = self.made & (0x7F << 18);
        let forward = if anchors == 0 {
            0.0
        } else {
            (25 - anchors.trailing_zeros()) as f32 / 7.0
        };
        let back_anchors = (self.made & (0x3F << 19)).count_ones().min(2);
        let escapes = self.outfield_escapes.1;
        [
            shots.pip_loss as f32 / (36.0 * 24.0),
            f32::from(count_rolls(shots.double)) / 36.0,
            forward,
            back_anchors as f32 / 2.0,
            (self.outside_pips as f32 / OUTSIDE_PIP_SCALE).min(1.0),
            1.0 - escapes as f32 / (12.0 * 36.0),
        ]
    }

    /// Home-board points (1..=6) this side has made.
    pub fn home_points_made(&self) -> u32 {
        (self.made & 0b111_1110).count_ones()
    }

    /// The five feature values, each in `0..=1`: the opponent's hitting rolls / 36, the escapes
    /// of this side's rearmost checker / 36, the opponent's containment (1 − the lowest escape
    /// count over points 13..=24 / 36), the longest prime / 6 (at most 1), and the chance that
    /// an opponent's checker on the bar fails to enter against this side's home board.
    pub fn values(&self) -> [f32; PER_SIDE] {
        let escapes = if self.rearmost == 0 {
            36
        } else {
            self.escapes_from(self.rearmost)
        };
        let closed = self.home_points_made() as f32 / 6.0;
        [
            f32::from(self.hitting_rolls()) / 36.0,
            f32::from(escapes) / 36.0,
            1.0 - f32::from(self.containment()) / 36.0,
            (self.longest_prime() as f32 / 6.0).min(1.0),
            closed * closed,
        ]
    }
}

/// The opponent's shots at one side's blots ([`SideView::shots`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shots {
    /// The rolls (bit `k` = `ROLLS[k]`) that hit at least one blot.
    pub any: u32,
    /// The rolls that hit two blots or more (each of them on its own; whether one roll can hit
    /// both is not checked).
    pub double: u32,
    /// Over the 36 rolls, the pips lost to the hit: for each roll that hits, 25 − the point of
    /// the lowest blot it hits (the checker goes back to the bar, 25 pips from home).
    pub pip_loss: u32,
}

/// Pips the checkers of `side` (its own numbering) travel before all are in the home board.
pub fn outside_pips(side: &[u8; 26]) -> u32 {
    side.iter()
        .enumerate()
        .skip(7)
        .map(|(p, &n)| u32::from(n) * (p as u32 - 6))
        .sum()
}

/// Pips `mine` must travel to pass the opponent's rearmost checker, the lowest bit of
/// `opponent_sources` (bit 0: a checker on the opponent's bar, behind all of `mine`).
fn contact_pips(mine: &[u8; 26], opponent_sources: u32) -> u32 {
    if opponent_sources == 0 {
        return 0;
    }
    let last = opponent_sources.trailing_zeros() as usize;
    mine.iter()
        .enumerate()
        .skip(last + 1)
        .map(|(p, &n)| u32::from(n) * (p - last) as u32)
        .sum()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// One side's checkers, `(point, count)` pairs (0 = off, 25 = bar), the rest borne off.
    pub(in crate::encoding) fn board(points: &[(usize, u8)]) -> [u8; 26] {
        let mut b = [0u8; 26];
        let mut on = 0;
        for &(p, n) in points {
            b[p] = n;
            on += n;
        }
        b[0] = 15 - on;
        b
    }

    #[test]
    fn nothing_blocking_escapes_with_every_roll() {
        assert_eq!(ESCAPES[0], 36);
    }

    #[test]
    fn a_full_six_prime_cannot_be_escaped() {
        assert_eq!(ESCAPES[0b11_1111], 0);
    }

    #[test]
    fn one_point_six_ahead_stops_only_six_six_and_needs_more_otherwise() {
        // Only the 6 pips ahead is blocked: escaping means travelling 7 or more, or a plain 6 is
        // blocked but any total over 6 with an open landing works.
        let expected = ROLLS
            .iter()
            .filter(|&&(a, b)| {
                if a == b {
                    u32::from(a) * 4 > 6 && a != 6 && a != 3 && a != 2
                } else {
                    a + b > 6
                }
            })
            .map(|&(a, b)| if a == b { 1 } else { 2 })
            .sum::<u8>();
        assert_eq!(ESCAPES[1 << 5], expected);
    }

    #[test]
    fn a_blot_six_pips_in_front_of_an_opponent_is_hit_by_seventeen_rolls() {
        // The well-known count: a direct 6 is hit by 17 of 36 rolls (11 with a six, 5-1, 4-2,
        // 3-3, 2-2 → 11 + 2 + 2 + 1 + 1 = 17).
        let mine = board(&[(10, 1)]);
        let mut theirs = [0u8; 26];
        theirs[25 - 4] = 1; // on my 4-point, 6 pips behind my blot on the 10-point
        theirs[0] = 14;
        assert_eq!(SideView::new(&mine, &theirs).hitting_rolls(), 17);
    }

    #[test]
    fn a_hit_costs_the_pips_the_blot_had_travelled() {
        // The 17 rolls that hit a blot on my 10-point send it back 15 pips.
        let mine = board(&[(10, 1)]);
        let mut theirs = [0u8; 26];
        theirs[25 - 4] = 1;
        theirs[0] = 14;
        let shots = SideView::new(&mine, &theirs).shots();
        assert_eq!(count_rolls(shots.any), 17);
        assert_eq!(shots.pip_loss, 17 * 15);
        assert_eq!(shots.double, 0);
    }

    #[test]
    fn double_shots_and_the_pip_loss_of_the_farthest_blot_hit() {
        // Opponent on my 4-point; my blots on 5 (1 pip away) and 10 (6 pips away).
        let mine = board(&[(5, 1), (10, 1)]);
        let mut theirs = [0u8; 26];
        theirs[25 - 4] = 1;
        theirs[0] = 14;
        let view = SideView::new(&mine, &theirs);
        let shots = view.shots();
        let near = view.shot(4, 1);
        let far = view.shot(4, 6);
        assert_eq!(shots.any, near | far);
        assert_eq!(shots.double, near & far);
        // 6-1 hits both: it is counted once, with the blot on 5 (20 pips); every other roll
        // costs the pips of the one blot it hits.
        let expected = u32::from(count_rolls(near)) * 20 + u32::from(count_rolls(far & !near)) * 15;
        assert_eq!(shots.pip_loss, expected);
        assert_eq!(
            count_rolls(shots.double),
            2 + 1 + 1,
            "6-1, and 1-1 and 3-3 reach both"
        );
    }

    #[test]
    fn tactical_values_of_anchors_and_timing() {
        let mine = board(&[(20, 2), (23, 2), (13, 4), (6, 5), (8, 2)]);
        let view = SideView::new(&mine, &board(&[(6, 5)]));
        assert_eq!(view.outside_pips, 2 * 14 + 2 * 17 + 4 * 7 + 2 * 2);
        let values = view.tactical_values();
        assert!((values[2] - 5.0 / 7.0).abs() < 1e-6, "the 20-point anchor");
        assert_eq!(values[3], 1.0, "two anchors in the opponent's home board");
        assert_eq!(values[4], 0.94);
        assert!(values.iter().all(|v| (0.0..=1.0).contains(v)));
        let bare = SideView::new(&board(&[(6, 5)]), &board(&[(6, 5)]));
        assert_eq!(bare.outside_pips, 0);
        assert_eq!(bare.tactical_values()[2..5], [0.0, 0.0, 0.0]);
    }

    #[test]
    fn a_made_point_in_between_blocks_combination_shots() {
        // Blot 8 pips from the opponent; the 4 and the 2 pips ahead of the opponent are made:
        // 4-4 is blocked at 4, 2-2 at 2, 6-2 and 5-3 still get there (via 6 or 5 / 3).
        let mine = board(&[(10, 1), (6, 2), (4, 2)]);
        let mut theirs = [0u8; 26];
        theirs[25 - 2] = 1; // on my 2-point
        theirs[0] = 14;
        let view = SideView::new(&mine, &theirs);
        // 6-2 (2), 5-3 (2); 4-4 blocked, 2-2 blocked → 4.
        assert_eq!(view.hitting_rolls(), 4);
    }

    #[test]
    fn longest_prime_counts_consecutive_made_points() {
        let mine = board(&[(4, 2), (5, 2), (6, 2), (8, 2), (9, 3)]);
        let view = SideView::new(&mine, &board(&[]));
        assert_eq!(view.longest_prime(), 3);
        assert_eq!(view.home_points_made(), 3);
    }

    #[test]
    fn contact_values_of_the_starting_board() {
        let start = board(&[(24, 2), (13, 5), (8, 3), (6, 5)]);
        let view = SideView::new(&start, &start);
        // The opponent's rearmost checkers sit on my 1-point (their 24): every checker of mine
        // but none is behind them; the distance to my 1-point: 2·23 + 5·12 + 3·7 + 5·5 = 152.
        assert_eq!(view.contact_pips, 152);
        let values = view.contact_values();
        assert!((values[0] - 24.0 / 25.0).abs() < 1e-6);
        assert_eq!(values[1], 1.0);
        assert!(
            (values[2] - 1.0).abs() < 1e-6,
            "the 24-point anchor: {values:?}"
        );
    }

    #[test]
    fn contact_pips_vanish_in_a_race_and_count_a_checker_on_the_bar() {
        let mine = board(&[(3, 5), (2, 5)]);
        let theirs = board(&[(5, 5)]); // their 5-point is my 20-point: behind none of mine
        let view = SideView::new(&mine, &theirs);
        assert_eq!(view.contact_pips, 0);
        assert_eq!(view.contact_values()[2], 3.0 / 24.0);
        let mut bar = board(&[(3, 5)]);
        bar[25] = 1;
        bar[0] -= 1;
        let view = SideView::new(&bar, &theirs);
        assert_eq!(view.rearmost, 25);
        // Only the bar checker is in front of the opponent's rearmost (my 20-point): 5 pips.
        assert_eq!(view.contact_pips, 5);
    }
}
