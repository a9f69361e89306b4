//! One game in memory: its options, seats and tokens, the commands accepted, and the state
//! document the API and the WebSocket send.

use crate::error::ApiError;
use crate::games::backgammon::StepsView;
use crate::games::{Action, Game, GameKind, GameResult, GameView, PerSide, RuleOptions, Side};
use crate::store::GameStatus;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Occupant {
    /// A person holding the seat's token.
    Human,
    /// The built-in computer player.
    Computer,
}

/// Options fixed when a game is created, stored as JSON with it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameOptions {
    /// The game's rule options, as the game understands them (`{"flying": true}`, …).
    pub rules: Value,
    /// Who sits in each seat, white first.
    pub seats: [Occupant; 2],
    /// The computer's strength, 1..=10.
    pub level: u8,
    /// The set-up position the game started from (`None`: the usual start), as sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The most commands the game may have: reaching them ends it drawn (`ply-limit`). Fixed at
    /// creation (`Settings::max_plies`), so that the game replays alike whatever the setting is
    /// later; `None` (also games stored before the limit): no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_plies: Option<usize>,
    /// The seat the game's one-time invitation opens (games between people); `None`: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite_seat: Option<Side>,
}

/// The reason of a game ended by its length limit ([`GameOptions::max_plies`]).
pub const PLY_LIMIT_REASON: &str = "ply-limit";

/// One stored command, as shown in the state's `history`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Event {
    /// Position in the game's event list, from 0.
    pub seq: usize,
    /// The seat that gave the command.
    pub seat: Side,
    /// The move, or `:roll`, `:double`, …
    pub command: String,
    /// Milliseconds since the Unix epoch.
    pub at: i64,
}

/// The state document of the API (`GET /api/games/{id}`, every WebSocket message).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameDocument {
    /// The game id.
    pub id: String,
    /// Morris or Backgammon.
    pub game: GameKind,
    /// The rule options in force.
    pub rules: RuleOptions,
    /// The computer's level.
    pub level: u8,
    /// The set-up position the game started from, as sent; absent from the usual start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Who sits in each seat.
    pub seats: PerSide<Occupant>,
    /// The seat that must act, `None` once the game is over.
    pub to_act: Option<Side>,
    /// Every legal move of the seat to act, in notation.
    pub legal_moves: Vec<String>,
    /// The actions the seat to act may take.
    pub actions: Vec<Action>,
    /// The result, once over.
    pub result: Option<GameResult>,
    /// How many commands were accepted (the version of this state).
    pub version: usize,
    /// Creation time, ms since the epoch.
    pub created_at: i64,
    /// Every accepted command.
    pub history: Vec<Event>,
    /// The game's own board.
    pub view: GameView,
    /// Whether the friend's one-time invitation is still unclaimed: true from the creation of a
    /// game between people until the friend joins, false for every other game.
    pub invitation_open: bool,
}

/// A line of the list of games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameSummary {
    /// The game id.
    pub id: String,
    /// Morris or Backgammon.
    pub game: GameKind,
    /// Who sits in each seat.
    pub seats: PerSide<Occupant>,
    /// How many commands were accepted.
    pub version: usize,
    /// Creation time, ms since the epoch.
    pub created_at: i64,
    /// The result, once over.
    pub result: Option<GameResult>,
    /// The computer's level where the computer holds a seat (absent between people).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
}

impl GameOptions {
    /// The computer's level where the computer holds a seat.
    pub fn computer_level(&self) -> Option<u8> {
        self.seats
            .contains(&Occupant::Computer)
            .then_some(self.level)
    }
}

/// One game being played or watched.
pub struct Session {
    pub(super) id: String,
    pub(super) kind: GameKind,
    pub(super) options: GameOptions,
    pub(super) seed: u64,
    pub(super) tokens: [Option<String>; 2],
    pub(super) created_at: i64,
    pub(super) game: Box<dyn Game>,
    pub(super) events: Vec<Event>,
    /// The client whose command (or creation) last reached the game: the computer's thinking
    /// for it queues as that client's work (see `fair.rs`). Not stored.
    pub(super) client: Option<crate::client_key::ClientKey>,
    /// Whether the game's invitation is still unclaimed (see [`GameDocument::invitation_open`]).
    pub(super) invitation_open: bool,
}

impl Session {
    /// The state document of the API (`GET /api/games/{id}`).
    pub fn state(&self) -> GameDocument {
        GameDocument {
            id: self.id.clone(),
            game: self.kind,
            rules: self.game.rules(),
            level: self.options.level,
            start: self.options.start.clone(),
            seats: PerSide::from_pair(self.options.seats),
            to_act: self.to_act(),
            legal_moves: if self.at_ply_limit() {
                Vec::new()
            } else {
                self.game.legal_moves()
            },
            actions: if self.at_ply_limit() {
                Vec::new()
            } else {
                self.game.actions()
            },
            result: self.result(),
            version: self.events.len(),
            created_at: self.created_at,
            history: self.events.clone(),
            view: self.game.view(),
            invitation_open: self.invitation_open,
        }
    }

    /// The state as the JSON text the WebSocket sends.
    pub fn state_text(&self) -> String {
        serde_json::to_string(&self.state()).unwrap_or_default()
    }

    /// A short summary for the list of games.
    pub fn summary(&self) -> GameSummary {
        GameSummary {
            id: self.id.clone(),
            game: self.kind,
            seats: PerSide::from_pair(self.options.seats),
            version: self.events.len(),
            created_at: self.created_at,
            result: self.result(),
            level: self.options.computer_level(),
        }
    }

    /// The move being built after the checker steps `taken`, when `version` (if given) is the
    /// game's version.
    pub fn steps(&self, taken: &[[u8; 2]], version: Option<usize>) -> Result<StepsView, ApiError> {
        let current = self.events.len();
        if let Some(asked) = version.filter(|&asked| asked != current) {
            return Err(ApiError::StaleVersion { asked, current });
        }
        Ok(self.game.steps(taken)?)
    }

    /// The game record in its text format.
    pub fn export(&self) -> (GameKind, String) {
        (self.kind, self.game.export())
    }

    /// The backgammon match record, set-up start included; `None` for Morris.
    pub fn backgammon_record(&self) -> Option<ludus_backgammon::Match> {
        self.game.backgammon_record()
    }

    /// The set-up position the game started from, if any.
    pub fn start(&self) -> Option<&str> {
        self.options.start.as_deref()
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// How many commands have been accepted.
    pub fn version(&self) -> usize {
        self.events.len()
    }

    /// What the game's database row says about it, with the version `version`.
    pub(super) fn status(&self, version: usize) -> GameStatus {
        GameStatus {
            version,
            to_act: self.to_act(),
            computer_to_act: self.computer_to_act().is_some(),
            result: self.result(),
        }
    }

    /// Whether the engine may help with this game now (review, analysis): always against the
    /// computer, between people only once the game is over.
    pub fn engine_help_allowed(&self) -> bool {
        self.options.seats.contains(&Occupant::Computer) || self.result().is_some()
    }

    /// The keys of the position decided on now that the analysis endpoints refuse (see
    /// `hints.rs`): none where engine help is allowed.
    pub fn hint_keys(&self) -> Vec<crate::hints::HintKey> {
        if self.engine_help_allowed() {
            return Vec::new();
        }
        self.game.hint_keys()
    }

    /// Whether the game has reached its length limit unfinished (it is then drawn).
    pub fn at_ply_limit(&self) -> bool {
        self.options
            .max_plies
            .is_some_and(|most| self.events.len() >= most)
            && self.game.result().is_none()
    }

    /// The result: the game's own, or a draw by the length limit.
    pub fn result(&self) -> Option<GameResult> {
        self.game.result().or_else(|| {
            self.at_ply_limit().then(|| GameResult {
                winner: None,
                points: 0,
                reason: PLY_LIMIT_REASON.to_string(),
            })
        })
    }

    /// The seat to act, `None` once the game is over (by its rules or its length limit).
    pub fn to_act(&self) -> Option<Side> {
        if self.at_ply_limit() {
            return None;
        }
        self.game.to_act()
    }

    /// The seat whose token this is.
    pub(crate) fn seat_of(&self, token: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|side| {
            self.tokens[side.index()]
                .as_deref()
                .is_some_and(|seat_token| constant_time_eq(seat_token, token))
        })
    }

    pub(super) fn computer_to_act(&self) -> Option<Side> {
        self.to_act()
            .filter(|side| self.options.seats[side.index()] == Occupant::Computer)
    }
}

/// Compares two strings in time independent of where they first differ.
fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}
