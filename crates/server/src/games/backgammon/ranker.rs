//! The analysis board's engine as the server sees it ([`MoveRanker`]): what it is asked and what
//! it answers (move values, chances, the cube decision with its equities).

use ludus_backgammon::player::Evaluation;
use ludus_backgammon::{Dice, MatchState, Move, Position};
use serde::Serialize;

/// The analysis board's engine: a value for every legal move (not the choice of one: that is
/// a [`Player`](ludus_backgammon::player::Player)'s) and the cube decision with its equities.
/// Implement it to plug in an engine.
pub trait MoveRanker: Send + Sync {
    /// Every legal move for `dice` in `position` (the mover's view) with a value for the mover
    /// and the lookahead it came from, best first, in the game `state` describes (the mover on
    /// roll: money or match, cube, score). `plies` is the lookahead asked for (0 to
    /// [`MAX_ANALYSIS_PLIES`]); at least the first [`ANALYSIS_SHOWN`] moves are valued at it.
    fn rank_moves(
        &self,
        position: &Position,
        dice: Dice,
        state: &MatchState,
        plies: u8,
    ) -> Vec<MoveValue>;

    /// The side on roll's chances and cube decision before its roll, at `plies` plies, in money
    /// play under `money`'s optional rules.
    fn before_roll(
        &self,
        position: &Position,
        state: &MatchState,
        money: MoneyRules,
        plies: u8,
    ) -> BeforeRoll;

    /// Games `games` (by number: each game has its own dice, whichever part it runs in) of the
    /// rollout of `position` (the side on roll's view, before its roll) as `kind` says (its
    /// length, the cube), summed; `None` where the engine does no rollouts (the endpoint then
    /// answers 501).
    fn rollout(
        &self,
        position: &Position,
        games: std::ops::Range<u64>,
        kind: RolloutKind,
    ) -> Option<RolloutPart> {
        let _ = (position, games, kind);
        None
    }
}

/// What kind of rollout to play: how far each game goes and whether the cube is played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RolloutKind {
    /// How far each game is played.
    pub length: RolloutLength,
    /// Whether the cube is played (money, centred at 1 at the start): the equity is then the
    /// cubeful points per game.
    pub cubeful: bool,
}

/// How far each game of a rollout is played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RolloutLength {
    /// A few plies (the engine's own truncation, 10 for the shipped one), then the network's
    /// value: fast, and the luck adjustment keeps it close to a full rollout.
    #[default]
    Truncated,
    /// To the end of each game (or a bear-off the database knows): no network value at the
    /// leaves, several times the work.
    Full,
}

/// Sums over some games of a cubeless rollout ([`MoveRanker::rollout`]), for the side on roll:
/// parts of one rollout [`merge`](RolloutPart::merge) into the sums of their union.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RolloutPart {
    /// Games played.
    pub games: u64,
    /// Sums of the games' chances: win, win gammon, win backgammon, lose gammon, lose
    /// backgammon.
    pub chances: [f64; 5],
    /// Sum of the games' equities (cubeless, or cubeful points in a cubeful rollout).
    pub equity: f64,
    /// Sum of their squares.
    pub equity_squared: f64,
}

impl RolloutPart {
    /// The same games seen from the other side: equities negated, winning and losing chances
    /// exchanged (a play's rollout is the rollout of the position after it, opponent on roll).
    pub fn other_side(&self) -> RolloutPart {
        let [
            win,
            win_gammon,
            win_backgammon,
            lose_gammon,
            lose_backgammon,
        ] = self.chances;
        RolloutPart {
            games: self.games,
            chances: [
                self.games as f64 - win,
                lose_gammon,
                lose_backgammon,
                win_gammon,
                win_backgammon,
            ],
            equity: -self.equity,
            equity_squared: self.equity_squared,
        }
    }

    /// Adds another part of the same rollout.
    pub fn merge(&mut self, other: &RolloutPart) {
        self.games += other.games;
        for (sum, more) in self.chances.iter_mut().zip(other.chances) {
            *sum += more;
        }
        self.equity += other.equity;
        self.equity_squared += other.equity_squared;
    }
}

/// The moves the analysis board shows (best first): all of them are valued at the plies asked.
pub const ANALYSIS_SHOWN: usize = 20;

/// The deepest lookahead the analysis endpoint offers for ranking moves: one ply deeper than the
/// review's 2, so that a decision opened from a review can be looked at more closely.
pub const MAX_ANALYSIS_PLIES: u8 = 3;

/// The money game's optional rules an analysis is asked under (gnubg's money settings).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoneyRules {
    /// The Jacoby rule: gammons count single while the cube is centred.
    pub jacoby: bool,
    /// Beavers: a side doubled may take and at once redouble, keeping the cube.
    pub beavers: bool,
}

/// A legal move as a [`MoveRanker`] values it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its value for the mover (cubeless equity in money play, cubeful in a match).
    pub value: f64,
    /// The lookahead the value comes from.
    pub plies: u8,
    /// The mover's chances after it at the same lookahead: win, win a gammon, win a backgammon,
    /// lose a gammon, lose a backgammon (gammons include backgammons).
    pub chances: [f64; 5],
}

/// What a [`MoveRanker`] says of a position before its roll.
#[derive(Debug, Clone, PartialEq)]
pub struct BeforeRoll {
    /// The side on roll's cubeless chances (the equity cubeless).
    pub chances: Evaluation,
    /// The lookahead of the chances.
    pub plies: u8,
    /// The cube decision, where the engine can judge the cube (absent: the cube is not turned,
    /// and a double is taken).
    pub cube: Option<CubeValues>,
}

/// A cube decision with its equities: points at the cube's value in money play, the match
/// winning chance of the side on roll in a match.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CubeValues {
    /// The proper action as a stable code for translation ("double-take", "no-double-take",
    /// "too-good-to-double-pass", "redouble-pass", "not-available", …).
    pub action: String,
    /// The proper action in gnubg's words ("double, take").
    pub words: String,
    /// Whether the proper action doubles.
    #[serde(skip)]
    pub doubles: bool,
    /// Whether the doubled side should take.
    #[serde(skip)]
    pub takes: bool,
    /// The side on roll's cubeful equity if it does not double.
    pub no_double: f64,
    /// Its cubeful equity after double, take.
    pub double_take: f64,
    /// Its equity after double, pass.
    pub double_pass: f64,
    /// The doubled side's take point: the least winning chance at which it takes.
    pub take_point: f64,
    /// The lookahead the equities come from.
    pub plies: u8,
    /// True where they are exact (the two-sided bear-off database) rather than estimated.
    pub exact: bool,
    /// True for a money game (equities in points), false in a match (match winning chances).
    pub money: bool,
}

#[cfg(test)]
mod tests {
    use super::RolloutPart;

    #[test]
    fn a_rollout_part_seen_from_the_other_side_exchanges_wins_and_losses() {
        let part = RolloutPart {
            games: 4,
            chances: [3.0, 1.0, 0.5, 0.25, 0.0],
            equity: 2.5,
            equity_squared: 6.0,
        };
        let other = part.other_side();
        assert_eq!(other.chances, [1.0, 0.25, 0.0, 1.0, 0.5]);
        assert_eq!((other.equity, other.equity_squared), (-2.5, 6.0));
        assert_eq!(other.other_side(), part);
    }
}
