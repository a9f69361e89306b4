//! A reviewed game turned into what a player's practice file keeps: the player's decisions
//! ([`ReviewedDecision`]; the file's thresholds pick the mistakes) and one [`GameRecord`] per
//! finished game, from the server's typed review ([`ReviewPage`]).

use crate::games::Side;
use crate::games::report::{BackgammonReport, DecisionKind, MorrisMove};
use crate::review_page::ReviewPage;
use ludus_morris::fen::Fen;
use ludus_morris::record::Record;
use ludus_morris::token::MorrisState;
use ludus_practice::{
    BackgammonDecision, BackgammonTotals, Day, Decision, GameKind, GameRecord, Question,
    ReviewedDecision,
};

/// A reviewed game's contribution to a player's file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReviewedGames {
    /// The player's decisions, every one.
    pub decisions: Vec<ReviewedDecision>,
    /// One record per finished game.
    pub games: Vec<GameRecord>,
}

/// The decisions of the player at `side` in `review` (of the game whose record is `record`),
/// played on `day`.
pub fn of_review(review: &ReviewPage, record: &str, side: Side, day: Day) -> ReviewedGames {
    match review {
        ReviewPage::Backgammon(page) => backgammon(&page.report, side, day),
        ReviewPage::Morris(page) => morris(&page.moves, record, side, day),
    }
}

/// The backgammon decisions of `side` (White is the report's player 0) in its finished games.
pub fn backgammon(report: &BackgammonReport, side: Side, day: Day) -> ReviewedGames {
    let player = side.index();
    let mut out = ReviewedGames::default();
    for game in report.games.iter().filter(|game| game.result.is_some()) {
        let mut totals = BackgammonTotals::default();
        for decision in game.decisions.iter().filter(|d| d.player == player) {
            let Some(reviewed) = ReviewedDecision::backgammon(BackgammonDecision {
                checker: decision.kind == DecisionKind::Checker,
                dice: decision.dice.as_deref(),
                position: &decision.xgid,
                played: &decision.played,
                best: &decision.best,
                equity_lost: decision.equity_lost,
                ply: report.plies,
            }) else {
                continue;
            };
            totals.add(&reviewed.question, decision.equity_lost, decision.luck);
            out.decisions.push(reviewed);
        }
        out.games.push(totals.record(day));
    }
    out
}

/// The Morris moves of `side` whose perfect value before the move is known (the databases
/// reach them), each with its position as FEN, and the game's record (value-changing moves).
/// Without any known value nothing is recorded: the count would be a guess.
pub fn morris(moves: &[MorrisMove], record: &str, side: Side, day: Day) -> ReviewedGames {
    let mut out = ReviewedGames::default();
    let Ok(record) = record.parse::<Record>() else {
        return out;
    };
    let positions = record.game.positions();
    let mut changes = 0;
    for mv in moves.iter().filter(|m| m.side == side) {
        let (Some(_), Some(before)) = (&mv.perfect_before, positions.get(mv.ply)) else {
            continue;
        };
        changes += u32::from(mv.perfect_changed);
        let fullmove = u32::try_from(mv.ply / 2 + 1).unwrap_or(u32::MAX);
        out.decisions.push(ReviewedDecision {
            game: GameKind::Morris,
            position: Fen::from_state(&MorrisState::Turn(*before), fullmove).to_string(),
            question: Question::MorrisMove,
            played: mv.played.to_string(),
            best: mv.best.to_string(),
            cost: Decision::MorrisValue {
                changed: mv.perfect_changed,
            },
            ply: 0,
        });
    }
    if !out.decisions.is_empty() && record.game.outcome().is_some() {
        out.games.push(GameRecord::Morris {
            day,
            value_changes: changes,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::report::{CubeBefore, Decision as ReviewDecision, GameReport, Mark};

    fn decision(
        player: usize,
        kind: DecisionKind,
        dice: Option<&str>,
        lost: f64,
    ) -> ReviewDecision {
        ReviewDecision {
            alternatives: Vec::new(),
            best: "13/10 24/23".to_string(),
            best_steps: None,
            board: None,
            cube: CubeBefore {
                owner: None,
                value: 1,
            },
            dice: dice.map(str::to_string),
            equity_lost: lost,
            kind,
            luck: dice.map(|_| 0.25),
            mark: Mark::None,
            played: "24/21".to_string(),
            played_steps: None,
            player,
            position_id: "4HPwATDgc/ABMA".to_string(),
            white_win: None,
            xgid: format!("XGID=x{player}{lost}"),
            cube_action: None,
        }
    }

    #[test]
    fn a_sides_decisions_of_its_finished_games_with_their_sums() {
        let report = BackgammonReport {
            games: vec![
                GameReport {
                    decisions: vec![
                        decision(0, DecisionKind::Checker, Some("31"), 0.1),
                        decision(1, DecisionKind::Checker, Some("42"), 0.2),
                        decision(0, DecisionKind::Double, None, 0.05),
                        decision(0, DecisionKind::Checker, None, 0.3),
                    ],
                    result: Some((0, 1)),
                    ..GameReport::default()
                },
                GameReport {
                    decisions: vec![decision(0, DecisionKind::Checker, Some("66"), 0.4)],
                    result: None,
                    ..GameReport::default()
                },
            ],
            plies: 2,
            ..BackgammonReport::default()
        };
        let white = backgammon(&report, Side::White, 9);
        let questions: Vec<_> = white.decisions.iter().map(|d| d.question.clone()).collect();
        assert_eq!(
            questions,
            [Question::CheckerPlay { dice: [3, 1] }, Question::CubeAction]
        );
        assert!(white.decisions.iter().all(|d| d.ply == 2));
        assert_eq!(
            white.games,
            [GameRecord::Backgammon {
                day: 9,
                checker_decisions: 1,
                checker_equity_lost: 0.1,
                cube_decisions: 1,
                cube_equity_lost: 0.05,
                luck: Some(0.25),
            }]
        );
        let black = backgammon(&report, Side::Black, 9);
        assert_eq!(black.decisions.len(), 1);
        assert_eq!(black.decisions[0].position, "XGID=x10.2");
    }
}
