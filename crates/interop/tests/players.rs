//! The test players of the backgammon protocols (the sessions are tested here, the engine in the
//! binary), each a [`Player`] of the rules crate.

use ludus_backgammon::player::{Evaluation, PlayRequest, Player, PlayerError};
use ludus_backgammon::{MatchState, Position};

/// The index among the request's plays of the board after the generator's first legal move.
fn first_legal(request: PlayRequest<'_>) -> usize {
    let position = request.position;
    let first = position.apply(&position.legal_moves(request.dice)[0]);
    request.index_of(&first).expect("among the plays")
}

/// Plays the first legal move, doubles when its pip count leads by more than 20 and takes
/// while it trails by less; evaluates by the pip counts (the equity's sign flipped when asked
/// cubeless, so that a test sees which mode it was asked in).
pub struct FirstLegal;

impl Player for FirstLegal {
    fn name(&self) -> String {
        "first legal".into()
    }

    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError> {
        Ok(first_legal(request))
    }

    fn double(&mut self, position: &Position, _: &MatchState) -> Result<bool, PlayerError> {
        let (mine, theirs) = position.pip_count();
        Ok(mine + 20 < theirs)
    }

    fn take(&mut self, doubler_view: &Position, _: &MatchState) -> Result<bool, PlayerError> {
        let (doubler, taker) = doubler_view.pip_count();
        Ok(taker < doubler + 20)
    }

    fn evaluate(
        &mut self,
        position: &Position,
        state: Option<&MatchState>,
    ) -> Result<Option<Evaluation>, PlayerError> {
        let (mine, theirs) = position.pip_count();
        let win = f64::from(theirs) / f64::from(mine + theirs);
        let equity = 2.0 * win - 1.0;
        Ok(Some(Evaluation {
            probabilities: [win, 0.0, 0.0, 0.0, 0.0],
            equity: if state.is_some() { equity } else { -equity },
        }))
    }
}

/// Always wants to double and to take, and chooses a play that does not exist.
pub struct Reckless;

impl Player for Reckless {
    fn name(&self) -> String {
        "reckless".into()
    }

    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError> {
        Ok(request.plays.len())
    }

    fn double(&mut self, _: &Position, _: &MatchState) -> Result<bool, PlayerError> {
        Ok(true)
    }

    fn take(&mut self, _: &Position, _: &MatchState) -> Result<bool, PlayerError> {
        Ok(true)
    }
}

/// Records what a session asks its player: the decision, the position and the match state.
#[derive(Default)]
pub struct Recorder {
    /// Every decision asked, in order (a cubeless play with the default state).
    pub states: Vec<(&'static str, Position, MatchState)>,
}

impl Player for Recorder {
    fn name(&self) -> String {
        "recorder".into()
    }

    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError> {
        let state = request.state.copied().unwrap_or_default();
        self.states.push(("move", *request.position, state));
        Ok(first_legal(request))
    }

    fn double(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        self.states.push(("double", *position, *state));
        Ok(false)
    }

    fn take(&mut self, doubler_view: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        self.states.push(("take", *doubler_view, *state));
        Ok(true)
    }
}
