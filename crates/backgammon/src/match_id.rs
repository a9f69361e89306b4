//! gnubg's Match ID (12 Base64 characters): the codec of a [`MatchState`].

use crate::base64;
use crate::dice::Dice;
use crate::match_state::{CubeOwner, GameState, MatchState, Seat};
use crate::position::WinKind;
use thiserror::Error;

/// Why a string is not a gnubg Match ID.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MatchIdError {
    /// Not 12 characters of the Base64 alphabet.
    #[error("a Match ID is 12 Base64 characters (A-Z a-z 0-9 + /), got {0:?}")]
    Malformed(String),
    /// A field holds a value with no meaning.
    #[error("the Match ID {id:?} has an impossible {field}")]
    BadField {
        /// The id.
        id: String,
        /// Which field.
        field: &'static str,
    },
    /// A value does not fit its field when writing.
    #[error("{field} does not fit in a Match ID")]
    DoesNotFit {
        /// Which field.
        field: &'static str,
    },
}

/// Bytes of a Match ID key: 67 bits of fields.
const KEY_BYTES: usize = 9;
/// Largest cube exponent a Match ID can hold (4 bits).
const MAX_CUBE_LOG2: u32 = 15;
/// Largest match length or score a Match ID can hold (15 bits).
const MAX_POINTS: u32 = (1 << 15) - 1;

/// Writes fields least significant bit first.
struct BitWriter {
    bytes: [u8; KEY_BYTES],
    bit: usize,
}

impl BitWriter {
    fn put(&mut self, value: u32, width: usize) {
        for i in 0..width {
            if value >> i & 1 == 1 {
                self.bytes[self.bit / 8] |= 1 << (self.bit % 8);
            }
            self.bit += 1;
        }
    }
}

/// Reads fields least significant bit first.
struct BitReader {
    bytes: [u8; KEY_BYTES],
    bit: usize,
}

impl BitReader {
    fn take(&mut self, width: usize) -> u32 {
        let mut value = 0;
        for i in 0..width {
            if self.bytes[self.bit / 8] >> (self.bit % 8) & 1 == 1 {
                value |= 1 << i;
            }
            self.bit += 1;
        }
        value
    }
}

impl MatchState {
    /// The gnubg Match ID of this state; fails when a value exceeds its field (a cube above
    /// 2^15, a non-power-of-two cube, a score or length above 32767).
    ///
    /// ```
    /// use ludus_backgammon::MatchState;
    /// assert_eq!(MatchState::default().match_id().unwrap(), "cAkAAAAAAAAE");
    /// ```
    pub fn match_id(&self) -> Result<String, MatchIdError> {
        let cube_log2 = self.cube_value.trailing_zeros();
        if !self.cube_value.is_power_of_two() || cube_log2 > MAX_CUBE_LOG2 {
            return Err(MatchIdError::DoesNotFit {
                field: "cube value",
            });
        }
        if self.match_length > MAX_POINTS || self.score.iter().any(|&s| s > MAX_POINTS) {
            return Err(MatchIdError::DoesNotFit {
                field: "match length or score",
            });
        }
        let mut w = BitWriter {
            bytes: [0; KEY_BYTES],
            bit: 0,
        };
        w.put(cube_log2, 4);
        w.put(
            match self.cube_owner {
                CubeOwner::Owned(seat) => seat.index() as u32,
                CubeOwner::Centered => 3,
            },
            2,
        );
        w.put(self.on_roll.index() as u32, 1);
        w.put(u32::from(self.crawford), 1);
        w.put(
            match self.game_state {
                GameState::NoGame => 0,
                GameState::Playing => 1,
                GameState::Over => 2,
                GameState::Resigned => 3,
                GameState::Dropped => 4,
            },
            3,
        );
        w.put(self.turn.index() as u32, 1);
        w.put(u32::from(self.double_offered), 1);
        w.put(self.resignation.map_or(0, WinKind::multiplier), 2);
        let (d1, d2) = self
            .dice
            .map_or((0, 0), |d| (u32::from(d.first()), u32::from(d.second())));
        w.put(d1, 3);
        w.put(d2, 3);
        w.put(self.match_length, 15);
        w.put(self.score[0], 15);
        w.put(self.score[1], 15);
        w.put(u32::from(!self.jacoby), 1);
        Ok(base64::encode(&w.bytes))
    }

    /// Reads a gnubg Match ID.
    ///
    /// ```
    /// use ludus_backgammon::{Dice, MatchState};
    /// let state = MatchState::from_match_id("cIkFAAAAAAAA").unwrap();
    /// assert_eq!(state.dice, Dice::new(3, 1));
    /// assert!(state.jacoby);
    /// ```
    pub fn from_match_id(id: &str) -> Result<MatchState, MatchIdError> {
        let bytes: [u8; KEY_BYTES] =
            base64::decode(id).ok_or_else(|| MatchIdError::Malformed(id.to_string()))?;
        let bad = |field| MatchIdError::BadField {
            id: id.to_string(),
            field,
        };
        let mut r = BitReader { bytes, bit: 0 };
        let cube_value = 1 << r.take(4);
        let cube_owner = match r.take(2) {
            0 => CubeOwner::Owned(Seat::Zero),
            1 => CubeOwner::Owned(Seat::One),
            3 => CubeOwner::Centered,
            _ => return Err(bad("cube owner")),
        };
        let on_roll = Seat::from_bit(r.take(1));
        let crawford = r.take(1) == 1;
        let game_state = match r.take(3) {
            0 => GameState::NoGame,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            _ => return Err(bad("game state")),
        };
        let turn = Seat::from_bit(r.take(1));
        let double_offered = r.take(1) == 1;
        let resignation = match r.take(2) {
            0 => None,
            1 => Some(WinKind::Single),
            2 => Some(WinKind::Gammon),
            _ => Some(WinKind::Backgammon),
        };
        let (d1, d2) = (r.take(3) as u8, r.take(3) as u8);
        let dice = match (d1, d2) {
            (0, 0) => None,
            _ => Some(Dice::new(d1, d2).ok_or_else(|| bad("dice"))?),
        };
        let match_length = r.take(15);
        let score = [r.take(15), r.take(15)];
        let jacoby = r.take(1) == 0;
        Ok(MatchState {
            cube_value,
            cube_owner,
            on_roll,
            crawford,
            game_state,
            turn,
            double_offered,
            resignation,
            dice,
            match_length,
            score,
            jacoby,
        })
    }
}
