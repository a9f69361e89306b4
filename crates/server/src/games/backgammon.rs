//! Backgammon as a [`Game`]: the turn structure (opening roll, rolling, doubling, taking,
//! passing), money games and matches with the Crawford rule, over the rules crate's positions,
//! dice and legal moves; plus the built-in computer player behind [`BackgammonPlayer`].
//!
//! Dice come from a ChaCha RNG seeded per game, so a stored game replays exactly from its seed
//! and its commands. A roll with no legal move passes the turn by itself; a turn where the player
//! may not double starts with the roll already made.

use crate::game::{Action, Command, Game, GameError, GameKind, GameResult, Side};
use ludus_backgammon::{Dice, Move, MoveParseError, Position, WinKind};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// The cube's highest face (the physical cube of the source, `docs/rules.md`).
const CUBE_LIMIT: u32 = 64;
/// The longest match offered.
const MAX_MATCH_LENGTH: u32 = 25;
/// Bound on turns passed in a row because nobody can move (never reached in real play; keeps a
/// replay loop finite).
const MAX_DANCES_IN_A_ROW: usize = 64;

/// The cube as a player sees it when deciding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CubeInfo {
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

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// The side on roll may double or roll.
    Roll,
    /// The side on roll must move with these dice.
    Move(Dice),
    /// The side on roll doubled; the other side must take or pass.
    Doubled,
    /// The money game or the match is over.
    Over,
}

/// One line of the game log: what a side did.
#[derive(Debug, Clone)]
struct Entry {
    game: u32,
    side: Side,
    /// `31: 8/5 6/5`, `Doubles => 2`, `Takes`, `Drops`, `Wins 2 points`, …
    text: String,
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

/// A money game or a match.
pub struct BackgammonGame {
    options: Options,
    rng: ChaCha8Rng,
    /// The board from the view of `on_roll`.
    position: Position,
    on_roll: Side,
    phase: Phase,
    cube_value: u32,
    cube_owner: Option<Side>,
    score: [u32; 2],
    game_number: u32,
    crawford_game: bool,
    crawford_done: bool,
    log: Vec<Entry>,
    /// Winner, points and kind of the last finished game.
    last_game: Option<(Side, u32, &'static str)>,
    result: Option<GameResult>,
    player: Arc<dyn BackgammonPlayer>,
}

/// Stands in for a roll outside 1..=6, which [`BackgammonGame::die`] never produces.
const IMPOSSIBLE_ROLL: Dice = match Dice::new(2, 1) {
    Some(dice) => dice,
    None => panic!("2-1 is a roll"),
};

/// The roll of two dice drawn from 1..=6.
fn roll_of(first: u8, second: u8) -> Dice {
    Dice::new(first, second).unwrap_or(IMPOSSIBLE_ROLL)
}

fn kind_name(kind: WinKind) -> &'static str {
    match kind {
        WinKind::Single => "single",
        WinKind::Gammon => "gammon",
        WinKind::Backgammon => "backgammon",
    }
}

impl BackgammonGame {
    /// A new money game or match under the rule options, with dice from `seed`.
    pub fn new(
        rules: &Value,
        seed: u64,
        player: Arc<dyn BackgammonPlayer>,
    ) -> Result<BackgammonGame, String> {
        let mut game = BackgammonGame {
            options: parse_options(rules)?,
            rng: ChaCha8Rng::seed_from_u64(seed),
            position: Position::starting(),
            on_roll: Side::White,
            phase: Phase::Roll,
            cube_value: 1,
            cube_owner: None,
            score: [0, 0],
            game_number: 0,
            crawford_game: false,
            crawford_done: false,
            log: Vec::new(),
            last_game: None,
            result: None,
            player,
        };
        game.start_game();
        Ok(game)
    }

    fn die(&mut self) -> u8 {
        self.rng.random_range(1..=6)
    }

    /// A new game: the starting board and the opening roll (one die each, rerolled on a tie).
    fn start_game(&mut self) {
        self.game_number += 1;
        self.position = Position::starting();
        self.cube_value = 1;
        self.cube_owner = None;
        let (white, black) = loop {
            let (white, black) = (self.die(), self.die());
            if white != black {
                break (white, black);
            }
        };
        self.on_roll = if white > black {
            Side::White
        } else {
            Side::Black
        };
        let (first, second) = if white > black {
            (white, black)
        } else {
            (black, white)
        };
        let dice = roll_of(first, second);
        self.phase = Phase::Move(dice);
    }

    /// Whether `side`, on roll at the start of its turn, may double.
    fn may_double(&self, side: Side) -> bool {
        let owner_ok = self.cube_owner.is_none_or(|owner| owner == side);
        let useful = self.options.match_length == 0
            || self.score[side.index()] + self.cube_value < self.options.match_length;
        self.options.cube
            && owner_ok
            && self.cube_value < CUBE_LIMIT
            && !self.crawford_game
            && useful
    }

    /// The next side's turn: wait for roll/double, or roll at once when doubling is not allowed.
    fn begin_turn(&mut self) {
        if self.may_double(self.on_roll) {
            self.phase = Phase::Roll;
        } else {
            self.roll();
        }
    }

    /// Rolls for the side on roll; passes the turn (and rolls for the next) when no move exists.
    fn roll(&mut self) {
        for _ in 0..MAX_DANCES_IN_A_ROW {
            let dice = roll_of(self.die(), self.die());
            let moves = self.position.legal_moves(dice);
            if moves.iter().any(|mv| !mv.is_empty()) {
                self.phase = Phase::Move(dice);
                return;
            }
            self.note(self.on_roll, format!("{}{}: ", dice.first(), dice.second()));
            self.position = self.position.swapped();
            self.on_roll = self.on_roll.opponent();
            if self.may_double(self.on_roll) {
                self.phase = Phase::Roll;
                return;
            }
        }
        self.phase = Phase::Roll;
    }

    fn note(&mut self, side: Side, text: String) {
        self.log.push(Entry {
            game: self.game_number,
            side,
            text,
        });
    }

    /// Ends the current game: scores it, and ends the session or starts the next game.
    fn end_game(&mut self, winner: Side, points: u32, kind: &'static str) {
        self.note(
            winner,
            format!("Wins {points} point{}", if points == 1 { "" } else { "s" }),
        );
        self.score[winner.index()] += points;
        self.last_game = Some((winner, points, kind));
        let length = self.options.match_length;
        if length == 0 {
            self.finish(winner, points, kind);
            return;
        }
        if self.score[winner.index()] >= length {
            self.finish(winner, self.score[winner.index()], "match");
            return;
        }
        self.crawford_game = !self.crawford_done && self.score[winner.index()] == length - 1;
        self.crawford_done |= self.crawford_game;
        self.start_game();
    }

    fn finish(&mut self, winner: Side, points: u32, reason: &str) {
        self.phase = Phase::Over;
        self.result = Some(GameResult {
            winner: Some(winner),
            points,
            reason: reason.to_string(),
        });
    }

    /// The kind of win if `loser` gave up now: as if the winner had just borne off.
    fn resignation_kind(&self, loser: Side) -> WinKind {
        let view = if loser == self.on_roll {
            self.position
        } else {
            self.position.swapped()
        };
        // `view` is from the loser's side.
        if view.player(0) > 0 {
            WinKind::Single
        } else if (19..=25).any(|point| view.player(point) > 0) {
            WinKind::Backgammon
        } else {
            WinKind::Gammon
        }
    }

    fn play_move(&mut self, side: Side, dice: Dice, text: &str) -> Result<(), GameError> {
        let mv = self
            .position
            .parse_move(dice, text)
            .map_err(|error| match error {
                MoveParseError::Syntax { reason, .. } => GameError::BadNotation {
                    text: text.to_string(),
                    why: reason,
                },
                MoveParseError::Illegal { .. } => GameError::Illegal {
                    text: text.to_string(),
                    why: format!("not a legal move with {}{}", dice.first(), dice.second()),
                },
            })?;
        if mv.is_empty() {
            return Err(GameError::Illegal {
                text: text.to_string(),
                why: "a checker can move".to_string(),
            });
        }
        self.note(side, format!("{}{}: {mv}", dice.first(), dice.second()));
        let after = self.position.apply(&mv);
        if let Some(end) = after.game_result() {
            // The mover just bore off its last checker.
            let points = end.points(self.cube_value);
            self.position = after;
            self.end_game(side, points, kind_name(end.kind));
            return Ok(());
        }
        self.position = after.swapped();
        self.on_roll = side.opponent();
        self.begin_turn();
        Ok(())
    }

    fn cube_info(&self, side: Side) -> CubeInfo {
        CubeInfo {
            value: self.cube_value,
            match_length: self.options.match_length,
            score: [
                self.score[side.index()],
                self.score[side.opponent().index()],
            ],
        }
    }

    /// Checker arrays (own numbering: 0 off, 1..=24, 25 bar) of white and black.
    fn arrays(&self) -> ([u8; 26], [u8; 26]) {
        let (mover, other) = (
            self.position.player_checkers(),
            self.position.opponent_checkers(),
        );
        match self.on_roll {
            Side::White => (mover, other),
            Side::Black => (other, mover),
        }
    }

    fn export_mat(&self) -> String {
        let mut text = format!(
            "; [Game \"Backgammon\"]\n; [Seed and dice: Ludus ChaCha8]\n\n {} point match\n",
            self.options.match_length
        );
        let mut score = [0u32; 2];
        for game in 1..=self.game_number {
            text.push_str(&format!(
                "\n Game {game}\n White : {:<24}Black : {}\n",
                score[0], score[1]
            ));
            let mut rows: Vec<[String; 2]> = Vec::new();
            let mut row: [Option<String>; 2] = [None, None];
            for entry in self.log.iter().filter(|entry| entry.game == game) {
                if let Some(points) = entry
                    .text
                    .strip_prefix("Wins ")
                    .and_then(|rest| rest.split(' ').next())
                    .and_then(|n| n.parse::<u32>().ok())
                {
                    score[entry.side.index()] += points;
                }
                let column = entry.side.index();
                if row[column].is_some() || (column == 0 && row[1].is_some()) {
                    rows.push([
                        row[0].take().unwrap_or_default(),
                        row[1].take().unwrap_or_default(),
                    ]);
                }
                row[column] = Some(entry.text.clone());
                if column == 1 {
                    rows.push([
                        row[0].take().unwrap_or_default(),
                        row[1].take().unwrap_or_default(),
                    ]);
                }
            }
            if row.iter().any(Option::is_some) {
                rows.push([
                    row[0].take().unwrap_or_default(),
                    row[1].take().unwrap_or_default(),
                ]);
            }
            for (number, [left, right]) in rows.iter().enumerate() {
                text.push_str(&format!("{:>3}) {left:<28}{right}\n", number + 1));
            }
        }
        text
    }
}

impl Game for BackgammonGame {
    fn kind(&self) -> GameKind {
        GameKind::Backgammon
    }

    fn to_act(&self) -> Option<Side> {
        match self.phase {
            Phase::Over => None,
            Phase::Roll | Phase::Move(_) => Some(self.on_roll),
            Phase::Doubled => Some(self.on_roll.opponent()),
        }
    }

    fn apply(&mut self, side: Side, command: &Command) -> Result<(), GameError> {
        let Some(to_act) = self.to_act() else {
            return Err(GameError::Over);
        };
        if *command == Command::Action(Action::Resign) {
            let kind = self.resignation_kind(side);
            self.note(side, "Resigns".to_string());
            let points = WinKind::multiplier(kind) * self.cube_value;
            self.end_game(side.opponent(), points, kind_name(kind));
            if self.options.match_length > 0 && self.result.is_none() {
                // Resigning in a match gives up the whole match.
                let winner = side.opponent();
                self.finish(winner, self.score[winner.index()], "resign");
            } else if let Some(result) = &mut self.result {
                result.reason = "resign".to_string();
            }
            return Ok(());
        }
        if side != to_act {
            return Err(GameError::NotYourTurn(side));
        }
        let not_now = |what: &str| Err(GameError::ActionNotAllowed(what.to_string()));
        match (command, self.phase) {
            (Command::Move(text), Phase::Move(dice)) => self.play_move(side, dice, text),
            (Command::Move(_), Phase::Roll) => not_now("roll the dice (or double) before moving"),
            (Command::Move(_), _) => not_now("answer the double (take or pass) first"),
            (Command::Action(Action::Roll), Phase::Roll) => {
                self.roll();
                Ok(())
            }
            (Command::Action(Action::Double), Phase::Roll) if self.may_double(side) => {
                self.note(side, format!("Doubles => {}", self.cube_value * 2));
                self.phase = Phase::Doubled;
                Ok(())
            }
            (Command::Action(Action::Double), Phase::Roll) => {
                not_now("you may not double now (the cube is not yours, or the Crawford rule)")
            }
            (Command::Action(Action::Take), Phase::Doubled) => {
                self.note(side, "Takes".to_string());
                self.cube_value *= 2;
                self.cube_owner = Some(side);
                self.roll();
                Ok(())
            }
            (Command::Action(Action::Pass), Phase::Doubled) => {
                self.note(side, "Drops".to_string());
                self.end_game(side.opponent(), self.cube_value, "pass");
                Ok(())
            }
            (Command::Action(action), _) => {
                not_now(&format!("`{}` is not possible now", action.name()))
            }
        }
    }

    fn result(&self) -> Option<GameResult> {
        self.result.clone()
    }

    fn legal_moves(&self) -> Vec<String> {
        match self.phase {
            Phase::Move(dice) => self
                .position
                .legal_moves(dice)
                .iter()
                .map(ToString::to_string)
                .collect(),
            _ => Vec::new(),
        }
    }

    fn actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Roll if self.may_double(self.on_roll) => {
                vec![Action::Roll, Action::Double, Action::Resign]
            }
            Phase::Roll => vec![Action::Roll, Action::Resign],
            Phase::Move(_) => vec![Action::Resign],
            Phase::Doubled => vec![Action::Take, Action::Pass, Action::Resign],
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
        let (dice, legal) = match self.phase {
            Phase::Move(dice) => {
                let legal: Vec<Value> = self
                    .position
                    .legal_moves(dice)
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
        let phase = match self.phase {
            Phase::Roll => "roll",
            Phase::Move(_) => "move",
            Phase::Doubled => "doubled",
            Phase::Over => "over",
        };
        let log: Vec<Value> = self
            .log
            .iter()
            .map(|entry| json!({ "game": entry.game, "side": entry.side, "text": entry.text }))
            .collect();
        json!({
            "points": points,
            "bar": { "white": white[25], "black": black[25] },
            "off": { "white": white[0], "black": black[0] },
            "pips": { "white": pips(&white), "black": pips(&black) },
            "turn": self.on_roll,
            "phase": phase,
            "dice": dice,
            "legal": legal,
            "cube": {
                "enabled": self.options.cube,
                "value": self.cube_value,
                "owner": self.cube_owner,
                "offered": self.phase == Phase::Doubled,
            },
            "match": {
                "length": self.options.match_length,
                "score": { "white": self.score[0], "black": self.score[1] },
                "crawford": self.crawford_game,
                "game": self.game_number,
            },
            "last_game": self.last_game.map(|(winner, points, kind)| {
                json!({ "winner": winner, "points": points, "kind": kind })
            }),
            "position_id": self.position.position_id(),
            "log": log,
        })
    }

    fn export(&self) -> String {
        self.export_mat()
    }

    fn computer_command(&self, level: u8, think_time: Duration) -> Option<Command> {
        let side = self.to_act()?;
        Some(match self.phase {
            Phase::Over => return None,
            Phase::Roll => {
                if self.may_double(side)
                    && self
                        .player
                        .should_double(&self.position, self.cube_info(side))
                {
                    Command::Action(Action::Double)
                } else {
                    Command::Action(Action::Roll)
                }
            }
            Phase::Doubled => {
                if self
                    .player
                    .should_take(&self.position, self.cube_info(side))
                {
                    Command::Action(Action::Take)
                } else {
                    Command::Action(Action::Pass)
                }
            }
            Phase::Move(dice) => Command::Move(
                self.player
                    .choose_move(&self.position, dice, level, think_time)
                    .to_string(),
            ),
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
    if match_id.is_some_and(|id| !id.is_empty()) {
        return Err("match ids are not supported by the built-in player yet".to_string());
    }
    let (player_pips, opponent_pips) = position.pip_count();
    let mut answer = json!({
        "position_id": position.position_id(),
        "pips": { "player": player_pips, "opponent": opponent_pips },
        "double": players.backgammon.should_double(&position, CubeInfo { value: 1, match_length: 0, score: [0, 0] }),
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
