//! gnubg's SGF match files (import), checked move by move by the rules crate.
//!
//! A file is one game tree per game: `(;FF[4]GM[6]…MI[length:5][game:0][ws:0][bs:0]PW[…]PB[…]
//! RU[…]RE[W+2] ;W[31hefe] ;B[double] ;W[take] …)`. `W` is gnubg's player 0 (the `.mat` left
//! column), `B` player 1. A move is the two dice and then one letter pair per checker move:
//! `a`..`x` are player 0's points 1..24 (so player 1's points 24..1), `y` the bar, `z` off.
//! Cube actions are `double`, `take`, `drop` (and `beaver`). `PL[…]DI[…]` without a move is a
//! roll whose move is still to come. `RE[W+N]` (`R` for a resignation) gives the result; a game
//! that ends without bearing off or a drop is replayed as an accepted resignation worth `N`.

use ludus_backgammon::{Dice, Game, Match, Move, Phase, Rules, Seat, resignation_worth};
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
    pub reason: String,
}

/// One node: its properties, each with its values, in order.
type Node = Vec<(String, Vec<String>)>;

/// Splits an SGF collection into game trees of nodes (variations are not supported: gnubg
/// writes none).
fn parse_collection(text: &str) -> Result<Vec<Vec<Node>>, String> {
    let mut trees = Vec::new();
    let mut chars = text.chars().peekable();
    let mut depth = 0usize;
    let mut tree: Vec<Node> = Vec::new();
    while let Some(c) = chars.next() {
        match c {
            '(' => {
                depth += 1;
                if depth > 1 {
                    return Err("variations are not supported".into());
                }
                tree = Vec::new();
            }
            ')' => {
                if depth == 0 {
                    return Err("unbalanced ')'".into());
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
                            None => return Err(format!("unterminated value of {name}")),
                        }
                    }
                    values.push(value);
                }
                if values.is_empty() {
                    return Err(format!("property {name} without a value"));
                }
                let node = tree
                    .last_mut()
                    .ok_or_else(|| format!("property {name} outside a node"))?;
                node.push((name, values));
            }
            c if c.is_whitespace() => {}
            c if depth == 0 => return Err(format!("unexpected {c:?} outside a game tree")),
            c => return Err(format!("unexpected {c:?}")),
        }
    }
    if depth != 0 {
        return Err("unbalanced '('".into());
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
        let fail = |reason: String| SgfError { game, reason };
        let root = tree.first().ok_or_else(|| fail("empty game tree".into()))?;
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
        reason: "no game in the file".into(),
    })
}

fn new_match(root: &Node) -> Result<Match, String> {
    let length = property(root, "MI")
        .unwrap_or(&[])
        .iter()
        .find_map(|v| v.strip_prefix("length:"))
        .map_or(Ok(0), |v| v.trim().parse::<u32>())
        .map_err(|_| "bad MI[length:N]".to_string())?;
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

fn replay_game(record: &mut Match, nodes: &[Node]) -> Result<(), String> {
    let mut started = false;
    for node in nodes {
        let action = ["W", "B"]
            .iter()
            .find_map(|c| property(node, c).map(|v| (seat_of(c), v[0].clone())));
        let Some((Some(seat), value)) = action else {
            // A roll without its move yet: PL[..]DI[..].
            if let (Some(dice), true) = (property(node, "DI"), started) {
                let dice: Dice = dice[0].parse().map_err(|e| format!("{e}"))?;
                let game = current(record)?;
                game.roll_with(dice).map_err(|e| e.to_string())?;
            }
            continue;
        };
        match value.as_str() {
            "double" => current(record)?.double().map_err(|e| e.to_string())?,
            "take" => current(record)?.take().map_err(|e| e.to_string())?,
            "drop" => current(record)?.pass().map_err(|e| e.to_string())?,
            "beaver" => current(record)?.beaver().map_err(|e| e.to_string())?,
            text => {
                let dice: Dice = text
                    .get(..2)
                    .ok_or_else(|| format!("bad move {text:?}"))?
                    .parse()
                    .map_err(|e| format!("bad move {text:?}: {e}"))?;
                if started {
                    current(record)?
                        .roll_with(dice)
                        .map_err(|e| e.to_string())?;
                } else {
                    record
                        .new_game_with_opening(seat, dice)
                        .map_err(|e| e.to_string())?;
                    started = true;
                }
                play(current(record)?, seat, dice, &text[2..])?;
            }
        }
    }
    Ok(())
}

fn current(record: &mut Match) -> Result<&mut Game, String> {
    record
        .current_mut()
        .ok_or_else(|| "an action after the end of the game".to_string())
}

fn play(game: &mut Game, seat: Seat, dice: Dice, pairs: &str) -> Result<(), String> {
    if game.turn() != seat {
        return Err(format!("player {} moves out of turn", seat.index()));
    }
    let letters: Vec<char> = pairs.chars().collect();
    if !letters.len().is_multiple_of(2) {
        return Err(format!("odd number of point letters in {pairs:?}"));
    }
    if letters.is_empty() {
        let legal = game.legal_moves();
        if legal.len() == 1 && legal[0].is_empty() {
            return game.play(&Move::EMPTY).map_err(|e| e.to_string());
        }
        return Ok(());
    }
    let mut parts = Vec::new();
    for pair in letters.chunks(2) {
        let from = point(pair[0], seat).ok_or_else(|| format!("bad point letter {:?}", pair[0]))?;
        let to = point(pair[1], seat).ok_or_else(|| format!("bad point letter {:?}", pair[1]))?;
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
        return Err("a move when no dice are rolled".into());
    };
    let mv = game
        .position()
        .parse_move(dice, &text)
        .map_err(|e| format!("{text} with {dice}: {e}"))?;
    game.play(&mv).map_err(|e| e.to_string())
}

/// Applies `RE[W+N]`: checks a finished game's result, or replays a resignation.
fn finish_game(record: &mut Match, root: &Node) -> Result<(), String> {
    let Some(result) = property(root, "RE").and_then(|v| v.first()) else {
        return Ok(());
    };
    let (color, rest) = result
        .split_once('+')
        .ok_or_else(|| format!("bad result {result:?}"))?;
    let winner = seat_of(color).ok_or_else(|| format!("bad result {result:?}"))?;
    let points: u32 = rest
        .trim_end_matches(|c: char| c.is_ascii_alphabetic())
        .parse()
        .map_err(|_| format!("bad result {result:?}"))?;
    let rules = record.rules();
    let Some(game) = record.games().last() else {
        return Ok(());
    };
    if let Some(outcome) = game.outcome() {
        if (outcome.winner, outcome.points) != (winner, points) {
            return Err(format!(
                "the result says {result}, the replay gives player {} {} points",
                outcome.winner.index(),
                outcome.points
            ));
        }
        return Ok(());
    }
    let (cube, owner) = game.cube();
    let kind = resignation_worth(&rules, cube, owner, points)
        .ok_or_else(|| format!("{points} points is no resignation with the cube at {cube}"))?;
    let game = current(record)?;
    if let Phase::Doubled = game.phase() {
        return Err("the game ends with a double unanswered".into());
    }
    game.resign(winner.other(), kind)
        .and_then(|()| game.accept_resignation())
        .map_err(|e| e.to_string())
}
