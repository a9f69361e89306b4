//! Game review: every move of a finished (or unfinished) game next to the engine's best move.
//!
//! For each ply, [`review_game`] ranks every legal move of the position before the move with the
//! [`crate::judge`] (the hint's measure, with the game's history for the repetition rule): the
//! best move is the first of that ranking — the hint's move — and the played move's value is its
//! own entry, both from the mover's view in Ludus's scale: 100 per piece, `±(WIN − plies)` for a
//! forced result (see [`crate::WIN`]). A move the hint gives is therefore never an error. The
//! *loss* is how much the played move gives away, with forced results counted as
//! [`LOSS_WIN_VALUE`] so one thrown win does not swamp a player's average. Where the endgame
//! databases know the positions before and after the move, the review adds their perfect-play
//! values and flags a move that made the mover's perfect value worse (a win thrown to a draw or a
//! loss, a draw thrown to a loss).
//!
//! Classes by loss, in pieces ([`MoveClass::of_loss`]):
//!
//! | class        | loss                          |
//! |--------------|-------------------------------|
//! | Best         | the best move, or loss 0      |
//! | Good         | below 0.25                    |
//! | Inaccuracy   | 0.25 to below 0.75            |
//! | Mistake      | 0.75 to below 2               |
//! | Blunder      | 2 or more, or a perfect value thrown away |
//!
//! A review serialises (serde) as the JSON the server's review page reads: `moves` (each with
//! `ply`, `side` as `white`/`black`, `played` and `best` in notation, `played_score`,
//! `best_score`, `loss`, `class` by name, `perfect_before`/`perfect_after` as text such as
//! `win in 12`, `perfect_changed`, `alternatives`: each `move`, `value`, `perfect`, `played`),
//! `players` (`white` and `black` totals) and `graph`
//! ([`GameReview::white_graph`]). The server does not know this engine: `ludus-players` converts a
//! review, field by field, into the server's typed view of it, whose JSON is this one.
//!
//! ```
//! use ludus_morris::{Move, Position, Rules};
//! use ludus_morris_engine::review::{MoveClass, ReviewOptions, review_game};
//! use ludus_morris_engine::SearchLimits;
//!
//! let rules = Rules::standard();
//! let moves: Vec<Move> = ["d6", "d2"].iter().map(|m| m.parse().unwrap()).collect();
//! let options = ReviewOptions { limits: SearchLimits::depth(2), ..ReviewOptions::default() };
//! let review = review_game(&rules, &Position::new(), &moves, &options).unwrap();
//! assert_eq!(review.moves.len(), 2);
//! assert!(review.moves.iter().all(|m| m.loss >= 0));
//! assert_eq!(review.white.moves + review.black.moves, 2);
//! # let _ = MoveClass::Best;
//! ```

use crate::db::{Databases, Value};
use crate::judge::Judge;
use crate::search::SearchLimits;
use crate::{eval::PIECE, probe};
use ludus_morris::{Color, IllegalMove, Move, Position, Rules};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use std::fmt;
use std::ops::ControlFlow;
use thiserror::Error;

/// A forced win counts as this many hundredths of a piece (10 pieces) when losses are computed.
pub const LOSS_WIN_VALUE: i32 = 10 * PIECE;
/// Smallest loss of an inaccuracy (hundredths of a piece).
pub const INACCURACY_LOSS: i32 = PIECE / 4;
/// Smallest loss of a mistake (hundredths of a piece).
pub const MISTAKE_LOSS: i32 = PIECE * 3 / 4;
/// Smallest loss of a blunder (hundredths of a piece).
pub const BLUNDER_LOSS: i32 = 2 * PIECE;

/// How a move compares with the engine's best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveClass {
    /// The engine's move, or one just as good.
    Best,
    /// Loses less than a quarter of a piece.
    Good,
    /// Loses a quarter to three quarters of a piece.
    Inaccuracy,
    /// Loses three quarters of a piece to two pieces.
    Mistake,
    /// Loses two pieces or more, or throws away a perfect-play value.
    Blunder,
}

impl MoveClass {
    /// Every class, best first.
    pub const ALL: [MoveClass; 5] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The class of a move losing `loss` hundredths of a piece (see the module table).
    ///
    /// ```
    /// use ludus_morris_engine::review::MoveClass;
    /// assert_eq!(MoveClass::of_loss(0), MoveClass::Best);
    /// assert_eq!(MoveClass::of_loss(30), MoveClass::Inaccuracy);
    /// assert_eq!(MoveClass::of_loss(250), MoveClass::Blunder);
    /// ```
    pub fn of_loss(loss: i32) -> MoveClass {
        match loss {
            l if l <= 0 => MoveClass::Best,
            l if l < INACCURACY_LOSS => MoveClass::Good,
            l if l < MISTAKE_LOSS => MoveClass::Inaccuracy,
            l if l < BLUNDER_LOSS => MoveClass::Mistake,
            _ => MoveClass::Blunder,
        }
    }

    /// A short lower-case name: `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// Whether the class counts as an error (inaccuracy, mistake or blunder).
    pub const fn is_error(self) -> bool {
        matches!(
            self,
            MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder
        )
    }
}

impl fmt::Display for MoveClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One reviewed move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReview {
    /// Index of the move in the game (0 = the first move after the start position).
    pub ply: usize,
    /// The side that made it.
    #[serde(serialize_with = "lowercase_color")]
    pub side: Color,
    /// The move played.
    #[serde(serialize_with = "as_text")]
    pub played: Move,
    /// The engine's best move in the position before it.
    #[serde(serialize_with = "as_text")]
    pub best: Move,
    /// The played move's score from the mover's view (100 per piece; forced results as `WIN`).
    pub played_score: i32,
    /// The best move's score from the mover's view.
    pub best_score: i32,
    /// What the played move gave away, in hundredths of a piece (0 for the best move).
    pub loss: i32,
    /// The class of the move.
    #[serde(serialize_with = "as_text")]
    pub class: MoveClass,
    /// The databases' perfect value of the position before the move (mover's view), if known.
    #[serde(serialize_with = "as_optional_text")]
    pub perfect_before: Option<Value>,
    /// The databases' perfect value after the move, from the mover's view, if known.
    #[serde(serialize_with = "as_optional_text")]
    pub perfect_after: Option<Value>,
    /// Whether the move made the mover's perfect value worse (win → draw/loss, draw → loss).
    pub perfect_changed: bool,
    /// The best moves of the position before the move, best first, by the same measure as
    /// `best_score` and `played_score`, and the played move where it is not among them
    /// ([`ReviewOptions::alternatives`] of them; empty when that is 0).
    pub alternatives: Vec<Alternative>,
}

/// One player's totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PlayerSummary {
    /// Moves reviewed.
    pub moves: usize,
    /// Moves classed best.
    pub best: usize,
    /// Moves classed good.
    pub good: usize,
    /// Inaccuracies.
    pub inaccuracies: usize,
    /// Mistakes.
    pub mistakes: usize,
    /// Blunders.
    pub blunders: usize,
    /// Sum of the losses, in hundredths of a piece.
    #[serde(skip)]
    pub total_loss: i64,
    /// Average loss per move, in hundredths of a piece (0 with no moves).
    pub average_loss: f64,
    /// Moves that made the player's perfect-play value worse.
    pub perfect_changes: usize,
}

impl PlayerSummary {
    /// The number of moves of `class`.
    pub fn count(&self, class: MoveClass) -> usize {
        match class {
            MoveClass::Best => self.best,
            MoveClass::Good => self.good,
            MoveClass::Inaccuracy => self.inaccuracies,
            MoveClass::Mistake => self.mistakes,
            MoveClass::Blunder => self.blunders,
        }
    }

    /// The totals of `side`'s moves in `moves`.
    pub fn of(side: Color, moves: &[MoveReview]) -> PlayerSummary {
        let mut summary = PlayerSummary::default();
        for review in moves.iter().filter(|m| m.side == side) {
            summary.moves += 1;
            summary.total_loss += i64::from(review.loss);
            summary.perfect_changes += usize::from(review.perfect_changed);
            *match review.class {
                MoveClass::Best => &mut summary.best,
                MoveClass::Good => &mut summary.good,
                MoveClass::Inaccuracy => &mut summary.inaccuracies,
                MoveClass::Mistake => &mut summary.mistakes,
                MoveClass::Blunder => &mut summary.blunders,
            } += 1;
        }
        if summary.moves > 0 {
            summary.average_loss = summary.total_loss as f64 / summary.moves as f64;
        }
        summary
    }
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
    /// White's totals.
    pub white: PlayerSummary,
    /// Black's totals.
    pub black: PlayerSummary,
}

impl GameReview {
    /// The totals of `side`.
    pub fn summary(&self, side: Color) -> &PlayerSummary {
        match side {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The engine's value of the position after each move from White's view, forced results
    /// capped at ±[`LOSS_WIN_VALUE`]: the points of an equity graph (one per move).
    pub fn white_graph(&self) -> Vec<i32> {
        self.moves
            .iter()
            .map(|m| {
                let value = capped(m.played_score);
                if m.side == Color::White {
                    value
                } else {
                    -value
                }
            })
            .collect()
    }
}

impl Serialize for GameReview {
    /// `moves`, `players` (`white`, `black`) and `graph` (see the module's documentation).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// Both players' totals, by seat name.
        #[derive(Serialize)]
        struct Players<'a> {
            white: &'a PlayerSummary,
            black: &'a PlayerSummary,
        }
        let mut review = serializer.serialize_struct("GameReview", 3)?;
        review.serialize_field("moves", &self.moves)?;
        review.serialize_field(
            "players",
            &Players {
                white: &self.white,
                black: &self.black,
            },
        )?;
        review.serialize_field("graph", &self.white_graph())?;
        review.end()
    }
}

/// A colour as the server names a seat: `white`, `black`.
fn lowercase_color<S: Serializer>(color: &Color, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(match color {
        Color::White => "white",
        Color::Black => "black",
    })
}

/// A value by its text form (a move in notation, a class by name, a perfect value).
fn as_text<T: fmt::Display, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// An optional value by its text form, `null` when absent.
fn as_optional_text<T: fmt::Display, S: Serializer>(
    value: &Option<T>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serializer.collect_str(value),
        None => serializer.serialize_none(),
    }
}

/// Why a game cannot be reviewed.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ReviewError {
    /// A move of the game is illegal in its position.
    #[error("move {number} ({mv}) is illegal: {error}", number = .ply + 1)]
    IllegalMove {
        /// Index of the move.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        error: IllegalMove,
    },
    /// The progress callback asked to stop ([`ReviewOptions::progress`]).
    #[error("the review was cancelled after {done} of {total} moves")]
    Cancelled {
        /// Moves reviewed before it stopped.
        done: usize,
        /// Moves in the game.
        total: usize,
    },
}

/// Called after each reviewed move with (moves done, moves in all); `ControlFlow::Break` stops
/// the review, which then answers [`ReviewError::Cancelled`].
pub type Progress<'a> = &'a dyn Fn(usize, usize) -> ControlFlow<()>;

/// How to review.
#[derive(Clone, Default)]
pub struct ReviewOptions<'a> {
    /// The search of each position, as for [`Judge::with_limits`] (default: the judge's setting,
    /// [`crate::judge::judge_limits`], which the hint uses too).
    pub limits: SearchLimits,
    /// How many of the best moves of each position the review lists as alternatives (with the
    /// played move where it is not among them; 0: none).
    pub alternatives: usize,
    /// Endgame databases for the perfect values and for the search (`None`: engine only).
    pub databases: Option<&'a Databases>,
    /// Called after each move; can stop the review (a front end's progress display and its
    /// cancel key).
    pub progress: Option<Progress<'a>>,
}

impl fmt::Debug for ReviewOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReviewOptions")
            .field("limits", &self.limits)
            .field("alternatives", &self.alternatives)
            .field("databases", &self.databases.map(|d| d.dir().to_path_buf()))
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// Reviews `moves` played from `start` under `rules`.
///
/// Errors when a move is illegal in its position (nothing is reviewed then).
pub fn review_game(
    rules: &Rules,
    start: &Position,
    moves: &[Move],
    options: &ReviewOptions,
) -> Result<GameReview, ReviewError> {
    let positions = replay(rules, start, moves)?;
    let judge = Judge::new(*rules, options.databases).with_limits(options.limits.clone());
    let mut reviews = Vec::with_capacity(moves.len());
    for (ply, &played) in moves.iter().enumerate() {
        reviews.push(review_move(&judge, &positions, ply, played, options));
        if let Some(progress) = options.progress
            && progress(ply + 1, moves.len()).is_break()
        {
            return Err(ReviewError::Cancelled {
                done: ply + 1,
                total: moves.len(),
            });
        }
    }
    Ok(GameReview {
        white: PlayerSummary::of(Color::White, &reviews),
        black: PlayerSummary::of(Color::Black, &reviews),
        moves: reviews,
    })
}

/// One move of a reviewed position: the engine's value and, where the databases know the
/// position after it, its perfect-play value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Alternative {
    /// The move, in notation.
    #[serde(rename = "move", serialize_with = "as_text")]
    pub mv: Move,
    /// Its value for the mover (hundredths of a piece; forced results as `WIN` less the plies).
    pub value: i32,
    /// The databases' value of the move for the mover (`win in 12`, …), `None` where the
    /// position after it is in no database built.
    #[serde(serialize_with = "as_optional_text")]
    pub perfect: Option<Value>,
    /// Whether this is the move played.
    pub played: bool,
}

/// The positions of the game: the start and one after each move.
fn replay(rules: &Rules, start: &Position, moves: &[Move]) -> Result<Vec<Position>, ReviewError> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(*start);
    for (ply, &mv) in moves.iter().enumerate() {
        let next = positions[ply]
            .play_checked(rules, mv)
            .map_err(|error| ReviewError::IllegalMove { ply, mv, error })?;
        positions.push(next);
    }
    Ok(positions)
}

/// Reviews move `ply` of the game whose positions are `positions`: the played move against the
/// first of the judge's ranking of the position before it (the hint's move there).
fn review_move(
    judge: &Judge,
    positions: &[Position],
    ply: usize,
    played: Move,
    options: &ReviewOptions,
) -> MoveReview {
    let (before, after) = (&positions[ply], &positions[ply + 1]);
    let rules = judge.rules();
    let ranked = judge.rank(&positions[..ply], before);
    let best = ranked.first().map_or(played, |j| j.mv);
    let best_score = ranked.first().map_or(0, |j| j.score);
    let played_score = ranked
        .iter()
        .find(|j| j.mv == played)
        .map_or(best_score, |j| j.score);
    let perfect_before = options.databases.and_then(|d| probe(d, before, rules).ok());
    let perfect_after = options
        .databases
        .and_then(|d| probe(d, after, rules).ok())
        .map(Value::parent);
    let perfect_changed = match (perfect_before, perfect_after) {
        (Some(b), Some(a)) => outcome_rank(a) < outcome_rank(b),
        _ => false,
    };
    let loss = (capped(best_score) - capped(played_score)).max(0);
    let class = if perfect_changed {
        MoveClass::Blunder
    } else if best == played {
        MoveClass::Best
    } else {
        MoveClass::of_loss(loss)
    };
    let alternatives = ranked
        .iter()
        .enumerate()
        .filter(|&(i, j)| i < options.alternatives || (options.alternatives > 0 && j.mv == played))
        .map(|(_, j)| Alternative {
            mv: j.mv,
            value: j.score,
            perfect: options
                .databases
                .and_then(|d| crate::analysis::move_value(d, before, j.mv, rules)),
            played: j.mv == played,
        })
        .collect();
    MoveReview {
        ply,
        side: before.side_to_move(),
        played,
        best,
        played_score,
        best_score,
        loss,
        class,
        perfect_before,
        perfect_after,
        perfect_changed,
        alternatives,
    }
}

/// A score with forced results counted as ±[`LOSS_WIN_VALUE`].
fn capped(score: i32) -> i32 {
    score.clamp(-LOSS_WIN_VALUE, LOSS_WIN_VALUE)
}

/// Win 2, draw 1, loss 0: the distance does not count as a change of value.
fn outcome_rank(value: Value) -> u8 {
    match value {
        Value::Win(_) => 2,
        Value::Draw => 1,
        Value::Loss(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::WIN;
    use crate::search::Searcher;
    use crate::zobrist::key;

    fn position(text: &str) -> Position {
        text.parse().expect("a valid position")
    }

    fn mv(text: &str) -> Move {
        text.parse().expect("a valid move")
    }

    fn options(depth: u32) -> ReviewOptions<'static> {
        ReviewOptions {
            limits: SearchLimits::depth(depth),
            ..ReviewOptions::default()
        }
    }

    #[test]
    fn the_winning_removal_is_best_with_loss_zero() {
        let p = position("WW.W..../BBB...../........ w 0 0 0");
        let rules = Rules::no_flying();
        let best = Searcher::new(rules)
            .search(&p, &SearchLimits::depth(3))
            .best_move
            .expect("a move");
        let review = review_game(&rules, &p, &[best], &options(3)).expect("legal");
        let m = &review.moves[0];
        assert_eq!((m.class, m.loss, m.best), (MoveClass::Best, 0, best));
        assert_eq!(m.played_score, WIN - 1);
        assert_eq!(m.side, Color::White);
    }

    /// The first legal move of `p` that removes nothing.
    fn first_quiet_move(p: &Position, rules: &Rules) -> Move {
        p.legal_moves(rules)
            .as_slice()
            .iter()
            .copied()
            .find(|m| m.remove.is_none())
            .expect("a quiet move")
    }

    #[test]
    fn missing_the_winning_mill_is_a_blunder() {
        // g4-g7 closes a7-d7-g7 and wins; a1-b2?? does not (a1 is empty: slide a7's partner).
        let p = position("WW.W..../BBB...../........ w 0 0 0");
        let rules = Rules::no_flying();
        let other = first_quiet_move(&p, &rules);
        let review = review_game(&rules, &p, &[other], &options(3)).expect("legal");
        let m = &review.moves[0];
        assert_eq!(m.class, MoveClass::Blunder, "{m:?}");
        assert!(m.loss >= BLUNDER_LOSS);
        assert_eq!(m.best_score, WIN - 1);
        assert_ne!(m.best, other);
    }

    #[test]
    fn letting_a_mill_be_closed_in_placement_is_a_blunder() {
        // White has a7 and d7 and will close a7-d7-g7 by placing on g7; Black must block there.
        let rules = Rules::standard();
        let moves: Vec<Move> = ["a7", "a1", "d7"].iter().map(|m| mv(m)).collect();
        let mut game: Vec<Move> = moves.clone();
        game.push(mv("g1")); // does not block g7
        let review = review_game(&rules, &Position::new(), &game, &options(3)).expect("legal");
        let blunder = &review.moves[3];
        assert_eq!(blunder.side, Color::Black);
        assert_eq!(blunder.best.to.name(), "g7", "{blunder:?}");
        assert!(blunder.class >= MoveClass::Mistake, "{blunder:?}");
        assert!(blunder.loss >= MISTAKE_LOSS);
    }

    #[test]
    fn summaries_add_up() {
        let rules = Rules::standard();
        let game: Vec<Move> = ["a7", "a1", "d7", "g1", "g7xa1", "d1"]
            .iter()
            .map(|m| mv(m))
            .collect();
        let review = review_game(&rules, &Position::new(), &game, &options(2)).expect("legal");
        for side in Color::ALL {
            let s = review.summary(side);
            let by_class: usize = MoveClass::ALL.iter().map(|&c| s.count(c)).sum();
            assert_eq!(by_class, s.moves);
            assert_eq!(s.moves, 3);
            let losses: i64 = review
                .moves
                .iter()
                .filter(|m| m.side == side)
                .map(|m| i64::from(m.loss))
                .sum();
            assert_eq!(s.total_loss, losses);
            assert!((s.average_loss - losses as f64 / 3.0).abs() < 1e-9);
        }
        assert_eq!(review.white_graph().len(), game.len());
        assert!(review.moves.iter().all(|m| m.loss >= 0));
        assert!(
            review
                .moves
                .iter()
                .all(|m| (m.best == m.played) == (m.class == MoveClass::Best) || m.loss == 0)
        );
    }

    #[test]
    fn an_illegal_move_is_rejected_with_its_number() {
        let rules = Rules::standard();
        let game = [mv("a7"), mv("a7")];
        let error = review_game(&rules, &Position::new(), &game, &options(1)).unwrap_err();
        assert!(
            error.to_string().starts_with("move 2 (a7) is illegal"),
            "{error}"
        );
    }

    #[test]
    fn progress_is_reported_after_each_move_and_can_stop_the_review() {
        let moves: Vec<Move> = ["d6", "d2", "b4", "f4"].iter().map(|m| mv(m)).collect();
        let seen = std::sync::Mutex::new(Vec::new());
        let record = |done: usize, total: usize| {
            seen.lock().unwrap().push((done, total));
            ControlFlow::Continue(())
        };
        let reporting = ReviewOptions {
            progress: Some(&record),
            ..options(2)
        };
        let review = review_game(&Rules::standard(), &Position::new(), &moves, &reporting).unwrap();
        assert_eq!(review.moves.len(), 4);
        assert_eq!(*seen.lock().unwrap(), [(1, 4), (2, 4), (3, 4), (4, 4)]);
        // The same review as without a callback.
        let plain = review_game(&Rules::standard(), &Position::new(), &moves, &options(2)).unwrap();
        assert_eq!(review, plain);
        // Stopping after the second move: nothing more is searched.
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let stop_after_two = |done: usize, _: usize| {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if done == 2 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        };
        let stopping = ReviewOptions {
            progress: Some(&stop_after_two),
            ..options(2)
        };
        let stopped = review_game(&Rules::standard(), &Position::new(), &moves, &stopping);
        assert_eq!(stopped, Err(ReviewError::Cancelled { done: 2, total: 4 }));
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 2);
    }

    /// The 3-against-3 databases without flying, built under a temporary directory named
    /// `name` (the caller removes it).
    fn three_against_three(name: &str) -> (std::path::PathBuf, Databases) {
        use crate::db::Subspace;
        let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let dbs = Databases::new(&dir);
        let subspace = Subspace {
            flying: false,
            mover: 3,
            opponent: 3,
        };
        dbs.build(subspace, false, &mut |_, _| {})
            .expect("3 vs 3 builds");
        (dir, dbs)
    }

    /// 3 vs 3 without flying, its databases built: White to move wins at once with g4-g7
    /// (a7-d7-g7); the rules, the databases' directory, the databases, the position and a quiet
    /// move that does not win at once.
    fn winning_position(name: &str) -> (Rules, std::path::PathBuf, Databases, Position, Move) {
        let rules = Rules::no_flying();
        let (dir, dbs) = three_against_three(name);
        let p = position("WW.W..../BBB...../........ w 0 0 0");
        let quiet = first_quiet_move(&p, &rules);
        (rules, dir, dbs, p, quiet)
    }

    #[test]
    fn perfect_values_flag_a_thrown_win() {
        let (rules, dir, dbs, p, quiet) = winning_position("ludus-review-test");
        let opts = ReviewOptions {
            databases: Some(&dbs),
            ..options(2)
        };
        let review = review_game(&rules, &p, &[quiet], &opts).expect("legal");
        let m = &review.moves[0];
        assert_eq!(m.perfect_before, Some(Value::Win(1)));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(matches!(
            m.perfect_after,
            Some(Value::Win(_)) | Some(Value::Draw) | Some(Value::Loss(_))
        ));
        assert_eq!(
            m.perfect_changed,
            !matches!(m.perfect_after, Some(Value::Win(_))),
            "{m:?}"
        );
        if m.perfect_changed {
            assert_eq!(m.class, MoveClass::Blunder);
        }
    }

    /// Options listing `count` alternatives at `depth`, probing `databases`.
    fn with_alternatives(
        depth: u32,
        count: usize,
        databases: Option<&Databases>,
    ) -> ReviewOptions<'_> {
        ReviewOptions {
            alternatives: count,
            databases,
            ..options(depth)
        }
    }

    #[test]
    fn every_move_comes_with_its_best_alternatives() {
        let rules = Rules::standard();
        let moves = [mv("d6"), mv("d2"), mv("b6")];
        let opts = with_alternatives(3, 5, None);
        let review = review_game(&rules, &Position::new(), &moves, &opts).unwrap();
        for (m, played) in review.moves.iter().zip(moves) {
            let list = &m.alternatives;
            assert!((5..=6).contains(&list.len()), "{list:?}");
            assert!(list.windows(2).all(|pair| pair[0].value >= pair[1].value));
            assert_eq!(list.iter().filter(|a| a.played).count(), 1);
            assert!(list.iter().any(|a| a.mv == played && a.played));
            assert!(list.iter().all(|a| a.perfect.is_none()));
            // One measure: the first alternative is the best move, the played one its score.
            assert_eq!((list[0].mv, list[0].value), (m.best, m.best_score));
            let own = list.iter().find(|a| a.played).expect("the played move");
            assert_eq!(own.value, m.played_score);
        }
        let json = serde_json::to_value(&review.moves[0].alternatives[0]).unwrap();
        assert!(json["move"].is_string() && json["value"].is_number());
        assert!(json["perfect"].is_null());
        let none = review_game(&rules, &Position::new(), &moves, &options(2)).unwrap();
        assert!(none.moves.iter().all(|m| m.alternatives.is_empty()));
    }

    #[test]
    fn alternatives_carry_the_databases_values_where_built() {
        let (rules, dir, dbs, p, quiet) = winning_position("ludus-alternatives");
        let review = review_game(&rules, &p, &[quiet], &with_alternatives(2, 5, Some(&dbs)));
        let _ = std::fs::remove_dir_all(&dir);
        let list = &review.expect("legal").moves[0].alternatives;
        assert!(list.iter().all(|a| a.perfect.is_some()), "{list:?}");
        // The engine's best move wins at once, as the databases say.
        assert_eq!(list[0].perfect, Some(Value::Win(1)), "{list:?}");
    }

    /// A game of `plies` moves where each side plays the judge's hint, except that every
    /// `deviate`-th move is the first legal move instead.
    fn hinted_game(
        rules: &Rules,
        limits: &SearchLimits,
        plies: usize,
        deviate: usize,
    ) -> Vec<Move> {
        let judge = Judge::new(*rules, None).with_limits(limits.clone());
        let mut positions = vec![Position::new()];
        let mut moves = Vec::new();
        for ply in 0..plies {
            let now = positions[ply];
            if now.outcome(rules).is_some() {
                break;
            }
            let mv = if ply % deviate == deviate - 1 {
                now.legal_moves(rules).as_slice()[0]
            } else {
                judge.hint(&positions[..ply], &now).expect("a move").mv
            };
            moves.push(mv);
            positions.push(now.play(mv));
        }
        moves
    }

    #[test]
    fn a_hinted_move_is_never_an_error_in_the_review() {
        let rules = Rules::standard();
        let limits = SearchLimits::depth(3);
        let moves = hinted_game(&rules, &limits, 40, 5);
        let opts = ReviewOptions {
            limits: limits.clone(),
            ..ReviewOptions::default()
        };
        let review = review_game(&rules, &Position::new(), &moves, &opts).unwrap();
        for (ply, m) in review
            .moves
            .iter()
            .enumerate()
            .filter(|(ply, _)| ply % 5 != 4)
        {
            assert_eq!((m.class, m.loss), (MoveClass::Best, 0), "ply {ply}: {m:?}");
        }
    }

    /// The slide back of a quiet slide `m`, if it is legal in `p`.
    fn slide_back(p: &Position, rules: &Rules, m: Move) -> Option<Move> {
        let back = Move {
            from: Some(m.to),
            to: m.from?,
            remove: None,
        };
        p.legal_moves(rules)
            .as_slice()
            .contains(&back)
            .then_some(back)
    }

    /// In `p`, a quiet slide of the side to move and a quiet reply that can both be taken back.
    fn shuffle(p: &Position, rules: &Rules) -> Option<(Move, Move)> {
        let quiet = |q: &Position| -> Vec<Move> {
            let list = q.legal_moves(rules);
            list.as_slice()
                .iter()
                .copied()
                .filter(|m| m.remove.is_none())
                .collect()
        };
        quiet(p).into_iter().find_map(|m| {
            let one = p.play(m);
            quiet(&one)
                .into_iter()
                .find(|&n| {
                    let two = one.play(n);
                    slide_back(&two, rules, m)
                        .is_some_and(|b| slide_back(&two.play(b), rules, n).is_some())
                })
                .map(|n| (m, n))
        })
    }

    #[test]
    fn a_hint_does_not_repeat_into_the_draw_the_review_would_call_an_error() {
        // The c3-c4, c4-c3 case: a side a piece up shuffles a piece out and back while the
        // other shuffles too. The hint, told the game's history, does not take the side back to
        // a position of the game (a draw by the one repetition rule) when it has better, and the
        // review of the hinted move agrees that it is the best.
        let rules = Rules::no_flying();
        let start = position("WWWW..W./BBB.B.../........ w 0 0 0");
        let (m, n) = shuffle(&start, &rules).expect("a shuffle");
        let mut positions = vec![start, start.play(m)];
        positions.push(positions[1].play(n));
        let back = slide_back(&positions[2], &rules, m).expect("White slides back");
        positions.push(positions[2].play(back));
        let undo = slide_back(&positions[3], &rules, n).expect("Black slides back");
        assert_eq!(key(&positions[3].play(undo)), key(&start));
        let limits = SearchLimits::depth(3);
        let judge = Judge::new(rules, None).with_limits(limits.clone());
        let ranked = judge.rank(&positions[..3], &positions[3]);
        let repeat = ranked.iter().find(|j| j.mv == undo).expect("legal");
        assert_eq!(repeat.score, 0, "{ranked:?}");
        let hint = judge.hint(&positions[..3], &positions[3]).expect("a move");
        assert_eq!(hint, ranked[0]);
        if ranked[0].score > 0 {
            assert_ne!(hint.mv, undo, "{ranked:?}");
        }
        let mut moves = vec![m, n, back, hint.mv];
        let opts = ReviewOptions {
            limits,
            ..ReviewOptions::default()
        };
        let review = review_game(&rules, &start, &moves, &opts).unwrap();
        assert_eq!(
            review.moves[3].class,
            MoveClass::Best,
            "{:?}",
            review.moves[3]
        );
        // The repetition, played instead, is judged by the same measure: a draw.
        moves[3] = undo;
        let repeated = review_game(&rules, &start, &moves, &opts).unwrap();
        assert_eq!(repeated.moves[3].played_score, 0);
        assert_eq!(repeated.moves[3].best_score, ranked[0].score);
    }

    #[test]
    fn a_review_serialises_as_the_review_page_reads_it() {
        let moves = [mv("d6"), mv("d2")];
        let review =
            review_game(&Rules::standard(), &Position::new(), &moves, &options(2)).expect("legal");
        let json = serde_json::to_value(&review).expect("serialisable");
        let first = &json["moves"][0];
        assert_eq!(first["played"], "d6");
        assert_eq!(first["side"], "white");
        assert_eq!(json["moves"][1]["side"], "black");
        assert_eq!(first["class"], review.moves[0].class.name());
        assert!(first["perfect_before"].is_null());
        assert!(first.get("depth").is_none());
        assert_eq!(json["players"]["white"]["moves"], 1);
        assert_eq!(json["players"]["black"]["moves"], 1);
        assert_eq!(json["graph"].as_array().map(Vec::len), Some(2));
    }
}
