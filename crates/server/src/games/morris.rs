//! Nine Men's Morris as a [`Game`]: a thin layer over `ludus-morris`. The computer's seat plays
//! the one Morris player trait ([`Player`]), made for a level by the [`PlayerMaker`] of the
//! server's [`MorrisComputer`](crate::games::MorrisComputer); the analysis board's values come
//! from a [`MorrisAnalyst`].

use super::RulesError;
use super::rule_options::{self, OptionValue, UnknownOptions};
use crate::games::{
    Action, Command, ComputerJob, Game, GameError, GameKind, GameResult, GameView, PerSide,
    PlayerMaker, RuleOptions, Side,
};
use ludus_morris::fen::Fen;
use ludus_morris::geometry::MILLS;
use ludus_morris::player::{Limits, Player};
use ludus_morris::record::{OffBoardResult, Record};
use ludus_morris::token::MorrisState;
use ludus_morris::{Color, Move, Outcome, Position, Rules, Square};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// The values of the analysis board: each legal move's value, and perfect-play values where
/// endgame databases know them. Implement it to plug in an engine.
pub trait MorrisAnalyst: Send + Sync {
    /// Every legal move with a value for the side to move (higher is better), best first;
    /// `history` holds the game's positions before `position` (empty for a position on its
    /// own), for the repetition rule. The hint of a game is the first move.
    fn analyse(&self, history: &[Position], position: &Position, rules: &Rules)
    -> Vec<(Move, i32)>;

    /// The perfect-play value of `position` for the side to move (`win in 12 plies`, `draw`,
    /// …) where the player's endgame databases know it; `None` by default.
    fn perfect_value(&self, position: &Position, rules: &Rules) -> Option<String> {
        let _ = (position, rules);
        None
    }

    /// The perfect-play value of playing `mv` in `position`, for the side that plays it and
    /// counted from before the move (`win in 5 plies`, …), where the databases know the position
    /// after it; `None` by default.
    fn perfect_value_of_move(
        &self,
        position: &Position,
        mv: Move,
        rules: &Rules,
    ) -> Option<String> {
        let _ = (position, mv, rules);
        None
    }
}

/// The side of a Morris colour.
pub(crate) fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

/// The colour of a side.
pub(crate) fn color_of(side: Side) -> Color {
    match side {
        Side::White => Color::White,
        Side::Black => Color::Black,
    }
}

/// The Morris rule options of the API, every one named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MorrisRules {
    /// A side with three pieces flies.
    pub flying: bool,
    /// Plies without a removal that draw the game; `None` for no such rule.
    pub n_move_rule: Option<u32>,
    /// The third repetition of a position draws.
    pub threefold: bool,
}

/// The Morris rule options of a new game as the API takes them, each optional.
#[derive(Debug, Default, Deserialize)]
struct MorrisRuleOptions {
    #[serde(default, deserialize_with = "rule_options::present")]
    flying: Option<OptionValue<bool>>,
    #[serde(default, deserialize_with = "rule_options::present")]
    threefold: Option<OptionValue<bool>>,
    /// `null` here is a value (no such rule), unlike in the other options.
    #[serde(default, deserialize_with = "rule_options::present")]
    n_move_rule: Option<OptionValue<Option<u32>>>,
    #[serde(flatten)]
    unknown: UnknownOptions,
}

/// Reads `{"flying": bool, "n_move_rule": n|null, "threefold": bool}` (each optional; `null`
/// for none).
pub(super) fn parse_rules(rules: &Value) -> Result<Rules, RulesError> {
    let options: MorrisRuleOptions =
        rule_options::read("Morris", rules, |options: &MorrisRuleOptions| {
            &options.unknown
        })?;
    let mut parsed = Rules::standard();
    if let Some(flying) = options.flying {
        parsed.flying = flying.checked("flying", "true or false", |_| true)?;
    }
    if let Some(threefold) = options.threefold {
        parsed.threefold_repetition = threefold.checked("threefold", "true or false", |_| true)?;
    }
    if let Some(n_move_rule) = options.n_move_rule {
        parsed.n_move_rule =
            n_move_rule.checked("n_move_rule", "a positive number or null", |n| {
                n.is_none_or(|n| n > 0)
            })?;
    }
    Ok(parsed)
}

/// The position a Sanmill FEN or a Ludus position text describes.
fn start_position(text: &str) -> Result<Position, RulesError> {
    let text = text.trim();
    if let Ok(fen) = text.parse::<Fen>() {
        return match fen.state() {
            Ok(MorrisState::Turn(position)) => Ok(position),
            Ok(MorrisState::Removal(_)) => Err(super::bad_start(
                text,
                "a game cannot start between a mill and its removal",
            )),
            Err(error) => Err(super::bad_start(text, error.to_string())),
        };
    }
    text.parse::<Position>().map_err(|error| {
        super::bad_start(
            text,
            format!("neither a Sanmill FEN nor a Ludus position ({error})"),
        )
    })
}

/// Placing, moving or flying: what the side to move does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MorrisPhase {
    /// Pieces in hand are placed.
    Placing,
    /// Pieces slide along lines.
    Moving,
    /// Three pieces fly anywhere.
    Flying,
}

/// A mill standing on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MillView {
    /// Whose mill.
    pub color: Side,
    /// Its three points.
    pub points: Vec<&'static str>,
}

/// The mills standing on the board of `position` (the views send them, so that the page keeps
/// no table of mills).
pub fn standing_mills(position: &Position) -> Vec<MillView> {
    let mut mills = Vec::new();
    for color in Color::ALL {
        let pieces = position.pieces(color);
        for mill in MILLS {
            if pieces & mill == mill {
                let points = Square::iter_bits(mill).map(Square::name).collect();
                mills.push(MillView {
                    color: side_of(color),
                    points,
                });
            }
        }
    }
    mills
}

/// The Morris board as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MorrisView {
    /// The occupied points: `{"d6": "white", …}`.
    pub points: BTreeMap<&'static str, Side>,
    /// Pieces still in hand.
    pub in_hand: PerSide<u8>,
    /// Pieces on the board.
    pub on_board: PerSide<u32>,
    /// The side to move.
    pub side_to_move: Side,
    /// What the side to move does.
    pub phase: MorrisPhase,
    /// The standing mills (for highlighting).
    pub mills: Vec<MillView>,
    /// Every move so far, in notation.
    pub moves: Vec<String>,
    /// The last move, if any.
    pub last_move: Option<String>,
    /// Plies since the last removal (for the N-move rule).
    pub plies_since_removal: u32,
    /// The position in the rules crate's text form.
    pub position: String,
}

/// A Morris game: the rules crate's [`ludus_morris::Game`] (history and draw rules) plus a
/// possible resignation.
pub struct MorrisGame {
    game: ludus_morris::Game,
    /// A resignation ends the game before the board does.
    resigned: Option<Side>,
    /// Makes the computer seat's player.
    computer: Arc<PlayerMaker<dyn Player>>,
}

impl MorrisGame {
    /// A new game under the given rule options, from the empty board or from `start` (a
    /// Sanmill FEN or a Ludus position text).
    pub fn new(
        rules: &Value,
        start: Option<&str>,
        computer: Arc<PlayerMaker<dyn Player>>,
    ) -> Result<MorrisGame, RulesError> {
        let rules = parse_rules(rules)?;
        let game = match start {
            None => ludus_morris::Game::new(rules),
            Some(text) => ludus_morris::Game::from_position(rules, start_position(text)?),
        };
        if let Some(text) = start
            && game.outcome().is_some()
        {
            return Err(super::bad_start(
                text,
                "the game is already over in this position",
            ));
        }
        Ok(MorrisGame {
            game,
            resigned: None,
            computer,
        })
    }

    fn position(&self) -> &Position {
        self.game.position()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn play_text(&mut self, text: &str) -> Result<(), GameError> {
        let mv: Move = text.parse().map_err(|error| GameError::MorrisNotation {
            text: text.to_string(),
            error,
        })?;
        self.game
            .play(mv)
            .map_err(|error| GameError::MorrisIllegal {
                text: text.to_string(),
                error,
            })
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
            Command::Action(other) => Err(GameError::NoSuchAction {
                kind: GameKind::Morris,
                action: *other,
            }),
            Command::Move(_) if side != to_act => Err(GameError::NotYourTurn(side)),
            Command::Move(text) => self.play_text(text),
        }
    }

    /// The rules crate's [`ludus_morris::Game::undo`], back to before `side`'s last move.
    fn take_back(&mut self, side: Side) -> Result<(), GameError> {
        if self.to_act().is_none() {
            return Err(GameError::Over);
        }
        let color = color_of(side);
        let played = self.game.moves().len();
        let last = self.game.positions()[..played]
            .iter()
            .rposition(|before| before.side_to_move() == color)
            .ok_or(GameError::NothingToTakeBack)?;
        while self.game.moves().len() > last {
            self.game.undo();
        }
        Ok(())
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

    fn rules(&self) -> RuleOptions {
        let rules = self.game.rules();
        RuleOptions::Morris(MorrisRules {
            flying: rules.flying,
            n_move_rule: rules.n_move_rule,
            threefold: rules.threefold_repetition,
        })
    }

    fn hint_keys(&self) -> Vec<crate::hints::HintKey> {
        if self.result().is_some() {
            return Vec::new();
        }
        crate::hints::HintKey::morris(self.position())
            .into_iter()
            .collect()
    }

    fn view(&self) -> GameView {
        let position = self.position();
        let points = Square::ALL
            .into_iter()
            .filter_map(|square| {
                let color = position.piece_at(square)?;
                Some((square.name(), side_of(color)))
            })
            .collect();
        let side = position.side_to_move();
        let phase = if position.in_hand(side) > 0 {
            MorrisPhase::Placing
        } else if position.side_to_move_flies(self.game.rules()) {
            MorrisPhase::Flying
        } else {
            MorrisPhase::Moving
        };
        let per_color = |f: &dyn Fn(Color) -> u32| PerSide {
            white: f(Color::White),
            black: f(Color::Black),
        };
        GameView::Morris(MorrisView {
            points,
            in_hand: PerSide {
                white: position.in_hand(Color::White),
                black: position.in_hand(Color::Black),
            },
            on_board: per_color(&|color| position.pieces(color).count_ones()),
            side_to_move: side_of(side),
            phase,
            mills: standing_mills(position),
            moves: self.game.moves().iter().map(ToString::to_string).collect(),
            last_move: self.game.moves().last().map(ToString::to_string),
            plies_since_removal: position.plies_since_removal(),
            position: position.to_string(),
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
        let game = self.game.clone();
        // The first legal move stands in should the player find none (it never should).
        let fallback = self.game.legal_moves().iter().next().copied()?;
        let computer = self.computer.clone();
        Some(Box::new(move || {
            let limits = Limits {
                movetime: Some(think_time),
                ..Limits::default()
            };
            let choice = computer(level, think_time).choose(&game, &limits);
            let mv = choice.ok().and_then(|c| c.best_move).unwrap_or(fallback);
            Command::Move(mv.to_string())
        }))
    }
}
