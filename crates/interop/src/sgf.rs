//! gnubg's SGF match files (import and export), checked move by move by the rules crate.
//!
//! A file is one game tree per game: `(;FF[4]GM[6]…MI[length:5][game:0][ws:0][bs:0]PW[…]PB[…]
//! RU[…]RE[W+2] ;W[31hefe] ;B[double] ;W[take] …)`. `W` is gnubg's player 0 (the `.mat` left
//! column), `B` player 1. A move is the two dice and then one letter pair per checker move:
//! `a`..`x` are player 0's points 1..24 (so player 1's points 24..1), `y` the bar, `z` off.
//! Cube actions are `double`, `take`, `drop` (and `beaver`). `PL[…]DI[…]` without a move is a
//! roll whose move is still to come. `RE[W+N]` (`R` for a resignation) gives the result; a game
//! that ends without bearing off or a drop is replayed as an accepted resignation worth `N`.

use ludus_backgammon::ResultRefusal;
use ludus_backgammon::{
    Dice, DiceError, Game, GameError, GameEvent, Match, Move, MoveParseError, Phase, Rules, Seat,
};
use std::fmt::Write;
use thiserror::Error;

/// Letters of the 24 points, from player 0's point 1.
const POINT_LETTERS: &str = "abcdefghijklmnopqrstuvwx";
/// The bar's letter.
const BAR_LETTER: char = 'y';
/// The letter of borne-off checkers.
const OFF_LETTER: char = 'z';

/// Why a text is not a readable gnubg SGF match.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("SGF game {game}: {reason}")]
pub struct SgfError {
    /// 1-based game number (0 before the first game tree).
    pub game: usize,
    /// What is wrong.
    pub reason: SgfProblem,
}

/// What is wrong in an SGF match file: its syntax, a value, or a replay the rules refuse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SgfProblem {
    /// A game tree inside a game tree.
    #[error("variations are not supported")]
    Variation,
    /// A `(` or `)` without its partner.
    #[error("unbalanced '{0}'")]
    Unbalanced(char),
    /// A `[` without its `]`; the property's name.
    #[error("unterminated value of {0}")]
    UnterminatedValue(String),
    /// A property name without `[value]`.
    #[error("property {0} without a value")]
    NoValue(String),
    /// A property before the first `;` of its tree.
    #[error("property {0} outside a node")]
    OutsideNode(String),
    /// A character outside every game tree.
    #[error("unexpected {0:?} outside a game tree")]
    OutsideTree(char),
    /// A character that starts nothing inside a game tree.
    #[error("unexpected {0:?}")]
    Unexpected(char),
    /// `()`.
    #[error("empty game tree")]
    EmptyTree,
    /// No game tree at all.
    #[error("no game in the file")]
    NoGame,
    /// `MI[length:N]` with N not a number.
    #[error("bad MI[length:N]")]
    BadLength,
    /// A `DI[…]` that is not a roll.
    #[error("{0}")]
    Dice(#[from] DiceError),
    /// A move without its two dice.
    #[error("bad move {0:?}")]
    NoDiceInMove(String),
    /// A move whose first two characters are not a roll.
    #[error("bad move {text:?}: {error}")]
    BadDiceInMove {
        /// The move's value.
        text: String,
        /// Why its dice are not a roll.
        error: DiceError,
    },
    /// The rules refuse an action or a move.
    #[error("{0}")]
    Game(#[from] GameError),
    /// An action after the game ended.
    #[error("an action after the end of the game")]
    AfterTheEnd,
    /// A move of the player not on roll; the player's number (0 or 1).
    #[error("player {0} moves out of turn")]
    OutOfTurn(usize),
    /// A move with an odd number of point letters.
    #[error("odd number of point letters in {0:?}")]
    OddLetters(String),
    /// A letter that names no point.
    #[error("bad point letter {0:?}")]
    BadPointLetter(char),
    /// A move where the game waits for something else than a move.
    #[error("a move when no dice are rolled")]
    NotRolled,
    /// A move that is not legal with its dice.
    #[error("{text} with {dice}: {error}")]
    IllegalMove {
        /// The move in Ludus's notation.
        text: String,
        /// Its dice.
        dice: Dice,
        /// Why it is not legal.
        error: MoveParseError,
    },
    /// `RE[…]` is not `W+N` or `B+N`.
    #[error("bad result {0:?}")]
    BadResult(String),
    /// The result disagrees with the replayed game's end.
    #[error("the result says {result}, the replay gives player {winner} {points} points")]
    WrongResult {
        /// The `RE[…]` value.
        result: String,
        /// The replay's winner (0 or 1).
        winner: usize,
        /// The replay's points.
        points: u32,
    },
    /// A result that no resignation at this cube is worth.
    #[error("{points} points is no resignation with the cube at {cube}")]
    NoResignation {
        /// The points of the result.
        points: u32,
        /// The cube's value.
        cube: u32,
    },
    /// The game ends with a double neither taken nor dropped.
    #[error("the game ends with a double unanswered")]
    DoubleUnanswered,
}

/// One node: its properties, each with its values, in order.
type Node = Vec<(String, Vec<String>)>;

/// Splits an SGF collection into game trees of nodes (variations are not supported: gnubg
/// writes none).
fn parse_collection(text: &str) -> Result<Vec<Vec<Node>>, SgfProblem> {
    let mut trees = Vec::new();
    let mut chars = text.chars().peekable();
    let mut depth = 0usize;
    let mut tree: Vec<Node> = Vec::new();
    while let Some(c) = chars.next() {
        match c {
            '(' => {
                depth += 1;
                if depth > 1 {
                    return Err(SgfProblem::Variation);
                }
                tree = Vec::new();
            }
            ')' => {
                if depth == 0 {
                    return Err(SgfProblem::Unbalanced(')'));
                }
                depth -= 1;
                trees.push(std::mem::take(&mut tree));
            }
            ';' if depth == 1 => tree.push(Vec::new()),
            c if c.is_ascii_uppercase() && depth == 1 => {
                let mut name = c.to_string();
                while let Some(&n) = chars.peek() {
                    if n.is_ascii_uppercase() {
                        name.push(n);
                        chars.next();
                    } else {
                        break;
                    }
                }
                let mut values = Vec::new();
                loop {
                    while chars.peek().is_some_and(|c| c.is_whitespace()) {
                        chars.next();
                    }
                    if chars.peek() != Some(&'[') {
                        break;
                    }
                    chars.next();
                    let mut value = String::new();
                    loop {
                        match chars.next() {
                            Some('\\') => value.extend(chars.next()),
                            Some(']') => break,
                            Some(c) => value.push(c),
                            None => return Err(SgfProblem::UnterminatedValue(name)),
                        }
                    }
                    values.push(value);
                }
                if values.is_empty() {
                    return Err(SgfProblem::NoValue(name));
                }
                let node = tree
                    .last_mut()
                    .ok_or_else(|| SgfProblem::OutsideNode(name.clone()))?;
                node.push((name, values));
            }
            c if c.is_whitespace() => {}
            c if depth == 0 => return Err(SgfProblem::OutsideTree(c)),
            c => return Err(SgfProblem::Unexpected(c)),
        }
    }
    if depth != 0 {
        return Err(SgfProblem::Unbalanced('('));
    }
    Ok(trees)
}

fn property<'a>(node: &'a Node, name: &str) -> Option<&'a [String]> {
    node.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_slice())
}

/// Reads a gnubg SGF match (or money session) and replays it with the rules.
pub fn read_sgf(text: &str) -> Result<Match, SgfError> {
    let trees = parse_collection(text).map_err(|reason| SgfError { game: 0, reason })?;
    let mut record: Option<Match> = None;
    for (index, tree) in trees.iter().enumerate() {
        let game = index + 1;
        let fail = |reason: SgfProblem| SgfError { game, reason };
        let root = tree.first().ok_or_else(|| fail(SgfProblem::EmptyTree))?;
        if record.is_none() {
            record = Some(new_match(root).map_err(fail)?);
        }
        let Some(m) = record.as_mut() else {
            continue;
        };
        replay_game(m, &tree[1..]).map_err(fail)?;
        finish_game(m, root).map_err(fail)?;
    }
    record.ok_or(SgfError {
        game: 0,
        reason: SgfProblem::NoGame,
    })
}

fn new_match(root: &Node) -> Result<Match, SgfProblem> {
    let length = property(root, "MI")
        .unwrap_or(&[])
        .iter()
        .find_map(|v| v.strip_prefix("length:"))
        .map_or(Ok(0), |v| v.trim().parse::<u32>())
        .map_err(|_| SgfProblem::BadLength)?;
    let rules_text = property(root, "RU")
        .and_then(|v| v.first())
        .cloned()
        .unwrap_or_default();
    let mut rules = Rules::match_to(length);
    if length == 0 {
        rules.jacoby = rules_text.contains("Jacoby");
        rules.beavers = rules_text.contains("Beaver");
    }
    let name = |p: &str| {
        property(root, p)
            .and_then(|v| v.first())
            .cloned()
            .unwrap_or_else(|| p.to_string())
    };
    Ok(Match::new(rules, [name("PW"), name("PB")]))
}

fn seat_of(color: &str) -> Option<Seat> {
    match color {
        "W" => Some(Seat::Zero),
        "B" => Some(Seat::One),
        _ => None,
    }
}

/// A point letter in `seat`'s own numbering (25 the bar, 0 off).
fn point(letter: char, seat: Seat) -> Option<u8> {
    match letter {
        BAR_LETTER => Some(25),
        OFF_LETTER => Some(0),
        _ => {
            let index = POINT_LETTERS.find(letter)? as u8;
            Some(match seat {
                Seat::Zero => index + 1,
                Seat::One => 24 - index,
            })
        }
    }
}

fn replay_game(record: &mut Match, nodes: &[Node]) -> Result<(), SgfProblem> {
    let mut started = false;
    for node in nodes {
        let action = ["W", "B"]
            .iter()
            .find_map(|c| property(node, c).map(|v| (seat_of(c), v[0].clone())));
        let Some((Some(seat), value)) = action else {
            // A roll without its move yet: PL[..]DI[..].
            if let (Some(dice), true) = (property(node, "DI"), started) {
                let dice: Dice = dice[0].parse()?;
                current(record)?.roll_with(dice)?;
            }
            continue;
        };
        match value.as_str() {
            "double" => current(record)?.double()?,
            "take" => current(record)?.take()?,
            "drop" => current(record)?.pass()?,
            "beaver" => current(record)?.beaver()?,
            text => {
                let dice: Dice = text
                    .get(..2)
                    .ok_or_else(|| SgfProblem::NoDiceInMove(text.to_string()))?
                    .parse()
                    .map_err(|error| SgfProblem::BadDiceInMove {
                        text: text.to_string(),
                        error,
                    })?;
                if started {
                    current(record)?.roll_with(dice)?;
                } else {
                    record.new_game_with_opening(seat, dice)?;
                    started = true;
                }
                play(current(record)?, seat, dice, &text[2..])?;
            }
        }
    }
    Ok(())
}

fn current(record: &mut Match) -> Result<&mut Game, SgfProblem> {
    record.current_mut().ok_or(SgfProblem::AfterTheEnd)
}

fn play(game: &mut Game, seat: Seat, dice: Dice, pairs: &str) -> Result<(), SgfProblem> {
    if game.turn() != seat {
        return Err(SgfProblem::OutOfTurn(seat.index()));
    }
    let letters: Vec<char> = pairs.chars().collect();
    if !letters.len().is_multiple_of(2) {
        return Err(SgfProblem::OddLetters(pairs.to_string()));
    }
    if letters.is_empty() {
        let legal = game.legal_moves();
        if legal.len() == 1 && legal[0].is_empty() {
            return Ok(game.play(&Move::EMPTY)?);
        }
        return Ok(());
    }
    let mut parts = Vec::new();
    for pair in letters.chunks(2) {
        let from = point(pair[0], seat).ok_or(SgfProblem::BadPointLetter(pair[0]))?;
        let to = point(pair[1], seat).ok_or(SgfProblem::BadPointLetter(pair[1]))?;
        let from = if from == 25 {
            "bar".to_string()
        } else {
            from.to_string()
        };
        let to = if to == 0 {
            "off".to_string()
        } else {
            to.to_string()
        };
        parts.push(format!("{from}/{to}"));
    }
    let text = parts.join(" ");
    let Phase::Moving(_) = game.phase() else {
        return Err(SgfProblem::NotRolled);
    };
    let mv = game
        .position()
        .parse_move(dice, &text)
        .map_err(|error| SgfProblem::IllegalMove { text, dice, error })?;
    Ok(game.play(&mv)?)
}

/// Applies `RE[W+N]`: checks a finished game's result, or replays a resignation.
fn finish_game(record: &mut Match, root: &Node) -> Result<(), SgfProblem> {
    let Some(result) = property(root, "RE").and_then(|v| v.first()) else {
        return Ok(());
    };
    let bad = || SgfProblem::BadResult(result.clone());
    let (color, rest) = result.split_once('+').ok_or_else(bad)?;
    let winner = seat_of(color).ok_or_else(bad)?;
    let points: u32 = rest
        .trim_end_matches(|c: char| c.is_ascii_alphabetic())
        .parse()
        .map_err(|_| bad())?;
    match record.end_with_recorded_result(winner, points) {
        Ok(()) | Err(ResultRefusal::NoGame) => Ok(()),
        Err(ResultRefusal::MatchOver) => Err(SgfProblem::AfterTheEnd),
        Err(ResultRefusal::Disagrees(outcome)) => Err(SgfProblem::WrongResult {
            result: result.clone(),
            winner: outcome.winner.index(),
            points: outcome.points,
        }),
        Err(ResultRefusal::NoResignation { points, cube }) => {
            Err(SgfProblem::NoResignation { points, cube })
        }
        Err(ResultRefusal::DoubleUnanswered) => Err(SgfProblem::DoubleUnanswered),
        Err(ResultRefusal::Game(error)) => Err(error.into()),
    }
}

/// Writes a match as gnubg SGF: one game tree per game, which [`read_sgf`] reads back to the
/// same games. Resignations are not written as actions: a game that ends without bearing off or
/// a drop carries its result in `RE[…]` only (the reader replays it as an accepted resignation),
/// and a rejected resignation leaves no trace.
pub fn write_sgf(record: &Match) -> String {
    let mut out = String::new();
    for (index, game) in record.games().iter().enumerate() {
        write_game_tree(&mut out, record, index, game);
    }
    out
}

fn write_game_tree(out: &mut String, record: &Match, index: usize, game: &Game) {
    let rules = record.rules();
    let score = game.score();
    let names = record.names();
    let _ = write!(
        out,
        "(;FF[4]GM[6]CA[UTF-8]AP[Ludus]MI[length:{}][game:{index}][ws:{}][bs:{}]PW[{}]PB[{}]RU[{}]",
        rules.match_length,
        score[0],
        score[1],
        escape(&names[0]),
        escape(&names[1]),
        rules_text(&rules, game),
    );
    if let Some(outcome) = game.outcome() {
        let color = color_of(outcome.winner);
        let _ = write!(out, "RE[{color}+{}]", outcome.points);
    }
    out.push('\n');
    for event in game.events() {
        write_event(out, event);
    }
    out.push_str(")\n");
}

/// `RU[…]` as gnubg writes it: the Crawford rule (and whether this game is the Crawford game) in
/// a match, the Jacoby rule and beavers in money play.
fn rules_text(rules: &Rules, game: &Game) -> String {
    if !rules.is_money() {
        return if game.is_crawford() {
            "Crawford:CrawfordGame".to_string()
        } else {
            "Crawford".to_string()
        };
    }
    let mut parts = Vec::new();
    if rules.jacoby {
        parts.push("Jacoby");
    }
    if rules.beavers {
        parts.push("Beaver");
    }
    parts.join(":")
}

fn write_event(out: &mut String, event: &GameEvent) {
    let (seat, value) = match *event {
        GameEvent::Turn { seat, dice, play } => match play {
            Some(play) => (seat, format!("{dice}{}", move_letters(seat, &play))),
            None => {
                // A roll whose move is still to come.
                let _ = writeln!(out, ";PL[{}]DI[{dice}]", color_of(seat));
                return;
            }
        },
        GameEvent::Double { seat, .. } => (seat, "double".to_string()),
        GameEvent::Take { seat } => (seat, "take".to_string()),
        GameEvent::Beaver { seat, .. } => (seat, "beaver".to_string()),
        GameEvent::Pass { seat } => (seat, "drop".to_string()),
        GameEvent::Resign { .. }
        | GameEvent::AcceptResignation { .. }
        | GameEvent::RejectResignation { .. } => return,
    };
    let _ = writeln!(out, ";{}[{value}]", color_of(seat));
}

fn color_of(seat: Seat) -> char {
    match seat {
        Seat::Zero => 'W',
        Seat::One => 'B',
    }
}

/// One letter pair per checker move, in `seat`'s own numbering turned into gnubg's letters.
fn move_letters(seat: Seat, play: &Move) -> String {
    play.checker_moves()
        .iter()
        .flat_map(|m| [letter(m.from, seat), letter(m.to, seat)])
        .collect()
}

/// The letter of point `point` in `seat`'s own numbering (25 the bar, 0 off): the inverse of
/// [`point`].
fn letter(point: u8, seat: Seat) -> char {
    match point {
        25 => BAR_LETTER,
        0 => OFF_LETTER,
        _ => {
            let index = match seat {
                Seat::Zero => point - 1,
                Seat::One => 24 - point,
            };
            char::from(POINT_LETTERS.as_bytes()[usize::from(index)])
        }
    }
}

/// A value with SGF's escapes (`\` before `]` and `\`).
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, ']' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}
