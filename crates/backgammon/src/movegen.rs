//! Legal move generation: every distinct resulting position once, obeying every dice-usage rule.
//!
//! One search serves both outputs: [`Position::successors`] (each play with its move) and
//! [`Position::successor_positions`] (the boards alone, the engines' hot path), in the same order.
//!
//! The search works on the mover's checker counts plus two bit sets over places (occupied points,
//! points not blocked by two or more opposing checkers, both computed eight slots at a time): own
//! moves never change which points are blocked, so the sources that can move a die are
//! `occupied & (open << die)`, plus bear-offs. Steps are made and unmade on one working board;
//! a listed play is copied into the output first and its last steps played on the copy.
//!
//! Doubles are searched depth first with the checkers taken from non-increasing points: any legal
//! sequence can be reordered that way, and two different sets of equal steps always leave
//! different boards, so doubles need no deduplication. Two different dice are tried in both
//! orders; a low-first play that the high-first pass already produced is skipped cheaply, and the
//! rest are deduplicated by an additive key over the changes, confirmed by comparing boards.
//!
//! Plain positions (no checker on the bar, enough checkers outside the home board that no step of
//! the roll can bear off) take shorter paths with the same plays in the same order: a double's
//! last two steps come from bit arithmetic instead of the board, and two different dice need no
//! keys, since the only boards two paths can share are one checker's two ways of moving both
//! dice, recognised by whether either way hits.

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

    /// Clears `out` and fills it with each distinct legal move and the board after it, from the
    /// mover's view (use [`Position::swapped`] for the opponent's turn). A blocked roll yields
    /// one entry: the empty move and the unchanged board. Allocation free once `out` has grown.
    pub fn successors(&self, dice: Dice, out: &mut Vec<(Move, Position)>) {
        Generator::run(self, dice, out);
    }

    /// The engines' hot path: like [`Position::successors`] without the moves. Clears `out` and
    /// fills it with each distinct board reachable with `dice` (mover's view), in the same order;
    /// a blocked roll yields the unchanged board.
    pub fn successor_positions(&self, dice: Dice, out: &mut Vec<Position>) {
        Generator::run(self, dice, out);
    }

    /// gnubg's automatic bear-off, the one rule the terminal and the browser share: with no
    /// contact left ([`Position::is_race`]), when a legal play bears off one checker with each
    /// die it uses (as many checkers as dice used) and every such play reaches the same
    /// position, that play; nothing else matters then. `None` when there is contact, when no
    /// play bears off a checker with every die, or when such plays differ (the player chooses).
    ///
    /// ```
    /// use ludus_backgammon::{Dice, Position};
    /// // The side on roll has checkers on its 6- and 2-points only, the opponent is home too.
    /// let mut player = [0u8; 26];
    /// (player[6], player[2]) = (1, 1);
    /// let mut opponent = [0u8; 26];
    /// opponent[1] = 2;
    /// let position = Position::from_board(player, opponent).unwrap();
    /// let play = position.automatic_bear_off(Dice::new(6, 4).unwrap()).unwrap();
    /// assert_eq!(play.to_string(), "6/off 2/off");
    /// // 2-1 cannot bear off a checker with each die: the player moves.
    /// assert_eq!(position.automatic_bear_off(Dice::new(2, 1).unwrap()), None);
    /// ```
    pub fn automatic_bear_off(&self, dice: Dice) -> Option<Move> {
        if !self.is_race() {
            return None;
        }
        let mut found: Option<(Move, Position)> = None;
        for (mv, after) in self.legal_moves_with_positions(dice) {
            let every_die_bears_off =
                !mv.is_empty() && mv.checker_moves().iter().all(|step| step.to == OFF);
            if !every_die_bears_off {
                continue;
            }
            match &found {
                Some((_, first)) if *first != after => return None,
                Some(_) => {}
                None => found = Some((mv, after)),
            }
        }
        found.map(|(mv, _)| mv)
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

    /// The boards of a move played from here, still from the mover's view: this one, then the
    /// board after each of its checker steps in order (a hit blot on the bar from the step that
    /// hits it). The move must be legal here.
    pub fn boards_of(&self, mv: &Move) -> Vec<Position> {
        let mut board = *self;
        let mut boards = vec![board];
        for step in mv.checker_moves() {
            apply_in_place(&mut board, &Move::from_parts([*step; MAX_CHECKER_MOVES], 1));
            boards.push(board);
        }
        boards
    }

    /// The board before `mv` was played to reach this one (both from the mover's view): each
    /// checker step taken back, last first, a blot it hit brought back from the bar.
    pub fn before(&self, mv: &Move) -> Position {
        let mut p = *self;
        for m in mv.checker_moves().iter().rev() {
            p.player[usize::from(m.to)] -= 1;
            p.player[usize::from(m.from)] += 1;
            if m.hit {
                p.opponent[usize::from(BAR)] -= 1;
                p.opponent[usize::from(BAR - m.to)] += 1;
            }
        }
        p
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

/// An entry of a play list: the board after a play, with its move ([`Position::successors`]) or
/// alone ([`Position::successor_positions`]).
trait PlayEntry {
    /// The entry for a copy of `board` reached by the first `len` of `steps`.
    fn new(board: &Position, steps: &[CheckerMove; MAX_CHECKER_MOVES], len: usize) -> Self;
    /// The board after the play.
    fn board(&self) -> &Position;
    /// The board, for the last steps to be played on it in place.
    fn board_mut(&mut self) -> &mut Position;
}

impl PlayEntry for (Move, Position) {
    #[inline(always)]
    fn new(board: &Position, steps: &[CheckerMove; MAX_CHECKER_MOVES], len: usize) -> Self {
        // All four slots are copied (a fixed size is one move); the move reads the first `len`.
        (Move::from_parts(*steps, len as u8), *board)
    }
    #[inline(always)]
    fn board(&self) -> &Position {
        &self.1
    }
    #[inline(always)]
    fn board_mut(&mut self) -> &mut Position {
        &mut self.1
    }
}

impl PlayEntry for Position {
    #[inline(always)]
    fn new(board: &Position, _: &[CheckerMove; MAX_CHECKER_MOVES], _: usize) -> Self {
        *board
    }
    #[inline(always)]
    fn board(&self) -> &Position {
        self
    }
    #[inline(always)]
    fn board_mut(&mut self) -> &mut Position {
        self
    }
}

/// Lists a play in `out`: a copy of `board` reached by the first `len` of `steps`; returns the
/// copy for the last steps to be played on it in place.
#[inline(always)]
fn push_play<'v, E: PlayEntry>(
    out: &'v mut Vec<E>,
    board: &Position,
    steps: &[CheckerMove; MAX_CHECKER_MOVES],
    len: usize,
) -> &'v mut Position {
    out.push(E::new(board, steps, len));
    let last = out.len() - 1;
    out[last].board_mut()
}

/// Bit `i` set for each byte `i` of `word` (little-endian) that is not zero.
#[inline(always)]
fn nonzero_bytes(word: u64) -> u32 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte's high bit ends up set when its low seven bits or its own high bit are.
    let flags = (((word & !HIGH) + !HIGH) | word) & HIGH;
    // Gather the eight flags (bits 7, 15, … 63) into one byte.
    ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Bit `i` (0..=25) set for each slot `i` of a side's checker array that passes `test`, a
/// byte-wise test applied to eight slots at a time and to the last two alone.
#[inline(always)]
fn slot_bits(side: &[u8; SLOTS], test: impl Fn(u64) -> u32) -> u32 {
    let word = |at: usize| {
        let mut bytes = [0u8; 8];
        let end = (at + 8).min(SLOTS);
        bytes[..end - at].copy_from_slice(&side[at..end]);
        u64::from_le_bytes(bytes)
    };
    // The padding of the last word is zero: `test` must leave zero bytes unflagged.
    test(word(0)) | test(word(8)) << 8 | test(word(16)) << 16 | (test(word(24)) & 0b11) << 24
}

/// Turns a set over the opponent's slots into the same points in the mover's numbering (the
/// opponent's point `j` is the mover's point `25 - j`), keeping points 1..=24.
#[inline(always)]
fn to_mover_points(opponent_slots: u32) -> u32 {
    (opponent_slots.reverse_bits() >> 6) & POINT_BITS
}

/// The mover's points 1..=24 as bits.
const POINT_BITS: u32 = ((1 << 25) - 1) & !1;

/// Bit set of the mover's points (1..=24) that a checker may land on: fewer than two opposing
/// checkers there. Bit 0 (off) is never set; bear-offs are handled apart.
#[inline(always)]
fn open_points(position: &Position) -> u32 {
    // Two or more checkers: a byte with any bit above the lowest.
    let blocked = slot_bits(&position.opponent, |w| {
        nonzero_bytes(w & 0xFEFE_FEFE_FEFE_FEFE)
    });
    !to_mover_points(blocked) & POINT_BITS
}

/// The places (1..=25) where the side on roll has checkers, as bits.
#[inline(always)]
fn occupied_places(position: &Position) -> u32 {
    slot_bits(&position.player, nonzero_bytes) & !1
}

/// The bar as a bit.
const BAR_BIT: u32 = 1 << BAR;

/// The highest set bit of a place set, 0 when empty.
#[inline(always)]
fn highest_bit(set: u32) -> u8 {
    (31 - (set | 1).leading_zeros()) as u8
}

/// Where a checker from `from` lands with `die` (0 = off).
#[inline(always)]
fn target(from: u8, die: u8) -> u8 {
    from.saturating_sub(die)
}

/// Calls `visit` for each bit of `set`, highest first.
#[inline(always)]
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

#[inline(always)]
fn step_key(step: CheckerMove) -> u64 {
    let k = PLACE_KEYS[usize::from(step.to)].wrapping_sub(PLACE_KEYS[usize::from(step.from)]);
    if step.hit {
        k.wrapping_add(HIT_KEYS[usize::from(step.to)])
    } else {
        k
    }
}

/// The keys of the plays listed so far by [`Generator::non_double`], for deduplication.
struct Listed {
    /// Dedup keys of the first plays in the output, index for index.
    keys: [u64; KEYED_RESULTS],
    /// One bit per key class (the key's top six bits) of the plays listed so far.
    filter: u64,
}

/// The search: one working board changed and restored step by step (make / unmake), with the
/// mover's occupied places as bits.
struct Generator<'a, E> {
    /// The board after the steps in `path[..depth]`.
    board: Position,
    /// The places (1..=25) where the mover has checkers on `board`.
    occupied: u32,
    /// The highest of them (bar = 25), 0 when none.
    highest: u8,
    /// Points not blocked by the opponent (fixed during the search: the mover never adds
    /// opposing checkers).
    open: u32,
    out: &'a mut Vec<E>,
    /// Most checker moves in any play found so far (doubles).
    best: u8,
    /// The steps of the play being searched.
    path: [CheckerMove; MAX_CHECKER_MOVES],
}

impl<'a, E: PlayEntry> Generator<'a, E> {
    /// Lists the plays of `dice` from `origin` in `out` (cleared first).
    fn run(origin: &Position, dice: Dice, out: &'a mut Vec<E>) {
        out.clear();
        let occupied = occupied_places(origin);
        let mut generator = Generator {
            board: *origin,
            occupied,
            highest: highest_bit(occupied),
            open: open_points(origin),
            out,
            best: 0,
            path: [CheckerMove::default(); MAX_CHECKER_MOVES],
        };
        let far_from_home = generator.far_from_home();
        match (dice.is_double(), far_from_home) {
            (true, 4..) => generator.plain_doubles(dice.high()),
            (true, _) => generator.doubles(dice.high(), 0, BAR),
            (false, 2..) => generator.plain_non_double(dice.high(), dice.low()),
            (false, _) => generator.non_double(dice.high(), dice.low()),
        }
        if generator.out.is_empty() {
            push_play(generator.out, origin, &generator.path, 0);
        }
    }

    /// How many of the mover's checkers stand outside its home board, counted up to 4 (each
    /// step brings at most one home, so with `n` outside the first `n` steps cannot bear off);
    /// 0 with a checker on the bar (entering comes first).
    #[inline(always)]
    fn far_from_home(&self) -> u32 {
        const OUTSIDE: u32 = POINT_BITS & !((2 << HOME_POINTS) - 1);
        if self.occupied & BAR_BIT != 0 {
            return 0;
        }
        let mut count = 0;
        let mut points = self.occupied & OUTSIDE;
        while points != 0 && count < 4 {
            let point = highest_bit(points);
            points &= !(1 << point);
            count += u32::from(self.board.player[usize::from(point)]);
        }
        count
    }

    /// Places from which a checker may move `die` now.
    #[inline(always)]
    fn sources(&self, die: u8) -> u32 {
        if self.occupied & BAR_BIT != 0 {
            return self.occupied & (self.open << die) & BAR_BIT;
        }
        let mut sources = self.occupied & (self.open << die);
        if self.highest <= HOME_POINTS {
            // Bearing off: the exact point, or the highest checker with a larger die.
            if self.board.player[usize::from(die)] > 0 {
                sources |= 1 << die;
            } else if self.highest < die && self.highest > 0 {
                sources |= 1 << self.highest;
            }
        }
        sources
    }

    /// Moves a checker `from` → `to` on the working board, hitting a blot there.
    #[inline(always)]
    fn make(&mut self, from: u8, to: u8) -> CheckerMove {
        let hit = hit_on(&mut self.board, to);
        self.board.player[usize::from(to)] += 1;
        // Off (bit 0) is never part of the occupied set.
        self.occupied |= (1 << to) & !1;
        let f = usize::from(from);
        self.board.player[f] -= 1;
        if self.board.player[f] == 0 {
            self.occupied &= !(1 << from);
            if from == self.highest {
                self.highest = highest_bit(self.occupied);
            }
        }
        CheckerMove { from, to, hit }
    }

    /// Takes back [`Generator::make`].
    #[inline(always)]
    fn unmake(&mut self, step: CheckerMove) {
        let t = usize::from(step.to);
        self.board.player[t] -= 1;
        if self.board.player[t] == 0 {
            self.occupied &= !(1 << step.to);
        }
        if step.hit {
            self.board.opponent[usize::from(BAR) - t] = 1;
            self.board.opponent[usize::from(BAR)] -= 1;
        }
        self.board.player[usize::from(step.from)] += 1;
        self.occupied |= 1 << step.from;
        self.highest = self.highest.max(step.from);
    }

    /// The step `from` → `to` on the working board, not played.
    #[inline(always)]
    fn step(&self, from: u8, to: u8) -> CheckerMove {
        let hit = to != OFF && self.board.opponent[usize::from(BAR - to)] == 1;
        CheckerMove { from, to, hit }
    }

    /// Lists the working board after one more step `from` → `to` (played on the listed copy,
    /// not on the working board), with `path[..depth]` before it.
    #[inline(always)]
    fn push_with_step(&mut self, depth: usize, from: u8, to: u8) {
        let step = self.step(from, to);
        self.path[depth] = step;
        // Copy first, then change the copy in place: changing a few bytes of a local copy and
        // storing it whole stalls on store forwarding.
        play_step(
            push_play(self.out, &self.board, &self.path, depth + 1),
            step,
        );
    }

    fn non_double(&mut self, high: u8, low: u8) {
        let high_sources = self.sources(high);
        let low_sources = self.sources(low);
        let mut listed = Listed {
            keys: [0; KEYED_RESULTS],
            filter: 0,
        };
        self.two_steps(&mut listed, high_sources, high, low, 0);
        // Low die first. A second (high) step from a place that held a checker before and could
        // move the high die there first gives a play the high-first pass already has.
        self.two_steps(&mut listed, low_sources, low, high, high_sources);
        self.one_die_if_needed((high_sources, high), (low_sources, low));
    }

    /// When no play uses both dice: the plays of one die, the higher one if it can be played.
    /// `high` and `low` are each die's sources at the start and the die.
    fn one_die_if_needed(&mut self, high: (u32, u8), low: (u32, u8)) {
        if !self.out.is_empty() {
            return;
        }
        let (sources, die) = if high.0 != 0 { high } else { low };
        for_each_bit_down(sources, |from| {
            self.push_with_step(0, from, target(from, die));
        });
    }

    /// [`Generator::non_double`] when no checker is on the bar and at least two stand outside
    /// the home board (neither step can bear off): the same plays in the same order, built
    /// straight from the start board. The low-first pass then only adds the plays of one
    /// checker moving the low die to a point it did not hold and then the high die; such a
    /// play is already listed when the high-first path was open and neither path hit.
    fn plain_non_double(&mut self, high: u8, low: u8) {
        let origin = self.board;
        let (occupied, open) = (self.occupied, self.open);
        let high_sources = occupied & (open << high);
        let low_sources = occupied & (open << low);
        for_each_bit_down(high_sources, |from| {
            let first = self.step(from, from - high);
            let mut after = origin;
            play_step(&mut after, first);
            let mut occupied_after = occupied | 1 << first.to;
            if after.player[usize::from(from)] == 0 {
                occupied_after &= !(1 << from);
            }
            self.path[0] = first;
            // A checker moving low onto `from` and on by the high die makes the same board as
            // its own high-first path (listed earlier: it starts higher) unless that path hit.
            let mut seconds = occupied_after & (open << low);
            let onto_from = from + low;
            if high_sources & seconds & 1 << onto_from != 0
                && !self.step(onto_from, onto_from - high).hit
            {
                seconds &= !(1 << onto_from);
            }
            for_each_bit_down(seconds, |second_from| {
                let to = second_from - low;
                let hit = after.opponent[usize::from(BAR - to)] == 1;
                let second = CheckerMove {
                    from: second_from,
                    to,
                    hit,
                };
                self.path[1] = second;
                play_step(push_play(self.out, &after, &self.path, 2), second);
            });
        });
        for_each_bit_down(low_sources, |from| {
            let via = from - low;
            if occupied & 1 << via != 0 || via <= high || open & 1 << (via - high) == 0 {
                return;
            }
            let first = self.step(from, via);
            let second = self.step(via, via - high);
            let high_first_listed = high_sources & 1 << from != 0;
            if high_first_listed && !first.hit && !self.step(from, from - high).hit {
                return;
            }
            self.path[0] = first;
            self.path[1] = second;
            let board = push_play(self.out, &origin, &self.path, 2);
            play_step(board, first);
            play_step(board, second);
        });
        self.one_die_if_needed((high_sources, high), (low_sources, low));
    }

    /// Plays `first` from each of `sources`, then `second` from wherever it can, skipping second
    /// steps from places of `skip` that held a checker at the start.
    fn two_steps(&mut self, listed: &mut Listed, sources: u32, first: u8, second: u8, skip: u32) {
        let skip = skip & self.occupied;
        for_each_bit_down(sources, |f1| {
            let step = self.make(f1, target(f1, first));
            self.path[0] = step;
            let seconds = self.sources(second) & !skip;
            for_each_bit_down(seconds, |f2| self.emit_pair(listed, f2, target(f2, second)));
            self.unmake(step);
        });
    }

    /// Lists the play `path[0]` then `from` → `to` unless its board is already listed.
    #[inline(always)]
    fn emit_pair(&mut self, seen: &mut Listed, from: u8, to: u8) {
        let step = self.step(from, to);
        let key = step_key(self.path[0]).wrapping_add(step_key(step));
        // A one-word filter over the keys: most new plays are recognised without a scan.
        let filter_bit = 1u64 << (key >> 58);
        let listed = self.out.len();
        let keyed = listed.min(KEYED_RESULTS);
        self.path[1] = step;
        play_step(push_play(self.out, &self.board, &self.path, 2), step);
        if seen.filter & filter_bit != 0 || keyed < listed {
            let board = *self.out[listed].board();
            let known = (0..keyed).any(|i| seen.keys[i] == key && *self.out[i].board() == board)
                || (keyed..listed).any(|i| *self.out[i].board() == board);
            if known {
                self.out.pop();
                return;
            }
        }
        seen.filter |= filter_bit;
        if let Some(slot) = seen.keys.get_mut(listed) {
            *slot = key;
        }
    }

    /// [`Generator::doubles`] for a plain position (no checker on the bar, none can be borne
    /// off during the play): the same plays in the same order, the first two steps as two
    /// nested loops, the last two from [`Generator::plain_last_two`].
    fn plain_doubles(&mut self, die: u8) {
        let lanes = self.open << die;
        for_each_bit_down(self.occupied & lanes, |first_from| {
            let first = self.make(first_from, first_from - die);
            self.path[0] = first;
            let seconds = self.occupied & lanes & ((2u32 << first_from) - 1);
            if seconds == 0 {
                self.list_short_play(1);
            }
            for_each_bit_down(seconds, |second_from| {
                let second = self.make(second_from, second_from - die);
                self.path[1] = second;
                let thirds = self.occupied & lanes & ((2u32 << second_from) - 1);
                if thirds == 0 {
                    self.list_short_play(2);
                } else {
                    self.plain_last_two(die, thirds);
                }
                self.unmake(second);
            });
            self.unmake(first);
        });
    }

    /// Lists the working board, reached by the `used` steps in `path`, if no play found so far
    /// uses more dice (forgetting those that use fewer).
    #[inline(always)]
    fn list_short_play(&mut self, used: usize) {
        let used = used as u8;
        if used > self.best {
            self.best = used;
            self.out.clear();
        }
        if used == self.best {
            push_play(self.out, &self.board, &self.path, usize::from(used));
        }
    }

    /// The last two steps of a plain double ([`Generator::plain_doubles`]) from `sources`, without
    /// playing them on the working board: the third step's checker makes the fourth step's
    /// sources by bit arithmetic, and each play is built on its listed copy.
    fn plain_last_two(&mut self, die: u8, sources: u32) {
        let lanes = self.open << die;
        for_each_bit_down(sources, |third_from| {
            let third = self.step(third_from, third_from - die);
            let mut occupied = self.occupied | 1 << third.to;
            if self.board.player[usize::from(third_from)] == 1 {
                occupied &= !(1 << third_from);
            }
            let fourths = occupied & lanes & ((2u32 << third_from) - 1);
            self.path[2] = third;
            if fourths == 0 {
                // This checker ends the play after three steps.
                const THREE: u8 = MAX_CHECKER_MOVES as u8 - 1;
                if self.best < THREE {
                    self.best = THREE;
                    self.out.clear();
                }
                if self.best == THREE {
                    play_step(push_play(self.out, &self.board, &self.path, 3), third);
                }
                return;
            }
            if self.best < MAX_CHECKER_MOVES as u8 {
                self.best = MAX_CHECKER_MOVES as u8;
                self.out.clear();
            }
            for_each_bit_down(fourths, |fourth_from| {
                let to = fourth_from - die;
                // The third step may have hit the blot this one lands on.
                let hit = self.step(fourth_from, to).hit && !(third.hit && third.to == to);
                let fourth = CheckerMove {
                    from: fourth_from,
                    to,
                    hit,
                };
                self.path[3] = fourth;
                let board = push_play(self.out, &self.board, &self.path, MAX_CHECKER_MOVES);
                play_step(board, third);
                play_step(board, fourth);
            });
        });
    }

    /// Plays `die` again from places at most `max_from`, after the `depth` steps in `path`.
    /// Keeps only the plays that use the most dice.
    fn doubles(&mut self, die: u8, depth: usize, max_from: u8) {
        let sources = self.sources(die) & ((2u32 << max_from) - 1);
        if sources != 0 && depth + 1 == MAX_CHECKER_MOVES {
            // The last die: each source is a finished play; no need to move it on the board.
            if self.best < MAX_CHECKER_MOVES as u8 {
                self.best = MAX_CHECKER_MOVES as u8;
                self.out.clear();
            }
            for_each_bit_down(sources, |from| {
                self.push_with_step(depth, from, target(from, die));
            });
            return;
        }
        if sources != 0 {
            for_each_bit_down(sources, |from| {
                let step = self.make(from, target(from, die));
                self.path[depth] = step;
                self.doubles(die, depth + 1, from);
                self.unmake(step);
            });
            return;
        }
        if depth > 0 {
            self.list_short_play(depth);
        }
    }
}

/// Plays one checker step on `board` (its `hit` says whether it hits).
#[inline(always)]
fn play_step(board: &mut Position, step: CheckerMove) {
    board.player[usize::from(step.from)] -= 1;
    board.player[usize::from(step.to)] += 1;
    if step.hit {
        board.opponent[usize::from(BAR - step.to)] = 0;
        board.opponent[usize::from(BAR)] += 1;
    }
}

/// Hits an opposing blot on the mover's point `to` of `board` (never off); true when it did.
#[inline(always)]
fn hit_on(board: &mut Position, to: u8) -> bool {
    if to == OFF {
        return false;
    }
    let theirs = usize::from(BAR - to);
    if board.opponent[theirs] != 1 {
        return false;
    }
    board.opponent[theirs] = 0;
    board.opponent[usize::from(BAR)] += 1;
    true
}
