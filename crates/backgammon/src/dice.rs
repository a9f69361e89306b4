//! A roll of two dice.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Faces of a die.
pub const DIE_FACES: u8 = 6;

/// A roll of two dice, each 1..=6, in the order rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dice {
    first: u8,
    second: u8,
}

/// Why a text or pair of numbers is not a roll.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiceError {
    /// A die outside 1..=6.
    #[error("a die shows 1 to 6, got {0}")]
    BadDie(u8),
    /// The text is not two digits like `31`.
    #[error("dice are two digits 1-6 like \"31\", got {0:?}")]
    Malformed(String),
}

impl Dice {
    /// The 21 distinct rolls with their weight out of 36: 1 for doubles, 2 for the others
    /// (larger die first), ordered by the smaller die, then the larger: 11, 21, 31, …, 61, 22,
    /// 32, …, 66. Engines sum over them in this order.
    pub const ALL_21: [(Dice, u8); 21] = all_21();

    /// A roll of `first` and `second`, `None` unless both are 1..=6.
    pub const fn new(first: u8, second: u8) -> Option<Dice> {
        if first >= 1 && first <= DIE_FACES && second >= 1 && second <= DIE_FACES {
            Some(Dice { first, second })
        } else {
            None
        }
    }

    /// Like [`Dice::new`] with an error that says which die is wrong.
    pub fn try_new(first: u8, second: u8) -> Result<Dice, DiceError> {
        for die in [first, second] {
            if !(1..=DIE_FACES).contains(&die) {
                return Err(DiceError::BadDie(die));
            }
        }
        Ok(Dice { first, second })
    }

    /// The first die as rolled.
    pub fn first(&self) -> u8 {
        self.first
    }

    /// The second die as rolled.
    pub fn second(&self) -> u8 {
        self.second
    }

    /// The larger die.
    pub fn high(&self) -> u8 {
        self.first.max(self.second)
    }

    /// The smaller die.
    pub fn low(&self) -> u8 {
        self.first.min(self.second)
    }

    /// True when both dice show the same number (played four times).
    pub fn is_double(&self) -> bool {
        self.first == self.second
    }

    /// The same roll with the larger die first.
    pub fn normalized(&self) -> Dice {
        Dice {
            first: self.high(),
            second: self.low(),
        }
    }

    /// Total pips of the roll (doubles count four times).
    pub fn pips(&self) -> u32 {
        let sum = u32::from(self.first) + u32::from(self.second);
        if self.is_double() { 2 * sum } else { sum }
    }
}

const fn all_21() -> [(Dice, u8); 21] {
    let mut rolls = [(
        Dice {
            first: 1,
            second: 1,
        },
        1,
    ); 21];
    let mut index = 0;
    let mut low = 1;
    while low <= DIE_FACES {
        let mut high = low;
        while high <= DIE_FACES {
            let weight = if high == low { 1 } else { 2 };
            rolls[index] = (
                Dice {
                    first: high,
                    second: low,
                },
                weight,
            );
            index += 1;
            high += 1;
        }
        low += 1;
    }
    rolls
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.first, self.second)
    }
}

impl FromStr for Dice {
    type Err = DiceError;

    /// Reads two digits 1-6: `"31"` (also `"3-1"` and `"3 1"`).
    fn from_str(text: &str) -> Result<Dice, DiceError> {
        let digits: Vec<char> = text
            .trim()
            .chars()
            .filter(|c| !matches!(c, '-' | ' ' | ','))
            .collect();
        let malformed = || DiceError::Malformed(text.to_string());
        let [a, b] = digits[..] else {
            return Err(malformed());
        };
        let die = |c: char| {
            c.to_digit(10)
                .and_then(|d| u8::try_from(d).ok())
                .filter(|d| (1..=DIE_FACES).contains(d))
        };
        match (die(a), die(b)) {
            (Some(first), Some(second)) => Ok(Dice { first, second }),
            _ => Err(malformed()),
        }
    }
}
