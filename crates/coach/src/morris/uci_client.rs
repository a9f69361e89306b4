//! A Morris engine that is another program, spoken to over Sanmill's UCI-like protocol
//! (`ludus morris uci`, Sanmill's `tgf mill uci`, …), as a [`Player`]. Each turn sends the whole
//! game as `position startpos moves …` (atomic tokens) and `go movetime MS`; when the answer
//! closes a mill, a second `go` in the removal state asks for the `xSQ` token.

use ludus_morris::player::{Choice, Limits, Player, PlayerError};
use ludus_morris::token::{MorrisState, apply_token, tokens_of};
use ludus_morris::{Game, Move, Position, Square};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long an engine may take to start and answer `uci` / `isready`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(30);
/// Time an engine may run over its move time before it is declared lost.
const MOVE_GRACE: Duration = Duration::from_secs(10);
/// How long an engine may take to exit after `quit` before it is killed.
const EXIT_GRACE: Duration = Duration::from_secs(2);

/// How to start an engine and set it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciProgram {
    /// The program and its arguments (split at white space; no shell).
    pub command: Vec<String>,
    /// `setoption` pairs (name, value), sent in order after `uci`.
    pub options: Vec<(String, String)>,
    /// Thinking time per move (`go movetime`).
    pub movetime: Duration,
}

impl UciProgram {
    /// A short name: `uci:` and the program's file name.
    pub fn name(&self) -> String {
        let program = self.command.first().map_or("", String::as_str);
        let file = program.rsplit('/').next().unwrap_or(program);
        format!("uci:{file}")
    }
}

/// A running engine.
pub struct UciPlayer {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    movetime: Duration,
}

impl UciPlayer {
    /// Starts `program` and sets it up (`uci`, the options, `isready`).
    pub fn start(program: &UciProgram) -> Result<UciPlayer, PlayerError> {
        let name = program.name();
        let fail = |message: String| PlayerError::new(&name, message);
        let (binary, args) = program
            .command
            .split_first()
            .ok_or_else(|| fail("no command".to_string()))?;
        let mut child = Command::new(binary)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| fail(format!("cannot start {binary}: {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(fail("no pipes".to_string()));
        };
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut player = UciPlayer {
            name,
            child,
            stdin,
            lines,
            movetime: program.movetime,
        };
        player.send("uci")?;
        player.wait_for(|line| line.trim() == "uciok", HANDSHAKE_TIMEOUT)?;
        for (option, value) in &program.options {
            player.send(&format!("setoption name {option} value {value}"))?;
        }
        player.ready()?;
        Ok(player)
    }

    fn error(&self, message: impl Into<String>) -> PlayerError {
        PlayerError::new(&self.name, message)
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| self.error(format!("cannot write: {e}")))
    }

    fn ready(&mut self) -> Result<(), PlayerError> {
        self.send("isready")?;
        self.wait_for(|line| line.trim() == "readyok", HANDSHAKE_TIMEOUT)
            .map(drop)
    }

    /// Reads lines until one satisfies `done` (returned), for at most `timeout`.
    fn wait_for(
        &mut self,
        done: impl Fn(&str) -> bool,
        timeout: Duration,
    ) -> Result<String, PlayerError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(&line) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.error(format!("no answer within {timeout:?}")));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.error("the program ended"));
                }
            }
        }
    }

    /// One `go` from the position the tokens reach: the answer's token, `None` for
    /// `bestmove none|draw|(none)`.
    fn best_token(&mut self, tokens: &[String]) -> Result<Option<String>, PlayerError> {
        let position = if tokens.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", tokens.join(" "))
        };
        self.send(&position)?;
        self.send(&format!("go movetime {}", self.movetime.as_millis()))?;
        let line = self.wait_for(|line| bestmove(line).is_some(), self.movetime + MOVE_GRACE)?;
        let token = bestmove(&line).unwrap_or_default();
        Ok((!matches!(token, "none" | "draw" | "(none)")).then(|| token.to_string()))
    }
}

/// The token after `bestmove` on a line (engines may print it after an `info` on one line).
fn bestmove(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == "bestmove")?;
    Some(words.next().unwrap_or("none"))
}

impl Player for UciPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _game: u64) -> Result<(), PlayerError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// The program's turn, thinking for the time its [`UciProgram`] gives (the limits are the
    /// program's own business).
    fn choose(&mut self, game: &Game, _: &Limits) -> Result<Choice, PlayerError> {
        self.choose_move(game).map(Choice::new)
    }
}

impl UciPlayer {
    /// The whole turn of `game`'s side to move: one `go`, and a second in the removal state when
    /// the answer closes a mill; `None` for `bestmove none|draw`.
    fn choose_move(&mut self, game: &Game) -> Result<Option<Move>, PlayerError> {
        if *game.start_position() != Position::new() {
            return Err(self.error("games from a set-up position are not supported"));
        }
        let mut tokens: Vec<String> = game.moves().iter().flat_map(tokens_of).collect();
        let Some(token) = self.best_token(&tokens)? else {
            return Ok(None);
        };
        let position = *game.position();
        let state = MorrisState::Turn(position);
        let rules = game.rules();
        let illegal = |e| self.error(format!("bestmove {token}: {e}"));
        let mut mv: Move = token.parse().map_err(|e| illegal(format!("{e}")))?;
        match apply_token(&state, rules, &token).map_err(|e| illegal(e.to_string()))? {
            MorrisState::Turn(_) => Ok(Some(mv)),
            MorrisState::Removal(removal) => {
                tokens.push(token.clone());
                let removal_token = self
                    .best_token(&tokens)?
                    .ok_or_else(|| self.error("no removal after a mill"))?;
                let square: Square = removal_token
                    .strip_prefix('x')
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| self.error(format!("bad removal {removal_token}")))?;
                if removal.remove(square).is_none() {
                    return Err(self.error(format!("illegal removal {removal_token}")));
                }
                mv.remove = Some(square);
                Ok(Some(mv))
            }
        }
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + EXIT_GRACE;
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::bestmove;

    #[test]
    fn bestmove_is_found_after_an_info_on_the_same_line() {
        assert_eq!(bestmove("bestmove d6"), Some("d6"));
        assert_eq!(bestmove("info depth 10 score cp 1 bestmove f6"), Some("f6"));
        assert_eq!(bestmove("bestmove"), Some("none"));
        assert_eq!(bestmove("info depth 3"), None);
    }
}
