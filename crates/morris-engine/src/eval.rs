//! Static evaluation of a position from the side to move's view, in hundredths of a piece.
//!
//! Terms: material (pieces on the board and in hand), closed mills, open mills (two pieces of a
//! line and the third point empty — in the placement phase any such line threatens, in the
//! movement phase only when another own piece can step onto the empty point), running ("double")
//! mills (a closed mill with a piece that can step out and close another), mobility and blocked
//! pieces (movement phase only, not for a flying side). The weights differ by phase.

use crate::board::Board;
use crate::geometry::{ADJACENT, ALL, MILLS, squares};

/// Value of one piece; every other term is relative to it.
pub const PIECE: i32 = 100;

/// Weights of one phase.
struct Weights {
    closed_mill: i32,
    open_mill: i32,
    running_mill: i32,
    mobility: i32,
    blocked_piece: i32,
}

/// While pieces are still placed: lines and threats matter most, mobility a little.
const PLACEMENT: Weights = Weights {
    closed_mill: 12,
    open_mill: 14,
    running_mill: 0,
    mobility: 2,
    blocked_piece: 2,
};
/// Moving: threats that can really close, running mills and mobility.
const MOVEMENT: Weights = Weights {
    closed_mill: 8,
    open_mill: 22,
    running_mill: 70,
    mobility: 5,
    blocked_piece: 4,
};
/// Extra bonus per own threat when the opponent flies (it can block only one point a move).
const THREAT_VS_FLYER: i32 = 40;

/// Terms of one side.
struct SideTerms {
    closed: i32,
    open: i32,
    running: i32,
    mobility: i32,
    blocked: i32,
}

fn side_terms(board: &Board, color: usize) -> SideTerms {
    let own = board.pieces[color];
    let opp = board.pieces[1 - color];
    let empty = ALL & !own & !opp;
    let placing = board.in_hand[color] > 0;
    let flies = board.flies(color);
    let (mut closed, mut open, mut running) = (0, 0, 0);
    for &mill in &MILLS {
        let mine = (own & mill).count_ones();
        if mine == 3 {
            closed += 1;
            // A piece of this mill that can step out to a point closing another mill.
            let runs = squares(mill).any(|s| {
                squares(ADJACENT[s] & empty).any(|t| {
                    let after = own ^ (1 << s) ^ (1 << t);
                    crate::geometry::closes_mill(after, t)
                })
            });
            if runs && !placing && !flies {
                running += 1;
            }
        } else if mine == 2 && opp & mill == 0 {
            let hole = (mill & empty).trailing_zeros() as usize;
            let reach = if placing || flies {
                true
            } else {
                ADJACENT[hole] & own & !mill != 0
            };
            if reach {
                open += 1;
            }
        }
    }
    let (mut mobility, mut blocked) = (0, 0);
    if !placing && !flies {
        for s in squares(own) {
            let moves = (ADJACENT[s] & empty).count_ones() as i32;
            mobility += moves;
            if moves == 0 {
                blocked += 1;
            }
        }
    } else if !placing {
        mobility = empty.count_ones() as i32;
    }
    SideTerms {
        closed,
        open,
        running,
        mobility,
        blocked,
    }
}

/// The static value of `board` for the side to move.
pub fn evaluate(board: &Board) -> i32 {
    let us = board.side;
    let them = 1 - us;
    let w = if board.in_hand == [0, 0] {
        &MOVEMENT
    } else {
        &PLACEMENT
    };
    let a = side_terms(board, us);
    let b = side_terms(board, them);
    let material = (board.material(us) as i32 - board.material(them) as i32) * PIECE;
    let mut score = material
        + (a.closed - b.closed) * w.closed_mill
        + (a.open - b.open) * w.open_mill
        + (a.running - b.running) * w.running_mill
        + (a.mobility - b.mobility) * w.mobility
        - (a.blocked - b.blocked) * w.blocked_piece;
    if board.flies(them) {
        score += a.open * THREAT_VS_FLYER;
    }
    if board.flies(us) {
        score -= b.open * THREAT_VS_FLYER;
    }
    score
}
