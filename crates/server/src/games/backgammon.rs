//! Backgammon as a [`Game`]: a thin layer over the rules crate's [`Match`] (opening roll, turns,
//! the doubling cube, scoring, Crawford, the `.mat` record), plus the built-in computer player
//! behind [`BackgammonPlayer`].
//!
//! Dice come from the rules crate's [`SeededDice`], seeded per game, so a stored game replays
//! exactly from its seed and its commands. The server adds three conveniences, all replayed the
//! same way: a turn where the player may not (or, with the cube off, does not) double starts with
//! the roll made; a roll with no legal move is played as the empty move; a finished game of an
//! unfinished match is followed at once by the next game.

use crate::game::{Action, Command, ComputerJob, Game, GameError, GameKind, GameResult, Side};
use ludus_backgammon::{
    CubeOwner, Dice, GameEnd, GameEvent, Match, MatchState, Move, Phase, Position, Rules, Seat,
    SeededDice, WinKind, write_mat,
};
use rand::RngExt;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// The longest match offered.
const MAX_MATCH_LENGTH: u32 = 25;

/// The cube as a player sees it when deciding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CubeInfo {
    /// Everything around the board in gnubg's terms (cube, owner, score, Crawford, who is on
    /// roll), for engines that work from a Match ID; `None` where it is not known.
    pub match_state: Option<MatchState>,
    /// The cube's value now.
    pub value: u32,
    /// Match length, 0 for a money game.
    pub match_length: u32,
    /// Points of the deciding side and of its opponent.
    pub score: [u32; 2],
}

/// A computer player for Backgammon. Implement it to plug in a stronger engine.
pub trait BackgammonPlayer: Send + Sync {
    /// Every legal move for `dice` in `position` (the mover's view) with a value for the mover,
    /// best first.
    fn rank_moves(&self, position: &Position, dice: Dice) -> Vec<(Move, f64)>;

    /// The move to play at strength `level` (1..=10) within about `think_time`.
    fn choose_move(&self, position: &Position, dice: Dice, level: u8, think_time: Duration)
    -> Move;

    /// Whether the side on roll in `position` offers a double now.
    fn should_double(&self, position: &Position, cube: CubeInfo) -> bool;

    /// Whether the side doubled accepts. `position` is seen from the doubler, who is on roll.
    fn should_take(&self, position: &Position, cube: CubeInfo) -> bool;
}

/// Rule options of the API: `{"match_length": 0 | 1..=25, "cube": bool}`.
#[derive(Debug, Clone, Copy)]
struct Options {
    match_length: u32,
    cube: bool,
}

fn parse_options(rules: &Value) -> Result<Options, String> {
    let mut options = Options {
        match_length: 0,
        cube: true,
    };
    let Some(object) = rules.as_object() else {
        return Ok(options);
    };
    for (key, value) in object {
        match key.as_str() {
            "match_length" => {
                options.match_length = value
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .filter(|n| *n <= MAX_MATCH_LENGTH)
                    .ok_or(format!(
                        "`match_length` must be 0 (money game) to {MAX_MATCH_LENGTH}"
                    ))?;
            }
            "cube" => options.cube = value.as_bool().ok_or("`cube` must be true or false")?,
            other => return Err(format!("unknown Backgammon rule option `{other}`")),
        }
    }
    Ok(options)
}

fn seat_of(side: Side) -> Seat {
    match side {
        Side::White => Seat::Zero,
        Side::Black => Seat::One,
    }
}

fn side_of(seat: Seat) -> Side {
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

fn dice_text(dice: Dice) -> String {
    format!("{}{}", dice.first(), dice.second())
}

/// A money game (one game) or a match: the rules crate's [`Match`] and its dice.
pub struct BackgammonGame {
    options: Options,
    record: Match,
    dice: SeededDice,
    /// Set when a player gave up the whole match.
    conceded_by: Option<Side>,
    player: Arc<dyn BackgammonPlayer>,
}

impl BackgammonGame {
    /// A new money game or match under the rule options, with dice from `seed`.
    pub fn new(
        rules: &Value,
        seed: u64,
        player: Arc<dyn BackgammonPlayer>,
    ) -> Result<BackgammonGame, String> {
        let options = parse_options(rules)?;
        let rules = if options.match_length == 0 {
            Rules::default()
        } else {
            Rules::match_to(options.match_length)
        };
        let mut game = BackgammonGame {
            options,
            record: Match::new(rules, ["White".to_string(), "Black".to_string()]),
            dice: SeededDice::new(seed),
            conceded_by: None,
            player,
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

    /// Whether the player on roll may double, as the rules crate says, with the cube enabled and
    /// not pointless (a match where the current stake already wins it).
    fn may_double(&self) -> bool {
        let Some(game) = self.current() else {
            return false;
        };
        let length = self.options.match_length;
        let (value, _) = game.cube();
        let useful = length == 0 || game.score()[game.on_roll().index()] + value < length;
        self.options.cube && useful && game.double_refusal().is_none()
    }

    /// Does what needs no decision: starts the next game of a match, rolls when doubling is not
    /// possible, plays the empty move when no checker can move.
    fn advance(&mut self) {
        for _ in 0..MAX_AUTOMATIC_STEPS {
            if self.conceded_by.is_some() {
                return;
            }
            let may_double = self.may_double();
            let dice = &mut self.dice;
            let done = match self.record.current_mut() {
                None => {
                    if self.record.winner().is_some()
                        || (self.options.match_length == 0 && !self.record.games().is_empty())
                    {
                        return;
                    }
                    self.record.new_game(dice).is_err()
                }
                Some(game) => match game.phase() {
                    Phase::AwaitingRoll if !may_double => game.roll(dice).is_err(),
                    Phase::Moving(_) if game.legal_moves().iter().all(Move::is_empty) => {
                        game.play(&Move::EMPTY).is_err()
                    }
                    _ => true,
                },
            };
            if done {
                return;
            }
        }
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
            // A double awaits an answer: giving up is passing (for the doubled player) or not
            // possible (for the doubler, who may just wait).
            return Err(GameError::ActionNotAllowed(
                "a double awaits an answer: take or pass".to_string(),
            ));
        }
        game.resign(seat_of(side), kind)
            .and_then(|()| game.accept_resignation())
            .map_err(|error| GameError::ActionNotAllowed(error.to_string()))
    }

    fn play_move(&mut self, text: &str) -> Result<(), GameError> {
        let game = self.record.current_mut().ok_or(GameError::Over)?;
        let Phase::Moving(dice) = game.phase() else {
            return Err(GameError::ActionNotAllowed(
                "roll the dice (or answer the double) before moving".to_string(),
            ));
        };
        let mv = game
            .position()
            .parse_move(dice, text)
            .map_err(|error| match error {
                ludus_backgammon::MoveParseError::Syntax { reason, .. } => GameError::BadNotation {
                    text: text.to_string(),
                    why: reason,
                },
                ludus_backgammon::MoveParseError::Illegal { .. } => GameError::Illegal {
                    text: text.to_string(),
                    why: format!("not a legal move with {}", dice_text(dice)),
                },
            })?;
        if mv.is_empty() {
            return Err(GameError::Illegal {
                text: text.to_string(),
                why: "a checker can move".to_string(),
            });
        }
        game.play(&mv).map_err(|error| GameError::Illegal {
            text: text.to_string(),
            why: error.to_string(),
        })
    }

    fn cube_info(&self, seat: Seat) -> CubeInfo {
        let (value, score) = self
            .current()
            .map_or((1, [0, 0]), |game| (game.cube().0, game.score()));
        CubeInfo {
            match_state: self.current().map(ludus_backgammon::Game::match_state),
            value,
            match_length: self.options.match_length,
            score: [score[seat.index()], score[seat.other().index()]],
        }
    }

    /// Checker arrays (own numbering: 0 off, 1..=24, 25 bar) of white and black.
    fn arrays(&self) -> ([u8; 26], [u8; 26]) {
        let Some(game) = self.current() else {
            let start = Position::starting();
            return (start.player_checkers(), start.opponent_checkers());
        };
        let position = game.position();
        let (mover, other) = (position.player_checkers(), position.opponent_checkers());
        match game.on_roll() {
            Seat::Zero => (mover, other),
            Seat::One => (other, mover),
        }
    }

    /// The log of every game: one line per action, as the `.mat` record words them.
    fn log(&self) -> Vec<Value> {
        let mut lines = Vec::new();
        for (index, game) in self.record.games().iter().enumerate() {
            let number = index + 1;
            let mut line = |seat: Seat, text: String| {
                lines.push(json!({ "game": number, "side": side_of(seat), "text": text }));
            };
            for event in game.events() {
                match *event {
                    GameEvent::Turn {
                        seat,
                        dice,
                        play: Some(play),
                    } => {
                        line(seat, format!("{}: {play}", dice_text(dice)));
                    }
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
            lines.push(json!({ "game": self.record.games().len(), "side": side, "text": "Resigns the match" }));
        }
        lines
    }

    /// The last finished game: winner, points and how.
    fn last_game(&self) -> Option<Value> {
        let outcome = self
            .record
            .games()
            .iter()
            .rev()
            .find_map(|game| game.outcome())?;
        Some(json!({
            "winner": side_of(outcome.winner),
            "points": outcome.points,
            "kind": end_name(outcome.end),
        }))
    }
}

/// Bound on the automatic steps after one command (a new game, rolls, passes without a move):
/// far more than real play needs; it keeps every loop finite.
const MAX_AUTOMATIC_STEPS: usize = 256;

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
        let may_double = self.may_double();
        let not_allowed =
            |error: ludus_backgammon::GameError| GameError::ActionNotAllowed(error.to_string());
        match command {
            Command::Move(text) => self.play_move(text)?,
            Command::Action(action) => {
                let game = self.record.current_mut().ok_or(GameError::Over)?;
                match action {
                    Action::Roll => game.roll(&mut self.dice).map(drop).map_err(not_allowed)?,
                    Action::Double if !may_double => {
                        return Err(GameError::ActionNotAllowed(
                            "you may not double now (the cube is off, not yours, at its limit, \
                             or this is the Crawford game)"
                                .to_string(),
                        ));
                    }
                    Action::Double => game.double().map_err(not_allowed)?,
                    Action::Take => game.take().map_err(not_allowed)?,
                    Action::Pass => game.pass().map_err(not_allowed)?,
                    Action::Resign => {}
                }
            }
        }
        self.advance();
        Ok(())
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
            Some(Phase::AwaitingRoll) if self.may_double() => {
                vec![Action::Roll, Action::Double, Action::Resign]
            }
            Some(Phase::AwaitingRoll) => vec![Action::Roll, Action::Resign],
            Some(Phase::Moving(_)) => vec![Action::Resign],
            Some(Phase::Doubled) => vec![Action::Take, Action::Pass],
            _ => Vec::new(),
        }
    }

    fn rules(&self) -> Value {
        json!({ "match_length": self.options.match_length, "cube": self.options.cube })
    }

    fn view(&self) -> Value {
        let (white, black) = self.arrays();
        // White's points 1..=24; positive: white checkers, negative: black ones.
        let points: Vec<i32> = (1..=24)
            .map(|point| i32::from(white[point]) - i32::from(black[25 - point]))
            .collect();
        let pips = |side: &[u8; 26]| -> u32 {
            side.iter()
                .enumerate()
                .map(|(point, count)| point as u32 * u32::from(*count))
                .sum()
        };
        let game = self.current();
        let phase = if self.is_over() { None } else { self.phase() };
        let (dice, legal) = match (phase, game) {
            (Some(Phase::Moving(dice)), Some(game)) => {
                let legal: Vec<Value> = game
                    .legal_moves()
                    .iter()
                    .map(|mv| {
                        let steps: Vec<[u8; 2]> = mv
                            .checker_moves()
                            .iter()
                            .map(|step| [step.from, step.to])
                            .collect();
                        json!({ "move": mv.to_string(), "steps": steps })
                    })
                    .collect();
                (Some([dice.first(), dice.second()]), legal)
            }
            _ => (None, Vec::new()),
        };
        let phase_name = match phase {
            Some(Phase::AwaitingRoll) => "roll",
            Some(Phase::Moving(_)) => "move",
            Some(Phase::Doubled) => "doubled",
            Some(Phase::ResignationOffered { .. }) => "resignation",
            Some(Phase::Over(_)) | None => "over",
        };
        let (cube_value, cube_owner) = game.map_or((1, CubeOwner::Centered), |g| g.cube());
        let owner = match cube_owner {
            CubeOwner::Centered => None,
            CubeOwner::Owned(seat) => Some(side_of(seat)),
        };
        let score = self.record.score();
        json!({
            "points": points,
            "bar": { "white": white[25], "black": black[25] },
            "off": { "white": white[0], "black": black[0] },
            "pips": { "white": pips(&white), "black": pips(&black) },
            "turn": game.map(|g| side_of(g.on_roll())),
            "phase": phase_name,
            "dice": dice,
            "legal": legal,
            "cube": {
                "enabled": self.options.cube,
                "value": cube_value,
                "owner": owner,
                "offered": phase == Some(Phase::Doubled),
            },
            "match": {
                "length": self.options.match_length,
                "score": { "white": score[0], "black": score[1] },
                "crawford": game.is_some_and(|g| g.is_crawford()),
                "game": self.record.games().len(),
            },
            "last_game": self.last_game(),
            "position_id": game.map(|g| g.position().position_id()),
            "match_id": game.and_then(|g| g.match_state().match_id().ok()),
            "log": self.log(),
        })
    }

    fn export(&self) -> String {
        write_mat(&self.record)
    }

    fn computer_job(&self, level: u8, think_time: Duration) -> Option<ComputerJob> {
        self.to_act()?;
        let game = self.current()?;
        let position = game.position();
        let player = self.player.clone();
        Some(match game.phase() {
            Phase::AwaitingRoll => {
                let cube = self.cube_info(game.on_roll());
                let may_double = self.may_double();
                Box::new(move || {
                    if may_double && player.should_double(&position, cube) {
                        Command::Action(Action::Double)
                    } else {
                        Command::Action(Action::Roll)
                    }
                })
            }
            Phase::Doubled => {
                let cube = self.cube_info(game.on_roll().other());
                Box::new(move || {
                    if player.should_take(&position, cube) {
                        Command::Action(Action::Take)
                    } else {
                        Command::Action(Action::Pass)
                    }
                })
            }
            Phase::Moving(dice) => Box::new(move || {
                Command::Move(
                    player
                        .choose_move(&position, dice, level, think_time)
                        .to_string(),
                )
            }),
            Phase::ResignationOffered { .. } | Phase::Over(_) => return None,
        })
    }
}

/// `GET /api/backgammon/analysis`: the built-in player's ranking of the moves, the pip counts.
pub fn analysis(
    position_id: Option<&str>,
    match_id: Option<&str>,
    dice: Option<&str>,
    players: &super::Players,
) -> Result<Value, String> {
    let position = match position_id {
        None | Some("") => Position::starting(),
        Some(id) => Position::from_position_id(id)
            .map_err(|error| format!("position id {id:?}: {error}"))?,
    };
    // The cube as the match id describes it (money, centred cube when none is given).
    let mut cube = CubeInfo {
        match_state: None,
        value: 1,
        match_length: 0,
        score: [0, 0],
    };
    let mut may_double = true;
    if let Some(id) = match_id.filter(|id| !id.is_empty()) {
        let state =
            MatchState::from_match_id(id).map_err(|error| format!("match id {id:?}: {error}"))?;
        let on_roll = state.on_roll;
        cube = CubeInfo {
            match_state: Some(state),
            value: state.cube_value,
            match_length: state.match_length,
            score: [
                state.score[on_roll.index()],
                state.score[on_roll.other().index()],
            ],
        };
        may_double = !state.crawford && state.cube_owner != CubeOwner::Owned(on_roll.other());
    }
    let (player_pips, opponent_pips) = position.pip_count();
    let double = may_double && players.backgammon.should_double(&position, cube);
    let mut answer = json!({
        "position_id": position.position_id(),
        "pips": { "player": player_pips, "opponent": opponent_pips },
        "cube": { "may_double": may_double, "double": double, "take": players.backgammon.should_take(&position, cube) },
    });
    if let Some(text) = dice.filter(|text| !text.is_empty()) {
        let dice: Dice = text
            .parse()
            .map_err(|error| format!("dice {text:?}: {error}"))?;
        let moves: Vec<Value> = players
            .backgammon
            .rank_moves(&position, dice)
            .into_iter()
            .map(|(mv, value)| json!({ "move": mv.to_string(), "value": value }))
            .collect();
        answer["moves"] = json!(moves);
    }
    Ok(answer)
}

/// The built-in Backgammon player: one ply, a hand-written evaluation (pip count, exposed blots,
/// made points, anchors, checkers hit); the lowest levels sometimes play a weaker move.
#[derive(Debug, Clone, Copy, Default)]
pub struct Greedy;

/// Weights of the evaluation, in pips.
const BLOT_DIRECT: f64 = 9.0;
const BLOT_INDIRECT: f64 = 4.0;
const HOME_POINT: f64 = 5.0;
const OUTER_POINT: f64 = 2.5;
const ANCHOR: f64 = 3.0;
const HIT: f64 = 6.0;
/// Value of winning outright (beyond any pip difference).
const WIN_VALUE: f64 = 10_000.0;
/// A pip lead (as a fraction of the opponent's count) at which the player doubles, and the
/// deficit at which it still takes.
const DOUBLE_LEAD: f64 = 0.10;
const TAKE_DEFICIT: f64 = 0.20;

impl Greedy {
    /// Value of a board for its side on roll, as if it had just moved (higher is better).
    fn evaluate(after: &Position) -> f64 {
        if let Some(result) = after.game_result() {
            return WIN_VALUE * f64::from(result.kind.multiplier());
        }
        let (mine, theirs) = after.pip_count();
        let mut value = f64::from(theirs) - f64::from(mine);
        // The opponent's checkers, in our numbering: their point q is our 25 - q; their bar can
        // reach our points 1..=6 (they enter on their 25 - d = our d).
        let opponent_at = |point: i32| -> u8 {
            if point <= 0 {
                after.opponent(25)
            } else {
                after.opponent((25 - point) as u8)
            }
        };
        for point in 1..=24u8 {
            let count = after.player(point);
            if count == 1 {
                // Shots: opposing checkers below this point (they move upward in our numbering).
                let direct = (1..=6).any(|d| opponent_at(i32::from(point) - d) > 0);
                let indirect = (7..=12).any(|d| opponent_at(i32::from(point) - d) > 0);
                if direct {
                    value -= BLOT_DIRECT;
                } else if indirect {
                    value -= BLOT_INDIRECT;
                }
            } else if count >= 2 {
                value += match point {
                    1..=6 => HOME_POINT,
                    7..=11 => OUTER_POINT,
                    19..=24 => ANCHOR,
                    _ => 0.0,
                };
            }
        }
        value += HIT * f64::from(after.opponent(25));
        value
    }

    fn blunder_percent(level: u8) -> u32 {
        match level {
            1 => 35,
            2 => 20,
            3 => 10,
            4 => 5,
            _ => 0,
        }
    }
}

impl BackgammonPlayer for Greedy {
    fn rank_moves(&self, position: &Position, dice: Dice) -> Vec<(Move, f64)> {
        let mut ranked: Vec<(Move, f64)> = position
            .legal_moves_with_positions(dice)
            .into_iter()
            .map(|(mv, after)| (mv, Self::evaluate(&after)))
            .collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        ranked
    }

    fn choose_move(
        &self,
        position: &Position,
        dice: Dice,
        level: u8,
        _think_time: Duration,
    ) -> Move {
        let ranked = self.rank_moves(position, dice);
        let mut rng = rand::rng();
        if ranked.len() > 1 && rng.random_range(0..100) < Self::blunder_percent(level) {
            // A plausible slip: one of the better half, not the best.
            let pick = rng.random_range(1..=ranked.len().div_ceil(2).min(ranked.len() - 1));
            return ranked[pick].0;
        }
        ranked.first().map(|(mv, _)| *mv).unwrap_or(Move::EMPTY)
    }

    fn should_double(&self, position: &Position, cube: CubeInfo) -> bool {
        let (mine, theirs) = position.pip_count();
        let lead = (f64::from(theirs) - f64::from(mine)) / f64::from(theirs.max(1));
        let _ = cube;
        position.is_race() && lead >= DOUBLE_LEAD || lead >= 2.0 * DOUBLE_LEAD
    }

    fn should_take(&self, position: &Position, cube: CubeInfo) -> bool {
        // `position` is from the doubler's view: the player is the doubler.
        let (doubler, taker) = position.pip_count();
        let deficit = (f64::from(taker) - f64::from(doubler)) / f64::from(doubler.max(1));
        let _ = cube;
        deficit <= TAKE_DEFICIT
    }
}
