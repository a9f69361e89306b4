//! The one backgammon player interface: anything that picks one of the legal plays of a roll
//! and answers the cube. The engines implement it (random, heuristic, network and level
//! players), the protocols take it (gnubg's external player, Ludus's player protocol) and drive
//! programs behind it, the duels play two of them, and the server and the terminal UI ask one
//! for the computer's decisions. Like [`crate::DiceSource`], an interface, not engine knowledge.
//!
//! ```
//! use ludus_backgammon::Position;
//! use ludus_backgammon::player::{PlayRequest, Player, PlayerError, choose_move};
//!
//! /// Always the first of the plays.
//! struct First;
//!
//! impl Player for First {
//!     fn name(&self) -> String {
//!         "first".into()
//!     }
//!     fn choose(&mut self, _: PlayRequest<'_>) -> Result<usize, PlayerError> {
//!         Ok(0)
//!     }
//! }
//!
//! let start = Position::starting();
//! let mv = choose_move(&mut First, &start, "31".parse().unwrap(), None).unwrap();
//! assert_eq!(mv.len(), 2);
//! ```

use crate::{Dice, MatchState, Move, Position};

/// Why a player could not decide: an external program that answered with an illegal play, an
/// unreadable line, or stopped. A duel stops at the first one (never a silent substitute).
#[derive(Debug, thiserror::Error)]
#[error("{player}: {source}")]
pub struct PlayerError {
    /// The player's name.
    pub player: String,
    /// What went wrong.
    #[source]
    pub source: Box<dyn std::error::Error + Send + Sync>,
}

impl PlayerError {
    /// The error of `player` (its name) for `source`.
    pub fn new(
        player: impl Into<String>,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> PlayerError {
        PlayerError {
            player: player.into(),
            source: source.into(),
        }
    }
}

/// A player's chances for the side on roll before rolling: the five cumulative probabilities
/// and an equity (cubeless money points, or cubeful at the match state's cube and score,
/// normalised to a cube of 1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Evaluation {
    /// P(win), P(win gammon), P(win backgammon), P(lose gammon), P(lose backgammon).
    pub probabilities: [f64; 5],
    /// The equity asked for: cubeless without a match state, cubeful with one.
    pub equity: f64,
}

/// What a player chooses a checker play from: the board, the roll, the plays it allows and,
/// for a cubeful choice, the cube and score.
#[derive(Debug, Clone, Copy)]
pub struct PlayRequest<'a> {
    /// The board before the play, mover's view.
    pub position: &'a Position,
    /// The roll to play.
    pub dice: Dice,
    /// The distinct positions reachable with `dice` from `position` (mover's view, in
    /// [`plays`] order, never empty): the player answers the index of one.
    pub plays: &'a [Position],
    /// The cube and score of the game as the player sees it (its seat on roll, the dice set)
    /// for a cubeful choice, or `None` for a cubeless one.
    pub state: Option<&'a MatchState>,
}

impl PlayRequest<'_> {
    /// The index of `after` among the plays, if it is one.
    pub fn index_of(&self, after: &Position) -> Option<usize> {
        self.plays.iter().position(|p| p == after)
    }
}

/// A player: checker plays and cube decisions, each from the deciding side's view. Every
/// decision may fail (external programs); Ludus's own players never do.
pub trait Player: Send {
    /// A short name for reports (and the `ready` line of the player protocol).
    fn name(&self) -> String;

    /// Chooses one of the request's plays; returns its index (see [`PlayRequest`]).
    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError>;

    /// Whether to double before rolling (`position` and `state` from this player's view, on roll
    /// with the cube available to it). The default never doubles.
    fn double(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        let _ = (position, state);
        Ok(false)
    }

    /// Whether to take a double (`position` and `state` from the doubler's view, before the
    /// double). The default always takes.
    fn take(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        let _ = (position, state);
        Ok(true)
    }

    /// The chances of the side on roll of `position` before rolling: the equity cubeless
    /// without `state`, cubeful at its cube and score with one. `None` (the default) from a
    /// player that does not evaluate.
    fn evaluate(
        &mut self,
        position: &Position,
        state: Option<&MatchState>,
    ) -> Result<Option<Evaluation>, PlayerError> {
        let _ = (position, state);
        Ok(None)
    }
}

/// Clears `out` and fills it with every distinct board reachable from `position` with `dice`
/// (mover's view, not swapped; the unchanged board when no checker can move), from the
/// generator ([`Position::successor_positions`]), sorted: the plays a [`Player`] chooses among.
/// Sorting makes every choice among them (the first of equal equities, a random player's pick)
/// independent of the order the generator lists plays in.
pub fn plays(position: &Position, dice: Dice, out: &mut Vec<Position>) {
    position.successor_positions(dice, out);
    out.sort_unstable();
}

/// The move `player` chooses with `dice` in `position` (see [`Player::choose`]): the legal
/// move that reaches the board it picks among the [`plays`] (the empty move when no checker
/// can move). An index outside the plays is the player's error.
pub fn choose_move(
    player: &mut dyn Player,
    position: &Position,
    dice: Dice,
    state: Option<&MatchState>,
) -> Result<Move, PlayerError> {
    let mut boards = Vec::new();
    plays(position, dice, &mut boards);
    let index = player.choose(PlayRequest {
        position,
        dice,
        plays: &boards,
        state,
    })?;
    let chosen = boards.get(index).ok_or_else(|| {
        PlayerError::new(
            player.name(),
            format!("chose play {index} of {}", boards.len()),
        )
    })?;
    let mut legal = Vec::new();
    position.successors(dice, &mut legal);
    Ok(legal
        .into_iter()
        .find(|(_, after)| after == chosen)
        .map_or(Move::EMPTY, |(mv, _)| mv))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Picks the play of a fixed index.
    struct Pick(usize);

    impl Player for Pick {
        fn name(&self) -> String {
            "pick".into()
        }

        fn choose(&mut self, _: PlayRequest<'_>) -> Result<usize, PlayerError> {
            Ok(self.0)
        }
    }

    fn dice(text: &str) -> Dice {
        text.parse().expect("dice")
    }

    #[test]
    fn opening_31_has_sixteen_distinct_plays_in_order() {
        let mut out = Vec::new();
        plays(&Position::starting(), dice("31"), &mut out);
        assert_eq!(out.len(), 16);
        assert!(out.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn the_chosen_move_reaches_the_chosen_board() {
        let start = Position::starting();
        let mut boards = Vec::new();
        plays(&start, dice("31"), &mut boards);
        for (index, board) in boards.iter().enumerate() {
            let mv = choose_move(&mut Pick(index), &start, dice("31"), None).expect("a move");
            assert_eq!(start.apply(&mv), *board);
        }
    }

    #[test]
    fn a_choice_outside_the_plays_is_the_players_error() {
        let error = choose_move(&mut Pick(16), &Position::starting(), dice("31"), None)
            .expect_err("only 16 plays");
        assert_eq!(error.player, "pick");
        assert_eq!(error.to_string(), "pick: chose play 16 of 16");
    }
}
