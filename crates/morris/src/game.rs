//! A game: the moves played from a start position, with the draw rules that need history.

use crate::movegen::IllegalMove;
use crate::moves::{Move, MoveList};
use crate::position::{Outcome, OutcomeReason, Position};
use crate::rules::Rules;

/// A game in progress or finished: the start position, the moves, and every position reached.
/// Besides the static end of a position it detects draws by threefold repetition and by the
/// N-move rule, as the [`Rules`] say.
///
/// ```
/// use ludus_morris::{Game, Rules};
/// let mut game = Game::new(Rules::standard());
/// game.play("d6".parse().unwrap()).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.outcome(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    moves: Vec<Move>,
    /// `positions[0]` is the start, `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position>,
}

/// Number of occurrences of a position that make a draw under the repetition rule.
const REPETITIONS_FOR_DRAW: usize = 3;

impl Game {
    /// A game from the empty board.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(rules, Position::new())
    }

    /// A game from `start`.
    pub fn from_position(rules: Rules, start: Position) -> Game {
        Game {
            rules,
            moves: Vec::new(),
            positions: vec![start],
        }
    }

    /// The rules of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Every earlier position of the game, the start first and the current one excluded (what
    /// a search needs for repetitions).
    pub fn history(&self) -> &[Position] {
        &self.positions[..self.positions.len() - 1]
    }

    /// How often the current position (pieces, hands, side to move) has occurred.
    pub fn repetitions(&self) -> usize {
        let key = self.position().board_key();
        self.positions
            .iter()
            .filter(|position| position.board_key() == key)
            .count()
    }

    /// The end of the game, if it is over: a loss of the side to move (fewer than three pieces,
    /// or blocked), else a draw by threefold repetition, else a draw by the N-move rule.
    pub fn outcome(&self) -> Option<Outcome> {
        let position = self.position();
        if let Some(outcome) = position.outcome(&self.rules) {
            return Some(outcome);
        }
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if self.rules.threefold_repetition && self.repetitions() >= REPETITIONS_FOR_DRAW {
            return draw(OutcomeReason::ThreefoldRepetition);
        }
        let (history, _) = self.positions.split_at(self.positions.len() - 1);
        if self.rules.n_move_draw(history, position) {
            return draw(OutcomeReason::NMoveRule);
        }
        None
    }

    /// The legal moves now; empty when the game is over (including draws).
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() {
            return MoveList::new();
        }
        self.position().legal_moves(&self.rules)
    }

    /// Plays `mv`, or says why it is illegal (the game is then unchanged).
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove::GameOver(outcome));
        }
        let next = self.position().play_checked(&self.rules, mv)?;
        self.moves.push(mv);
        self.positions.push(next);
        Ok(())
    }

    /// Takes back the last move, returning it (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }
}
