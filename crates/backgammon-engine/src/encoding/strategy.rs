//! The strategic inputs of [`super::Encoding::Strategic`]: one side's blockades, mobility,
//! timing, structure and back-game values, after the hand-made inputs gnubg's contact network is
//! described to use (the project's `backgammon-features-gnubg.md`: containment of the rearmost
//! checker and of the home side, mobility, the spread of the rear, entering, timing, the backbone,
//! back games, free pips and the checkers borne off), in Ludus's own definitions and scales.
//!
//! Every value describes one side ("this side") against the other; both sides' blocks are
//! inputs, so a value that measures the opponent's blockade on this side also measures, in the
//! other block, this side's blockade on the opponent. Each value is in `0..=1`.

use super::features::{ROLLS, SideView};

/// Strategic values per side.
pub const STRATEGIC_PER_SIDE: usize = 16;

/// The opponent's 9-point in this side's numbering: containment of the rearmost checker is
/// measured from here back (the points the opponent's blockade usually stands on).
const OPPONENT_NINE: u32 = 16;

/// For a 12-bit mask of the blocked points ahead of a checker (bit `i` = the point `i + 1` pips
/// ahead), the rolls (of 36) with which that checker can play the whole roll: the sum of both dice
/// lands on an open point through an open stop (a double: twice the die, its first stop open).
static MOVES: [u8; 4096] = {
    let mut table = [0u8; 4096];
    let mut mask = 0u32;
    while mask < 4096 {
        table[mask as usize] = whole_roll_moves(mask);
        mask += 1;
    }
    table
};

/// True when the point `d` pips ahead is open in `mask` (see [`MOVES`]).
const fn open(mask: u32, d: u32) -> bool {
    d > 12 || mask & (1 << (d - 1)) == 0
}

/// The entry of [`MOVES`] for `mask`.
const fn whole_roll_moves(mask: u32) -> u8 {
    let mut count = 0u8;
    let mut k = 0;
    while k < ROLLS.len() {
        let (a, b) = (ROLLS[k].0 as u32, ROLLS[k].1 as u32);
        let moves = if a == b {
            open(mask, a) && open(mask, 2 * a)
        } else {
            open(mask, a + b) && (open(mask, a) || open(mask, b))
        };
        if moves {
            count += if a == b { 1 } else { 2 };
        }
        k += 1;
    }
    count
}

/// One side's strategic values ([`STRATEGIC_PER_SIDE`] of them), in this order:
/// 1. how tightly the opponent holds this side's rearmost checker: 1 − the fewest escaping rolls
///    (of 36) from any point between that checker and the opponent's 9-point;
/// 2. that value squared;
/// 3. the opponent's blockade on its own side of the board: 1 − the fewest escaping rolls from
///    any of the opponent's points 1 to 9;
/// 4. that value squared;
/// 5. mobility: over this side's checkers outside its home board, the rolls that play whole,
///    weighted by how far the checker is from home (point − 6), / 7200;
/// 6. the spread of the rear: the mean square distance of the checkers behind the average
///    checker from it, / 400;
/// 7. entering: the pips a checker on the bar expects to waste against the opponent's home
///    board (0 with the bar empty), / 294;
/// 8. timing: the pips this side can play without breaking its points, / 100 (at most 1);
/// 9. the backbone: how far this side's made points stand from its rearmost made point;
/// 10. a back game: with two or more anchors in the opponent's home board, the checkers there
///     and on the bar / 8;
/// 11. a one-anchor holding game: with exactly one, the same count / 8;
/// 12. free pips: the pips of this side's checkers already past every opposing checker, / 100;
/// 13. the checkers borne off, the first ramp: min(off, 3) / 3;
/// 14. the second: (off − 3) / 3, clamped to `0..=1`;
/// 15. the third: (off − 6) / 9, clamped to `0..=1`;
/// 16. the opponent's board strength: the chance that a checker entering from the bar finds at
///     least one of its two dice blocked.
///
/// `mine` and `theirs` are in their own side's numbering (0 = off, 1..=24 points, 25 = bar);
/// `view` is [`SideView::new`] of the same arrays.
pub fn strategic_values(
    mine: &[u8; 26],
    theirs: &[u8; 26],
    view: &SideView,
) -> [f32; STRATEGIC_PER_SIDE] {
    let trapped = 1.0 - f32::from(fewest_escapes(view, OPPONENT_NINE, view.rearmost)) / 36.0;
    let contained = 1.0 - f32::from(fewest_escapes(view, OPPONENT_NINE, 24)) / 36.0;
    let opponent_home = opponent_home_points(theirs);
    let off = f32::from(mine[0]);
    let anchors = (view.made >> 19 & 0x3F).count_ones();
    let back = f32::from(mine[19..=25].iter().sum::<u8>()) / 8.0;
    let block_chance = 1.0 - (1.0 - opponent_home.count_ones() as f32 / 6.0).powi(2);
    [
        trapped,
        trapped * trapped,
        contained,
        contained * contained,
        (mobility(mine, view) as f32 / 7200.0).min(1.0),
        (rear_spread(mine) as f32 / 400.0).min(1.0),
        entering_waste(mine[25], opponent_home) as f32 / 294.0,
        (timing(mine, view) as f32 / 100.0).min(1.0),
        backbone(view.made),
        if anchors >= 2 { back.min(1.0) } else { 0.0 },
        if anchors == 1 { back.min(1.0) } else { 0.0 },
        (free_pips(mine, theirs) as f32 / 100.0).min(1.0),
        off.min(3.0) / 3.0,
        ((off - 3.0) / 3.0).clamp(0.0, 1.0),
        ((off - 6.0) / 9.0).clamp(0.0, 1.0),
        block_chance,
    ]
}

/// The fewest escaping rolls ([`SideView::escapes_from`]) over the points `low..=high` (36 when
/// the range is empty).
fn fewest_escapes(view: &SideView, low: u32, high: u32) -> u8 {
    (low..=high.min(25))
        .map(|p| view.escapes_from(p))
        .min()
        .unwrap_or(36)
}

/// The dice that cannot enter against the opponent's home board, as a mask: bit `d` set when die
/// `d` is blocked. A checker on the bar enters with die `d` on this side's point `25 − d`, which is
/// the opponent's own point `d`.
fn opponent_home_points(theirs: &[u8; 26]) -> u32 {
    (1..=6)
        .filter(|&d| theirs[d] >= 2)
        .fold(0, |mask, d| mask | 1 << d)
}

/// Over the 36 rolls, the pips a side with `on_bar` checkers on the bar wastes against the blocked
/// dice `blocked` ([`opponent_home_points`]): a double whose die is blocked loses the whole roll,
/// a roll with both dice blocked loses both, and with two or more on the bar a blocked die of a
/// mixed roll is lost.
fn entering_waste(on_bar: u8, blocked: u32) -> u32 {
    if on_bar == 0 {
        return 0;
    }
    let is_blocked = |d: u32| blocked & 1 << d != 0;
    ROLLS
        .iter()
        .map(|&(a, b)| (u32::from(a), u32::from(b)))
        .map(|(a, b)| match (is_blocked(a), is_blocked(b)) {
            _ if a == b => u32::from(is_blocked(a)) * 4 * a,
            (true, true) => 2 * (a + b),
            (true, false) if on_bar >= 2 => 2 * a,
            (false, true) if on_bar >= 2 => 2 * b,
            _ => 0,
        })
        .sum()
}

/// Over this side's checkers on points 7 to 24 and the bar: the rolls with which the checker can
/// play a whole roll past the opponent's points ([`MOVES`]), times its distance from home
/// (point − 6).
fn mobility(mine: &[u8; 26], view: &SideView) -> u32 {
    (7..=25u32)
        .filter(|&p| mine[p as usize] > 0)
        .map(|p| {
            let moves = u32::from(MOVES[view.blocks_ahead(p)]);
            u32::from(mine[p as usize]) * moves * (p - 6)
        })
        .sum()
}

/// The spread of this side's rear: with `m` the mean point of its checkers on the board (bar =
/// 25), rounded up, the mean of `(p − m)²` over the checkers on points `p > m`, rounded up; 0 when
/// none is behind the mean.
fn rear_spread(mine: &[u8; 26]) -> u32 {
    let (count, sum) = (1..=25usize).fold((0u32, 0u32), |(c, s), p| {
        let n = u32::from(mine[p]);
        (c + n, s + n * p as u32)
    });
    if count == 0 {
        return 0;
    }
    let mean = sum.div_ceil(count);
    let (behind, squares) = ((mean + 1) as usize..=25).fold((0u32, 0u32), |(c, s), p| {
        let n = u32::from(mine[p]);
        let d = p as u32 - mean;
        (c + n, s + n * d * d)
    });
    if behind == 0 {
        0
    } else {
        squares.div_ceil(behind)
    }
}

/// The pips this side can play without giving up its points: every checker on the bar counts 24
/// pips; checkers on points 7 to 12, and those on 13 to 24 already past the opponent's rearmost
/// checker, count their distance to the 1-point in full; checkers on 13 to 24 still behind it
/// count only beyond the two that hold the point. Then the home board from the 6-point down: a
/// point's spares add to the count, and a point with fewer than two checkers takes what it lacks
/// from the count (point − 1 pips a missing checker when the count runs out). Never below 0.
fn timing(mine: &[u8; 26], view: &SideView) -> u32 {
    // The opponent's rearmost checker stands on this side's lowest point they occupy.
    let opponent_rear = view.opponent_sources.trailing_zeros();
    let mut pips = i64::from(mine[25]) * 24;
    for p in 7..=24u32 {
        let n = i64::from(mine[p as usize]);
        let counted = if p >= 13 && p > opponent_rear {
            if n == 1 { 1 } else { (n - 2).max(0) }
        } else {
            n
        };
        pips += counted * i64::from(p - 1);
    }
    let mut spares = 0i64;
    for p in (1..=6u32).rev() {
        let n = i64::from(mine[p as usize]);
        if n > 2 {
            spares += n - 2;
        } else {
            let short = 2 - n;
            if spares >= short {
                spares -= short;
            } else {
                pips -= i64::from(p - 1) * short;
            }
        }
    }
    pips.max(0) as u32
}

/// How connected this side's made points are with its rearmost made point (points 2 to 24): each
/// other made point scores 11 within 6 pips of it, 13 − d at d = 7 to 11 pips, 0 farther; the
/// value is 1 − the mean score / 11 (0 with fewer than two made points).
fn backbone(made: u32) -> f32 {
    let points = made & !0b11 & ((1 << 25) - 1);
    if points.count_ones() < 2 {
        return 0.0;
    }
    let rear = 31 - points.leading_zeros();
    let mut rest = points & !(1 << rear);
    let (mut score, mut count) = (0u32, 0u32);
    while rest != 0 {
        let p = rest.trailing_zeros();
        rest &= rest - 1;
        let d = rear - p;
        score += match d {
            0..=6 => 11,
            7..=11 => 13 - d,
            _ => 0,
        };
        count += 1;
    }
    1.0 - score as f32 / (11.0 * count as f32)
}

/// The pips of this side's checkers that have passed every opposing checker (below the
/// opponent's rearmost checker, in this side's numbering).
fn free_pips(mine: &[u8; 26], theirs: &[u8; 26]) -> u32 {
    // The opponent's rearmost checker on its own point q stands on this side's point 25 − q.
    let rear = (1..=25usize).rev().find(|&q| theirs[q] > 0).unwrap_or(0);
    let below = if rear == 0 { 26 } else { 25 - rear };
    (1..below.min(26))
        .map(|p| u32::from(mine[p]) * p as u32)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::features::tests::board;

    fn start() -> [u8; 26] {
        board(&[(24, 2), (13, 5), (8, 3), (6, 5)])
    }

    fn values(mine: &[u8; 26], theirs: &[u8; 26]) -> [f32; STRATEGIC_PER_SIDE] {
        strategic_values(mine, theirs, &SideView::new(mine, theirs))
    }

    #[test]
    fn every_value_is_between_zero_and_one() {
        for position in ludus_backgammon::random_positions(21, 2000) {
            let (mine, theirs) = (position.player_checkers(), position.opponent_checkers());
            for v in values(&mine, &theirs)
                .into_iter()
                .chain(values(&theirs, &mine))
            {
                assert!((0.0..=1.0).contains(&v), "{v} in {position:?}");
            }
        }
    }

    #[test]
    fn the_starting_board() {
        let v = values(&start(), &start());
        // Timing: the 13-point's 3 spares × 12 and the 8-point's 3 × 7 (the 24-point's two
        // hold it); home: the 6-point's 3 spares cover the 5-point (1 left); the 4-, 3- and
        // 2-point each lack two: −3·2 − 2·2 − 1·2. 57 − 12 = 45.
        assert_eq!(timing(&start(), &SideView::new(&start(), &start())), 45);
        assert!((v[7] - 0.45).abs() < 1e-6);
        // One made point in the opponent's home board (the 24-point) with two checkers there.
        assert_eq!(v[9], 0.0);
        assert!((v[10] - 2.0 / 8.0).abs() < 1e-6);
        // Nothing off, nothing on the bar, nothing past the opponent's checkers.
        assert_eq!(&v[11..15], &[0.0, 0.0, 0.0, 0.0]);
        assert_eq!(v[6], 0.0);
        // The opponent's home board holds one point (its 6): 1 − (5/6)².
        assert!((v[15] - 11.0 / 36.0).abs() < 1e-6);
        // The backbone: made 6, 8, 13, 24; the rearmost 24 is 11, 16 and 18 pips from the rest.
        assert!((v[8] - (1.0 - 2.0 / 33.0)).abs() < 1e-6, "{}", v[8]);
    }

    #[test]
    fn the_rear_spread_of_the_starting_board() {
        // 15 checkers, point sum 2·24 + 5·13 + 3·8 + 5·6 = 167, mean ⌈11.13⌉ = 12; behind it 5
        // on 13 (1 each) and 2 on 24 (144 each): ⌈(5 + 288) / 7⌉ = 42.
        assert_eq!(rear_spread(&start()), 42);
    }

    #[test]
    fn entering_against_a_closed_board_wastes_every_roll() {
        let all = (1..=6).fold(0, |m, d| m | 1 << d);
        // Every roll is lost: the 36 rolls average 49/6 pips, 294 in all.
        assert_eq!(entering_waste(1, all), 294);
        assert_eq!(entering_waste(0, all), 0);
        // Against the 6-point alone, one checker loses 6-6 only.
        assert_eq!(entering_waste(1, 1 << 6), 24);
        // Two on the bar also lose the six of every mixed roll with a six: 10 rolls × 6.
        assert_eq!(entering_waste(2, 1 << 6), 24 + 60);
    }

    #[test]
    fn a_full_prime_in_front_of_the_rearmost_checker_traps_it() {
        // The opponent's points 2 to 7 made: this side's points 18 to 23; my checker on 24.
        let theirs = board(&[(2, 2), (3, 2), (4, 2), (5, 2), (6, 3), (7, 2)]);
        let mine = board(&[(24, 1), (6, 4)]);
        let v = values(&mine, &theirs);
        assert_eq!(v[0], 1.0);
        assert_eq!(v[1], 1.0);
        assert_eq!(v[2], 1.0);
        // With nothing in front of the rearmost checker, it is free.
        let open = values(&board(&[(20, 1), (6, 4)]), &board(&[(1, 2)]));
        assert_eq!(open[0], 0.0);
    }

    #[test]
    fn moves_count_whole_rolls() {
        assert_eq!(MOVES[0], 36);
        // Every point within 12 blocked: nothing plays whole.
        assert_eq!(MOVES[0xFFF], 0);
        // Only the point 1 pip ahead blocked: 1-1 and nothing else (6-1 goes via 6).
        assert_eq!(MOVES[1], 35);
    }

    #[test]
    fn free_pips_count_checkers_past_every_opponent() {
        // The opponent's rearmost on its 5-point = my 20-point; my checkers on 3 and 22.
        let mine = board(&[(3, 2), (22, 1)]);
        let theirs = board(&[(5, 3)]);
        assert_eq!(free_pips(&mine, &theirs), 6);
        // An opponent's checker on the bar is behind every checker of mine: no pips are free.
        let mut bar = board(&[(5, 2)]);
        bar[25] = 1;
        bar[0] -= 1;
        assert_eq!(free_pips(&mine, &bar), 0);
    }

    #[test]
    fn off_ramps() {
        let mut mine = board(&[(1, 4)]);
        mine[0] = 11;
        let v = values(&mine, &board(&[(6, 2)]));
        assert_eq!(&v[12..15], &[1.0, 1.0, 5.0 / 9.0]);
    }
}
