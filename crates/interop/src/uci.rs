//! Sanmill's UCI-like engine protocol, as a pure state machine: one line in, the answer lines
//! out ([`UciSession::handle`]); the search is behind [`MorrisBrain`], which the engine side
//! implements (`crates/cli/src/uci.rs`: this crate depends on no engine).
//!
//! Sanmill's move tokens are atomic: `d6` (place), `d6-d5` (slide or fly), `xb4` (remove, its
//! own token after the move that closed the mill). Ludus's moves are whole turns, so the
//! session walks through [`MorrisState::Removal`] between a mill and its removal
//! ([`ludus_morris::token`]); `bestmove` answers one token, and when the best turn ends with a
//! removal the next `go` (in the removal state) answers the removal that search chose. Scores
//! are from White's side. `setoption name N value V` is handed to the brain, whose options the
//! `uci` answer lists.

use ludus_morris::fen::{Fen, FenError};
use ludus_morris::token::{MorrisState, Removal, TokenError, apply_token, tokens_of};
use ludus_morris::{Color, Move, Position, Rules, Square};
use std::cmp::Ordering;
use std::time::Duration;
use thiserror::Error;

/// Thinking time of a `go` without limits, and of `go infinite`, unless the brain has its own
/// default (there is no `stop` while the search runs: the protocol loop is synchronous).
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);
/// Share of the remaining clock (`wtime`/`btime`) spent on one move.
const CLOCK_SHARE: u32 = 30;
/// Repetitions of a position that draw.
const REPETITIONS_FOR_DRAW: usize = 3;
/// Deepest `go depth` passed on.
const MAX_GO_DEPTH: u64 = 64;

/// When a search should stop (any limit reached).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Thinking time.
    pub movetime: Option<Duration>,
    /// Node budget.
    pub nodes: Option<u64>,
}

impl Limits {
    /// Whether no limit is set.
    pub fn is_empty(&self) -> bool {
        self.depth.is_none() && self.movetime.is_none() && self.nodes.is_none()
    }
}

/// A search's value of a position for its side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// An estimate in hundredths of a piece.
    Pieces(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies (0: lost now).
    Loss(u32),
}

impl Score {
    /// The same value from the other side.
    pub fn flipped(self) -> Score {
        match self {
            Score::Pieces(value) => Score::Pieces(-value),
            Score::Win(plies) => Score::Loss(plies),
            Score::Loss(plies) => Score::Win(plies),
        }
    }

    /// `cp N` or `mate N` (plies to the end, negative for a loss).
    fn words(self) -> String {
        match self {
            Score::Pieces(value) => format!("cp {value}"),
            Score::Win(plies) => format!("mate {plies}"),
            Score::Loss(plies) => format!("mate -{plies}"),
        }
    }
}

impl Ord for Score {
    /// Better for the side to move is greater: shorter wins, then estimates, then longer losses.
    fn cmp(&self, other: &Score) -> Ordering {
        let rank = |score: &Score| match *score {
            Score::Win(plies) => (2, -i64::from(plies)),
            Score::Pieces(value) => (1, i64::from(value)),
            Score::Loss(plies) => (0, i64::from(plies)),
        };
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The best whole turn (`None` when the game is over).
    pub best_move: Option<Move>,
    /// Its value for the side to move.
    pub score: Score,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// The principal variation, starting with the best move.
    pub pv: Vec<Move>,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// One option the brain offers (`option name … type spin default … min … max …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinOption {
    /// The option's name.
    pub name: &'static str,
    /// Its value when never set.
    pub default: i64,
    /// Smallest value.
    pub min: i64,
    /// Largest value.
    pub max: i64,
}

/// Why a `setoption` was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// Not `setoption name NAME value VALUE`.
    #[error("expected \"setoption name NAME value VALUE\"")]
    Syntax,
    /// The brain offers no option of that name.
    #[error("no option {0:?}")]
    Unknown(String),
    /// The value is not a whole number in the option's range.
    #[error("option {name}: {value:?} is not a number from {min} to {max}")]
    OutOfRange {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
}

/// A searcher of Morris positions (standard rules).
pub trait MorrisBrain {
    /// The best whole turn of `position` within `limits`; `history` holds the earlier positions
    /// of the game (repetitions are draws).
    fn search(&mut self, position: &Position, history: &[Position], limits: &Limits) -> Answer;

    /// The options `setoption` may set, listed in the `uci` answer.
    fn options(&self) -> Vec<SpinOption> {
        Vec::new()
    }

    /// Sets the option called `name` (one of [`MorrisBrain::options`]) to `value`, which the
    /// session has checked against the option's range.
    fn set_option(&mut self, name: &'static str, value: i64) {
        let _ = (name, value);
    }

    /// The limits of a `go` that names none.
    fn default_limits(&self) -> Limits {
        Limits {
            movetime: Some(DEFAULT_MOVETIME),
            ..Limits::default()
        }
    }
}

/// The answer to one line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Response {
    /// Lines to print, in order.
    pub lines: Vec<String>,
    /// The client asked to quit.
    pub quit: bool,
}

/// One protocol session.
#[derive(Debug)]
pub struct UciSession<B> {
    brain: B,
    rules: Rules,
    state: MorrisState,
    /// Whole-turn positions of the game so far, the current one excluded.
    history: Vec<Position>,
    fullmove: u32,
    /// The position whose best turn was last searched, and that turn.
    last_search: Option<(Position, Move)>,
    /// When in a removal state: the position and token that led into it.
    removal_origin: Option<(Position, Move)>,
}

impl<B: MorrisBrain> UciSession<B> {
    /// A session at the start position with the standard rules.
    pub fn new(brain: B) -> UciSession<B> {
        UciSession {
            brain,
            rules: Rules::standard(),
            state: MorrisState::Turn(Position::new()),
            history: Vec::new(),
            fullmove: 1,
            last_search: None,
            removal_origin: None,
        }
    }

    /// The brain.
    pub fn brain(&self) -> &B {
        &self.brain
    }

    /// The current state.
    pub fn state(&self) -> &MorrisState {
        &self.state
    }

    /// The FEN of the current state.
    pub fn fen(&self) -> String {
        Fen::from_state(&self.state, self.fullmove).to_string()
    }

    /// Answers one line of the protocol. Unknown commands are ignored (as UCI says); errors in
    /// `position` are reported as `info string error: …` and leave the position unchanged.
    pub fn handle(&mut self, line: &str) -> Response {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut response = Response::default();
        match words.first().copied() {
            Some("uci") => {
                response.lines = vec![
                    format!("id name Ludus {}", env!("CARGO_PKG_VERSION")),
                    "id author The Ludus developers".to_string(),
                ];
                for option in self.brain.options() {
                    response.lines.push(format!(
                        "option name {} type spin default {} min {} max {}",
                        option.name, option.default, option.min, option.max
                    ));
                }
                response.lines.push("uciok".to_string());
            }
            Some("setoption") => {
                if let Err(e) = self.set_option(&words[1..]) {
                    response.lines.push(format!("info string error: {e}"));
                }
            }
            Some("isready") => response.lines.push("readyok".to_string()),
            Some("ucinewgame") => self.set(MorrisState::Turn(Position::new()), 1),
            Some("position") => {
                if let Err(e) = self.position(&words[1..]) {
                    response.lines.push(format!("info string error: {e}"));
                }
            }
            Some("go") => response.lines = self.go(&words[1..]),
            Some("d") => response.lines.push(format!("Fen: {}", self.fen())),
            Some("quit") => response.quit = true,
            _ => {}
        }
        response
    }

    /// `setoption name NAME value VALUE`: checked against the brain's options (names are
    /// case-insensitive, as in UCI), then handed to it.
    fn set_option(&mut self, args: &[&str]) -> Result<(), OptionError> {
        let value_at = args.iter().position(|w| *w == "value");
        let (Some(&"name"), Some(value_at)) = (args.first(), value_at) else {
            return Err(OptionError::Syntax);
        };
        let name = args[1..value_at].join(" ");
        let value = args[value_at + 1..].join(" ");
        let option = self
            .brain
            .options()
            .into_iter()
            .find(|option| option.name.eq_ignore_ascii_case(&name))
            .ok_or(OptionError::Unknown(name))?;
        let number = value
            .parse::<i64>()
            .ok()
            .filter(|n| (option.min..=option.max).contains(n))
            .ok_or(OptionError::OutOfRange {
                name: option.name,
                value,
                min: option.min,
                max: option.max,
            })?;
        self.brain.set_option(option.name, number);
        Ok(())
    }

    fn set(&mut self, state: MorrisState, fullmove: u32) {
        self.state = state;
        self.fullmove = fullmove.max(1);
        self.history.clear();
        self.removal_origin = None;
    }

    fn position(&mut self, args: &[&str]) -> Result<(), PositionCommandError> {
        let moves_at = args.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &[][..]),
        };
        let (start, fullmove) = match setup.first().copied() {
            Some("startpos") if setup.len() == 1 => (MorrisState::Turn(Position::new()), 1),
            Some("fen") => {
                let fen: Fen = setup[1..].join(" ").parse()?;
                (fen.state()?, fen.fullmove)
            }
            _ => return Err(PositionCommandError::Syntax),
        };
        // Replay into a scratch copy: an error leaves the session as it was.
        let mut scratch = Replay {
            state: start,
            history: Vec::new(),
            fullmove,
            origin: None,
        };
        for token in moves {
            scratch.apply(&self.rules, token)?;
        }
        self.state = scratch.state;
        self.history = scratch.history;
        self.fullmove = scratch.fullmove;
        self.removal_origin = scratch.origin;
        Ok(())
    }

    fn limits(&self, args: &[&str]) -> Limits {
        let mut limits = Limits::default();
        let value = |key: &str| -> Option<u64> {
            let i = args.iter().position(|w| *w == key)?;
            args.get(i + 1)?.parse().ok()
        };
        if let Some(depth) = value("depth") {
            limits.depth = Some(depth.clamp(1, MAX_GO_DEPTH) as u32);
        }
        if let Some(ms) = value("movetime") {
            limits.movetime = Some(Duration::from_millis(ms.max(1)));
        }
        if let Some(nodes) = value("nodes") {
            limits.nodes = Some(nodes.max(1));
        }
        let clock = if self.state.side() == Color::White {
            "wtime"
        } else {
            "btime"
        };
        if limits.movetime.is_none()
            && let Some(ms) = value(clock)
        {
            limits.movetime = Some(Duration::from_millis((ms / u64::from(CLOCK_SHARE)).max(1)));
        }
        if limits.is_empty() {
            limits = self.brain.default_limits();
        }
        limits
    }

    fn go(&mut self, args: &[&str]) -> Vec<String> {
        let limits = self.limits(args);
        match self.state {
            MorrisState::Turn(position) => self.go_turn(position, &limits),
            MorrisState::Removal(removal) => self.go_removal(removal, &limits),
        }
    }

    fn is_over(&self, position: &Position) -> bool {
        let repeated = self
            .history
            .iter()
            .filter(|p| p.board_key() == position.board_key())
            .count()
            + 1;
        position.outcome(&self.rules).is_some()
            || (self.rules.threefold_repetition && repeated >= REPETITIONS_FOR_DRAW)
            || self
                .rules
                .n_move_rule
                .is_some_and(|n| position.plies_since_removal() >= n)
    }

    fn go_turn(&mut self, position: Position, limits: &Limits) -> Vec<String> {
        if self.is_over(&position) {
            return vec!["bestmove none".to_string()];
        }
        let result = self.brain.search(&position, &self.history, limits);
        let Some(best) = result.best_move else {
            return vec!["bestmove none".to_string()];
        };
        self.last_search = Some((position, best));
        let white_score = if position.side_to_move() == Color::White {
            result.score
        } else {
            result.score.flipped()
        };
        let pv: Vec<String> = result.pv.iter().flat_map(tokens_of).collect();
        let info = format!(
            "info depth {} score {} nodes {} time {} pv {}",
            result.depth,
            white_score.words(),
            result.nodes,
            result.elapsed.as_millis(),
            pv.join(" ")
        );
        let token = tokens_of(&best).remove(0);
        vec![info.trim_end().to_string(), format!("bestmove {token}")]
    }

    fn go_removal(&mut self, removal: Removal, limits: &Limits) -> Vec<String> {
        let targets: Vec<Square> = Square::iter_bits(removal.targets()).collect();
        // The removal of the turn searched last, when the client followed it.
        if let (Some((searched, best)), Some((origin, partial))) =
            (self.last_search, self.removal_origin)
            && searched == origin
            && best.from == partial.from
            && best.to == partial.to
            && let Some(square) = best.remove
            && targets.contains(&square)
        {
            return vec![format!("bestmove x{square}")];
        }
        // Otherwise search each removal at a share of the limits; keep the worst for the opponent.
        let share = Limits {
            depth: limits.depth.map(|d| d.saturating_sub(1).max(1)),
            movetime: limits
                .movetime
                .map(|t| t / u32::try_from(targets.len().max(1)).unwrap_or(1)),
            nodes: limits.nodes.map(|n| n / targets.len().max(1) as u64),
        };
        let mut best: Option<(Score, Square)> = None;
        for &square in &targets {
            let Some(after) = removal.remove(square) else {
                continue;
            };
            let theirs = if after.outcome(&self.rules).is_some() {
                Score::Loss(0)
            } else {
                self.brain.search(&after, &self.history, &share).score
            };
            if best.is_none_or(|(score, _)| theirs < score) {
                best = Some((theirs, square));
            }
        }
        match best {
            Some((theirs, square)) => {
                let white = if removal.remover == Color::White {
                    theirs.flipped()
                } else {
                    theirs
                };
                vec![
                    format!("info score {}", white.words()),
                    format!("bestmove x{square}"),
                ]
            }
            None => vec!["bestmove none".to_string()],
        }
    }
}

/// A replay of `position … moves …` before it is accepted.
struct Replay {
    state: MorrisState,
    history: Vec<Position>,
    fullmove: u32,
    origin: Option<(Position, Move)>,
}

impl Replay {
    fn apply(&mut self, rules: &Rules, token: &str) -> Result<(), TokenError> {
        let next = apply_token(&self.state, rules, token)?;
        if let MorrisState::Turn(position) = self.state {
            self.history.push(position);
            if position.side_to_move() == Color::Black {
                self.fullmove += 1;
            }
            self.origin = match next {
                MorrisState::Removal(_) => token.parse().ok().map(|mv| (position, mv)),
                MorrisState::Turn(_) => None,
            };
        }
        self.state = next;
        Ok(())
    }
}

/// Why a `position` command was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionCommandError {
    /// Neither `startpos` nor `fen …`.
    #[error("expected \"position startpos|fen FEN [moves …]\"")]
    Syntax,
    /// The FEN is not readable.
    #[error("{0}")]
    Fen(#[from] FenError),
    /// A move token does not apply.
    #[error("{0}")]
    Token(#[from] TokenError),
}
