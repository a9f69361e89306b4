//! A backgammon exercise on the backgammon screen: the exercise's XGID set up as a game with the
//! player to act, the player's action read from the game's events, and the answer judged by
//! reviewing that one decision at the review's ply (the same analysis as the game review).

use super::{Judgement, RankedChoice};
use crate::backgammon::{BgApp, BgConfig};
use crate::i18n::Catalog;
use crate::ui::Opponent;
use ludus_backgammon::{Game, GameEvent, GameStart, Match, Rules, Xgid};
use ludus_backgammon_engine::analysis::{Decision, DecisionDetail, DecisionKind};
use ludus_practice::{Exercise, Question};

/// What a backgammon exercise asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BgQuestion {
    /// The checker play of the dice on the board.
    Checker,
    /// Double or roll.
    Double,
    /// Take or pass the double offered.
    Take,
}

/// A backgammon exercise being answered: the screen, and the game as it was set up.
pub struct BgExercise {
    /// The backgammon screen at the exercise's position.
    pub app: BgApp,
    /// What is asked.
    pub question: BgQuestion,
    start: Match,
}

/// Why an exercise's position cannot be set up.
#[derive(Debug, thiserror::Error)]
#[error("exercise {id}: {reason}")]
pub struct SetupError {
    /// The exercise.
    pub id: String,
    /// Why.
    pub reason: String,
}

impl BgExercise {
    /// The exercise set up for the player to answer.
    pub fn new(exercise: &Exercise, catalog: Catalog) -> Result<BgExercise, SetupError> {
        let fail = |reason: String| SetupError {
            id: exercise.id.to_string(),
            reason,
        };
        let xgid: Xgid = exercise
            .position
            .parse()
            .map_err(|e: ludus_backgammon::XgidError| fail(e.to_string()))?;
        let state = xgid.state;
        let question = match exercise.question {
            Question::CheckerPlay { .. } => BgQuestion::Checker,
            Question::CubeAction if state.double_offered => BgQuestion::Take,
            Question::CubeAction => BgQuestion::Double,
            Question::MorrisMove => return Err(fail("a Morris question".into())),
        };
        let rules = Rules::match_to(state.match_length);
        let dice = match question {
            BgQuestion::Checker => Some(state.dice.ok_or_else(|| fail("no dice".into()))?),
            BgQuestion::Double | BgQuestion::Take => None,
        };
        let setup = GameStart {
            dice,
            ..GameStart::of(xgid.position, &state)
        };
        let mut game = Game::from_setup(rules, state.score, state.crawford, setup);
        let mut human = state.on_roll;
        if question == BgQuestion::Take {
            game.double().map_err(|e| fail(e.to_string()))?;
            human = human.other();
        }
        let start = Match::from_setup(["White".into(), "Black".into()], state.score, game);
        let config = BgConfig {
            opponent: Opponent::Computer,
            human,
            cube: true,
            match_length: state.match_length,
            auto_bear_off: false,
            ..BgConfig::default()
        };
        Ok(BgExercise {
            app: BgApp::with_record(config, catalog, start.clone(), 0),
            question,
            start,
        })
    }

    /// The player's answer once given: the play in notation, or `double`, `no double`, `take`,
    /// `pass` (the review's words).
    pub fn answer(&self) -> Option<String> {
        let events = self.app.game()?.events();
        match self.question {
            BgQuestion::Checker => match events.first() {
                Some(GameEvent::Turn {
                    play: Some(play), ..
                }) => Some(play.to_string()),
                _ => None,
            },
            BgQuestion::Double => match events.first()? {
                GameEvent::Double { .. } => Some("double".into()),
                GameEvent::Turn { .. } => Some("no double".into()),
                _ => None,
            },
            BgQuestion::Take => match events.get(1)? {
                GameEvent::Take { .. } | GameEvent::Beaver { .. } => Some("take".into()),
                GameEvent::Pass { .. } => Some("pass".into()),
                _ => None,
            },
        }
    }

    /// The answer judged by the review of this one decision; `None` before the answer or when
    /// the review finds no such decision.
    pub fn judge(&self) -> Option<Judgement> {
        let answer = self.answer()?;
        let (decision, detail) = match self.question {
            BgQuestion::Checker => reviewed(&self.app.record, DecisionKind::Checker)?,
            BgQuestion::Take => reviewed(&self.app.record, DecisionKind::Take)?,
            // A right "no double" is no decision of the review: the double's review ranks the
            // three actions either way.
            BgQuestion::Double => {
                let mut doubled = self.start.clone();
                doubled.current_mut()?.double().ok()?;
                reviewed(&doubled, DecisionKind::Double)?
            }
        };
        let right = match self.question {
            BgQuestion::Checker => decision.equity_lost == 0.0,
            BgQuestion::Double | BgQuestion::Take => answer == decision.best,
        };
        let yours = |action: &str, played: bool| match self.question {
            BgQuestion::Double if answer == "no double" => action == answer,
            _ => played,
        };
        let ranking = detail
            .alternatives
            .iter()
            .map(|a| RankedChoice {
                choice: a.action.clone(),
                value: format!("{:+.3}", a.equity),
                yours: yours(&a.action, a.played),
            })
            .collect();
        Some(Judgement {
            right,
            answer,
            best: decision.best,
            ranking,
            plies: detail.alternatives.first().map(|a| a.plies),
        })
    }
}

/// The last decision of `kind` in the review of `record`'s first game, with its details.
fn reviewed(record: &Match, kind: DecisionKind) -> Option<(Decision, DecisionDetail)> {
    let review = crate::analysis::review(record);
    let game = review.report.games.into_iter().next()?;
    let details = review.details.into_iter().next()?;
    game.decisions
        .into_iter()
        .zip(details)
        .rfind(|(d, _)| d.kind == kind)
}
