//! Prints `position-id dice` lines of positions from games of the shipped network against itself
//! (contact and race positions, no bearoffs), for refereeing with gnubg
//! (`tools/gnubg_referee.py`): `cargo run --release -p ludus-backgammon-engine --example
//! sample_positions -- COUNT SEED`.

use ludus_backgammon::Position;
use ludus_backgammon_engine::board::{Board, successors};
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator};
use ludus_backgammon_engine::train::{argmax_equity, opening_roll, roll};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Keep one position in this many, so samples come from many games.
const KEEP_ONE_IN: u32 = 4;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let e = NetEvaluator::shipped();
    let mut printed = 0;
    let mut scores = Vec::new();
    while printed < count {
        let mut b = Board::STARTING;
        let mut dice = opening_roll(&mut rng);
        loop {
            let succ = successors(&b, dice.0, dice.1);
            if succ.len() > 1
                && !b.is_bearoff()
                && rng.random_range(0..KEEP_ONE_IN) == 0
                && let Ok(p) = Position::try_from(b)
            {
                println!("{} {}{}", p.position_id(), dice.0, dice.1);
                printed += 1;
                if printed == count {
                    return;
                }
            }
            e.eval_after_moves(&succ, &mut scores);
            let next = succ[argmax_equity(&scores)].swapped();
            if next.finished().is_some() {
                break;
            }
            b = next;
            dice = roll(&mut rng);
        }
    }
}
