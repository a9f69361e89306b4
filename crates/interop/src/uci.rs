//! Sanmill's UCI-like engine protocol, as a pure state machine: one line in, the answer lines
//! out ([`UciSession::handle`]); the search is the one Morris player
//! ([`ludus_morris::player::Player`]) with the protocol's extras ([`UciEngine`]), which the
//! engine side implements (`ludus_morris_engine::uci`: this crate depends on no engine). The player
//! is handed the game as whole turns ([`Game`]) from the first whole-turn position the session
//! knows.
//!
//! Sanmill's move tokens are atomic: `d6` (place), `d6-d5` (slide or fly), `xb4` (remove, its
//! own token after the move that closed the mill). Ludus's moves are whole turns, so the
//! session walks through [`MorrisState::Removal`] between a mill and its removal
//! ([`ludus_morris::token`]); `bestmove` answers one token, and when the best turn ends with a
//! removal the next `go` (in the removal state) searches the removal in earnest: one search of
//! the position before the mill among the turns that start with the move played
//! ([`UciEngine::search_among`]), or, when that position is unknown (a FEN in the removal
//! state), each target deeper and deeper while the time lasts. Scores are from White's side, in the brain's unit (Ludus:
//! 100 per piece; Sanmill's engine: 5 per piece). Every `bestmove` follows an `info depth … score
//! … nodes … time … pv …` line.
//!
//! `setoption name N value V` sets the brain's spin options (listed by `uci`) or one of the rule
//! options the session keeps itself, under Sanmill's names where Sanmill has one: `MayFly`,
//! `NMoveRule` (0 turns it off), `ThreefoldRepetitionRule` and `NMoveRuleCountsPlacement` (false:
//! count the N-move rule over movement plies only, as Sanmill does). A drawn position answers
//! `bestmove draw`, a lost one `bestmove none`. A `position` that cannot be read leaves no
//! position behind: it says why (`info string error: …`) and every `go` until the next good
//! `position` (or `ucinewgame`) answers `bestmove none`.
//!
//! The session is synchronous; `go infinite` and `stop` need the search on another thread: the
//! front end raises the brain's stop signal on `stop` and answers `isready` itself while a `go`
//! runs (`ludus_morris_engine::uci::run`). [`UciEngine::stop_requested`] ends the removal search.

use ludus_morris::fen::{Fen, FenError};
use ludus_morris::player::{Choice, Limits, Player, Score};
use ludus_morris::token::{MorrisState, Removal, TokenError, apply_token, tokens_of};
use ludus_morris::{Color, Game, Move, NMoveCount, Position, Rules, Square};
use std::time::{Duration, Instant};
use thiserror::Error;

/// Thinking time of a `go` without limits, unless the brain has its own default.
pub const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);
/// Moves the remaining clock (`wtime`/`btime`) is spread over when `movestogo` does not say.
const CLOCK_MOVES: u64 = 30;
/// Share of the increment spent on top, in percent.
const INCREMENT_PERCENT: u64 = 75;
/// Time kept back from the clock for the protocol's round trip, in milliseconds.
const CLOCK_OVERHEAD_MS: u64 = 30;
/// Never plan more than this share of the remaining clock for one move, in percent.
const MAX_CLOCK_PERCENT: u64 = 50;
/// Repetitions of a position that draw.
const REPETITIONS_FOR_DRAW: usize = 3;
/// Deepest `go depth` passed on.
const MAX_GO_DEPTH: u64 = 64;

/// `cp N` or `mate N` (plies to the end, negative for a loss).
fn score_words(score: Score) -> String {
    match score {
        Score::Pieces(value) => format!("cp {value}"),
        Score::Win(plies) => format!("mate {plies}"),
        Score::Loss(plies) => format!("mate -{plies}"),
    }
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
    /// A check option's value is neither `true` nor `false`.
    #[error("option {name}: {value:?} is not true or false")]
    NotABoolean {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
    },
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
    /// The brain refused the value of a check or string option.
    #[error("option {name}: {reason}")]
    Refused {
        /// The option.
        name: &'static str,
        /// Why, in words.
        reason: String,
    },
}

/// A check or string option the brain offers (`option name … type check|string default …`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextOption {
    /// `type check`: `true` or `false`.
    Check {
        /// The option's name.
        name: &'static str,
        /// Its value when never set.
        default: bool,
    },
    /// `type string`: any text, such as a directory.
    Text {
        /// The option's name.
        name: &'static str,
        /// Its value when never set (`<empty>` in the `uci` answer when empty, as UCI writes it).
        default: String,
    },
}

impl TextOption {
    /// The option's name.
    pub fn name(&self) -> &'static str {
        match self {
            TextOption::Check { name, .. } | TextOption::Text { name, .. } => name,
        }
    }

    /// The `option name …` line of the `uci` answer.
    fn line(&self) -> String {
        match self {
            TextOption::Check { name, default } => {
                format!("option name {name} type check default {default}")
            }
            TextOption::Text { name, default } => {
                let shown = if default.is_empty() {
                    "<empty>"
                } else {
                    default
                };
                format!("option name {name} type string default {shown}")
            }
        }
    }
}

/// What the engine side of the protocol offers beyond choosing a turn ([`Player`]): a search
/// restricted to given turns, the rules, the stop signal, its options and its default limits.
pub trait UciEngine: Player {
    /// The best whole turn in the current position of `game` among `turns` (those that start
    /// with the move just played, one per removal), or `None` when the engine cannot restrict
    /// its root moves: the session then searches the position after each removal.
    fn search_among(&mut self, game: &Game, turns: &[Move], limits: &Limits) -> Option<Choice> {
        let _ = (game, turns, limits);
        None
    }

    /// The rules changed (`setoption` of a rule option); the standard rules until then.
    fn set_rules(&mut self, rules: Rules) {
        let _ = rules;
    }

    /// Whether the front end asked the running `go` to stop.
    fn stop_requested(&self) -> bool {
        false
    }

    /// The options `setoption` may set, listed in the `uci` answer.
    fn options(&self) -> Vec<SpinOption> {
        Vec::new()
    }

    /// Sets the option called `name` (one of [`UciEngine::options`]) to `value`, which the
    /// session has checked against the option's range; returns a note the session reports as
    /// `info string` (a value clamped to what the machine allows), if any.
    fn set_option(&mut self, name: &'static str, value: i64) -> Option<String> {
        let _ = (name, value);
        None
    }

    /// The check and string options `setoption` may set, listed in the `uci` answer after the
    /// spins (Sanmill's `UsePerfectDatabase` and `PerfectDatabasePath`, for one).
    fn text_options(&self) -> Vec<TextOption> {
        Vec::new()
    }

    /// Sets the check or string option `name` (one of [`UciEngine::text_options`]) to `value`
    /// (`true` or `false` for a check, as the session has checked); `Err` says why the brain
    /// refuses it, `Ok` carries a note the session reports as `info string`, if any.
    fn set_text_option(
        &mut self,
        name: &'static str,
        value: &str,
    ) -> Result<Option<String>, String> {
        let _ = value;
        Err(format!("{name} is not an option of this engine"))
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

/// The rule options a session keeps itself, under Sanmill's names where Sanmill has one.
const MAY_FLY: &str = "MayFly";
/// `setoption name NMoveRule value N` (0: no N-move rule).
const N_MOVE_RULE: &str = "NMoveRule";
/// `setoption name ThreefoldRepetitionRule value true|false`.
const THREEFOLD: &str = "ThreefoldRepetitionRule";
/// `setoption name NMoveRuleCountsPlacement value true|false` (false: Sanmill's counting).
const COUNTS_PLACEMENT: &str = "NMoveRuleCountsPlacement";
/// Largest `NMoveRule`.
const MAX_N_MOVE_RULE: i64 = 1000;

/// One protocol session.
#[derive(Debug)]
pub struct UciSession<B> {
    brain: B,
    rules: Rules,
    state: MorrisState,
    /// Whole-turn positions of the game so far, the current one excluded.
    history: Vec<Position>,
    /// The whole turns played from each position of `history` (the last one missing in the
    /// removal state, whose turn is still open).
    turns: Vec<Move>,
    fullmove: u32,
    /// When in a removal state: the position and token that led into it.
    removal_origin: Option<(Position, Move)>,
    /// The last `position` could not be read: `go` answers `bestmove none` until a good one.
    invalid: bool,
}

impl<B: UciEngine> UciSession<B> {
    /// A session at the start position with the standard rules.
    pub fn new(brain: B) -> UciSession<B> {
        UciSession {
            brain,
            rules: Rules::standard(),
            state: MorrisState::Turn(Position::new()),
            history: Vec::new(),
            turns: Vec::new(),
            fullmove: 1,
            removal_origin: None,
            invalid: false,
        }
    }

    /// The brain.
    pub fn brain(&self) -> &B {
        &self.brain
    }

    /// The rules the session plays (the standard rules unless changed by `setoption`).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current state.
    pub fn state(&self) -> &MorrisState {
        &self.state
    }

    /// The FEN of the current state, in Sanmill's current form.
    pub fn fen(&self) -> String {
        Fen::from_state(&self.state, self.fullmove).to_string()
    }

    /// Answers one line of the protocol. Unknown commands are ignored (as UCI says); errors in
    /// `position` are reported as `info string error: …` and leave no position behind.
    pub fn handle(&mut self, line: &str) -> Response {
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut response = Response::default();
        match words.first().copied() {
            Some("uci") => response.lines = self.identify(),
            Some("setoption") => match self.set_option(&words[1..]) {
                Ok(Some(note)) => response.lines.push(format!("info string {note}")),
                Ok(None) => {}
                Err(e) => response.lines.push(format!("info string error: {e}")),
            },
            Some("isready") => response.lines.push("readyok".to_string()),
            Some("ucinewgame") => {
                self.set(MorrisState::Turn(Position::new()), 1);
                self.invalid = false;
            }
            Some("position") => {
                if let Err(e) = self.position(&words[1..]) {
                    self.invalid = true;
                    response.lines.push(format!(
                        "info string error: {e}; no position is set until the next good one"
                    ));
                }
            }
            Some("go") => response.lines = self.go(&words[1..]),
            Some("d") => response.lines.push(if self.invalid {
                "info string no position is set".to_string()
            } else {
                format!("Fen: {}", self.fen())
            }),
            Some("quit") => response.quit = true,
            _ => {}
        }
        response
    }

    /// The `uci` answer: names, the brain's options and the rule options, `uciok`.
    fn identify(&self) -> Vec<String> {
        let mut lines = vec![
            format!("id name Ludus {}", env!("CARGO_PKG_VERSION")),
            "id author The Ludus developers".to_string(),
        ];
        for option in self.brain.options() {
            lines.push(format!(
                "option name {} type spin default {} min {} max {}",
                option.name, option.default, option.min, option.max
            ));
        }
        lines.extend(self.brain.text_options().iter().map(TextOption::line));
        let standard = Rules::standard();
        let check =
            |name: &str, default: bool| format!("option name {name} type check default {default}");
        lines.push(check(MAY_FLY, standard.flying));
        lines.push(format!(
            "option name {N_MOVE_RULE} type spin default {} min 0 max {MAX_N_MOVE_RULE}",
            standard.n_move_rule.unwrap_or(0)
        ));
        lines.push(check(THREEFOLD, standard.threefold_repetition));
        lines.push(check(
            COUNTS_PLACEMENT,
            standard.n_move_count == NMoveCount::AllPlies,
        ));
        lines.push("uciok".to_string());
        lines
    }

    /// `setoption name NAME value VALUE`: a rule option, or one of the brain's options (checked
    /// against its range; names are case-insensitive, as in UCI).
    fn set_option(&mut self, args: &[&str]) -> Result<Option<String>, OptionError> {
        let value_at = args.iter().position(|w| *w == "value");
        let (Some(&"name"), Some(value_at)) = (args.first(), value_at) else {
            return Err(OptionError::Syntax);
        };
        let name = args[1..value_at].join(" ");
        let value = args[value_at + 1..].join(" ");
        if self.set_rule_option(&name, &value)? {
            self.brain.set_rules(self.rules);
            return Ok(None);
        }
        if let Some(option) = self
            .brain
            .text_options()
            .into_iter()
            .find(|option| option.name().eq_ignore_ascii_case(&name))
        {
            return self.set_text_option(&option, &value);
        }
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
        Ok(self.brain.set_option(option.name, number))
    }

    /// Sets one of the brain's check or string options (a check's value must be `true` or
    /// `false`, in any case).
    fn set_text_option(
        &mut self,
        option: &TextOption,
        value: &str,
    ) -> Result<Option<String>, OptionError> {
        let name = option.name();
        let value = match option {
            TextOption::Check { .. } => match value.to_ascii_lowercase().as_str() {
                flag @ ("true" | "false") => flag.to_string(),
                _ => {
                    return Err(OptionError::NotABoolean {
                        name,
                        value: value.to_string(),
                    });
                }
            },
            TextOption::Text { .. } => value.to_string(),
        };
        self.brain
            .set_text_option(name, &value)
            .map_err(|reason| OptionError::Refused { name, reason })
    }

    /// Sets a rule option; `false` when `name` is none.
    fn set_rule_option(&mut self, name: &str, value: &str) -> Result<bool, OptionError> {
        let flag = |option: &'static str| match value.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(OptionError::NotABoolean {
                name: option,
                value: value.to_string(),
            }),
        };
        if name.eq_ignore_ascii_case(MAY_FLY) {
            self.rules.flying = flag(MAY_FLY)?;
        } else if name.eq_ignore_ascii_case(THREEFOLD) {
            self.rules.threefold_repetition = flag(THREEFOLD)?;
        } else if name.eq_ignore_ascii_case(COUNTS_PLACEMENT) {
            self.rules.n_move_count = if flag(COUNTS_PLACEMENT)? {
                NMoveCount::AllPlies
            } else {
                NMoveCount::MovementPlies
            };
        } else if name.eq_ignore_ascii_case(N_MOVE_RULE) {
            let plies = value
                .parse::<i64>()
                .ok()
                .filter(|n| (0..=MAX_N_MOVE_RULE).contains(n))
                .ok_or(OptionError::OutOfRange {
                    name: N_MOVE_RULE,
                    value: value.to_string(),
                    min: 0,
                    max: MAX_N_MOVE_RULE,
                })?;
            self.rules.n_move_rule = u32::try_from(plies).ok().filter(|&n| n > 0);
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    fn set(&mut self, state: MorrisState, fullmove: u32) {
        self.state = state;
        self.fullmove = fullmove.max(1);
        self.history.clear();
        self.turns.clear();
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
        // Replay into a scratch copy: only a replay that succeeds becomes the position.
        let mut scratch = Replay {
            state: start,
            history: Vec::new(),
            turns: Vec::new(),
            fullmove,
            origin: None,
        };
        for token in moves {
            scratch.apply(&self.rules, token)?;
        }
        self.state = scratch.state;
        self.history = scratch.history;
        self.turns = scratch.turns;
        self.fullmove = scratch.fullmove;
        self.removal_origin = scratch.origin;
        self.invalid = false;
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
        limits.infinite = args.contains(&"infinite");
        let (clock, increment) = if self.state.side() == Color::White {
            ("wtime", "winc")
        } else {
            ("btime", "binc")
        };
        if limits.movetime.is_none()
            && let Some(left) = value(clock)
        {
            let planned = clock_time(left, value(increment).unwrap_or(0), value("movestogo"));
            limits.movetime = Some(Duration::from_millis(planned));
        }
        if limits.is_empty() {
            limits = self.brain.default_limits();
        }
        limits
    }

    fn go(&mut self, args: &[&str]) -> Vec<String> {
        if self.invalid {
            return vec![
                "info string error: no position is set (the last one could not be read)"
                    .to_string(),
                "bestmove none".to_string(),
            ];
        }
        let limits = self.limits(args);
        match self.state {
            MorrisState::Turn(position) => self.go_turn(position, &limits),
            MorrisState::Removal(removal) => self.go_removal(removal, &limits),
        }
    }

    /// `bestmove draw` or `bestmove none` when the game is over at `position`.
    fn game_over(&self, position: &Position) -> Option<&'static str> {
        if position.outcome(&self.rules).is_some() {
            return Some("bestmove none");
        }
        let repeated = self
            .history
            .iter()
            .filter(|p| p.board_key() == position.board_key())
            .count()
            + 1;
        let drawn = (self.rules.threefold_repetition && repeated >= REPETITIONS_FOR_DRAW)
            || self.rules.n_move_draw(&self.history, position);
        drawn.then_some("bestmove draw")
    }

    /// The game as whole turns from the first whole-turn position of `history` to `current`
    /// (the position of the turn state, or the origin of a removal): what the player is handed.
    /// A game whose turns the rules no longer allow (a draw passed over, rules changed since
    /// the `position`) starts at `current`.
    fn game_at(&self, current: Position) -> Game {
        let Some(&start) = self.history.first() else {
            return Game::from_position(self.rules, current);
        };
        let mut game = Game::from_position(self.rules, start);
        let replayed = self.turns.iter().all(|&mv| game.play(mv).is_ok());
        if replayed && *game.position() == current {
            game
        } else {
            Game::from_position(self.rules, current)
        }
    }

    /// The choice of the player in `game`; a failing player chooses nothing.
    fn choose(&mut self, game: &Game, limits: &Limits) -> Choice {
        self.brain
            .choose(game, limits)
            .unwrap_or_else(|_| Choice::new(None))
    }

    fn go_turn(&mut self, position: Position, limits: &Limits) -> Vec<String> {
        if let Some(answer) = self.game_over(&position) {
            return vec![answer.to_string()];
        }
        let game = self.game_at(position);
        let result = self.choose(&game, limits);
        let Some(best) = result.best_move else {
            return vec!["bestmove none".to_string()];
        };
        let white_score = if position.side_to_move() == Color::White {
            result.score
        } else {
            result.score.flipped()
        };
        let pv: Vec<String> = result.pv.iter().flat_map(tokens_of).collect();
        let token = tokens_of(&best).remove(0);
        vec![
            info_line(result.depth, white_score, result.nodes, result.elapsed, &pv),
            format!("bestmove {token}"),
        ]
    }

    /// Searches every removal, deeper and deeper while the limits allow (each iteration one
    /// ply deeper for every target, the brain's tables carried over), and answers the one
    /// whose position is worst for the opponent in the last finished iteration.
    fn go_removal(&mut self, removal: Removal, limits: &Limits) -> Vec<String> {
        let started = Instant::now();
        let targets: Vec<(Square, Position)> = Square::iter_bits(removal.targets())
            .filter_map(|square| removal.remove(square).map(|after| (square, after)))
            .collect();
        if targets.is_empty() {
            return vec!["bestmove none".to_string()];
        }
        if let Some(lines) = self.removal_among(&removal, &targets, limits) {
            return lines;
        }
        // The game up to the mill's turn, which each removal completes.
        let before = self
            .removal_origin
            .map(|(origin, partial)| (self.game_at(origin), partial));
        let rules = self.rules;
        let game_after = |square: Square, after: Position| match &before {
            Some((game, partial)) => {
                let mut game = game.clone();
                let whole = Move {
                    remove: Some(square),
                    ..*partial
                };
                match game.play(whole) {
                    Ok(()) => game,
                    Err(_) => Game::from_position(rules, after),
                }
            }
            None => Game::from_position(rules, after),
        };
        let max_depth = limits.depth.unwrap_or(MAX_GO_DEPTH as u32).max(1);
        let mut best: Option<RemovalChoice> = None;
        let mut nodes = 0;
        let mut finished = 0;
        for depth in 1..=max_depth {
            let mut round: Option<RemovalChoice> = None;
            for &(square, after) in &targets {
                let (theirs, pv, searched) = if after.outcome(&self.rules).is_some() {
                    (Score::Loss(0), Vec::new(), 0)
                } else {
                    let step = Limits {
                        depth: Some(depth.saturating_sub(1).max(1)),
                        movetime: None,
                        nodes: None,
                        infinite: false,
                    };
                    let game = game_after(square, after);
                    let answer = self.choose(&game, &step);
                    (answer.score, answer.pv, answer.nodes)
                };
                nodes += searched;
                if round.as_ref().is_none_or(|r| theirs < r.theirs) {
                    round = Some(RemovalChoice { square, theirs, pv });
                }
            }
            best = round;
            finished = depth;
            if self.removal_search_ends(limits, started, depth, nodes, best.as_ref()) {
                break;
            }
        }
        let Some(choice) = best else {
            return vec!["bestmove none".to_string()];
        };
        let mine = choice.theirs.flipped();
        let white = if removal.remover == Color::White {
            mine
        } else {
            mine.flipped()
        };
        let mut pv = vec![format!("x{}", choice.square)];
        pv.extend(choice.pv.iter().flat_map(tokens_of));
        vec![
            info_line(finished, white, nodes, started.elapsed(), &pv),
            format!("bestmove x{}", choice.square),
        ]
    }

    /// The removal from one search of the position before the mill, among the turns that
    /// start with the move played ([`UciEngine::search_among`]); `None` when the session does
    /// not know that position or the brain cannot restrict its moves.
    fn removal_among(
        &mut self,
        removal: &Removal,
        targets: &[(Square, Position)],
        limits: &Limits,
    ) -> Option<Vec<String>> {
        let (origin, partial) = self.removal_origin?;
        let candidates: Vec<Move> = targets
            .iter()
            .map(|&(square, _)| Move {
                remove: Some(square),
                ..partial
            })
            .collect();
        let game = self.game_at(origin);
        let answer = self.brain.search_among(&game, &candidates, limits)?;
        let square = answer
            .best_move
            .filter(|mv| candidates.contains(mv))
            .and_then(|mv| mv.remove)?;
        let white = if removal.remover == Color::White {
            answer.score
        } else {
            answer.score.flipped()
        };
        // The move part of the first turn is played already: the line starts with the removal.
        let pv: Vec<String> = answer.pv.iter().flat_map(tokens_of).skip(1).collect();
        Some(vec![
            info_line(answer.depth, white, answer.nodes, answer.elapsed, &pv),
            format!("bestmove x{square}"),
        ])
    }

    /// Whether the removal search stops after an iteration of `depth`.
    fn removal_search_ends(
        &self,
        limits: &Limits,
        started: Instant,
        depth: u32,
        nodes: u64,
        best: Option<&RemovalChoice>,
    ) -> bool {
        let decided = best.is_some_and(|b| !matches!(b.theirs, Score::Pieces(_)));
        let out_of_time = limits.movetime.is_some_and(|t| {
            started.elapsed().as_secs_f64() > t.as_secs_f64() * REMOVAL_TIME_FRACTION
        });
        let out_of_nodes = limits.nodes.is_some_and(|n| nodes >= n);
        let deep_enough = limits.depth.is_some_and(|d| depth >= d) || depth >= MAX_GO_DEPTH as u32;
        decided
            || out_of_time
            || out_of_nodes
            || deep_enough
            || self.brain.stop_requested()
            || (limits.is_empty() && !limits.infinite)
    }
}

/// Iterative deepening over the removals starts no new iteration after this share of the time
/// (an iteration takes a few times as long as the one before).
const REMOVAL_TIME_FRACTION: f64 = 0.3;

/// The best removal of an iteration.
struct RemovalChoice {
    square: Square,
    /// The value of the position after it, for the opponent.
    theirs: Score,
    /// The opponent's best line from there.
    pv: Vec<Move>,
}

/// `info depth … score … nodes … time … pv …`.
fn info_line(
    depth: u32,
    white_score: Score,
    nodes: u64,
    elapsed: Duration,
    pv: &[String],
) -> String {
    let line = format!(
        "info depth {depth} score {} nodes {nodes} time {} pv {}",
        score_words(white_score),
        elapsed.as_millis(),
        pv.join(" ")
    );
    line.trim_end().to_string()
}

/// The time for one move from the clock: the remaining time spread over `moves_to_go` (or
/// [`CLOCK_MOVES`]) moves plus most of the increment, never more than half of what is left,
/// less the protocol's overhead; at least 1 ms.
pub fn clock_time(left_ms: u64, increment_ms: u64, moves_to_go: Option<u64>) -> u64 {
    let moves = moves_to_go.unwrap_or(CLOCK_MOVES).clamp(1, CLOCK_MOVES);
    let share = left_ms / moves + increment_ms * INCREMENT_PERCENT / 100;
    let cap = left_ms * MAX_CLOCK_PERCENT / 100;
    share.min(cap).saturating_sub(CLOCK_OVERHEAD_MS).max(1)
}

/// A replay of `position … moves …` before it is accepted.
struct Replay {
    state: MorrisState,
    history: Vec<Position>,
    turns: Vec<Move>,
    fullmove: u32,
    origin: Option<(Position, Move)>,
}

impl Replay {
    fn apply(&mut self, rules: &Rules, token: &str) -> Result<(), TokenError> {
        let next = apply_token(&self.state, rules, token)?;
        match self.state {
            MorrisState::Turn(position) => {
                self.history.push(position);
                if position.side_to_move() == Color::Black {
                    self.fullmove += 1;
                }
                let mv = token.parse::<Move>().ok();
                match next {
                    MorrisState::Removal(_) => self.origin = mv.map(|mv| (position, mv)),
                    MorrisState::Turn(_) => {
                        self.origin = None;
                        self.turns.extend(mv);
                    }
                }
            }
            MorrisState::Removal(_) => {
                let removed = token.strip_prefix('x').and_then(|s| s.parse().ok());
                if let (Some((_, partial)), Some(square)) = (self.origin, removed) {
                    self.turns.push(Move {
                        remove: Some(square),
                        ..partial
                    });
                }
            }
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
