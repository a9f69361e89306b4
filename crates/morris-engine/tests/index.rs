//! The perfect hash of a sub-space: symmetric boards share an index, and each slot's board maps
//! back to that slot.

use crate::common::Rng;
use ludus_morris::ALL_SQUARES;
use ludus_morris::geometry::Symmetry;
use ludus_morris_engine::db::SubspaceIndex;
use proptest::prelude::*;

fn random_board(rng: &mut Rng, m: usize, o: usize) -> (u32, u32) {
    let mut squares: Vec<u32> = (0..24).collect();
    for i in 0..m + o {
        let j = i + rng.below(24 - i);
        squares.swap(i, j);
    }
    let set = |s: &[u32]| s.iter().fold(0u32, |acc, &q| acc | 1 << q);
    (set(&squares[..m]), set(&squares[m..m + o]))
}

proptest! {
    #[test]
    fn symmetric_boards_share_one_index(seed in any::<u64>(), m in 3usize..=6, o in 3usize..=6) {
        let index = SubspaceIndex::new(m, o);
        let (own, opp) = random_board(&mut Rng(seed), m, o);
        let i = index.index(own, opp);
        prop_assert!(i < index.len());
        for g in Symmetry::ALL {
            prop_assert_eq!(index.index(g.apply_bits(own), g.apply_bits(opp)), i);
        }
        let (c, d) = index.board(i).expect("an index of a board is no hole");
        prop_assert_eq!(index.index(c, d), i);
        prop_assert!(Symmetry::ALL.iter().any(|g| g.apply_bits(own) == c && g.apply_bits(opp) == d));
    }
}

#[test]
fn every_slot_of_3_vs_4_is_a_hole_or_maps_to_itself() {
    let index = SubspaceIndex::new(3, 4);
    let mut holes = 0;
    for i in 0..index.len() {
        match index.board(i) {
            Some((own, opp)) => {
                assert_eq!(own & opp, 0);
                assert_eq!(opp & !ALL_SQUARES, 0);
                assert_eq!(index.index(own, opp), i);
            }
            None => holes += 1,
        }
    }
    // Every orbit has exactly one slot: slots minus holes = orbits, never fewer than boards / 16.
    let orbits = index.len() - holes;
    assert!(orbits * 16 >= index.boards());
    // With three pieces many sets are symmetric, so holes are common (about a fifth of the slots).
    assert!(holes * 4 < index.len(), "{holes} holes of {}", index.len());
}
