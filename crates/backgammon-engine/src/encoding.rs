//! The network's input encoding of a [`Position`].
//!
//! Per side (the side on roll first, then the opponent), each side seen from its own side:
//! * for each point 1..=24 four inputs, a truncated unary code of the checker count `n`:
//!   `n >= 1`, `n >= 2`, `n >= 3`, and `(n - 3) / 2` when `n > 3`;
//! * the bar: `n / 2`; borne off: `n / 15`;
//! * the pip count divided by [`PIP_SCALE`].
//!
//! Then one input for "contact is over" ([`Position::is_race`]). 2 × 99 + 1 = 199 inputs: the
//! board inputs ([`encode`], encoding id 1, [`Encoding::Board`]).
//!
//! [`Encoding::Features`] (id 2) appends [`features::PER_SIDE`] hand-made features per side
//! (the side on roll first): 209 inputs, the first 199 the board inputs, so a network of encoding
//! 1 widens to encoding 2 by zero weight rows ([`crate::net::Net::widened`]).
//!
//! [`Encoding::Contact`] (id 3) appends [`features::CONTACT_PER_SIDE`] more per side (the side on
//! roll first): the rearmost checker, the pips to break contact and the back anchor
//! ([`features::SideView::contact_values`]); 215 inputs, the first 209 those of encoding 2.
//!
//! [`Encoding::Tactical`] (id 4) appends [`features::TACTICAL_PER_SIDE`] more per side (the side
//! on roll first): the pips lost to hits, double shots, the forward anchor, back-game anchors,
//! timing and the average containment ([`features::SideView::tactical_values`]); 227 inputs, the
//! first 215 those of encoding 3.
//!
//! [`Encoding::Strategic`] (id 5) appends [`strategy::STRATEGIC_PER_SIDE`] more per side (the
//! side on roll first): blockades, mobility, the rear's spread, entering, timing, the backbone,
//! back games, free pips, the checkers off and the opponent's board
//! ([`strategy::strategic_values`]); 259 inputs, the first 227 those of encoding 4.
//!
//! [`Encoding::Race`] (id 6) is not an extension: the inputs of a race network ([`race`]), 232 of
//! them.
//!
//! The encoding is sparse: a typical board has 30–45 non-zero inputs, and the network's first
//! layer only touches their weight rows.

pub mod features;
pub mod race;
pub mod strategy;

use features::SideView;
use ludus_backgammon::{BAR, OFF, Position};

/// Inputs per point.
const PER_POINT: usize = 4;
/// Inputs per side: 24 points, bar, off, pips.
pub const PER_SIDE: usize = 24 * PER_POINT + 3;
/// Number of board inputs ([`Encoding::Board`]).
pub const INPUTS: usize = 2 * PER_SIDE + 1;
/// Number of inputs of [`Encoding::Features`]: the board inputs, then the features of each side.
pub const FEATURE_INPUTS: usize = INPUTS + 2 * features::PER_SIDE;
/// Number of inputs of [`Encoding::Contact`]: encoding 2's, then the contact values of each side.
pub const CONTACT_INPUTS: usize = FEATURE_INPUTS + 2 * features::CONTACT_PER_SIDE;
/// Number of inputs of [`Encoding::Tactical`]: encoding 3's, then the tactical values of each
/// side.
pub const TACTICAL_INPUTS: usize = CONTACT_INPUTS + 2 * features::TACTICAL_PER_SIDE;
/// Number of inputs of [`Encoding::Strategic`]: encoding 4's, then the strategic values of each
/// side.
pub const STRATEGIC_INPUTS: usize = TACTICAL_INPUTS + 2 * strategy::STRATEGIC_PER_SIDE;
/// Pips are scaled so the starting count (167) is about 1.
pub const PIP_SCALE: f32 = 167.0;
/// Identifier of the board encoding in weights files.
pub const ENCODING_ID: u32 = 1;
/// Most non-zero inputs a board can have: a point with `n` checkers uses at most `n` inputs, so 15
/// per side, plus bar, off and pips per side, plus the race flag, plus the features.
pub const MAX_ACTIVE: usize = 2 * (15 + 3)
    + 1
    + 2 * (features::PER_SIDE
        + features::CONTACT_PER_SIDE
        + features::TACTICAL_PER_SIDE
        + strategy::STRATEGIC_PER_SIDE);

/// The input encodings a network can be trained on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Encoding id 1: the board inputs ([`encode`], [`INPUTS`]).
    Board,
    /// Encoding id 2: the board inputs and hand-made features ([`encode_with_features`],
    /// [`FEATURE_INPUTS`]).
    Features,
    /// Encoding id 3: encoding 2 and the contact values ([`encode_with_contact`],
    /// [`CONTACT_INPUTS`]).
    Contact,
    /// Encoding id 4: encoding 3 and the tactical values ([`encode_with_tactics`],
    /// [`TACTICAL_INPUTS`]).
    Tactical,
    /// Encoding id 5: encoding 4 and the strategic values ([`encode_with_strategy`],
    /// [`STRATEGIC_INPUTS`]).
    Strategic,
    /// Encoding id 6: the race inputs ([`race::encode_race`], [`race::RACE_INPUTS`]), for race
    /// networks; it extends no other encoding.
    Race,
}

impl Encoding {
    /// The encoding with this id in weights files.
    pub fn from_id(id: u32) -> Option<Encoding> {
        match id {
            1 => Some(Encoding::Board),
            2 => Some(Encoding::Features),
            3 => Some(Encoding::Contact),
            4 => Some(Encoding::Tactical),
            5 => Some(Encoding::Strategic),
            6 => Some(Encoding::Race),
            _ => None,
        }
    }

    /// The id written in weights files.
    pub fn id(self) -> u32 {
        match self {
            Encoding::Board => ENCODING_ID,
            Encoding::Features => 2,
            Encoding::Contact => 3,
            Encoding::Tactical => 4,
            Encoding::Strategic => 5,
            Encoding::Race => 6,
        }
    }

    /// Number of inputs.
    pub fn inputs(self) -> usize {
        match self {
            Encoding::Board => INPUTS,
            Encoding::Features => FEATURE_INPUTS,
            Encoding::Contact => CONTACT_INPUTS,
            Encoding::Tactical => TACTICAL_INPUTS,
            Encoding::Strategic => STRATEGIC_INPUTS,
            Encoding::Race => race::RACE_INPUTS,
        }
    }

    /// True when this encoding's inputs begin with all of `narrower`'s, unchanged (so a network
    /// of `narrower` widens to this one by zero weight rows). Every encoding extends itself;
    /// encodings 1 to 5 each extend the ones before, the race encoding none other.
    pub fn extends(self, narrower: Encoding) -> bool {
        match (self, narrower) {
            (Encoding::Race, _) | (_, Encoding::Race) => self == narrower,
            _ => self.id() >= narrower.id(),
        }
    }

    /// Encodes `position` into `out` (cleared first).
    #[inline]
    pub fn encode(self, position: &Position, out: &mut SparseInputs) {
        match self {
            Encoding::Board => encode(position, out),
            Encoding::Features => encode_with_features(position, out),
            Encoding::Contact => encode_with_contact(position, out),
            Encoding::Tactical => encode_with_tactics(position, out),
            Encoding::Strategic => encode_with_strategy(position, out),
            Encoding::Race => race::encode_race(position, out),
        }
    }
}

/// A sparse input vector: `(index, value)` pairs of the non-zero inputs, on the stack.
#[derive(Clone, Copy, Debug)]
pub struct SparseInputs {
    len: usize,
    width: usize,
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
            width: INPUTS,
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

    /// Empties the vector for an encoding of `width` inputs.
    fn clear(&mut self, width: usize) {
        self.len = 0;
        self.width = width;
    }

    fn push(&mut self, i: usize, v: f32) {
        if v != 0.0 && self.len < MAX_ACTIVE {
            self.index[self.len] = i as u16;
            self.value[self.len] = v;
            self.len += 1;
        }
    }

    /// Number of inputs of the encoding that filled this vector (dense length).
    pub fn width(&self) -> usize {
        self.width
    }

    /// The dense form (for tests and tools).
    pub fn to_dense(&self) -> Vec<f32> {
        let mut dense = vec![0.0; self.width];
        for (&i, &v) in self.indices().iter().zip(self.values()) {
            dense[usize::from(i)] = v;
        }
        dense
    }
}

/// Encodes `position` into `out` (cleared first): the 199 board inputs ([`Encoding::Board`]).
pub fn encode(position: &Position, out: &mut SparseInputs) {
    out.len = 0;
    out.width = INPUTS;
    let (player_pips, opponent_pips) = position.pip_count();
    encode_side(&position.player_checkers(), player_pips, 0, out);
    encode_side(&position.opponent_checkers(), opponent_pips, PER_SIDE, out);
    out.push(INPUTS - 1, if position.is_race() { 1.0 } else { 0.0 });
}

/// Encodes `position` into `out` (cleared first): the board inputs, then the features of the side
/// on roll and of the opponent ([`Encoding::Features`]).
pub fn encode_with_features(position: &Position, out: &mut SparseInputs) {
    push_features(position, out, Encoding::Features);
}

/// Encodes `position` into `out` (cleared first): encoding 2's inputs, then the contact values
/// of the side on roll and of the opponent ([`Encoding::Contact`]).
pub fn encode_with_contact(position: &Position, out: &mut SparseInputs) {
    push_features(position, out, Encoding::Contact);
}

/// Encodes `position` into `out` (cleared first): encoding 3's inputs, then the tactical values
/// of the side on roll and of the opponent ([`Encoding::Tactical`]).
pub fn encode_with_tactics(position: &Position, out: &mut SparseInputs) {
    push_features(position, out, Encoding::Tactical);
}

/// Encodes `position` into `out` (cleared first): encoding 4's inputs, then the strategic values
/// of the side on roll and of the opponent ([`Encoding::Strategic`]).
pub fn encode_with_strategy(position: &Position, out: &mut SparseInputs) {
    push_features(position, out, Encoding::Strategic);
}

/// The board inputs, then the features of both sides up to those of `encoding` (2 to 5).
fn push_features(position: &Position, out: &mut SparseInputs, encoding: Encoding) {
    encode(position, out);
    out.width = encoding.inputs();
    let (mine, theirs) = (position.player_checkers(), position.opponent_checkers());
    let sides = [SideView::new(&mine, &theirs), SideView::new(&theirs, &mine)];
    push_per_side(out, INPUTS, sides.map(|side| side.values()));
    if encoding == Encoding::Features {
        return;
    }
    push_per_side(out, FEATURE_INPUTS, sides.map(|side| side.contact_values()));
    if encoding == Encoding::Contact {
        return;
    }
    push_per_side(
        out,
        CONTACT_INPUTS,
        sides.map(|side| side.tactical_values()),
    );
    if encoding == Encoding::Tactical {
        return;
    }
    push_per_side(
        out,
        TACTICAL_INPUTS,
        [
            strategy::strategic_values(&mine, &theirs, &sides[0]),
            strategy::strategic_values(&theirs, &mine, &sides[1]),
        ],
    );
}

/// Pushes the `N` values of each side (the side on roll first) from input `base` on.
fn push_per_side<const N: usize>(out: &mut SparseInputs, base: usize, values: [[f32; N]; 2]) {
    for (k, side) in values.iter().enumerate() {
        for (i, &v) in side.iter().enumerate() {
            out.push(base + k * N + i, v);
        }
    }
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

    /// `wide` writes `narrow`'s inputs unchanged, then `width - narrow width` more in 0..=1.
    fn assert_extends(
        narrow: fn(&Position, &mut SparseInputs),
        wide: fn(&Position, &mut SparseInputs),
        (narrow_width, width): (usize, usize),
        seed: u64,
    ) {
        for position in ludus_backgammon::random_positions(seed, 200) {
            let (mut small, mut large) = (SparseInputs::new(), SparseInputs::new());
            narrow(&position, &mut small);
            wide(&position, &mut large);
            let (small, large) = (small.to_dense(), large.to_dense());
            assert_eq!(large.len(), width);
            assert_eq!(&large[..narrow_width], &small[..]);
            let extra = &large[narrow_width..];
            assert!(extra.iter().all(|v| (0.0..=1.0).contains(v)));
        }
    }

    #[test]
    fn features_follow_the_board_inputs_unchanged() {
        assert_extends(encode, encode_with_features, (INPUTS, FEATURE_INPUTS), 5);
    }

    #[test]
    fn contact_values_follow_encoding_2_unchanged() {
        let widths = (FEATURE_INPUTS, CONTACT_INPUTS);
        assert_extends(encode_with_features, encode_with_contact, widths, 6);
    }

    #[test]
    fn tactical_values_follow_encoding_3_unchanged() {
        let widths = (CONTACT_INPUTS, TACTICAL_INPUTS);
        assert_extends(encode_with_contact, encode_with_tactics, widths, 7);
    }

    #[test]
    fn strategic_values_follow_encoding_4_unchanged() {
        let widths = (TACTICAL_INPUTS, STRATEGIC_INPUTS);
        assert_extends(encode_with_tactics, encode_with_strategy, widths, 8);
    }

    #[test]
    fn the_race_encoding_extends_no_other() {
        let all = [
            Encoding::Board,
            Encoding::Features,
            Encoding::Contact,
            Encoding::Tactical,
            Encoding::Strategic,
            Encoding::Race,
        ];
        for a in all {
            assert_eq!(Encoding::from_id(a.id()), Some(a));
            assert!(a.extends(a));
            for b in all {
                let chain = a != Encoding::Race && b != Encoding::Race && a.id() >= b.id();
                assert_eq!(a.extends(b), chain || a == b, "{a:?} {b:?}");
            }
        }
        assert_eq!(Encoding::Race.inputs(), race::RACE_INPUTS);
    }

    #[test]
    fn starting_board_features() {
        let mut s = SparseInputs::new();
        encode_with_features(&Position::starting(), &mut s);
        let d = s.to_dense();
        let mine = &d[INPUTS..INPUTS + features::PER_SIDE];
        // No blots; the back checkers on the 24-point face the opponent's points 5 and 7 pips
        // ahead: 6-2, 6-3, 6-4, 6-5, 5-3, 5-4, 2-2, 3-3 and 4-4 pass them (15 rolls); longest
        // prime 1 (points 6, 8, 13, 24 are all single runs); 6-point made.
        assert_eq!(mine[0], 0.0);
        assert!((mine[1] - 15.0 / 36.0).abs() < 1e-6, "{mine:?}");
        assert!((mine[3] - 1.0 / 6.0).abs() < 1e-6);
        assert!((mine[4] - 1.0 / 36.0).abs() < 1e-6);
        assert_eq!(&d[INPUTS..INPUTS + 5], &d[INPUTS + 5..INPUTS + 10]);
    }
}
