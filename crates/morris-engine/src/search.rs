//! Iterative-deepening principal-variation search.
//!
//! Negamax with alpha-beta and null-window re-searches (PVS), aspiration windows at the root and
//! late-move reductions of quiet late moves (off in a full-width search,
//! [`Searcher::set_full_width`], the judge's). A node is a whole turn (a move with its removal).
//! Lines never stop in the last two placements of the game: they go on to the first position of
//! the movement phase, where a blocked side to move has lost.
//! The transposition table is keyed by the class of the position under the 16 board symmetries
//! (two-slot buckets, entries of older searches replaced first; moves stored in the canonical
//! frame). Move ordering: table move, removals, moves that block an opponent's mill, two killer
//! moves per ply, then a history table. A quiescence search that plays out pending mills (moves that remove a piece) before
//! trusting the static evaluation. A position that repeats one on the current line (or in the game
//! history given to [`Searcher::set_history`]) scores as a draw. Where an endgame database covers
//! a movement-phase position, the search takes its exact value instead of searching on; at the
//! root such a position is played perfectly from the database (shortest win, never losing a draw).

use crate::db::{Databases, Value};
use crate::eval::{Weights, evaluate_with};
use crate::zobrist::{canonical_key, inverse_symmetries, key, splitmix64};
use ludus_morris::geometry::{SYMMETRY_COUNT, Symmetry, mill_completions};
use ludus_morris::{Bitboard, Color, MAX_MOVES, Move, Position, Rules, SQUARE_COUNT, Square};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Score of a win now; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores beyond this (in absolute value) announce a forced result.
pub const WIN_THRESHOLD: i32 = WIN - 2_000;
/// Deepest line the search ever follows (plies from the root).
const MAX_PLY: usize = 128;
/// Quiescence stops after this many removals in a row.
const MAX_QUIESCENCE: i32 = 8;
/// Transposition table entries (a power of two; 16 bytes each).
const TT_ENTRIES: usize = 1 << 20;
/// The clock is read every this many nodes.
const CLOCK_INTERVAL: u64 = 1 << 10;
/// Iterative deepening starts no new iteration after this fraction of the move time.
const NEW_ITERATION_FRACTION: f64 = 0.5;
/// Longest principal variation read from the databases at the root.
const MAX_DB_PV: usize = 40;
/// Iterations from this depth on start with an aspiration window around the last score.
const ASPIRATION_DEPTH: u32 = 4;
/// Half width of the first aspiration window (hundredths of a piece); it grows fourfold on
/// each failure.
const ASPIRATION_WINDOW: i32 = 30;
/// Late-move reductions: moves from this index on (in search order) may be searched shallower.
const LMR_FIRST_MOVE: usize = 3;
/// Late-move reductions apply from this remaining depth on.
const LMR_MIN_DEPTH: i32 = 3;
/// Moves from this index on are reduced by two plies instead of one.
const LMR_DEEPER_MOVE: usize = 10;
/// Lines are searched on through the last this many placements of the game (both sides'), to
/// the first position of the movement phase: a blockade there loses at once, and the static
/// evaluation of the placements before it does not see one coming. Two covers the last
/// placement of each side; each extends a line by at most this many plies.
const PLACEMENT_HORIZON: i32 = 2;

/// When to stop searching.
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Thinking time.
    pub movetime: Option<Duration>,
    /// Node budget.
    pub nodes: Option<u64>,
}

impl SearchLimits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// Search for a fixed time.
    pub fn movetime(time: Duration) -> SearchLimits {
        SearchLimits {
            movetime: Some(time),
            ..SearchLimits::default()
        }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (`None` when the game is over).
    pub best_move: Option<Move>,
    /// Its value for the side to move: hundredths of a piece, or `±(WIN − plies)` for a forced result.
    pub score: i32,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Move>,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// Whether the value is exact from the endgame databases.
    pub perfect: bool,
    /// The score of each finished iteration, shallowest first: `iterations[d - 1]` is the
    /// score of depth `d` (empty when the root was played from the databases or has no move).
    /// The search stops deepening at a forced result, so a forced score stands for every
    /// deeper iteration too ([`SearchResult::score_at`]).
    pub iterations: Vec<i32>,
}

impl SearchResult {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            self.nodes
        }
    }

    /// The value in words: `win in N plies`, `loss in N plies`, or pieces like `+1.25`.
    pub fn score_text(&self) -> String {
        score_text(self.score)
    }

    /// The deepest iteration whose score is known: [`SearchResult::depth`], or every depth
    /// when the score is final (exact from the databases, a forced result, or no move).
    pub fn known_depth(&self) -> u32 {
        if self.is_final() {
            u32::MAX
        } else {
            self.depth
        }
    }

    /// The score of the iteration of `depth` plies; beyond the last iteration, the final score
    /// (see [`SearchResult::known_depth`]); `None` when the search did not reach `depth`.
    pub fn score_at(&self, depth: u32) -> Option<i32> {
        let index = usize::try_from(depth.checked_sub(1)?).ok()?;
        match self.iterations.get(index) {
            Some(&score) => Some(score),
            None => self.is_final().then_some(self.score),
        }
    }

    /// Whether the score no longer depends on the depth: exact from the databases, a forced
    /// result, or a root without a move.
    fn is_final(&self) -> bool {
        self.perfect || self.score.abs() > WIN_THRESHOLD || self.iterations.is_empty()
    }
}

/// A score in words: `win in N plies`, `loss in N plies`, `draw` (exact 0 from a database) or
/// pieces like `+1.25`.
pub fn score_text(score: i32) -> String {
    if score > WIN_THRESHOLD {
        format!("win in {}", crate::db::plies((WIN - score) as u32))
    } else if score < -WIN_THRESHOLD {
        format!("loss in {}", crate::db::plies((WIN + score) as u32))
    } else {
        format!("{:+.2}", f64::from(score) / f64::from(crate::eval::PIECE))
    }
}

/// The score of a database value at `ply` plies from the root.
fn db_score(value: Value, ply: usize) -> i32 {
    match value {
        Value::Win(d) => WIN - ply as i32 - i32::from(d),
        Value::Loss(d) => -(WIN - ply as i32 - i32::from(d)),
        Value::Draw => 0,
    }
}

/// The transposition table, shared by the threads of a Lazy-SMP search. Each slot holds the key
/// XOR the packed entry and the packed entry, so a slot torn by two writers reads as a miss.
struct SharedTable {
    slots: Vec<[AtomicU64; 2]>,
}

impl SharedTable {
    fn new(entries: usize) -> SharedTable {
        SharedTable {
            slots: (0..entries)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    /// The first slot of the two-slot bucket of `key`.
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1) & !1
    }

    /// The entry in slot `index` if it holds `key`.
    fn read(&self, index: usize, key: u64) -> Option<TtEntry> {
        let slot = &self.slots[index];
        let data = slot[1].load(Ordering::Relaxed);
        (slot[0].load(Ordering::Relaxed) ^ data == key && data != 0).then(|| TtEntry::unpack(data))
    }

    fn load(&self, key: u64) -> Option<TtEntry> {
        let first = self.bucket(key);
        self.read(first, key).or_else(|| self.read(first + 1, key))
    }

    /// Stores `entry` in the bucket of `key`: over the slot that holds `key`, else over the
    /// slot worth less (older searches first, then shallower entries).
    fn store(&self, key: u64, entry: TtEntry) {
        let first = self.bucket(key);
        let worth = |index: usize| {
            let data = self.slots[index][1].load(Ordering::Relaxed);
            let old = TtEntry::unpack(data);
            let stale = if old.generation == entry.generation {
                0
            } else {
                256
            };
            i32::from(old.depth) - stale - i32::from(data == 0) * 1024
        };
        let index = if self.read(first, key).is_some() {
            first
        } else if self.read(first + 1, key).is_some() || worth(first + 1) < worth(first) {
            first + 1
        } else {
            first
        };
        let data = entry.pack();
        let slot = &self.slots[index];
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

impl TtEntry {
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Empty => 0u64,
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        self.mv.map_or(0, pack_move)
            | u64::from(self.score as u16) << 24
            | u64::from(self.depth as u8) << 40
            | bound << 48
            | u64::from(self.generation) << 56
    }

    fn unpack(data: u64) -> TtEntry {
        let bound = match (data >> 48) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => Bound::Empty,
        };
        TtEntry {
            mv: unpack_move(data),
            score: (data >> 24) as u16 as i16,
            depth: (data >> 40) as u8 as i8,
            bound,
            generation: (data >> 56) as u8,
        }
    }
}

/// The byte of "no square" in a packed move (a placement's origin, a move without removal).
const NO_SQUARE: u8 = u8::MAX;

/// A move in the low 24 bits: origin, destination and removal, one byte each by square index.
fn pack_move(mv: Move) -> u64 {
    let byte = |square: Option<Square>| square.map_or(NO_SQUARE, |s| s.index() as u8);
    u64::from(byte(mv.from)) | u64::from(byte(Some(mv.to))) << 8 | u64::from(byte(mv.remove)) << 16
}

/// The move packed by [`pack_move`] in the low 24 bits of `data`; `None` if they hold none.
fn unpack_move(data: u64) -> Option<Move> {
    let square = |shift: u32| Square::new(usize::from((data >> shift) as u8));
    let optional = |shift: u32| match (data >> shift) as u8 {
        NO_SQUARE => Some(None),
        _ => square(shift).map(Some),
    };
    Some(Move {
        from: optional(0)?,
        to: square(8)?,
        remove: optional(16)?,
    })
}

#[derive(Clone, Copy, Default)]
struct TtEntry {
    /// The best move found; `None` only in an entry that was never stored.
    mv: Option<Move>,
    score: i16,
    depth: i8,
    bound: Bound,
    /// The search that stored it (older entries are replaced first).
    generation: u8,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Empty,
    Exact,
    Lower,
    Upper,
}

/// Move-ordering bonuses.
const ORDER_TT: i32 = 1 << 24;
const ORDER_CAPTURE: i32 = 1 << 22;
const ORDER_BLOCK: i32 = 3 << 20;
const ORDER_KILLER: i32 = 1 << 21;

/// The endgame databases a searcher probes: borrowed for the searcher's lifetime, or shared.
#[derive(Clone)]
enum DatabasesRef<'a> {
    /// Borrowed from whoever opened them ([`Searcher::set_databases`]).
    Borrowed(&'a Databases),
    /// Shared ([`Searcher::set_shared_databases`]).
    Shared(Arc<Databases>),
}

impl DatabasesRef<'_> {
    /// The databases.
    fn get(&self) -> &Databases {
        match self {
            DatabasesRef::Borrowed(dbs) => dbs,
            DatabasesRef::Shared(dbs) => dbs,
        }
    }
}

/// A searcher: holds the transposition table and ordering tables between searches.
pub struct Searcher<'a> {
    rules: Rules,
    tt: Arc<SharedTable>,
    threads: usize,
    stop: Arc<AtomicBool>,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    dbs: Option<DatabasesRef<'a>>,
    noise: Option<(u64, i32)>,
    game_history: Vec<u64>,
    path: Vec<u64>,
    pv: Vec<Vec<Move>>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Whether an iteration of the current search has finished.
    iterations_done: bool,
    is_helper: bool,
    /// A flag another thread raises to end the search now (`stop` of a protocol).
    stop_signal: Option<Arc<AtomicBool>>,
    /// Counts searches; table entries of older searches are replaced first.
    generation: u8,
    /// The inverse of each board symmetry (table moves are stored in the canonical frame).
    inverse: [Symmetry; SYMMETRY_COUNT],
    /// The evaluation weights.
    weights: Weights,
    /// The root moves a search may choose from (`None`: all).
    root_moves: Option<Vec<Move>>,
    /// Whether late moves may be searched shallower (see [`Searcher::set_full_width`]).
    reductions: bool,
    /// Whether a root known only to the opening table is searched among the moves that keep
    /// its value (see [`Searcher::set_opening_as_filter`]).
    opening_as_filter: bool,
    /// Whether the search under way leaves placement positions unprobed (a root filtered by
    /// the opening table: the table's draws would make every move look alike).
    skip_placement_probes: bool,
}

impl<'a> Searcher<'a> {
    /// A searcher for the given rules, with an empty transposition table.
    pub fn new(rules: Rules) -> Searcher<'a> {
        Searcher::with_table(
            rules,
            Arc::new(SharedTable::new(TT_ENTRIES)),
            Arc::new(AtomicBool::new(false)),
        )
    }

    /// A one-thread searcher over the given transposition table and stop flag, with empty
    /// ordering tables, no databases, no noise and no game history.
    fn with_table(rules: Rules, tt: Arc<SharedTable>, stop: Arc<AtomicBool>) -> Searcher<'a> {
        Searcher {
            rules,
            tt,
            threads: 1,
            stop,
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; HISTORY_SLOTS],
            dbs: None,
            noise: None,
            game_history: Vec::new(),
            path: Vec::with_capacity(MAX_PLY + 1),
            pv: vec![Vec::new(); MAX_PLY + 2],
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
            iterations_done: false,
            is_helper: false,
            stop_signal: None,
            generation: 0,
            inverse: inverse_symmetries(),
            weights: Weights::tuned(),
            root_moves: None,
            reductions: true,
            opening_as_filter: false,
            skip_placement_probes: false,
        }
    }

    /// Endgame databases to probe (`None`: search only).
    pub fn set_databases(&mut self, dbs: Option<&'a Databases>) {
        self.dbs = dbs.map(DatabasesRef::Borrowed);
    }

    /// Endgame databases to probe, shared with their other users (`None`: search only): for a
    /// searcher that outlives the scope that opened them, such as a protocol session's.
    pub fn set_shared_databases(&mut self, dbs: Option<Arc<Databases>>) {
        self.dbs = dbs.map(DatabasesRef::Shared);
    }

    /// Searches every move to the full depth (`true`) instead of reducing late quiet moves.
    /// A full-width search's value of a position at a depth is the minimax value of that depth
    /// (with the quiescence at its leaves, the table taking only values of the same depth),
    /// whatever the move order or the window; a reduced search's value depends on them (a late
    /// move that fails low at the reduced depth is never searched at the full one). The judge searches
    /// full width so that its values are one truth; play keeps the reductions (about two to
    /// three times fewer nodes at depth 7).
    pub fn set_full_width(&mut self, full_width: bool) {
        self.reductions = !full_width;
    }

    /// Plays the opening table as a filter (`true`) instead of as perfect play: at a root whose
    /// value only the opening table knows (no placement databases in the directory), the search
    /// chooses among the moves that keep that value — every drawing move of a drawn root, every
    /// winning move of a won one — searching them as it would without the table. The table's
    /// own choice among draws (the most losing replies one ply on) leads into quiet positions
    /// that the search, once past the table's plies, holds no better than any other; its search
    /// keeps the chances to win. Players set this; a judge of values (review, hint) does not.
    /// The result's score is the table's exact value.
    pub fn set_opening_as_filter(&mut self, on: bool) {
        self.opening_as_filter = on;
    }

    /// Evaluates with `weights` instead of the tuned ones (for tuning and comparisons).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// Adds seeded noise of up to `amplitude` hundredths of a piece to every static evaluation
    /// (the same for the same position and seed), for weaker levels.
    pub fn set_noise(&mut self, seed: u64, amplitude: i32) {
        self.noise = (amplitude > 0).then_some((seed, amplitude));
    }

    /// Positions of the game so far (oldest first, excluding the position searched): reaching
    /// one of them again counts as a draw.
    pub fn set_history(&mut self, positions: &[Position]) {
        self.game_history = positions.iter().map(key).collect();
    }

    /// Searches `position` like [`Searcher::search`], choosing only among the legal moves in
    /// `candidates` (all legal moves if none of them is legal). For a protocol that asks for a
    /// removal after the move: search the whole turns that start with the move played (the
    /// same origin and destination, each removal) and answer the removal of the best.
    pub fn search_among(
        &mut self,
        position: &Position,
        limits: &SearchLimits,
        candidates: &[Move],
    ) -> SearchResult {
        let legal = legal_moves(position, &self.rules, MAX_MOVES);
        let allowed: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|m| legal.contains(m))
            .collect();
        self.root_moves = (!allowed.is_empty()).then_some(allowed);
        let result = self.search(position, limits);
        self.root_moves = None;
        result
    }

    /// Searches `position` within `limits` and returns the best move found.
    pub fn search(&mut self, position: &Position, limits: &SearchLimits) -> SearchResult {
        let start = Instant::now();
        let root = *position;
        self.nodes = 0;
        self.generation = self.generation.wrapping_add(1);
        // Older searches count half: history stays bounded and follows the game.
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.stopped = false;
        self.iterations_done = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.movetime.map(|t| start + t);
        if self.root_moves.is_none()
            && let Some((keep, value)) = self.opening_filter(&root)
        {
            return self.search_filtered(&root, limits, keep, value);
        }
        let mut result = empty_result();
        if self.root_moves.is_none()
            && let Some((mv, score, pv)) = self.perfect_root(&root)
        {
            result.best_move = Some(mv);
            result.score = score;
            result.pv = pv;
            result.perfect = true;
            result.elapsed = start.elapsed();
            return result;
        }
        let mut moves = legal_moves(&root, &self.rules, MAX_MOVES);
        self.restrict_root(&mut moves);
        if moves.is_empty() {
            result.score = -WIN;
            return result;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        let helpers = self.threads.saturating_sub(1);
        if helpers == 0 {
            self.iterate(&root, 1, max_depth, limits, start, &mut result);
        } else {
            self.stop.store(false, Ordering::Relaxed);
            let mut workers: Vec<Searcher<'a>> = (0..helpers).map(|_| self.helper()).collect();
            let helper_nodes: u64 = std::thread::scope(|scope| {
                let handles: Vec<_> = workers
                    .iter_mut()
                    .enumerate()
                    .map(|(i, w)| {
                        let first = 1 + (i as u32 + 1) % 2;
                        scope.spawn(move || {
                            let mut ignored = empty_result();
                            w.iterate(
                                &root,
                                first,
                                max_depth,
                                &SearchLimits::default(),
                                start,
                                &mut ignored,
                            );
                            w.nodes
                        })
                    })
                    .collect();
                self.iterate(&root, 1, max_depth, limits, start, &mut result);
                self.stop.store(true, Ordering::Relaxed);
                handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
            });
            self.nodes += helper_nodes;
        }
        if result.best_move.is_none() {
            result.best_move = Some(moves[0]);
        }
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        result
    }

    /// Iterative deepening from `first` to `max_depth`, keeping the last finished iteration.
    fn iterate(
        &mut self,
        root: &Position,
        first: u32,
        max_depth: u32,
        limits: &SearchLimits,
        start: Instant,
        result: &mut SearchResult,
    ) {
        for depth in first..=max_depth {
            let score = if depth >= ASPIRATION_DEPTH && result.score.abs() < WIN_THRESHOLD {
                self.aspiration(root, depth as i32, result.score)
            } else {
                self.path.clear();
                self.negamax(root, depth as i32, -WIN - 1, WIN + 1, 0)
            };
            if self.stopped && result.best_move.is_some() {
                break;
            }
            if let Some(&first) = self.pv[0].first() {
                result.iterations.push(score);
                self.iterations_done = true;
                result.best_move = Some(first);
                result.pv = self.pv[0].clone();
                result.score = score;
                result.depth = depth;
            }
            if self.stopped || score.abs() > WIN_THRESHOLD {
                break;
            }
            if let Some(t) = limits.movetime
                && start.elapsed().as_secs_f64() > t.as_secs_f64() * NEW_ITERATION_FRACTION
            {
                break;
            }
        }
    }

    /// A root search in a window around `guess` that widens until the score falls inside.
    fn aspiration(&mut self, root: &Position, depth: i32, guess: i32) -> i32 {
        let mut delta = ASPIRATION_WINDOW;
        let (mut low, mut high) = (guess - delta, guess + delta);
        loop {
            self.path.clear();
            let score = self.negamax(root, depth, low, high, 0);
            if self.stopped {
                return score;
            }
            delta = delta.saturating_mul(4);
            if score <= low {
                low = if delta > WIN_THRESHOLD / 8 {
                    -WIN - 1
                } else {
                    score - delta
                };
            } else if score >= high {
                high = if delta > WIN_THRESHOLD / 8 {
                    WIN + 1
                } else {
                    score + delta
                };
            } else {
                return score;
            }
        }
    }

    /// Keeps only the allowed root moves (see [`Searcher::search_among`]).
    fn restrict_root(&self, moves: &mut Vec<Move>) {
        if let Some(allowed) = &self.root_moves {
            moves.retain(|m| allowed.contains(m));
        }
    }

    /// A Lazy-SMP helper: the same settings, sharing the transposition table and the stop flag.
    fn helper(&self) -> Searcher<'a> {
        Searcher {
            dbs: self.dbs.clone(),
            noise: self.noise,
            game_history: self.game_history.clone(),
            is_helper: true,
            generation: self.generation,
            weights: self.weights,
            root_moves: self.root_moves.clone(),
            reductions: self.reductions,
            skip_placement_probes: self.skip_placement_probes,
            ..Searcher::with_table(self.rules, Arc::clone(&self.tt), Arc::clone(&self.stop))
        }
    }

    /// Searches with `threads` threads (Lazy SMP: helpers search the same root and share the
    /// transposition table; the main thread's result is returned). `0` means every core.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
    }

    /// A flag that, once raised by another thread, ends the search at its next clock check;
    /// the result is the last finished iteration's (the search never lowers the flag).
    pub fn set_stop_signal(&mut self, signal: Option<Arc<AtomicBool>>) {
        self.stop_signal = signal;
    }

    /// Resizes the transposition table to about `megabytes` MB (a power of two of 16-byte
    /// entries, at least one), emptying it.
    pub fn set_hash_megabytes(&mut self, megabytes: usize) {
        let entries = (megabytes.max(1) << 20) / 16;
        let entries = 1usize << (usize::BITS - 1 - entries.leading_zeros());
        self.tt = Arc::new(SharedTable::new(entries));
    }

    /// The database value of a position, if a database (movement sub-space or placement
    /// sector) covers it.
    fn probe(&self, position: &Position) -> Option<Value> {
        let dbs = self.dbs.as_ref()?.get();
        if !position.is_movement_phase() {
            if self.skip_placement_probes {
                return None;
            }
            return dbs.probe_position(position, self.rules.flying);
        }
        let side = position.side_to_move();
        let (own, opp) = (position.pieces(side), position.pieces(side.opponent()));
        let range = crate::db::MIN_DB_PIECES as u32..=crate::db::MAX_DB_PIECES as u32;
        if !range.contains(&own.count_ones()) || !range.contains(&opp.count_ones()) {
            return None;
        }
        dbs.probe(self.rules.flying, own, opp)
    }

    /// The database value of a position for a principal variation: a movement position as
    /// [`Searcher::probe`] (a game touches few sub-spaces), a placement position only from a
    /// sector already in memory (the placement reaches new sectors at every ply).
    fn probe_for_pv(&self, position: &Position) -> Option<Value> {
        if position.is_movement_phase() {
            return self.probe(position);
        }
        self.dbs
            .as_ref()?
            .get()
            .probe_position_held(position, self.rules.flying)
    }

    /// The moves of `root` that keep its value and the value, where the opening table alone
    /// knows it and [`Searcher::set_opening_as_filter`] is on; `None` otherwise (also where a
    /// child lies beyond the table).
    fn opening_filter(&self, root: &Position) -> Option<(Vec<Move>, Value)> {
        if !self.opening_as_filter || root.is_movement_phase() {
            return None;
        }
        let dbs = self.dbs.as_ref()?.get();
        if !dbs.placement_from_opening_only(self.rules.flying) {
            return None;
        }
        let value = self.probe(root)?;
        let mut keep = Vec::new();
        for mv in legal_moves(root, &self.rules, MAX_MOVES) {
            let child = child_db_value(&self.rules, &|p| self.probe(p), &root.play(mv))?;
            if std::mem::discriminant(&child.parent()) == std::mem::discriminant(&value) {
                keep.push(mv);
            }
        }
        (!keep.is_empty()).then_some((keep, value))
    }

    /// The search of `root` among the moves `keep` (which keep the table's `value`), placement
    /// positions unprobed; the score is the exact value. A single move is played at once.
    fn search_filtered(
        &mut self,
        root: &Position,
        limits: &SearchLimits,
        keep: Vec<Move>,
        value: Value,
    ) -> SearchResult {
        let start = Instant::now();
        let mut result = if keep.len() == 1 {
            SearchResult {
                best_move: Some(keep[0]),
                pv: vec![keep[0]],
                ..empty_result()
            }
        } else {
            self.root_moves = Some(keep);
            self.skip_placement_probes = true;
            let found = self.search(root, limits);
            self.root_moves = None;
            self.skip_placement_probes = false;
            found
        };
        result.score = db_score(value, 0);
        result.perfect = true;
        result.elapsed = start.elapsed();
        result
    }

    /// Perfect play at a root covered by the databases: the move with the best database value,
    /// and a principal variation that goes through the placement only where its sectors are in
    /// memory.
    fn perfect_root(&self, root: &Position) -> Option<(Move, i32, Vec<Move>)> {
        let value = self.probe(root)?;
        let best = best_db_move(&self.rules, &|p| self.probe(p), root)?;
        let mut pv = vec![best];
        let mut position = root.play(best);
        while pv.len() < MAX_DB_PV {
            match best_db_move(&self.rules, &|p| self.probe_for_pv(p), &position) {
                Some(mv) => {
                    pv.push(mv);
                    position = position.play(mv);
                }
                None => break,
            }
        }
        Some((best, db_score(value, 0), pv))
    }

    fn out_of_time(&mut self) -> bool {
        let check_clock = self.nodes.is_multiple_of(CLOCK_INTERVAL);
        // The node budget and the clock stop no search before its first iteration is done:
        // every result then holds a move and the score of a finished iteration.
        let budget_spent = self.iterations_done
            && (self.nodes >= self.node_limit
                || check_clock && self.deadline.is_some_and(|d| Instant::now() >= d));
        let helper_stopped = self.is_helper && check_clock && self.stop.load(Ordering::Relaxed);
        let signalled = check_clock
            && self
                .stop_signal
                .as_ref()
                .is_some_and(|signal| signal.load(Ordering::Relaxed));
        if budget_spent || helper_stopped || signalled {
            self.stopped = true;
        }
        self.stopped
    }

    fn is_repetition(&self, k: u64) -> bool {
        self.path.iter().rev().skip(1).step_by(2).any(|&p| p == k) || self.game_history.contains(&k)
    }

    fn static_eval(&self, position: &Position, k: u64) -> i32 {
        let base = evaluate_with(&self.weights, position, &self.rules);
        match self.noise {
            Some((seed, amp)) => {
                let span = 2 * amp as u64 + 1;
                base + (splitmix64(k ^ seed) % span) as i32 - amp
            }
            None => base,
        }
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        self.pv[ply].clear();
        if self.out_of_time() {
            return 0;
        }
        // Repetitions need the exact position (placements never repeat); the table takes the
        // class of the position under the board symmetries.
        let k = if position.is_movement_phase() {
            key(position)
        } else {
            0
        };
        if ply > 0 && k != 0 && self.is_repetition(k) {
            return 0;
        }
        if position.outcome(&self.rules).is_some() {
            return -(WIN - ply as i32);
        }
        if ply > 0
            && let Some(v) = self.probe(position)
        {
            return db_score(v, ply);
        }
        let depth = depth.max(placement_horizon(position));
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(position, alpha, beta, ply, 0);
        }
        let (table_key, symmetry) = canonical_key(position);
        let mut tt_move = None;
        if let Some(entry) = self.tt.load(table_key) {
            let back = self.inverse[symmetry.index()];
            tt_move = entry.mv.map(|m| m.transformed(back));
            let score = from_tt(i32::from(entry.score), ply);
            // A full-width search takes a table value of its own depth only: a deeper one
            // would mix depths.
            let usable = if self.reductions {
                i32::from(entry.depth) >= depth
            } else {
                i32::from(entry.depth) == depth
            };
            if ply > 0 && usable {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::Empty => false,
                };
                if cut {
                    return score;
                }
            }
        }
        let mut moves = legal_moves(position, &self.rules, ORDINARY_MOVES);
        if ply == 0 {
            self.restrict_root(&mut moves);
        }
        let opponent = position.pieces(position.side_to_move().opponent());
        let blocks = mill_completions(opponent) & position.empty();
        let mut scores: Vec<i32> = moves
            .iter()
            .map(|&m| self.order_score(m, tt_move, blocks, ply))
            .collect();
        self.path.push(k);
        let alpha_start = alpha;
        let mut best = -WIN - 1;
        let mut best_move = moves[0];
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut scores, i);
            let mv = moves[i];
            let child = position.play(mv);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let reduction = if self.reductions {
                    late_move_reduction(i, depth, scores[i])
                } else {
                    0
                };
                let mut s = alpha + 1;
                if reduction > 0 {
                    s = -self.negamax(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && !self.stopped {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.stopped {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
                }
            }
            if alpha >= beta {
                if mv.remove.is_none() {
                    let killers = &mut self.killers[ply];
                    if killers[0] != Some(mv) {
                        killers[1] = killers[0];
                        killers[0] = Some(mv);
                    }
                    let slot = &mut self.history[history_index(mv)];
                    *slot = (*slot + depth * depth).min(ORDER_KILLER - 1);
                }
                break;
            }
        }
        self.path.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A root restricted to some moves has no value to share.
        if ply > 0 || self.root_moves.is_none() {
            self.tt.store(
                table_key,
                TtEntry {
                    mv: Some(best_move.transformed(symmetry)),
                    score: to_tt(best, ply),
                    depth: depth as i8,
                    bound,
                    generation: self.generation,
                },
            );
        }
        best
    }

    fn quiescence(
        &mut self,
        position: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if position.outcome(&self.rules).is_some() {
            return -(WIN - ply as i32);
        }
        let stand = self.static_eval(position, key(position));
        if stand >= beta || qdepth >= MAX_QUIESCENCE || ply >= MAX_PLY {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = legal_moves(position, &self.rules, ORDINARY_MOVES);
        moves.retain(|m| m.remove.is_some());
        let mut best = stand;
        for mv in moves {
            let child = position.play(mv);
            let score = if let Some(v) = self.probe(&child) {
                -db_score(v, ply + 1)
            } else {
                -self.quiescence(&child, -beta, -alpha, ply + 1, qdepth + 1)
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The ordering key of `mv`: the table move, removals, moves onto a point where the
    /// opponent would close a mill (`blocks`), killers, then history.
    fn order_score(&self, mv: Move, tt_move: Option<Move>, blocks: Bitboard, ply: usize) -> i32 {
        if Some(mv) == tt_move {
            ORDER_TT
        } else if mv.remove.is_some() {
            ORDER_CAPTURE
        } else if blocks & mv.to.bit() != 0 {
            ORDER_BLOCK
        } else if self.killers[ply].contains(&Some(mv)) {
            ORDER_KILLER
        } else {
            self.history[history_index(mv)]
        }
    }
}

/// How many plies shallower the `index`-th move searched (ordering key `order`) is first tried
/// at `depth`: quiet late moves only (not the table move, removals, blocks or killers).
fn late_move_reduction(index: usize, depth: i32, order: i32) -> i32 {
    if index < LMR_FIRST_MOVE || depth < LMR_MIN_DEPTH || order >= ORDER_KILLER {
        0
    } else if index >= LMR_DEEPER_MOVE && depth > LMR_MIN_DEPTH {
        2
    } else {
        1
    }
}

/// The least depth left at a node near the end of placement: the placements left, where they
/// are [`PLACEMENT_HORIZON`] or fewer (else 0). A line then never stops in the last placements
/// but reaches the first position of the movement phase, where a side to move that is blocked
/// has lost (the evaluation of a placement position cannot see a blockade coming).
fn placement_horizon(position: &Position) -> i32 {
    let left =
        i32::from(position.in_hand(Color::White)) + i32::from(position.in_hand(Color::Black));
    if left <= PLACEMENT_HORIZON { left } else { 0 }
}

/// A result with no move yet.
fn empty_result() -> SearchResult {
    SearchResult {
        best_move: None,
        score: 0,
        depth: 0,
        pv: Vec::new(),
        nodes: 0,
        elapsed: Duration::ZERO,
        perfect: false,
        iterations: Vec::new(),
    }
}

/// History table size: origins (24 squares plus "from the hand") × 24 destinations.
const HISTORY_SLOTS: usize = (SQUARE_COUNT + 1) * SQUARE_COUNT;

/// Room reserved for the moves of an ordinary node (most have fewer; the list grows if not).
const ORDINARY_MOVES: usize = 64;

/// The legal moves of `position` in the rules crate's order, in a list with room for `capacity`.
fn legal_moves(position: &Position, rules: &Rules, capacity: usize) -> Vec<Move> {
    let mut moves = Vec::with_capacity(capacity);
    position.for_each_legal_move(rules, |mv| moves.push(mv));
    moves
}

/// The history table slot of a move: origin (24 = placement) × destination.
fn history_index(mv: Move) -> usize {
    mv.from.map_or(SQUARE_COUNT, Square::index) * SQUARE_COUNT + mv.to.index()
}

/// Selection sort step: brings the best-ordered remaining move to position `i`.
fn pick_next(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}

/// Mate scores are stored relative to the node, so they stay right at another ply.
fn to_tt(score: i32, ply: usize) -> i16 {
    let s = if score > WIN_THRESHOLD {
        score + ply as i32
    } else if score < -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    };
    s.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score - ply as i32
    } else if score < -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}

/// A database lookup of a position: `None` where no table answers it.
type DbProbe<'p> = &'p dyn Fn(&Position) -> Option<Value>;

/// The move with the best database value from `position` (which a database covers), if any:
/// the fastest win, the longest loss, and among drawing moves the one that leaves the opponent
/// the most replies that lose; `None` also where `probe` misses a position it needs.
fn best_db_move(rules: &Rules, probe: DbProbe<'_>, position: &Position) -> Option<Move> {
    probe(position)?;
    let mut best: Option<((i32, usize), Move)> = None;
    for mv in legal_moves(position, rules, MAX_MOVES) {
        let child = position.play(mv);
        let value = child_db_value(rules, probe, &child)?;
        let traps = if value == Value::Draw {
            losing_replies(rules, probe, &child)
        } else {
            0
        };
        let key = (value.parent().preference(), traps);
        if best.is_none_or(|(b, _)| key > b) {
            best = Some((key, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// The database value of a position reached by a move (`Loss(0)` when the game is over there).
fn child_db_value(rules: &Rules, probe: DbProbe<'_>, child: &Position) -> Option<Value> {
    if child.outcome(rules).is_some() {
        Some(Value::Loss(0))
    } else {
        probe(child)
    }
}

/// How many replies of the side to move at `position` (a drawn position) lose for it.
fn losing_replies(rules: &Rules, probe: DbProbe<'_>, position: &Position) -> usize {
    legal_moves(position, rules, MAX_MOVES)
        .into_iter()
        .filter(|&reply| {
            child_db_value(rules, probe, &position.play(reply))
                .is_some_and(|v| matches!(v, Value::Win(_)))
        })
        .count()
}
