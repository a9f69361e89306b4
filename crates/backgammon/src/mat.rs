//! The plain-text `.mat` match format (as gnubg exports it and gnubg, XG and BGBlitz import).
//!
//! ```text
//!  5 point match
//!
//!  Game 1
//!  gnubg : 0                      root : 0
//!   1) 31: 8/5 6/5                 64: 24/18 13/9
//!                                   Wins 1 point
//! ```
//!
//! Player 0 is the left column. Moves list each checker move as played, the bar as 25 and off
//! as 0, `*` on a hit; cube actions are ` Doubles => N`, ` Takes`, ` Drops` (and ` Beavers => N`,
//! our spelling). Resignations are not written: a game that ends without bearing off or a drop
//! ends with the winner's `Wins N points` line, and a reader replays it as an accepted
//! resignation worth that much.

use crate::dice::Dice;
use crate::game::{Game, GameError, GameEvent, Match, Phase, Rules};
use crate::match_state::Seat;
use crate::moves::{MAX_CHECKER_MOVES, Move};
use crate::recorded_result::ResultRefusal;
use std::fmt::Write;
use thiserror::Error;

/// Width of the left column of a move line, after the `NNN) ` line number.
const COLUMN: usize = 28;
/// Width of the left part of a game's score line, after its leading space.
const SCORE_COLUMN: usize = 31;
/// Leading spaces from which a line's first entry is taken to be in the right column.
const RIGHT_COLUMN_INDENT: usize = 15;

/// Why a text is not a readable `.mat` record (with the 1-based line where it went wrong).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct MatError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Writes a match as a `.mat` text.
pub fn write_mat(record: &Match) -> String {
    let mut out = String::new();
    let _ = writeln!(out, " {} point match", record.rules().match_length);
    out.push('\n');
    let names = record.names();
    for (index, game) in record.games().iter().enumerate() {
        let score = game.score();
        let _ = writeln!(out, " Game {}", index + 1);
        let left = format!("{} : {}", names[0], score[0]);
        let _ = writeln!(out, " {left:<SCORE_COLUMN$}{} : {}", names[1], score[1]);
        write_game_lines(&mut out, game);
        out.push('\n');
    }
    if record.current().is_some_and(|g| g.outcome().is_none()) {
        // Like gnubg, a record that stops mid-game ends with that unfinished line.
        out.truncate(out.trim_end_matches('\n').len());
    }
    out
}

fn write_game_lines(out: &mut String, game: &Game) {
    let mut number = 0;
    let mut line: [Option<String>; 2] = [None, None];
    let mut flush = |line: &mut [Option<String>; 2], out: &mut String| {
        if line.iter().all(Option::is_none) {
            return;
        }
        number += 1;
        let mut left = line[0].take().unwrap_or_default();
        let right = line[1].take().unwrap_or_default();
        if left.len() >= COLUMN && !right.is_empty() && !left.ends_with(' ') {
            // Keep a long left entry (four moves with hits) apart from the right one.
            left.push(' ');
        }
        let _ = writeln!(out, "{number:3}) {left:<COLUMN$}{right}");
    };
    for event in game.events() {
        let Some((seat, text)) = event_text(event) else {
            continue;
        };
        let starts_new_line = match seat {
            Seat::Zero => line.iter().any(Option::is_some),
            Seat::One => line[1].is_some(),
        };
        if starts_new_line {
            flush(&mut line, out);
        }
        line[seat.index()] = Some(text);
    }
    let Some(outcome) = game.outcome() else {
        flush(&mut line, out);
        return;
    };
    let unit = if outcome.points == 1 {
        "point"
    } else {
        "points"
    };
    if outcome.winner == Seat::One && line[0].is_some() && line[1].is_none() {
        // Like gnubg: the right player's win shares the line of the left player's last action.
        line[1] = Some(format!(" Wins {} {unit} ", outcome.points));
        flush(&mut line, out);
        return;
    }
    flush(&mut line, out);
    let indent = match outcome.winner {
        Seat::Zero => 5,
        Seat::One => 5 + COLUMN,
    };
    let _ = writeln!(out, "{:indent$} Wins {} {unit}", "", outcome.points);
}

fn event_text(event: &GameEvent) -> Option<(Seat, String)> {
    Some(match *event {
        GameEvent::Turn { seat, dice, play } => {
            let mut text = format!("{}{}: ", dice.high(), dice.low());
            for (i, m) in play.iter().flat_map(Move::checker_moves).enumerate() {
                let _ = write!(text, "{}/{}{}", m.from, m.to, if m.hit { "*" } else { "" });
                // Like gnubg: a space after each checker move but the fourth.
                if i + 1 < MAX_CHECKER_MOVES {
                    text.push(' ');
                }
            }
            (seat, text)
        }
        GameEvent::Double { seat, value } => (seat, format!(" Doubles => {value}")),
        GameEvent::Take { seat } => (seat, " Takes".to_string()),
        GameEvent::Beaver { seat, value } => (seat, format!(" Beavers => {value}")),
        GameEvent::Pass { seat } => (seat, " Drops".to_string()),
        GameEvent::Resign { .. }
        | GameEvent::AcceptResignation { .. }
        | GameEvent::RejectResignation { .. } => return None,
    })
}

/// One action read from a line.
#[derive(Debug)]
enum Entry {
    Turn { dice: Dice, play: String },
    Double(u32),
    Take,
    Beaver(u32),
    Drop,
    Wins(u32),
}

/// Reads a `.mat` text and replays every game with the rules (each move checked), with the
/// default options (no Jacoby rule, no beavers, cube ceiling 64).
pub fn read_mat(text: &str) -> Result<Match, MatError> {
    read_mat_with_rules(text, Rules::default())
}

/// Reads a `.mat` text with rule options the format cannot carry (Jacoby, beavers, cube
/// ceiling); the match length comes from the file.
pub fn read_mat_with_rules(text: &str, options: Rules) -> Result<Match, MatError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with(';'));
    let (first_line, header) = lines.next().ok_or(MatError {
        line: 1,
        reason: "empty file: expected \"N point match\"".to_string(),
    })?;
    let length = parse_header(header).ok_or_else(|| MatError {
        line: first_line,
        reason: format!("expected \"N point match\", found {:?}", header.trim()),
    })?;
    let mut reader = Reader {
        record: Match::new(
            Rules {
                match_length: length,
                ..options
            },
            [String::new(), String::new()],
        ),
        names: None,
        line: first_line,
        awaiting_score_line: false,
        game_started: false,
    };
    for (number, line) in lines {
        reader.line = number;
        reader.read_line(line)?;
    }
    reader.finish()
}

/// Characters of a roll token such as `31:`.
const ROLL_TOKEN: usize = 3;

fn is_roll(token: &str) -> bool {
    let b = token.as_bytes();
    b.len() == ROLL_TOKEN
        && (b'1'..=b'6').contains(&b[0])
        && (b'1'..=b'6').contains(&b[1])
        && b[2] == b':'
}

fn parse_header(line: &str) -> Option<u32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        [n, "point", "match"] => n.parse().ok(),
        _ => None,
    }
}

struct Reader {
    record: Match,
    names: Option<[String; 2]>,
    line: usize,
    awaiting_score_line: bool,
    game_started: bool,
}

impl Reader {
    fn error(&self, reason: impl Into<String>) -> MatError {
        MatError {
            line: self.line,
            reason: reason.into(),
        }
    }

    fn game_error(&self, error: GameError) -> MatError {
        self.error(error.to_string())
    }

    fn read_line(&mut self, line: &str) -> Result<(), MatError> {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_prefix("Game ") {
            if rest.trim().parse::<u32>().is_err() {
                return Err(self.error(format!("bad game header {trimmed:?}")));
            }
            self.check_previous_game_finished()?;
            self.awaiting_score_line = true;
            self.game_started = false;
            return Ok(());
        }
        if self.awaiting_score_line {
            self.awaiting_score_line = false;
            return self.read_score_line(trimmed);
        }
        if trimmed.starts_with("Wins") {
            return self.read_wins(line);
        }
        let Some((number, rest)) = trimmed.split_once(')') else {
            return Err(self.error(format!("unexpected line {trimmed:?}")));
        };
        if number.trim().parse::<u32>().is_err() {
            return Err(self.error(format!("bad move number {number:?}")));
        }
        // Where the text after "N)" starts tells whether the left column is empty.
        let after = &line[line.find(')').map_or(0, |i| i + 1)..];
        let indent = after.len() - after.trim_start().len();
        let first_seat = if indent >= RIGHT_COLUMN_INDENT {
            Seat::One
        } else {
            Seat::Zero
        };
        let entries = self.parse_entries(rest)?;
        if entries.len() > 2 {
            return Err(self.error("more than two actions on one line"));
        }
        for (i, entry) in entries.into_iter().enumerate() {
            let seat = if i == 0 { first_seat } else { Seat::One };
            self.apply(seat, entry)?;
        }
        Ok(())
    }

    fn read_score_line(&mut self, line: &str) -> Result<(), MatError> {
        let bad = || {
            self.error(format!(
                "expected \"NAME : SCORE   NAME : SCORE\", found {line:?}"
            ))
        };
        let (name0, rest) = line.split_once(':').ok_or_else(bad)?;
        let rest = rest.trim_start();
        let split = rest.find(char::is_whitespace).ok_or_else(bad)?;
        let (score0, rest) = rest.split_at(split);
        let (name1, score1) = rest.rsplit_once(':').ok_or_else(bad)?;
        let score: [u32; 2] = [
            score0.trim().parse().map_err(|_| bad())?,
            score1.trim().parse().map_err(|_| bad())?,
        ];
        let names = [name0.trim().to_string(), name1.trim().to_string()];
        match &self.names {
            None => {
                self.record = Match::new(self.record.rules(), names.clone());
                self.names = Some(names);
            }
            Some(known) if *known != names => {
                return Err(self.error(format!(
                    "players {names:?} differ from the first game's {known:?}"
                )));
            }
            Some(_) => {}
        }
        if score != self.record.score() {
            return Err(self.error(format!(
                "the score line says {}-{}, the games before give {}-{}",
                score[0],
                score[1],
                self.record.score()[0],
                self.record.score()[1]
            )));
        }
        Ok(())
    }

    fn parse_entries(&self, text: &str) -> Result<Vec<Entry>, MatError> {
        let mut entries = Vec::new();
        // A left entry that fills its column may run into the right one ("16/1051:"): split
        // a roll glued to the end of a move.
        let split: Vec<&str> = text
            .split_whitespace()
            .flat_map(|word| {
                let glued = word.len() > ROLL_TOKEN
                    && word.contains('/')
                    && word.is_char_boundary(word.len() - ROLL_TOKEN)
                    && is_roll(&word[word.len() - ROLL_TOKEN..]);
                if glued {
                    let (play, roll) = word.split_at(word.len() - ROLL_TOKEN);
                    vec![play, roll]
                } else {
                    vec![word]
                }
            })
            .collect();
        let mut words = split.into_iter().peekable();
        while let Some(word) = words.next() {
            let entry = match word {
                "Doubles" | "Beavers" => {
                    let value = match (words.next(), words.next()) {
                        (Some("=>"), Some(v)) => v.parse::<u32>().ok(),
                        _ => None,
                    }
                    .ok_or_else(|| self.error(format!("expected \"{word} => N\"")))?;
                    if word == "Doubles" {
                        Entry::Double(value)
                    } else {
                        Entry::Beaver(value)
                    }
                }
                "Wins" => {
                    let points = words
                        .next()
                        .and_then(|p| p.parse::<u32>().ok())
                        .ok_or_else(|| self.error("expected \"Wins N points\""))?;
                    // "point(s)", and "and the match" from some programs.
                    while words
                        .peek()
                        .is_some_and(|w| matches!(*w, "point" | "points" | "and" | "the" | "match"))
                    {
                        words.next();
                    }
                    Entry::Wins(points)
                }
                "Takes" | "Accepts" => Entry::Take,
                "Drops" | "Passes" | "Rejects" => Entry::Drop,
                _ => {
                    let dice = word
                        .strip_suffix(':')
                        .and_then(|d| d.parse::<Dice>().ok())
                        .filter(|_| word.len() == 3)
                        .ok_or_else(|| {
                            self.error(format!(
                                "expected a roll like \"31:\" or a cube action, found {word:?}"
                            ))
                        })?;
                    let mut play = Vec::new();
                    while let Some(next) = words.peek() {
                        if next.contains('/') {
                            play.push(*next);
                            words.next();
                        } else {
                            break;
                        }
                    }
                    Entry::Turn {
                        dice,
                        play: play.join(" "),
                    }
                }
            };
            entries.push(entry);
        }
        Ok(entries)
    }

    fn game(&mut self) -> Result<&mut Game, MatError> {
        let line = self.line;
        self.record.current_mut().ok_or(MatError {
            line,
            reason: "the game is already over".to_string(),
        })
    }

    fn apply(&mut self, seat: Seat, entry: Entry) -> Result<(), MatError> {
        if let Entry::Wins(points) = entry {
            return self.wins(seat, points);
        }
        if !self.game_started {
            let Entry::Turn { dice, play } = entry else {
                return Err(self.error("a game must start with the opening roll"));
            };
            self.game_started = true;
            self.record
                .new_game_with_opening(seat, dice)
                .map_err(|e| MatError {
                    line: self.line,
                    reason: e.to_string(),
                })?;
            return self.play(play);
        }
        let game = self.game()?;
        let actor = game.turn();
        if actor != seat {
            let reason = format!("it is player {}'s turn here", actor.index());
            return Err(self.error(reason));
        }
        let game = self.game()?;
        let result = match entry {
            Entry::Turn { dice, play } => match game.roll_with(dice) {
                Ok(()) => return self.play(play),
                Err(e) => Err(e),
            },
            Entry::Double(value) => {
                if game.cube().0 * 2 != value {
                    let reason = format!("doubles to {value} with the cube at {}", game.cube().0);
                    return Err(self.error(reason));
                }
                game.double()
            }
            Entry::Take => game.take(),
            Entry::Beaver(value) => {
                if game.cube().0 * 4 != value {
                    let reason = format!("beavers to {value} with the cube at {}", game.cube().0);
                    return Err(self.error(reason));
                }
                game.beaver()
            }
            Entry::Drop => game.pass(),
            Entry::Wins(_) => Ok(()),
        };
        result.map_err(|e| self.game_error(e))
    }

    fn play(&mut self, text: String) -> Result<(), MatError> {
        let game = self.game()?;
        let Phase::Moving(dice) = game.phase() else {
            return Ok(());
        };
        let position = game.position();
        if text.is_empty() {
            // Either no checker can move, or the record stops before the move.
            let legal = position.legal_moves(dice);
            if legal.len() == 1 && legal[0].is_empty() {
                return game.play(&Move::EMPTY).map_err(|e| self.game_error(e));
            }
            return Ok(());
        }
        let mv = position
            .parse_move(dice, &text)
            .map_err(|e| self.error(e.to_string()))?;
        let game = self.game()?;
        game.play(&mv).map_err(|e| self.game_error(e))
    }

    fn read_wins(&mut self, line: &str) -> Result<(), MatError> {
        let indent = line.len() - line.trim_start().len();
        let winner = if indent >= RIGHT_COLUMN_INDENT {
            Seat::One
        } else {
            Seat::Zero
        };
        let points: u32 = line
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse().ok())
            .ok_or_else(|| self.error("expected \"Wins N points\""))?;
        self.wins(winner, points)
    }

    fn wins(&mut self, winner: Seat, points: u32) -> Result<(), MatError> {
        match self.record.end_with_recorded_result(winner, points) {
            Ok(()) => Ok(()),
            Err(ResultRefusal::NoGame) => Err(self.error("\"Wins\" before any game")),
            Err(ResultRefusal::Disagrees(outcome)) => Err(self.error(format!(
                "the record says player {} wins {points}, the replay gives player {} {}",
                winner.index(),
                outcome.winner.index(),
                outcome.points
            ))),
            Err(ResultRefusal::Game(error)) => Err(self.game_error(error)),
            Err(refusal) => Err(self.error(refusal.to_string())),
        }
    }

    fn check_previous_game_finished(&self) -> Result<(), MatError> {
        match self.record.games().last() {
            Some(game) if game.outcome().is_none() => {
                Err(self.error("a new game starts before the previous one ended"))
            }
            _ => Ok(()),
        }
    }

    fn finish(self) -> Result<Match, MatError> {
        if self.awaiting_score_line {
            return Err(self.error("the file ends after a game header"));
        }
        Ok(self.record)
    }
}
