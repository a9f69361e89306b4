//! Static evaluation of a position from the side to move's view, in hundredths of a piece.
//!
//! Terms: material (pieces on the board and in hand), closed mills, open mills (two pieces of a
//! line and the third point empty — in the placement phase any such line threatens, in the
//! movement phase only when another own piece can step onto the empty point), running ("double")
//! mills (a closed mill with a piece that can step out and close another), mobility and blocked
//! pieces (movement phase only, not for a flying side). The weights differ by phase.

use ludus_morris::geometry::{MILLS, NEIGHBOURS, in_mill};
use ludus_morris::{Color, Position, Rules, Square};

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

fn side_terms(position: &Position, rules: &Rules, color: Color) -> SideTerms {
    let own = position.pieces(color);
    let opp = position.pieces(color.opponent());
    let empty = position.empty();
    let placing = position.in_hand(color) > 0;
    let flies = position.flies(color, rules);
    let (mut closed, mut open, mut running) = (0, 0, 0);
    for &mill in &MILLS {
        let mine = (own & mill).count_ones();
        if mine == 3 {
            closed += 1;
            // A piece of this mill that can step out to a point closing another mill.
            let runs = Square::iter_bits(mill).any(|s| {
                Square::iter_bits(NEIGHBOURS[s.index()] & empty).any(|t| {
                    let after = own ^ s.bit() ^ t.bit();
                    in_mill(after, t)
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
                NEIGHBOURS[hole] & own & !mill != 0
            };
            if reach {
                open += 1;
            }
        }
    }
    let (mut mobility, mut blocked) = (0, 0);
    if !placing && !flies {
        for s in Square::iter_bits(own) {
            let moves = (NEIGHBOURS[s.index()] & empty).count_ones() as i32;
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

/// The static value of `position` under `rules` for the side to move.
pub fn evaluate(position: &Position, rules: &Rules) -> i32 {
    let us = position.side_to_move();
    let them = us.opponent();
    let w = if position.is_movement_phase() {
        &MOVEMENT
    } else {
        &PLACEMENT
    };
    let a = side_terms(position, rules, us);
    let b = side_terms(position, rules, them);
    let material = (position.piece_count(us) as i32 - position.piece_count(them) as i32) * PIECE;
    let mut score = material
        + (a.closed - b.closed) * w.closed_mill
        + (a.open - b.open) * w.open_mill
        + (a.running - b.running) * w.running_mill
        + (a.mobility - b.mobility) * w.mobility
        - (a.blocked - b.blocked) * w.blocked_piece;
    if position.flies(them, rules) {
        score += a.open * THREAT_VS_FLYER;
    }
    if position.flies(us, rules) {
        score -= b.open * THREAT_VS_FLYER;
    }
    score
}
