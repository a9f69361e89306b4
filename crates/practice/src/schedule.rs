//! SM-2 spaced repetition (SuperMemo, P. A. Wozniak, 1987–1990), from its published description:
//! the easiness factor starts at 2.5 and after a grade q (0..=5) becomes
//! EF' = EF + (0.1 − (5−q)(0.08 + (5−q)·0.02)), never below 1.3; the intervals are 1 day, 6 days,
//! then I(n) = I(n−1)·EF (rounded up to whole days); a grade below 3 restarts the repetitions
//! from the first interval without changing EF. SM-2 repeats the items that scored badly within
//! the same day's session; here a grade below 3 makes the card due again the same day (a missed
//! exercise comes back at once, a solved one a day or more later).
//!
//! Every change of EF is a whole number of hundredths (0.1 − d(0.08 + 0.02d) for d = 0..=5), so
//! EF is kept exactly as hundredths (250 = 2.5); the file and the schedule never drift.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::exercise::{Exercise, ExerciseId};

/// A day number (days since 1970-01-01 UTC), supplied by the caller.
pub type Day = u32;

/// The easiness factor a new card starts with, in hundredths (2.5).
pub const INITIAL_EF: u16 = 250;
/// The smallest easiness factor, in hundredths (1.3).
pub const MIN_EF: u16 = 130;

/// An SM-2 grade, 0 (blackout) ..= 5 (perfect response).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Grade(u8);

impl Grade {
    /// The grade `q`, or `None` when it is above 5.
    pub fn new(q: u8) -> Option<Self> {
        (q <= 5).then_some(Grade(q))
    }

    /// The grade as a number 0..=5.
    pub fn value(self) -> u8 {
        self.0
    }
}

/// How a player answered an exercise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Found the best choice unaided: grade 5.
    Right,
    /// Found the best choice after a hint: grade 3.
    RightAfterHint,
    /// Did not find the best choice: grade 1.
    Wrong,
}

impl Answer {
    /// The SM-2 grade of this answer.
    pub fn grade(self) -> Grade {
        match self {
            Answer::Right => Grade(5),
            Answer::RightAfterHint => Grade(3),
            Answer::Wrong => Grade(1),
        }
    }
}

/// The SM-2 schedule of one exercise.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Card {
    /// The exercise scheduled.
    pub id: ExerciseId,
    /// Easiness factor in hundredths, ≥ 130 (1.3).
    pub ef: u16,
    /// Successful repetitions in a row (n in SM-2).
    pub repetitions: u32,
    /// The last interval in days (0 before the first review).
    pub interval: u32,
    /// The day the exercise is next due.
    pub due: Day,
}

impl Card {
    /// A new card for `id`, due on `today`.
    pub fn new(id: ExerciseId, today: Day) -> Self {
        Card {
            id,
            ef: INITIAL_EF,
            repetitions: 0,
            interval: 0,
            due: today,
        }
    }

    /// Applies a review with `grade` on day `today` and sets the next due day: a grade below 3
    /// restarts the repetitions and is due again `today` (SM-2's same-day repetition); a passing
    /// grade is due after the next interval.
    pub fn review(&mut self, grade: Grade, today: Day) {
        if grade.0 < 3 {
            self.repetitions = 0;
            self.interval = 1;
            self.due = today;
        } else {
            self.ef = next_ef(self.ef, grade);
            self.repetitions += 1;
            self.interval = next_interval(self.repetitions, self.interval, self.ef);
            self.due = today.saturating_add(self.interval);
        }
    }

    /// Whether the card is due on `today`.
    pub fn is_due(&self, today: Day) -> bool {
        self.due <= today
    }
}

/// EF' = EF + (0.1 − (5−q)(0.08 + (5−q)·0.02)), at least 1.3; EF in hundredths.
pub fn next_ef(ef: u16, grade: Grade) -> u16 {
    let d = i32::from(5 - grade.0);
    let next = i32::from(ef) + 10 - d * (8 + 2 * d);
    u16::try_from(next.max(i32::from(MIN_EF))).unwrap_or(u16::MAX)
}

/// I(1) = 1, I(2) = 6, I(n) = ⌈I(n−1)·EF⌉ for n > 2; EF in hundredths.
pub fn next_interval(repetitions: u32, previous: u32, ef: u16) -> u32 {
    match repetitions {
        0 | 1 => 1,
        2 => 6,
        _ => {
            let days = (u64::from(previous) * u64::from(ef)).div_ceil(100);
            u32::try_from(days).unwrap_or(u32::MAX)
        }
    }
}

/// Today's set: due exercises, those erred on most often first, then the longest overdue,
/// at most `limit`.
pub fn daily_set(
    exercises: &[Exercise],
    cards: &[Card],
    today: Day,
    limit: usize,
) -> Vec<ExerciseId> {
    let erred: HashMap<ExerciseId, u32> = exercises.iter().map(|e| (e.id, e.times_erred)).collect();
    let mut due: Vec<&Card> = cards
        .iter()
        .filter(|c| c.is_due(today) && erred.contains_key(&c.id))
        .collect();
    due.sort_by_key(|c| (std::cmp::Reverse(erred[&c.id]), c.due, c.id));
    due.into_iter().take(limit).map(|c| c.id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(q: u8) -> Grade {
        Grade::new(q).unwrap()
    }

    #[test]
    fn ef_changes_per_grade_from_formula() {
        // q=5: 2.5 + (0.1 - 0*(...)) = 2.6
        assert_eq!(next_ef(250, g(5)), 260);
        // q=4: 2.5 + (0.1 - 1*(0.08 + 1*0.02)) = 2.5 + 0 = 2.5
        assert_eq!(next_ef(250, g(4)), 250);
        // q=3: 2.5 + (0.1 - 2*(0.08 + 2*0.02)) = 2.5 - 0.14 = 2.36
        assert_eq!(next_ef(250, g(3)), 236);
        // q=0: 2.5 + (0.1 - 5*(0.08 + 5*0.02)) = 2.5 - 0.8 = 1.7
        assert_eq!(next_ef(250, g(0)), 170);
        // floor: 1.4 - 0.14 = 1.26 -> 1.3
        assert_eq!(next_ef(140, g(3)), 130);
    }

    #[test]
    fn perfect_answers_give_1_6_17_50() {
        // EF after three 5s: 2.6, 2.7, 2.8; I3 = ceil(6*2.8) = ceil(16.8) = 17;
        // fourth 5: EF 2.9, I4 = ceil(17*2.9) = ceil(49.3) = 50.
        let mut c = Card::new(ExerciseId(1), 100);
        let mut days = Vec::new();
        let mut today = 100;
        for _ in 0..4 {
            c.review(g(5), today);
            days.push(c.interval);
            today = c.due;
        }
        assert_eq!(days, vec![1, 6, 17, 50]);
        assert_eq!(c.ef, 290);
        assert_eq!(c.due, 100 + 1 + 6 + 17 + 50);
    }

    #[test]
    fn hint_answers_lower_ef() {
        // Three grade-3 answers: EF 2.36, 2.22, 2.08; I = 1, 6, ceil(6*2.08)=ceil(12.48)=13.
        let mut c = Card::new(ExerciseId(1), 0);
        let mut days = Vec::new();
        for _ in 0..3 {
            c.review(g(3), c.due);
            days.push(c.interval);
        }
        assert_eq!(days, vec![1, 6, 13]);
        assert_eq!(c.ef, 208);
    }

    #[test]
    fn wrong_answer_restarts_and_keeps_ef() {
        let mut c = Card::new(ExerciseId(1), 0);
        c.review(Answer::Right.grade(), 0); // EF 2.6, I 1
        c.review(Answer::Right.grade(), 1); // EF 2.7, I 6
        c.review(Answer::Wrong.grade(), 7); // restart: I 1, EF kept 2.7, due again the same day
        assert_eq!((c.repetitions, c.interval, c.due), (0, 1, 7));
        assert_eq!(c.ef, 270);
        c.review(Answer::Right.grade(), 8); // EF 2.8, I 1 (first repetition again)
        assert_eq!((c.repetitions, c.interval, c.due), (1, 1, 9));
    }

    #[test]
    fn grade_above_five_is_refused() {
        assert!(Grade::new(6).is_none());
        assert_eq!(Answer::RightAfterHint.grade().value(), 3);
    }
}
