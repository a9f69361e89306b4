//! The cube and score context of a decision, read from a gnubg Match ID.
//!
//! The rules crate will own Match ID parsing (`MatchState`); until it does, this module decodes the
//! fields the engine needs (layout in `docs/interop.md`): cube value and owner, the side on roll,
//! the Crawford flag, the dice, match length and scores.

use crate::cube::{Crawford, CubeOwner, CubeState, MatchPayoff, Met, Money, Payoff};

/// Characters of a Match ID.
const MATCH_ID_CHARS: usize = 12;
/// Largest cube exponent a Match ID may carry that the engine accepts (cube 2^15 is absurd).
const MAX_CUBE_LOG2: u64 = 6;

/// Why a Match ID could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MatchIdError {
    /// Not 12 characters.
    #[error("a Match ID has 12 characters, got {0}")]
    Length(usize),
    /// A character outside the Base64 alphabet.
    #[error("invalid character {0:?} in Match ID")]
    Character(char),
    /// A field out of range.
    #[error("invalid Match ID: {0}")]
    Field(&'static str),
}

/// The decision context: cube, scores, dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchContext {
    /// The cube, ownership relative to the side on roll.
    pub cube: CubeState,
    /// Match length (0 = money game).
    pub length: u32,
    /// Points the side on roll still needs (match play).
    pub away_me: u32,
    /// Points the opponent still needs (match play).
    pub away_opponent: u32,
    /// Crawford stage.
    pub crawford: Crawford,
    /// Dice rolled, if any.
    pub dice: Option<(u8, u8)>,
}

impl Default for MatchContext {
    /// Money play, centred cube, no dice.
    fn default() -> Self {
        MatchContext {
            cube: CubeState::default(),
            length: 0,
            away_me: 0,
            away_opponent: 0,
            crawford: Crawford::Before,
            dice: None,
        }
    }
}

fn base64_value(c: char) -> Option<u8> {
    Some(match c {
        'A'..='Z' => c as u8 - b'A',
        'a'..='z' => c as u8 - b'a' + 26,
        '0'..='9' => c as u8 - b'0' + 52,
        '+' => 62,
        '/' => 63,
        _ => return None,
    })
}

impl MatchContext {
    /// Reads a gnubg Match ID.
    pub fn from_match_id(id: &str) -> Result<MatchContext, MatchIdError> {
        let chars: Vec<char> = id.trim().chars().collect();
        if chars.len() != MATCH_ID_CHARS {
            return Err(MatchIdError::Length(chars.len()));
        }
        // 12 × 6 bits, most significant first, form 9 bytes.
        let mut bits: u128 = 0;
        for &c in &chars {
            let v = base64_value(c).ok_or(MatchIdError::Character(c))?;
            bits = (bits << 6) | u128::from(v);
        }
        let bytes: Vec<u8> = (0..9).map(|i| (bits >> (8 * (8 - i))) as u8).collect();
        let mut reader = BitReader {
            bytes: &bytes,
            at: 0,
        };
        let cube_log2 = reader.take(4);
        let owner = reader.take(2);
        let on_roll = reader.take(1);
        let crawford = reader.take(1) == 1;
        let _state = reader.take(3);
        let _turn = reader.take(1);
        let _double_offered = reader.take(1);
        let _resignation = reader.take(2);
        let (d1, d2) = (reader.take(3), reader.take(3));
        let length = reader.take(15) as u32;
        let scores = [reader.take(15) as u32, reader.take(15) as u32];
        if cube_log2 > MAX_CUBE_LOG2 {
            return Err(MatchIdError::Field("cube value above 64"));
        }
        if owner == 2 {
            return Err(MatchIdError::Field("cube owner 2 does not exist"));
        }
        if d1 > 6 || d2 > 6 || (d1 == 0) != (d2 == 0) {
            return Err(MatchIdError::Field("dice out of range"));
        }
        let (mine, theirs) = (scores[on_roll as usize], scores[1 - on_roll as usize]);
        if length > 0 && (mine >= length || theirs >= length) {
            return Err(MatchIdError::Field("a score reaches the match length"));
        }
        let owner = match owner {
            3 => CubeOwner::Centered,
            o if o == on_roll => CubeOwner::Me,
            _ => CubeOwner::Opponent,
        };
        let (away_me, away_opponent) = if length > 0 {
            (length - mine, length - theirs)
        } else {
            (0, 0)
        };
        let stage = if crawford {
            Crawford::ThisGame
        } else if length > 0 && (away_me == 1) != (away_opponent == 1) {
            Crawford::After
        } else {
            Crawford::Before
        };
        Ok(MatchContext {
            cube: CubeState {
                value: 1 << cube_log2,
                owner,
            },
            length,
            away_me,
            away_opponent,
            crawford: stage,
            dice: (d1 > 0).then_some((d1 as u8, d2 as u8)),
        })
    }

    /// True for money play.
    pub fn is_money(&self) -> bool {
        self.length == 0
    }

    /// The payoff of this context (money, or match winning chances from `met`).
    pub fn payoff<'a>(&self, met: &'a Met) -> Box<dyn Payoff + 'a> {
        if self.is_money() {
            Box::new(Money)
        } else {
            Box::new(MatchPayoff {
                away_me: self.away_me,
                away_opponent: self.away_opponent,
                crawford: self.crawford,
                met,
            })
        }
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    /// The next `n` bits, least significant first.
    fn take(&mut self, n: usize) -> u64 {
        let mut v = 0u64;
        for k in 0..n {
            let bit = self.at + k;
            let b = self.bytes.get(bit / 8).copied().unwrap_or(0);
            v |= u64::from((b >> (bit % 8)) & 1) << k;
        }
        self.at += n;
        v
    }
}
