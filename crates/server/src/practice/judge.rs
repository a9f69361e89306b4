//! An exercise's answer judged by the review's own analysis: the answer played in a match (or
//! game) of one decision and that decision reviewed at the review's ply, so the ranking shown is
//! the one the game review would show (one measure, one depth). Backgammon: a checker play is
//! right when it loses nothing against the best, a cube answer when it is the best action.
//! Morris: a move is right when it keeps the perfect-play value.

use crate::error::{ApiError, RequestError};
use crate::games::report::{Decision, DecisionKind, MorrisMove};
use crate::games::{Checkpoint, MatchAnalyser};
use ludus_morris::fen::Fen;
use ludus_morris::token::MorrisState;
use ludus_practice::backgammon::{BgQuestion, judged_match, question_of};
use ludus_practice::{Exercise, Question};
use serde::Serialize;

/// One choice of the ranking shown with a judged answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RankedChoice {
    /// The play, move or cube action.
    pub choice: String,
    /// Its value for the decider: normalised cubeful equity (backgammon), the databases' value
    /// (`win in 12 plies`) or the engine's score in hundredths of a piece (Morris).
    pub value: String,
    /// Whether it is the answer given.
    pub yours: bool,
    /// Whether it is one of the ranking's best choices; `false` for the game's own move added
    /// below them (Morris), which has no rank.
    pub ranked: bool,
}

/// An answer judged.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Judgement {
    /// Whether the answer was right.
    pub right: bool,
    /// The answer as the review writes it.
    pub answer: String,
    /// The best choice.
    pub best: String,
    /// The ranking of the choices, best first.
    pub ranking: Vec<RankedChoice>,
    /// The lookahead of the ranking (backgammon; 0 for Morris's databases).
    pub plies: u8,
}

/// Judges `answer` to `exercise` with `analyser` (on an engine worker: it reviews a decision).
pub fn judge(
    analyser: &dyn MatchAnalyser,
    exercise: &Exercise,
    answer: &str,
    checkpoint: Checkpoint,
) -> Result<Judgement, ApiError> {
    match exercise.question {
        Question::MorrisMove => judge_morris(analyser, exercise, answer, checkpoint),
        _ => judge_backgammon(analyser, exercise, answer, checkpoint),
    }
}

fn refused(reason: impl std::fmt::Display) -> ApiError {
    RequestError::Answer(reason.to_string()).into()
}

fn judge_backgammon(
    analyser: &dyn MatchAnalyser,
    exercise: &Exercise,
    answer: &str,
    checkpoint: Checkpoint,
) -> Result<Judgement, ApiError> {
    let question = question_of(exercise).map_err(refused)?;
    let record = judged_match(exercise, answer).map_err(refused)?;
    let report = analyser
        .analyse_match(&record, checkpoint)
        .map_err(ApiError::internal)?;
    let kind = match question {
        BgQuestion::Checker => DecisionKind::Checker,
        BgQuestion::Double => DecisionKind::Double,
        BgQuestion::Take => DecisionKind::Take,
    };
    let decision = report
        .games
        .iter()
        .flat_map(|game| &game.decisions)
        .find(|decision| decision.kind == kind)
        .ok_or_else(|| ApiError::internal("the review found no such decision"))?;
    let answer = match question {
        BgQuestion::Checker => decision.played.clone(),
        BgQuestion::Double | BgQuestion::Take => answer.trim().to_string(),
    };
    let right = match question {
        BgQuestion::Checker => decision.equity_lost <= 0.0,
        BgQuestion::Double | BgQuestion::Take => answer == decision.best,
    };
    Ok(Judgement {
        right,
        ranking: backgammon_ranking(decision, question, &answer),
        plies: decision
            .alternatives
            .first()
            .map_or(report.plies, |a| a.plies),
        best: decision.best.clone(),
        answer,
    })
}

/// The decision's alternatives as a ranking; for a double, "no double" is the answer's row
/// when it was answered (the review's double was offered either way).
fn backgammon_ranking(
    decision: &Decision,
    question: BgQuestion,
    answer: &str,
) -> Vec<RankedChoice> {
    decision
        .alternatives
        .iter()
        .map(|alternative| RankedChoice {
            choice: alternative.action.clone(),
            value: format!("{:+.3}", alternative.equity),
            yours: match question {
                BgQuestion::Double => alternative.action.starts_with(answer),
                _ => alternative.played,
            },
            ranked: true,
        })
        .collect()
}

fn judge_morris(
    analyser: &dyn MatchAnalyser,
    exercise: &Exercise,
    answer: &str,
    checkpoint: Checkpoint,
) -> Result<Judgement, ApiError> {
    let fen: Fen = exercise.position.parse().map_err(refused)?;
    let MorrisState::Turn(start) = fen.state().map_err(refused)? else {
        return Err(refused("the exercise's position awaits a removal"));
    };
    let rules = ludus_morris::Rules::standard();
    let played: ludus_morris::Move = answer.trim().parse().map_err(refused)?;
    if !start.legal_moves(&rules).contains(&played) {
        return Err(refused(format!("{answer} is not a legal move here")));
    }
    let review = analyser
        .review_morris(&rules, &start, &[played], checkpoint)
        .map_err(ApiError::internal)?;
    let reviewed = review
        .moves
        .first()
        .ok_or_else(|| ApiError::internal("the review has no move"))?;
    let mut ranking = morris_ranking(reviewed);
    if let Some(row) = earlier_morris_row(analyser, &rules, &start, exercise, &ranking, checkpoint)?
    {
        ranking.push(row);
    }
    Ok(Judgement {
        right: reviewed.perfect_before.is_some() && !reviewed.perfect_changed,
        answer: reviewed.played.to_string(),
        best: reviewed.best.to_string(),
        ranking,
        plies: 0,
    })
}

/// The row of the move played in the game, valued by the same review, where the ranking of the
/// answer does not hold it already (so the player sees what the earlier choice was worth).
fn earlier_morris_row(
    analyser: &dyn MatchAnalyser,
    rules: &ludus_morris::Rules,
    start: &ludus_morris::Position,
    exercise: &Exercise,
    ranking: &[RankedChoice],
    checkpoint: Checkpoint,
) -> Result<Option<RankedChoice>, ApiError> {
    let Ok(earlier) = exercise.played.parse::<ludus_morris::Move>() else {
        return Ok(None);
    };
    let text = earlier.to_string();
    if ranking.iter().any(|row| row.choice == text) || !start.legal_moves(rules).contains(&earlier)
    {
        return Ok(None);
    }
    let review = analyser
        .review_morris(rules, start, &[earlier], checkpoint)
        .map_err(ApiError::internal)?;
    Ok(review.moves.first().and_then(|reviewed| {
        morris_ranking(reviewed)
            .into_iter()
            .find(|row| row.choice == text)
            .map(|row| RankedChoice {
                yours: false,
                ranked: false,
                ..row
            })
    }))
}

fn morris_ranking(reviewed: &MorrisMove) -> Vec<RankedChoice> {
    reviewed
        .alternatives
        .iter()
        .map(|alternative| RankedChoice {
            choice: alternative.mv.to_string(),
            value: alternative
                .perfect
                .clone()
                .unwrap_or_else(|| format!("{:+}", alternative.value)),
            yours: alternative.played,
            ranked: true,
        })
        .collect()
}
