//! The engine's own compact board and successor generation.
//!
//! The engine works on [`Board`]: two `[u8; 26]` arrays seen from the side on roll, each side's
//! checkers counted from its own side (index 0 = borne off, 1..=24 = points, 25 = bar), the same
//! layout as `ludus_backgammon::Position`. Successor generation here returns each distinct board
//! reachable with a roll exactly once (the rules crate returns the same set with the moves'
//! notation; a differential test compares them). It obeys every dice-usage rule: play as many dice
//! as possible, the larger die when only one of two can be played, bar entry first, bearing off
//! only with all checkers home, from higher points first.

/// Index of the borne-off checkers in a side's array.
pub const OFF: usize = 0;
/// Index of the bar in a side's array.
pub const BAR: usize = 25;
/// Checkers per side.
pub const CHECKERS: u8 = 15;
/// The home board is points 1..=6: a side may bear off once all its checkers are there.
pub const HOME_POINTS: usize = 6;

/// A board from the side on roll: `me` is the side on roll, `them` the opponent, each counted from
/// its own side (0 = off, 1..=24 points, 25 = bar). My point `p` is the opponent's point `25 - p`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// The side on roll.
    pub me: [u8; 26],
    /// The opponent.
    pub them: [u8; 26],
}

/// How a game ended, from the winner's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// The loser bore off at least one checker.
    Single,
    /// The loser bore off no checker.
    Gammon,
    /// Gammon, and the loser still has a checker on the bar or in the winner's home board.
    Backgammon,
}

impl WinKind {
    /// Points won (cube 1).
    pub fn points(self) -> i32 {
        match self {
            WinKind::Single => 1,
            WinKind::Gammon => 2,
            WinKind::Backgammon => 3,
        }
    }
}

/// The 21 distinct rolls with their weights out of 36 (doubles 1, others 2).
pub const ALL_ROLLS: [(u8, u8, u8); 21] = {
    let mut rolls = [(0u8, 0u8, 0u8); 21];
    let mut i = 0;
    let mut a = 1u8;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            rolls[i] = (b, a, if a == b { 1 } else { 2 });
            i += 1;
            b += 1;
        }
        a += 1;
    }
    rolls
};

impl Board {
    /// The starting position: 2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6, both sides.
    pub const STARTING: Board = {
        let mut side = [0u8; 26];
        side[24] = 2;
        side[13] = 5;
        side[8] = 3;
        side[6] = 5;
        Board {
            me: side,
            them: side,
        }
    };

    /// The same board seen by the opponent (the opponent on roll).
    #[must_use]
    pub fn swapped(&self) -> Board {
        Board {
            me: self.them,
            them: self.me,
        }
    }

    /// Pip count of a side's array: every checker's distance to off (bar = 25).
    pub fn pips(side: &[u8; 26]) -> u32 {
        side.iter()
            .enumerate()
            .map(|(i, &n)| i as u32 * u32::from(n))
            .sum()
    }

    /// True when no checker of either side can ever meet one of the other again (pure race).
    pub fn is_race(&self) -> bool {
        if self.me[BAR] > 0 || self.them[BAR] > 0 {
            return false;
        }
        // My rearmost checker on my point p is on the opponent's point 25 - p; contact remains
        // while some opponent checker is on a point of mine below my rearmost one.
        let my_back = (1..=24).rev().find(|&p| self.me[p] > 0).unwrap_or(0);
        let their_back = (1..=24).rev().find(|&p| self.them[p] > 0).unwrap_or(0);
        // Their rearmost checker is on my point 25 - their_back.
        my_back == 0 || their_back == 0 || my_back < 25 - their_back
    }

    /// True when both sides have all remaining checkers on their six home points.
    pub fn is_bearoff(&self) -> bool {
        all_home(&self.me) && all_home(&self.them)
    }

    /// The game result if the side that just moved (`them`) has borne off all 15: the kind of win.
    /// Seen from the side on roll, a finished game is always a loss.
    pub fn finished(&self) -> Option<WinKind> {
        if self.them[OFF] < CHECKERS {
            return None;
        }
        Some(win_kind(&self.me))
    }

    /// Checks the board: 15 checkers a side and no point held by both.
    pub fn is_valid(&self) -> bool {
        let total = |s: &[u8; 26]| s.iter().map(|&n| u32::from(n)).sum::<u32>();
        total(&self.me) == u32::from(CHECKERS)
            && total(&self.them) == u32::from(CHECKERS)
            && (1..=24).all(|p| self.me[p] == 0 || self.them[25 - p] == 0)
    }
}

impl From<ludus_backgammon::Position> for Board {
    fn from(p: ludus_backgammon::Position) -> Board {
        Board {
            me: p.player_checkers(),
            them: p.opponent_checkers(),
        }
    }
}

impl TryFrom<Board> for ludus_backgammon::Position {
    type Error = ludus_backgammon::PositionError;

    fn try_from(b: Board) -> Result<Self, Self::Error> {
        ludus_backgammon::Position::from_checkers(b.me, b.them)
    }
}

/// The kind of loss for a side that has not finished, if the other side has just finished.
pub fn win_kind(loser: &[u8; 26]) -> WinKind {
    if loser[OFF] > 0 {
        WinKind::Single
    } else if loser[BAR] > 0 || loser[19..=24].iter().any(|&n| n > 0) {
        // Points 19..=24 of the loser are the winner's home board.
        WinKind::Backgammon
    } else {
        WinKind::Gammon
    }
}

/// True when every checker not yet off is on points 1..=6.
pub fn all_home(side: &[u8; 26]) -> bool {
    side[HOME_POINTS + 1..].iter().all(|&n| n == 0)
}

/// Plays one checker `from -> from - die` on `b` if legal; returns the new board.
#[inline]
fn step(b: &Board, from: usize, die: usize) -> Option<Board> {
    if b.me[from] == 0 {
        return None;
    }
    if b.me[BAR] > 0 && from != BAR {
        return None;
    }
    let mut next = *b;
    next.me[from] -= 1;
    if from > die {
        let to = from - die;
        let their = 25 - to;
        match b.them[their] {
            0 => {}
            1 => {
                next.them[their] = 0;
                next.them[BAR] += 1;
            }
            _ => return None,
        }
        next.me[to] += 1;
    } else {
        // Bearing off: all checkers home, exact die, or the highest checker with a larger die.
        if !all_home(&b.me) {
            return None;
        }
        if from < die && b.me[from + 1..=HOME_POINTS].iter().any(|&n| n > 0) {
            return None;
        }
        next.me[OFF] += 1;
    }
    Some(next)
}

/// Every board reachable from `b` by one die: `(board, from)`, calling `f` for each.
#[inline]
fn for_each_step(b: &Board, die: usize, max_from: usize, mut f: impl FnMut(Board, usize)) {
    if b.me[BAR] > 0 {
        if max_from >= BAR
            && let Some(n) = step(b, BAR, die)
        {
            f(n, BAR);
        }
        return;
    }
    for from in (1..=max_from.min(24)).rev() {
        if let Some(n) = step(b, from, die) {
            f(n, from);
        }
    }
}

/// Scratch space for [`successors_into`], reusable to avoid allocation.
#[derive(Default, Debug)]
pub struct MoveBuffer {
    two: Vec<Board>,
    one_large: Vec<Board>,
    one_small: Vec<Board>,
}

/// Appends to `out` every distinct board (still from the mover's view, not swapped) reachable
/// from `b` with the roll `d1`,`d2`. When no checker can move, `out` gets `b` itself.
pub fn successors_into(b: &Board, d1: u8, d2: u8, buf: &mut MoveBuffer, out: &mut Vec<Board>) {
    out.clear();
    if d1 == d2 {
        doubles(b, usize::from(d1), out);
    } else {
        let (hi, lo) = if d1 > d2 { (d1, d2) } else { (d2, d1) };
        non_doubles(b, usize::from(hi), usize::from(lo), buf, out);
    }
    if out.is_empty() {
        out.push(*b);
    }
}

/// Convenience wrapper of [`successors_into`] that allocates.
pub fn successors(b: &Board, d1: u8, d2: u8) -> Vec<Board> {
    let mut out = Vec::new();
    successors_into(b, d1, d2, &mut MoveBuffer::default(), &mut out);
    out
}

fn non_doubles(b: &Board, hi: usize, lo: usize, buf: &mut MoveBuffer, out: &mut Vec<Board>) {
    buf.two.clear();
    buf.one_large.clear();
    buf.one_small.clear();
    for (first, second) in [(hi, lo), (lo, hi)] {
        for_each_step(b, first, BAR, |n1, _| {
            let mut any = false;
            for_each_step(&n1, second, BAR, |n2, _| {
                any = true;
                buf.two.push(n2);
            });
            if !any {
                if first == hi {
                    buf.one_large.push(n1);
                } else {
                    buf.one_small.push(n1);
                }
            }
        });
    }
    let chosen = if !buf.two.is_empty() {
        &mut buf.two
    } else if !buf.one_large.is_empty() {
        &mut buf.one_large
    } else {
        &mut buf.one_small
    };
    chosen.sort_unstable();
    chosen.dedup();
    out.extend_from_slice(chosen);
}

fn doubles(b: &Board, die: usize, out: &mut Vec<Board>) {
    // Orders of equal dice are canonical with non-increasing origins (see module docs).
    let mut best_used = 0;
    fn rec(
        b: &Board,
        die: usize,
        max_from: usize,
        used: usize,
        best: &mut usize,
        out: &mut Vec<Board>,
    ) {
        let mut moved = false;
        if used < 4 {
            for_each_step(b, die, max_from, |n, from| {
                moved = true;
                rec(&n, die, from, used + 1, best, out);
            });
        }
        if !moved && used > 0 {
            if used > *best {
                *best = used;
                out.clear();
            }
            if used == *best {
                out.push(*b);
            }
        }
    }
    rec(b, die, BAR, 0, &mut best_used, out);
    out.sort_unstable();
    out.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_31_has_sixteen_distinct_plays() {
        assert_eq!(successors(&Board::STARTING, 3, 1).len(), 16);
    }

    #[test]
    fn roll_table_weights_sum_to_36() {
        assert_eq!(ALL_ROLLS.iter().map(|r| u32::from(r.2)).sum::<u32>(), 36);
    }
}
