//! The five cubeless probabilities of a position for the side on roll, how a finished game was
//! lost, and the best of several by equity.

use crate::net::OUTPUTS;
use ludus_backgammon::{GameResult, Position, RelativeSide, WinKind};

/// Cubeless probabilities for the side on roll. Cumulative as in gnubg: `win_gammon` includes
/// backgammons, `win` includes gammons.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Probabilities {
    /// P(win).
    pub win: f32,
    /// P(win a gammon or backgammon).
    pub win_gammon: f32,
    /// P(win a backgammon).
    pub win_backgammon: f32,
    /// P(lose a gammon or backgammon).
    pub lose_gammon: f32,
    /// P(lose a backgammon).
    pub lose_backgammon: f32,
}

impl Probabilities {
    /// From the network's raw outputs, made consistent.
    pub fn from_outputs(o: [f32; OUTPUTS]) -> Probabilities {
        Probabilities {
            win: o[0],
            win_gammon: o[1],
            win_backgammon: o[2],
            lose_gammon: o[3],
            lose_backgammon: o[4],
        }
        .clamped()
    }

    /// The outputs as an array in network order.
    pub fn to_array(self) -> [f32; OUTPUTS] {
        [
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ]
    }

    /// Enforces `0 <= wbg <= wg <= win <= 1` and `0 <= lbg <= lg <= 1 - win`.
    #[must_use]
    pub fn clamped(self) -> Probabilities {
        let win = self.win.clamp(0.0, 1.0);
        let win_gammon = self.win_gammon.clamp(0.0, win);
        let win_backgammon = self.win_backgammon.clamp(0.0, win_gammon);
        let lose_gammon = self.lose_gammon.clamp(0.0, 1.0 - win);
        let lose_backgammon = self.lose_backgammon.clamp(0.0, lose_gammon);
        Probabilities {
            win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
        }
    }

    /// The same game seen by the opponent.
    #[must_use]
    pub fn flipped(self) -> Probabilities {
        Probabilities {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// Cubeless money equity (points per game at cube 1).
    pub fn equity(&self) -> f32 {
        2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon + self.win_backgammon
            - self.lose_backgammon
    }

    /// The certain loss of a finished game (seen from the loser, who is on roll).
    pub fn lost(kind: WinKind) -> Probabilities {
        Probabilities {
            win: 0.0,
            win_gammon: 0.0,
            win_backgammon: 0.0,
            lose_gammon: if kind == WinKind::Single { 0.0 } else { 1.0 },
            lose_backgammon: if kind == WinKind::Backgammon {
                1.0
            } else {
                0.0
            },
        }
    }

    /// Weighted sum `self + w * other` (for averaging).
    pub fn add_scaled(&mut self, other: &Probabilities, w: f32) {
        self.win += w * other.win;
        self.win_gammon += w * other.win_gammon;
        self.win_backgammon += w * other.win_backgammon;
        self.lose_gammon += w * other.lose_gammon;
        self.lose_backgammon += w * other.lose_backgammon;
    }
}

/// How the side on roll of `position` has lost, once the opponent (who just moved) has borne
/// off all its checkers; `None` while the game goes on.
pub fn lost(position: &Position) -> Option<WinKind> {
    match position.game_result() {
        Some(GameResult {
            winner: RelativeSide::Opponent,
            kind,
        }) => Some(kind),
        _ => None,
    }
}

/// Index of the best score by cubeless equity (first on ties).
pub fn argmax_equity(scores: &[Probabilities]) -> usize {
    let mut best = 0;
    let mut best_eq = f32::NEG_INFINITY;
    for (i, p) in scores.iter().enumerate() {
        let e = p.equity();
        if e > best_eq {
            best_eq = e;
            best = i;
        }
    }
    best
}
