//! Nine Men's Morris as a [`Game`]: a thin layer over `ludus-morris`, plus the built-in computer
//! player (a shallow alpha-beta search) behind [`MorrisPlayer`].

use crate::game::{Action, Command, ComputerJob, Game, GameError, GameKind, GameResult, Side};
use ludus_morris::geometry::{MILLS, NEIGHBOURS};
use ludus_morris::record::{OffBoardResult, Record};
use ludus_morris::{Color, Move, Outcome, Position, Rules, Square};
use rand::RngExt;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A computer player for Morris. Implement it to plug in a stronger engine.
pub trait MorrisPlayer: Send + Sync {
    /// The move to play in `position` (the side to move's), at strength `level` (1..=10), within
    /// about `think_time`. `history` holds every earlier position of the game, oldest first (for
    /// the repetition rule). `None` only when there is no legal move.
    fn choose(
        &self,
        position: &Position,
        rules: &Rules,
        history: &[Position],
        level: u8,
        think_time: Duration,
    ) -> Option<Move>;

    /// Every legal move with a value for the side to move (higher is better), best first.
    fn analyse(&self, position: &Position, rules: &Rules, think_time: Duration)
    -> Vec<(Move, i32)>;
}

fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

fn color_of(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

/// The rule options of the API: `{"flying": bool, "n_move_rule": n|null, "threefold": bool}`.
fn parse_rules(rules: &Value) -> Result<Rules, String> {
    let mut parsed = Rules::standard();
    let Some(object) = rules.as_object() else {
        return Ok(parsed);
    };
    for (key, value) in object {
        match key.as_str() {
            "flying" => {
                parsed.flying = value.as_bool().ok_or("`flying` must be true or false")?;
            }
            "threefold" => {
                parsed.threefold_repetition =
                    value.as_bool().ok_or("`threefold` must be true or false")?;
            }
            "n_move_rule" => {
                parsed.n_move_rule = match value {
                    Value::Null => None,
                    other => Some(
                        other
                            .as_u64()
                            .and_then(|n| u32::try_from(n).ok())
                            .filter(|n| *n > 0)
                            .ok_or("`n_move_rule` must be a positive number or null")?,
                    ),
                };
            }
            other => return Err(format!("unknown Morris rule option `{other}`")),
        }
    }
    Ok(parsed)
}

/// A Morris game: the rules crate's [`ludus_morris::Game`] (history and draw rules) plus a
/// possible resignation.
pub struct MorrisGame {
    game: ludus_morris::Game,
    /// A resignation ends the game before the board does.
    resigned: Option<Side>,
    player: Arc<dyn MorrisPlayer>,
}

impl MorrisGame {
    /// A new game from the empty board under the given rule options.
    pub fn new(rules: &Value, player: Arc<dyn MorrisPlayer>) -> Result<MorrisGame, String> {
        Ok(MorrisGame {
            game: ludus_morris::Game::new(parse_rules(rules)?),
            resigned: None,
            player,
        })
    }

    fn position(&self) -> &Position {
        self.game.position()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The mills standing on the board, as lists of point names.
    fn standing_mills(&self) -> Vec<Value> {
        let position = self.position();
        let mut mills = Vec::new();
        for color in Color::ALL {
            let pieces = position.pieces(color);
            for mill in MILLS {
                if pieces & mill == mill {
                    let points: Vec<&str> = Square::iter_bits(mill).map(Square::name).collect();
                    mills.push(json!({ "color": side_of(color), "points": points }));
                }
            }
        }
        mills
    }
}

impl Game for MorrisGame {
    fn kind(&self) -> GameKind {
        GameKind::Morris
    }

    fn to_act(&self) -> Option<Side> {
        if self.resigned.is_some() || self.outcome().is_some() {
            return None;
        }
        Some(side_of(self.position().side_to_move()))
    }

    fn apply(&mut self, side: Side, command: &Command) -> Result<(), GameError> {
        let Some(to_act) = self.to_act() else {
            return Err(GameError::Over);
        };
        match command {
            Command::Action(Action::Resign) => {
                self.resigned = Some(side);
                Ok(())
            }
            Command::Action(other) => Err(GameError::ActionNotAllowed(format!(
                "Morris has no `{}` action",
                other.name()
            ))),
            Command::Move(text) => {
                if side != to_act {
                    return Err(GameError::NotYourTurn(side));
                }
                let mv: Move = text
                    .parse()
                    .map_err(
                        |error: ludus_morris::ParseMoveError| GameError::BadNotation {
                            text: text.clone(),
                            why: error.to_string(),
                        },
                    )?;
                self.game.play(mv).map_err(|error| GameError::Illegal {
                    text: text.clone(),
                    why: error.to_string(),
                })
            }
        }
    }

    fn result(&self) -> Option<GameResult> {
        if let Some(loser) = self.resigned {
            return Some(GameResult {
                winner: Some(loser.opponent()),
                points: 1,
                reason: "resign".to_string(),
            });
        }
        self.outcome().map(|outcome| GameResult {
            winner: outcome.winner.map(side_of),
            points: u32::from(outcome.winner.is_some()),
            reason: outcome.reason.name().to_string(),
        })
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.to_act().is_none() {
            return Vec::new();
        }
        self.game
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn actions(&self) -> Vec<Action> {
        if self.to_act().is_some() {
            vec![Action::Resign]
        } else {
            Vec::new()
        }
    }

    fn rules(&self) -> Value {
        json!({
            "flying": self.game.rules().flying,
            "n_move_rule": self.game.rules().n_move_rule,
            "threefold": self.game.rules().threefold_repetition,
        })
    }

    fn view(&self) -> Value {
        let position = self.position();
        let mut points = serde_json::Map::new();
        for square in Square::ALL {
            if let Some(color) = position.piece_at(square) {
                points.insert(square.name().to_string(), json!(side_of(color)));
            }
        }
        let side = position.side_to_move();
        let phase = if position.in_hand(side) > 0 {
            "placing"
        } else if position.side_to_move_flies(self.game.rules()) {
            "flying"
        } else {
            "moving"
        };
        json!({
            "points": points,
            "in_hand": { "white": position.in_hand(Color::White), "black": position.in_hand(Color::Black) },
            "on_board": {
                "white": position.pieces(Color::White).count_ones(),
                "black": position.pieces(Color::Black).count_ones(),
            },
            "side_to_move": side_of(side),
            "phase": phase,
            "mills": self.standing_mills(),
            "moves": self.game.moves().iter().map(ToString::to_string).collect::<Vec<_>>(),
            "last_move": self.game.moves().last().map(ToString::to_string),
            "plies_since_removal": position.plies_since_removal(),
            "position": position.to_string(),
        })
    }

    /// The game record of `ludus_morris::record` (`docs/morris-record.md`), a resignation as
    /// the result off the board.
    fn export(&self) -> String {
        let mut record = Record::new(self.game.clone());
        record.set_tag("Game", "Nine Men's Morris");
        record.off_board = self
            .resigned
            .map(|loser| OffBoardResult::Win(color_of(loser.opponent())));
        record.to_string()
    }

    fn computer_job(&self, level: u8, think_time: Duration) -> Option<ComputerJob> {
        self.to_act()?;
        let position = *self.position();
        let rules = *self.game.rules();
        let positions = self.game.positions();
        let history = positions[..positions.len().saturating_sub(1)].to_vec();
        // The first legal move stands in should the player find none (it never should).
        let fallback = self.game.legal_moves().iter().next().copied()?;
        let player = self.player.clone();
        Some(Box::new(move || {
            let mv = player
                .choose(&position, &rules, &history, level, think_time)
                .unwrap_or(fallback);
            Command::Move(mv.to_string())
        }))
    }
}

/// `GET /api/morris/analysis?position=…`: every legal move with the built-in player's value.
pub fn analysis(
    position: Option<&str>,
    rules: Option<&str>,
    players: &super::Players,
) -> Result<Value, String> {
    let rules: Rules = match rules {
        Some(text) => text
            .parse()
            .map_err(|error: ludus_morris::ParseRulesError| error.to_string())?,
        None => Rules::standard(),
    };
    let position = match position {
        None | Some("") => Position::new(),
        Some(text) => text
            .parse::<Position>()
            .map_err(|error| format!("cannot read position {text:?}: {error}"))?,
    };
    let moves = players
        .morris
        .analyse(&position, &rules, ANALYSIS_TIME)
        .into_iter()
        .map(|(mv, value)| json!({ "move": mv.to_string(), "value": value }))
        .collect::<Vec<_>>();
    Ok(json!({ "moves": moves }))
}

/// Thinking time of one analysis request.
const ANALYSIS_TIME: Duration = Duration::from_millis(500);

/// The built-in Morris player: alpha-beta to a depth set by the level (1..4 plies), evaluating
/// material and mobility; the lowest levels sometimes play a random move.
#[derive(Debug, Clone, Copy, Default)]
pub struct AlphaBeta;

/// The value of a won position (minus the plies to reach it).
const WIN: i32 = 100_000;
/// Value of one piece (board or hand).
const PIECE: i32 = 100;
/// Value of one free neighbour of a piece (mobility).
const FREEDOM: i32 = 4;
/// Value of a standing mill.
const MILL: i32 = 15;
/// Deepest search of the built-in player (the levels map onto 1..=MAX_DEPTH).
const MAX_DEPTH: u32 = 4;

impl AlphaBeta {
    fn depth_for(level: u8) -> u32 {
        u32::from(level).div_ceil(3)
    }

    /// Chance in percent that a low level plays a random move instead.
    fn blunder_percent(level: u8) -> u32 {
        match level {
            1 => 40,
            2 => 25,
            3 => 10,
            _ => 0,
        }
    }

    fn evaluate(position: &Position, rules: &Rules) -> i32 {
        let us = position.side_to_move();
        let score = |color: Color| -> i32 {
            let pieces = position.pieces(color);
            let material = i32::try_from(position.piece_count(color)).unwrap_or(0) * PIECE;
            let empty = position.empty();
            let freedom: i32 = Square::iter_bits(pieces)
                .map(|square| (NEIGHBOURS[square.index()] & empty).count_ones() as i32)
                .sum();
            let mills = MILLS
                .iter()
                .filter(|mill| pieces & **mill == **mill)
                .count() as i32;
            material + freedom * FREEDOM + mills * MILL
        };
        let _ = rules;
        score(us) - score(us.opponent())
    }

    fn search(
        position: &Position,
        rules: &Rules,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        deadline: Instant,
    ) -> i32 {
        if position.outcome(rules).is_some() {
            // The side to move has lost.
            return -WIN + ply;
        }
        if depth == 0 || Instant::now() >= deadline {
            return Self::evaluate(position, rules);
        }
        let mut best = -WIN;
        for &mv in position.legal_moves(rules).iter() {
            let value = -Self::search(
                &position.play(mv),
                rules,
                depth - 1,
                -beta,
                -alpha,
                ply + 1,
                deadline,
            );
            if value > best {
                best = value;
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Every move with its value at `depth`, best first (stable among equals).
    fn ranked(
        position: &Position,
        rules: &Rules,
        depth: u32,
        deadline: Instant,
    ) -> Vec<(Move, i32)> {
        let mut ranked: Vec<(Move, i32)> = position
            .legal_moves(rules)
            .iter()
            .map(|&mv| {
                let value = -Self::search(
                    &position.play(mv),
                    rules,
                    depth.saturating_sub(1),
                    -WIN - 1,
                    WIN + 1,
                    1,
                    deadline,
                );
                (mv, value)
            })
            .collect();
        ranked.sort_by_key(|entry| std::cmp::Reverse(entry.1));
        ranked
    }
}

impl MorrisPlayer for AlphaBeta {
    /// The shallow search ignores `history` (it never looks far enough to steer repetitions).
    fn choose(
        &self,
        position: &Position,
        rules: &Rules,
        _history: &[Position],
        level: u8,
        think_time: Duration,
    ) -> Option<Move> {
        let moves = position.legal_moves(rules);
        if moves.is_empty() {
            return None;
        }
        let mut rng = rand::rng();
        if rng.random_range(0..100) < Self::blunder_percent(level) {
            return Some(moves[rng.random_range(0..moves.len())]);
        }
        let deadline = Instant::now() + think_time;
        let mut best = Self::ranked(position, rules, 1, deadline);
        for depth in 2..=Self::depth_for(level).min(MAX_DEPTH) {
            if Instant::now() >= deadline {
                break;
            }
            let ranked = Self::ranked(position, rules, depth, deadline);
            if Instant::now() < deadline {
                best = ranked;
            }
        }
        // Among equally good moves pick at random, so games differ.
        let top = best.first()?.1;
        let equal: Vec<Move> = best
            .iter()
            .take_while(|(_, v)| *v == top)
            .map(|(mv, _)| *mv)
            .collect();
        Some(equal[rng.random_range(0..equal.len())])
    }

    fn analyse(
        &self,
        position: &Position,
        rules: &Rules,
        think_time: Duration,
    ) -> Vec<(Move, i32)> {
        Self::ranked(position, rules, 2, Instant::now() + think_time)
    }
}
