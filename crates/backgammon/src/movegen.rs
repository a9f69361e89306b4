//! Legal move generation: every distinct resulting position once, obeying every dice-usage rule.
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
            out,
            best: 0,
            keys: [0; MAX_NON_DOUBLE_RESULTS],
        };
        if dice.is_double() {
            generator.doubles(self, dice.high());
        } else {
            generator.non_double(self, dice.high(), dice.low());
        }
        if generator.out.is_empty() {
            generator.out.push((Move::EMPTY, *self));
        }
    }

    /// The board after a move, still from the mover's view. The move must be legal here (as
    /// produced by the generator or [`Position::parse_move`]).
    pub fn apply(&self, mv: &Move) -> Position {
        let mut p = *self;
        let mut highest = p.highest();
        for m in mv.checker_moves() {
            p.apply_step(m.from, m.to, &mut highest);
        }
        p
    }

    /// The board after a move with the opponent on roll: `apply` then `swapped`.
    pub fn play(&self, mv: &Move) -> Position {
        self.apply(mv).swapped()
    }

    /// Highest place (bar = 25) holding a checker of the side on roll, 0 when none.
    fn highest(&self) -> u8 {
        crate::position::highest_point(&self.player) as u8
    }

    /// Moves one checker of the side on roll; hits a blot on the landing point. Updates the
    /// highest occupied place.
    #[inline]
    fn apply_step(&mut self, from: u8, to: u8, highest: &mut u8) -> bool {
        self.player[usize::from(from)] -= 1;
        self.player[usize::from(to)] += 1;
        let mut hit = false;
        if to != OFF {
            let theirs = usize::from(BAR - to);
            if self.opponent[theirs] == 1 {
                self.opponent[theirs] = 0;
                self.opponent[usize::from(BAR)] += 1;
                hit = true;
            }
        }
        if from == *highest && self.player[usize::from(from)] == 0 {
            let mut h = from;
            while h > 0 && self.player[usize::from(h)] == 0 {
                h -= 1;
            }
            *highest = h;
        }
        hit
    }

    /// Where a checker from `from` lands with `die`, and whether it hits, if the step is legal
    /// (the caller only offers `from` points that hold a checker, the bar first).
    #[inline]
    fn step_target(&self, highest: u8, from: u8, die: u8) -> Option<(u8, bool)> {
        if from > die {
            let to = from - die;
            let theirs = self.opponent[usize::from(BAR - to)];
            if theirs >= 2 {
                None
            } else {
                Some((to, theirs == 1))
            }
        } else if highest > HOME_POINTS || (from < die && from != highest) {
            // Bearing off needs every checker home; a larger die only bears off the highest.
            None
        } else {
            Some((OFF, false))
        }
    }
}

/// Bound on the distinct plays of a non-double roll: 15 first steps × 15 second steps, in two
/// orders.
const MAX_NON_DOUBLE_RESULTS: usize = 2 * 15 * 15;

/// Keys for deduplication: one random constant per landing/leaving place and per hit point.
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
fn step_key(from: u8, to: u8, hit: bool) -> u64 {
    let k = PLACE_KEYS[usize::from(to)].wrapping_sub(PLACE_KEYS[usize::from(from)]);
    if hit {
        k.wrapping_add(HIT_KEYS[usize::from(to)])
    } else {
        k
    }
}

struct Generator<'a> {
    out: &'a mut Vec<(Move, Position)>,
    /// Most checker moves in any play found so far (doubles).
    best: u8,
    /// Dedup keys of the non-double plays in `out`, index for index.
    keys: [u64; MAX_NON_DOUBLE_RESULTS],
}

impl Generator<'_> {
    fn non_double(&mut self, position: &Position, high: u8, low: u8) {
        let highest = position.highest();
        let mut high_from: u32 = 0;
        let mut low_from: u32 = 0;
        // Pass 1: the high die first.
        for_each_source(position, highest, BAR, |f1| {
            let Some((t1, hit1)) = position.step_target(highest, f1, high) else {
                return;
            };
            high_from |= 1 << f1;
            let mut after = *position;
            let mut h1 = highest;
            after.apply_step(f1, t1, &mut h1);
            for_each_source(&after, h1, BAR, |f2| {
                if let Some((t2, hit2)) = after.step_target(h1, f2, low) {
                    self.emit_pair(&after, h1, [(f1, t1, hit1), (f2, t2, hit2)]);
                }
            });
        });
        // Pass 2: the low die first.
        for_each_source(position, highest, BAR, |f1| {
            let Some((t1, hit1)) = position.step_target(highest, f1, low) else {
                return;
            };
            low_from |= 1 << f1;
            let mut after = *position;
            let mut h1 = highest;
            after.apply_step(f1, t1, &mut h1);
            for_each_source(&after, h1, BAR, |f2| {
                // A checker that stood on f2 before and could move the high die there first
                // gives a play pass 1 already has.
                if position.player[usize::from(f2)] > 0 && high_from & (1 << f2) != 0 {
                    return;
                }
                if let Some((t2, hit2)) = after.step_target(h1, f2, high) {
                    self.emit_pair(&after, h1, [(f1, t1, hit1), (f2, t2, hit2)]);
                }
            });
        });
        if !self.out.is_empty() {
            return;
        }
        // Only one die can be played: the higher one if possible.
        let (mask, die) = if high_from != 0 {
            (high_from, high)
        } else {
            (low_from, low)
        };
        for from in (1..=BAR).rev().filter(|&f| mask & (1 << f) != 0) {
            if let Some((to, hit)) = position.step_target(highest, from, die) {
                let mut after = *position;
                let mut h = highest;
                after.apply_step(from, to, &mut h);
                let mut mv = Move::EMPTY;
                mv.push(CheckerMove { from, to, hit });
                self.out.push((mv, after));
            }
        }
    }

    /// Records a two-step play (the second step not applied yet) unless its board is known.
    #[inline]
    fn emit_pair(&mut self, after_first: &Position, highest: u8, steps: [(u8, u8, bool); 2]) {
        let key = step_key(steps[0].0, steps[0].1, steps[0].2)
            .wrapping_add(step_key(steps[1].0, steps[1].1, steps[1].2));
        let mut result = *after_first;
        let mut h = highest;
        result.apply_step(steps[1].0, steps[1].1, &mut h);
        let known = self.keys[..self.out.len()]
            .iter()
            .zip(self.out.iter())
            .any(|(&k, (_, p))| k == key && *p == result);
        if known {
            return;
        }
        let mut mv = Move::EMPTY;
        for (from, to, hit) in steps {
            mv.push(CheckerMove { from, to, hit });
        }
        self.keys[self.out.len()] = key;
        self.out.push((mv, result));
    }

    fn doubles(&mut self, position: &Position, die: u8) {
        self.doubles_from(position, position.highest(), die, BAR, Move::EMPTY);
    }

    fn doubles_from(&mut self, position: &Position, highest: u8, die: u8, max_from: u8, mv: Move) {
        let mut moved = false;
        if mv.len() < MAX_CHECKER_MOVES {
            for_each_source(position, highest, max_from, |from| {
                if let Some((to, hit)) = position.step_target(highest, from, die) {
                    moved = true;
                    let mut after = *position;
                    let mut h = highest;
                    after.apply_step(from, to, &mut h);
                    let mut longer = mv;
                    longer.push(CheckerMove { from, to, hit });
                    self.doubles_from(&after, h, die, from, longer);
                }
            });
        }
        if moved || mv.is_empty() {
            return;
        }
        let used = mv.len() as u8;
        if used > self.best {
            self.best = used;
            self.out.clear();
        }
        if used == self.best {
            self.out.push((mv, *position));
        }
    }
}

/// Calls `visit` with each place holding a checker of the side on roll that may move now, from
/// the highest down: only the bar while checkers wait there. Places above `max_from` are skipped.
#[inline]
fn for_each_source(position: &Position, highest: u8, max_from: u8, mut visit: impl FnMut(u8)) {
    if position.player[usize::from(BAR)] > 0 {
        if max_from == BAR {
            visit(BAR);
        }
        return;
    }
    let mut from = highest.min(max_from);
    while from > 0 {
        if position.player[usize::from(from)] > 0 {
            visit(from);
        }
        from -= 1;
    }
}
