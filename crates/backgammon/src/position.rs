//! The board, always seen from the side on roll.

use std::fmt;
use thiserror::Error;

/// Index of the bar in a side's checker array (checkers waiting to enter).
pub const BAR: u8 = 25;
/// Index of the borne-off checkers in a side's checker array.
pub const OFF: u8 = 0;
/// Number of points on the board.
pub const POINTS: u8 = 24;
/// Checkers each side owns.
pub const CHECKERS_PER_SIDE: u8 = 15;
/// The home board is a side's points 1..=6: all checkers must be there before bearing off.
pub const HOME_POINTS: u8 = 6;

/// Length of a side's checker array: off (0), points 1..=24, bar (25).
pub(crate) const SLOTS: usize = 26;

/// A backgammon board from the view of the side on roll ("the player").
///
/// Each side's checkers are counted from that side's own view: index 0 = borne off, 1..=24 = its
/// points (it moves from 24 toward 1), 25 = its bar. The player's point `p` is the opponent's
/// point `25 - p`. A `Position` is always valid: 15 checkers a side and no point held by both.
/// Positions are ordered by the player's array, then the opponent's (lexicographically), an
/// order that does not depend on how they were generated.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    pub(crate) player: [u8; SLOTS],
    pub(crate) opponent: [u8; SLOTS],
}

/// Why a pair of checker arrays is not a backgammon position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A side does not have exactly 15 checkers (counting the borne-off ones).
    #[error("the {side} has {count} checkers, a side has exactly 15 (counting those borne off)")]
    WrongCheckerCount {
        /// Which side (relative to the side on roll).
        side: RelativeSide,
        /// How many checkers it had.
        count: u32,
    },
    /// Both sides have borne off all their checkers: no game ends that way.
    #[error("both sides have borne off all 15 checkers")]
    BothBorneOff,
    /// Both sides have checkers on one point.
    #[error("point {point} (of the side on roll) holds checkers of both sides")]
    PointHeldByBoth {
        /// The point, in the numbering of the side on roll.
        point: u8,
    },
}

/// One of the two sides, relative to a position's side on roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelativeSide {
    /// The side on roll.
    Player,
    /// The side not on roll.
    Opponent,
}

impl RelativeSide {
    /// The other side.
    pub fn other(self) -> RelativeSide {
        match self {
            RelativeSide::Player => RelativeSide::Opponent,
            RelativeSide::Opponent => RelativeSide::Player,
        }
    }
}

impl fmt::Display for RelativeSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RelativeSide::Player => "player on roll",
            RelativeSide::Opponent => "opponent",
        })
    }
}

/// How big a win is: the multiplier of the cube value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WinKind {
    /// The loser has borne off at least one checker: 1 × cube.
    Single,
    /// The loser has borne off no checker: 2 × cube.
    Gammon,
    /// A gammon where the loser still has a checker on the bar or in the winner's home board:
    /// 3 × cube.
    Backgammon,
}

impl WinKind {
    /// The multiplier of the cube value: 1, 2 or 3.
    pub fn multiplier(self) -> u32 {
        match self {
            WinKind::Single => 1,
            WinKind::Gammon => 2,
            WinKind::Backgammon => 3,
        }
    }
}

/// The end of a game: who won and how much.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The side that bore off all 15 checkers, relative to the position's side on roll.
    pub winner: RelativeSide,
    /// Single game, gammon or backgammon, judged from the winner's view.
    pub kind: WinKind,
}

impl GameResult {
    /// Points won with the given cube value (kind multiplier × cube).
    pub fn points(&self, cube_value: u32) -> u32 {
        self.kind.multiplier() * cube_value
    }
}

impl Position {
    /// The opening position: each side has 2 checkers on its 24-point, 5 on the 13, 3 on the 8
    /// and 5 on the 6.
    pub fn starting() -> Position {
        let mut side = [0u8; SLOTS];
        side[24] = 2;
        side[13] = 5;
        side[8] = 3;
        side[6] = 5;
        Position {
            player: side,
            opponent: side,
        }
    }

    /// Builds a position from both sides' checker arrays, each from its own view (index 0 = off,
    /// 1..=24 = points, 25 = bar), the player being the side on roll.
    ///
    /// Each side must total 15 checkers including those borne off, no point may be held by both
    /// (the player's point `p` is the opponent's point `25 - p`), and at most one side may have
    /// borne off all its checkers.
    pub fn from_checkers(
        player: [u8; SLOTS],
        opponent: [u8; SLOTS],
    ) -> Result<Position, PositionError> {
        for (side, checkers) in [
            (RelativeSide::Player, &player),
            (RelativeSide::Opponent, &opponent),
        ] {
            let count: u32 = checkers.iter().map(|&c| u32::from(c)).sum();
            if count != u32::from(CHECKERS_PER_SIDE) {
                return Err(PositionError::WrongCheckerCount { side, count });
            }
        }
        if player[0] == CHECKERS_PER_SIDE && opponent[0] == CHECKERS_PER_SIDE {
            return Err(PositionError::BothBorneOff);
        }
        for point in 1..=POINTS {
            if player[usize::from(point)] > 0 && opponent[usize::from(25 - point)] > 0 {
                return Err(PositionError::PointHeldByBoth { point });
            }
        }
        Ok(Position { player, opponent })
    }

    /// Builds a position from the checkers on the board and bar only (indices 1..=25); the
    /// borne-off count (index 0) is ignored and recomputed as 15 minus the rest.
    pub fn from_board(
        mut player: [u8; SLOTS],
        mut opponent: [u8; SLOTS],
    ) -> Result<Position, PositionError> {
        for (side, checkers) in [
            (RelativeSide::Player, &mut player),
            (RelativeSide::Opponent, &mut opponent),
        ] {
            let on_board: u32 = checkers[1..].iter().map(|&c| u32::from(c)).sum();
            if on_board > u32::from(CHECKERS_PER_SIDE) {
                return Err(PositionError::WrongCheckerCount {
                    side,
                    count: on_board,
                });
            }
            checkers[0] = CHECKERS_PER_SIDE - on_board as u8;
        }
        Position::from_checkers(player, opponent)
    }

    /// Checkers of the side on roll at `index` (0 = off, 1..=24 points, 25 = bar) in its own
    /// numbering. Indices above 25 hold no checkers.
    pub fn player(&self, index: u8) -> u8 {
        self.player.get(usize::from(index)).copied().unwrap_or(0)
    }

    /// Checkers of the opponent at `index` (0 = off, 1..=24 points, 25 = bar) in the opponent's
    /// own numbering. Indices above 25 hold no checkers.
    pub fn opponent(&self, index: u8) -> u8 {
        self.opponent.get(usize::from(index)).copied().unwrap_or(0)
    }

    /// The side on roll's checker array (index 0 = off, 1..=24 = points, 25 = bar).
    pub fn player_checkers(&self) -> [u8; SLOTS] {
        self.player
    }

    /// The opponent's checker array, in the opponent's own numbering.
    pub fn opponent_checkers(&self) -> [u8; SLOTS] {
        self.opponent
    }

    /// The same board seen by the other side (the opponent becomes the side on roll).
    pub fn swapped(&self) -> Position {
        Position {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// Pip counts (player, opponent): the sum over checkers of their distance to bearing off
    /// (a checker on the bar counts 25).
    pub fn pip_count(&self) -> (u32, u32) {
        (pips(&self.player), pips(&self.opponent))
    }

    /// True when the sides can no longer hit or block each other: no checker is on the bar and
    /// every checker of the player has passed every checker of the opponent.
    pub fn is_race(&self) -> bool {
        let bar = usize::from(BAR);
        self.player[bar] == 0
            && self.opponent[bar] == 0
            && highest_point(&self.player) + highest_point(&self.opponent) <= 25
    }

    /// True when every checker of `side` not yet borne off stands in its home board (points
    /// 1..=6): the side may bear off.
    pub fn all_home(&self, side: RelativeSide) -> bool {
        let checkers = match side {
            RelativeSide::Player => &self.player,
            RelativeSide::Opponent => &self.opponent,
        };
        checkers[usize::from(HOME_POINTS) + 1..]
            .iter()
            .all(|&c| c == 0)
    }

    /// The result once a side has borne off all 15 checkers, `None` while the game goes on.
    pub fn game_result(&self) -> Option<GameResult> {
        let full = CHECKERS_PER_SIDE;
        let (winner, loser_side) = if self.player[0] == full {
            (RelativeSide::Player, &self.opponent)
        } else if self.opponent[0] == full {
            (RelativeSide::Opponent, &self.player)
        } else {
            return None;
        };
        let kind = if loser_side[0] > 0 {
            WinKind::Single
        } else if loser_side[19..].iter().any(|&c| c > 0) {
            // The loser's points 19..=24 are the winner's home board; 25 is the loser's bar.
            WinKind::Backgammon
        } else {
            WinKind::Gammon
        };
        Some(GameResult { winner, kind })
    }
}

/// The pip count of one side's checker array.
fn pips(side: &[u8; SLOTS]) -> u32 {
    side.iter()
        .enumerate()
        .map(|(point, &count)| point as u32 * u32::from(count))
        .sum()
}

/// The highest index (bar = 25) holding a checker of this side, 0 when all are borne off.
pub(crate) fn highest_point(side: &[u8; SLOTS]) -> u32 {
    (1..SLOTS).rev().find(|&i| side[i] > 0).unwrap_or(0) as u32
}

impl Default for Position {
    fn default() -> Self {
        Position::starting()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.position_id())
    }
}
