//! Backgammon as a [`Game`]: a thin layer over the rules crate's [`Match`] (opening roll, turns,
//! the doubling cube, scoring, Crawford, the `.mat` record, the checker steps of a [`Turn`]),
//! with the computer's decisions from the rules crate's
//! [`Player`](ludus_backgammon::player::Player) ([`BackgammonComputer`]).
//!
//! Dice come from the rules crate's [`SeededDice`], seeded per game, so a stored game replays
//! exactly from its seed and its commands. After every command the rules crate takes the steps
//! that need no decision ([`Match::advance_automatic`]), all replayed the same way: a turn where
//! the player may not (or, with the cube off, does not) double starts with the roll made; a roll
//! with no legal move is played as the empty move; a finished game of an unfinished match is
//! followed at once by the next game. A take-back is the rules crate's ([`Match::take_back`]),
//! with the dice rewound to where they were at that turn.

use super::RulesError;
use crate::games::{
    Action, BackgammonComputer, Command, ComputerJob, DoubleBlock, Game, GameError, GameKind,
    GameResult, GameView, PerSide, RuleOptions, Side,
};
use ludus_backgammon::player::{Evaluation, PlayerError, choose_move};
use ludus_backgammon::{
    AutomaticSteps, CubeOwner, Dice, DiceMark, GameEnd, GameEvent, GameStart, MAX_MATCH_LENGTH,
    Match, MatchState, Move, Phase, Position, Rules, Seat, SeededDice, Turn, WinKind, Xgid,
    write_mat,
};
use serde::Serialize;
use serde_json::Value;
use std::time::Duration;

/// The analysis board's engine: a value for every legal move (not the choice of one: that is
/// a [`Player`](ludus_backgammon::player::Player)'s) and the cube decision with its equities.
/// Implement it to plug in an engine.
pub trait MoveRanker: Send + Sync {
    /// Every legal move for `dice` in `position` (the mover's view) with a value for the mover
    /// and the lookahead it came from, best first, in the game `state` describes (the mover on
    /// roll: money or match, cube, score). `plies` is the lookahead asked for (0 to
    /// [`MAX_ANALYSIS_PLIES`]); at least the first [`ANALYSIS_SHOWN`] moves are valued at it.
    fn rank_moves(
        &self,
        position: &Position,
        dice: Dice,
        state: &MatchState,
        plies: u8,
    ) -> Vec<MoveValue>;

    /// The side on roll's chances and cube decision before its roll, at `plies` plies, in money
    /// play under `money`'s optional rules.
    fn before_roll(
        &self,
        position: &Position,
        state: &MatchState,
        money: MoneyRules,
        plies: u8,
    ) -> BeforeRoll;
}

/// The moves the analysis board shows (best first): all of them are valued at the plies asked.
pub const ANALYSIS_SHOWN: usize = 20;

/// The deepest lookahead the analysis endpoint offers for ranking moves.
pub const MAX_ANALYSIS_PLIES: u8 = 2;

/// The money game's optional rules an analysis is asked under (gnubg's money settings).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MoneyRules {
    /// The Jacoby rule: gammons count single while the cube is centred.
    pub jacoby: bool,
    /// Beavers: a side doubled may take and at once redouble, keeping the cube.
    pub beavers: bool,
}

/// A legal move as a [`MoveRanker`] values it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its value for the mover (cubeless equity in money play, cubeful in a match).
    pub value: f64,
    /// The lookahead the value comes from.
    pub plies: u8,
}

/// What a [`MoveRanker`] says of a position before its roll.
#[derive(Debug, Clone, PartialEq)]
pub struct BeforeRoll {
    /// The side on roll's cubeless chances (the equity cubeless).
    pub chances: Evaluation,
    /// The lookahead of the chances.
    pub plies: u8,
    /// The cube decision, where the engine can judge the cube (absent: the cube is not turned,
    /// and a double is taken).
    pub cube: Option<CubeValues>,
}

/// A cube decision with its equities: points at the cube's value in money play, the match
/// winning chance of the side on roll in a match.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CubeValues {
    /// The proper action as a stable code for translation ("double-take", "no-double-take",
    /// "too-good-to-double-pass", "redouble-pass", "not-available", …).
    pub action: String,
    /// The proper action in gnubg's words ("double, take").
    pub words: String,
    /// Whether the proper action doubles.
    #[serde(skip)]
    pub doubles: bool,
    /// Whether the doubled side should take.
    #[serde(skip)]
    pub takes: bool,
    /// The side on roll's cubeful equity if it does not double.
    pub no_double: f64,
    /// Its cubeful equity after double, take.
    pub double_take: f64,
    /// Its equity after double, pass.
    pub double_pass: f64,
    /// The doubled side's take point: the least winning chance at which it takes.
    pub take_point: f64,
    /// The lookahead the equities come from.
    pub plies: u8,
    /// True where they are exact (the two-sided bear-off database) rather than estimated.
    pub exact: bool,
    /// True for a money game (equities in points), false in a match (match winning chances).
    pub money: bool,
}

/// The decision of a computer's player, or `fallback` where it failed (logged; the players
/// `ludus serve` gives are Ludus's own, which never fail).
fn or_fallback<T>(decision: Result<T, PlayerError>, fallback: T) -> T {
    decision.unwrap_or_else(|error| {
        tracing::warn!("the computer player failed: {error}");
        fallback
    })
}

/// The Backgammon rule options of the API, every one named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BackgammonRules {
    /// Points to win; 0 for a money game.
    pub match_length: u32,
    /// Whether the doubling cube is used.
    pub cube: bool,
}

/// Reads `{"match_length": 0 | 1..=25, "cube": bool}` (each optional).
fn parse_rules(entries: &[(&str, &Value)]) -> Result<BackgammonRules, RulesError> {
    let mut options = BackgammonRules {
        match_length: 0,
        cube: true,
    };
    for &(key, value) in entries {
        match key {
            "match_length" => {
                options.match_length = value
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .filter(|n| *n <= MAX_MATCH_LENGTH)
                    .ok_or(RulesError::BadValue {
                        option: "match_length",
                        expected: "0 (money game) to 25",
                    })?;
            }
            "cube" => {
                options.cube = value.as_bool().ok_or(RulesError::BadValue {
                    option: "cube",
                    expected: "true or false",
                })?;
            }
            other => {
                return Err(RulesError::UnknownOption {
                    game: "Backgammon",
                    option: other.to_string(),
                });
            }
        }
    }
    Ok(options)
}

/// The match state and set-up a start text describes: an XGID, or a gnubg Position ID with its
/// Match ID (alone: White on roll, money, the cube in the middle, no dice), checked for a game that
/// can be played on from there.
fn start_setup(text: &str) -> Result<(MatchState, GameStart), RulesError> {
    let text = text.trim();
    let bad = |reason: &str| super::bad_start(text, reason);
    let (position, state) = if let Ok(xgid) = text.parse::<Xgid>() {
        (xgid.position, xgid.state)
    } else if let Some((position, match_id)) = text.split_once(':') {
        let position = Position::from_position_id(position.trim())
            .map_err(|error| bad(&format!("position id: {error}")))?;
        let state = MatchState::from_match_id(match_id.trim())
            .map_err(|error| bad(&format!("match id: {error}")))?;
        (position, state)
    } else {
        let position = Position::from_position_id(text).map_err(|error| {
            bad(&format!(
                "neither an XGID nor a gnubg Position ID (with its Match ID): {error}"
            ))
        })?;
        // A money game, centred cube, White on roll before rolling.
        let state = MatchState {
            on_roll: Seat::Zero,
            turn: Seat::Zero,
            ..MatchState::default()
        };
        (position, state)
    };
    if state.match_length > MAX_MATCH_LENGTH {
        return Err(bad(&format!(
            "the match length must be 0 (money) to {MAX_MATCH_LENGTH}"
        )));
    }
    let rules = if state.match_length == 0 {
        Rules::default()
    } else {
        Rules::match_to(state.match_length)
    };
    if let Some(refusal) = state.start_refusal(&position, rules.max_cube()) {
        return Err(bad(&refusal.to_string()));
    }
    let setup = GameStart {
        position,
        on_roll: state.on_roll,
        cube_value: state.cube_value,
        cube_owner: state.cube_owner,
        dice: state.dice,
    };
    Ok((state, setup))
}

/// The seat of a side: White is gnubg's player 0.
pub(crate) fn seat_of(side: Side) -> Seat {
    match side {
        Side::White => Seat::Zero,
        Side::Black => Seat::One,
    }
}

/// The side of a backgammon seat: gnubg's player 0 is White.
pub(crate) fn side_of(seat: Seat) -> Side {
    match seat {
        Seat::Zero => Side::White,
        Seat::One => Side::Black,
    }
}

fn kind_name(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Single => "single",
        WinKind::Gammon => "gammon",
        WinKind::Backgammon => "backgammon",
    }
}

fn end_name(end: GameEnd) -> &'static str {
    match end {
        GameEnd::BoreOff(kind) => kind_name(kind),
        GameEnd::DoubleRefused => "pass",
        GameEnd::Resigned(_) => "resign",
    }
}

/// A match as its player on roll sees it before rolling: no double, resignation or dice
/// pending (what a cube decision is about).
pub(crate) fn before_roll(mut state: MatchState) -> MatchState {
    state.double_offered = false;
    state.resignation = None;
    state.dice = None;
    state.turn = state.on_roll;
    state
}

/// Checkers on the board, in White's numbering.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardView {
    /// White's points 1..=24: positive counts are White's checkers, negative Black's.
    pub points: Vec<i32>,
    /// Checkers on the bar.
    pub bar: PerSide<u8>,
    /// Checkers borne off.
    pub off: PerSide<u8>,
    /// Pip counts.
    pub pips: PerSide<u32>,
}

impl BoardView {
    /// The board of `position` (from the view of `on_roll`, who is on roll).
    pub fn new(position: &Position, on_roll: Seat) -> BoardView {
        let (mover, other) = (position.player_checkers(), position.opponent_checkers());
        let (white, black) = match on_roll {
            Seat::Zero => (mover, other),
            Seat::One => (other, mover),
        };
        let points = (1..=24)
            .map(|point| i32::from(white[point]) - i32::from(black[25 - point]))
            .collect();
        let (mover_pips, other_pips) = position.pip_count();
        let pips = match on_roll {
            Seat::Zero => [mover_pips, other_pips],
            Seat::One => [other_pips, mover_pips],
        };
        BoardView {
            points,
            bar: PerSide::from_pair([white[25], black[25]]),
            off: PerSide::from_pair([white[0], black[0]]),
            pips: PerSide::from_pair(pips),
        }
    }
}

/// One die of the roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DieView {
    /// The number shown.
    pub face: u8,
    /// Whether a step of the move so far used it.
    pub used: bool,
}

/// Where a checker may go next: one click from `from` to `to`, over the steps listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NextStep {
    /// The point the checker leaves (mover's numbering: 25 the bar).
    pub from: u8,
    /// Where it ends (0: borne off).
    pub to: u8,
    /// The single-die steps that take it there, `[from, to]` each, to add to `taken`.
    pub steps: Vec<[u8; 2]>,
}

/// A move being built checker by checker (the rules crate's [`Turn`]): everything the page needs
/// to show it and to offer the next steps, so that the browser applies no rule itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepsView {
    /// The steps taken so far, `[from, to]` in the mover's numbering (25 the bar, 0 off).
    pub taken: Vec<[u8; 2]>,
    /// The board after them.
    pub board: BoardView,
    /// The dice as rolled (four for a double), each marked once a step used it.
    pub dice: Vec<DieView>,
    /// Every click legal now; empty once the move is complete.
    pub next: Vec<NextStep>,
    /// True once the steps make a whole legal move.
    pub complete: bool,
    /// That move in notation (what to send to `/moves`), once complete.
    #[serde(rename = "move")]
    pub mv: Option<String>,
}

impl StepsView {
    /// The view of `turn`, played by `on_roll`.
    pub fn new(turn: &Turn, on_roll: Seat) -> StepsView {
        let pair = |from: u8, to: u8| [from, to];
        let next = turn
            .sources()
            .into_iter()
            .flat_map(|from| turn.journeys(from))
            .map(|journey| NextStep {
                from: journey.from,
                to: journey.to,
                steps: journey.steps.iter().map(|s| pair(s.from, s.to)).collect(),
            })
            .collect();
        StepsView {
            taken: turn.steps().iter().map(|s| pair(s.from, s.to)).collect(),
            board: BoardView::new(&turn.board(), on_roll),
            dice: turn
                .dice_used()
                .into_iter()
                .map(|(face, used)| DieView { face, used })
                .collect(),
            next,
            complete: turn.is_complete(),
            mv: turn.finished_move().map(|mv| mv.to_string()),
        }
    }
}

/// What the backgammon game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BackgammonPhase {
    /// Roll (or double).
    Roll,
    /// Move the dice rolled.
    Move,
    /// Answer a double.
    Doubled,
    /// Answer a resignation.
    Resignation,
    /// The game or match is over.
    Over,
}

/// The doubling cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CubeView {
    /// Whether this game uses it.
    pub enabled: bool,
    /// Its value.
    pub value: u32,
    /// Its owner; `None` while centred.
    pub owner: Option<Side>,
    /// A double awaits its answer.
    pub offered: bool,
    /// The value the pending double offers, while one does.
    pub offered_value: Option<u32>,
}

/// The match around the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MatchView {
    /// Points to win; 0 for a money game.
    pub length: u32,
    /// Points so far.
    pub score: PerSide<u32>,
    /// This is the Crawford game.
    pub crawford: bool,
    /// The number of the game, from 1.
    pub game: usize,
}

/// How the last finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LastGameView {
    /// Its winner.
    pub winner: Side,
    /// Points won.
    pub points: u32,
    /// `single`, `gammon`, `backgammon`, `pass` or `resign`.
    pub kind: &'static str,
}

/// One line of the game log, as the `.mat` record words it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogLine {
    /// The game it belongs to, from 1.
    pub game: usize,
    /// Who acted.
    pub side: Side,
    /// What happened (`31: 8/5 6/5`, `Doubles => 2`, …).
    pub text: String,
}

/// One checker of a played move: from the mover's view (25 the bar, 0 off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlayedStep {
    /// The point the checker left.
    pub from: u8,
    /// Where it landed.
    pub to: u8,
    /// Whether it hit a blot there.
    pub hit: bool,
}

impl PlayedStep {
    /// The checkers of `play`, in the order played (the mover's numbering).
    pub fn of_move(play: &ludus_backgammon::Move) -> Vec<PlayedStep> {
        play.checker_moves()
            .iter()
            .map(|step| PlayedStep {
                from: step.from,
                to: step.to,
                hit: step.hit,
            })
            .collect()
    }
}

/// The last move played in the game on the board, for marking and animating it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LastPlayView {
    /// Who played it.
    pub side: Side,
    /// The dice.
    pub dice: [u8; 2],
    /// Its checkers in the order played, in the mover's numbering; empty when no checker could
    /// move.
    pub steps: Vec<PlayedStep>,
    /// The board before the move, then after each of its checkers (a hit blot on the bar from
    /// the step that hits it), in White's numbering: what the page animates.
    pub boards: Vec<BoardView>,
}

impl LastPlayView {
    /// The last move of `game`, if one has been played.
    fn of(game: &ludus_backgammon::Game) -> Option<LastPlayView> {
        let (seat, dice, play) = game.events().iter().rev().find_map(|event| match *event {
            GameEvent::Turn {
                seat,
                dice,
                play: Some(play),
            } => Some((seat, dice, play)),
            _ => None,
        })?;
        // No board has changed since: the mover's board after the move is the game's.
        let after = if game.on_roll() == seat {
            game.position()
        } else {
            game.position().swapped()
        };
        Some(LastPlayView::played(
            seat,
            dice,
            &play,
            &after.before(&play),
        ))
    }

    /// The view of `play`, made by `seat` with `dice` on the board `before` (the mover's view).
    pub fn played(seat: Seat, dice: Dice, play: &Move, before: &Position) -> LastPlayView {
        LastPlayView {
            side: side_of(seat),
            dice: [dice.first(), dice.second()],
            steps: PlayedStep::of_move(play),
            boards: before
                .boards_of(play)
                .iter()
                .map(|board| BoardView::new(board, seat))
                .collect(),
        }
    }
}

/// The backgammon board and everything around it, as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BackgammonView {
    /// The checkers (points, bar, off, pips at the top level of the view).
    #[serde(flatten)]
    pub board: BoardView,
    /// The side on roll (`None` before the first game).
    pub turn: Option<Side>,
    /// What the game waits for.
    pub phase: BackgammonPhase,
    /// The dice as rolled, while a move is to be made.
    pub dice: Option<[u8; 2]>,
    /// The move to be made, checker by checker: no step taken yet (the next views come from
    /// `GET /api/games/{id}/steps`).
    pub steps: Option<StepsView>,
    /// The cube.
    pub cube: CubeView,
    /// The match.
    #[serde(rename = "match")]
    pub match_state: MatchView,
    /// How the last finished game ended.
    pub last_game: Option<LastGameView>,
    /// The last move played in the game on the board.
    pub last_play: Option<LastPlayView>,
    /// The play gnubg's automatic bear-off makes now, in notation, while a move is to be made
    /// ([`ludus_backgammon::Position::automatic_bear_off`]: no contact, and one play bears off a
    /// checker with each die); the browser plays it when its setting allows.
    pub auto_play: Option<String>,
    /// gnubg's Position ID of the board, side on roll first.
    pub position_id: Option<String>,
    /// gnubg's Match ID.
    pub match_id: Option<String>,
    /// The position and match state as an XGID (eXtreme Gammon's one-line id), what the
    /// analysis board reads.
    pub xgid: Option<String>,
    /// Every action of every game.
    pub log: Vec<LogLine>,
}

/// A money game (one game) or a match: the rules crate's [`Match`] and its dice.
pub struct BackgammonGame {
    options: BackgammonRules,
    record: Match,
    dice: SeededDice,
    /// Where the dice were once the record held so many rolls (after each command): what a
    /// take-back rewinds them to.
    marks: Vec<(usize, DiceMark)>,
    /// Set when a player gave up the whole match.
    conceded_by: Option<Side>,
    computer: BackgammonComputer,
}

impl BackgammonGame {
    /// A new money game or match under the rule options, with dice from `seed`.
    pub fn new(
        rules: &[(&str, &Value)],
        seed: u64,
        start: Option<&str>,
        computer: BackgammonComputer,
    ) -> Result<BackgammonGame, RulesError> {
        let mut options = parse_rules(rules)?;
        if let Some(text) = start {
            let (state, setup) = start_setup(text)?;
            options.match_length = state.match_length;
            let rules = if state.match_length == 0 {
                Rules::default()
            } else {
                Rules::match_to(state.match_length)
            };
            let first =
                ludus_backgammon::Game::from_setup(rules, state.score, state.crawford, setup);
            let names = ["White".to_string(), "Black".to_string()];
            let mut game = BackgammonGame {
                options,
                record: Match::from_setup(names, state.score, first),
                dice: SeededDice::new(seed),
                marks: Vec::new(),
                conceded_by: None,
                computer,
            };
            game.advance();
            return Ok(game);
        }
        let rules = if options.match_length == 0 {
            Rules::default()
        } else {
            Rules::match_to(options.match_length)
        };
        let mut game = BackgammonGame {
            options,
            record: Match::new(rules, ["White".to_string(), "Black".to_string()]),
            dice: SeededDice::new(seed),
            marks: Vec::new(),
            conceded_by: None,
            computer,
        };
        game.advance();
        Ok(game)
    }

    /// The game being played (or the last one, when the session is over).
    fn current(&self) -> Option<&ludus_backgammon::Game> {
        self.record.current()
    }

    fn phase(&self) -> Option<Phase> {
        self.current().map(ludus_backgammon::Game::phase)
    }

    fn is_over(&self) -> bool {
        self.conceded_by.is_some()
            || match self.phase() {
                Some(Phase::Over(_)) => {
                    self.options.match_length == 0 || self.record.winner().is_some()
                }
                _ => false,
            }
    }

    /// Why the player on roll may not double: the cube switched off, the rules crate's cube
    /// checks (Crawford, the opponent's cube, the ceiling), a stake that already wins the match,
    /// and last the moment (only before rolling).
    fn double_block(&self) -> Option<DoubleBlock> {
        let game = self.current()?;
        if !self.options.cube {
            return Some(DoubleBlock::CubeOff);
        }
        let cube = before_roll(game.match_state());
        if let Some(refusal) = cube.double_refusal(game.rules().max_cube()) {
            return Some(DoubleBlock::Rules(refusal));
        }
        if cube.doubling_is_pointless() {
            return Some(DoubleBlock::Pointless);
        }
        game.double_refusal().map(DoubleBlock::Rules)
    }

    /// Does what needs no decision (the rules crate's [`Match::advance_automatic`]): starts the
    /// next game of a match, rolls when doubling is not possible, plays the empty move when no
    /// checker can move; then marks where the dice are.
    fn advance(&mut self) {
        if self.conceded_by.is_none() {
            let steps = AutomaticSteps {
                new_game: true,
                roll: true,
                cube: self.options.cube,
            };
            self.record.advance_automatic(steps, &mut self.dice);
        }
        let rolls = rolls_in(&self.record);
        if self.marks.last().is_none_or(|&(marked, _)| marked != rolls) {
            self.marks.push((rolls, self.dice.mark()));
        }
    }

    /// Takes back `side`'s last play and everything after it (the rules crate's
    /// [`Match::take_back`]), and rewinds the dice to just after that turn's roll: the dice that
    /// came after it come again, exactly as a replay of the commands left from the seed rolls
    /// them.
    fn take_back_play(&mut self, side: Side) -> Result<(), GameError> {
        if self.conceded_by.is_some() {
            return Err(GameError::Over);
        }
        let mut record = self.record.clone();
        record
            .take_back(seat_of(side))
            .map_err(|_| GameError::NothingToTakeBack)?;
        let rolls = rolls_in(&record);
        // The turn taken back waited for its play after the command that rolled it: marked.
        let index = self
            .marks
            .iter()
            .rposition(|&(marked, _)| marked == rolls)
            .ok_or(GameError::NothingToTakeBack)?;
        self.record = record;
        self.dice.rewind(self.marks[index].1);
        self.marks.truncate(index + 1);
        Ok(())
    }

    /// The kind of win if `loser` gave up now: as if the winner had just borne off.
    fn resignation_kind(&self, loser: Seat) -> WinKind {
        let Some(game) = self.current() else {
            return WinKind::Single;
        };
        let view = if game.on_roll() == loser {
            game.position()
        } else {
            game.position().swapped()
        };
        // `view` is from the loser's side: off, then the winner's home board and the bar.
        if view.player(0) > 0 {
            WinKind::Single
        } else if (19..=25).any(|point| view.player(point) > 0) {
            WinKind::Backgammon
        } else {
            WinKind::Gammon
        }
    }

    /// `side` gives up: a money game at the value the board would give the opponent now, a
    /// match as a whole.
    fn resign(&mut self, side: Side) -> Result<(), GameError> {
        if self.options.match_length > 0 {
            self.conceded_by = Some(side);
            return Ok(());
        }
        let kind = self.resignation_kind(seat_of(side));
        let game = self.record.current_mut().ok_or(GameError::Over)?;
        if game.phase() == Phase::Doubled {
            // Giving up is passing (for the doubled player) or waiting (for the doubler).
            return Err(GameError::DoublePending);
        }
        game.resign(seat_of(side), kind)
            .and_then(|()| game.accept_resignation())
            .map_err(GameError::Backgammon)
    }

    fn play_move(&mut self, text: &str) -> Result<(), GameError> {
        let game = self.record.current_mut().ok_or(GameError::Over)?;
        let Phase::Moving(dice) = game.phase() else {
            // The rules crate says what the game waits for instead.
            return game.play_text(text).map_err(GameError::Backgammon);
        };
        let mv = game
            .position()
            .parse_move(dice, text)
            .map_err(GameError::BackgammonMove)?;
        game.play(&mv).map_err(GameError::Backgammon)
    }

    fn take_action(&mut self, action: Action) -> Result<(), GameError> {
        let block = self.double_block();
        let game = self.record.current_mut().ok_or(GameError::Over)?;
        let result = match action {
            Action::Roll => game.roll(&mut self.dice).map(drop),
            Action::Double => match block {
                Some(block) => return Err(GameError::MayNotDouble(block)),
                None => game.double(),
            },
            Action::Take => game.take(),
            Action::Pass => game.pass(),
            Action::Resign => Ok(()),
        };
        result.map_err(GameError::Backgammon)
    }

    /// The log of every game: one line per action, as the `.mat` record words them.
    fn log(&self) -> Vec<LogLine> {
        let mut lines = Vec::new();
        for (index, game) in self.record.games().iter().enumerate() {
            let number = index + 1;
            let mut line = |seat: Seat, text: String| {
                lines.push(LogLine {
                    game: number,
                    side: side_of(seat),
                    text,
                });
            };
            for event in game.events() {
                match *event {
                    GameEvent::Turn {
                        seat,
                        dice,
                        play: Some(play),
                    } => line(seat, format!("{dice}: {play}")),
                    GameEvent::Turn { play: None, .. } => {}
                    GameEvent::Double { seat, value } => line(seat, format!("Doubles => {value}")),
                    GameEvent::Take { seat } => line(seat, "Takes".to_string()),
                    GameEvent::Beaver { seat, value } => line(seat, format!("Beavers => {value}")),
                    GameEvent::Pass { seat } => line(seat, "Drops".to_string()),
                    GameEvent::Resign { seat, .. } => line(seat, "Resigns".to_string()),
                    GameEvent::AcceptResignation { .. } | GameEvent::RejectResignation { .. } => {}
                }
            }
            if let Some(outcome) = game.outcome() {
                let plural = if outcome.points == 1 { "" } else { "s" };
                line(
                    outcome.winner,
                    format!("Wins {} point{plural}", outcome.points),
                );
            }
        }
        if let Some(side) = self.conceded_by {
            lines.push(LogLine {
                game: self.record.games().len(),
                side,
                text: "Resigns the match".to_string(),
            });
        }
        lines
    }

    /// The last finished game: winner, points and how.
    fn last_game(&self) -> Option<LastGameView> {
        let outcome = self
            .record
            .games()
            .iter()
            .rev()
            .find_map(|game| game.outcome())?;
        Some(LastGameView {
            winner: side_of(outcome.winner),
            points: outcome.points,
            kind: end_name(outcome.end),
        })
    }

    fn cube_view(&self, phase: Option<Phase>) -> CubeView {
        let (value, owner) = self
            .current()
            .map_or((1, CubeOwner::Centered), |game| game.cube());
        let offered_value = self.current().and_then(|game| match game.events().last() {
            Some(GameEvent::Double { value, .. }) if phase == Some(Phase::Doubled) => Some(*value),
            _ => None,
        });
        CubeView {
            enabled: self.options.cube,
            value,
            owner: match owner {
                CubeOwner::Centered => None,
                CubeOwner::Owned(seat) => Some(side_of(seat)),
            },
            offered: phase == Some(Phase::Doubled),
            offered_value,
        }
    }
}

/// The rolls in `record` so far, opening rolls included: how far its dice have come.
fn rolls_in(record: &Match) -> usize {
    let turns = |game: &ludus_backgammon::Game| {
        let turn = |event: &&GameEvent| matches!(event, GameEvent::Turn { .. });
        game.events().iter().filter(turn).count()
    };
    record.games().iter().map(turns).sum()
}

fn phase_of(phase: Option<Phase>) -> BackgammonPhase {
    match phase {
        Some(Phase::AwaitingRoll) => BackgammonPhase::Roll,
        Some(Phase::Moving(_)) => BackgammonPhase::Move,
        Some(Phase::Doubled) => BackgammonPhase::Doubled,
        Some(Phase::ResignationOffered { .. }) => BackgammonPhase::Resignation,
        Some(Phase::Over(_)) | None => BackgammonPhase::Over,
    }
}

impl Game for BackgammonGame {
    fn kind(&self) -> GameKind {
        GameKind::Backgammon
    }

    fn to_act(&self) -> Option<Side> {
        if self.is_over() {
            return None;
        }
        let game = self.current()?;
        match game.phase() {
            Phase::Over(_) => None,
            _ => Some(side_of(game.turn())),
        }
    }

    fn apply(&mut self, side: Side, command: &Command) -> Result<(), GameError> {
        let Some(to_act) = self.to_act() else {
            return Err(GameError::Over);
        };
        if *command == Command::Action(Action::Resign) {
            self.resign(side)?;
            self.advance();
            return Ok(());
        }
        if side != to_act {
            return Err(GameError::NotYourTurn(side));
        }
        match command {
            Command::Move(text) => self.play_move(text)?,
            Command::Action(action) => self.take_action(*action)?,
        }
        self.advance();
        Ok(())
    }

    fn take_back(&mut self, side: Side) -> Result<(), GameError> {
        self.take_back_play(side)
    }

    fn result(&self) -> Option<GameResult> {
        if let Some(side) = self.conceded_by {
            let winner = side.opponent();
            return Some(GameResult {
                winner: Some(winner),
                points: self.record.score()[seat_of(winner).index()],
                reason: "resign".to_string(),
            });
        }
        if !self.is_over() {
            return None;
        }
        let outcome = self.current()?.outcome()?;
        let (points, reason) = if self.options.match_length == 0 {
            (outcome.points, end_name(outcome.end))
        } else {
            (self.record.score()[outcome.winner.index()], "match")
        };
        Some(GameResult {
            winner: Some(side_of(outcome.winner)),
            points,
            reason: reason.to_string(),
        })
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.is_over() {
            return Vec::new();
        }
        self.current()
            .map(|game| game.legal_moves().iter().map(ToString::to_string).collect())
            .unwrap_or_default()
    }

    fn actions(&self) -> Vec<Action> {
        if self.is_over() {
            return Vec::new();
        }
        match self.phase() {
            Some(Phase::AwaitingRoll) if self.double_block().is_none() => {
                vec![Action::Roll, Action::Double, Action::Resign]
            }
            Some(Phase::AwaitingRoll) => vec![Action::Roll, Action::Resign],
            Some(Phase::Moving(_)) => vec![Action::Resign],
            Some(Phase::Doubled) => vec![Action::Take, Action::Pass],
            _ => Vec::new(),
        }
    }

    fn rules(&self) -> RuleOptions {
        RuleOptions::Backgammon(self.options)
    }

    fn hint_keys(&self) -> Vec<crate::hints::HintKey> {
        match self.current() {
            Some(game) if !self.is_over() => {
                crate::hints::HintKey::backgammon_both(&game.position())
            }
            _ => Vec::new(),
        }
    }

    fn view(&self) -> GameView {
        let game = self.current();
        let phase = if self.is_over() { None } else { self.phase() };
        let (position, on_roll) = game.map_or((Position::starting(), Seat::Zero), |g| {
            (g.position(), g.on_roll())
        });
        let dice = match phase {
            Some(Phase::Moving(dice)) => Some([dice.first(), dice.second()]),
            _ => None,
        };
        let steps = match (phase, game) {
            (Some(Phase::Moving(_)), Some(game)) => game
                .turn_builder()
                .map(|turn| StepsView::new(&turn, on_roll)),
            _ => None,
        };
        let score = self.record.score();
        GameView::Backgammon(Box::new(BackgammonView {
            board: BoardView::new(&position, on_roll),
            turn: game.map(|g| side_of(g.on_roll())),
            phase: phase_of(phase),
            dice,
            steps,
            cube: self.cube_view(phase),
            match_state: MatchView {
                length: self.options.match_length,
                score: PerSide::from_pair(score),
                crawford: game.is_some_and(ludus_backgammon::Game::is_crawford),
                game: self.record.games().len(),
            },
            last_game: self.last_game(),
            last_play: game.and_then(LastPlayView::of),
            auto_play: match (phase, game) {
                (Some(Phase::Moving(dice)), Some(game)) => game
                    .position()
                    .automatic_bear_off(dice)
                    .map(|play| play.to_string()),
                _ => None,
            },
            position_id: game.map(|g| g.position().position_id()),
            match_id: game.and_then(|g| g.match_state().match_id().ok()),
            xgid: game.map(|g| Xgid::new(g.position(), g.match_state()).to_string()),
            log: self.log(),
        }))
    }

    fn export(&self) -> String {
        write_mat(&self.record)
    }

    fn backgammon_record(&self) -> Option<Match> {
        Some(self.record.clone())
    }

    fn computer_job(&self, level: u8, think_time: Duration) -> Option<ComputerJob> {
        self.to_act()?;
        let game = self.current()?;
        let position = game.position();
        let make = self.computer.player.clone();
        let state = game.match_state();
        let cube = before_roll(state);
        Some(match game.phase() {
            Phase::AwaitingRoll => {
                let may_double = self.double_block().is_none();
                Box::new(move || {
                    let mut player = make(level, think_time);
                    if may_double && or_fallback(player.double(&position, &cube), false) {
                        Command::Action(Action::Double)
                    } else {
                        Command::Action(Action::Roll)
                    }
                })
            }
            Phase::Doubled => Box::new(move || {
                let mut player = make(level, think_time);
                if or_fallback(player.take(&position, &cube), true) {
                    Command::Action(Action::Take)
                } else {
                    Command::Action(Action::Pass)
                }
            }),
            Phase::Moving(dice) => Box::new(move || {
                let mut player = make(level, think_time);
                let first = position.legal_moves(dice).first().copied();
                let chosen = choose_move(player.as_mut(), &position, dice, Some(&state));
                Command::Move(or_fallback(chosen, first.unwrap_or(Move::EMPTY)).to_string())
            }),
            Phase::ResignationOffered { .. } | Phase::Over(_) => return None,
        })
    }

    fn steps(&self, taken: &[[u8; 2]]) -> Result<StepsView, GameError> {
        if self.is_over() {
            return Err(GameError::Over);
        }
        let game = self.current().ok_or(GameError::Over)?;
        let mut turn = game.turn_builder().ok_or(GameError::NotMoving)?;
        for &[from, to] in taken {
            turn.play_checker(from, to).map_err(GameError::Step)?;
        }
        Ok(StepsView::new(&turn, game.on_roll()))
    }
}
