//! Sanmill's UCI-like engine protocol, as a pure state machine: one line in, the answer lines
//! out ([`UciSession::handle`]); the search is behind [`MorrisBrain`].
//!
//! Sanmill's move tokens are atomic: `d6` (place), `d6-d5` (slide or fly), `xb4` (remove, its
//! own token after the move that closed the mill). Ludus's moves are whole turns, so the
//! session walks through [`MorrisState::Removal`] between a mill and its removal; `bestmove`
//! answers one token, and when the best turn ends with a removal the next `go` (in the removal
//! state) answers the removal that search chose. Scores are from White's side.

use crate::fen::{Fen, FenError, MorrisState, Removal};
use ludus_morris::{Bitboard, Color, Move, Position, Rules, Square};
use ludus_morris_engine::search::WIN_THRESHOLD;
use ludus_morris_engine::{SearchLimits, SearchResult, Searcher, WIN};
use std::time::Duration;
use thiserror::Error;

/// Thinking time of a `go` without limits, and of `go infinite` (there is no `stop` while the
/// search runs: the protocol loop is synchronous).
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);
/// Share of the remaining clock (`wtime`/`btime`) spent on one move.
const CLOCK_SHARE: u32 = 30;
/// Repetitions of a position that draw.
const REPETITIONS_FOR_DRAW: usize = 3;

/// A searcher of Morris positions.
pub trait MorrisBrain {
    /// The best whole turn of `position` within `limits`; `history` holds the earlier positions
    /// of the game (repetitions are draws).
    fn search(
        &mut self,
        position: &Position,
        history: &[Position],
        limits: &SearchLimits,
    ) -> SearchResult;
}

/// The Ludus engine (search with transposition table, no endgame databases) as a brain.
pub struct EngineBrain {
    searcher: Searcher<'static>,
}

impl EngineBrain {
    /// An engine for the standard rules.
    pub fn new() -> EngineBrain {
        EngineBrain {
            searcher: Searcher::new(Rules::standard()),
        }
    }
}

impl Default for EngineBrain {
    fn default() -> Self {
        EngineBrain::new()
    }
}

impl std::fmt::Debug for EngineBrain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EngineBrain")
    }
}

impl MorrisBrain for EngineBrain {
    fn search(
        &mut self,
        position: &Position,
        history: &[Position],
        limits: &SearchLimits,
    ) -> SearchResult {
        self.searcher.set_history(history);
        self.searcher.search(position, limits)
    }
}

/// Why a move token does not apply.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TokenError {
    /// The token is not a square, a `from-to` pair or `xSQUARE`.
    #[error("{0:?} is not a move token (d6, d6-d5, xb4)")]
    Malformed(String),
    /// The token is not legal here.
    #[error("{token} is not legal here")]
    Illegal {
        /// The token.
        token: String,
    },
}

/// Applies one Sanmill token (or a joined turn like `a4-a7xd2`) to a state.
pub fn apply_token(
    state: &MorrisState,
    rules: &Rules,
    token: &str,
) -> Result<MorrisState, TokenError> {
    let illegal = || TokenError::Illegal {
        token: token.to_string(),
    };
    match state {
        MorrisState::Removal(removal) => {
            let square: Square = token
                .strip_prefix('x')
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| TokenError::Malformed(token.to_string()))?;
            removal
                .remove(square)
                .map(MorrisState::Turn)
                .ok_or_else(illegal)
        }
        MorrisState::Turn(position) => {
            if token.starts_with('x') {
                return Err(illegal());
            }
            let mv: Move = token
                .parse()
                .map_err(|_| TokenError::Malformed(token.to_string()))?;
            let legal = position.legal_moves(rules);
            if legal.contains(&mv) {
                return Ok(MorrisState::Turn(position.play(mv)));
            }
            let closes_mill = mv.remove.is_none()
                && legal
                    .iter()
                    .any(|m| m.from == mv.from && m.to == mv.to && m.remove.is_some());
            if !closes_mill {
                return Err(illegal());
            }
            Ok(MorrisState::Removal(removal_after(position, mv)))
        }
    }
}

/// The state after `partial` (a placement or move that closes a mill) before its removal.
fn removal_after(position: &Position, partial: Move) -> Removal {
    let side = position.side_to_move();
    let mut pieces: [Bitboard; 2] = [position.pieces(Color::White), position.pieces(Color::Black)];
    let mut in_hand = [
        position.in_hand(Color::White),
        position.in_hand(Color::Black),
    ];
    if let Some(from) = partial.from {
        pieces[side.index()] &= !from.bit();
    } else {
        in_hand[side.index()] = in_hand[side.index()].saturating_sub(1);
    }
    pieces[side.index()] |= partial.to.bit();
    Removal {
        pieces,
        in_hand,
        remover: side,
        placing: partial.from.is_none(),
        plies_since_removal: position.plies_since_removal() + 1,
    }
}

/// The atomic tokens of a whole turn: the move, then its removal.
pub fn tokens_of(mv: &Move) -> Vec<String> {
    let mut first = *mv;
    first.remove = None;
    let mut tokens = vec![first.to_string()];
    if let Some(square) = mv.remove {
        tokens.push(format!("x{square}"));
    }
    tokens
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
                    "uciok".to_string(),
                ];
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

    fn limits(&self, args: &[&str]) -> SearchLimits {
        let mut limits = SearchLimits::default();
        let value = |key: &str| -> Option<u64> {
            let i = args.iter().position(|w| *w == key)?;
            args.get(i + 1)?.parse().ok()
        };
        if let Some(depth) = value("depth") {
            limits.depth = Some(depth.clamp(1, 64) as u32);
        }
        if let Some(ms) = value("movetime") {
            limits.movetime = Some(Duration::from_millis(ms.max(1)));
        }
        if let Some(nodes) = value("nodes") {
            limits.nodes = Some(nodes.max(1));
        }
        let side = match self.state {
            MorrisState::Turn(p) => p.side_to_move(),
            MorrisState::Removal(r) => r.remover,
        };
        let clock = if side == Color::White {
            "wtime"
        } else {
            "btime"
        };
        if limits.movetime.is_none()
            && let Some(ms) = value(clock)
        {
            limits.movetime = Some(Duration::from_millis((ms / u64::from(CLOCK_SHARE)).max(1)));
        }
        if limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none() {
            limits.movetime = Some(DEFAULT_MOVETIME);
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

    fn go_turn(&mut self, position: Position, limits: &SearchLimits) -> Vec<String> {
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
            -result.score
        };
        let pv: Vec<String> = result.pv.iter().flat_map(tokens_of).collect();
        let info = format!(
            "info depth {} score {} nodes {} time {} pv {}",
            result.depth,
            score_words(white_score),
            result.nodes,
            result.elapsed.as_millis(),
            pv.join(" ")
        );
        let token = tokens_of(&best).remove(0);
        vec![info.trim_end().to_string(), format!("bestmove {token}")]
    }

    fn go_removal(&mut self, removal: Removal, limits: &SearchLimits) -> Vec<String> {
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
        let share = SearchLimits {
            depth: limits.depth.map(|d| d.saturating_sub(1).max(1)),
            movetime: limits
                .movetime
                .map(|t| t / u32::try_from(targets.len().max(1)).unwrap_or(1)),
            nodes: limits.nodes.map(|n| n / targets.len().max(1) as u64),
        };
        let mut best: Option<(i32, Square)> = None;
        for &square in &targets {
            let Some(after) = removal.remove(square) else {
                continue;
            };
            let theirs = if after.outcome(&self.rules).is_some() {
                -WIN
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
                    -theirs
                } else {
                    theirs
                };
                vec![
                    format!("info score {}", score_words(white)),
                    format!("bestmove x{square}"),
                ]
            }
            None => vec!["bestmove none".to_string()],
        }
    }
}

/// `cp N` or `mate N` (plies to the end, negative when Black wins), from White's side.
fn score_words(white_score: i32) -> String {
    if white_score > WIN_THRESHOLD {
        format!("mate {}", WIN - white_score)
    } else if white_score < -WIN_THRESHOLD {
        format!("mate -{}", WIN + white_score)
    } else {
        format!("cp {white_score}")
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
