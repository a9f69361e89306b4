//! No engine hints for a live game between people from the analysis board.
//!
//! The analysis endpoints (`/api/morris/analysis`, `/api/backgammon/analysis`) read a bare
//! position: nothing in the request names a game. So the server keeps the positions that the
//! players of every unfinished game between people decide on now ([`LiveHints`]), and refuses
//! to analyse any of them (403 `engine-help-after-game`, as for a game's review) for anybody,
//! seated or not: a client is known only by its address, which a player can change, so "the
//! positions of the requesting client's games" would be no bound at all.
//!
//! A position is matched up to what does not change its analysis: a Morris position under the
//! 16 board symmetries and the exchange of the colours, a backgammon position from either
//! player's side (the dice, the cube and the score are not part of the key). The standard
//! starting position of either game is never refused: its best replies are public opening
//! knowledge, and the analysis board opens on it.

use ludus_backgammon::Position as BackgammonPosition;
use ludus_morris::{Position as MorrisPosition, Setup};
use std::collections::HashMap;
use std::sync::Mutex;

/// A position as the analysis endpoints would analyse it, reduced to what its analysis depends
/// on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HintKey(String);

impl HintKey {
    /// The key of a Morris position: the smallest canonical board key of it and its colour
    /// exchange; `None` for a board without pieces (the start of the game).
    pub fn morris(position: &MorrisPosition) -> Option<HintKey> {
        let setup = position.setup();
        if setup.pieces == [0, 0] {
            return None;
        }
        let exchanged = Setup {
            pieces: [setup.pieces[1], setup.pieces[0]],
            in_hand: [setup.in_hand[1], setup.in_hand[0]],
            side_to_move: setup.side_to_move.opponent(),
            ..setup
        };
        let key = [Some(*position), MorrisPosition::try_from(exchanged).ok()]
            .into_iter()
            .flatten()
            .map(|p| p.canonical().0.board_key())
            .min()?;
        Some(HintKey(format!("morris {key:016x}")))
    }

    /// The key of a backgammon position seen from the player on roll; `None` for the starting
    /// position.
    pub fn backgammon(position: &BackgammonPosition) -> Option<HintKey> {
        (*position != BackgammonPosition::starting())
            .then(|| HintKey(format!("backgammon {}", position.position_id())))
    }

    /// The keys of a backgammon position from both players' sides.
    pub fn backgammon_both(position: &BackgammonPosition) -> Vec<HintKey> {
        [*position, position.swapped()]
            .iter()
            .filter_map(HintKey::backgammon)
            .collect()
    }

    /// The key of the Morris position an analysis request names (text form; the empty board
    /// when absent); `None` when it does not read (the analysis then says why) or is the start.
    pub fn of_morris_request(text: Option<&str>) -> Option<HintKey> {
        let position = text
            .filter(|text| !text.is_empty())
            .map_or(Some(MorrisPosition::new()), |text| text.parse().ok())?;
        HintKey::morris(&position)
    }

    /// The key of the backgammon position an analysis request names (a gnubg Position ID; the
    /// starting position when absent); `None` when it does not read or is the start.
    pub fn of_backgammon_request(position_id: Option<&str>) -> Option<HintKey> {
        let position = position_id
            .filter(|id| !id.is_empty())
            .map_or(Some(BackgammonPosition::starting()), |id| {
                BackgammonPosition::from_position_id(id).ok()
            })?;
        HintKey::backgammon(&position)
    }
}

/// The positions decided on now in the unfinished games between people, by game.
#[derive(Debug, Default)]
pub struct LiveHints {
    index: Mutex<Index>,
}

#[derive(Debug, Default)]
struct Index {
    /// Each game's keys.
    by_game: HashMap<String, Vec<HintKey>>,
    /// How many games hold each key.
    holders: HashMap<HintKey, usize>,
}

impl Index {
    fn remove(&mut self, game: &str) {
        for key in self.by_game.remove(game).unwrap_or_default() {
            if let Some(count) = self.holders.get_mut(&key) {
                *count -= 1;
                if *count == 0 {
                    self.holders.remove(&key);
                }
            }
        }
    }
}

impl LiveHints {
    /// Records the keys of game `id` now (none: a game over, against the computer, or at its
    /// start), replacing what it held before.
    pub fn set(&self, id: &str, keys: Vec<HintKey>) {
        let mut index = self.index.lock().unwrap_or_else(|p| p.into_inner());
        index.remove(id);
        if keys.is_empty() {
            return;
        }
        for key in &keys {
            *index.holders.entry(key.clone()).or_default() += 1;
        }
        index.by_game.insert(id.to_string(), keys);
    }

    /// Whether `key` is a position decided on now in an unfinished game between people.
    pub fn refuses(&self, key: &HintKey) -> bool {
        let index = self.index.lock().unwrap_or_else(|p| p.into_inner());
        index.holders.contains_key(key)
    }

    /// How many games hold keys.
    pub fn games(&self) -> usize {
        let index = self.index.lock().unwrap_or_else(|p| p.into_inner());
        index.by_game.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_morris::geometry::Symmetry;

    fn morris(text: &str) -> MorrisPosition {
        text.parse().expect("a position")
    }

    #[test]
    fn a_morris_key_is_the_same_under_every_symmetry_and_the_colour_exchange() {
        let position = morris("W......./.B....../........ w 8 8 2");
        let key = HintKey::morris(&position).expect("a key");
        for symmetry in Symmetry::ALL {
            assert_eq!(
                HintKey::morris(&position.transformed(symmetry)),
                Some(key.clone())
            );
        }
        let other = morris("WW....../.B....../........ b 7 8 2");
        assert_ne!(HintKey::morris(&other), Some(key));
        // In the movement phase the colours exchanged are the same position for the analysis
        // (while placing they are not a legal position at all: White places first).
        let moving = morris("W.W.W.../.B.B.B../........ w 0 0 0");
        let exchanged = morris("B.B.B.../.W.W.W../........ b 0 0 0");
        assert_eq!(HintKey::morris(&moving), HintKey::morris(&exchanged));
        assert!(HintKey::morris(&moving).is_some());
    }

    #[test]
    fn the_starting_positions_have_no_key() {
        assert_eq!(HintKey::morris(&MorrisPosition::new()), None);
        assert_eq!(HintKey::of_morris_request(None), None);
        assert_eq!(HintKey::backgammon(&BackgammonPosition::starting()), None);
        assert_eq!(HintKey::of_backgammon_request(Some("4HPwATDgc/ABMA")), None);
        assert_eq!(HintKey::of_backgammon_request(Some("not an id")), None);
    }

    #[test]
    fn a_key_is_refused_while_a_game_holds_it() {
        let hints = LiveHints::default();
        let a = HintKey::of_morris_request(Some("W......./......../........ b 8 9 1"));
        let a = a.expect("a key");
        hints.set("g1", vec![a.clone()]);
        hints.set("g2", vec![a.clone()]);
        assert!(hints.refuses(&a));
        hints.set("g1", Vec::new());
        assert!(hints.refuses(&a), "g2 still holds it");
        hints.set("g2", Vec::new());
        assert!(!hints.refuses(&a));
        assert_eq!(hints.games(), 0);
    }
}
