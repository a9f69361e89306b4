//! gnubg's Position ID: 14 Base64 characters holding both sides' checkers (see
//! `docs/backgammon-formats.md`).

use crate::base64;
use crate::position::{Position, PositionError, SLOTS};
use thiserror::Error;

/// Bytes of a Position ID key: 80 bits, enough for 30 checkers and 50 separators.
const KEY_BYTES: usize = 10;
/// Places per side in the id: points 1..=24 then the bar.
const PLACES: usize = 25;

/// Why a string is not a gnubg Position ID.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionIdError {
    /// Not 14 characters of the Base64 alphabet.
    #[error("a Position ID is 14 Base64 characters (A-Z a-z 0-9 + /), got {0:?}")]
    Malformed(String),
    /// The bits end before both sides' 25 places are described.
    #[error("the Position ID {0:?} describes fewer than 50 places")]
    Truncated(String),
    /// The bits describe an impossible board.
    #[error("the Position ID {id:?} is not a legal board: {source}")]
    Illegal {
        /// The id.
        id: String,
        /// What is wrong with the board.
        source: PositionError,
    },
}

impl Position {
    /// The gnubg Position ID of this board (side 0 = the player not on roll, side 1 = the player
    /// on roll).
    ///
    /// ```
    /// assert_eq!(ludus_backgammon::Position::starting().position_id(), "4HPwATDgc/ABMA");
    /// ```
    pub fn position_id(&self) -> String {
        base64::encode(&self.position_key())
    }

    /// The 10-byte key behind the Position ID: for side 0 then side 1, for points 1..=24 and the
    /// bar, one `1` bit per checker then a `0`, packed least significant bit first.
    pub fn position_key(&self) -> [u8; KEY_BYTES] {
        let mut key = [0u8; KEY_BYTES];
        let mut bit = 0usize;
        for side in [&self.opponent, &self.player] {
            for &count in &side[1..SLOTS] {
                for _ in 0..count {
                    key[bit / 8] |= 1 << (bit % 8);
                    bit += 1;
                }
                bit += 1;
            }
        }
        key
    }

    /// Reads a gnubg Position ID. Checkers missing from the board count as borne off.
    ///
    /// ```
    /// use ludus_backgammon::Position;
    /// assert_eq!(Position::from_position_id("4HPwATDgc/ABMA"), Ok(Position::starting()));
    /// assert!(Position::from_position_id("4HPwATDgc/AB").is_err());
    /// ```
    pub fn from_position_id(id: &str) -> Result<Position, PositionIdError> {
        let key: [u8; KEY_BYTES] =
            base64::decode(id).ok_or_else(|| PositionIdError::Malformed(id.to_string()))?;
        Position::from_position_key(&key).map_err(|error| match error {
            KeyError::Truncated => PositionIdError::Truncated(id.to_string()),
            KeyError::Illegal(source) => PositionIdError::Illegal {
                id: id.to_string(),
                source,
            },
        })
    }

    fn from_position_key(key: &[u8; KEY_BYTES]) -> Result<Position, KeyError> {
        let mut sides = [[0u8; SLOTS]; 2];
        let mut bit = 0usize;
        let total_bits = KEY_BYTES * 8;
        for side in &mut sides {
            for place in side[1..=PLACES].iter_mut() {
                loop {
                    if bit >= total_bits {
                        return Err(KeyError::Truncated);
                    }
                    let set = key[bit / 8] & (1 << (bit % 8)) != 0;
                    bit += 1;
                    if !set {
                        break;
                    }
                    // At most 30 bits are set: no overflow; totals are checked below.
                    *place += 1;
                }
            }
        }
        let [opponent, player] = sides;
        Position::from_board(player, opponent).map_err(KeyError::Illegal)
    }
}

enum KeyError {
    Truncated,
    Illegal(PositionError),
}
