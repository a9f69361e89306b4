//! gnubg's external player: one board line in, one reply line out.
//!
//! The session is pure: [`ExternalPlayer::reply`] turns a line into the reply text (without the
//! newline); the network loop lives in the CLI. The decisions come from a [`BackgammonBrain`]
//! (the binary fills it with the engine); the session checks every move against the rules before
//! sending it, so the bot never sends an illegal reply (gnubg would record one silently as
//! "no move").

use crate::fibs::{Decision, FibsBoard, FibsError};
use ludus_backgammon::{Dice, MatchState, Move, Position};

/// Decisions of a backgammon player, each from the deciding side's view: in every call the
/// position and the match state have the deciding side on roll (`state.on_roll`).
pub trait BackgammonBrain {
    /// One of the legal plays of `dice` in `position` (the side on roll moves).
    fn choose_move(&mut self, position: &Position, dice: Dice, state: &MatchState) -> Move;
    /// Whether the side on roll of `position` doubles before rolling.
    fn should_double(&mut self, position: &Position, state: &MatchState) -> bool;
    /// Whether to take a double; `doubler_view` and `doubler_state` are from the doubler's
    /// view (the doubler on roll), before the double.
    fn should_take(&mut self, doubler_view: &Position, doubler_state: &MatchState) -> bool;
}

/// What the session answered and why (for logs and tests).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The reply line, without the newline.
    pub text: String,
    /// Why, when the line could not be read (the reply is then empty).
    pub error: Option<String>,
}

/// One connection's worth of decisions (stateless between lines: every board line is complete).
#[derive(Debug)]
pub struct ExternalPlayer<B> {
    brain: B,
    /// The bot's name as gnubg writes it, learnt from the first line of the bot's own turn.
    bot_name: Option<String>,
}

impl<B: BackgammonBrain> ExternalPlayer<B> {
    /// A session deciding with `brain`.
    pub fn new(brain: B) -> ExternalPlayer<B> {
        ExternalPlayer {
            brain,
            bot_name: None,
        }
    }

    /// The brain deciding for this session.
    pub fn brain(&self) -> &B {
        &self.brain
    }

    /// The reply to one line from gnubg. A line that is not a readable board gets an empty
    /// reply and the reason in [`Reply::error`].
    pub fn reply(&mut self, line: &str) -> Reply {
        match self.decide(line) {
            Ok(text) => Reply { text, error: None },
            Err(e) => Reply {
                text: String::new(),
                error: Some(e.to_string()),
            },
        }
    }

    fn decide(&mut self, line: &str) -> Result<String, FibsError> {
        let board: FibsBoard = line.parse()?;
        let position = board.position()?;
        if board.was_doubled == 0 && self.bot_name.is_none() {
            self.bot_name = Some(board.names[1].clone());
        }
        let state = board.match_state(board.bot_index_by_name(self.bot_name.as_deref()))?;
        Ok(match board.decision()? {
            Decision::TakeOrDrop => {
                if self
                    .brain
                    .should_take(&position.swapped(), &doubler_view_of(&state))
                {
                    "take".to_string()
                } else {
                    "drop".to_string()
                }
            }
            Decision::RollOrDouble => {
                if board.bot_can_double() && self.brain.should_double(&position, &state) {
                    "double".to_string()
                } else {
                    "roll".to_string()
                }
            }
            Decision::Move(dice) => move_text(&position, dice, &mut self.brain, &state),
        })
    }
}

/// The match state of a take decision seen from the doubler (on roll, before its double).
/// gnubg shows the cube already offered at twice its value on some lines; the doubler's decision
/// is about the cube before the double, which is what the line's value holds.
fn doubler_view_of(state: &MatchState) -> MatchState {
    let doubler = state.on_roll.other();
    MatchState {
        on_roll: doubler,
        turn: doubler,
        dice: None,
        ..*state
    }
}

/// The chosen move in gnubg notation, checked legal (the first legal play if the brain's is
/// not; the empty text when no checker can move).
pub fn move_text(
    position: &Position,
    dice: Dice,
    brain: &mut dyn BackgammonBrain,
    state: &MatchState,
) -> String {
    let legal = position.legal_moves(dice);
    let Some(first) = legal.first() else {
        return String::new();
    };
    let chosen = brain.choose_move(position, dice, state);
    let mv = if legal.contains(&chosen) {
        chosen
    } else {
        *first
    };
    if mv.is_empty() {
        return String::new();
    }
    let text = mv.to_string();
    // The notation must read back as the same play: otherwise send the plain from/to form.
    match position.parse_move(dice, &text) {
        Ok(back) if position.play(&back) == position.play(&mv) => text,
        _ => plain_notation(&mv),
    }
}

/// `from/to` pairs, one per checker move, bar as `bar` and off as `off`.
fn plain_notation(mv: &Move) -> String {
    mv.checker_moves()
        .iter()
        .map(|m| {
            let from = if m.from == 25 {
                "bar".to_string()
            } else {
                m.from.to_string()
            };
            let to = if m.to == 0 {
                "off".to_string()
            } else {
                m.to.to_string()
            };
            format!("{from}/{to}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}
