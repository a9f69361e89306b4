//! Ludus's line protocol for backgammon players (`docs/backgammon-player-protocol.md`): a host
//! (Ludus's duel, its error-rate measurement) asks a player program for checker plays, cube
//! decisions and evaluations, one request line at a time, and the player answers each with one
//! line. Positions and match states travel as gnubg Position IDs and Match IDs.
//!
//! * [`PlayerClient`]: the host's side over any reader and writer (a child process's pipes):
//!   every reply is read back and checked; a play that is not legal is an
//!   [`ProtocolError::IllegalMove`] naming the position, never replaced by another.
//! * [`serve`]: the player's side over the rules crate's [`Player`] (Ludus itself speaks the
//!   protocol with `ludus backgammon player`).
//!
//! ```text
//! player: ready gnubg 0-ply
//! host:   move 4HPwATDgc/ABMA cAkAAAAAAAAA 31 cubeless
//! player: 8/5 6/5
//! host:   quit
//! ```

use ludus_backgammon::player::{Evaluation, Player, PlayerError, choose_move};
use ludus_backgammon::{Dice, MatchIdError, MatchState, Move, Position};
use std::io::{BufRead, Write};
use thiserror::Error;

/// Lines a player may write before its `ready` line (gnubg prints a banner first).
pub const MAX_PREAMBLE_LINES: usize = 100;
/// The word that opens the player's first line.
pub const READY: &str = "ready";

/// Whether checker plays and evaluations count the cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Cubeless money equity (the game is played without the cube).
    Cubeless,
    /// Cubeful equity at the Match ID's cube and score.
    Cubeful,
}

impl Mode {
    fn word(self) -> &'static str {
        match self {
            Mode::Cubeless => "cubeless",
            Mode::Cubeful => "cubeful",
        }
    }

    fn parse(word: &str) -> Option<Mode> {
        match word {
            "cubeless" => Some(Mode::Cubeless),
            "cubeful" => Some(Mode::Cubeful),
            _ => None,
        }
    }
}

/// One request of the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// `move <PositionID> <MatchID> <dice> <mode>`: the play of the side on roll.
    Move {
        /// The board, side on roll first.
        position: Position,
        /// Cube, score, Crawford, seats (the side on roll is `on_roll`).
        state: MatchState,
        /// The roll to play.
        dice: Dice,
        /// Cubeless or cubeful choice.
        mode: Mode,
    },
    /// `double <PositionID> <MatchID>`: whether the side on roll doubles before rolling.
    Double {
        /// The board, side on roll (the would-be doubler) first.
        position: Position,
        /// The match state before the double.
        state: MatchState,
    },
    /// `take <PositionID> <MatchID>`: whether the side not on roll takes the double of the side
    /// on roll (position and state from the doubler's view, before the double).
    Take {
        /// The board, the doubler on roll.
        position: Position,
        /// The match state before the double.
        state: MatchState,
    },
    /// `eval <PositionID> <MatchID> <mode>`: the side on roll's chances before rolling.
    Eval {
        /// The board, side on roll first.
        position: Position,
        /// Cube and score for a cubeful equity.
        state: MatchState,
        /// Which equity the last number is.
        mode: Mode,
    },
    /// `quit`: the player exits without answering.
    Quit,
}

impl Request {
    /// The request line (without its newline). Fails when the match state has no Match ID (a
    /// cube above 2^15).
    pub fn line(&self) -> Result<String, MatchIdError> {
        let ids = |position: &Position, state: &MatchState| -> Result<String, MatchIdError> {
            Ok(format!("{} {}", position.position_id(), state.match_id()?))
        };
        Ok(match self {
            Request::Move {
                position,
                state,
                dice,
                mode,
            } => format!("move {} {dice} {}", ids(position, state)?, mode.word()),
            Request::Double { position, state } => format!("double {}", ids(position, state)?),
            Request::Take { position, state } => format!("take {}", ids(position, state)?),
            Request::Eval {
                position,
                state,
                mode,
            } => format!("eval {} {}", ids(position, state)?, mode.word()),
            Request::Quit => "quit".to_string(),
        })
    }

    /// Reads a request line.
    pub fn parse(line: &str) -> Result<Request, RequestError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&verb, args)) = words.split_first() else {
            return Err(RequestError::Empty);
        };
        let arity = match verb {
            "move" => 4,
            "double" | "take" => 2,
            "eval" => 3,
            "quit" => 0,
            _ => return Err(RequestError::UnknownVerb(verb.to_string())),
        };
        if args.len() != arity {
            return Err(RequestError::Arguments {
                verb: verb.to_string(),
                expected: arity,
                got: args.len(),
            });
        }
        if verb == "quit" {
            return Ok(Request::Quit);
        }
        let position = Position::from_position_id(args[0])
            .map_err(|e| RequestError::Argument(format!("position id {:?}: {e}", args[0])))?;
        let state = MatchState::from_match_id(args[1])
            .map_err(|e| RequestError::Argument(format!("match id {:?}: {e}", args[1])))?;
        let mode = |word: &str| {
            Mode::parse(word).ok_or_else(|| {
                RequestError::Argument(format!("expected cubeless or cubeful, got {word:?}"))
            })
        };
        Ok(match verb {
            "move" => Request::Move {
                position,
                state,
                dice: args[2]
                    .parse()
                    .map_err(|e| RequestError::Argument(format!("dice {:?}: {e}", args[2])))?,
                mode: mode(args[3])?,
            },
            "double" => Request::Double { position, state },
            "take" => Request::Take { position, state },
            _ => Request::Eval {
                position,
                state,
                mode: mode(args[2])?,
            },
        })
    }
}

/// Why a request line cannot be read (the player answers `error <reason>`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RequestError {
    /// A blank line.
    #[error("empty request")]
    Empty,
    /// The first word is no request.
    #[error("unknown request {0:?}")]
    UnknownVerb(String),
    /// The wrong number of arguments.
    #[error("{verb} takes {expected} arguments, got {got}")]
    Arguments {
        /// The request.
        verb: String,
        /// Arguments it takes.
        expected: usize,
        /// Arguments given.
        got: usize,
    },
    /// An argument that does not read.
    #[error("bad {0}")]
    Argument(String),
}

/// Why the host could not get an answer from a player.
#[derive(Debug, Error)]
pub enum ProtocolError {
    /// Reading from or writing to the player failed.
    #[error("talking to the player: {0}")]
    Io(#[from] std::io::Error),
    /// The player closed its output (it exited).
    #[error("the player stopped answering (end of its output) after {request:?}")]
    Closed {
        /// The last request sent, if any.
        request: String,
    },
    /// No `ready` line came first.
    #[error("the player did not say `ready` within {MAX_PREAMBLE_LINES} lines")]
    NotReady,
    /// The request has no line (a match state without a Match ID).
    #[error("cannot write the request: {0}")]
    Request(#[from] MatchIdError),
    /// The player answered `error …`.
    #[error("the player refused {request:?}: {reason}")]
    Refused {
        /// The request.
        request: String,
        /// The player's reason.
        reason: String,
    },
    /// The reply does not have the form the request asks for.
    #[error("unreadable reply {reply:?} to {request:?}: {reason}")]
    Unreadable {
        /// The request.
        request: String,
        /// The reply.
        reply: String,
        /// What is wrong.
        reason: String,
    },
    /// The reply is a play, but not a legal one in the position.
    #[error("illegal play {reply:?} with {dice} in position {position_id} ({reason})")]
    IllegalMove {
        /// The position, side on roll first.
        position_id: String,
        /// The dice.
        dice: Dice,
        /// The reply.
        reply: String,
        /// Why it is not legal.
        reason: String,
    },
}

/// The reply word for "no checker can move".
pub const NO_MOVE: &str = "none";

/// The host's side of the protocol over a player's output (`reader`) and input (`writer`).
#[derive(Debug)]
pub struct PlayerClient<R, W> {
    reader: R,
    writer: W,
    name: String,
    line: String,
}

impl<R: BufRead, W: Write> PlayerClient<R, W> {
    /// Waits for the player's `ready <name>` line (skipping at most [`MAX_PREAMBLE_LINES`]
    /// lines before it).
    pub fn connect(mut reader: R, writer: W) -> Result<Self, ProtocolError> {
        let mut line = String::new();
        for _ in 0..MAX_PREAMBLE_LINES {
            line.clear();
            if reader.read_line(&mut line)? == 0 {
                return Err(ProtocolError::Closed {
                    request: String::new(),
                });
            }
            let text = line.trim();
            if let Some(name) = text
                .strip_prefix(READY)
                .filter(|rest| rest.is_empty() || rest.starts_with(' '))
            {
                let name = name.trim().to_string();
                return Ok(PlayerClient {
                    reader,
                    writer,
                    name,
                    line,
                });
            }
        }
        Err(ProtocolError::NotReady)
    }

    /// The name the player gave in its `ready` line.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Sends `request` and returns the reply line (trimmed); `error …` replies are errors.
    fn ask(&mut self, request: &Request) -> Result<(String, String), ProtocolError> {
        let text = request.line()?;
        writeln!(self.writer, "{text}")?;
        self.writer.flush()?;
        self.line.clear();
        if self.reader.read_line(&mut self.line)? == 0 {
            return Err(ProtocolError::Closed { request: text });
        }
        let reply = self.line.trim().to_string();
        if let Some(reason) = reply.strip_prefix("error") {
            return Err(ProtocolError::Refused {
                request: text,
                reason: reason.trim().to_string(),
            });
        }
        Ok((text, reply))
    }

    /// The player's play of `dice` in `position` (side on roll first), checked legal.
    pub fn choose_move(
        &mut self,
        position: &Position,
        state: &MatchState,
        dice: Dice,
        mode: Mode,
    ) -> Result<Move, ProtocolError> {
        let request = Request::Move {
            position: *position,
            state: *state,
            dice,
            mode,
        };
        let (_, reply) = self.ask(&request)?;
        let text = if reply == NO_MOVE { "" } else { reply.as_str() };
        position
            .parse_move(dice, text)
            .map_err(|e| ProtocolError::IllegalMove {
                position_id: position.position_id(),
                dice,
                reply: reply.clone(),
                reason: e.to_string(),
            })
    }

    /// Whether the player on roll doubles.
    pub fn double(
        &mut self,
        position: &Position,
        state: &MatchState,
    ) -> Result<bool, ProtocolError> {
        let request = Request::Double {
            position: *position,
            state: *state,
        };
        self.yes_no(&request, "double", "no-double")
    }

    /// Whether the player takes the double of the side on roll of `position`.
    pub fn take(&mut self, position: &Position, state: &MatchState) -> Result<bool, ProtocolError> {
        let request = Request::Take {
            position: *position,
            state: *state,
        };
        self.yes_no(&request, "take", "pass")
    }

    fn yes_no(&mut self, request: &Request, yes: &str, no: &str) -> Result<bool, ProtocolError> {
        let (text, reply) = self.ask(request)?;
        match reply.as_str() {
            r if r == yes => Ok(true),
            r if r == no => Ok(false),
            _ => Err(ProtocolError::Unreadable {
                request: text,
                reply,
                reason: format!("expected {yes} or {no}"),
            }),
        }
    }

    /// The player's evaluation of `position` for its side on roll.
    pub fn evaluate(
        &mut self,
        position: &Position,
        state: &MatchState,
        mode: Mode,
    ) -> Result<Evaluation, ProtocolError> {
        let request = Request::Eval {
            position: *position,
            state: *state,
            mode,
        };
        let (text, reply) = self.ask(&request)?;
        parse_evaluation(&reply).map_err(|reason| ProtocolError::Unreadable {
            request: text,
            reply,
            reason,
        })
    }

    /// Asks the player to exit.
    pub fn quit(&mut self) -> Result<(), ProtocolError> {
        writeln!(self.writer, "quit")?;
        self.writer.flush()?;
        Ok(())
    }
}

/// Reads the six numbers of an `eval` reply.
fn parse_evaluation(reply: &str) -> Result<Evaluation, String> {
    let numbers: Vec<f64> = reply
        .split_whitespace()
        .map(|w| w.parse::<f64>().map_err(|_| format!("{w:?} is no number")))
        .collect::<Result<_, _>>()?;
    let [w, wg, wbg, lg, lbg, equity] = numbers[..] else {
        return Err(format!("expected 6 numbers, got {}", numbers.len()));
    };
    let probabilities = [w, wg, wbg, lg, lbg];
    if probabilities.iter().any(|p| !(0.0..=1.0).contains(p)) || !equity.is_finite() {
        return Err("probabilities must lie in [0, 1] and the equity be finite".to_string());
    }
    Ok(Evaluation {
        probabilities,
        equity,
    })
}

/// The six numbers of an `eval` reply, six decimals each.
fn evaluation_line(evaluation: &Evaluation) -> String {
    let mut line = String::new();
    for p in evaluation.probabilities {
        line += &format!("{p:.6} ");
    }
    line + &format!("{:.6}", evaluation.equity)
}

/// The state of a request in `mode`: the player's cubeful choice sees it, its cubeless one not.
fn in_mode(state: &MatchState, mode: Mode) -> Option<&MatchState> {
    (mode == Mode::Cubeful).then_some(state)
}

/// The reply to a request (none to `quit`): the player's decision, or its error.
fn decide(player: &mut dyn Player, request: Request) -> Result<Option<String>, PlayerError> {
    let yes_no = |yes: bool, words: [&str; 2]| words[usize::from(!yes)].to_string();
    Ok(Some(match request {
        Request::Move {
            position,
            state,
            dice,
            mode,
        } => {
            let mv = choose_move(player, &position, dice, in_mode(&state, mode))?;
            if mv.is_empty() {
                NO_MOVE.to_string()
            } else {
                mv.to_string()
            }
        }
        Request::Double { position, state } => {
            yes_no(player.double(&position, &state)?, ["double", "no-double"])
        }
        Request::Take { position, state } => {
            yes_no(player.take(&position, &state)?, ["take", "pass"])
        }
        Request::Eval {
            position,
            state,
            mode,
        } => match player.evaluate(&position, in_mode(&state, mode))? {
            Some(evaluation) => evaluation_line(&evaluation),
            None => {
                return Err(PlayerError::new(
                    player.name(),
                    "this player does not evaluate",
                ));
            }
        },
        Request::Quit => return Ok(None),
    }))
}

/// The `error <reason>` reply, on one line.
fn error_line(reason: &dyn std::fmt::Display) -> String {
    format!("error {reason}").replace('\n', " ")
}

/// The reply line to one request line; `None` for `quit` and blank lines. A request that does
/// not read, or that the player fails to decide, is answered `error <reason>`.
pub fn answer(player: &mut dyn Player, line: &str) -> Option<String> {
    if line.trim().is_empty() {
        return None;
    }
    let request = match Request::parse(line) {
        Ok(request) => request,
        Err(error) => return Some(error_line(&error)),
    };
    decide(player, request).unwrap_or_else(|error| Some(error_line(&error)))
}

/// The player's side: writes `ready <name>`, then answers every request line of `reader` on
/// `writer` until `quit` or the end of the input.
pub fn serve(
    reader: impl BufRead,
    mut writer: impl Write,
    player: &mut dyn Player,
) -> std::io::Result<()> {
    writeln!(writer, "{READY} {}", player.name())?;
    writer.flush()?;
    for line in reader.lines() {
        let line = line?;
        if line.trim() == "quit" {
            break;
        }
        if let Some(reply) = answer(player, &line) {
            writeln!(writer, "{reply}")?;
            writer.flush()?;
        }
    }
    Ok(())
}
