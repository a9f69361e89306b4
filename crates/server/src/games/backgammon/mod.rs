//! Backgammon as a [`Game`]: a thin layer over the rules crate's [`Match`] (opening roll, turns,
//! the doubling cube, scoring, Crawford, the `.mat` record, the checker steps of a [`Turn`](ludus_backgammon::Turn)),
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
use ludus_backgammon::player::{PlayerError, choose_move};
use ludus_backgammon::{
    AutomaticSteps, CubeOwner, DiceMark, GameEnd, GameEvent, Match, MatchState, Move, Phase,
    Position, Rules, Seat, SeededDice, WinKind, Xgid, write_mat,
};
pub(in crate::games) use rules::parse_rules;
use rules::start_setup;
use serde_json::Value;
use std::time::Duration;

mod ranker;
mod rules;
mod views;

pub use ranker::{
    ANALYSIS_SHOWN, BeforeRoll, CubeValues, MAX_ANALYSIS_PLIES, MoneyRules, MoveRanker, MoveValue,
    RolloutKind, RolloutLength, RolloutPart,
};
pub use rules::BackgammonRules;
pub use views::{
    BackgammonPhase, BackgammonView, BoardView, CubeView, DieView, LastGameView, LastPlayView,
    LogLine, MatchView, NextStep, PlayedStep, StepsView,
};

/// The decision of a computer's player, or `fallback` where it failed (logged; the players
/// `ludus serve` gives are Ludus's own, which never fail).
fn or_fallback<T>(decision: Result<T, PlayerError>, fallback: T) -> T {
    decision.unwrap_or_else(|error| {
        tracing::warn!("the computer player failed: {error}");
        fallback
    })
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

/// The rules crate's rules of a game under `options`: without the cube, a cube that cannot
/// be turned (its ceiling 1), so that the rules refuse a double and the review sees no cube
/// decision.
fn record_rules(options: &BackgammonRules) -> Rules {
    let rules = Rules::match_to(options.match_length);
    if options.cube {
        rules
    } else {
        Rules {
            max_cube_log2: 0,
            ..rules
        }
    }
}

impl BackgammonGame {
    /// A new money game or match under the rule options, with dice from `seed`.
    pub fn new(
        rules: &Value,
        seed: u64,
        start: Option<&str>,
        computer: BackgammonComputer,
    ) -> Result<BackgammonGame, RulesError> {
        let mut options = parse_rules(rules)?;
        if let Some(text) = start {
            let (state, setup) = start_setup(text)?;
            options.match_length = state.match_length;
            let rules = record_rules(&options);
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
        let rules = record_rules(&options);
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
