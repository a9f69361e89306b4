//! Game reviews (`GET /api/games/{id}/review`): the analyser's verdict on every decision of a
//! game, with the board before each so that a page can step through the game, and a small cache
//! so that a finished game is reviewed once.
//!
//! * Backgammon: the analyser's match report (`ludus_backgammon_engine::analysis`, as JSON), each
//!   decision given its board (`board`, White's numbering like the game's view) and, where the
//!   analyser sets it, White's winning chance before it (`white_win`, the graph).
//! * Morris: the analyser's review (JSON: `ludus_morris_engine::review` gives the engine's moves,
//!   players and `graph`, White's view after each move, 100 per piece), with the board before and
//!   after each move (`boards`).

use crate::games::Side;
use crate::games::backgammon::BoardView;
use crate::games::morris::{MillView, side_of, standing_mills};
use lru::LruCache;
use ludus_backgammon::{Position as BgPosition, Seat};
use ludus_morris::record::Record;
use ludus_morris::{Move, Position, Rules, Square};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

/// The occupied points of a Morris board: `{"d6": "white", …}`.
pub type MorrisBoard = BTreeMap<&'static str, Side>;

/// `GET /api/games/{id}/review` of a Morris game: the analyser's review with `game` (`morris`),
/// `boards` (the board before the first move, then after each move) and `mills` added.
pub fn morris_review_page(mut review: Value, boards: MorrisBoards) -> Value {
    if let Value::Object(page) = &mut review {
        page.insert("game".to_string(), Value::from("morris"));
        if let Ok(Value::Object(extra)) = serde_json::to_value(boards) {
            page.extend(extra);
        }
    }
    review
}

/// The boards of a Morris game: before the first move, then after each move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MorrisBoards {
    /// The occupied points of each board.
    pub boards: Vec<MorrisBoard>,
    /// The mills standing on each board (the page keeps no table of mills).
    pub mills: Vec<Vec<MillView>>,
}

/// A Morris game as a review needs it: rules, start position, moves and the boards (start, then
/// after each move).
pub type MorrisGameParts = (Rules, Position, Vec<Move>, MorrisBoards);

/// The rules, the start, the moves and the boards of a Morris game record.
pub fn morris_game(record: &str) -> Result<MorrisGameParts, String> {
    let record: Record = record.parse().map_err(|error| format!("{error}"))?;
    let game = record.game;
    let boards = game
        .positions()
        .iter()
        .map(|position| {
            Square::ALL
                .into_iter()
                .filter_map(|square| Some((square.name(), side_of(position.piece_at(square)?))))
                .collect()
        })
        .collect();
    let mills = game.positions().iter().map(standing_mills).collect();
    Ok((
        *game.rules(),
        *game.start_position(),
        game.moves().to_vec(),
        MorrisBoards { boards, mills },
    ))
}

/// Adds to each decision of a backgammon analysis report its board (`board`) before it.
pub fn add_backgammon_boards(report: &mut Value) {
    let Some(games) = report.get_mut("games").and_then(Value::as_array_mut) else {
        return;
    };
    for game in games {
        let Some(decisions) = game.get_mut("decisions").and_then(Value::as_array_mut) else {
            continue;
        };
        for decision in decisions {
            let Some(board) = decision_board(decision) else {
                continue;
            };
            if let Ok(board) = serde_json::to_value(board) {
                decision["board"] = board;
            }
        }
    }
}

/// The board of a decision: its Position ID is from the view of the player on roll (the
/// decider, or the doubler for a take).
fn decision_board(decision: &Value) -> Option<BoardView> {
    let position = BgPosition::from_position_id(decision.get("position_id")?.as_str()?).ok()?;
    let decider = decision.get("player")?.as_u64()?;
    let doubler_on_roll = decision.get("kind")?.as_str()? == "take";
    let on_roll = match (decider == 0) != doubler_on_roll {
        true => Seat::Zero,
        false => Seat::One,
    };
    Some(BoardView::new(&position, on_roll))
}

/// How many reviews the cache keeps.
const CACHED_REVIEWS: usize = 64;

/// Reviews already made, by game id and the game's version (a review of a game that has moved
/// on since is made again).
pub struct ReviewCache {
    reviews: Mutex<LruCache<String, (usize, Arc<Value>)>>,
}

impl Default for ReviewCache {
    fn default() -> ReviewCache {
        ReviewCache {
            reviews: Mutex::new(LruCache::new(
                NonZeroUsize::new(CACHED_REVIEWS).unwrap_or(NonZeroUsize::MIN),
            )),
        }
    }
}

impl ReviewCache {
    /// The review of game `id` at `version`, if made.
    pub fn get(&self, id: &str, version: usize) -> Option<Arc<Value>> {
        let mut reviews = self.reviews.lock().unwrap_or_else(|p| p.into_inner());
        match reviews.get(id) {
            Some((made_at, review)) if *made_at == version => Some(review.clone()),
            _ => None,
        }
    }

    /// Keeps the review of game `id` at `version`.
    pub fn put(&self, id: &str, version: usize, review: Arc<Value>) {
        let mut reviews = self.reviews.lock().unwrap_or_else(|p| p.into_inner());
        reviews.put(id.to_string(), (version, review));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_morris_record_gives_a_board_per_move() {
        let (rules, start, moves, MorrisBoards { boards, mills }) =
            morris_game("1. d6 d2 2. b6 *").unwrap();
        assert_eq!(start, Position::new());
        assert_eq!(rules, Rules::standard());
        assert_eq!(moves.len(), 3);
        assert_eq!(boards.len(), 4);
        assert!(boards[0].is_empty());
        assert_eq!(boards[3].get("b6"), Some(&Side::White));
        assert_eq!(boards[3].get("d2"), Some(&Side::Black));
        assert_eq!(mills.len(), boards.len());
    }

    #[test]
    fn each_morris_board_comes_with_its_standing_mills() {
        let (.., MorrisBoards { mills, .. }) = morris_game("1. a7 a1 2. d7 d1 3. g7xa1 *").unwrap();
        assert!(mills[4].is_empty());
        assert_eq!(mills[5].len(), 1);
        assert_eq!(mills[5][0].points, ["a7", "d7", "g7"]);
    }

    #[test]
    fn a_morris_review_page_is_the_review_with_its_boards() {
        let (_, _, _, boards) = morris_game("1. d6 *").unwrap();
        let page = morris_review_page(json!({"moves": [], "graph": []}), boards);
        assert_eq!(page["game"], "morris");
        assert_eq!(page["moves"], json!([]));
        assert_eq!(page["boards"][1]["d6"], "white");
    }

    #[test]
    fn a_bad_morris_record_is_refused() {
        assert!(morris_game("1. d6 d6 *").is_err());
    }

    #[test]
    fn each_decision_gets_its_board_from_the_deciders_view() {
        let start = BgPosition::starting().position_id();
        let mut report = json!({"games": [{"decisions": [
            {"player": 0, "kind": "checker", "position_id": start},
            {"player": 1, "kind": "checker", "position_id": start},
            {"player": 1, "kind": "take", "position_id": start},
            {"player": 0, "kind": "checker", "position_id": "nonsense"},
        ]}]});
        add_backgammon_boards(&mut report);
        let decisions = &report["games"][0]["decisions"];
        // The starting position looks the same from both sides: White's 24-point holds two
        // White checkers, its 1-point two Black ones.
        for decision in 0..3 {
            assert_eq!(decisions[decision]["board"]["points"][23], 2);
            assert_eq!(decisions[decision]["board"]["points"][0], -2);
        }
        assert!(decisions[3].get("board").is_none());
    }

    #[test]
    fn the_cache_answers_only_for_the_same_version() {
        let cache = ReviewCache::default();
        cache.put("g", 3, Arc::new(json!(1)));
        assert_eq!(cache.get("g", 3).as_deref(), Some(&json!(1)));
        assert!(cache.get("g", 4).is_none());
        assert!(cache.get("h", 3).is_none());
    }
}
