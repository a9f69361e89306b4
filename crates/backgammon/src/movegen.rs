//! Legal move generation: every distinct resulting position once, obeying every dice-usage rule.
//!
//! The search works on the mover's checker counts plus two bit sets over places (occupied points,
//! points not blocked by two or more opposing checkers): own moves never change which points are
//! blocked, so the sources that can move a die are `occupied & (open << die)`, plus bear-offs.
//!
//! Doubles are searched depth first with the checkers taken from non-increasing points: any legal
//! sequence can be reordered that way, and two different sets of equal steps always leave
//! different boards, so doubles need no deduplication. Two different dice are tried in both
//! orders; a low-first play that the high-first pass already produced is skipped cheaply, and the
//! rest are deduplicated by an additive key over the changes, confirmed by comparing boards.

use crate::dice::Dice;
use crate::moves::{CheckerMove, MAX_CHECKER_MOVES, Move};
use crate::position::{BAR, HOME_POINTS, OFF, Position, SLOTS};

/// A reusable list of legal moves with the position after each (still from the mover's view).
/// Reusing one list across calls keeps move generation free of allocation.
#[derive(Debug, Clone, Default)]
pub struct MoveList {
    entries: Vec<(Move, Position)>,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList::default()
    }

    /// The moves and the board after each, from the mover's view.
    pub fn as_slice(&self) -> &[(Move, Position)] {
        &self.entries
    }

    /// Number of distinct legal moves.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when empty (never after generation: a blocked roll yields the empty move).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The moves alone.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.entries.iter().map(|(m, _)| *m)
    }

    /// Iterates over (move, board after the move from the mover's view).
    pub fn iter(&self) -> std::slice::Iter<'_, (Move, Position)> {
        self.entries.iter()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a (Move, Position);
    type IntoIter = std::slice::Iter<'a, (Move, Position)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}

impl Position {
    /// The distinct legal moves for a roll, one per resulting position. When no checker can
    /// move, the list holds just the empty move.
    pub fn legal_moves(&self, dice: Dice) -> Vec<Move> {
        let mut out = Vec::new();
        self.successors(dice, &mut out);
        out.into_iter().map(|(m, _)| m).collect()
    }

    /// The legal moves with the board after each (from the mover's view).
    pub fn legal_moves_with_positions(&self, dice: Dice) -> Vec<(Move, Position)> {
        let mut out = Vec::new();
        self.successors(dice, &mut out);
        out
    }

    /// Fills `list` with the legal moves and resulting boards; allocation free once the list
    /// has grown to size.
    pub fn legal_moves_into(&self, dice: Dice, list: &mut MoveList) {
        self.successors(dice, &mut list.entries);
    }

    /// The hot path of every engine: clears `out` and fills it with each distinct legal move and
    /// the board after it, from the mover's view (use [`Position::swapped`] for the opponent's
    /// turn). A blocked roll yields one entry: the empty move and the unchanged board.
    pub fn successors(&self, dice: Dice, out: &mut Vec<(Move, Position)>) {
        out.clear();
        let mut generator = Generator {
            origin: self,
            out,
            state: State::new(self),
            open: open_points(self),
            best: 0,
            keys: [0; KEYED_RESULTS],
            filter: 0,
            path: [CheckerMove::default(); MAX_CHECKER_MOVES],
        };
        if dice.is_double() {
            generator.doubles(dice.high(), 0, BAR, 0);
        } else {
            generator.non_double(dice.high(), dice.low());
        }
        if generator.out.is_empty() {
            generator.out.push((Move::EMPTY, *self));
        }
    }

    /// The board after a move, still from the mover's view. The move must be legal here (as
    /// produced by the generator or [`Position::parse_move`]).
    pub fn apply(&self, mv: &Move) -> Position {
        let mut p = *self;
        apply_in_place(&mut p, mv);
        p
    }

    /// The board after a move with the opponent on roll: `apply` then `swapped`.
    pub fn play(&self, mv: &Move) -> Position {
        self.apply(mv).swapped()
    }
}

/// Moves the checkers of `mv` on `board`, hitting blots where they land.
#[inline]
fn apply_in_place(board: &mut Position, mv: &Move) {
    for m in mv.checker_moves() {
        board.player[usize::from(m.from)] -= 1;
        board.player[usize::from(m.to)] += 1;
        if m.to != OFF {
            let theirs = usize::from(BAR - m.to);
            if board.opponent[theirs] == 1 {
                board.opponent[theirs] = 0;
                board.opponent[usize::from(BAR)] += 1;
            }
        }
    }
}

/// Bit set of the mover's points (1..=24) that a checker may land on: fewer than two opposing
/// checkers there. Bit 0 (off) is never set; bear-offs are handled apart.
fn open_points(position: &Position) -> u32 {
    let mut open = 0;
    for point in 1..=24u8 {
        if position.opponent[usize::from(BAR - point)] < 2 {
            open |= 1 << point;
        }
    }
    open
}

/// The mover's checkers during the search: counts, the occupied places as bits, the highest
/// occupied place (bar = 25).
#[derive(Clone, Copy)]
struct State {
    own: [u8; SLOTS],
    occupied: u32,
    highest: u8,
}

/// The bar as a bit.
const BAR_BIT: u32 = 1 << BAR;

impl State {
    fn new(position: &Position) -> State {
        let mut occupied = 0;
        for place in 1..SLOTS {
            if position.player[place] > 0 {
                occupied |= 1 << place;
            }
        }
        State {
            own: position.player,
            occupied,
            highest: highest_bit(occupied),
        }
    }

    /// Places from which a checker may move `die` now.
    #[inline]
    fn sources(&self, open: u32, die: u8) -> u32 {
        if self.occupied & BAR_BIT != 0 {
            return self.occupied & (open << die) & BAR_BIT;
        }
        let mut sources = self.occupied & (open << die);
        if self.highest <= HOME_POINTS {
            // Bearing off: the exact point, or the highest checker with a larger die.
            if self.own[usize::from(die)] > 0 {
                sources |= 1 << die;
            } else if self.highest < die && self.highest > 0 {
                sources |= 1 << self.highest;
            }
        }
        sources
    }

    #[inline]
    fn apply(&mut self, from: u8, to: u8) {
        self.own[usize::from(to)] += 1;
        // Off (bit 0) is never part of the occupied set.
        self.occupied |= (1 << to) & !1;
        let f = usize::from(from);
        self.own[f] -= 1;
        if self.own[f] == 0 {
            self.occupied &= !(1 << from);
            if from == self.highest {
                self.highest = highest_bit(self.occupied);
            }
        }
    }

    #[inline]
    fn undo(&mut self, from: u8, to: u8) {
        let t = usize::from(to);
        self.own[t] -= 1;
        if self.own[t] == 0 {
            self.occupied &= !(1 << to);
        }
        self.own[usize::from(from)] += 1;
        self.occupied |= 1 << from;
        self.highest = self.highest.max(from);
    }
}

/// The highest set bit of a place set, 0 when empty.
#[inline]
fn highest_bit(set: u32) -> u8 {
    (31 - (set | 1).leading_zeros()) as u8
}

/// Where a checker from `from` lands with `die` (0 = off).
#[inline]
fn target(from: u8, die: u8) -> u8 {
    from.saturating_sub(die)
}

/// Calls `visit` for each bit of `set`, highest first.
#[inline]
fn for_each_bit_down(mut set: u32, mut visit: impl FnMut(u8)) {
    while set != 0 {
        let bit = highest_bit(set);
        set &= !(1 << bit);
        visit(bit);
    }
}

/// Non-double plays whose dedup keys are kept; beyond that boards are compared directly.
const KEYED_RESULTS: usize = 64;

/// Keys for deduplication: one random constant per place.
const fn key_table(seed: u64) -> [u64; SLOTS] {
    let mut table = [0u64; SLOTS];
    let mut state = seed;
    let mut i = 0;
    while i < SLOTS {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        table[i] = z ^ (z >> 31);
        i += 1;
    }
    table
}
/// Additive key of a checker on a place: a play's key is the sum of (landing − leaving).
const PLACE_KEYS: [u64; SLOTS] = key_table(0x4C55_4455_5331);
/// Additive key of a hit on a point (the opponent's checker goes to the bar).
const HIT_KEYS: [u64; SLOTS] = key_table(0x4849_5453);

#[inline]
fn step_key(step: CheckerMove) -> u64 {
    let k = PLACE_KEYS[usize::from(step.to)].wrapping_sub(PLACE_KEYS[usize::from(step.from)]);
    if step.hit {
        k.wrapping_add(HIT_KEYS[usize::from(step.to)])
    } else {
        k
    }
}

struct Generator<'a> {
    origin: &'a Position,
    out: &'a mut Vec<(Move, Position)>,
    state: State,
    open: u32,
    /// Most checker moves in any play found so far (doubles).
    best: u8,
    /// Dedup keys of the first non-double plays in `out`, index for index.
    keys: [u64; KEYED_RESULTS],
    /// One bit per key class (the key's top six bits) of the plays listed so far.
    filter: u64,
    /// The steps of the double being searched.
    path: [CheckerMove; MAX_CHECKER_MOVES],
}

impl Generator<'_> {
    /// True when the origin has an opposing blot on the mover's point `to`.
    #[inline]
    fn blot(&self, to: u8) -> bool {
        to != OFF && self.origin.opponent[usize::from(BAR - to)] == 1
    }

    /// Appends a play and the board after it (built in place from the origin).
    #[inline]
    fn push_play(&mut self, mv: Move) {
        self.out.push((mv, *self.origin));
        if let Some((_, board)) = self.out.last_mut() {
            apply_in_place(board, &mv);
        }
    }

    fn non_double(&mut self, high: u8, low: u8) {
        let high_sources = self.state.sources(self.open, high);
        let low_sources = self.state.sources(self.open, low);
        self.two_steps(high_sources, high, low, 0);
        // Low die first. A second (high) step from a place that held a checker before and could
        // move the high die there first gives a play the high-first pass already has.
        self.two_steps(low_sources, low, high, high_sources);
        if !self.out.is_empty() {
            return;
        }
        // Only one die can be played: the higher one if possible.
        let (sources, die) = if high_sources != 0 {
            (high_sources, high)
        } else {
            (low_sources, low)
        };
        for_each_bit_down(sources, |from| {
            let to = target(from, die);
            let hit = self.blot(to);
            let step = CheckerMove { from, to, hit };
            self.push_play(Move::from_parts([step; MAX_CHECKER_MOVES], 1));
        });
    }

    /// Plays `first` from each of `sources`, then `second` from wherever it can, skipping second
    /// steps from places of `skip` that held a checker at the start.
    fn two_steps(&mut self, sources: u32, first: u8, second: u8, skip: u32) {
        let origin_occupied = self.state.occupied;
        for_each_bit_down(sources, |f1| {
            let t1 = target(f1, first);
            let hit1 = self.blot(t1);
            self.state.apply(f1, t1);
            let seconds = self.state.sources(self.open, second) & !(skip & origin_occupied);
            for_each_bit_down(seconds, |f2| {
                let t2 = target(f2, second);
                let hit2 = self.blot(t2) && !(hit1 && t1 == t2);
                self.emit_pair([(f1, t1, hit1), (f2, t2, hit2)]);
            });
            self.state.undo(f1, t1);
        });
    }

    /// Records a two-step play unless its board is already listed.
    #[inline]
    fn emit_pair(&mut self, steps: [(u8, u8, bool); 2]) {
        let steps = steps.map(|(from, to, hit)| CheckerMove { from, to, hit });
        let mv = Move::from_parts([steps[0], steps[1], steps[1], steps[1]], 2);
        let key = step_key(steps[0]).wrapping_add(step_key(steps[1]));
        // A one-word filter over the keys: most new plays are recognised without a scan.
        let filter_bit = 1u64 << (key >> 58);
        let keyed = self.out.len().min(KEYED_RESULTS);
        let maybe_known = self.filter & filter_bit != 0 || keyed < self.out.len();
        self.filter |= filter_bit;
        if maybe_known {
            let result = self.origin.apply(&mv);
            let known = self.keys[..keyed]
                .iter()
                .zip(self.out.iter())
                .any(|(&k, (_, p))| k == key && *p == result)
                || self.out[keyed..].iter().any(|(_, p)| *p == result);
            if known {
                return;
            }
        }
        if let Some(slot) = self.keys.get_mut(self.out.len()) {
            *slot = key;
        }
        self.push_play(mv);
    }

    /// Plays `die` again from places at most `max_from`, after the `depth` steps in `path`;
    /// `hits` are the points hit so far. Keeps only the plays that use the most dice.
    fn doubles(&mut self, die: u8, depth: usize, max_from: u8, hits: u32) {
        let mut moved = false;
        let allowed = (2u32 << max_from) - 1;
        if depth + 1 == MAX_CHECKER_MOVES {
            // The last die: each source is a finished play; no need to move it on the board.
            let sources = self.state.sources(self.open, die) & allowed;
            if sources != 0 {
                if self.best < MAX_CHECKER_MOVES as u8 {
                    self.best = MAX_CHECKER_MOVES as u8;
                    self.out.clear();
                }
                for_each_bit_down(sources, |from| {
                    let to = target(from, die);
                    let hit = self.blot(to) && hits & (1 << to) == 0;
                    self.path[depth] = CheckerMove { from, to, hit };
                    self.push_play(Move::from_parts(self.path, MAX_CHECKER_MOVES as u8));
                });
                return;
            }
        } else if depth < MAX_CHECKER_MOVES {
            let sources = self.state.sources(self.open, die) & allowed;
            for_each_bit_down(sources, |from| {
                moved = true;
                let to = target(from, die);
                let hit = self.blot(to) && hits & (1 << to) == 0;
                self.path[depth] = CheckerMove { from, to, hit };
                self.state.apply(from, to);
                self.doubles(die, depth + 1, from, hits | (u32::from(hit) << to));
                self.state.undo(from, to);
            });
        }
        if moved || depth == 0 {
            return;
        }
        let used = depth as u8;
        if used > self.best {
            self.best = used;
            self.out.clear();
        }
        if used == self.best {
            self.push_play(Move::from_parts(self.path, used));
        }
    }
}
