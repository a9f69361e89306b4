//! Retrograde analysis of one pair of sub-spaces (`m` vs `o` and `o` vs `m`), and the verify pass.
//!
//! Memory per position of the pair while solving: a 16-bit value code and an 8-bit counter of the
//! distinct successors inside the pair not yet known to be won for the opponent, plus the bucket
//! queues (4 bytes per queued position). Sub-spaces reached by a removal are read from their
//! finished tables.
//!
//! 1. *Initialisation*: every position generates its moves. A removal leads out of the pair: its
//!    value is read from the smaller table (or is an immediate win when the opponent is left with
//!    two pieces). Moves come from the rules crate's bulk generator (`Position::for_each_move_set`). A position with a removal into a lost position is queued as a win; one with a
//!    removal into a draw can no longer lose; a position with no move at all is lost in 0 plies.
//! 2. *Propagation by distance*: queues are processed in order of distance. A position taken from
//!    queue `d` is fixed at that value; its predecessors inside the pair (the rules crate's
//!    un-moves, `Position::for_each_quiet_unmove`: a move that closed a mill would have removed,
//!    so only pieces outside mills un-move) are queued as wins in `d + 1` if it is lost, or have their counter
//!    decreased if it is won; a counter that reaches zero makes the predecessor lost, in the
//!    larger of `d + 1` and its longest removal successor.
//! 3. Positions never fixed are draws.
//!
//! Successors and predecessors are counted as distinct *indices* (symmetric boards share one), so
//! the counters stay exact although the index is reduced by symmetry. Initialisation needs only
//! their number: it indexes the quiet moves of a board only where the new mover set is symmetric
//! (two moves may then share a slot); elsewhere it counts them.
//!
//! Initialisation goes in slot order; the verify pass goes group by group of the opponent's set,
//! so that the successors it reads lie in a few blocks of the tables (see
//! `Pair::for_each_board_by_opponent`).

use super::index::{
    MoverKey, MoverSets, SubspaceIndex, colex_sets, deposit, for_each_class_by_opponent,
    is_representative, is_trivial_stabilizer,
};
use super::memory::{huge_vec, prefetch};
use super::{MAX_DISTANCE, MIN_DB_PIECES, Table, Value};
use ludus_morris::{ALL_SQUARES, Bitboard, Color, Position, Rules, SQUARE_COUNT, Setup, Square};
use std::iter::repeat_with;
use std::ops::Range;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU64, AtomicUsize, Ordering};
use thiserror::Error;

/// Counter value of a position that can no longer be lost (it has a drawn or winning removal).
const CANNOT_LOSE: u8 = u8::MAX;
/// Flag bit of a queue entry: the position is lost (otherwise won).
const LOSS_FLAG: u32 = 1 << 31;

/// Where a long computation stands, for a progress bar.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// What is being done: `"init"`, `"propagate"` or `"verify"`.
    pub stage: &'static str,
    /// Positions done in this stage.
    pub done: u64,
    /// Positions in this stage.
    pub total: u64,
}

/// Why a pair could not be solved or did not verify.
#[derive(Debug, Error)]
pub enum SolveError {
    /// A sub-space reached by a removal has not been solved.
    #[error("sub-space {mover} vs {opponent} must be solved first")]
    MissingDependency {
        /// Pieces of the side to move of the missing sub-space.
        mover: usize,
        /// Pieces of its opponent.
        opponent: usize,
    },
    /// A sector reached by a placement has not been solved.
    #[error("sector {0} must be solved first")]
    MissingSector(super::Sector),
    /// The sector is not a valid placement sector.
    #[error("{0} is not a placement sector of the game")]
    NotPlacement(super::Sector),
    /// A piece count outside 3..=9.
    #[error("piece counts must be between 3 and 9, got {mover} vs {opponent}")]
    BadPieces {
        /// Pieces of the side to move.
        mover: usize,
        /// Pieces of the opponent.
        opponent: usize,
    },
    /// The pair has more positions than a queue entry can name.
    #[error("sub-space pair too large for 31-bit queue entries")]
    TooLarge,
    /// A distance beyond what the file format stores.
    #[error("a distance exceeds {MAX_DISTANCE} plies")]
    TooDeep,
    /// The verify pass found a stored value that its successors contradict.
    #[error(
        "{mover} vs {opponent}: slot {slot} stores {stored} but its successors give {expected}"
    )]
    Inconsistent {
        /// Pieces of the side to move.
        mover: usize,
        /// Pieces of the opponent.
        opponent: usize,
        /// The slot.
        slot: u64,
        /// The stored value.
        stored: Value,
        /// The value recomputed from the successors.
        expected: Value,
    },
}

/// One sub-space of the pair being solved or verified.
struct Side<'a> {
    index: SubspaceIndex,
    offset: u64,
    /// Table reached by a removal: `opponent − 1` vs `mover`; `None` when that leaves two pieces.
    captures: Option<&'a Table>,
}

struct Pair<'a> {
    sides: Vec<Side<'a>>,
    /// The rule set (only flying matters in the movement phase).
    rules: Rules,
}

/// The movement-phase position of a board: the side to move's `own` pieces (as White) against
/// `opp`. `None` when the sets overlap or hold more than nine pieces, which no board of an index
/// does (its sets are disjoint by construction and `Pair::new` checks the counts).
fn movement_position(own: Bitboard, opp: Bitboard) -> Option<Position> {
    Position::try_from(Setup {
        pieces: [own, opp],
        in_hand: [0, 0],
        side_to_move: Color::White,
        plies_since_removal: 0,
    })
    .ok()
}

/// One successor of a position.
enum Successor {
    /// A move without removal, to this global index of the pair.
    Quiet(u64),
    /// A move with removal, to a position of this value (for its side to move).
    Capture(Value),
}

/// The moves of a position, as the solver's move loop hands them over.
enum MoveGroup {
    /// The moves without removal of one piece: it leaves `rest` and goes to any of `targets`.
    Quiet {
        /// The mover's other pieces.
        rest: Bitboard,
        /// The points the piece reaches without closing a mill.
        targets: Bitboard,
    },
    /// A move with removal, to a position of this value (for its side to move).
    Capture(Value),
}

/// The moves of a position as the move loop finds them, before any table is read.
enum MoveSlot {
    /// The moves without removal of one piece: it leaves `rest` and goes to any of `targets`.
    Quiet {
        /// The mover's other pieces.
        rest: Bitboard,
        /// The points the piece reaches without closing a mill.
        targets: Bitboard,
    },
    /// A move with removal into the removal table, at this slot.
    CaptureSlot(u64),
    /// A move with removal whose value needs no table (the opponent is left with two pieces).
    Capture(Value),
}

/// What the successors of a position say about it.
#[derive(Default)]
pub(crate) struct Outlook {
    moves: usize,
    best_win: Option<u16>,
    has_draw: bool,
    longest_loss: u16,
}

impl Outlook {
    pub(crate) fn add(&mut self, successor: Value) {
        self.moves += 1;
        match successor {
            Value::Loss(d) => self.best_win = Some(self.best_win.map_or(d + 1, |w| w.min(d + 1))),
            Value::Win(d) => self.longest_loss = self.longest_loss.max(d + 1),
            Value::Draw => self.has_draw = true,
        }
    }

    pub(crate) fn value(&self) -> Value {
        match (self.best_win, self.has_draw) {
            (Some(w), _) => Value::Win(w),
            (None, true) => Value::Draw,
            (None, false) => Value::Loss(self.longest_loss),
        }
    }
}

impl<'a> Pair<'a> {
    fn new(flying: bool, m: usize, o: usize, lower: &[&'a Table]) -> Result<Pair<'a>, SolveError> {
        let valid = MIN_DB_PIECES..=super::MAX_DB_PIECES;
        if !valid.contains(&m) || !valid.contains(&o) {
            return Err(SolveError::BadPieces {
                mover: m,
                opponent: o,
            });
        }
        let counts = if m == o {
            vec![(m, o)]
        } else {
            vec![(m, o), (o, m)]
        };
        let mut sides = Vec::new();
        let mut offset = 0;
        for (mover, opponent) in counts {
            let captures = if opponent - 1 < MIN_DB_PIECES {
                None
            } else {
                let found = lower.iter().find(|t| {
                    t.flying == flying && t.index.mover == opponent - 1 && t.index.opponent == mover
                });
                Some(*found.ok_or(SolveError::MissingDependency {
                    mover: opponent - 1,
                    opponent: mover,
                })?)
            };
            let index = SubspaceIndex::new(mover, opponent);
            let len = index.len();
            sides.push(Side {
                index,
                offset,
                captures,
            });
            offset += len;
        }
        if offset >= u64::from(LOSS_FLAG) {
            return Err(SolveError::TooLarge);
        }
        Ok(Pair {
            sides,
            rules: Rules::with_flying(flying),
        })
    }

    fn total(&self) -> u64 {
        self.sides.iter().map(|s| s.index.len()).sum()
    }

    fn other(&self, side: usize) -> usize {
        if self.sides.len() == 1 { 0 } else { 1 - side }
    }

    fn locate(&self, global: u64) -> (usize, u64) {
        if self.sides.len() == 2 && global >= self.sides[1].offset {
            (1, global - self.sides[1].offset)
        } else {
            (0, global)
        }
    }

    #[inline]
    fn global(&self, side: usize, mover: u32, opponent: u32) -> u64 {
        let s = &self.sides[side];
        s.offset + s.index.index(mover, opponent)
    }

    /// The position of slot `global`, or `None` for a hole.
    fn position(&self, global: u64) -> Option<(usize, Position)> {
        let (side, local) = self.locate(global);
        let (own, opp) = self.sides[side].index.board(local)?;
        Some((side, movement_position(own, opp)?))
    }

    /// The keys of the boards of `side` against the opponent set `opp`: `opp` as the mover
    /// after a move without removal, and (when first needed) `opp` less each of its pieces as
    /// the mover after a removal.
    fn opponent_keys(&self, side: usize, opp: Bitboard) -> OpponentKeys {
        OpponentKeys {
            opp,
            quiet: self.sides[self.other(side)].index.mover_key(opp),
            captures: [None; SQUARE_COUNT],
        }
    }

    /// Calls `visit` for every legal move of `position` (a board of `side`, White to move, its
    /// opponent's keys `keys`): [`Successor::Quiet`] with the global index of a move without
    /// removal, [`Successor::Capture`] with the value (for the new side to move) of a removal.
    #[inline]
    fn for_each_move(
        &self,
        side: usize,
        position: &Position,
        keys: &mut OpponentKeys,
        mut visit: impl FnMut(Successor),
    ) {
        let other = &self.sides[self.other(side)];
        let quiet = keys.quiet;
        self.for_each_move_group(side, position, keys, |group| match group {
            MoveGroup::Quiet { rest, targets } => {
                for to in Square::iter_bits(targets) {
                    let moved = rest | to.bit();
                    visit(Successor::Quiet(
                        other.offset + other.index.index_with(&quiet, moved),
                    ));
                }
            }
            MoveGroup::Capture(value) => visit(Successor::Capture(value)),
        });
    }

    /// The number of distinct quiet successors of `position` (a board of `side`, its opponent's
    /// keys `keys`); the slots of its removals in the removal table are appended to
    /// `capture_slots`, and the values of removals that need no table added to `outlook`.
    /// Indices are computed only where two moves may reach one slot (a symmetric new mover set);
    /// otherwise each move is a distinct successor and is only counted (`successors` is scratch
    /// space).
    #[inline]
    fn count_moves(
        &self,
        side: usize,
        position: &Position,
        keys: &mut OpponentKeys,
        outlook: &mut Outlook,
        successors: &mut Vec<u64>,
        capture_slots: &mut Vec<u64>,
    ) -> usize {
        let other = &self.sides[self.other(side)];
        let quiet_key = keys.quiet;
        let distinct = quiet_key.has_trivial_stabilizer();
        let mut quiet = 0;
        successors.clear();
        self.for_each_move_slot(side, position, keys, |mv| match mv {
            MoveSlot::Quiet { targets, .. } if distinct => quiet += targets.count_ones() as usize,
            MoveSlot::Quiet { rest, targets } => {
                for to in Square::iter_bits(targets) {
                    successors.push(other.index.index_with(&quiet_key, rest | to.bit()));
                }
            }
            MoveSlot::Capture(value) => outlook.add(value),
            MoveSlot::CaptureSlot(slot) => capture_slots.push(slot),
        });
        if !distinct {
            successors.sort_unstable();
            successors.dedup();
            quiet = successors.len();
        }
        quiet
    }

    /// Calls `visit` for the legal moves of `position` (a board of `side`, White to move, its
    /// opponent's keys `keys`) in groups: [`MoveGroup::Quiet`] for the moves without removal of
    /// one piece, [`MoveGroup::Capture`] with the value of each removal. Removals are read from
    /// the smaller table in batches: the slots first, then their values in one tight loop, so that
    /// the cache misses of a position's removals overlap.
    #[inline]
    fn for_each_move_group(
        &self,
        side: usize,
        position: &Position,
        keys: &mut OpponentKeys,
        mut visit: impl FnMut(MoveGroup),
    ) {
        let mut captures = SlotBatch::default();
        let table = self.sides[side].captures;
        self.for_each_move_slot(side, position, keys, |mv| match mv {
            MoveSlot::Quiet { rest, targets } => visit(MoveGroup::Quiet { rest, targets }),
            MoveSlot::Capture(value) => visit(MoveGroup::Capture(value)),
            MoveSlot::CaptureSlot(slot) => {
                if let Some(table) = table {
                    captures.push(table, slot, &mut |v| visit(MoveGroup::Capture(v)));
                }
            }
        });
        if let Some(table) = table {
            captures.flush(table, &mut |v| visit(MoveGroup::Capture(v)));
        }
    }

    /// Calls `visit` for the legal moves of `position` (a board of `side`, White to move, its
    /// opponent's keys `keys`): [`MoveSlot::Quiet`] for the moves without removal of one piece,
    /// and for each removal its slot in the removal table ([`MoveSlot::CaptureSlot`]) or, when
    /// the opponent is left with two pieces, its value ([`MoveSlot::Capture`]). The moves come in
    /// bulk from the rules crate ([`Position::for_each_move_set`]), so that the indexing of each
    /// stays in the caller's loop (measured: a call per move made the solver 15 % slower).
    #[inline]
    fn for_each_move_slot(
        &self,
        side: usize,
        position: &Position,
        keys: &mut OpponentKeys,
        mut visit: impl FnMut(MoveSlot),
    ) {
        let s = &self.sides[side];
        let own = position.pieces(Color::White);
        let removable = position.removable_pieces();
        position.for_each_move_set(&self.rules, |set| {
            let rest = own & !set.from.map_or(0, Square::bit);
            if set.quiet != 0 {
                visit(MoveSlot::Quiet {
                    rest,
                    targets: set.quiet,
                });
            }
            for to in Square::iter_bits(set.closing) {
                let moved = rest | to.bit();
                for removed in Square::iter_bits(removable) {
                    let Some(table) = s.captures else {
                        visit(MoveSlot::Capture(Value::Loss(0)));
                        continue;
                    };
                    let key = keys.capture(table, removed);
                    visit(MoveSlot::CaptureSlot(table.index.index_with(key, moved)));
                }
            }
        });
    }

    /// The distinct predecessors inside the pair of the position at `global`.
    fn predecessors(&self, global: u64, out: &mut Vec<u64>) {
        out.clear();
        let Some((side, position)) = self.position(global) else {
            return;
        };
        let prev = self.other(side);
        // Two un-moves reach the same slot only through a symmetry fixing the mover set.
        let (_, local) = self.locate(global);
        let index = &self.sides[side].index;
        let distinct = is_trivial_stabilizer(index.stabilizer((local / index.per_mover) as usize));
        position.for_each_quiet_unmove(&self.rules, |mv| {
            // Black (the side that just moved) is to move before the un-move.
            let before = position.unplay(mv);
            out.push(self.global(
                prev,
                before.pieces(Color::Black),
                before.pieces(Color::White),
            ));
        });
        if !distinct {
            out.sort_unstable();
            out.dedup();
        }
    }

    /// The longest removal successor of a position whose removals all lose for it.
    fn longest_capture_loss(&self, global: u64) -> u16 {
        let Some((side, position)) = self.position(global) else {
            return 0;
        };
        let mut outlook = Outlook::default();
        let mut keys = self.opponent_keys(side, position.pieces(Color::Black));
        self.for_each_move_group(side, &position, &mut keys, |group| {
            if let MoveGroup::Capture(v) = group {
                outlook.add(v);
            }
        });
        outlook.longest_loss
    }

    /// Visits every representative board of `side` whose canonical mover id is in `ids`, in slot
    /// order: `visit(slot, position)`, the mover as White.
    fn for_each_board(
        &self,
        side: usize,
        ids: Range<usize>,
        mut visit: impl FnMut(u64, &Position),
    ) {
        let index = &self.sides[side].index;
        let per = index.per_mover;
        for id in ids {
            let own = index.canonical_mover(id);
            let stab = index.stabilizer(id);
            let free = ALL_SQUARES & !own;
            for (rank, compact) in colex_sets(index.opponent, per).enumerate() {
                let opp = deposit(compact, free);
                if is_representative(stab, opp)
                    && let Some(position) = movement_position(own, opp)
                {
                    visit(id as u64 * per + rank as u64, &position);
                }
            }
        }
    }

    /// The canonical opponent sets of `side`, by id.
    fn opponent_sets(&self, side: usize) -> std::sync::Arc<MoverSets> {
        MoverSets::get(self.sides[side].index.opponent)
    }

    /// About how many slots of `side` the boards against `count` canonical opponent sets fill
    /// (for progress).
    fn slots_of_opponents(&self, side: usize, count: usize) -> u64 {
        let len = self.sides[side].index.len();
        len * count as u64 / self.opponent_sets(side).canonical.len() as u64
    }

    /// Visits every board class of `side` once, grouped by the opponent's set: for the canonical
    /// opponent sets of ids `ids` (of [`MoverSets`] of the opponent's count), every mover set
    /// smallest under that set's stabiliser, as `visit(slot, position, keys)` (the mover as
    /// White, `slot` the board's representative slot). The removal successors of one group lie in
    /// a few blocks of the smaller table (its mover is the opponent's set less one piece), and the
    /// quiet successors in one block of the other side's table, so those blocks stay in the cache
    /// while the group is visited (in slot order they were scattered over the whole table).
    fn for_each_board_by_opponent(
        &self,
        side: usize,
        ids: Range<usize>,
        mut visit: impl FnMut(u64, &Position, &mut OpponentKeys),
    ) {
        for_each_class_by_opponent(
            &self.sides[side].index,
            &self.opponent_sets(side),
            ids,
            |opp| self.opponent_keys(side, opp),
            |slot, own, keys| {
                if let Some(position) = movement_position(own, keys.opp) {
                    visit(slot, &position, keys);
                }
            },
        );
    }
}

/// What every board of a side against one opponent set shares: the keys of its successors'
/// mover sets, the removals' computed when first needed.
struct OpponentKeys {
    /// The opponent's pieces.
    opp: Bitboard,
    /// The opponent's set as the mover of the other side (after a move without removal).
    quiet: MoverKey,
    /// By square: the opponent's set less the piece there, as the mover of the removal table.
    captures: [Option<MoverKey>; SQUARE_COUNT],
}

impl OpponentKeys {
    /// The key of the opponent's set less the piece on `removed` in `table`'s index.
    #[inline]
    fn capture(&mut self, table: &Table, removed: Square) -> &MoverKey {
        let opp = self.opp;
        self.captures[removed.index()]
            .get_or_insert_with(|| table.index.mover_key(opp & !removed.bit()))
    }
}

/// Successor slots of one board in one table, gathered before their values are read: the loads
/// then run in one tight loop and their cache misses overlap (read as each index is computed,
/// they wait one after the other). The movement pass reads a board's removals this way, the
/// placement pass all its successors (two thirds of a placement sector's samples were those
/// loads).
pub(crate) struct SlotBatch {
    /// The slots waiting.
    slots: [u64; SLOT_BATCH],
    /// How many wait.
    len: usize,
}

/// Slots read together by [`SlotBatch`] (a board has at most 24 quiet placements).
const SLOT_BATCH: usize = 32;

impl Default for SlotBatch {
    fn default() -> SlotBatch {
        SlotBatch {
            slots: [0; SLOT_BATCH],
            len: 0,
        }
    }
}

impl SlotBatch {
    /// Queues `slot` of `table`; passes the batch's values to `visit` when it is full.
    #[inline]
    pub(crate) fn push(&mut self, table: &Table, slot: u64, visit: &mut impl FnMut(Value)) {
        self.slots[self.len] = slot;
        self.len += 1;
        if self.len == SLOT_BATCH {
            self.flush(table, visit);
        }
    }

    /// Passes the values of the waiting slots of `table` to `visit`, all loaded first.
    #[inline]
    pub(crate) fn flush(&mut self, table: &Table, visit: &mut impl FnMut(Value)) {
        let mut codes = [0u16; SLOT_BATCH];
        for (code, &slot) in codes.iter_mut().zip(&self.slots[..self.len]) {
            *code = table.codes[slot as usize];
        }
        for &code in &codes[..self.len] {
            visit(Value::decode(code));
        }
        self.len = 0;
    }
}

/// Number of worker threads: the machine's parallelism.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Canonical mover ids handed to a worker at a time.
pub(crate) const IDS_PER_TASK: usize = 16;
/// Queue entries handed to a worker at a time.
const ENTRIES_PER_TASK: usize = 4096;
/// Below this many entries a queue level is processed without spawning threads.
const PARALLEL_LEVEL: usize = 1 << 14;
/// How often the main thread reports progress while workers run.
const PROGRESS_PERIOD: std::time::Duration = std::time::Duration::from_millis(200);

/// Runs `work(task)` for every task `0..tasks` on `threads` workers, reporting `done()` progress
/// from the calling thread. Returns each worker's result.
pub(crate) fn run_parallel<R: Send>(
    threads: usize,
    tasks: usize,
    work: impl Fn(usize, &mut R) + Sync,
    init: impl Fn() -> R + Sync,
    mut report: impl FnMut(),
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let main = std::thread::current();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut state = init();
                    loop {
                        let task = next.fetch_add(1, Ordering::Relaxed);
                        if task >= tasks {
                            break;
                        }
                        work(task, &mut state);
                    }
                    finished.fetch_add(1, Ordering::Release);
                    main.unpark();
                    state
                })
            })
            .collect();
        // Report until every worker is done; a finishing worker wakes this thread at once.
        while finished.load(Ordering::Acquire) < handles.len() {
            report();
            std::thread::park_timeout(PROGRESS_PERIOD);
        }
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Boards whose removal slots are gathered before any removal value is read: the misses of the
/// batch's removals overlap (one board's removals alone are often too few to hide the latency).
const BOARD_BATCH: usize = 16;

/// A board of the initialisation waiting for its removals' values.
struct PendingBoard {
    /// Its global index in the pair.
    global: u64,
    /// Its distinct quiet successors.
    quiet: usize,
    /// What its removals that need no table say.
    outlook: Outlook,
    /// Where its removal slots end in [`InitScratch::capture_slots`] (they start where the
    /// previous board's end).
    captures_end: usize,
}

/// An initialisation worker's buffers and results.
#[derive(Default)]
struct InitScratch {
    /// Queue pushes: `(distance, entry)`.
    pushes: Pushes,
    /// The quiet successors of one board (where they must be deduplicated).
    successors: Vec<u64>,
    /// The boards of the current batch.
    boards: Vec<PendingBoard>,
    /// Their removal slots in the removal table, board after board.
    capture_slots: Vec<u64>,
    /// The values read at those slots.
    capture_codes: Vec<u16>,
}

impl InitScratch {
    /// Reads the removal values of the batch's boards (all loads first), then decides each board:
    /// queued as a win or a loss, or its counter of undecided successors set.
    fn settle(&mut self, table: Option<&Table>, counters: &[AtomicU8]) {
        if let Some(table) = table {
            self.capture_codes.clear();
            self.capture_codes.extend(
                self.capture_slots
                    .iter()
                    .map(|&slot| table.codes[slot as usize]),
            );
        }
        let mut start = 0;
        for board in self.boards.drain(..) {
            let mut outlook = board.outlook;
            for &code in &self.capture_codes[start..board.captures_end] {
                outlook.add(Value::decode(code));
            }
            start = board.captures_end;
            if let Some(w) = outlook.best_win {
                self.pushes.push((w, board.global as u32));
            } else if !outlook.has_draw {
                if board.quiet == 0 {
                    self.pushes
                        .push((outlook.longest_loss, board.global as u32 | LOSS_FLAG));
                } else {
                    counters[board.global as usize].store(board.quiet as u8, Ordering::Relaxed);
                }
            }
        }
        self.capture_slots.clear();
        self.capture_codes.clear();
    }
}

/// Queue entries whose predecessors are gathered before any predecessor's state is read.
const ENTRY_BATCH: usize = 16;

/// One distance level of the propagation: what fixing its entries and deciding their
/// predecessors reads and writes.
struct Propagation<'p, 'a> {
    pair: &'p Pair<'a>,
    codes: &'p [AtomicU16],
    counters: &'p [AtomicU8],
    distance: u16,
}

impl Propagation<'_, '_> {
    /// Fixes each entry of `batch` (at most [`ENTRY_BATCH`]) still undecided at this level's
    /// value, and appends its predecessors to `found` ([`LOSS_FLAG`] set where it is lost).
    /// Returns how many it fixed.
    fn fix(&self, batch: &[u32], preds: &mut Vec<u64>, found: &mut Vec<u64>) -> u64 {
        // The entries' own values first, loaded together so that their misses overlap.
        let mut own = [0u16; ENTRY_BATCH];
        for (code, &entry) in own.iter_mut().zip(batch) {
            *code = self.codes[(entry & !LOSS_FLAG) as usize].load(Ordering::Relaxed);
        }
        let mut fixed = 0;
        for (&entry, &code) in batch.iter().zip(&own) {
            let global = (entry & !LOSS_FLAG) as usize;
            let lost = entry & LOSS_FLAG != 0;
            let value = if lost {
                Value::Loss(self.distance)
            } else {
                Value::Win(self.distance)
            };
            if code != 0
                || self.codes[global]
                    .compare_exchange(0, value.encode(), Ordering::Relaxed, Ordering::Relaxed)
                    .is_err()
            {
                continue;
            }
            fixed += 1;
            self.pair.predecessors(global as u64, preds);
            let flag = if lost { u64::from(LOSS_FLAG) } else { 0 };
            found.extend(preds.iter().map(|&q| q | flag));
        }
        fixed
    }

    /// Decides the predecessors `found` of fixed entries: a predecessor of a lost entry is
    /// queued as a win in one ply more; a predecessor of a won entry loses one from its counter,
    /// and is queued as lost when that was its last undecided successor. Every state is loaded
    /// in one tight loop first (the misses overlap instead of each waiting behind the branch on
    /// the one before). A state read early can only be older than the truth: a value taken
    /// meanwhile makes the work below redundant, never wrong (its push fails, its counter is no
    /// longer read).
    fn decide(&self, found: &[u64], scratch: &mut Scratch) {
        let flag = u64::from(LOSS_FLAG);
        scratch.states.clear();
        scratch.states.extend(found.iter().map(|&f| {
            let q = (f & !flag) as usize;
            (
                self.codes[q].load(Ordering::Relaxed),
                self.counters[q].load(Ordering::Relaxed),
            )
        }));
        let next = self.distance + 1;
        for (&f, &(code, counter)) in found.iter().zip(&scratch.states) {
            let q = f & !flag;
            if code != 0 {
                continue;
            }
            if f & flag != 0 {
                scratch.pushes.push((next, q as u32));
            } else if counter != CANNOT_LOSE
                && self.counters[q as usize].fetch_sub(1, Ordering::Relaxed) == 1
            {
                let at = next.max(self.pair.longest_capture_loss(q));
                scratch.pushes.push((at, q as u32 | LOSS_FLAG));
            }
        }
    }

    /// Propagates `entries` [`ENTRY_BATCH`] at a time: each batch fixed, then its predecessors
    /// decided.
    fn run_batched(&self, entries: &[u32], scratch: &mut Scratch) {
        let mut found = std::mem::take(&mut scratch.found);
        for batch in entries.chunks(ENTRY_BATCH) {
            found.clear();
            scratch.fixed += self.fix(batch, &mut scratch.preds, &mut found);
            self.decide(&found, scratch);
        }
        scratch.found = found;
    }
}

/// A propagation worker's buffers.
#[derive(Default)]
struct Scratch {
    /// Entries fixed.
    fixed: u64,
    /// Queue pushes gathered: `(distance, entry)`.
    pushes: Pushes,
    /// The predecessors of one entry.
    preds: Vec<u64>,
    /// The predecessors of a batch of entries, [`LOSS_FLAG`] set where the entry is lost.
    found: Vec<u64>,
    /// Each found predecessor's value code and counter when the batch read them.
    states: Vec<(u16, u8)>,
}

/// Queue pushes gathered by one worker: `(distance, entry)`.
type Pushes = Vec<(u16, u32)>;

fn push(queues: &mut Vec<Vec<u32>>, level: u16, entry: u32) {
    let level = usize::from(level);
    if queues.len() <= level {
        queues.resize_with(level + 1, Vec::new);
    }
    queues[level].push(entry);
}

/// Solves the pair `m` vs `o` and `o` vs `m` (one sub-space when `m == o`) under the given rules,
/// on [`default_threads`] threads. `lower` must hold the tables reached by removals (`o − 1` vs
/// `m` and `m − 1` vs `o`, when those have three pieces or more). Returns the tables, `m` vs `o`
/// first.
pub fn solve_pair(
    flying: bool,
    m: usize,
    o: usize,
    lower: &[&Table],
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<Table>, SolveError> {
    solve_pair_with_threads(flying, m, o, lower, default_threads(), progress)
}

/// [`solve_pair`] on a given number of threads (the result does not depend on it).
pub fn solve_pair_with_threads(
    flying: bool,
    m: usize,
    o: usize,
    lower: &[&Table],
    threads: usize,
    progress: &mut dyn FnMut(Progress),
) -> Result<Vec<Table>, SolveError> {
    let pair = Pair::new(flying, m, o, lower)?;
    let total = pair.total();
    let codes: Vec<AtomicU16> = huge_vec(total as usize, repeat_with(|| AtomicU16::new(0)));
    let counters: Vec<AtomicU8> =
        huge_vec(total as usize, repeat_with(|| AtomicU8::new(CANNOT_LOSE)));
    let done = AtomicU64::new(0);

    // Initialisation, in tasks of IDS_PER_TASK canonical mover sets, in slot order (measured:
    // grouped by the opponent's set, as the verify pass goes, the counters' scattered stores
    // made a 6-6 pair 1.25x slower).
    let tasks: Vec<(usize, Range<usize>)> = (0..pair.sides.len())
        .flat_map(|side| {
            let n = pair.sides[side].index.canonical_count();
            (0..n)
                .step_by(IDS_PER_TASK)
                .map(move |a| (side, a..(a + IDS_PER_TASK).min(n)))
        })
        .collect();
    let pushes = run_parallel(
        threads,
        tasks.len(),
        |task, init: &mut InitScratch| {
            let (side, ids) = tasks[task].clone();
            let offset = pair.sides[side].offset;
            let per = pair.sides[side].index.per_mover;
            let table = pair.sides[side].captures;
            pair.for_each_board(side, ids.clone(), |slot, position| {
                let mut keys = pair.opponent_keys(side, position.pieces(Color::Black));
                let mut outlook = Outlook::default();
                let quiet = pair.count_moves(
                    side,
                    position,
                    &mut keys,
                    &mut outlook,
                    &mut init.successors,
                    &mut init.capture_slots,
                );
                init.boards.push(PendingBoard {
                    global: offset + slot,
                    quiet,
                    outlook,
                    captures_end: init.capture_slots.len(),
                });
                if init.boards.len() == BOARD_BATCH {
                    init.settle(table, &counters);
                }
            });
            init.settle(table, &counters);
            done.fetch_add(ids.len() as u64 * per, Ordering::Relaxed);
        },
        InitScratch::default,
        || {
            progress(Progress {
                stage: "init",
                done: done.load(Ordering::Relaxed),
                total,
            })
        },
    );
    let mut queues: Vec<Vec<u32>> = Vec::new();
    for init in pushes {
        for (level, entry) in init.pushes {
            push(&mut queues, level, entry);
        }
    }

    // Propagation, one distance at a time; a level's entries are independent of each other.
    let fixed = AtomicU64::new(0);
    let mut level = 0usize;
    while level < queues.len() {
        let distance = u16::try_from(level)
            .ok()
            .filter(|&d| d < MAX_DISTANCE)
            .ok_or(SolveError::TooDeep)?;
        let queue = std::mem::take(&mut queues[level]);
        let step = Propagation {
            pair: &pair,
            codes: &codes,
            counters: &counters,
            distance,
        };
        let results = if queue.len() < PARALLEL_LEVEL || threads <= 1 {
            let mut scratch = Scratch::default();
            step.run_batched(&queue, &mut scratch);
            vec![scratch]
        } else {
            let chunks: Vec<&[u32]> = queue.chunks(ENTRIES_PER_TASK).collect();
            run_parallel(
                threads,
                chunks.len(),
                |task, scratch: &mut Scratch| step.run_batched(chunks[task], scratch),
                Scratch::default,
                || {},
            )
        };
        for scratch in &results {
            fixed.fetch_add(scratch.fixed, Ordering::Relaxed);
        }
        for scratch in results {
            for (at, entry) in scratch.pushes {
                push(&mut queues, at, entry);
            }
        }
        progress(Progress {
            stage: "propagate",
            done: fixed.load(Ordering::Relaxed),
            total,
        });
        level += 1;
    }
    progress(Progress {
        stage: "propagate",
        done: total,
        total,
    });

    drop(counters);
    let mut codes: Vec<u16> = codes.into_iter().map(AtomicU16::into_inner).collect();
    let mut tables = Vec::new();
    for side in pair.sides.iter().rev() {
        let rest = huge_vec(
            codes.len() - side.offset as usize,
            codes.drain(side.offset as usize..),
        );
        tables.push(Table {
            flying,
            index: side.index.clone(),
            codes: rest,
            hands: [0, 0],
        });
    }
    tables.reverse();
    Ok(tables)
}

/// Re-checks every stored value of `table` against the values of its successors, read from
/// `others` (the other sub-space of its pair, or `table` itself when both counts are equal) and
/// `lower` (the tables reached by removals), on [`default_threads`] threads. Returns the number of
/// positions checked.
pub fn verify_table(
    table: &Table,
    others: &[&Table],
    lower: &[&Table],
    progress: &mut dyn FnMut(Progress),
) -> Result<u64, SolveError> {
    let (m, o) = (table.index.mover, table.index.opponent);
    let pair = Pair::new(table.flying, m, o, lower)?;
    let other = if m == o {
        table
    } else {
        let found = others
            .iter()
            .find(|t| t.flying == table.flying && t.index.mover == o && t.index.opponent == m);
        *found.ok_or(SolveError::MissingDependency {
            mover: o,
            opponent: m,
        })?
    };
    let other_offset = pair.sides[pair.other(0)].offset;
    let total = table.index.len();
    let n = pair.opponent_sets(0).canonical.len();
    let done = AtomicU64::new(0);
    let results = run_parallel(
        default_threads(),
        n.div_ceil(IDS_PER_TASK),
        |task, checks: &mut StoredChecks| {
            if checks.mismatch.is_some() {
                return;
            }
            let ids = task * IDS_PER_TASK..((task + 1) * IDS_PER_TASK).min(n);
            pair.for_each_board_by_opponent(0, ids.clone(), |slot, position, keys| {
                // The board's own slot is far from the last one's; its line is asked for before
                // the successors are derived, so that the comparison finds it in the cache.
                prefetch(&table.codes, slot as usize);
                let mut outlook = Outlook::default();
                pair.for_each_move(0, position, keys, |succ| {
                    outlook.add(match succ {
                        Successor::Quiet(g) => {
                            Value::decode(other.codes[(g - other_offset) as usize])
                        }
                        Successor::Capture(v) => v,
                    })
                });
                checks.push(&table.codes, slot, outlook.value());
            });
            checks.flush(&table.codes);
            done.fetch_add(pair.slots_of_opponents(0, ids.len()), Ordering::Relaxed);
        },
        StoredChecks::new,
        || report_verify(progress, &done, total),
    );
    verify_result(results.iter().map(|checks| checks.result(m, o)).collect())
}

/// Boards visited group by group of the opponent's set lie far apart in their own table, so
/// reading each one's stored value as it is derived waits on a cache miss per board (half the
/// verify pass's time on the 6-6 pair). The derived values wait here and are compared in batches:
/// the stored values of a batch are loaded in one tight loop, their misses overlapping.
pub(crate) struct StoredChecks {
    /// The boards' slots.
    slots: [u64; CHECK_BATCH],
    /// The values their successors give.
    expected: [Value; CHECK_BATCH],
    /// Boards waiting.
    len: usize,
    /// Boards compared so far.
    pub(crate) checked: u64,
    /// The first board whose stored value differs: slot, stored, expected.
    pub(crate) mismatch: Option<(u64, Value, Value)>,
}

/// Boards compared together by [`StoredChecks`].
const CHECK_BATCH: usize = 32;

impl StoredChecks {
    /// No board waiting, none compared.
    pub(crate) fn new() -> StoredChecks {
        StoredChecks {
            slots: [0; CHECK_BATCH],
            expected: [Value::Draw; CHECK_BATCH],
            len: 0,
            checked: 0,
            mismatch: None,
        }
    }

    /// Queues the board at `slot` of `codes`, whose successors give `expected`; compares the
    /// batch when it is full.
    #[inline]
    pub(crate) fn push(&mut self, codes: &[u16], slot: u64, expected: Value) {
        self.slots[self.len] = slot;
        self.expected[self.len] = expected;
        self.len += 1;
        if self.len == CHECK_BATCH {
            self.flush(codes);
        }
    }

    /// Compares every waiting board with its stored value in `codes`.
    pub(crate) fn flush(&mut self, codes: &[u16]) {
        let n = self.len;
        let mut stored = [0u16; CHECK_BATCH];
        for (code, &slot) in stored[..n].iter_mut().zip(&self.slots[..n]) {
            *code = codes[slot as usize];
        }
        let waiting = self.slots.iter().zip(&self.expected).zip(&stored);
        for ((&slot, &expected), &code) in waiting.take(n) {
            let value = Value::decode(code);
            if value != expected && self.mismatch.is_none() {
                self.mismatch = Some((slot, value, expected));
            }
        }
        self.checked += n as u64;
        self.len = 0;
    }

    /// The verify worker's result: boards checked, or the first mismatch as the error of the
    /// table of `mover` against `opponent`.
    pub(crate) fn result(&self, mover: usize, opponent: usize) -> (u64, Option<SolveError>) {
        let failure = self
            .mismatch
            .map(|(slot, stored, expected)| SolveError::Inconsistent {
                mover,
                opponent,
                slot,
                stored,
                expected,
            });
        (self.checked, failure)
    }
}

/// Reports the verify stage's progress.
pub(crate) fn report_verify(progress: &mut dyn FnMut(Progress), done: &AtomicU64, total: u64) {
    progress(Progress {
        stage: "verify",
        done: done.load(Ordering::Relaxed),
        total,
    })
}

/// The positions checked by verify workers, or the first inconsistency one found.
pub(crate) fn verify_result(results: Vec<(u64, Option<SolveError>)>) -> Result<u64, SolveError> {
    let mut checked = 0;
    for (count, failure) in results {
        if let Some(error) = failure {
            return Err(error);
        }
        checked += count;
    }
    Ok(checked)
}
