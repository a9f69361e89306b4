//! The race inputs ([`super::Encoding::Race`]), for a network of race positions only (no contact
//! left, so nothing can be hit or blocked): what decides a race is the pips, how many checkers are
//! already off, how many still cross into the home board, and how much of the dice the bear-off
//! wastes. After the inputs gnubg's race network is described to use (points, a one-hot count of
//! the checkers off, crossovers) with Ludus's own wastage values (the checkers stacked on the
//! lowest points and the gaps of the home board, the usual corrections of a race's effective
//! pip count).
//!
//! Per side (the side on roll first, each in its own numbering):
//! * points 1..=24 with the board encoding's four inputs a point (`n >= 1`, `n >= 2`, `n >= 3`,
//!   `(n - 3) / 2`);
//! * [`OFF_COUNTS`] one-hot inputs, "exactly `k` checkers off" for `k = 1..=14`;
//! * crossovers / 10: each checker counts 1 on points 7–12, 2 on 13–18, 3 on 19–24;
//! * the pip count / [`super::PIP_SCALE`];
//! * wastage: the checkers on the 1-, 2- and 3-points, each / 15, and the empty points of the
//!   home board below its highest occupied point / 5.

use super::{PIP_SCALE, SparseInputs};
use ludus_backgammon::Position;

/// One-hot inputs of the checkers borne off (1 to 14; none lit with none off).
pub const OFF_COUNTS: usize = 14;
/// Inputs per side.
pub const RACE_PER_SIDE: usize = 24 * 4 + OFF_COUNTS + 1 + 1 + 4;
/// Number of inputs of [`super::Encoding::Race`].
pub const RACE_INPUTS: usize = 2 * RACE_PER_SIDE;

/// Encodes `position` into `out` (cleared first) with the race inputs of both sides, the side on
/// roll first.
pub fn encode_race(position: &Position, out: &mut SparseInputs) {
    out.clear(RACE_INPUTS);
    let (player_pips, opponent_pips) = position.pip_count();
    push_side(&position.player_checkers(), player_pips, 0, out);
    push_side(
        &position.opponent_checkers(),
        opponent_pips,
        RACE_PER_SIDE,
        out,
    );
}

/// One side's race inputs from `base` on.
fn push_side(side: &[u8; 26], pips: u32, base: usize, out: &mut SparseInputs) {
    for (point, &n) in side.iter().enumerate().take(25).skip(1) {
        let at = base + (point - 1) * 4;
        out.push(at, f32::from(u8::from(n >= 1)));
        out.push(at + 1, f32::from(u8::from(n >= 2)));
        out.push(at + 2, f32::from(u8::from(n >= 3)));
        if n > 3 {
            out.push(at + 3, f32::from(n - 3) / 2.0);
        }
    }
    let tail = base + 24 * 4;
    let off = usize::from(side[0]);
    if (1..=OFF_COUNTS).contains(&off) {
        out.push(tail + off - 1, 1.0);
    }
    let tail = tail + OFF_COUNTS;
    out.push(tail, crossovers(side) as f32 / 10.0);
    out.push(tail + 1, pips as f32 / PIP_SCALE);
    for (k, point) in [1, 2, 3].into_iter().enumerate() {
        out.push(tail + 2 + k, f32::from(side[point]) / 15.0);
    }
    out.push(tail + 5, home_gaps(side) as f32 / 5.0);
}

/// Crossovers still to make: each checker counts 1 on points 7–12, 2 on 13–18 and 3 on 19–24
/// (and 4 on the bar, which a race never has).
fn crossovers(side: &[u8; 26]) -> u32 {
    (7..=25)
        .map(|p| u32::from(side[p]) * ((p as u32 - 1) / 6))
        .sum()
}

/// Empty points of the home board below its highest occupied point.
fn home_gaps(side: &[u8; 26]) -> u32 {
    let Some(top) = (1..=6).rev().find(|&p| side[p] > 0) else {
        return 0;
    };
    (1..top).filter(|&p| side[p] == 0).count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_race_position_lights_its_off_count_and_its_crossovers() {
        // My checkers: 3 on the 8-point, 4 on the 6-point, 2 on the 1-point, 6 off.
        let mut mine = [0u8; 26];
        mine[8] = 3;
        mine[6] = 4;
        mine[1] = 2;
        mine[0] = 6;
        assert_eq!(crossovers(&mine), 3);
        assert_eq!(home_gaps(&mine), 4);
        let mut out = SparseInputs::new();
        out.clear(RACE_INPUTS);
        push_side(&mine, 8 * 3 + 6 * 4 + 2, 0, &mut out);
        let d = out.to_dense();
        assert_eq!(d.len(), RACE_INPUTS);
        let off = 24 * 4;
        assert_eq!(d[off + 5], 1.0, "six off");
        assert_eq!(d[off..off + OFF_COUNTS].iter().sum::<f32>(), 1.0);
        let tail = off + OFF_COUNTS;
        assert!((d[tail] - 0.3).abs() < 1e-6);
        assert!((d[tail + 2] - 2.0 / 15.0).abs() < 1e-6);
        assert_eq!(d[tail + 3], 0.0);
        assert!((d[tail + 5] - 0.8).abs() < 1e-6);
        // The 6-point: 4 checkers → 1, 1, 1, 0.5.
        assert_eq!(&d[20..24], &[1.0, 1.0, 1.0, 0.5]);
    }

    #[test]
    fn both_sides_are_encoded_the_side_on_roll_first() {
        for position in ludus_backgammon::random_positions(9, 300) {
            let mut out = SparseInputs::new();
            encode_race(&position, &mut out);
            let d = out.to_dense();
            assert_eq!(d.len(), RACE_INPUTS);
            let swapped = position.swapped();
            let mut other = SparseInputs::new();
            encode_race(&swapped, &mut other);
            let e = other.to_dense();
            assert_eq!(&d[..RACE_PER_SIDE], &e[RACE_PER_SIDE..]);
            assert_eq!(&d[RACE_PER_SIDE..], &e[..RACE_PER_SIDE]);
        }
    }
}
