//! The state of a match around the board: who sits where, the cube and its owner, the score,
//! whose turn it is — what gnubg's Match ID holds — and the cube rule on it ([`DoubleRefusal`]).

use crate::dice::Dice;
use crate::position::WinKind;
use thiserror::Error;

/// The longest match Ludus plays, sets up or reads from a record: 25 points, as the games offered
/// go (gnubg's Match ID could hold 32,767).
pub const MAX_MATCH_LENGTH: u32 = 25;

/// One of the two players in gnubg's numbering (player 0 and player 1). In XGID, player 1 is the
/// bottom player; in `.mat` files, player 0 is the left column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    /// gnubg's player 0.
    Zero,
    /// gnubg's player 1.
    One,
}

impl Seat {
    /// The other player.
    pub fn other(self) -> Seat {
        match self {
            Seat::Zero => Seat::One,
            Seat::One => Seat::Zero,
        }
    }

    /// 0 or 1.
    pub fn index(self) -> usize {
        match self {
            Seat::Zero => 0,
            Seat::One => 1,
        }
    }

    /// Seat 0 for bit 0, seat 1 otherwise (the codecs' one-bit field).
    pub(crate) fn from_bit(bit: u32) -> Seat {
        if bit == 0 { Seat::Zero } else { Seat::One }
    }
}

/// Who holds the doubling cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CubeOwner {
    /// In the middle: either player may double.
    Centered,
    /// Only this player may double.
    Owned(Seat),
}

/// Where a game of a match stands with respect to the Crawford rule (no doubling in the game
/// right after a player first reaches one point from victory).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CrawfordStage {
    /// Money play, or neither player has reached 1-away yet (or both have: the cube is useless
    /// then anyway).
    Before,
    /// This is the Crawford game: no doubling.
    ThisGame,
    /// After the Crawford game: doubling allowed again (the leader is 1-away).
    After,
}

/// Where a game stands (gnubg's game state field).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameState {
    /// No game started.
    NoGame,
    /// A game is being played.
    Playing,
    /// The game ended by bearing off.
    Over,
    /// The game ended by an accepted resignation.
    Resigned,
    /// The game ended by a refused double.
    Dropped,
}

/// Everything around the board that gnubg's Match ID holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchState {
    /// Cube value: 1, 2, 4, … (at most 2^15).
    pub cube_value: u32,
    /// Who holds the cube.
    pub cube_owner: CubeOwner,
    /// The player on roll (whose position the Position ID shows).
    pub on_roll: Seat,
    /// This game is the Crawford game (no doubling).
    pub crawford: bool,
    /// Where the game stands.
    pub game_state: GameState,
    /// The player who must act now (differs from `on_roll` while a double or resignation is
    /// pending).
    pub turn: Seat,
    /// A double has been offered and awaits an answer.
    pub double_offered: bool,
    /// A pending resignation offer.
    pub resignation: Option<WinKind>,
    /// The dice rolled this turn, if any.
    pub dice: Option<Dice>,
    /// Points to win the match; 0 for a money game.
    pub match_length: u32,
    /// Points of player 0 and player 1.
    pub score: [u32; 2],
    /// Money play with the Jacoby rule (gammons count only after a double).
    pub jacoby: bool,
}

impl Default for MatchState {
    /// A money game being played: cube centred at 1, player 1 on roll (as gnubg's examples),
    /// no dice, no Jacoby rule.
    fn default() -> Self {
        MatchState {
            cube_value: 1,
            cube_owner: CubeOwner::Centered,
            on_roll: Seat::One,
            crawford: false,
            game_state: GameState::Playing,
            turn: Seat::One,
            double_offered: false,
            resignation: None,
            dice: None,
            match_length: 0,
            score: [0, 0],
            jacoby: false,
        }
    }
}

impl MatchState {
    /// The game's stage with respect to the Crawford rule: the Crawford game when `crawford`
    /// says so; after it when exactly one player is one point from winning; before it otherwise
    /// (and in money play).
    ///
    /// ```
    /// use ludus_backgammon::{CrawfordStage, MatchState};
    /// let state = MatchState { match_length: 5, score: [4, 2], ..MatchState::default() };
    /// assert_eq!(state.crawford_stage(), CrawfordStage::After);
    /// let crawford = MatchState { crawford: true, ..state };
    /// assert_eq!(crawford.crawford_stage(), CrawfordStage::ThisGame);
    /// ```
    pub fn crawford_stage(&self) -> CrawfordStage {
        let one_away = |score: u32| self.match_length.checked_sub(score) == Some(1);
        if self.crawford {
            CrawfordStage::ThisGame
        } else if one_away(self.score[0]) != one_away(self.score[1]) {
            CrawfordStage::After
        } else {
            CrawfordStage::Before
        }
    }

    /// Why the player on roll may not double in this state, under a cube ceiling of `max_cube`
    /// (the Match ID does not hold the ceiling: [`crate::Rules::max_cube`] gives the rules').
    pub fn double_refusal(&self, max_cube: u32) -> Option<DoubleRefusal> {
        let before_roll = self.game_state == GameState::Playing
            && !self.double_offered
            && self.resignation.is_none()
            && self.dice.is_none()
            && self.turn == self.on_roll;
        if !before_roll {
            return Some(DoubleRefusal::NotBeforeRoll);
        }
        let (crawford, owner, value) = (self.crawford, self.cube_owner, self.cube_value);
        cube_refusal(crawford, owner, self.on_roll, value, max_cube)
    }

    /// True in a match when the player on roll wins the match by winning this game at the
    /// current stake: a double could only raise the opponent's gain. Legal, but front ends do
    /// not offer it.
    pub fn doubling_is_pointless(&self) -> bool {
        self.match_length > 0
            && self.score[self.on_roll.index()] + self.cube_value >= self.match_length
    }
}

/// Why the player on roll may not double now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum DoubleRefusal {
    /// Doubling comes before rolling, with no double or resignation pending.
    #[error("only before rolling")]
    NotBeforeRoll,
    /// The Crawford game has no doubling.
    #[error("no doubling in the Crawford game")]
    Crawford,
    /// The opponent holds the cube.
    #[error("the opponent owns the cube")]
    OpponentOwnsCube,
    /// Doubling would pass the cube's ceiling.
    #[error("the cube is at its ceiling")]
    CubeAtCeiling,
}

/// Why `doubler` may not double a cube of `value` (at most `max_cube`) owned by `owner`: the one
/// check behind [`Game::double_refusal`] and [`MatchState::double_refusal`].
pub(crate) fn cube_refusal(
    crawford: bool,
    owner: CubeOwner,
    doubler: Seat,
    value: u32,
    max_cube: u32,
) -> Option<DoubleRefusal> {
    if crawford {
        return Some(DoubleRefusal::Crawford);
    }
    if owner == CubeOwner::Owned(doubler.other()) {
        return Some(DoubleRefusal::OpponentOwnsCube);
    }
    if value.saturating_mul(2) > max_cube {
        return Some(DoubleRefusal::CubeAtCeiling);
    }
    None
}
