//! Evaluation: the five cubeless probabilities of a position for the side on roll, from the
//! network, the bearoff databases, or the final result.

use crate::bearoff::{BearoffDb, TwoSidedDb, is_bearoff};
use crate::encoding::SparseInputs;
use crate::net::{DEFAULT_HIDDEN, Net, OUTPUTS};
use ludus_backgammon::{GameResult, Position, Side, WinKind};
use std::sync::{Arc, OnceLock};

/// The shipped weights, trained by `ludus backgammon train` (see docs/backgammon-engine.md).
pub const SHIPPED_WEIGHTS: &[u8] = include_bytes!("../weights/ludus-bg.bin");
/// Largest hidden layer evaluated with a stack buffer.
const MAX_STACK_HIDDEN: usize = 512;

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
            winner: Side::Opponent,
            kind,
        }) => Some(kind),
        _ => None,
    }
}

/// Anything that judges a position for the side on roll at 0 ply.
pub trait Evaluator: Send + Sync {
    /// The probabilities for the side on roll of a position whose game goes on.
    fn eval(&self, position: &Position) -> Probabilities;

    /// Like [`Self::eval`] but also accepts finished games (the side on roll has [`lost`]).
    fn eval_any(&self, position: &Position) -> Probabilities {
        match lost(position) {
            Some(kind) => Probabilities::lost(kind),
            None => self.eval(position),
        }
    }

    /// Scores the positions after each candidate play (each seen from the mover, not swapped):
    /// the mover's probabilities. The default evaluates them one by one.
    fn eval_after_moves(&self, after: &[Position], out: &mut Vec<Probabilities>) {
        out.clear();
        out.extend(after.iter().map(|p| self.eval_any(&p.swapped()).flipped()));
    }
}

/// The network, with bearoff equities from the databases once both sides are on their home
/// boards (exact two-sided values for up to 6 checkers a side, one-sided otherwise).
#[derive(Clone, Debug)]
pub struct NetEvaluator {
    net: Arc<Net>,
    use_bearoff: bool,
    use_two_sided: bool,
}

impl NetEvaluator {
    /// Wraps a network; the bearoff database is used for bearoff boards.
    pub fn new(net: Net) -> NetEvaluator {
        NetEvaluator {
            net: Arc::new(net),
            use_bearoff: true,
            use_two_sided: true,
        }
    }

    /// The same evaluator with the one-sided bearoff database only (self-play training uses it,
    /// so the shipped weights replay exactly from their documented command).
    #[must_use]
    pub fn one_sided_only(mut self) -> NetEvaluator {
        self.use_two_sided = false;
        self
    }

    /// The same evaluator without the bearoff database (the network judges every board).
    #[must_use]
    pub fn without_bearoff(mut self) -> NetEvaluator {
        self.use_bearoff = false;
        self
    }

    /// The evaluator with the shipped weights.
    pub fn shipped() -> NetEvaluator {
        static NET: OnceLock<Arc<Net>> = OnceLock::new();
        let net = NET.get_or_init(|| {
            Arc::new(
                Net::from_bytes(SHIPPED_WEIGHTS).unwrap_or_else(|_| Net::random(DEFAULT_HIDDEN, 0)),
            )
        });
        NetEvaluator {
            net: Arc::clone(net),
            use_bearoff: true,
            use_two_sided: true,
        }
    }

    /// The network.
    pub fn net(&self) -> &Net {
        &self.net
    }

    /// The network alone, without bearoff or terminal checks.
    #[inline]
    pub fn eval_net(&self, position: &Position) -> Probabilities {
        let mut x = SparseInputs::new();
        self.net.encode(position, &mut x);
        let n = self.net.hidden();
        if n <= MAX_STACK_HIDDEN {
            let mut h = [0.0f32; MAX_STACK_HIDDEN];
            Probabilities::from_outputs(self.net.forward(&x, &mut h))
        } else {
            let mut h = vec![0.0f32; n];
            Probabilities::from_outputs(self.net.forward(&x, &mut h))
        }
    }
}

impl Evaluator for NetEvaluator {
    fn eval(&self, position: &Position) -> Probabilities {
        if self.use_bearoff && is_bearoff(position) {
            if self.use_two_sided
                && let Some(win) = TwoSidedDb::get().win_probability(position)
            {
                return Probabilities {
                    win,
                    ..Probabilities::default()
                };
            }
            return BearoffDb::get().probabilities(position);
        }
        self.eval_net(position)
    }
}
