//! Progress statistics computed from stored game records and exercise results.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::exercise::{ExerciseId, GameKind};
use crate::schedule::{Answer, Day};

/// The error summary of one reviewed game of the player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum GameRecord {
    /// A backgammon game: decisions and equity lost, checker and cube apart.
    Backgammon {
        /// The day the game was played.
        day: Day,
        /// Checker decisions reviewed.
        checker_decisions: u32,
        /// Equity lost in checker play (sum, equity units).
        checker_equity_lost: f64,
        /// Cube decisions reviewed.
        cube_decisions: u32,
        /// Equity lost in cube actions (sum, equity units).
        cube_equity_lost: f64,
        /// The luck of the player's reviewed rolls (sum, equity units; positive: lucky), where
        /// the review measured it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        luck: Option<f64>,
    },
    /// A Morris game: moves that changed the perfect value.
    Morris {
        /// The day the game was played.
        day: Day,
        /// Moves that changed the perfect-play value.
        value_changes: u32,
    },
}

impl GameRecord {
    /// The game kind of the record.
    pub fn kind(&self) -> GameKind {
        match self {
            GameRecord::Backgammon { .. } => GameKind::Backgammon,
            GameRecord::Morris { .. } => GameKind::Morris,
        }
    }

    /// The day of the record.
    pub fn day(&self) -> Day {
        match self {
            GameRecord::Backgammon { day, .. } | GameRecord::Morris { day, .. } => *day,
        }
    }
}

/// One backgammon game's sums while its record is made from the player's reviewed decisions:
/// decisions and equity lost, checker play and cube apart, and the luck of the rolls.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BackgammonTotals {
    checker: (u32, f64),
    cube: (u32, f64),
    luck: Option<f64>,
}

impl BackgammonTotals {
    /// Adds a decision asking `question` that lost `lost` equity, its roll's `luck` where measured.
    pub fn add(&mut self, question: &crate::Question, lost: f64, luck: Option<f64>) {
        let sum = match question {
            crate::Question::CheckerPlay { .. } => &mut self.checker,
            _ => &mut self.cube,
        };
        sum.0 += 1;
        sum.1 += lost;
        if let Some(luck) = luck {
            *self.luck.get_or_insert(0.0) += luck;
        }
    }

    /// The game's record, played on `day`.
    pub fn record(self, day: Day) -> GameRecord {
        GameRecord::Backgammon {
            day,
            checker_decisions: self.checker.0,
            checker_equity_lost: self.checker.1,
            cube_decisions: self.cube.0,
            cube_equity_lost: self.cube.1,
            luck: self.luck,
        }
    }
}

/// A player's checker play in millipoints a decision over all the backgammon games of
/// `games`; `None` without a checker decision.
pub fn checker_mp_per_decision(games: &[GameRecord]) -> Option<f64> {
    let (decisions, lost) = games.iter().fold((0u32, 0.0), |(n, x), game| match game {
        GameRecord::Backgammon {
            checker_decisions,
            checker_equity_lost,
            ..
        } => (n + checker_decisions, x + checker_equity_lost),
        GameRecord::Morris { .. } => (n, x),
    });
    (decisions > 0).then(|| 1000.0 * lost / f64::from(decisions))
}

/// One answered exercise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExerciseResult {
    /// The exercise.
    pub id: ExerciseId,
    /// The day it was answered.
    pub day: Day,
    /// How it was answered.
    pub answer: Answer,
}

/// Progress of one game kind on one day.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProgressRow {
    /// The game kind.
    pub game: GameKind,
    /// The day.
    pub day: Day,
    /// Games played that day.
    pub games: u32,
    /// Backgammon: millipoints lost per checker decision (None without decisions).
    pub checker_mp_per_decision: Option<f64>,
    /// Backgammon: millipoints lost per cube decision (None without decisions).
    pub cube_mp_per_decision: Option<f64>,
    /// Morris: value-changing moves per game (None for backgammon or without games).
    pub value_changes_per_game: Option<f64>,
    /// Backgammon: the player's luck per game, in equity (None where no game measured it).
    pub luck_per_game: Option<f64>,
    /// Exercises answered right (with or without a hint) that day.
    pub exercises_right: u32,
    /// Exercises answered wrong that day.
    pub exercises_wrong: u32,
}

/// A player's progress: one row per game kind and day, in order.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Progress {
    /// Rows ordered by game kind, then day.
    pub rows: Vec<ProgressRow>,
}

#[derive(Default)]
struct Acc {
    games: u32,
    checker: (u32, f64),
    cube: (u32, f64),
    changes: u32,
    luck: (u32, f64),
    right: u32,
    wrong: u32,
}

fn per(total: f64, count: u32) -> Option<f64> {
    (count > 0).then(|| total / f64::from(count))
}

/// Computes the progress table from game records and exercise results; `kinds` tells the game
/// kind of each exercise (results of unknown exercises are left out).
pub fn progress(
    games: &[GameRecord],
    results: &[ExerciseResult],
    kinds: &HashMap<ExerciseId, GameKind>,
) -> Progress {
    let mut acc: BTreeMap<(GameKind, Day), Acc> = BTreeMap::new();
    for g in games {
        let a = acc.entry((g.kind(), g.day())).or_default();
        a.games += 1;
        add_game(a, g);
    }
    for r in results {
        let Some(&kind) = kinds.get(&r.id) else {
            continue;
        };
        let a = acc.entry((kind, r.day)).or_default();
        match r.answer {
            Answer::Wrong => a.wrong += 1,
            Answer::Right | Answer::RightAfterHint => a.right += 1,
        }
    }
    Progress {
        rows: acc
            .into_iter()
            .map(|((game, day), a)| row(game, day, &a))
            .collect(),
    }
}

fn add_game(a: &mut Acc, g: &GameRecord) {
    match *g {
        GameRecord::Backgammon {
            checker_decisions,
            checker_equity_lost,
            cube_decisions,
            cube_equity_lost,
            luck,
            ..
        } => {
            if let Some(luck) = luck {
                a.luck.0 += 1;
                a.luck.1 += luck;
            }
            a.checker.0 += checker_decisions;
            a.checker.1 += checker_equity_lost;
            a.cube.0 += cube_decisions;
            a.cube.1 += cube_equity_lost;
        }
        GameRecord::Morris { value_changes, .. } => a.changes += value_changes,
    }
}

fn row(game: GameKind, day: Day, a: &Acc) -> ProgressRow {
    let bg = game == GameKind::Backgammon;
    ProgressRow {
        game,
        day,
        games: a.games,
        checker_mp_per_decision: per(a.checker.1 * 1000.0, a.checker.0).filter(|_| bg),
        cube_mp_per_decision: per(a.cube.1 * 1000.0, a.cube.0).filter(|_| bg),
        value_changes_per_game: per(f64::from(a.changes), a.games).filter(|_| !bg),
        luck_per_game: per(a.luck.1, a.luck.0).filter(|_| bg),
        exercises_right: a.right,
        exercises_wrong: a.wrong,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_per_kind_and_day() {
        let games = [
            GameRecord::Backgammon {
                day: 10,
                checker_decisions: 20,
                checker_equity_lost: 0.2,
                cube_decisions: 4,
                cube_equity_lost: 0.1,
                luck: Some(0.3),
            },
            GameRecord::Backgammon {
                day: 10,
                checker_decisions: 30,
                checker_equity_lost: 0.3,
                cube_decisions: 0,
                cube_equity_lost: 0.0,
                luck: None,
            },
            GameRecord::Morris {
                day: 11,
                value_changes: 3,
            },
            GameRecord::Morris {
                day: 11,
                value_changes: 0,
            },
        ];
        let kinds = HashMap::from([(ExerciseId(1), GameKind::Morris)]);
        let results = [
            ExerciseResult {
                id: ExerciseId(1),
                day: 11,
                answer: Answer::Right,
            },
            ExerciseResult {
                id: ExerciseId(1),
                day: 12,
                answer: Answer::Wrong,
            },
            ExerciseResult {
                id: ExerciseId(9),
                day: 12,
                answer: Answer::Wrong,
            },
        ];
        let p = progress(&games, &results, &kinds);
        assert_eq!(p.rows.len(), 3);
        let bg = &p.rows[0];
        // 0.5 equity over 50 checker decisions = 10 mp; 0.1 over 4 cube decisions = 25 mp.
        assert_eq!((bg.game, bg.day, bg.games), (GameKind::Backgammon, 10, 2));
        assert!((bg.checker_mp_per_decision.unwrap() - 10.0).abs() < 1e-9);
        assert!((bg.cube_mp_per_decision.unwrap() - 25.0).abs() < 1e-9);
        assert_eq!(bg.value_changes_per_game, None);
        // Luck is averaged over the games that measured it.
        assert_eq!(bg.luck_per_game, Some(0.3));
        let m = &p.rows[1];
        assert_eq!(
            (m.day, m.games, m.value_changes_per_game),
            (11, 2, Some(1.5))
        );
        assert_eq!((m.exercises_right, m.exercises_wrong), (1, 0));
        let m2 = &p.rows[2];
        assert_eq!((m2.day, m2.games, m2.exercises_wrong), (12, 0, 1));
    }
}
