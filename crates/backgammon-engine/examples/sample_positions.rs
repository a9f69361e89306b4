//! Prints `position-id dice` lines of positions from games of the shipped network against itself
//! (contact and race positions, no bearoffs), for refereeing with gnubg
//! (`tools/gnubg_referee.py`): `cargo run --release -p ludus-backgammon-engine --example
//! sample_positions -- COUNT SEED`.

use ludus_backgammon::player::plays;
use ludus_backgammon::{DiceSource, Position};
use ludus_backgammon_engine::bearoff::is_bearoff;
use ludus_backgammon_engine::eval::{Evaluator, NetEvaluator};
use ludus_backgammon_engine::probabilities::{argmax_equity, lost};
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
    let mut after = Vec::new();
    while printed < count {
        let mut position = Position::starting();
        let mut dice = rng.opening_roll();
        loop {
            plays(&position, dice, &mut after);
            if after.len() > 1 && !is_bearoff(&position) && rng.random_range(0..KEEP_ONE_IN) == 0 {
                println!(
                    "{} {}{}",
                    position.position_id(),
                    dice.first(),
                    dice.second()
                );
                printed += 1;
                if printed == count {
                    return;
                }
            }
            e.eval_after_moves(&after, &mut scores);
            let next = after[argmax_equity(&scores)].swapped();
            if lost(&next).is_some() {
                break;
            }
            position = next;
            dice = rng.roll();
        }
    }
}
