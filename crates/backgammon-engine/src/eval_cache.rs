//! A cache of network evaluations: the probabilities a network gave a position, kept under the
//! network's [`Net::id`] and the position, so that a lookahead that meets a position again (the
//! 1-ply stage and the 2-ply stage of one move share their first replies; different plays
//! transpose into the same positions deeper down) reads the value instead of evaluating again.
//!
//! One cache a thread (the evaluators are shared between threads; a thread's lookahead runs on
//! that thread), direct-mapped: each network and position has one slot, and a new value
//! replaces whatever was there. A value read back is the one the network computed, so a search
//! with the cache chooses and values exactly as one without it, bit for bit.

use crate::net::Net;
use crate::probabilities::Probabilities;
use ludus_backgammon::Position;

/// Bits of a slot's index: 2^14 slots of 80 bytes, 1.3 MB a thread.
const SLOT_BITS: u32 = 14;
/// The multiplier of the slot hash (an odd constant with well-mixed bits).
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// One slot: a network's value of a position (`net` 0: empty, no network has id 0).
#[derive(Clone, Copy)]
struct Slot {
    net: u64,
    position: Position,
    value: Probabilities,
}

/// The evaluations kept by one thread.
pub(crate) struct EvalCache {
    slots: Box<[Slot]>,
}

impl Default for EvalCache {
    fn default() -> EvalCache {
        let empty = Slot {
            net: 0,
            position: Position::starting(),
            value: Probabilities::default(),
        };
        EvalCache {
            slots: vec![empty; 1 << SLOT_BITS].into_boxed_slice(),
        }
    }
}

impl EvalCache {
    /// The value `net` gave `position` (the side on roll's probabilities), if it is kept.
    #[inline]
    pub(crate) fn get(&self, net: &Net, position: &Position) -> Option<Probabilities> {
        let slot = &self.slots[slot_index(net.id(), position)];
        (slot.net == net.id() && slot.position == *position).then_some(slot.value)
    }

    /// Keeps `value` as the value `net` gives `position`.
    #[inline]
    pub(crate) fn put(&mut self, net: &Net, position: &Position, value: Probabilities) {
        self.slots[slot_index(net.id(), position)] = Slot {
            net: net.id(),
            position: *position,
            value,
        };
    }
}

/// The slot of network `net` and `position`: a multiplicative hash of the network's id and the
/// 52 checker counts, eight at a time.
#[inline]
fn slot_index(net: u64, position: &Position) -> usize {
    let mut hash = net.wrapping_mul(MIX);
    for side in [position.player_checkers(), position.opponent_checkers()] {
        for chunk in side.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            hash = (hash.rotate_left(23) ^ u64::from_le_bytes(word)).wrapping_mul(MIX);
        }
    }
    (hash >> (64 - SLOT_BITS)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::Net;
    use ludus_backgammon::random_positions;

    #[test]
    fn a_value_is_read_back_only_for_its_network_and_position() {
        let (a, b) = (Net::random(8, 1), Net::random(8, 2));
        let positions = random_positions(5, 50);
        let mut cache = EvalCache::default();
        let value = |i: usize| Probabilities {
            win: i as f32 / 100.0,
            ..Probabilities::default()
        };
        for (i, p) in positions.iter().enumerate() {
            assert_eq!(cache.get(&a, p), None);
            cache.put(&a, p, value(i));
        }
        let kept = positions
            .iter()
            .enumerate()
            .filter(|&(i, p)| cache.get(&a, p) == Some(value(i)))
            .count();
        // 50 positions in 16,384 slots: a collision is possible, not likely.
        assert!(kept >= 49, "{kept}");
        assert!(positions.iter().all(|p| cache.get(&b, p).is_none()));
        assert!(positions.iter().all(|p| cache.get(&a.clone(), p).is_some()));
    }

    #[test]
    fn slots_spread_over_the_table() {
        let positions: std::collections::HashSet<Position> =
            random_positions(9, 4000).into_iter().collect();
        let used: std::collections::HashSet<usize> =
            positions.iter().map(|p| slot_index(7, p)).collect();
        // n positions in s = 16,384 slots fill about s (1 - e^(-n / s)) of them if the hash
        // spreads them like random numbers (3,550 of 4,000); allow a little less.
        let n = positions.len() as f64;
        let s = f64::from(1u32 << SLOT_BITS);
        let expected = s * (1.0 - (-n / s).exp());
        assert!(n > 3000.0, "{n}");
        assert!(used.len() as f64 > 0.97 * expected, "{} of {n}", used.len());
    }
}
