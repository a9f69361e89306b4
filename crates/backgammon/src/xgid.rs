//! eXtreme Gammon's XGID: one line holding the board, cube, dice, score and rules.

use crate::dice::Dice;
use crate::match_state::{CubeOwner, GameState, MatchState, Seat};
use crate::position::{BAR, Position, PositionError, SLOTS};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Characters of the board field: the top player's bar, points 1..=24, the bottom player's bar.
const BOARD_CHARS: usize = 26;
/// Fields after `XGID=`.
const FIELDS: usize = 10;
/// Default cube ceiling of XGIDs written for states without one: 2^10 = 1024, as XG writes.
pub const XG_DEFAULT_MAX_CUBE_LOG2: u8 = 10;

/// A position with its match state as an XGID describes them. XG's bottom player is gnubg's
/// player 1 ([`Seat::One`]), the top player is player 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Xgid {
    /// The board from the view of the player on roll (`state.on_roll`).
    pub position: Position,
    /// Cube, turn, dice, score, match length, Crawford and Jacoby.
    pub state: MatchState,
    /// Money play with beavers allowed.
    pub beavers: bool,
    /// log2 of the cube ceiling.
    pub max_cube_log2: u8,
}

impl Xgid {
    /// The XGID of `position` (from the view of the side on roll of `state`) in `state`, as XG
    /// writes one for a game it did not set up: no beavers, the cube ceiling
    /// [`XG_DEFAULT_MAX_CUBE_LOG2`].
    pub fn new(position: Position, state: MatchState) -> Xgid {
        Xgid {
            position,
            state,
            beavers: false,
            max_cube_log2: XG_DEFAULT_MAX_CUBE_LOG2,
        }
    }
}

/// Why a text is not an XGID.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum XgidError {
    /// The text does not have the shape `XGID=POS:…` with ten fields.
    #[error("an XGID is \"XGID=\" and ten fields separated by ':', got {0:?}")]
    Malformed(String),
    /// One field has a bad value.
    #[error("bad {field} in XGID: {value:?}")]
    BadField {
        /// Which field.
        field: &'static str,
        /// Its text.
        value: String,
    },
    /// The board is impossible.
    #[error("the XGID board is not legal: {0}")]
    Illegal(#[from] PositionError),
}

fn parse_field<T: FromStr>(field: &'static str, text: &str) -> Result<T, XgidError> {
    text.parse().map_err(|_| XgidError::BadField {
        field,
        value: text.to_string(),
    })
}

impl FromStr for Xgid {
    type Err = XgidError;

    /// Reads `XGID=POS:CUBE:CUBE_POS:TURN:DICE:SCORE_BOTTOM:SCORE_TOP:RULES:LENGTH:MAX_CUBE`
    /// (the `XGID=` prefix is optional).
    fn from_str(text: &str) -> Result<Xgid, XgidError> {
        let body = text.trim();
        let body = body.strip_prefix("XGID=").unwrap_or(body);
        let fields: Vec<&str> = body.split(':').collect();
        if fields.len() != FIELDS {
            return Err(XgidError::Malformed(text.to_string()));
        }
        let bad = |field: &'static str, value: &str| XgidError::BadField {
            field,
            value: value.to_string(),
        };
        let (bottom, top) = parse_board(fields[0]).ok_or_else(|| bad("board", fields[0]))?;
        let cube_log2: u32 = parse_field("cube", fields[1])?;
        if cube_log2 > 15 {
            return Err(bad("cube", fields[1]));
        }
        let cube_owner = match fields[2] {
            "0" => CubeOwner::Centered,
            "1" => CubeOwner::Owned(Seat::One),
            "-1" => CubeOwner::Owned(Seat::Zero),
            other => return Err(bad("cube position", other)),
        };
        let on_roll = match fields[3] {
            "1" => Seat::One,
            "-1" => Seat::Zero,
            other => return Err(bad("turn", other)),
        };
        let (dice, double_offered) = match fields[4] {
            "00" => (None, false),
            "D" => (None, true),
            other => (
                Some(other.parse::<Dice>().map_err(|_| bad("dice", other))?),
                false,
            ),
        };
        let score_bottom: u32 = parse_field("bottom score", fields[5])?;
        let score_top: u32 = parse_field("top score", fields[6])?;
        let rules: u32 = parse_field("rules", fields[7])?;
        let match_length: u32 = parse_field("match length", fields[8])?;
        let max_cube_log2: u8 = parse_field("cube ceiling", fields[9])?;
        if rules > 3 || (match_length > 0 && rules > 1) {
            return Err(bad("rules", fields[7]));
        }
        let money = match_length == 0;
        let (player, opponent) = match on_roll {
            Seat::One => (bottom, top),
            Seat::Zero => (top, bottom),
        };
        let position = Position::from_board(player, opponent)?;
        let state = MatchState {
            cube_value: 1 << cube_log2,
            cube_owner,
            on_roll,
            crawford: !money && rules & 1 == 1,
            game_state: GameState::Playing,
            turn: if double_offered {
                on_roll.other()
            } else {
                on_roll
            },
            double_offered,
            resignation: None,
            dice,
            match_length,
            score: [score_top, score_bottom],
            jacoby: money && rules & 1 == 1,
        };
        Ok(Xgid {
            position,
            state,
            beavers: money && rules & 2 == 2,
            max_cube_log2,
        })
    }
}

/// The bottom and top players' checker arrays, each in its own numbering.
fn parse_board(text: &str) -> Option<([u8; SLOTS], [u8; SLOTS])> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != BOARD_CHARS {
        return None;
    }
    let mut bottom = [0u8; SLOTS];
    let mut top = [0u8; SLOTS];
    for (index, c) in chars.into_iter().enumerate() {
        // Index i is the bottom player's point i; index 0 is the top player's bar and 25 the
        // bottom player's: in the top player's numbering index i is place 25 - i.
        match c {
            '-' => {}
            'A'..='O' if index > 0 => bottom[index] += c as u8 - b'A' + 1,
            'a'..='o' if index < BOARD_CHARS - 1 => {
                top[usize::from(BAR) - index] += c as u8 - b'a' + 1;
            }
            _ => return None,
        }
    }
    Some((bottom, top))
}

impl fmt::Display for Xgid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (bottom, top) = match self.state.on_roll {
            Seat::One => (self.position.player, self.position.opponent),
            Seat::Zero => (self.position.opponent, self.position.player),
        };
        f.write_str("XGID=")?;
        for index in 0..BOARD_CHARS {
            // Index 0 holds only the top player's bar, index 25 only the bottom player's.
            let b = if index == 0 { 0 } else { bottom[index] };
            let t = if index == BOARD_CHARS - 1 {
                0
            } else {
                top[usize::from(BAR) - index]
            };
            let c = match (b, t) {
                (0, 0) => '-',
                (n, 0) => char::from(b'A' + n - 1),
                (_, n) => char::from(b'a' + n - 1),
            };
            write!(f, "{c}")?;
        }
        let s = &self.state;
        let cube_position = match s.cube_owner {
            CubeOwner::Centered => 0,
            CubeOwner::Owned(Seat::One) => 1,
            CubeOwner::Owned(Seat::Zero) => -1,
        };
        let turn = if s.on_roll == Seat::One { 1 } else { -1 };
        let dice = match (s.double_offered, s.dice) {
            (true, _) => "D".to_string(),
            (false, Some(d)) => d.to_string(),
            (false, None) => "00".to_string(),
        };
        let rules = if s.match_length == 0 {
            u32::from(s.jacoby) | u32::from(self.beavers) << 1
        } else {
            u32::from(s.crawford)
        };
        write!(
            f,
            ":{}:{cube_position}:{turn}:{dice}:{}:{}:{rules}:{}:{}",
            s.cube_value.trailing_zeros(),
            s.score[1],
            s.score[0],
            s.match_length,
            self.max_cube_log2
        )
    }
}
