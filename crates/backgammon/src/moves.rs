//! Checker moves, whole moves, and gnubg's move notation.

use crate::dice::Dice;
use crate::position::{BAR, OFF, Position};
use std::fmt;
use thiserror::Error;

/// Most checker moves in one move: a double plays its number four times.
pub const MAX_CHECKER_MOVES: usize = 4;

/// One checker moved by one die, from the mover's view: `from` 25 is the bar, `to` 0 is off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CheckerMove {
    /// The point the checker leaves (25 = bar).
    pub from: u8,
    /// The point the checker lands on (0 = borne off).
    pub to: u8,
    /// True when the checker hits an opposing blot on `to`.
    pub hit: bool,
}

/// A whole move: up to four checker moves in the order played. The empty move means that no
/// checker could move. `Copy`, no heap. Two moves are equal when they list the same checker
/// moves in the same order.
#[derive(Clone, Copy, Default)]
pub struct Move {
    checkers: [CheckerMove; MAX_CHECKER_MOVES],
    len: u8,
}

impl Move {
    /// The empty move (no checker can move).
    pub const EMPTY: Move = Move {
        checkers: [CheckerMove {
            from: 0,
            to: 0,
            hit: false,
        }; MAX_CHECKER_MOVES],
        len: 0,
    };

    /// A move made of the given checker moves, `None` when there are more than four.
    pub fn from_checker_moves(moves: &[CheckerMove]) -> Option<Move> {
        if moves.len() > MAX_CHECKER_MOVES {
            return None;
        }
        let mut result = Move::EMPTY;
        for &m in moves {
            result.push(m);
        }
        Some(result)
    }

    /// The checker moves in the order played.
    pub fn checker_moves(&self) -> &[CheckerMove] {
        &self.checkers[..usize::from(self.len)]
    }

    /// Number of checker moves (dice used).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True for the empty move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Pips moved: the sum of the dice used (a bear-off with a larger die counts the die).
    pub fn pips_used(&self, dice: Dice) -> u32 {
        let mut total = 0;
        for m in self.checker_moves() {
            let distance = u32::from(m.from) - u32::from(m.to);
            total += if m.to == OFF {
                // Borne off: the die used is the exact one or the larger one.
                if distance == u32::from(dice.high()) || distance == u32::from(dice.low()) {
                    distance
                } else if distance < u32::from(dice.low()) {
                    u32::from(dice.low())
                } else {
                    u32::from(dice.high())
                }
            } else {
                distance
            };
        }
        total
    }

    /// A move of the first `len` of `checkers` (the rest is ignored padding).
    pub(crate) const fn from_parts(checkers: [CheckerMove; MAX_CHECKER_MOVES], len: u8) -> Move {
        Move { checkers, len }
    }

    pub(crate) fn push(&mut self, m: CheckerMove) {
        self.checkers[usize::from(self.len)] = m;
        self.len += 1;
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.checker_moves() == other.checker_moves()
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.checker_moves().hash(state);
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// A written part of a move: a checker's path from `from` to `to`, with `*` where it hits.
#[derive(Clone, Copy)]
struct Part {
    from: u8,
    to: u8,
    /// Points of the path marked as hits, as a bit set over point numbers.
    hits: u32,
    /// Points the path passes, as a bit set (for printing intermediate hits).
    via: u32,
}

impl fmt::Display for Move {
    /// gnubg's notation: checker moves sorted from the highest point, a checker's consecutive
    /// moves joined (`24/13`, `24/21*/13`), repeated identical paths counted (`8/5(2)`), `*`
    /// on the first landing (in that order) on each point where a blot was hit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sorted = *self;
        let steps = &mut sorted.checkers[..usize::from(self.len)];
        // Like gnubg, the first checker in this order to land on a hit point carries the `*`.
        let mut unmarked = steps
            .iter()
            .filter(|m| m.hit)
            .fold(0u32, |mask, m| mask | 1 << m.to);
        for m in steps.iter_mut() {
            m.hit = unmarked & (1 << m.to) != 0;
            unmarked &= !(1 << m.to);
        }
        steps.sort_unstable_by(|a, b| b.from.cmp(&a.from).then(b.to.cmp(&a.to)));
        let mut parts = [Part {
            from: 0,
            to: 0,
            hits: 0,
            via: 0,
        }; MAX_CHECKER_MOVES];
        let mut count = 0;
        let mut used = [false; MAX_CHECKER_MOVES];
        for i in 0..steps.len() {
            if used[i] {
                continue;
            }
            used[i] = true;
            let mut part = Part {
                from: steps[i].from,
                to: steps[i].to,
                hits: u32::from(steps[i].hit) << steps[i].to,
                via: 0,
            };
            // Join the next step of the same checker (one that starts where this one ended).
            while part.to != OFF {
                let Some(j) = (i + 1..steps.len()).find(|&j| !used[j] && steps[j].from == part.to)
                else {
                    break;
                };
                used[j] = true;
                part.via |= 1 << part.to;
                part.to = steps[j].to;
                part.hits |= u32::from(steps[j].hit) << steps[j].to;
            }
            parts[count] = part;
            count += 1;
        }
        let mut printed = [false; MAX_CHECKER_MOVES];
        let mut first = true;
        for i in 0..count {
            if printed[i] {
                continue;
            }
            let mut repeats = 0;
            for j in i..count {
                // Like gnubg, repeats are counted by path; the first one's marks are printed.
                if parts[j].same_path(&parts[i]) {
                    printed[j] = true;
                    repeats += 1;
                }
            }
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write_part(f, &parts[i])?;
            if repeats > 1 {
                write!(f, "({repeats})")?;
            }
        }
        Ok(())
    }
}

impl Part {
    fn same_path(&self, other: &Part) -> bool {
        (self.from, self.to, self.via) == (other.from, other.to, other.via)
    }
}

fn write_part(f: &mut fmt::Formatter<'_>, part: &Part) -> fmt::Result {
    write_point(f, part.from)?;
    // Intermediate points are printed only where the checker hit.
    for point in (part.to + 1..part.from).rev() {
        if part.via & part.hits & (1 << point) != 0 {
            write!(f, "/{point}*")?;
        }
    }
    f.write_str("/")?;
    write_point(f, part.to)?;
    if part.hits & (1 << part.to) != 0 && part.to != OFF {
        f.write_str("*")?;
    }
    Ok(())
}

fn write_point(f: &mut fmt::Formatter<'_>, point: u8) -> fmt::Result {
    match point {
        BAR => f.write_str("bar"),
        OFF => f.write_str("off"),
        _ => write!(f, "{point}"),
    }
}

/// Why a text is not a legal move in a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveParseError {
    /// The text does not follow the notation.
    #[error("cannot read {text:?} as a move: {reason}")]
    Syntax {
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The notation is fine but the move is not legal with these dice.
    #[error("{text:?} is not a legal move with {dice} in this position")]
    Illegal {
        /// The text.
        text: String,
        /// The dice.
        dice: Dice,
    },
}

/// One written path with its repetition count: points visited (from first) and hit marks.
struct WrittenPath {
    points: [u8; 8],
    hit: [bool; 8],
    len: usize,
    repeat: u8,
}

/// Most points one written path may list (a checker moves at most four times).
const MAX_PATH_POINTS: usize = MAX_CHECKER_MOVES + 1;
/// Most times a part may be repeated with `(n)`.
const MAX_REPEAT: u8 = 4;

fn parse_point(token: &str, first: bool) -> Option<u8> {
    let lower = token.to_ascii_lowercase();
    match lower.as_str() {
        "bar" | "b" if first => Some(BAR),
        "off" | "o" if !first => Some(OFF),
        _ => {
            let n: u8 = lower.parse().ok()?;
            let valid = if first { 1..=25 } else { 0..=24 };
            valid.contains(&n).then_some(n)
        }
    }
}

fn parse_path(word: &str) -> Result<WrittenPath, String> {
    let (body, repeat) = match word.split_once('(') {
        Some((body, rest)) => {
            let n = rest
                .strip_suffix(')')
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|n| (1..=MAX_REPEAT).contains(n))
                .ok_or_else(|| format!("bad repetition in {word:?}"))?;
            (body, n)
        }
        None => (word, 1),
    };
    let mut path = WrittenPath {
        points: [0; 8],
        hit: [false; 8],
        len: 0,
        repeat,
    };
    for (i, token) in body.split('/').enumerate() {
        if path.len == MAX_PATH_POINTS {
            return Err(format!("too many points in {word:?}"));
        }
        let (token, hit) = match token.strip_suffix('*') {
            Some(t) => (t, true),
            None => (token, false),
        };
        let point = parse_point(token, i == 0)
            .ok_or_else(|| format!("{token:?} is not a point (1-24, bar, off)"))?;
        if i > 0 && point >= path.points[path.len - 1] {
            return Err(format!("{word:?} does not move toward home"));
        }
        path.points[path.len] = point;
        path.hit[path.len] = hit;
        path.len += 1;
    }
    if path.len < 2 {
        return Err(format!("{word:?} needs FROM/TO"));
    }
    Ok(path)
}

impl Position {
    /// Reads a move in gnubg notation (`24/18 13/11`, `bar/22*`, `6/off`, `8/5(2)`, also
    /// `24/18/11` or the parts in any order) and returns the legal move it describes.
    /// An empty text means "no move" and is accepted only when no checker can move.
    ///
    /// ```
    /// use ludus_backgammon::{Dice, Position};
    /// let start = Position::starting();
    /// let dice: Dice = "31".parse().unwrap();
    /// let play = start.parse_move(dice, "6/5 8/5").unwrap();
    /// assert_eq!(play.to_string(), "8/5 6/5");
    /// ```
    pub fn parse_move(&self, dice: Dice, text: &str) -> Result<Move, MoveParseError> {
        let syntax = |reason: String| MoveParseError::Syntax {
            text: text.to_string(),
            reason,
        };
        let illegal = || MoveParseError::Illegal {
            text: text.to_string(),
            dice,
        };
        let mut written = Vec::new();
        for word in text.split_whitespace() {
            written.push(parse_path(word).map_err(syntax)?);
        }
        // Parts may come in any order: a checker's later part starts lower, so walk from the
        // highest starting point down.
        let mut paths: Vec<&WrittenPath> = written.iter().collect();
        paths.sort_by(|a, b| b.points[0].cmp(&a.points[0]));
        let mut target = *self;
        for path in &paths {
            for _ in 0..path.repeat {
                target = walk(&target, path).ok_or_else(illegal)?;
            }
        }
        let legal = self.legal_moves_with_positions(dice);
        let found = match legal.iter().find(|(_, p)| *p == target) {
            Some((m, _)) => *m,
            None => {
                // Unmarked hits on the way: accept when the mover's checkers identify one move.
                let mut same = legal.iter().filter(|(_, p)| p.player == target.player);
                match (same.next(), same.next()) {
                    (Some((m, _)), None) => *m,
                    _ => return Err(illegal()),
                }
            }
        };
        // Keep the order as written when it is a legal order (records replay as written).
        Ok(as_written(self, dice, &found, &written).unwrap_or(found))
    }

    /// The checker moves of `mv` in the order given, with hits found on the board, when that
    /// order is legal with `dice`: the bar first, bearing off only with all checkers home, a
    /// larger die only for the highest checker.
    pub fn in_order(&self, dice: Dice, steps: &[CheckerMove]) -> Option<Move> {
        let mut board = *self;
        let mut dice_left: Vec<u8> = if dice.is_double() {
            vec![dice.high(); MAX_CHECKER_MOVES]
        } else {
            vec![dice.high(), dice.low()]
        };
        let mut ordered = Move::EMPTY;
        if steps.len() > MAX_CHECKER_MOVES {
            return None;
        }
        for step in steps {
            let (from, to) = (usize::from(step.from), usize::from(step.to));
            if from > usize::from(BAR) || to >= from || board.player[from] == 0 {
                return None;
            }
            if board.player[usize::from(BAR)] > 0 && step.from != BAR {
                return None;
            }
            let highest = (1..=usize::from(BAR))
                .rev()
                .find(|&p| board.player[p] > 0)?;
            let distance = (from - to) as u8;
            let die = if step.to != OFF {
                Some(distance)
            } else if highest > 6 {
                None
            } else if dice_left.contains(&distance) {
                Some(distance)
            } else if from == highest {
                dice_left.iter().copied().filter(|&d| d > distance).min()
            } else {
                None
            }?;
            let slot = dice_left.iter().position(|&d| d == die)?;
            dice_left.swap_remove(slot);
            let mut hit = false;
            if step.to != OFF {
                let theirs = usize::from(BAR) - to;
                match board.opponent[theirs] {
                    0 => {}
                    1 => {
                        board.opponent[theirs] = 0;
                        board.opponent[usize::from(BAR)] += 1;
                        hit = true;
                    }
                    _ => return None,
                }
            }
            board.player[from] -= 1;
            board.player[to] += 1;
            ordered.push(CheckerMove {
                from: step.from,
                to: step.to,
                hit,
            });
        }
        Some(ordered)
    }
}

/// The steps of the legal move `found` ordered as the written paths list them, if every written
/// path can be walked with those steps and that order is legal.
fn as_written(
    position: &Position,
    dice: Dice,
    found: &Move,
    written: &[WrittenPath],
) -> Option<Move> {
    let wanted = position.apply(found);
    // First the legs exactly as written, each one die (`13/10 10/6`, `25/24 24/20*`).
    let mut legs = Vec::new();
    for path in written {
        for _ in 0..path.repeat {
            for leg in path.points[..path.len].windows(2) {
                legs.push(CheckerMove {
                    from: leg[0],
                    to: leg[1],
                    hit: false,
                });
            }
        }
    }
    if let Some(mv) = position
        .in_order(dice, &legs)
        .filter(|mv| position.apply(mv) == wanted)
    {
        return Some(mv);
    }
    // Then joined paths (`24/14`) split at the found move's steps.
    let mut remaining: Vec<CheckerMove> = found.checker_moves().to_vec();
    let mut ordered = Vec::with_capacity(remaining.len());
    for path in written {
        for _ in 0..path.repeat {
            for leg in path.points[..path.len].windows(2) {
                let (mut at, end) = (leg[0], leg[1]);
                while at != end {
                    let i = remaining.iter().position(|m| m.from == at && m.to >= end)?;
                    let step = remaining.swap_remove(i);
                    at = step.to;
                    ordered.push(step);
                }
            }
        }
    }
    if !remaining.is_empty() {
        return None;
    }
    let result = position.in_order(dice, &ordered)?;
    (position.apply(&result) == wanted).then_some(result)
}

/// Moves one checker along a written path: it hits where marked and at its final landing.
fn walk(position: &Position, path: &WrittenPath) -> Option<Position> {
    let mut p = *position;
    let from = usize::from(path.points[0]);
    if p.player[from] == 0 {
        return None;
    }
    p.player[from] -= 1;
    for i in 1..path.len {
        let point = path.points[i];
        let last = i + 1 == path.len;
        if point != OFF && (last || path.hit[i]) {
            let theirs = usize::from(25 - point);
            if p.opponent[theirs] == 1 {
                p.opponent[theirs] = 0;
                p.opponent[usize::from(BAR)] += 1;
            }
        }
    }
    p.player[usize::from(path.points[path.len - 1])] += 1;
    Some(p)
}
