//! A backgammon exercise as a match of one decision: the exercise's XGID set up with the player
//! to act and the player's answer played, so that a review of that one decision at the review's
//! ply judges it (the same analysis as the game review: one measure, one depth).

use crate::exercise::{Exercise, Question};
use ludus_backgammon::{Game, GameStart, Match, Rules, Xgid};

/// What a backgammon exercise asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BgQuestion {
    /// The checker play of the dice on the board.
    Checker,
    /// Double or roll (answers `double`, `no double`).
    Double,
    /// Take or pass the double offered (answers `take`, `pass`).
    Take,
}

/// Why an exercise cannot be set up or answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// The exercise is not a backgammon one.
    #[error("not a backgammon exercise")]
    NotBackgammon,
    /// Its position does not read or set up.
    #[error("the exercise's position: {0}")]
    Position(String),
    /// The answer is not a legal play or a cube answer of this question.
    #[error("the answer {answer:?}: {reason}")]
    Answer {
        /// The answer given.
        answer: String,
        /// Why it is refused.
        reason: String,
    },
}

/// What `exercise` asks, read from its question and its XGID (a double offered: take or pass).
pub fn question_of(exercise: &Exercise) -> Result<BgQuestion, AnswerError> {
    let xgid = read_xgid(exercise)?;
    match exercise.question {
        Question::CheckerPlay { .. } => Ok(BgQuestion::Checker),
        Question::CubeAction if xgid.state.double_offered => Ok(BgQuestion::Take),
        Question::CubeAction => Ok(BgQuestion::Double),
        Question::MorrisMove => Err(AnswerError::NotBackgammon),
    }
}

fn read_xgid(exercise: &Exercise) -> Result<Xgid, AnswerError> {
    exercise
        .position
        .parse::<Xgid>()
        .map_err(|error| AnswerError::Position(error.to_string()))
}

/// The match of one decision that judges `answer` to `exercise`: for a checker play, the play
/// made (in gnubg notation, `13/9 13/10`); for a take, the double offered and the answer; for a
/// double, the double offered whatever the answer (its review ranks no double, double/take and
/// double/pass either way, and the answer is right when it is the review's best).
pub fn judged_match(exercise: &Exercise, answer: &str) -> Result<Match, AnswerError> {
    let question = question_of(exercise)?;
    let xgid = read_xgid(exercise)?;
    let state = xgid.state;
    let refused = |reason: String| AnswerError::Answer {
        answer: answer.to_string(),
        reason,
    };
    let dice = match question {
        BgQuestion::Checker => Some(state.dice.ok_or_else(|| {
            AnswerError::Position("a checker-play exercise without dice".to_string())
        })?),
        BgQuestion::Double | BgQuestion::Take => None,
    };
    let setup = GameStart {
        dice,
        ..GameStart::of(xgid.position, &state)
    };
    let game = Game::from_setup(
        Rules::match_to(state.match_length),
        state.score,
        state.crawford,
        setup,
    );
    let mut record = Match::from_setup(["White".into(), "Black".into()], state.score, game);
    let Some(game) = record.current_mut() else {
        return Err(AnswerError::Position("no game to play".to_string()));
    };
    let setup_error = |error: ludus_backgammon::GameError| AnswerError::Position(error.to_string());
    match (question, answer.trim()) {
        (BgQuestion::Checker, play) => game
            .play_text(play)
            .map_err(|error| refused(error.to_string()))?,
        (BgQuestion::Double, "double" | "no double") => game.double().map_err(setup_error)?,
        (BgQuestion::Take, action @ ("take" | "pass")) => {
            game.double().map_err(setup_error)?;
            let answered = if action == "take" {
                game.take()
            } else {
                game.pass()
            };
            answered.map_err(|error| refused(error.to_string()))?;
        }
        (BgQuestion::Double, _) => return Err(refused("answer double or no double".into())),
        (BgQuestion::Take, _) => return Err(refused("answer take or pass".into())),
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercise::{Decision, ExerciseId, GameKind};
    use ludus_backgammon::GameEvent;

    fn exercise(position: String, question: Question) -> Exercise {
        Exercise {
            id: ExerciseId::of(GameKind::Backgammon, &position, &question),
            game: GameKind::Backgammon,
            position,
            question,
            played: String::new(),
            best: String::new(),
            cost: Decision::EquityLoss { equity: 0.1 },
            ply: 2,
            times_erred: 1,
        }
    }

    /// The opening position with the first player on roll in a money game: with `dice`
    /// rolled, before its roll (`00`), or facing a double (`D`).
    fn opening(dice: &str) -> String {
        format!("XGID=-b----E-C---eE---c-e----B-:0:0:1:{dice}:0:0:0:0:10")
    }

    #[test]
    fn a_checker_answer_is_played_on_the_exercises_dice() {
        let checker = exercise(opening("31"), Question::CheckerPlay { dice: [3, 1] });
        assert_eq!(question_of(&checker), Ok(BgQuestion::Checker));
        let record = judged_match(&checker, "8/5 6/5").unwrap();
        let events = record.games()[0].events();
        assert!(
            matches!(events[0], GameEvent::Turn { play: Some(_), .. }),
            "{events:?}"
        );
        let wrong = judged_match(&checker, "24/18").unwrap_err();
        assert!(matches!(wrong, AnswerError::Answer { .. }), "{wrong:?}");
    }

    #[test]
    fn a_cube_answer_offers_the_double_and_answers_it() {
        let double = exercise(opening("00"), Question::CubeAction);
        assert_eq!(question_of(&double), Ok(BgQuestion::Double));
        for answer in ["double", "no double"] {
            let events = judged_match(&double, answer).unwrap().games()[0]
                .events()
                .to_vec();
            assert!(
                matches!(events[..], [GameEvent::Double { .. }]),
                "{events:?}"
            );
        }
        assert!(judged_match(&double, "take").is_err());
        let take = exercise(opening("D"), Question::CubeAction);
        assert_eq!(question_of(&take), Ok(BgQuestion::Take));
        let events = judged_match(&take, "pass").unwrap().games()[0]
            .events()
            .to_vec();
        assert!(matches!(
            events[..],
            [GameEvent::Double { .. }, GameEvent::Pass { .. }]
        ));
        assert!(judged_match(&take, "double").is_err());
    }

    #[test]
    fn a_morris_exercise_is_no_backgammon_question() {
        let morris = exercise("x".into(), Question::MorrisMove);
        assert!(question_of(&morris).is_err());
    }
}
