//! gnubg's external player: one board line in, one reply line out.
//!
//! The session is pure: [`ExternalPlayer::reply`] turns a line into the reply text (without the
//! newline); the network loop is [`crate::external_server`]. The decisions come from a [`Player`] (the binary
//! gives it the engine), each asked from the deciding side's view; the session sends only legal
//! replies (gnubg would record an illegal one silently as "no move"): a player that fails gets
//! the safe answer, the first legal play, a roll or a take.

use crate::fibs::{Decision, FibsBoard, FibsError};
use ludus_backgammon::player::{Player, choose_move};
use ludus_backgammon::{Dice, MatchState, Move, Position};

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
pub struct ExternalPlayer<P> {
    player: P,
    /// The bot's name as gnubg writes it, learnt from the first line of the bot's own turn.
    bot_name: Option<String>,
}

impl<P: Player> ExternalPlayer<P> {
    /// A session deciding with `player`.
    pub fn new(player: P) -> ExternalPlayer<P> {
        ExternalPlayer {
            player,
            bot_name: None,
        }
    }

    /// The player deciding for this session.
    pub fn player(&self) -> &P {
        &self.player
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
                let doubler = doubler_view_of(&state);
                if self
                    .player
                    .take(&position.swapped(), &doubler)
                    .unwrap_or(true)
                {
                    "take".to_string()
                } else {
                    "drop".to_string()
                }
            }
            Decision::RollOrDouble => {
                if board.bot_can_double() && self.player.double(&position, &state).unwrap_or(false)
                {
                    "double".to_string()
                } else {
                    "roll".to_string()
                }
            }
            Decision::Move(dice) => move_text(&position, dice, &mut self.player, &state),
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

/// The move `player` chooses at the score of `state` (cubeful), in gnubg notation (the first
/// legal play if the player fails; the empty text when no checker can move).
pub fn move_text(
    position: &Position,
    dice: Dice,
    player: &mut dyn Player,
    state: &MatchState,
) -> String {
    let mv = choose_move(player, position, dice, Some(state)).unwrap_or_else(|_| {
        position
            .legal_moves(dice)
            .first()
            .copied()
            .unwrap_or(Move::EMPTY)
    });
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
