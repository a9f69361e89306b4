//! The perfect hash of a database sub-space: combinatorial numbering of piece sets, reduced by the
//! board's 16 symmetries.
//!
//! A movement-phase position of the sub-space "`m` pieces to move against `o`" is a pair of
//! disjoint square sets. Its index is
//!
//! ```text
//! index = id(canonical mover set) × C(24 − m, o) + rank(opponent set among the 24 − m free squares)
//! ```
//!
//! The mover set is first sent by a symmetry to the smallest set (as a `u32`) of its orbit, the
//! *canonical* set, which gets a dense id; the opponent set goes along with it. When the canonical
//! mover set is itself symmetric (its stabiliser is more than the identity), the opponent set is
//! further sent to its smallest image under the stabiliser, so that every orbit of boards has
//! exactly one index. Opponent sets that are not smallest under the stabiliser are *holes*: slots
//! that no board maps to (about 1 % of the slots for 6 pieces). Ranks are colexicographic
//! (`rank = Σ C(position of the k-th lowest member, k + 1)`).

use ludus_morris::geometry::Symmetry;
use ludus_morris::{ALL_SQUARES, Bitboard, SQUARE_COUNT, Square};
use std::sync::{Arc, Mutex, OnceLock};

/// Number of points on the board.
const SQUARES: usize = SQUARE_COUNT;
/// Number of board symmetries; bit `g` of a stabiliser mask stands for `Symmetry::ALL[g]`.
pub const SYMMETRIES: usize = Symmetry::ALL.len();

/// The image of a set of squares under symmetry number `g` of [`Symmetry::ALL`].
#[inline]
fn apply_symmetry(g: usize, bits: Bitboard) -> Bitboard {
    Symmetry::ALL[g].apply_bits(bits)
}

/// The indices of the squares of a set, lowest first.
#[inline]
fn squares(bits: Bitboard) -> impl Iterator<Item = usize> {
    Square::iter_bits(bits).map(Square::index)
}

/// Binomial coefficients `C(n, k)` for `n, k ≤ 24`.
static BINOMIAL: [[u64; SQUARES + 1]; SQUARES + 1] = build_binomials();

const fn build_binomials() -> [[u64; SQUARES + 1]; SQUARES + 1] {
    let mut c = [[0u64; SQUARES + 1]; SQUARES + 1];
    let mut n = 0;
    while n <= SQUARES {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    c
}

/// `C(n, k)`, zero when `k > n`.
#[inline]
pub fn binomial(n: usize, k: usize) -> u64 {
    if k > n { 0 } else { BINOMIAL[n][k] }
}

/// The colexicographic rank of a set among the sets of its size: three byte-table lookups
/// ([`RANK_BYTES`]), the same sum as `Σ C(position of the k-th lowest member, k + 1)`.
#[inline]
pub fn colex_rank(bits: u32) -> u64 {
    let [b0, b1, b2, _] = bits.to_le_bytes().map(usize::from);
    let below1 = usize::from(BYTE_POPULATION[b0]);
    let below2 = below1 + usize::from(BYTE_POPULATION[b1]);
    u64::from(RANK_BYTES.low[b0] + RANK_BYTES.middle[below1][b1] + RANK_BYTES.high[below2][b2])
}

/// The colexicographic rank computed member by member (the definition; the tables' oracle).
pub fn colex_rank_by_members(bits: u32) -> u64 {
    squares(bits)
        .enumerate()
        .map(|(k, s)| BINOMIAL[s][k + 1])
        .sum()
}

/// Members of each byte value.
static BYTE_POPULATION: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = (byte as u32).count_ones() as u8;
        byte += 1;
    }
    table
};

/// A byte's share of a colexicographic rank, by the members below the byte: entry `[below][byte]`
/// of the byte at bit `8 · j` is `Σ C(8j + i, below + t + 1)` over its members `i`, the `t`-th
/// lowest first.
struct RankBytes {
    /// Bits 0–7 (no member below them).
    low: [u32; 256],
    /// Bits 8–15, by the 0–8 members below.
    middle: [[u32; 256]; 9],
    /// Bits 16–23, by the 0–16 members below.
    high: [[u32; 256]; 17],
}

/// The byte's share at bit `8 · byte_index` with `below` members under it.
const fn byte_share(byte_index: usize, below: usize, byte: usize) -> u32 {
    let mut sum = 0u64;
    let mut t = 0;
    let mut i = 0;
    while i < 8 {
        if byte & (1 << i) != 0 {
            let n = 8 * byte_index + i;
            let k = below + t + 1;
            if k <= n {
                sum += BINOMIAL[n][k];
            }
            t += 1;
        }
        i += 1;
    }
    sum as u32
}

static RANK_BYTES: RankBytes = {
    let mut tables = RankBytes {
        low: [0; 256],
        middle: [[0; 256]; 9],
        high: [[0; 256]; 17],
    };
    let mut byte = 0;
    while byte < 256 {
        tables.low[byte] = byte_share(0, 0, byte);
        let mut below = 0;
        while below < 17 {
            if below < 9 {
                tables.middle[below][byte] = byte_share(1, below, byte);
            }
            tables.high[below][byte] = byte_share(2, below, byte);
            below += 1;
        }
        byte += 1;
    }
    tables
};

/// The set of `k` elements (positions `0..`) with the given colexicographic rank.
pub fn colex_unrank(mut rank: u64, k: usize) -> u32 {
    let mut bits = 0u32;
    let mut n = SQUARES;
    for kk in (1..=k).rev() {
        n -= 1;
        while BINOMIAL[n][kk] > rank {
            n -= 1;
        }
        rank -= BINOMIAL[n][kk];
        bits |= 1 << n;
    }
    bits
}

/// The `count` sets of `k` elements (positions `0..`) in colexicographic order, so that the `r`-th
/// is `colex_unrank(r, k)`: each from the one before by Gosper's hack, with no unranking.
pub fn colex_sets(k: usize, count: u64) -> impl Iterator<Item = u32> {
    let mut set: u32 = (1u32 << k) - 1;
    (0..count).map(move |_| {
        let current = set;
        if set != 0 {
            let low = set & set.wrapping_neg();
            let ripple = set.wrapping_add(low);
            set = (((ripple ^ set) >> 2) / low) | ripple;
        }
        current
    })
}

/// The colexicographic rank of `set` counted over the positions of `free` only (`set ⊆ free`):
/// the rank of `set` gathered onto the low bits ([`gather`]).
#[inline]
pub fn rank_within(set: u32, free: u32) -> u64 {
    colex_rank(gather(set, free))
}

/// Whether the processor has BMI2's `pext` and `pdep` (asked once; the answer is cached).
#[inline]
fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The bits of `set` at the squares of `free`, packed onto the low bits, lowest first (`pext`).
#[inline]
#[allow(unsafe_code)]
pub fn gather(set: u32, free: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if has_bmi2() {
        // SAFETY: the processor has BMI2 (checked just above). One instruction in place of a
        // loop over the free squares: with the rank's byte tables, `ludus morris solve-game
        // --stones 5` ran 1.9x as fast (docs/morris-endgame-databases.md, "Speed").
        return unsafe { std::arch::x86_64::_pext_u32(set, free) };
    }
    gather_by_bits(set, free)
}

/// [`gather`] one free square at a time (without BMI2; the oracle of the tests).
pub fn gather_by_bits(set: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut bit = 1;
    let mut f = free;
    while f != 0 {
        let low = f & f.wrapping_neg();
        if set & low != 0 {
            out |= bit;
        }
        bit <<= 1;
        f ^= low;
    }
    out
}

/// Spreads the low bits of `compact` over the squares of `free`, lowest first (`pdep`).
#[inline]
#[allow(unsafe_code)]
pub fn deposit(compact: u32, free: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if has_bmi2() {
        // SAFETY: the processor has BMI2 (checked just above).
        return unsafe { std::arch::x86_64::_pdep_u32(compact, free) };
    }
    deposit_by_bits(compact, free)
}

/// [`deposit`] one free square at a time (without BMI2; the oracle of the tests).
pub fn deposit_by_bits(compact: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut f = free;
    let mut c = compact;
    while c != 0 && f != 0 {
        let low = f & f.wrapping_neg();
        if c & 1 != 0 {
            out |= low;
        }
        c >>= 1;
        f ^= low;
    }
    out
}

/// The canonical mover sets of one piece count and how every set maps onto them.
#[derive(Debug)]
pub struct MoverSets {
    /// Canonical sets by id.
    pub canonical: Vec<u32>,
    /// Stabiliser of each canonical set, as a bit mask over the 16 symmetries.
    pub stabilizer: Vec<u16>,
    /// For every set by colex rank: `id << 4 | symmetry` sending it to its canonical set.
    by_rank: Vec<u32>,
}

/// Bit of the identity in a stabiliser mask.
const IDENTITY_ONLY: u16 = 1;
/// Bits of a packed `id << 4 | symmetry` that hold the symmetry.
const SYMMETRY_BITS: u32 = 4;

impl MoverSets {
    fn build(pieces: usize) -> MoverSets {
        let total = binomial(SQUARES, pieces) as usize;
        let mut by_rank = vec![u32::MAX; total];
        let mut canonical = Vec::new();
        let mut stabilizer = Vec::new();
        let mut smallest = vec![0u32; total];
        for (rank, slot) in smallest.iter_mut().enumerate() {
            let set = colex_unrank(rank as u64, pieces);
            let (mut best, mut best_g, mut stab) = (set, 0usize, 0u16);
            for g in 0..SYMMETRIES {
                let image = apply_symmetry(g, set);
                if image == set {
                    stab |= 1 << g;
                }
                if image < best {
                    best = image;
                    best_g = g;
                }
            }
            *slot = best;
            if best == set {
                by_rank[rank] = (canonical.len() as u32) << SYMMETRY_BITS;
                canonical.push(set);
                stabilizer.push(stab);
            } else {
                by_rank[rank] = best_g as u32;
            }
        }
        for rank in 0..total {
            if smallest[rank] != colex_unrank(rank as u64, pieces) {
                let id = by_rank[colex_rank(smallest[rank]) as usize] >> SYMMETRY_BITS;
                by_rank[rank] |= id << SYMMETRY_BITS;
            }
        }
        MoverSets {
            canonical,
            stabilizer,
            by_rank,
        }
    }

    /// The shared table for `pieces` pieces (built once per process).
    pub fn get(pieces: usize) -> Arc<MoverSets> {
        static CACHE: OnceLock<Mutex<Vec<Option<Arc<MoverSets>>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(vec![None; SQUARES + 1]));
        let mut guard = cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        guard[pieces]
            .get_or_insert_with(|| Arc::new(MoverSets::build(pieces)))
            .clone()
    }

    /// The canonical id of `set` and the symmetry that sends `set` onto its canonical set.
    #[inline]
    pub fn canonicalize(&self, set: u32) -> (usize, usize) {
        let packed = self.by_rank[colex_rank(set) as usize];
        (
            (packed >> SYMMETRY_BITS) as usize,
            (packed & ((1 << SYMMETRY_BITS) - 1)) as usize,
        )
    }
}

/// A mover set's part of an index: its canonical slot range, the symmetry to its canonical set,
/// that set's stabiliser and free squares.
#[derive(Clone, Copy, Debug)]
pub struct MoverKey {
    base: u64,
    symmetry: Symmetry,
    stabilizer: u16,
    free: u32,
}

impl MoverKey {
    /// Whether distinct opponent sets always get distinct indices with this mover set: its
    /// canonical set has no symmetry but the identity, so no two boards of it share a slot.
    #[inline]
    pub fn has_trivial_stabilizer(&self) -> bool {
        is_trivial_stabilizer(self.stabilizer)
    }
}

/// Whether a stabiliser mask holds the identity only (no two opponent sets share a slot).
#[inline]
pub fn is_trivial_stabilizer(stab: u16) -> bool {
    stab == IDENTITY_ONLY
}

/// The index space of one sub-space: `mover` pieces to move against `opponent` pieces.
#[derive(Debug, Clone)]
pub struct SubspaceIndex {
    /// Pieces of the side to move.
    pub mover: usize,
    /// Pieces of the opponent.
    pub opponent: usize,
    sets: Arc<MoverSets>,
    /// Opponent sets per mover set: `C(24 − mover, opponent)`.
    pub per_mover: u64,
}

impl SubspaceIndex {
    /// The index of the sub-space `mover` vs `opponent` (each 1..=12, at most 24 together).
    pub fn new(mover: usize, opponent: usize) -> SubspaceIndex {
        SubspaceIndex {
            mover,
            opponent,
            sets: MoverSets::get(mover),
            per_mover: binomial(SQUARES - mover, opponent),
        }
    }

    /// Number of slots (reduced positions plus holes).
    pub fn len(&self) -> u64 {
        self.sets.canonical.len() as u64 * self.per_mover
    }

    /// Whether the space has no slot (never, for valid piece counts).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of boards of the sub-space, not reduced by symmetry.
    pub fn boards(&self) -> u64 {
        binomial(SQUARES, self.mover) * self.per_mover
    }

    /// The index of the board `(mover set, opponent set)`; symmetric boards share it.
    #[inline]
    pub fn index(&self, mover: u32, opponent: u32) -> u64 {
        self.index_with(&self.mover_key(mover), opponent)
    }

    /// What the index needs to know about a mover set, computed once for many opponent sets.
    #[inline]
    pub fn mover_key(&self, mover: u32) -> MoverKey {
        let (id, g) = self.sets.canonicalize(mover);
        MoverKey {
            base: id as u64 * self.per_mover,
            symmetry: Symmetry::ALL[g],
            stabilizer: self.sets.stabilizer[id],
            free: ALL_SQUARES & !self.sets.canonical[id],
        }
    }

    /// The index of the board made of the mover set of `key` and `opponent`. Always inlined:
    /// the solver's inner loops call it for every move (measured: 15 % of a 5-4 build when the
    /// call stays a call).
    #[inline(always)]
    pub fn index_with(&self, key: &MoverKey, opponent: u32) -> u64 {
        let mut opp = key.symmetry.apply_bits(opponent);
        if key.stabilizer != IDENTITY_ONLY {
            opp = smallest_image(key.stabilizer, opp);
        }
        key.base + rank_within(opp, key.free)
    }

    /// The canonical mover set of canonical id `id` (`index / per_mover`).
    #[inline]
    pub fn canonical_mover(&self, id: usize) -> u32 {
        self.sets.canonical[id]
    }

    /// The stabiliser mask of canonical id `id`.
    #[inline]
    pub fn stabilizer(&self, id: usize) -> u16 {
        self.sets.stabilizer[id]
    }

    /// Number of canonical mover sets.
    pub fn canonical_count(&self) -> usize {
        self.sets.canonical.len()
    }

    /// The representative board of slot `index`, or `None` for a hole.
    pub fn board(&self, index: u64) -> Option<(u32, u32)> {
        let id = (index / self.per_mover) as usize;
        let canon = self.sets.canonical[id];
        let opp = deposit(
            colex_unrank(index % self.per_mover, self.opponent),
            ALL_SQUARES & !canon,
        );
        is_representative(self.sets.stabilizer[id], opp).then_some((canon, opp))
    }
}

/// Visits every board class of `index` once, grouped by the opponent's set: for each canonical
/// opponent set of ids `ids` (of `opponents`, the [`MoverSets`] of `index.opponent` pieces),
/// `group(opp)` once, then `visit(slot, own, &mut group)` for every mover set `own` smallest under
/// that opponent set's stabiliser, `slot` the board's representative slot. The placement pass and
/// the movement verify pass go this way: the successors of one group share a few blocks of the
/// tables they read (their mover is the opponent's set, less one piece after a removal).
pub(crate) fn for_each_class_by_opponent<G>(
    index: &SubspaceIndex,
    opponents: &MoverSets,
    ids: std::ops::Range<usize>,
    mut group: impl FnMut(u32) -> G,
    mut visit: impl FnMut(u64, u32, &mut G),
) {
    let per_opponent = binomial(SQUARES - index.opponent, index.mover);
    for id in ids {
        let opp = opponents.canonical[id];
        let stab = opponents.stabilizer[id];
        let free = ALL_SQUARES & !opp;
        let mut shared = group(opp);
        for compact in colex_sets(index.mover, per_opponent) {
            let own = deposit(compact, free);
            if is_representative(stab, own) {
                visit(index.index(own, opp), own, &mut shared);
            }
        }
    }
}

/// The smallest image of `set` under the symmetries in `stab`.
#[inline]
pub fn smallest_image(stab: u16, set: u32) -> u32 {
    squares(u32::from(stab))
        .map(|g| apply_symmetry(g, set))
        .min()
        .unwrap_or(set)
}

/// Whether an opponent set is the representative of its class under the mover set's stabiliser.
#[inline]
pub fn is_representative(stab: u16, opp: u32) -> bool {
    stab == IDENTITY_ONLY || smallest_image(stab, opp) == opp
}

/// How many boards a representative stands for: 16 / |symmetries fixing both sets|.
#[inline]
pub fn orbit_size(stab: u16, opp: u32) -> u64 {
    let fixing = squares(u32::from(stab))
        .filter(|&g| apply_symmetry(g, opp) == opp)
        .count();
    (SYMMETRIES / fixing) as u64
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn the_rank_tables_give_the_rank_by_members_of_every_set() {
        for bits in 0..1u32 << SQUARES {
            assert_eq!(colex_rank(bits), colex_rank_by_members(bits), "{bits:#x}");
        }
    }

    #[test]
    fn gather_and_deposit_match_their_definitions_and_undo_each_other() {
        let mut x = 0x9e37_79b9u32;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let free = x & ALL_SQUARES;
            let set = x.rotate_left(11) & free;
            let compact = gather(set, free);
            assert_eq!(compact, gather_by_bits(set, free));
            assert_eq!(deposit(compact, free), set);
            assert_eq!(deposit_by_bits(compact, free), set);
            let ranked = squares(set)
                .enumerate()
                .map(|(k, s)| BINOMIAL[(free & ((1u32 << s) - 1)).count_ones() as usize][k + 1])
                .sum::<u64>();
            assert_eq!(rank_within(set, free), ranked);
        }
    }

    #[test]
    fn colex_sets_come_in_rank_order() {
        for k in [0, 1, 3, 7] {
            let count = binomial(20, k);
            for (rank, set) in colex_sets(k, count).enumerate() {
                assert_eq!(set, colex_unrank(rank as u64, k), "k {k} rank {rank}");
            }
        }
    }

    #[test]
    fn colex_rank_and_unrank_are_inverse() {
        for k in [0, 1, 3, 9] {
            for r in (0..binomial(24, k)).step_by(997) {
                assert_eq!(colex_rank(colex_unrank(r, k)), r);
            }
        }
    }

    #[test]
    fn every_three_piece_set_maps_to_a_canonical_set_of_its_orbit() {
        let sets = MoverSets::get(3);
        for r in 0..binomial(24, 3) {
            let set = colex_unrank(r, 3);
            let (id, g) = sets.canonicalize(set);
            assert_eq!(apply_symmetry(g, set), sets.canonical[id]);
        }
    }
}
