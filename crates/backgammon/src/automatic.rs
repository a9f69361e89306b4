//! The steps of a turn that need no decision: starting the next game of a match, rolling for a
//! player who may not double, playing the empty move when no checker can move. Front ends say
//! which of them they want ([`AutomaticSteps`]); [`Match::advance_automatic`] takes them.

use crate::dice::Dice;
use crate::dice_source::DiceSource;
use crate::game::{Game, Match, Phase};
use crate::moves::Move;

/// Bound on the automatic steps [`Match::advance_automatic`] takes at once: far more than real
/// play needs (two players who both cannot move roll in turn); it keeps the loop finite.
pub const MAX_AUTOMATIC_STEPS: usize = 256;

/// Which steps that need no decision a front end leaves to [`Match::automatic_step`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AutomaticSteps {
    /// Start a game when none is in progress and the match goes on: the first game, and in a
    /// match each next game (in money play a later game is the players' call).
    pub new_game: bool,
    /// Roll for the player on roll when it may not double (see `cube`).
    pub roll: bool,
    /// The session plays with the cube. Without it nobody may double; with it a player may
    /// double when the rules allow ([`Game::double_refusal`]) and it is not pointless
    /// ([`MatchState::doubling_is_pointless`](crate::MatchState::doubling_is_pointless)).
    pub cube: bool,
}

/// A step [`Match::automatic_step`] took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AutomaticStep {
    /// The next game started with its opening roll.
    NewGame,
    /// The player on roll, who could not double, rolled these dice.
    Rolled(Dice),
    /// No checker could move with these dice: the empty move was played.
    NoPlay(Dice),
}

impl Match {
    /// Takes the one step that needs no decision now, of those `steps` allows, with dice from
    /// `dice`; `None` when a player must decide (or the match is over).
    pub fn automatic_step(
        &mut self,
        steps: AutomaticSteps,
        dice: &mut dyn DiceSource,
    ) -> Option<AutomaticStep> {
        let Some(game) = self.current_mut() else {
            let first_or_match = self.games().is_empty() || !self.rules().is_money();
            return (steps.new_game && first_or_match && self.new_game(dice).is_ok())
                .then_some(AutomaticStep::NewGame);
        };
        match game.phase() {
            Phase::AwaitingRoll if steps.roll && !may_double(game, steps.cube) => {
                game.roll(dice).ok().map(AutomaticStep::Rolled)
            }
            Phase::Moving(rolled) if game.legal_moves().iter().all(Move::is_empty) => game
                .play(&Move::EMPTY)
                .ok()
                .map(|()| AutomaticStep::NoPlay(rolled)),
            _ => None,
        }
    }

    /// Takes the steps that need no decision, one after another, until a player must decide
    /// (at most [`MAX_AUTOMATIC_STEPS`]); returns them in order.
    pub fn advance_automatic(
        &mut self,
        steps: AutomaticSteps,
        dice: &mut dyn DiceSource,
    ) -> Vec<AutomaticStep> {
        let mut taken = Vec::new();
        while taken.len() < MAX_AUTOMATIC_STEPS {
            let Some(step) = self.automatic_step(steps, dice) else {
                break;
            };
            taken.push(step);
        }
        taken
    }
}

/// Whether the player on roll of `game` may double now and it is worth it.
fn may_double(game: &Game, cube: bool) -> bool {
    cube && game.double_refusal().is_none() && !game.match_state().doubling_is_pointless()
}
