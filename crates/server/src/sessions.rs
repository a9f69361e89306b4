//! Live games: the registry of sessions, seats and their tokens, storage of every command before
//! it is acknowledged, broadcast of every change, and the computer's turns.

use crate::error::{ApiError, RequestError};
use crate::game::{
    Action, Command, Game, GameKind, GameResult, GameView, PerSide, RuleOptions, Side,
};
use crate::games::backgammon::StepsView;
use crate::games::{self, Players};
use crate::store::{Store, StoredGame, now_millis};
use rand::RngExt;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex as StdMutex, RwLock};
use std::time::Duration;
use tokio::sync::{Mutex, broadcast};

/// How many state messages a slow WebSocket watcher may fall behind before it skips ahead.
const WATCH_BUFFER: usize = 64;
/// Bytes of randomness in a seat token (128 bits: unguessable).
const TOKEN_BYTES: usize = 16;
/// Bytes of randomness in a game id (64 bits: ids are public, they only need to be unique).
const GAME_ID_BYTES: usize = 8;
/// Most computer decisions in a row before the loop yields (a backgammon turn is roll + move;
/// a bound keeps a buggy player from spinning forever).
const MAX_COMPUTER_STEPS: usize = 16;
/// The strength levels offered to users.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;
/// The level used when a request names none.
pub const DEFAULT_LEVEL: u8 = 5;

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
}

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
pub struct GameState {
    /// The game id.
    pub id: String,
    /// Morris or Backgammon.
    pub game: GameKind,
    /// The rule options in force.
    pub rules: RuleOptions,
    /// The computer's level.
    pub level: u8,
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
}

/// One game being played or watched.
pub struct Session {
    id: String,
    kind: GameKind,
    options: GameOptions,
    seed: u64,
    tokens: [Option<String>; 2],
    created_at: i64,
    game: Box<dyn Game>,
    events: Vec<Event>,
    updates: broadcast::Sender<Arc<String>>,
}

impl Session {
    /// The state document of the API (`GET /api/games/{id}`).
    pub fn state(&self) -> GameState {
        GameState {
            id: self.id.clone(),
            game: self.kind,
            rules: self.game.rules(),
            level: self.options.level,
            seats: PerSide::from_pair(self.options.seats),
            to_act: self.game.to_act(),
            legal_moves: self.game.legal_moves(),
            actions: self.game.actions(),
            result: self.game.result(),
            version: self.events.len(),
            created_at: self.created_at,
            history: self.events.clone(),
            view: self.game.view(),
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
            result: self.game.result(),
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

    /// A receiver of every future state change.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<String>> {
        self.updates.subscribe()
    }

    /// The seat whose token this is.
    fn seat_of(&self, token: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|side| {
            self.tokens[side.index()]
                .as_deref()
                .is_some_and(|seat_token| constant_time_eq(seat_token, token))
        })
    }

    fn computer_to_act(&self) -> Option<Side> {
        self.game
            .to_act()
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

fn random_hex(bytes: usize) -> String {
    let mut rng = rand::rng();
    (0..bytes)
        .map(|_| format!("{:02x}", rng.random::<u8>()))
        .collect()
}

/// Settings of the server.
#[derive(Debug, Clone)]
pub struct Config {
    /// The most time the computer may think per decision.
    pub think_time: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            think_time: Duration::from_millis(1500),
        }
    }
}

/// What `POST /api/games` creates.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// Morris or Backgammon.
    pub kind: GameKind,
    /// Game rule options (JSON object; the game validates it).
    pub rules: Value,
    /// Play against the computer (else two humans).
    pub vs_computer: bool,
    /// The creator's seat (against the computer); `None` picks at random.
    pub side: Option<Side>,
    /// Computer strength 1..=10.
    pub level: u8,
    /// The dice seed; `None` draws one.
    pub seed: Option<u64>,
}

/// The answer to creating a game.
pub struct Created {
    /// The state document.
    pub state: GameState,
    /// The human seats' tokens.
    pub tokens: [Option<String>; 2],
    /// The creator's seat.
    pub seat: Side,
}

/// All games, the database and the computer players. Cheap to clone (an `Arc`).
#[derive(Clone)]
pub struct Hub {
    inner: Arc<HubInner>,
}

struct HubInner {
    games: RwLock<HashMap<String, Arc<Mutex<Session>>>>,
    store: StdMutex<Store>,
    players: Players,
    config: Config,
}

impl Hub {
    /// A hub on the given store, resuming every game stored there (a game whose record no longer
    /// replays is reported on stderr and skipped).
    pub fn new(store: Store, players: Players, config: Config) -> anyhow::Result<Hub> {
        let stored = store.load_all()?;
        let hub = Hub {
            inner: Arc::new(HubInner {
                games: RwLock::new(HashMap::new()),
                store: StdMutex::new(store),
                players,
                config,
            }),
        };
        for game in stored {
            let id = game.id.clone();
            match hub.resume(game) {
                Ok(session) => {
                    hub.insert(session);
                }
                // One game that no longer replays (a record from an older rules crate, a damaged
                // file) must not keep every other game offline: it stays in the database, unserved.
                Err(error) => {
                    eprintln!("ludus: game {id} cannot be resumed and is skipped: {error:#}")
                }
            }
        }
        Ok(hub)
    }

    /// Opens the database file (creating it) and resumes its games.
    pub fn open(path: &Path, players: Players, config: Config) -> anyhow::Result<Hub> {
        Hub::new(Store::open(path)?, players, config)
    }

    /// Replays a stored game's commands through its rules.
    fn resume(&self, stored: StoredGame) -> anyhow::Result<Session> {
        let options: GameOptions = serde_json::from_str(&stored.options)?;
        let mut game = games::new_game(
            stored.kind,
            &options.rules,
            stored.seed,
            &self.inner.players,
        )?;
        let mut events = Vec::with_capacity(stored.events.len());
        for (seq, text) in stored.events.into_iter().enumerate() {
            let command = Command::from_record(&text.command)?;
            game.apply(text.seat, &command)
                .map_err(|error| anyhow::anyhow!("event {seq} `{}`: {error}", text.command))?;
            events.push(Event {
                seq,
                seat: text.seat,
                command: text.command,
                at: text.at,
            });
        }
        Ok(Session {
            id: stored.id,
            kind: stored.kind,
            options,
            seed: stored.seed,
            tokens: stored.tokens,
            created_at: stored.created_at,
            game,
            events,
            updates: broadcast::channel(WATCH_BUFFER).0,
        })
    }

    fn insert(&self, session: Session) -> Arc<Mutex<Session>> {
        let id = session.id.clone();
        let session = Arc::new(Mutex::new(session));
        self.write_games().insert(id, session.clone());
        session
    }

    fn write_games(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<String, Arc<Mutex<Session>>>> {
        self.inner
            .games
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn store(&self) -> std::sync::MutexGuard<'_, Store> {
        self.inner
            .store
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The computer players.
    pub fn players(&self) -> &Players {
        &self.inner.players
    }

    /// The session of a game id.
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        self.inner
            .games
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::NoSuchGame(id.to_string()))
    }

    /// Every live session, copied out of the registry so that no lock is held while they are used.
    fn all_sessions(&self) -> Vec<Arc<Mutex<Session>>> {
        self.inner
            .games
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .values()
            .cloned()
            .collect()
    }

    /// Summaries of the most recent games, newest first.
    pub async fn list(&self, limit: usize) -> Vec<GameSummary> {
        let sessions = self.all_sessions();
        let mut summaries = Vec::with_capacity(sessions.len());
        for session in sessions {
            let session = session.lock().await;
            summaries.push((session.created_at, session.id.clone(), session.summary()));
        }
        summaries.sort_by(|a, b| (b.0, &b.1).cmp(&(a.0, &a.1)));
        summaries
            .into_iter()
            .take(limit)
            .map(|(_, _, summary)| summary)
            .collect()
    }

    /// Creates, stores and registers a game; starts the computer if it moves first.
    pub fn create(&self, request: NewGame) -> Result<Created, ApiError> {
        if !LEVELS.contains(&request.level) {
            return Err(RequestError::Level {
                level: request.level,
                min: *LEVELS.start(),
                max: *LEVELS.end(),
            }
            .into());
        }
        let seed = request.seed.unwrap_or_else(|| rand::rng().random());
        let game = games::new_game(request.kind, &request.rules, seed, &self.inner.players)
            .map_err(RequestError::from)?;
        let seat = request
            .side
            .unwrap_or_else(|| Side::BOTH[rand::rng().random_range(0..2)]);
        let seats = if request.vs_computer {
            let mut seats = [Occupant::Computer; 2];
            seats[seat.index()] = Occupant::Human;
            seats
        } else {
            [Occupant::Human; 2]
        };
        let tokens =
            seats.map(|occupant| (occupant == Occupant::Human).then(|| random_hex(TOKEN_BYTES)));
        let options = GameOptions {
            rules: serde_json::to_value(game.rules()).map_err(ApiError::internal)?,
            seats,
            level: request.level,
        };
        let session = Session {
            id: random_hex(GAME_ID_BYTES),
            kind: request.kind,
            options,
            seed,
            tokens: tokens.clone(),
            created_at: now_millis(),
            game,
            events: Vec::new(),
            updates: broadcast::channel(WATCH_BUFFER).0,
        };
        self.store()
            .insert_game(&StoredGame {
                id: session.id.clone(),
                kind: session.kind,
                options: serde_json::to_string(&session.options).map_err(ApiError::internal)?,
                seed,
                tokens: tokens.clone(),
                created_at: session.created_at,
                events: Vec::new(),
            })
            .map_err(ApiError::internal)?;
        let state = session.state();
        let computer_first = session.computer_to_act().is_some();
        let session = self.insert(session);
        if computer_first {
            self.spawn_computer(session);
        }
        Ok(Created {
            state,
            tokens,
            seat,
        })
    }

    /// Carries out a seat's command: checks the token, applies it, stores it, broadcasts the new
    /// state and returns it. On any error the game is unchanged.
    pub async fn command(
        &self,
        id: &str,
        token: &str,
        command: Command,
    ) -> Result<GameState, ApiError> {
        let session = self.get(id)?;
        let mut guard = session.lock().await;
        let side = guard.seat_of(token).ok_or(ApiError::NotSeated)?;
        self.apply_and_store(&mut guard, side, command)?;
        let state = guard.state();
        let computer_next = guard.computer_to_act().is_some();
        drop(guard);
        if computer_next {
            self.spawn_computer(session);
        }
        Ok(state)
    }

    /// Applies, stores (rolling the game back if storage fails) and broadcasts.
    fn apply_and_store(
        &self,
        session: &mut Session,
        side: Side,
        command: Command,
    ) -> Result<(), ApiError> {
        session.game.apply(side, &command)?;
        let record = command.to_record();
        let seq = session.events.len();
        let result: Option<GameResult> = session.game.result();
        let at = now_millis();
        if let Err(error) =
            self.store()
                .append_event(&session.id, (seq, side, &record, at), result.as_ref())
        {
            // The answer must not claim a move the database lacks: rebuild from the stored events.
            self.rebuild(session);
            return Err(ApiError::internal(error));
        }
        session.events.push(Event {
            seq,
            seat: side,
            command: record,
            at,
        });
        // The state is serialised only when someone watches; nobody watching is fine.
        if session.updates.receiver_count() > 0 {
            let _ = session.updates.send(Arc::new(session.state_text()));
        }
        Ok(())
    }

    fn rebuild(&self, session: &mut Session) {
        if let Ok(mut game) = games::new_game(
            session.kind,
            &session.options.rules,
            session.seed,
            &self.inner.players,
        ) {
            for event in &session.events {
                if let Ok(command) = Command::from_record(&event.command) {
                    let _ = game.apply(event.seat, &command);
                }
            }
            session.game = game;
        }
    }

    /// Lets the computer play while it is to act, on a blocking thread. The session is locked
    /// only to prepare the decision and to apply it, not while the computer thinks, so watchers
    /// and `GET` are never held up by thinking time.
    fn spawn_computer(&self, session: Arc<Mutex<Session>>) {
        let hub = self.clone();
        tokio::task::spawn_blocking(move || {
            for _ in 0..MAX_COMPUTER_STEPS {
                let (side, version, job) = {
                    let guard = session.blocking_lock();
                    let Some(side) = guard.computer_to_act() else {
                        return;
                    };
                    let job = guard
                        .game
                        .computer_job(guard.options.level, hub.inner.config.think_time);
                    match job {
                        Some(job) => (side, guard.events.len(), job),
                        None => return,
                    }
                };
                let command = job();
                let mut guard = session.blocking_lock();
                if guard.events.len() != version {
                    // Something happened meanwhile (a resignation): decide again.
                    continue;
                }
                if hub.apply_and_store(&mut guard, side, command).is_ok() {
                    continue;
                }
                // A player that answers something illegal must not stall the game: play the first
                // legal move or action instead.
                let fallback = match guard.game.legal_moves().first() {
                    Some(mv) => Command::Move(mv.clone()),
                    None => match guard
                        .game
                        .actions()
                        .into_iter()
                        .find(|a| *a != Action::Resign)
                    {
                        Some(action) => Command::Action(action),
                        None => return,
                    },
                };
                if hub.apply_and_store(&mut guard, side, fallback).is_err() {
                    return;
                }
            }
        });
    }

    /// Starts the computer in every stored game where it is to act (after a restart).
    pub fn wake_computers(&self) {
        let sessions = self.all_sessions();
        for session in sessions {
            self.spawn_computer(session);
        }
    }
}
