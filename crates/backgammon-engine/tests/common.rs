//! Shared helpers: boards from a compact description, random reachable positions.

use ludus_backgammon_engine::board::{Board, successors};
use ludus_backgammon_engine::train::{opening_roll, roll};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A board from `(point, count)` lists for the side on roll and the opponent (each from its own
/// side; 25 = bar); the rest of the 15 are borne off.
pub fn board(me: &[(usize, u8)], them: &[(usize, u8)]) -> Board {
    let side = |list: &[(usize, u8)]| {
        let mut s = [0u8; 26];
        for &(p, n) in list {
            s[p] += n;
        }
        let on: u8 = s.iter().sum();
        s[0] = 15 - on;
        s
    };
    Board {
        me: side(me),
        them: side(them),
    }
}

/// `count` positions (side on roll) reached by random play from the start, deterministic in `seed`.
pub fn random_positions(count: usize, seed: u64) -> Vec<Board> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut b = Board::STARTING;
        let mut dice = opening_roll(&mut rng);
        loop {
            let succ = successors(&b, dice.0, dice.1);
            let next = succ[rng.random_range(0..succ.len())].swapped();
            if next.finished().is_some() {
                break;
            }
            b = next;
            out.push(b);
            if out.len() == count {
                break;
            }
            dice = roll(&mut rng);
        }
    }
    out
}
