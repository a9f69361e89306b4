//! Sanmill's FEN for Nine Men's Morris (standard rules), including the state between a mill and
//! its removal that Sanmill's atomic move tokens pass through ([`MorrisState`]).
//!
//! `INNER/MIDDLE/OUTER SIDE PHASE ACTION W_ON_BOARD W_IN_HAND B_ON_BOARD B_IN_HAND W_TO_REMOVE
//! B_TO_REMOVE W_MILL_FROM W_MILL_TO B_MILL_FROM B_MILL_TO MILLS_BITMASK RULE50 FULLMOVE`.
//! Each ring is 8 characters (`*` empty, `O` white, `@` black) starting at the midpoint of its top
//! side and going clockwise: inner `d5 e5 e4 e3 d3 c3 c4 c5`, middle `d6 f6 … b6`, outer
//! `d7 g7 g4 g1 d1 a1 a4 a7` (Sanmill's square numbering 8..31). Current Sanmill follows the 17
//! fields with an extension block: `ids:nodes` says the last-mill fields are node ids 0..23
//! (`-1` none) rather than legacy square ids, and further `c:`, `i:`, `l:`, `p:`, `s:` tokens
//! may follow (kept as read, not interpreted). Ludus writes the current form (`… ids:nodes`)
//! and reads it, the legacy 17-field form and the older 12-field form without the four
//! last-mill squares and the mills bitmask. See `docs/interop-formats.md`.
//!
//! ```
//! use ludus_morris::fen::{Fen, START_FEN};
//! use ludus_morris::token::MorrisState;
//! use ludus_morris::Position;
//! let fen: Fen = START_FEN.parse().unwrap();
//! assert_eq!(fen.state().unwrap(), MorrisState::Turn(Position::new()));
//! assert_eq!(fen.to_string(), START_FEN);
//! ```

use crate::geometry::pieces_in_mills;
use crate::position::{Position, Setup, SetupError};
use crate::square::{Bitboard, Color, RING_LEN, SQUARE_COUNT, Square};
use crate::token::{MorrisState, Removal};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The square written at place `i` of a FEN board. Sanmill's rings run inner, middle, outer,
/// each from the midpoint of its top side clockwise (`d5 e5 … c5`, `d6 … b6`, `d7 … a7`); Ludus's
/// run outer first, each from its top-left corner, so place `i` is ring `2 − i / 8`, one step
/// further round.
const fn sanmill_square(i: usize) -> Square {
    let ring = 2 - i / RING_LEN;
    Square::ALL[ring * RING_LEN + (i % RING_LEN + 1) % RING_LEN]
}

/// Ludus's squares in FEN order.
const SANMILL_ORDER: [Square; SQUARE_COUNT] = {
    let mut order = [Square::ALL[0]; SQUARE_COUNT];
    let mut i = 0;
    while i < SQUARE_COUNT {
        order[i] = sanmill_square(i);
        i += 1;
    }
    order
};
/// Points in one ring.
const RING: usize = RING_LEN;
/// Fields of the current form.
const FIELDS: usize = 17;
/// Fields of the older form (no last-mill squares, no mills bitmask).
const OLD_FIELDS: usize = 12;
/// The start position in the current form.
pub const START_FEN: &str =
    "********/********/******** w p p 0 9 0 9 0 0 -1 -1 -1 -1 0 0 1 ids:nodes";
/// The extension token that makes the last-mill fields node ids 0..23.
const NODE_IDS: &str = "ids:nodes";
/// Prefixes of the other extension tokens, read and kept but not interpreted.
const EXTENSION_PREFIXES: [&str; 5] = ["c:", "i:", "l:", "p:", "s:"];
/// Largest node id of a last-mill field under `ids:nodes`.
const MAX_NODE_ID: i32 = SQUARE_COUNT as i32 - 1;

/// Why a text is not a Sanmill FEN of the standard rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// Neither 17 fields (with an optional extension block) nor 12.
    #[error(
        "a Sanmill FEN has {FIELDS} fields and an optional extension block (ids:nodes …), or 12 in the older form; found {0} fields"
    )]
    FieldCount(usize),
    /// A token after the 17 fields that is no extension Ludus knows.
    #[error(
        "unknown FEN extension {0:?} (expected ids:nodes or a token starting c:, i:, l:, p:, s:)"
    )]
    Extension(String),
    /// The board is not three rings of 8.
    #[error(
        "the board is three rings of 8 points (inner/middle/outer) of '*', 'O', '@', found {0:?}"
    )]
    Board(String),
    /// A field with a value outside its range.
    #[error("field {index} ({name}) cannot be {found:?}")]
    Field {
        /// 1-based field number.
        index: usize,
        /// What it holds.
        name: &'static str,
        /// The text.
        found: String,
    },
    /// An on-board count disagrees with the board.
    #[error("{color} has {counted} pieces on the board, the FEN says {stated}")]
    OnBoard {
        /// Whose pieces.
        color: Color,
        /// The pieces on the board.
        counted: u32,
        /// The count in the FEN.
        stated: u32,
    },
    /// Action `r` without exactly one piece to remove for the side to move.
    #[error("action r needs exactly 1 piece to remove for the side to move")]
    RemovalCount,
    /// Action `r` without a mill of the side to move or without a piece to remove.
    #[error("action r without a mill of the side to move or a piece to remove")]
    NothingToRemove,
    /// Pieces to remove with another action than `r`.
    #[error("pieces to remove without action r")]
    RemovalWithoutAction,
    /// The position is not legal in Ludus's rules.
    #[error("not a legal position: {0}")]
    Setup(#[from] SetupError),
}

/// The phase field: placing or moving.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenPhase {
    /// `p`: pieces are being placed.
    Placing,
    /// `m`: pieces move.
    Moving,
}

/// The action field: what the side to move does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenAction {
    /// `p`: place a piece.
    Place,
    /// `s`: select a piece to move.
    Select,
    /// `r`: remove an opposing piece (a mill was just closed).
    Remove,
}

/// Every field of a Sanmill FEN, as read (so that reading and writing round-trips).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fen {
    /// The pieces, by Ludus square index.
    pub pieces: [Bitboard; 2],
    /// Side to move (or to remove).
    pub side: Color,
    /// Phase.
    pub phase: FenPhase,
    /// Action.
    pub action: FenAction,
    /// Pieces in hand (White, Black).
    pub in_hand: [u8; 2],
    /// Pieces each side must remove now (White, Black).
    pub to_remove: [u8; 2],
    /// Last mill squares (White from, to, Black from, to); `None` in the older 12-field form.
    pub last_mills: Option<[i32; 4]>,
    /// Mills bitmask; `None` in the older form.
    pub mills_bitmask: Option<u64>,
    /// The extension block says `ids:nodes`: the last-mill fields are node ids 0..23.
    pub node_ids: bool,
    /// The other extension tokens (`c:…`, `i:…`, `l:…`, `p:…`, `s:…`), as read.
    pub extensions: Vec<String>,
    /// Plies since the last removal (Sanmill's rule-50 counter).
    pub rule50: u32,
    /// Full move number, from 1.
    pub fullmove: u32,
}

fn field<T: FromStr>(fields: &[&str], index: usize, name: &'static str) -> Result<T, FenError> {
    fields[index].parse().map_err(|_| FenError::Field {
        index: index + 1,
        name,
        found: fields[index].to_string(),
    })
}

impl FromStr for Fen {
    type Err = FenError;

    fn from_str(text: &str) -> Result<Fen, FenError> {
        let all: Vec<&str> = text.split_whitespace().collect();
        let (fields, extension) = if all.len() > FIELDS {
            all.split_at(FIELDS)
        } else {
            (&all[..], &[][..])
        };
        if fields.len() != FIELDS && fields.len() != OLD_FIELDS {
            return Err(FenError::FieldCount(fields.len()));
        }
        let (node_ids, extensions) = read_extension(extension)?;
        let rings: Vec<&str> = fields[0].split('/').collect();
        if rings.len() != 3 || rings.iter().any(|r| r.chars().count() != RING) {
            return Err(FenError::Board(fields[0].to_string()));
        }
        let mut pieces = [0 as Bitboard; 2];
        for (square, c) in SANMILL_ORDER.iter().zip(rings.concat().chars()) {
            match c {
                '*' => {}
                'O' => pieces[Color::White.index()] |= square.bit(),
                '@' => pieces[Color::Black.index()] |= square.bit(),
                _ => return Err(FenError::Board(fields[0].to_string())),
            }
        }
        let side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(bad(2, "side", other)),
        };
        let phase = match fields[2] {
            "p" => FenPhase::Placing,
            "m" => FenPhase::Moving,
            other => return Err(bad(3, "phase", other)),
        };
        let action = match fields[3] {
            "p" => FenAction::Place,
            "s" => FenAction::Select,
            "r" => FenAction::Remove,
            other => return Err(bad(4, "action", other)),
        };
        let on_board: [u32; 2] = [
            field(fields, 4, "white on board")?,
            field(fields, 6, "black on board")?,
        ];
        let in_hand: [u8; 2] = [
            field(fields, 5, "white in hand")?,
            field(fields, 7, "black in hand")?,
        ];
        let to_remove: [u8; 2] = [
            field(fields, 8, "white to remove")?,
            field(fields, 9, "black to remove")?,
        ];
        let (last_mills, mills_bitmask, rest) = if fields.len() == FIELDS {
            let mills = [
                field(fields, 10, "last mill")?,
                field(fields, 11, "last mill")?,
                field(fields, 12, "last mill")?,
                field(fields, 13, "last mill")?,
            ];
            if node_ids
                && let Some(i) = mills.iter().position(|&m| !(-1..=MAX_NODE_ID).contains(&m))
            {
                return Err(bad(11 + i, "last mill node id (-1..23)", fields[10 + i]));
            }
            (Some(mills), Some(field(fields, 14, "mills bitmask")?), 15)
        } else {
            (None, None, 10)
        };
        let fen = Fen {
            pieces,
            side,
            phase,
            action,
            in_hand,
            to_remove,
            last_mills,
            mills_bitmask,
            node_ids,
            extensions,
            rule50: field(fields, rest, "rule 50")?,
            fullmove: field(fields, rest + 1, "fullmove")?,
        };
        for color in Color::ALL {
            let counted = fen.pieces[color.index()].count_ones();
            let stated = on_board[color.index()];
            if counted != stated {
                return Err(FenError::OnBoard {
                    color,
                    counted,
                    stated,
                });
            }
        }
        Ok(fen)
    }
}

/// Reads the extension block after the 17 fields: whether it says `ids:nodes`, and the other
/// tokens.
fn read_extension(tokens: &[&str]) -> Result<(bool, Vec<String>), FenError> {
    let mut node_ids = false;
    let mut others = Vec::new();
    for &token in tokens {
        if token == NODE_IDS && !node_ids {
            node_ids = true;
        } else if EXTENSION_PREFIXES.iter().any(|p| token.starts_with(p)) {
            others.push(token.to_string());
        } else {
            return Err(FenError::Extension(token.to_string()));
        }
    }
    Ok((node_ids, others))
}

fn bad(index: usize, name: &'static str, found: &str) -> FenError {
    FenError::Field {
        index,
        name,
        found: found.to_string(),
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, square) in SANMILL_ORDER.iter().enumerate() {
            if i > 0 && i.is_multiple_of(RING) {
                f.write_str("/")?;
            }
            let c = if self.pieces[0] & square.bit() != 0 {
                'O'
            } else if self.pieces[1] & square.bit() != 0 {
                '@'
            } else {
                '*'
            };
            write!(f, "{c}")?;
        }
        let side = if self.side == Color::White { "w" } else { "b" };
        let phase = match self.phase {
            FenPhase::Placing => "p",
            FenPhase::Moving => "m",
        };
        let action = match self.action {
            FenAction::Place => "p",
            FenAction::Select => "s",
            FenAction::Remove => "r",
        };
        write!(
            f,
            " {side} {phase} {action} {} {} {} {} {} {}",
            self.pieces[0].count_ones(),
            self.in_hand[0],
            self.pieces[1].count_ones(),
            self.in_hand[1],
            self.to_remove[0],
            self.to_remove[1]
        )?;
        if let (Some(m), Some(bits)) = (self.last_mills, self.mills_bitmask) {
            write!(f, " {} {} {} {} {bits}", m[0], m[1], m[2], m[3])?;
        }
        write!(f, " {} {}", self.rule50, self.fullmove)?;
        if self.node_ids {
            write!(f, " {NODE_IDS}")?;
        }
        for token in &self.extensions {
            write!(f, " {token}")?;
        }
        Ok(())
    }
}

impl Fen {
    /// The game state this FEN describes, checked against Ludus's rules.
    pub fn state(&self) -> Result<MorrisState, FenError> {
        let remover = self.side;
        if self.action == FenAction::Remove {
            if self.to_remove[remover.index()] != 1 {
                return Err(FenError::RemovalCount);
            }
            let removal = Removal {
                pieces: self.pieces,
                in_hand: self.in_hand,
                remover,
                placing: self.phase == FenPhase::Placing,
                plies_since_removal: self.rule50,
            };
            if pieces_in_mills(self.pieces[remover.index()]) == 0 || removal.targets() == 0 {
                return Err(FenError::NothingToRemove);
            }
            // The board after a removal must be a legal position.
            if let Some(square) = Square::iter_bits(removal.targets()).next() {
                let mut pieces = self.pieces;
                pieces[remover.opponent().index()] &= !square.bit();
                Position::try_from(Setup {
                    pieces,
                    in_hand: self.in_hand,
                    side_to_move: remover.opponent(),
                    plies_since_removal: 0,
                })?;
            }
            return Ok(MorrisState::Removal(removal));
        }
        if self.to_remove != [0, 0] {
            return Err(FenError::RemovalWithoutAction);
        }
        let position = Position::try_from(Setup {
            pieces: self.pieces,
            in_hand: self.in_hand,
            side_to_move: self.side,
            plies_since_removal: self.rule50,
        })?;
        Ok(MorrisState::Turn(position))
    }

    /// The FEN of a state in the current form, with the given full move number (the last-mill
    /// fields `-1`, the bitmask 0: the standard rules do not use them; then `ids:nodes`).
    pub fn from_state(state: &MorrisState, fullmove: u32) -> Fen {
        let side = state.side();
        let removing = matches!(state, MorrisState::Removal(_));
        let mut to_remove = [0, 0];
        if removing {
            to_remove[side.index()] = 1;
        }
        let placing = state.is_placing();
        Fen {
            phase: if placing {
                FenPhase::Placing
            } else {
                FenPhase::Moving
            },
            action: match (removing, placing) {
                (true, _) => FenAction::Remove,
                (false, true) => FenAction::Place,
                (false, false) => FenAction::Select,
            },
            pieces: state.pieces(),
            in_hand: state.in_hand(),
            side,
            to_remove,
            last_mills: Some([-1; 4]),
            mills_bitmask: Some(0),
            node_ids: true,
            extensions: Vec::new(),
            rule50: state.plies_since_removal(),
            fullmove,
        }
    }
}
