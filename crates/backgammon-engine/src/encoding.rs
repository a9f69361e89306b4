//! The network's input encoding of a [`Position`].
//!
//! Per side (the side on roll first, then the opponent), each side seen from its own side:
//! * for each point 1..=24 four inputs, a truncated unary code of the checker count `n`:
//!   `n >= 1`, `n >= 2`, `n >= 3`, and `(n - 3) / 2` when `n > 3`;
//! * the bar: `n / 2`; borne off: `n / 15`;
//! * the pip count divided by [`PIP_SCALE`].
//!
//! Then one input for "contact is over" ([`Position::is_race`]). 2 × 99 + 1 = 199 inputs.
//! The encoding is sparse: a typical board has 30–45 non-zero inputs, and the network's first
//! layer only touches their weight rows.

use ludus_backgammon::{BAR, OFF, Position};

/// Inputs per point.
const PER_POINT: usize = 4;
/// Inputs per side: 24 points, bar, off, pips.
pub const PER_SIDE: usize = 24 * PER_POINT + 3;
/// Total number of inputs.
pub const INPUTS: usize = 2 * PER_SIDE + 1;
/// Pips are scaled so the starting count (167) is about 1.
pub const PIP_SCALE: f32 = 167.0;
/// Identifier of this encoding in weights files; bump when the encoding changes.
pub const ENCODING_ID: u32 = 1;
/// Most non-zero inputs a board can have: a point with `n` checkers uses at most `n` inputs, so 15
/// per side, plus bar, off and pips per side, plus the race flag.
pub const MAX_ACTIVE: usize = 2 * (15 + 3) + 1;

/// A sparse input vector: `(index, value)` pairs of the non-zero inputs, on the stack.
#[derive(Clone, Copy, Debug)]
pub struct SparseInputs {
    len: usize,
    index: [u16; MAX_ACTIVE],
    value: [f32; MAX_ACTIVE],
}

impl Default for SparseInputs {
    fn default() -> Self {
        Self::new()
    }
}

impl SparseInputs {
    /// An empty vector.
    pub fn new() -> Self {
        SparseInputs {
            len: 0,
            index: [0; MAX_ACTIVE],
            value: [0.0; MAX_ACTIVE],
        }
    }

    /// Indices of the non-zero inputs, in increasing order.
    pub fn indices(&self) -> &[u16] {
        &self.index[..self.len]
    }

    /// Values of the non-zero inputs.
    pub fn values(&self) -> &[f32] {
        &self.value[..self.len]
    }

    /// Number of non-zero inputs.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when every input is zero.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, i: usize, v: f32) {
        if v != 0.0 && self.len < MAX_ACTIVE {
            self.index[self.len] = i as u16;
            self.value[self.len] = v;
            self.len += 1;
        }
    }

    /// The dense form (for tests and tools).
    pub fn to_dense(&self) -> Vec<f32> {
        let mut dense = vec![0.0; INPUTS];
        for (&i, &v) in self.indices().iter().zip(self.values()) {
            dense[usize::from(i)] = v;
        }
        dense
    }
}

/// Encodes `position` into `out` (cleared first).
pub fn encode(position: &Position, out: &mut SparseInputs) {
    out.len = 0;
    let (player_pips, opponent_pips) = position.pip_count();
    encode_side(&position.player_checkers(), player_pips, 0, out);
    encode_side(&position.opponent_checkers(), opponent_pips, PER_SIDE, out);
    out.push(INPUTS - 1, if position.is_race() { 1.0 } else { 0.0 });
}

fn encode_side(side: &[u8; 26], pips: u32, base: usize, out: &mut SparseInputs) {
    for (point, &n) in side.iter().enumerate().take(25).skip(1) {
        if n == 0 {
            continue;
        }
        let at = base + (point - 1) * PER_POINT;
        out.push(at, 1.0);
        if n >= 2 {
            out.push(at + 1, 1.0);
        }
        if n >= 3 {
            out.push(at + 2, 1.0);
        }
        if n > 3 {
            out.push(at + 3, f32::from(n - 3) / 2.0);
        }
    }
    let tail = base + 24 * PER_POINT;
    out.push(tail, f32::from(side[usize::from(BAR)]) / 2.0);
    out.push(tail + 1, f32::from(side[usize::from(OFF)]) / 15.0);
    out.push(tail + 2, pips as f32 / PIP_SCALE);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starting_board_encodes_stacks_in_unary() {
        let mut s = SparseInputs::new();
        encode(&Position::starting(), &mut s);
        let d = s.to_dense();
        // Five checkers on the 6-point: 1, 1, 1, (5-3)/2 = 1.
        let six = 5 * PER_POINT;
        assert_eq!(&d[six..six + 4], &[1.0, 1.0, 1.0, 1.0]);
        assert!((d[PER_SIDE - 1] - 1.0).abs() < 0.01);
        assert!(s.len() <= MAX_ACTIVE);
    }
}
