//! Where dice come from: a seeded ChaCha8 generator, or a script for tests and replays.

use crate::dice::{DIE_FACES, Dice};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A source of dice. Every game replays exactly from its source.
pub trait DiceSource {
    /// One die, 1..=6.
    fn roll_die(&mut self) -> u8;

    /// Two dice, the first rolled first.
    fn roll(&mut self) -> Dice {
        let first = self.roll_die();
        let second = self.roll_die();
        Dice::new(first, second).unwrap_or(Dice::ALL_21[0].0)
    }

    /// A game's opening roll: two dice that differ (a double is rolled again), in the order
    /// rolled.
    fn opening_roll(&mut self) -> Dice {
        loop {
            let dice = self.roll();
            if !dice.is_double() {
                return dice;
            }
        }
    }
}

/// The ChaCha8 generator itself rolls dice, one `random_range(1..=6)` a die; [`SeededDice`]
/// wraps one. Engines that draw their own random choices from the same stream use it directly.
impl DiceSource for ChaCha8Rng {
    fn roll_die(&mut self) -> u8 {
        self.random_range(1..=DIE_FACES)
    }
}

/// Dice from the ChaCha8 stream cipher (`rand_chacha::ChaCha8Rng`) seeded with a `u64`: the
/// same seed always gives the same dice, on every platform.
#[derive(Debug, Clone)]
pub struct SeededDice {
    rng: ChaCha8Rng,
}

/// A place in the stream of a [`SeededDice`]: what [`SeededDice::mark`] gives and
/// [`SeededDice::rewind`] goes back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceMark(u128);

impl SeededDice {
    /// Dice from this seed.
    pub fn new(seed: u64) -> SeededDice {
        SeededDice {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The place these dice have reached.
    pub fn mark(&self) -> DiceMark {
        DiceMark(self.rng.get_word_pos())
    }

    /// Goes back (or on) to a place of these same dice: the dice rolled after `mark` come
    /// again, as when a take-back replays a game from its seed.
    pub fn rewind(&mut self, mark: DiceMark) {
        self.rng.set_word_pos(mark.0);
    }
}

impl DiceSource for SeededDice {
    fn roll_die(&mut self) -> u8 {
        self.rng.roll_die()
    }
}

/// Dice given in advance, one die at a time, for tests and replays; starts over when used up.
#[derive(Debug, Clone)]
pub struct ScriptedDice {
    dice: Vec<u8>,
    next: usize,
}

impl ScriptedDice {
    /// Dice from a list of single dice (values outside 1..=6 are clamped into it).
    pub fn new(dice: impl IntoIterator<Item = u8>) -> ScriptedDice {
        let dice: Vec<u8> = dice.into_iter().map(|d| d.clamp(1, DIE_FACES)).collect();
        ScriptedDice { dice, next: 0 }
    }

    /// Dice from a list of rolls, each giving its first then its second die.
    pub fn from_rolls(rolls: impl IntoIterator<Item = Dice>) -> ScriptedDice {
        ScriptedDice::new(rolls.into_iter().flat_map(|d| [d.first(), d.second()]))
    }
}

impl DiceSource for ScriptedDice {
    fn roll_die(&mut self) -> u8 {
        if self.dice.is_empty() {
            return 1;
        }
        let die = self.dice[self.next % self.dice.len()];
        self.next += 1;
        die
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewinding_to_a_mark_rolls_the_same_dice_again() {
        let mut dice = SeededDice::new(11);
        dice.opening_roll();
        let mark = dice.mark();
        let next: Vec<Dice> = (0..50).map(|_| dice.roll()).collect();
        dice.rewind(mark);
        let again: Vec<Dice> = (0..50).map(|_| dice.roll()).collect();
        assert_eq!(next, again);
        // A fresh copy of the same seed, moved on to the mark, agrees too.
        let mut fresh = SeededDice::new(11);
        fresh.rewind(mark);
        assert_eq!(fresh.roll(), next[0]);
    }
}
