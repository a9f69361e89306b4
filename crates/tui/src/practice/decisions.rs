//! The reviews of both games turned into what the player file keeps: the player's decisions
//! ([`ReviewedDecision`]) and one [`GameRecord`] per finished game.

use ludus_backgammon_engine::analysis::{DecisionKind, MatchReview};
use ludus_morris::Position;
use ludus_morris::fen::Fen;
use ludus_morris::token::MorrisState;
use ludus_morris_engine::review::GameReview;
use ludus_practice::{
    BackgammonDecision, BackgammonTotals, Day, Decision, GameKind, GameRecord, Question,
    ReviewedDecision,
};

/// A reviewed game's contribution to the player file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReviewedGames {
    /// The player's decisions, every one (the file's threshold picks the mistakes).
    pub decisions: Vec<ReviewedDecision>,
    /// One record per game.
    pub games: Vec<GameRecord>,
}

/// The decisions of `player` (0 or 1, the `.mat` column) in the games of `review` numbered
/// `games` (1-based, as the report numbers them) that are finished, played on `day`.
pub fn backgammon(
    review: &MatchReview,
    player: usize,
    games: std::ops::RangeFrom<usize>,
    day: Day,
) -> ReviewedGames {
    let mut out = ReviewedGames::default();
    let plies = review.report.plies;
    for (game, details) in review.report.games.iter().zip(&review.details) {
        if !games.contains(&game.number) || game.result.is_none() {
            continue;
        }
        let mut record = BackgammonTotals::default();
        for (decision, detail) in game.decisions.iter().zip(details) {
            if decision.player != player {
                continue;
            }
            let Some(reviewed) = ReviewedDecision::backgammon(BackgammonDecision {
                checker: decision.kind == DecisionKind::Checker,
                dice: decision.dice.as_deref(),
                position: &detail.xgid,
                played: &decision.played,
                best: &decision.best,
                equity_lost: decision.equity_lost,
                ply: plies,
            }) else {
                continue;
            };
            record.add(&reviewed.question, decision.equity_lost, detail.luck);
            out.decisions.push(reviewed);
        }
        out.games.push(record.record(day));
    }
    out
}

/// The moves of `side` in a reviewed Morris game (standard rules: the position is written as
/// its FEN) whose perfect value before the move is known, and the game's record (value-changing
/// moves), played on `day`. Without any known value (no databases) nothing is recorded: the
/// count of value changes would be a guess.
pub fn morris(
    review: &GameReview,
    positions: &[Position],
    side: ludus_morris::Color,
    day: Day,
) -> ReviewedGames {
    let mut out = ReviewedGames::default();
    let mut changes = 0;
    for mv in review.moves.iter().filter(|m| m.side == side) {
        let (Some(_), Some(before)) = (mv.perfect_before, positions.get(mv.ply)) else {
            continue;
        };
        changes += u32::from(mv.perfect_changed);
        out.decisions.push(ReviewedDecision {
            game: GameKind::Morris,
            position: morris_text(before, mv.ply),
            question: Question::MorrisMove,
            played: mv.played.to_string(),
            best: mv.best.to_string(),
            cost: Decision::MorrisValue {
                changed: mv.perfect_changed,
            },
            ply: 0,
        });
    }
    if !out.decisions.is_empty() {
        out.games.push(GameRecord::Morris {
            day,
            value_changes: changes,
        });
    }
    out
}

/// The FEN of a Morris position before move `ply` (0-based).
pub fn morris_text(position: &Position, ply: usize) -> String {
    let fullmove = u32::try_from(ply / 2 + 1).unwrap_or(u32::MAX);
    Fen::from_state(&MorrisState::Turn(*position), fullmove).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reviewed move of `side` at `ply`, its perfect value known or not.
    fn reviewed(
        ply: usize,
        side: ludus_morris::Color,
        known: bool,
        changed: bool,
    ) -> ludus_morris_engine::review::MoveReview {
        use ludus_morris_engine::db::Value;
        use ludus_morris_engine::review::{MoveClass, MoveReview};
        MoveReview {
            ply,
            side,
            played: "a1".parse().unwrap(),
            best: "d2".parse().unwrap(),
            played_score: 0,
            best_score: 0,
            loss: 0,
            class: MoveClass::Best,
            perfect_before: known.then_some(Value::Draw),
            perfect_after: known.then_some(if changed { Value::Loss(8) } else { Value::Draw }),
            perfect_changed: changed,
            alternatives: Vec::new(),
        }
    }

    #[test]
    fn morris_moves_with_known_values_are_the_sides_decisions() {
        use ludus_morris::Color::{Black, White};
        let start = *ludus_morris::Game::new(ludus_morris::Rules::standard()).position();
        let positions = [start; 4];
        let review = GameReview {
            moves: vec![
                reviewed(0, White, true, true),
                reviewed(1, Black, true, true),
                reviewed(2, White, false, false),
                reviewed(3, Black, true, false),
            ],
            white: Default::default(),
            black: Default::default(),
        };
        let black = morris(&review, &positions, Black, 7);
        assert_eq!(black.decisions.len(), 2);
        assert_eq!(
            black.games,
            [GameRecord::Morris {
                day: 7,
                value_changes: 1
            }]
        );
        assert_eq!(
            black.decisions[0].cost,
            Decision::MorrisValue { changed: true }
        );
        assert_eq!(black.decisions[0].position, morris_text(&start, 1));
        // White's only move with a known value; without any, nothing is recorded.
        assert_eq!(morris(&review, &positions, White, 7).decisions.len(), 1);
        let unknown = GameReview {
            moves: vec![reviewed(0, White, false, false)],
            ..review
        };
        assert_eq!(
            morris(&unknown, &positions, White, 7),
            ReviewedGames::default()
        );
    }

    #[test]
    fn a_morris_position_reads_back_from_its_text() {
        let game = ludus_morris::Game::new(ludus_morris::Rules::standard());
        let start = *game.position();
        let text = morris_text(&start, 0);
        let fen: Fen = text.parse().unwrap();
        assert_eq!(fen.state().unwrap(), MorrisState::Turn(start));
    }
}
