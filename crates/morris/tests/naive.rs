//! A deliberately naive second implementation of the rules, independent of the library's
//! bitboards and tables: points are listed alphabetically with their coordinates, mills and
//! adjacency are derived from the coordinates, and positions are plain arrays.

use ludus_morris::{Move, Position, Rules};
use std::sync::LazyLock;

/// The 24 points in alphabetical order (a different order from the library's).
pub const POINTS: [&str; 24] = [
    "a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d2", "d3", "d5", "d6", "d7", "e3",
    "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7",
];

/// (column, row) of a point: a1 = (0, 0), g7 = (6, 6).
fn coordinates(point: usize) -> (u8, u8) {
    let name = POINTS[point].as_bytes();
    (name[0] - b'a', name[1] - b'1')
}

/// The mills, derived once from the coordinates.
static MILLS: LazyLock<Vec<[usize; 3]>> = LazyLock::new(derive_mills);

/// Adjacency, derived once from the mills.
static ADJACENT: LazyLock<[[bool; 24]; 24]> = LazyLock::new(|| {
    let mut table = [[false; 24]; 24];
    for m in MILLS.iter() {
        for pair in m.windows(2) {
            table[pair[0]][pair[1]] = true;
            table[pair[1]][pair[0]] = true;
        }
    }
    table
});

/// The mills: on every row and every column the points, in order; a line of six points (row 4,
/// column d) is two mills, split by the centre.
fn derive_mills() -> Vec<[usize; 3]> {
    let mut mills = Vec::new();
    for axis in 0..2 {
        for line in 0..7u8 {
            let mut on_line: Vec<usize> = (0..24)
                .filter(|&p| {
                    let (x, y) = coordinates(p);
                    if axis == 0 { y == line } else { x == line }
                })
                .collect();
            on_line.sort_by_key(|&p| {
                let (x, y) = coordinates(p);
                if axis == 0 { x } else { y }
            });
            for chunk in on_line.chunks(3) {
                mills.push([chunk[0], chunk[1], chunk[2]]);
            }
        }
    }
    mills
}

/// The mills as point numbers.
pub fn mills() -> &'static [[usize; 3]] {
    &MILLS
}

/// Two points are adjacent when they are next to each other on a mill.
pub fn adjacent(a: usize, b: usize) -> bool {
    ADJACENT[a][b]
}

/// A position as plain arrays. Colours: 0 White, 1 Black.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaivePosition {
    pub board: [Option<usize>; 24],
    pub hand: [u32; 2],
    pub side: usize,
}

/// A move as point numbers of [`POINTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NaiveMove {
    pub from: Option<usize>,
    pub to: usize,
    pub remove: Option<usize>,
}

impl NaiveMove {
    /// In the notation of the rules: `d6`, `d6-d5`, `xa1` appended.
    pub fn notation(&self) -> String {
        let mut text = String::new();
        if let Some(from) = self.from {
            text += POINTS[from];
            text += "-";
        }
        text += POINTS[self.to];
        if let Some(remove) = self.remove {
            text += "x";
            text += POINTS[remove];
        }
        text
    }
}

fn point_index(name: &str) -> usize {
    POINTS
        .iter()
        .position(|&p| p == name)
        .expect("a point name")
}

impl NaivePosition {
    /// The same position as the library's, read square by square through the point names.
    pub fn from_library(position: &Position) -> NaivePosition {
        let mut board = [None; 24];
        for square in ludus_morris::Square::ALL {
            board[point_index(square.name())] = position.piece_at(square).map(|c| c.index());
        }
        NaivePosition {
            board,
            hand: [
                u32::from(position.in_hand(ludus_morris::Color::White)),
                u32::from(position.in_hand(ludus_morris::Color::Black)),
            ],
            side: position.side_to_move().index(),
        }
    }

    fn count(&self, color: usize) -> u32 {
        self.board.iter().filter(|&&p| p == Some(color)).count() as u32
    }

    fn in_a_mill(&self, point: usize) -> bool {
        let Some(color) = self.board[point] else {
            return false;
        };
        mills()
            .iter()
            .any(|m| m.contains(&point) && m.iter().all(|&p| self.board[p] == Some(color)))
    }

    /// Every legal move under the rules: nothing when the side to move has fewer than three
    /// pieces; placements while pieces are in hand; otherwise slides, or flights with exactly
    /// three pieces when flying is on; a move that closes a mill removes one opposing piece,
    /// outside mills if there is any.
    pub fn moves(&self, flying: bool) -> Vec<NaiveMove> {
        let me = self.side;
        let them = 1 - me;
        if self.count(me) + self.hand[me] < 3 {
            return Vec::new();
        }
        let mut shifts = Vec::new();
        for to in 0..24 {
            if self.board[to].is_some() {
                continue;
            }
            if self.hand[me] > 0 {
                shifts.push((None, to));
                continue;
            }
            for from in 0..24 {
                if self.board[from] != Some(me) {
                    continue;
                }
                if (flying && self.count(me) == 3) || adjacent(from, to) {
                    shifts.push((Some(from), to));
                }
            }
        }
        let mut moves = Vec::new();
        for (from, to) in shifts {
            let mut after = self.clone();
            if let Some(from) = from {
                after.board[from] = None;
            }
            after.board[to] = Some(me);
            if !after.in_a_mill(to) {
                moves.push(NaiveMove {
                    from,
                    to,
                    remove: None,
                });
                continue;
            }
            let opponents: Vec<usize> = (0..24).filter(|&p| self.board[p] == Some(them)).collect();
            if opponents.is_empty() {
                moves.push(NaiveMove {
                    from,
                    to,
                    remove: None,
                });
                continue;
            }
            let outside: Vec<usize> = opponents
                .iter()
                .copied()
                .filter(|&p| !self.in_a_mill(p))
                .collect();
            let targets = if outside.is_empty() {
                opponents
            } else {
                outside
            };
            for remove in targets {
                moves.push(NaiveMove {
                    from,
                    to,
                    remove: Some(remove),
                });
            }
        }
        moves
    }

    /// The position after a move.
    pub fn play(&self, mv: NaiveMove) -> NaivePosition {
        let mut next = self.clone();
        match mv.from {
            Some(from) => next.board[from] = None,
            None => next.hand[self.side] -= 1,
        }
        next.board[mv.to] = Some(self.side);
        if let Some(remove) = mv.remove {
            next.board[remove] = None;
        }
        next.side = 1 - self.side;
        next
    }
}

/// Perft with the naive rules (the last ply counts the generated moves).
pub fn perft(position: &NaivePosition, flying: bool, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return position.moves(flying).len() as u64,
        _ => {}
    }
    position
        .moves(flying)
        .into_iter()
        .map(|mv| perft(&position.play(mv), flying, depth - 1))
        .sum()
}

/// The naive moves of a library position, in notation, sorted.
pub fn naive_notation(position: &Position, rules: &Rules) -> Vec<String> {
    let mut moves: Vec<String> = NaivePosition::from_library(position)
        .moves(rules.flying)
        .iter()
        .map(NaiveMove::notation)
        .collect();
    moves.sort();
    moves
}

/// The library's moves of a position, in notation, sorted.
pub fn library_notation(position: &Position, rules: &Rules) -> Vec<String> {
    let mut moves: Vec<String> = position
        .legal_moves(rules)
        .iter()
        .map(Move::to_string)
        .collect();
    moves.sort();
    moves
}
