//! One measure of every move, shared by the hint, the review (its best move, the played move's
//! value and the alternatives) and the analysis board, so that they cannot disagree: the hint is
//! the first move of [`Judge::rank`], and the review classes a move by how far it falls behind
//! that same first move.
//!
//! The truth rules, each move valued the same way:
//!
//! - **One search.** The position after the move (a capture's removal included) is searched by
//!   a fresh [`Searcher`] (no table or history left over from other positions) with the judge's
//!   weights, databases and the game's history, with a node budget and no clock: the same
//!   position and game history always get the same answer, on a loaded machine too.
//! - **One depth.** Each such search deepens one ply at a time, one ply shallower than the
//!   judge's depth, and keeps the score of every iteration
//!   ([`crate::search::SearchResult::iterations`]). Every move is valued at the deepest depth
//!   that *all* of them reached within the budget, so the best move and the alternatives are
//!   compared at one depth. A forced result or a database value holds at every depth.
//! - **One view.** The score is that of the position after the move, negated into the mover's
//!   view ([`parent_score`]): a move's value is exactly the negated search value of the
//!   position after it, at that depth. No averaging of iterations.
//! - **One repetition rule.** A move to a position already seen in the game (the history given,
//!   the position judged included) scores as a draw, as the search scores a repetition on its
//!   lines — except where the databases know the position after it: their perfect value holds
//!   (the rules draw at the third occurrence, not the second).
//!
//! The best move (the hint) is the first of the ranking, so its loss is 0. Where the databases
//! cover the position judged, the perfect move (the fastest win, the longest resistance, among
//! draws the one leaving the most losing replies) comes first among the moves of its value.
//!
//! ```
//! use ludus_morris::{Position, Rules};
//! use ludus_morris_engine::SearchLimits;
//! use ludus_morris_engine::judge::Judge;
//!
//! let judge = Judge::new(Rules::standard(), None).with_limits(SearchLimits::depth(2));
//! let ranked = judge.rank(&[], &Position::new());
//! assert_eq!(ranked.len(), 24);
//! assert!(ranked.windows(2).all(|pair| pair[0].score >= pair[1].score));
//! assert_eq!(judge.hint(&[], &Position::new()).map(|h| h.mv), Some(ranked[0].mv));
//! ```

use crate::db::Databases;
use crate::eval::Weights;
use crate::search::{SearchLimits, SearchResult, Searcher, WIN_THRESHOLD};
use crate::zobrist::key;
use ludus_morris::{Move, Position, Rules};

/// Depth of the judge's search, in plies from the position judged (each move's position after
/// it is searched one ply shallower). Depth 6 is the review's depth since it was introduced.
pub const JUDGE_DEPTH: u32 = 6;
/// Most nodes of the search of one move: tens of milliseconds at most in an optimised build, so
/// that the hint answers at once. The full-width search of the position after a move to depth 5
/// took at most 61,000 nodes over 50 seeded random positions (most under 20,000), so every move
/// usually reaches the judge's depth; where one does not, all are valued one ply shallower.
pub const JUDGE_NODES: u64 = 100_000;

/// The judge's setting: [`JUDGE_DEPTH`] plies, at most [`JUDGE_NODES`] nodes a move, no clock.
pub fn judge_limits() -> SearchLimits {
    SearchLimits {
        depth: Some(JUDGE_DEPTH),
        movetime: None,
        nodes: Some(JUDGE_NODES),
    }
}

/// A move and its value for the side that plays it, from before the move: hundredths of a piece
/// ([`crate::eval::PIECE`] each) or `±(WIN − plies)` for a forced result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The move.
    pub mv: Move,
    /// Its value for the mover.
    pub score: i32,
}

/// The measure of moves: the rules, the databases probed and the search of each move.
#[derive(Clone, Debug)]
pub struct Judge<'a> {
    rules: Rules,
    databases: Option<&'a Databases>,
    limits: SearchLimits,
    weights: Weights,
}

impl<'a> Judge<'a> {
    /// The judge of `rules` at [`judge_limits`], probing `databases` where given.
    pub fn new(rules: Rules, databases: Option<&'a Databases>) -> Judge<'a> {
        Judge {
            rules,
            databases,
            limits: judge_limits(),
            weights: Weights::tuned(),
        }
    }

    /// The same judge evaluating with `weights` instead of the tuned ones (for measuring a
    /// weight set by the judge's values).
    pub fn with_weights(mut self, weights: Weights) -> Judge<'a> {
        self.weights = weights;
        self
    }

    /// The same judge searching to `limits` instead (the depth counts from the position judged;
    /// a limit without depth, time or nodes means [`judge_limits`]).
    pub fn with_limits(mut self, limits: SearchLimits) -> Judge<'a> {
        if limits.depth.is_some() || limits.movetime.is_some() || limits.nodes.is_some() {
            self.limits = limits;
        }
        self
    }

    /// The rules judged by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The databases probed, if any.
    pub fn databases(&self) -> Option<&'a Databases> {
        self.databases
    }

    /// Every legal move of `position` with its value, best first (ties in the order of the move
    /// generator, the perfect move first where the databases cover `position`). `history` holds
    /// the positions of the game before `position`, oldest first.
    pub fn rank(&self, history: &[Position], position: &Position) -> Vec<Judged> {
        let mut seen: Vec<Position> = history.to_vec();
        seen.push(*position);
        let moves = position.legal_moves(&self.rules);
        let searched: Vec<(Move, Searched)> = moves
            .as_slice()
            .iter()
            .map(|&mv| (mv, self.search_move(&seen, position, mv)))
            .collect();
        let depth = shared_depth(searched.iter().map(|(_, s)| s));
        let mut ranked: Vec<Judged> = searched
            .iter()
            .map(|(mv, searched)| Judged {
                mv: *mv,
                score: searched.score_at(depth),
            })
            .collect();
        if let Some(perfect) = self.perfect_move(position)
            && let Some(at) = ranked.iter().position(|j| j.mv == perfect)
        {
            let first = ranked.remove(at);
            ranked.insert(0, first);
        }
        // Stable: the perfect move stays first among the moves of its value.
        ranked.sort_by_key(|j| std::cmp::Reverse(j.score));
        ranked
    }

    /// The best move of `position` and its value: the first of [`Judge::rank`] (`None` when the
    /// side to move has no legal move).
    pub fn hint(&self, history: &[Position], position: &Position) -> Option<Judged> {
        self.rank(history, position).into_iter().next()
    }

    /// The search of the position after `mv` in `position`; `seen` holds the game's positions
    /// up to and including `position`.
    fn search_move(&self, seen: &[Position], position: &Position, mv: Move) -> Searched {
        let after = position.play(mv);
        let after_key = key(&after);
        let known = self
            .databases
            .is_some_and(|dbs| crate::probe(dbs, &after, &self.rules).is_ok());
        if !known && after.is_movement_phase() && seen.iter().any(|p| key(p) == after_key) {
            return Searched::Repetition;
        }
        let mut searcher = Searcher::new(self.rules);
        searcher.set_databases(self.databases);
        searcher.set_weights(self.weights);
        searcher.set_history(seen);
        searcher.set_full_width(true);
        Searched::After(searcher.search(&after, &child_limits(&self.limits)))
    }

    /// The databases' perfect move of `position`, where they cover it.
    fn perfect_move(&self, position: &Position) -> Option<Move> {
        let databases = self.databases?;
        crate::probe(databases, position, &self.rules).ok()?;
        let mut searcher = Searcher::new(self.rules);
        searcher.set_databases(Some(databases));
        let found = searcher.search(position, &SearchLimits::depth(1));
        found.perfect.then_some(found.best_move).flatten()
    }
}

/// What the judge knows of one move: a repetition (a draw at every depth) or the search of the
/// position after it.
enum Searched {
    /// The move repeats a position of the game.
    Repetition,
    /// The search of the position after the move.
    After(SearchResult),
}

impl Searched {
    /// The deepest depth (of the search after the move) whose score is known.
    fn known_depth(&self) -> u32 {
        match self {
            Searched::Repetition => u32::MAX,
            Searched::After(result) => result.known_depth(),
        }
    }

    /// The move's value for its mover at `depth` plies of the search after it (a depth every
    /// move reached, see [`shared_depth`]).
    fn score_at(&self, depth: u32) -> i32 {
        match self {
            Searched::Repetition => 0,
            Searched::After(result) => parent_score(result.score_at(depth).unwrap_or(result.score)),
        }
    }
}

/// The deepest depth that every search reached.
fn shared_depth<'s>(searched: impl Iterator<Item = &'s Searched>) -> u32 {
    searched
        .map(Searched::known_depth)
        .min()
        .unwrap_or(u32::MAX)
}

/// The limits of the search after a move: one ply shallower.
pub(crate) fn child_limits(limits: &SearchLimits) -> SearchLimits {
    SearchLimits {
        depth: limits.depth.map(|d| d.saturating_sub(1).max(1)),
        ..limits.clone()
    }
}

/// A score of the position after a move, turned into the mover's view one ply earlier (a
/// forced result one ply further away).
pub fn parent_score(child: i32) -> i32 {
    if child > WIN_THRESHOLD {
        -(child - 1)
    } else if child < -WIN_THRESHOLD {
        -(child + 1)
    } else {
        -child
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WIN;

    fn position(text: &str) -> Position {
        text.parse().expect("a valid position")
    }

    #[test]
    fn a_winning_mill_is_ranked_first_as_a_forced_win() {
        let rules = Rules::no_flying();
        let p = position("WW.W..../BBB...../........ w 0 0 0");
        let judge = Judge::new(rules, None).with_limits(SearchLimits::depth(3));
        let best = judge.hint(&[], &p).expect("a move");
        assert_eq!(best.score, WIN - 1, "{best:?}");
        assert!(best.mv.remove.is_some());
    }

    #[test]
    fn the_same_question_gets_the_same_answer() {
        let rules = Rules::standard();
        let judge = Judge::new(rules, None);
        let p = Position::new().play("d6".parse().unwrap());
        assert_eq!(judge.rank(&[], &p), judge.rank(&[], &p));
    }

    #[test]
    fn a_move_back_to_a_position_of_the_game_scores_as_a_draw() {
        let rules = Rules::standard();
        let p = position("WW.W..../BBB...../........ w 0 0 0");
        let quiet = p
            .legal_moves(&rules)
            .as_slice()
            .iter()
            .copied()
            .find(|m| m.remove.is_none())
            .expect("a quiet move");
        let judge = Judge::new(rules, None).with_limits(SearchLimits::depth(3));
        let fresh = judge.rank(&[], &p);
        let seen_before = judge.rank(&[p.play(quiet)], &p);
        let score = |list: &[Judged]| list.iter().find(|j| j.mv == quiet).map(|j| j.score);
        assert_ne!(score(&fresh), Some(0));
        assert_eq!(score(&seen_before), Some(0));
    }
}
