//! Exercises made from reviewed decisions.

use serde::{Deserialize, Serialize};

/// Which game an exercise belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Backgammon.
    Backgammon,
    /// Nine Men's Morris.
    Morris,
}

/// The question an exercise asks about its position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Question {
    /// Backgammon: find the best checker play for these dice.
    CheckerPlay {
        /// The two dice rolled, each 1..=6.
        dice: [u8; 2],
    },
    /// Backgammon: the cube action (double / take / pass).
    CubeAction,
    /// Morris: find a move that keeps the perfect value.
    MorrisMove,
}

/// How much a reviewed decision cost the player.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Decision {
    /// Backgammon: equity lost against the best choice, in equity units (0.01 = 10 mp).
    EquityLoss {
        /// Non-negative equity lost.
        equity: f64,
    },
    /// Morris: whether the move changed the perfect-play value (win/draw/loss).
    MorrisValue {
        /// True when the played move turned a better value into a worse one.
        changed: bool,
    },
}

/// One decision of a reviewed game, as the review reports it (converted at the boundary).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReviewedDecision {
    /// The game the decision was made in.
    pub game: GameKind,
    /// The position as text (XGID, or gnubg Position ID + ":" + Match ID, or Morris FEN-like text).
    pub position: String,
    /// What was to be decided.
    pub question: Question,
    /// The player's choice, in the notation the review uses.
    pub played: String,
    /// The best choice according to the review.
    pub best: String,
    /// What the choice cost.
    pub cost: Decision,
    /// The ply (search depth) of the review, 0 for Morris databases.
    pub ply: u8,
}

/// Thresholds that decide which decisions become exercises.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Threshold {
    /// Minimal equity loss for a checker play to become an exercise.
    pub checker: f64,
    /// Minimal equity loss for a cube action to become an exercise.
    pub cube: f64,
}

impl Default for Threshold {
    /// 0.04 equity (40 mp) for checker plays and cube actions alike.
    fn default() -> Self {
        Threshold {
            checker: 0.04,
            cube: 0.04,
        }
    }
}

/// A stable identifier of an exercise: FNV-1a 64 of the game, position and question.
/// Written in files as 16 hex digits (a JSON number would lose bits in JavaScript).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct ExerciseId(pub u64);

impl From<ExerciseId> for String {
    fn from(id: ExerciseId) -> String {
        id.to_string()
    }
}

impl TryFrom<String> for ExerciseId {
    type Error = std::num::ParseIntError;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        u64::from_str_radix(&text, 16).map(ExerciseId)
    }
}

impl ExerciseId {
    /// The id of `question` asked about `position` in `game`.
    pub fn of(game: GameKind, position: &str, question: &Question) -> Self {
        let key = format!("{game:?}|{}|{}", position.trim(), question_key(question));
        ExerciseId(fnv1a(key.as_bytes()))
    }
}

impl std::fmt::Display for ExerciseId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

fn question_key(question: &Question) -> String {
    match question {
        Question::CheckerPlay { dice } => {
            let (lo, hi) = (dice[0].min(dice[1]), dice[0].max(dice[1]));
            format!("checker{lo}{hi}")
        }
        Question::CubeAction => "cube".to_string(),
        Question::MorrisMove => "move".to_string(),
    }
}

pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The two dice of a review's `"31"` (higher die first or not, as written); `None` for a text
/// without two digits.
pub fn dice_of(text: &str) -> Option<[u8; 2]> {
    let mut digits = text.chars().filter_map(|c| c.to_digit(10));
    let (a, b) = (digits.next()?, digits.next()?);
    Some([u8::try_from(a).ok()?, u8::try_from(b).ok()?])
}

/// An exercise: a position and question the player got wrong, with the answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Exercise {
    /// Stable id from game, position and question.
    pub id: ExerciseId,
    /// The game.
    pub game: GameKind,
    /// The position as text.
    pub position: String,
    /// What is asked.
    pub question: Question,
    /// The player's choice in the game (the most recent one when erred repeatedly).
    pub played: String,
    /// The best choice.
    pub best: String,
    /// What the player's choice cost (the largest loss seen).
    pub cost: Decision,
    /// The review's ply.
    pub ply: u8,
    /// How many times the player made this mistake in games.
    pub times_erred: u32,
}

/// A backgammon decision as a review reports it, before it becomes a [`ReviewedDecision`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BackgammonDecision<'a> {
    /// A checker play (else a double or a take).
    pub checker: bool,
    /// A checker play's dice as the review writes them (`"31"`).
    pub dice: Option<&'a str>,
    /// The position as an XGID.
    pub position: &'a str,
    /// The choice made, in the review's words.
    pub played: &'a str,
    /// The best choice.
    pub best: &'a str,
    /// The equity lost.
    pub equity_lost: f64,
    /// The review's lookahead.
    pub ply: u8,
}

impl ReviewedDecision {
    /// The reviewed decision of `decision`; `None` for a checker play whose dice do not read.
    pub fn backgammon(decision: BackgammonDecision<'_>) -> Option<ReviewedDecision> {
        let question = if decision.checker {
            Question::CheckerPlay {
                dice: dice_of(decision.dice?)?,
            }
        } else {
            Question::CubeAction
        };
        Some(ReviewedDecision {
            game: GameKind::Backgammon,
            position: decision.position.to_string(),
            question,
            played: decision.played.to_string(),
            best: decision.best.to_string(),
            cost: Decision::EquityLoss {
                equity: decision.equity_lost,
            },
            ply: decision.ply,
        })
    }

    /// Whether this decision is a mistake under `threshold`.
    pub fn is_mistake(&self, threshold: &Threshold) -> bool {
        match (self.cost, &self.question) {
            (Decision::EquityLoss { equity }, Question::CubeAction) => equity >= threshold.cube,
            (Decision::EquityLoss { equity }, _) => equity >= threshold.checker,
            (Decision::MorrisValue { changed }, _) => changed,
        }
    }

    fn to_exercise(&self) -> Exercise {
        Exercise {
            id: ExerciseId::of(self.game, &self.position, &self.question),
            game: self.game,
            position: self.position.clone(),
            question: self.question.clone(),
            played: self.played.clone(),
            best: self.best.clone(),
            cost: self.cost,
            ply: self.ply,
            times_erred: 1,
        }
    }
}

/// Merges the mistakes among `decisions` into `exercises`: a new mistake adds an exercise,
/// a repeated one raises its count. Returns the ids of the exercises touched, in order.
pub fn exercises_from(
    exercises: &mut Vec<Exercise>,
    decisions: &[ReviewedDecision],
    threshold: &Threshold,
) -> Vec<ExerciseId> {
    let mut touched = Vec::new();
    for decision in decisions.iter().filter(|d| d.is_mistake(threshold)) {
        let new = decision.to_exercise();
        match exercises.iter_mut().find(|e| e.id == new.id) {
            Some(old) => merge(old, new),
            None => exercises.push(new),
        }
        touched.push(ExerciseId::of(
            decision.game,
            &decision.position,
            &decision.question,
        ));
    }
    touched
}

fn merge(old: &mut Exercise, new: Exercise) {
    old.times_erred += 1;
    old.played = new.played;
    old.best = new.best;
    old.ply = new.ply;
    if let (Decision::EquityLoss { equity: a }, Decision::EquityLoss { equity: b }) =
        (old.cost, new.cost)
    {
        old.cost = Decision::EquityLoss { equity: a.max(b) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checker(position: &str, dice: [u8; 2], loss: f64) -> ReviewedDecision {
        ReviewedDecision {
            game: GameKind::Backgammon,
            position: position.into(),
            question: Question::CheckerPlay { dice },
            played: "13/9 13/10".into(),
            best: "13/10 24/20".into(),
            cost: Decision::EquityLoss { equity: loss },
            ply: 2,
        }
    }

    #[test]
    fn dice_read_from_the_review_text() {
        assert_eq!(dice_of("31"), Some([3, 1]));
        assert_eq!(dice_of("66"), Some([6, 6]));
        assert_eq!(dice_of("6"), None);
    }

    #[test]
    fn threshold_is_inclusive_and_cube_apart() {
        let t = Threshold {
            checker: 0.04,
            cube: 0.10,
        };
        assert!(checker("XGID=a", [3, 4], 0.04).is_mistake(&t));
        assert!(!checker("XGID=a", [3, 4], 0.039).is_mistake(&t));
        let mut cube = checker("XGID=a", [0, 0], 0.08);
        cube.question = Question::CubeAction;
        assert!(!cube.is_mistake(&t));
        cube.cost = Decision::EquityLoss { equity: 0.10 };
        assert!(cube.is_mistake(&t));
    }

    #[test]
    fn same_mistake_twice_is_one_exercise_with_count() {
        let mut ex = Vec::new();
        let ds = [
            checker("XGID=a", [3, 4], 0.05),
            checker("XGID=a", [4, 3], 0.09),
            checker("XGID=b", [3, 4], 0.01),
        ];
        let touched = exercises_from(&mut ex, &ds, &Threshold::default());
        assert_eq!(touched.len(), 2);
        assert_eq!(ex.len(), 1);
        assert_eq!(ex[0].times_erred, 2);
        assert_eq!(ex[0].cost, Decision::EquityLoss { equity: 0.09 });
    }

    #[test]
    fn morris_value_changing_moves_only() {
        let mut d = ReviewedDecision {
            game: GameKind::Morris,
            position: "********/********/******** w p 9 9".into(),
            question: Question::MorrisMove,
            played: "a1".into(),
            best: "d2".into(),
            cost: Decision::MorrisValue { changed: false },
            ply: 0,
        };
        let mut ex = Vec::new();
        assert!(
            exercises_from(&mut ex, std::slice::from_ref(&d), &Threshold::default()).is_empty()
        );
        d.cost = Decision::MorrisValue { changed: true };
        exercises_from(&mut ex, &[d], &Threshold::default());
        assert_eq!(ex.len(), 1);
    }

    #[test]
    fn id_is_stable_golden() {
        // FNV-1a 64 of the empty string is the offset basis.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c (published test vector).
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        let q = Question::CubeAction;
        let id = ExerciseId(0x00ab_cdef_0123_4567);
        assert_eq!(serde_json::to_string(&id).unwrap(), "\"00abcdef01234567\"");
        assert_eq!(
            serde_json::from_str::<ExerciseId>("\"00abcdef01234567\"").unwrap(),
            id
        );
        assert_ne!(
            ExerciseId::of(GameKind::Backgammon, "X", &q),
            ExerciseId::of(GameKind::Morris, "X", &q)
        );
    }
}
