//! The library's legal moves against the naive rules, node by node.

use crate::naive::{library_notation, naive_notation};
use crate::perft::cases;
use ludus_morris::geometry::in_mill;
use ludus_morris::{Game, Position, Rules, Square};

/// Nodes compared per fixture tree (keeps the test under a second).
const NODES_PER_FIXTURE: usize = 3_000;

/// A small deterministic random source (xorshift64*), so the tests need no crate.
pub struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Random {
        Random(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % bound.max(1)
    }
}

/// The bulk generator's sets, checked point by point: each origin once in index order, no point
/// both quiet and closing, and a point closes a mill exactly when the piece standing there
/// afterwards is in a mill.
fn assert_move_sets_split_by_mills(position: &Position, rules: &Rules) {
    let own = position.pieces(position.side_to_move());
    let mut last_origin = None;
    position.for_each_move_set(rules, |set| {
        assert!(set.from.is_none() || set.from > last_origin, "{position}");
        last_origin = set.from;
        assert_eq!(set.quiet & set.closing, 0, "{position}");
        assert_ne!(set.quiet | set.closing, 0, "{position}: an empty set");
        let rest = own & !set.from.map_or(0, Square::bit);
        for to in Square::iter_bits(set.quiet | set.closing) {
            let closes = in_mill(rest | to.bit(), to);
            assert_eq!(set.closing & to.bit() != 0, closes, "{position}: {to}");
        }
    });
}

fn assert_same_moves(position: &Position, rules: &Rules) {
    assert_move_sets_split_by_mills(position, rules);
    assert_eq!(
        library_notation(position, rules),
        naive_notation(position, rules),
        "moves differ in {position} ({rules})"
    );
    assert_eq!(
        position.count_legal_moves(rules),
        position.legal_moves(rules).len() as u64,
        "count differs in {position}"
    );
}

#[test]
fn generated_moves_equal_naive_moves_in_fixture_trees() {
    for case in cases() {
        let mut frontier = vec![case.position];
        let mut visited = 0;
        while let Some(position) = frontier.pop() {
            assert_same_moves(&position, &case.rules);
            visited += 1;
            if visited >= NODES_PER_FIXTURE {
                break;
            }
            // Breadth by reversed stack order is fine: any order explores the tree.
            for &mv in position.legal_moves(&case.rules).iter() {
                frontier.insert(0, position.play(mv));
            }
            frontier.truncate(NODES_PER_FIXTURE);
        }
    }
}

#[test]
fn generated_moves_equal_naive_moves_in_random_games() {
    for seed in 0..200u64 {
        let rules = if seed % 3 == 0 {
            Rules::no_flying()
        } else {
            Rules::standard()
        };
        let mut random = Random::new(seed);
        let mut game = Game::new(rules);
        loop {
            assert_same_moves(game.position(), &rules);
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[random.below(moves.len())];
            game.play(mv).expect("a generated move is legal");
        }
        assert!(game.outcome().is_some());
    }
}
