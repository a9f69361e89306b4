//! The player file: one JSON document with a player's exercises, schedule and history.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::exercise::{
    Exercise, ExerciseId, Question, ReviewedDecision, Threshold, exercises_from,
};
use crate::schedule::{Answer, Card, Day, MIN_EF};
use crate::stats::{ExerciseResult, GameRecord};

/// The format version this crate writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// Everything the practice feature keeps about one player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerFile {
    /// Format version, [`FORMAT_VERSION`].
    pub format: u32,
    /// The thresholds that make exercises.
    pub threshold: Threshold,
    /// The exercises.
    pub exercises: Vec<Exercise>,
    /// The SM-2 schedule, one card per exercise.
    pub cards: Vec<Card>,
    /// Answered exercises.
    pub results: Vec<ExerciseResult>,
    /// Reviewed games.
    pub games: Vec<GameRecord>,
    /// The keys of the reviews already added ([`review_key`]): the same game reviewed again
    /// adds nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reviewed: Vec<String>,
}

impl Default for PlayerFile {
    fn default() -> Self {
        PlayerFile {
            format: FORMAT_VERSION,
            threshold: Threshold::default(),
            exercises: Vec::new(),
            cards: Vec::new(),
            results: Vec::new(),
            games: Vec::new(),
            reviewed: Vec::new(),
        }
    }
}

impl PlayerFile {
    /// Adds a reviewed game: its mistakes under the file's threshold become exercises (a new one
    /// with a card due on `today`, one erred in another game counted again) and `games` join the
    /// history. Returns the ids of the exercises the game touched, in order; nothing is added,
    /// and nothing returned, for a review added before (the same decisions, [`review_key`]).
    pub fn add_review(
        &mut self,
        decisions: &[ReviewedDecision],
        games: impl IntoIterator<Item = GameRecord>,
        today: Day,
    ) -> Vec<ExerciseId> {
        if let Some(key) = review_key(decisions) {
            if self.reviewed.contains(&key) {
                return Vec::new();
            }
            self.reviewed.push(key);
        }
        let touched = exercises_from(&mut self.exercises, decisions, &self.threshold);
        for &id in &touched {
            if !self.cards.iter().any(|c| c.id == id) {
                self.cards.push(Card::new(id, today));
            }
        }
        self.games.extend(games);
        touched
    }

    /// The exercise with `id`.
    pub fn exercise(&self, id: ExerciseId) -> Option<&Exercise> {
        self.exercises.iter().find(|e| e.id == id)
    }

    /// Records an answer to exercise `id` on `today`: the result joins the history and the card
    /// is rescheduled (a card is made for an exercise that had none). Returns the card, `None`
    /// when the file has no such exercise.
    pub fn answer(&mut self, id: ExerciseId, answer: Answer, today: Day) -> Option<&Card> {
        self.exercise(id)?;
        let index = match self.cards.iter().position(|c| c.id == id) {
            Some(index) => index,
            None => {
                self.cards.push(Card::new(id, today));
                self.cards.len() - 1
            }
        };
        self.cards[index].review(answer.grade(), today);
        self.results.push(ExerciseResult {
            id,
            day: today,
            answer,
        });
        Some(&self.cards[index])
    }
}

impl PlayerFile {
    /// Merges `other` (the same player's file from another machine) into this one, so that
    /// merging a file twice, or into itself, changes nothing: exercises by id (the larger count
    /// of errors and loss), each exercise's card the one further along (the later due day),
    /// answered exercises and game records each as often as the file with more of them has
    /// it, reviews by key; this file's thresholds stay, unless it holds nothing yet (a new
    /// machine's file takes the imported one's).
    pub fn merge(&mut self, other: PlayerFile) {
        if self.exercises.is_empty() && self.games.is_empty() && self.results.is_empty() {
            self.threshold = other.threshold;
        }
        for theirs in other.exercises {
            match self.exercises.iter_mut().find(|mine| mine.id == theirs.id) {
                Some(mine) => {
                    mine.times_erred = mine.times_erred.max(theirs.times_erred);
                    if let (
                        crate::Decision::EquityLoss { equity: a },
                        crate::Decision::EquityLoss { equity: b },
                    ) = (mine.cost, theirs.cost)
                    {
                        mine.cost = crate::Decision::EquityLoss { equity: a.max(b) };
                    }
                }
                None => self.exercises.push(theirs),
            }
        }
        for theirs in other.cards {
            match self.cards.iter_mut().find(|mine| mine.id == theirs.id) {
                Some(mine) if theirs.due > mine.due => *mine = theirs,
                Some(_) => {}
                None => self.cards.push(theirs),
            }
        }
        union_counted(&mut self.results, other.results);
        union_counted(&mut self.games, other.games);
        for key in other.reviewed {
            if !self.reviewed.contains(&key) {
                self.reviewed.push(key);
            }
        }
    }
}

/// Adds to `mine` each item of `theirs` that `theirs` holds more often than `mine` does.
fn union_counted<T: PartialEq + Clone>(mine: &mut Vec<T>, theirs: Vec<T>) {
    let mut extra = Vec::new();
    for (index, item) in theirs.iter().enumerate() {
        let in_theirs = theirs[..=index].iter().filter(|x| *x == item).count();
        let in_mine = mine.iter().filter(|x| *x == item).count();
        if in_theirs > in_mine {
            extra.push(item.clone());
        }
    }
    mine.extend(extra);
}

/// The key of a review: a hash of its decisions (position, question and play, in order), as 16
/// hex digits; `None` for a review without decisions. Two games give the same key only when the
/// player met the same positions and played the same in all of them.
pub fn review_key(decisions: &[ReviewedDecision]) -> Option<String> {
    if decisions.is_empty() {
        return None;
    }
    let text: String = decisions
        .iter()
        .map(|d| format!("{}|{:?}|{}\n", d.position.trim(), d.question, d.played))
        .collect();
    Some(format!("{:016x}", crate::exercise::fnv1a(text.as_bytes())))
}

/// Why a player file was refused.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// Not JSON of the player-file shape.
    #[error("not a player file: {0}")]
    Json(#[from] serde_json::Error),
    /// A format version this program does not read.
    #[error(
        "player file format {found} is not supported (this program reads format {FORMAT_VERSION})"
    )]
    Version {
        /// The version found in the file.
        found: u32,
    },
    /// Two exercises share an id.
    #[error("exercise {0} appears twice")]
    DuplicateExercise(ExerciseId),
    /// An exercise's id does not match its position and question.
    #[error("exercise {0} does not match its position and question")]
    WrongId(ExerciseId),
    /// Dice outside 1..=6.
    #[error("exercise {0} has dice outside 1..6")]
    BadDice(ExerciseId),
    /// A card or result names no exercise of the file, or a card appears twice.
    #[error("schedule entry {0} names no exercise or appears twice")]
    StrayCard(ExerciseId),
    /// An easiness factor below 1.3.
    #[error("exercise {0} has an easiness factor below 1.3")]
    BadEf(ExerciseId),
    /// A threshold or equity that is negative or not a number.
    #[error("a threshold or equity is negative or not a number")]
    BadNumber,
}

/// Writes `file` as pretty JSON.
pub fn export(file: &PlayerFile) -> String {
    serde_json::to_string_pretty(file).expect("a player file always serialises")
}

/// Reads and checks a player file.
pub fn import(text: &str) -> Result<PlayerFile, FileError> {
    #[derive(Deserialize)]
    struct Version {
        format: u32,
    }
    let version: Version = serde_json::from_str(text)?;
    if version.format != FORMAT_VERSION {
        return Err(FileError::Version {
            found: version.format,
        });
    }
    let file: PlayerFile = serde_json::from_str(text)?;
    validate(&file)?;
    Ok(file)
}

fn valid_number(x: f64) -> bool {
    x.is_finite() && x >= 0.0
}

fn validate(file: &PlayerFile) -> Result<(), FileError> {
    if !valid_number(file.threshold.checker) || !valid_number(file.threshold.cube) {
        return Err(FileError::BadNumber);
    }
    let mut ids = HashSet::new();
    for e in &file.exercises {
        validate_exercise(e)?;
        if !ids.insert(e.id) {
            return Err(FileError::DuplicateExercise(e.id));
        }
    }
    let mut carded = HashSet::new();
    for c in &file.cards {
        if !ids.contains(&c.id) || !carded.insert(c.id) {
            return Err(FileError::StrayCard(c.id));
        }
        if c.ef < MIN_EF {
            return Err(FileError::BadEf(c.id));
        }
    }
    match file.results.iter().find(|r| !ids.contains(&r.id)) {
        Some(r) => Err(FileError::StrayCard(r.id)),
        None => validate_games(&file.games),
    }
}

fn validate_exercise(e: &Exercise) -> Result<(), FileError> {
    if e.id != ExerciseId::of(e.game, &e.position, &e.question) {
        return Err(FileError::WrongId(e.id));
    }
    if let Question::CheckerPlay { dice } = e.question
        && dice.iter().any(|d| !(1..=6).contains(d))
    {
        return Err(FileError::BadDice(e.id));
    }
    match e.cost {
        crate::Decision::EquityLoss { equity } if !valid_number(equity) => {
            Err(FileError::BadNumber)
        }
        _ => Ok(()),
    }
}

fn validate_games(games: &[GameRecord]) -> Result<(), FileError> {
    let bad = games.iter().any(|g| match *g {
        GameRecord::Backgammon {
            checker_equity_lost,
            cube_equity_lost,
            luck,
            ..
        } => {
            !valid_number(checker_equity_lost)
                || !valid_number(cube_equity_lost)
                || luck.is_some_and(|l| !l.is_finite())
        }
        GameRecord::Morris { .. } => false,
    });
    if bad {
        Err(FileError::BadNumber)
    } else {
        Ok(())
    }
}
