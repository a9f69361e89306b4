//! The game with three stones a side **without flying**, solved a second time by a plain solver
//! written here and compared with the sector solver on every board it stores:
//!
//! - the movement phase (3 vs 3) by a dense retrograde sweep over every board, one sweep per
//!   distance, with this file's own board geometry (lines and neighbours written from the
//!   board's picture, checked against the rules crate's tables);
//! - the placement phase by memoised minimax over the rules crate's `legal_moves`, every board of
//!   every placement sector of the game, whether a game reaches it or not.
//!
//! No sector index, no symmetry, no un-moves: nothing of the solver but its answers. The counts
//! asserted are the ones `docs/morris-endgame-databases.md` reports for this game.

use crate::common::temp_dir;
use ludus_morris::geometry::{MILLS, NEIGHBOURS};
use ludus_morris::{Color, Position, Rules, Setup};
use ludus_morris_engine::db::{Databases, Sector, Value, game_sectors};
use std::collections::HashMap;

/// Squares on the board.
const SQUARES: usize = 24;
/// Sets of three squares.
const TRIPLES: usize = 2024;
/// Every square.
const FULL: u32 = (1 << SQUARES) - 1;

/// A value from the side to move's view, as this file's solver writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plain {
    /// Won in this many plies (shortest).
    Win(u16),
    /// Lost in this many plies (longest); 0: lost now.
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

impl Plain {
    /// The value one ply earlier, for the side that moved.
    fn before(self) -> Plain {
        match self {
            Plain::Win(d) => Plain::Loss(d + 1),
            Plain::Loss(d) => Plain::Win(d + 1),
            Plain::Draw => Plain::Draw,
        }
    }

    /// How much the side to move likes it: quick wins, then draws, then slow losses.
    fn liking(self) -> i32 {
        match self {
            Plain::Win(d) => 100_000 - i32::from(d),
            Plain::Draw => 0,
            Plain::Loss(d) => -100_000 + i32::from(d),
        }
    }

    /// The solver's name for the same value.
    fn as_value(self) -> Value {
        match self {
            Plain::Win(d) => Value::Win(d),
            Plain::Loss(d) => Value::Loss(d),
            Plain::Draw => Value::Draw,
        }
    }
}

/// The square at place `k` (0..8, corners even, from the top-left corner clockwise) of `ring`
/// (0 outer, 1 middle, 2 inner), as a one-square set.
fn square(ring: usize, k: usize) -> u32 {
    1 << (ring * 8 + k % 8)
}

/// The board's lines as drawn: each ring's four sides and the four spokes through the
/// midpoints.
fn lines() -> Vec<u32> {
    let sides = (0..3).flat_map(|ring| {
        [0, 2, 4, 6].map(|c| square(ring, c) | square(ring, c + 1) | square(ring, c + 2))
    });
    let spokes = [1, 3, 5, 7].map(|k| square(0, k) | square(1, k) | square(2, k));
    sides.chain(spokes).collect()
}

/// For each square, the squares one step away: both ring neighbours, and along a spoke the
/// midpoints of the next rings.
fn neighbours() -> [u32; SQUARES] {
    std::array::from_fn(|s| {
        let (ring, k) = (s / 8, s % 8);
        let mut set = square(ring, k + 1) | square(ring, k + 7);
        if k % 2 == 1 {
            if ring > 0 {
                set |= square(ring - 1, k);
            }
            if ring < 2 {
                set |= square(ring + 1, k);
            }
        }
        set
    })
}

/// The squares of `set`, lowest first.
fn squares(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let s = set.trailing_zeros() as usize;
            set &= set - 1;
            s
        })
    })
}

/// `n` choose `k` for `n` < 24 and `k` ≤ 3: Pascal's triangle.
const CHOOSE: [[usize; 4]; SQUARES] = {
    let mut table = [[0; 4]; SQUARES];
    let mut n = 0;
    while n < SQUARES {
        table[n][0] = 1;
        let mut k = 1;
        while k < 4 {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// The rank of a set of three squares among all 2024, in increasing order of the set: the
/// number of sets before it, `C(a, 1) + C(b, 2) + C(c, 3)` for its squares `a < b < c`.
fn rank(set: u32) -> usize {
    let a = set.trailing_zeros() as usize;
    let rest = set & (set - 1);
    let b = rest.trailing_zeros() as usize;
    let c = (rest & (rest - 1)).trailing_zeros() as usize;
    CHOOSE[a][1] + CHOOSE[b][2] + CHOOSE[c][3]
}

/// Every set of `n` squares inside `within`, in increasing order.
fn sets_of(n: u32, within: u32) -> Vec<u32> {
    if n == 0 {
        return vec![0];
    }
    // The highest square of a set comes last in the order: take each in turn.
    squares(within)
        .flat_map(|top| {
            let below = within & ((1 << top) - 1);
            sets_of(n - 1, below)
                .into_iter()
                .map(move |set| set | 1 << top)
        })
        .collect()
}

/// The value of every 3 vs 3 movement board without flying, by the side to move's set and its
/// opponent's, from sweeps by distance.
struct Movement {
    values: Vec<Option<Plain>>,
}

impl Movement {
    fn at(&self, mover: u32, opponent: u32) -> Option<Plain> {
        self.values[rank(mover) * TRIPLES + rank(opponent)]
    }

    /// `Loss(0)` when the side to move cannot slide.
    fn blocked(&self, mover: u32, opponent: u32, steps: &[u32; SQUARES]) -> Option<Plain> {
        let empty = FULL & !(mover | opponent);
        squares(mover)
            .all(|from| steps[from] & empty == 0)
            .then_some(Plain::Loss(0))
    }

    /// The value at `distance` ≥ 1 from the successors' values decided at smaller distances:
    /// a win when a successor is lost in `distance − 1`, a loss when every successor is won
    /// and the longest in `distance − 1`.
    fn decide(
        &self,
        mover: u32,
        opponent: u32,
        distance: u16,
        steps: &[u32; SQUARES],
        closes: &dyn Fn(u32, usize) -> bool,
    ) -> Option<Plain> {
        let empty = FULL & !(mover | opponent);
        let (mut all_won, mut longest) = (true, false);
        for from in squares(mover) {
            for to in squares(steps[from] & empty) {
                let moved = mover ^ (1 << from) ^ (1 << to);
                let child = if closes(moved, to) {
                    Some(Plain::Loss(0))
                } else {
                    self.at(opponent, moved)
                };
                match child {
                    Some(Plain::Loss(d)) if d + 1 == distance => return Some(Plain::Win(distance)),
                    Some(Plain::Win(d)) if d < distance => longest |= d + 1 == distance,
                    _ => all_won = false,
                }
            }
        }
        (all_won && longest).then_some(Plain::Loss(distance))
    }

    /// Solves every board. A move closing a mill removes an opponent's piece and leaves it two:
    /// it has lost. A side that cannot slide has lost.
    fn solve() -> Movement {
        let (lines, steps) = (lines(), neighbours());
        let closes = |set: u32, to: usize| {
            lines
                .iter()
                .any(|&line| line & (1 << to) != 0 && set & line == line)
        };
        let triples = sets_of(3, FULL);
        let mut table = Movement {
            values: vec![None; TRIPLES * TRIPLES],
        };
        let mut open: Vec<(u32, u32)> = triples
            .iter()
            .flat_map(|&m| {
                triples
                    .iter()
                    .filter(move |&&o| m & o == 0)
                    .map(move |&o| (m, o))
            })
            .collect();
        assert_eq!(open.len(), 2_691_920);
        for distance in 0u16.. {
            let mut decided = Vec::new();
            for &(mover, opponent) in &open {
                let value = if distance == 0 {
                    table.blocked(mover, opponent, &steps)
                } else {
                    table.decide(mover, opponent, distance, &steps, &closes)
                };
                if let Some(value) = value {
                    decided.push((mover, opponent, value));
                }
            }
            if decided.is_empty() && distance > 0 {
                break;
            }
            for &(mover, opponent, value) in &decided {
                table.values[rank(mover) * TRIPLES + rank(opponent)] = Some(value);
            }
            open.retain(|&(m, o)| table.at(m, o).is_none());
        }
        for (m, o) in open {
            table.values[rank(m) * TRIPLES + rank(o)] = Some(Plain::Draw);
        }
        table
    }
}

/// The value of `position` (three stones a side, no flying) by minimax over `legal_moves`, the
/// movement phase read from `movement`.
fn minimax(position: &Position, movement: &Movement, memo: &mut HashMap<u64, Plain>) -> Plain {
    let rules = Rules::no_flying();
    if position.outcome(&rules).is_some() {
        return Plain::Loss(0);
    }
    let side = position.side_to_move();
    let (own, other) = (position.pieces(side), position.pieces(side.opponent()));
    if position.is_movement_phase() {
        return movement
            .at(own, other)
            .expect("every 3 vs 3 board is solved");
    }
    if let Some(&value) = memo.get(&position.board_key()) {
        return value;
    }
    let best = position
        .legal_moves(&rules)
        .as_slice()
        .iter()
        .map(|&mv| minimax(&position.play(mv), movement, memo).before())
        .max_by_key(|v| v.liking())
        .expect("a placement always has a move");
    memo.insert(position.board_key(), best);
    best
}

/// Every board of placement `sector`: the side to move is White when both hands hold the same,
/// Black when its hand holds one more.
fn boards_of(sector: Sector) -> Vec<Position> {
    let mover = if sector.mover_hand == sector.opponent_hand {
        Color::White
    } else {
        Color::Black
    };
    let mut boards = Vec::new();
    for own in sets_of(u32::from(sector.mover), FULL) {
        for other in sets_of(u32::from(sector.opponent), FULL & !own) {
            let mut setup = Setup {
                pieces: [0, 0],
                in_hand: [0, 0],
                side_to_move: mover,
                plies_since_removal: 0,
            };
            setup.pieces[mover.index()] = own;
            setup.pieces[mover.opponent().index()] = other;
            setup.in_hand[mover.index()] = sector.mover_hand;
            setup.in_hand[mover.opponent().index()] = sector.opponent_hand;
            boards.push(Position::try_from(setup).expect("a legal placement board"));
        }
    }
    boards
}

/// Wins, draws, losses, longest win and longest loss of `values`.
fn tally(values: impl Iterator<Item = Plain>) -> [u64; 5] {
    let mut counts = [0u64; 5];
    for value in values {
        match value {
            Plain::Win(d) => {
                counts[0] += 1;
                counts[3] = counts[3].max(u64::from(d));
            }
            Plain::Draw => counts[1] += 1,
            Plain::Loss(d) => {
                counts[2] += 1;
                counts[4] = counts[4].max(u64::from(d));
            }
        }
    }
    counts
}

#[test]
fn this_files_geometry_is_the_rules_crates() {
    assert_eq!(neighbours(), NEIGHBOURS);
    let mut ours = lines();
    let mut theirs = MILLS.to_vec();
    ours.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(ours, theirs);
    assert_eq!(sets_of(3, FULL).len(), TRIPLES);
    assert!(
        sets_of(3, FULL)
            .iter()
            .enumerate()
            .all(|(i, &s)| rank(s) == i)
    );
}

#[test]
fn no_flying_three_stone_game_equals_a_plain_solver_on_every_board() {
    let dir = temp_dir("no-flying-three");
    let dbs = Databases::new(&dir);
    dbs.solve_game(false, 3, false, 2, &mut |_, _| {}, &mut |_| {})
        .expect("the solver solves the game");
    let movement = Movement::solve();

    // The movement phase: every board.
    let triples = sets_of(3, FULL);
    let mut plain = Vec::new();
    for &own in &triples {
        for &other in triples.iter().filter(|&&o| own & o == 0) {
            let value = movement.at(own, other).expect("solved");
            assert_eq!(
                dbs.probe(false, own, other),
                Some(value.as_value()),
                "mover {own:#08x} opponent {other:#08x}"
            );
            plain.push(value);
        }
    }
    // docs/morris-endgame-databases.md, sector 3-3/0-0 without flying.
    assert_eq!(
        tally(plain.into_iter()),
        [1_442_092, 614_124, 635_704, 39, 38]
    );

    // The placement phase: every board of every placement sector, with the report's counts.
    let expected: HashMap<&str, [u64; 5]> = [
        ("2-3/1-0", [316_504, 90_140, 18_396, 39, 34]),
        ("2-2/1-1", [24_470, 29_118, 10_168, 33, 34]),
        ("1-2/2-1", [4_260, 1_756, 56, 31, 32]),
        ("1-1/2-2", [92, 440, 20, 33, 28]),
        ("0-1/3-2", [4, 20, 0, 27, 0]),
        ("0-0/3-3", [0, 1, 0, 0, 0]),
    ]
    .into_iter()
    .collect();
    let mut memo = HashMap::new();
    let mut sectors = 0;
    for sector in game_sectors(false, 3)
        .into_iter()
        .filter(|s| !s.is_movement())
    {
        let mut values = Vec::new();
        for board in boards_of(sector) {
            let value = minimax(&board, &movement, &mut memo);
            assert_eq!(
                dbs.probe_position(&board, false),
                Some(value.as_value()),
                "{board}"
            );
            values.push(value);
        }
        let name = sector.to_string();
        assert_eq!(
            Some(&tally(values.into_iter())),
            expected.get(name.as_str()),
            "{name}"
        );
        sectors += 1;
    }
    assert_eq!(sectors, expected.len());

    // The empty board is a draw; a first stone on a middle-ring corner loses in 28 plies.
    let rules = Rules::no_flying();
    let start = Position::try_from(Setup {
        in_hand: [3, 3],
        ..Setup::default()
    })
    .expect("the start");
    assert_eq!(minimax(&start, &movement, &mut memo), Plain::Draw);
    for mv in start.legal_moves(&rules).as_slice() {
        let first = minimax(&start.play(*mv), &movement, &mut memo).before();
        let middle_corner = ["b6", "f6", "f2", "b2"].contains(&mv.to_string().as_str());
        let expected = if middle_corner {
            Plain::Loss(28)
        } else {
            Plain::Draw
        };
        assert_eq!(first, expected, "first stone {mv}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
