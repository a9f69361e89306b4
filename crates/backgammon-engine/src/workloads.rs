//! The fixed workloads of `ludus bench`'s Backgammon lines over a seeded set of positions from
//! random play: a fixed amount of work (not time), so that two runs compare. Each returns the
//! work done in its own unit.

use crate::engine::Engine;
use ludus_backgammon::{Dice, DiceSource, Position, random_positions};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Positions of seeded random play in the set.
pub const POSITIONS: usize = 1_000;
/// Passes over the position set × 21 rolls for move generation.
pub const MOVEGEN_PASSES: usize = 10;
/// Passes over the position set for network evaluations.
pub const EVAL_PASSES: usize = 200;
/// Moves chosen at 2 plies: the first positions of the set with their rolls.
pub const TWO_PLY_MOVES: usize = 50;
/// Seed of the position set and of the rolls played.
pub const SEED: u64 = 2026;

/// The position set: [`POSITIONS`] positions of seeded random play.
pub fn positions() -> Vec<Position> {
    random_positions(SEED, POSITIONS)
}

/// Every position's plays for each of the 21 rolls, [`MOVEGEN_PASSES`] times: the move lists
/// generated.
pub fn movegen(positions: &[Position]) -> u64 {
    let mut plays = Vec::new();
    let mut lists = 0;
    for _ in 0..MOVEGEN_PASSES {
        for position in positions {
            for (dice, _) in Dice::ALL_21.iter() {
                position.successors(*dice, &mut plays);
                lists += 1;
            }
        }
    }
    lists
}

/// A 0-ply engine with its lazily built tables (the bearoff database) built, by evaluating
/// `positions` once: what [`eval`] and [`play`] time.
pub fn warm_engine(positions: &[Position]) -> Engine {
    let engine = Engine::new(0);
    for position in positions {
        std::hint::black_box(engine.evaluate(position));
    }
    engine
}

/// Every position evaluated by `engine`, [`EVAL_PASSES`] times: the evaluations.
pub fn eval(engine: &Engine, positions: &[Position]) -> u64 {
    let mut checksum = 0.0f32;
    for _ in 0..EVAL_PASSES {
        for position in positions {
            checksum += engine.evaluate(position).equity();
        }
    }
    std::hint::black_box(checksum);
    (EVAL_PASSES * positions.len()) as u64
}

/// One seeded roll per position ([`SEED`]), to be played by [`play`].
pub fn rolls(positions: &[Position]) -> Vec<Dice> {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    positions.iter().map(|_| rng.roll()).collect()
}

/// `engine`'s best play of each position with its roll: the moves chosen.
pub fn play(engine: &Engine, positions: &[Position], rolls: &[Dice]) -> u64 {
    for (position, dice) in positions.iter().zip(rolls) {
        std::hint::black_box(engine.best_move(position, *dice));
    }
    positions.len() as u64
}

/// The shipped 2-ply engine's best play of the first [`TWO_PLY_MOVES`] positions with their
/// rolls (its evaluation cache starting empty on a new thread, or warm from earlier work on this
/// one): the moves chosen.
pub fn play_two_ply(positions: &[Position], rolls: &[Dice]) -> u64 {
    let moves = TWO_PLY_MOVES.min(positions.len());
    play(&Engine::new(2), &positions[..moves], rolls)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_position_set_and_its_rolls_are_the_same_every_run() {
        let set = positions();
        assert_eq!(set.len(), POSITIONS);
        assert_eq!(set, positions());
        assert_eq!(rolls(&set), rolls(&set));
        assert_eq!(movegen(&set[..2]), (2 * 21 * MOVEGEN_PASSES) as u64);
    }
}
