//! The review as the page receives it ([`ReviewPage`]): typed from the analyser's report to the
//! JSON, with the boards and arrows the review adds. Types only; `review` fills them.

use crate::games::GameKind;
use crate::games::Side;
use crate::games::morris::MillView;
use crate::games::report::{self, BackgammonReport};
use serde::Serialize;
use std::collections::BTreeMap;

/// The occupied points of a Morris board: `{"d6": "white", …}`.
pub type MorrisBoard = BTreeMap<&'static str, Side>;

/// A review as the page receives it (`GET /api/games/{id}/review`, `POST /api/review`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ReviewPage {
    /// The review of a backgammon match.
    Backgammon(BackgammonPage),
    /// The review of a Morris game.
    Morris(MorrisPage),
}

impl ReviewPage {
    /// The same review, marked as made from a pasted or uploaded record (`imported`).
    pub fn imported(self) -> ReviewPage {
        match self {
            ReviewPage::Backgammon(page) => ReviewPage::Backgammon(BackgammonPage {
                imported: true,
                ..page
            }),
            ReviewPage::Morris(page) => ReviewPage::Morris(MorrisPage {
                imported: true,
                ..page
            }),
        }
    }
}

/// The review of a backgammon match: `{"game": "backgammon", "report": …}`, the analyser's
/// report with each decision's board and arrows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BackgammonPage {
    /// Always [`GameKind::Backgammon`].
    pub game: GameKind,
    /// Whether the review is of a pasted or uploaded record (sent only then).
    #[serde(skip_serializing_if = "is_false")]
    pub imported: bool,
    /// The analyser's report, each decision given its board (and a checker play its arrows).
    pub report: BackgammonReport,
}

/// The review of a Morris game: the analyser's review with `game` (`morris`), `boards` (the
/// board before the first move, then after each move) and `mills`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MorrisPage {
    /// The occupied points of each board.
    pub boards: Vec<MorrisBoard>,
    /// Always [`GameKind::Morris`].
    pub game: GameKind,
    /// The review's graph ([`MorrisReview::graph`](report::MorrisReview::graph)).
    pub graph: Vec<i32>,
    /// Whether the review is of a pasted or uploaded record (sent only then).
    #[serde(skip_serializing_if = "is_false")]
    pub imported: bool,
    /// The mills standing on each board.
    pub mills: Vec<Vec<MillView>>,
    /// Every move reviewed ([`MorrisReview::moves`](report::MorrisReview::moves)).
    pub moves: Vec<report::MorrisMove>,
    /// Both players' totals ([`MorrisReview::players`](report::MorrisReview::players)).
    pub players: report::MorrisPlayers,
}

/// Whether a flag is unset (serde's `skip_serializing_if` of `imported`).
fn is_false(flag: &bool) -> bool {
    !*flag
}

/// The boards of a Morris game: before the first move, then after each move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MorrisBoards {
    /// The occupied points of each board.
    pub boards: Vec<MorrisBoard>,
    /// The mills standing on each board (the page keeps no table of mills).
    pub mills: Vec<Vec<MillView>>,
}
