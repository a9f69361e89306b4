//! Live games: the sessions in memory (a bounded cache over the database), seats and their
//! tokens, storage of every command before it is acknowledged, broadcast of every change, and the
//! computer's turns.

use crate::cache::GameCache;
use crate::error::{ApiError, RequestError};
use crate::game::{
    Action, Command, Game, GameError, GameKind, GameResult, GameView, PerSide, RuleOptions, Side,
};
use crate::games::backgammon::StepsView;
use crate::games::{self, Players};
use crate::lifecycle::Lifecycle;
use crate::limits::{EnginePool, RateLimiter};
use crate::metrics::{Gauges, Metrics};
use crate::settings::Settings;
use crate::store::{Append, AppendError, GameRow, GameStatus, Store, StoredGame, now_millis};
use crate::watchers::Watchers;
use rand::RngExt;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex as StdMutex, MutexGuard as StdMutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, MutexGuard};
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
    /// The set-up position the game started from (`None`: the usual start), as sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
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
}

impl Session {
    /// The state document of the API (`GET /api/games/{id}`).
    pub fn state(&self) -> GameState {
        GameState {
            id: self.id.clone(),
            game: self.kind,
            rules: self.game.rules(),
            level: self.options.level,
            start: self.options.start.clone(),
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
    fn status(&self, version: usize) -> GameStatus {
        GameStatus {
            version,
            to_act: self.game.to_act(),
            computer_to_act: self.computer_to_act().is_some(),
            result: self.game.result(),
        }
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

/// The record of a take-back (`POST /api/games/{id}/takeback`): the seat's last move (a record
/// that is no `:action`) and everything after it no longer count.
pub const TAKEBACK: &str = ":takeback";

/// The records in force among `records` (seat, record) after their take-backs, in order.
pub fn in_force<'a>(records: impl IntoIterator<Item = (Side, &'a str)>) -> Vec<(Side, &'a str)> {
    let mut kept: Vec<(Side, &str)> = Vec::new();
    for (seat, record) in records {
        if record != TAKEBACK {
            kept.push((seat, record));
        } else if let Some(last) = kept
            .iter()
            .rposition(|&(mover, text)| mover == seat && !text.starts_with(':'))
        {
            kept.truncate(last);
        }
    }
    kept
}

/// A new game of `kind` with the records in force among `records` applied.
fn replay_game(
    kind: GameKind,
    options: &GameOptions,
    seed: u64,
    players: &Players,
    records: &[(Side, &str)],
) -> anyhow::Result<Box<dyn Game>> {
    let mut game = games::new_game_from(
        kind,
        &options.rules,
        seed,
        options.start.as_deref(),
        players,
    )?;
    for (seat, record) in in_force(records.iter().copied()) {
        let command = Command::from_record(record)?;
        game.apply(seat, &command)
            .map_err(|error| anyhow::anyhow!("`{record}`: {error}"))?;
    }
    Ok(game)
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
    /// A set-up position to start from (see [`games::new_game_from`]); `None` for the usual
    /// start.
    pub start: Option<String>,
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

/// Most times a command is tried again after finding its game changed by another process first.
const MAX_CONFLICT_RETRIES: usize = 3;
/// How often the housekeeping runs: computer turns nobody plays, idle games, full rate buckets.
const HOUSEKEEPING_INTERVAL: Duration = Duration::from_secs(5);
/// Games nobody touched for this long leave memory even while the cache has room.
const CACHE_IDLE: Duration = Duration::from_secs(30 * 60);
/// Computer turns taken up per housekeeping round.
const SWEEP_BATCH: usize = 100;

/// All games, the database and the computer players. Cheap to clone (an `Arc`).
#[derive(Clone)]
pub struct Hub {
    inner: Arc<HubInner>,
}

struct HubInner {
    store: Store,
    players: Players,
    config: Config,
    settings: Settings,
    cache: GameCache<Mutex<Session>>,
    watchers: Watchers,
    /// Games whose computer turn this process is playing.
    thinking: StdMutex<HashSet<String>>,
    /// Games that failed to load (a record that no longer replays): not taken up again.
    unplayable: StdMutex<HashSet<String>>,
    analysis: EnginePool,
    /// Reviews already made (`GET /api/games/{id}/review`).
    reviews: crate::review::ReviewCache,
    computer: EnginePool,
    limiter: RateLimiter,
    metrics: Metrics,
    lifecycle: Lifecycle,
    /// Whether the background work has been started.
    started: AtomicBool,
}

/// Why a command was not stored.
enum Refused {
    /// The game refused it.
    Game(GameError),
    /// Another command was stored at this version first.
    Conflict,
    /// The database failed.
    Failed(anyhow::Error),
}

fn lock<T>(mutex: &StdMutex<T>) -> StdMutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// This process plays the computer's turn of a game while it holds this (see `Hub::thinking`).
struct ThinkingClaim {
    hub: Hub,
    id: String,
}

impl Drop for ThinkingClaim {
    fn drop(&mut self) {
        lock(&self.hub.inner.thinking).remove(&self.id);
    }
}

impl Hub {
    /// A hub on the given store with the default [`Settings`]. Nothing is loaded now: games are
    /// read from the store when first asked for.
    pub fn new(store: Store, players: Players, config: Config) -> anyhow::Result<Hub> {
        Ok(Hub::with_settings(
            store,
            players,
            config,
            Settings::default(),
        ))
    }

    /// A hub on the given store with the given settings.
    pub fn with_settings(
        store: Store,
        players: Players,
        config: Config,
        settings: Settings,
    ) -> Hub {
        Hub {
            inner: Arc::new(HubInner {
                store,
                players,
                config,
                cache: GameCache::new(settings.max_cached_games),
                watchers: Watchers::default(),
                thinking: StdMutex::default(),
                unplayable: StdMutex::default(),
                analysis: EnginePool::new(
                    "analysis",
                    settings.analysis_workers,
                    Some(settings.analysis_queue),
                ),
                reviews: crate::review::ReviewCache::default(),
                computer: EnginePool::new("computer", settings.computer_workers, None),
                limiter: RateLimiter::new(settings.rate_per_minute),
                metrics: Metrics::default(),
                lifecycle: Lifecycle::default(),
                started: AtomicBool::new(false),
                settings,
            }),
        }
    }

    /// Opens the SQLite file (creating it) with the default settings.
    pub fn open(path: &Path, players: Players, config: Config) -> anyhow::Result<Hub> {
        Hub::new(Store::open(path)?, players, config)
    }

    /// Opens `db` (an SQLite path or a `postgres://` URL, with a pool of `pool_size` connections
    /// for PostgreSQL).
    pub async fn connect(
        db: &str,
        pool_size: usize,
        players: Players,
        config: Config,
        settings: Settings,
    ) -> anyhow::Result<Hub> {
        let store = Store::connect(db, pool_size).await?;
        Ok(Hub::with_settings(store, players, config, settings))
    }

    /// The computer players.
    pub fn players(&self) -> &Players {
        &self.inner.players
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The operator's settings.
    pub fn settings(&self) -> &Settings {
        &self.inner.settings
    }

    /// The server's counters.
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// The per-client rate limits.
    pub fn limiter(&self) -> &RateLimiter {
        &self.inner.limiter
    }

    /// The workers of the analysis endpoints.
    pub fn analysis_pool(&self) -> &EnginePool {
        &self.inner.analysis
    }

    /// Reviews already made.
    pub fn reviews(&self) -> &crate::review::ReviewCache {
        &self.inner.reviews
    }

    /// Shutdown and the work it waits for.
    pub fn lifecycle(&self) -> &Lifecycle {
        &self.inner.lifecycle
    }

    /// The WebSocket watchers.
    pub fn watchers(&self) -> &Watchers {
        &self.inner.watchers
    }

    /// How many games are in memory.
    pub fn cached_games(&self) -> usize {
        self.inner.cache.len()
    }

    /// The session of a game id, from memory or else loaded from the database (replaying its
    /// commands).
    pub async fn get(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        if let Some(session) = self.inner.cache.get(id) {
            return Ok(session);
        }
        let session = self
            .load(id)
            .await?
            .ok_or_else(|| ApiError::NoSuchGame(id.to_string()))?;
        let session = self.inner.cache.insert(id, Mutex::new(session));
        if self.inner.store.is_shared() {
            // Another process's notification that arrived while the game was loading found no
            // copy here and was dropped: read what was stored meanwhile (later notifications
            // find the copy in the cache).
            let mut guard = session.lock().await;
            if let Err(error) = self.catch_up(&mut guard).await {
                tracing::warn!(game = id, "cannot catch up: {error:#}");
            }
        }
        Ok(session)
    }

    /// Reads a game from the database and replays it.
    async fn load(&self, id: &str) -> Result<Option<Session>, ApiError> {
        let Some((stored, status_known)) = self
            .inner
            .store
            .load_game(id)
            .await
            .map_err(ApiError::internal)?
        else {
            return Ok(None);
        };
        let session = self.resume(stored).map_err(|error| {
            // One game that no longer replays (a record from an older rules crate, a damaged
            // database) must not take the others down: it stays stored, unserved.
            tracing::warn!(game = id, "the game cannot be resumed: {error:#}");
            lock(&self.inner.unplayable).insert(id.to_string());
            ApiError::internal(format!("game `{id}` cannot be resumed: {error}"))
        })?;
        if !status_known {
            let status = session.status(session.version());
            if let Err(error) = self.inner.store.fill_status(id, &status).await {
                tracing::warn!(game = id, "cannot record the game's status: {error:#}");
            }
        }
        Ok(Some(session))
    }

    /// Replays a stored game's commands through its rules.
    fn resume(&self, stored: StoredGame) -> anyhow::Result<Session> {
        let options: GameOptions = serde_json::from_str(&stored.options)?;
        let records: Vec<(Side, &str)> = stored
            .events
            .iter()
            .map(|text| (text.seat, text.command.as_str()))
            .collect();
        let game = replay_game(
            stored.kind,
            &options,
            stored.seed,
            &self.inner.players,
            &records,
        )?;
        let events = stored
            .events
            .into_iter()
            .enumerate()
            .map(|(seq, text)| Event {
                seq,
                seat: text.seat,
                command: text.command,
                at: text.at,
            })
            .collect();
        Ok(Session {
            id: stored.id,
            kind: stored.kind,
            options,
            seed: stored.seed,
            tokens: stored.tokens,
            created_at: stored.created_at,
            game,
            events,
        })
    }

    /// Summaries of the most recent games, newest first, read from the database alone.
    pub async fn list(&self, limit: usize) -> Result<Vec<GameSummary>, ApiError> {
        let rows = self
            .inner
            .store
            .recent(limit)
            .await
            .map_err(ApiError::internal)?;
        Ok(rows.into_iter().filter_map(summary_of_row).collect())
    }

    /// Creates, stores and registers a game; starts the computer if it moves first.
    pub async fn create(&self, request: NewGame) -> Result<Created, ApiError> {
        self.create_for(request, None).await
    }

    /// [`Hub::create`] for the client `creator` (its address: the per-client bound of live
    /// games counts the games stored with it).
    pub async fn create_for(
        &self,
        request: NewGame,
        creator: Option<&str>,
    ) -> Result<Created, ApiError> {
        if !LEVELS.contains(&request.level) {
            return Err(RequestError::Level {
                level: request.level,
                min: *LEVELS.start(),
                max: *LEVELS.end(),
            }
            .into());
        }
        let seed = request.seed.unwrap_or_else(|| rand::rng().random());
        let start = request.start.as_deref().map(str::trim);
        let game = games::new_game_from(
            request.kind,
            &request.rules,
            seed,
            start,
            &self.inner.players,
        )
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
            start: start.map(str::to_string),
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
        };
        let status = session.status(0);
        self.inner
            .store
            .insert_game(
                &StoredGame {
                    id: session.id.clone(),
                    kind: session.kind,
                    options: serde_json::to_string(&session.options).map_err(ApiError::internal)?,
                    seed,
                    tokens: tokens.clone(),
                    created_at: session.created_at,
                    events: Vec::new(),
                },
                &status,
                creator,
            )
            .await
            .map_err(ApiError::internal)?;
        let state = session.state();
        let id = session.id.clone();
        let session = self.inner.cache.insert(&id, Mutex::new(session));
        if status.computer_to_act {
            self.spawn_computer(id, session);
        }
        Ok(Created {
            state,
            tokens,
            seat,
        })
    }

    /// Carries out a seat's command: checks the token, applies it, stores it, broadcasts the new
    /// state and returns it. On any error the game is unchanged. The command runs to its end even
    /// if the caller stops waiting (a command stored but not applied in memory, or the reverse,
    /// must not happen), and a shutdown waits for it.
    pub async fn command(
        &self,
        id: &str,
        token: &str,
        command: Command,
    ) -> Result<GameState, ApiError> {
        let hub = self.clone();
        let (id, token) = (id.to_string(), token.to_string());
        let busy = self.inner.lifecycle.busy();
        tokio::spawn(async move {
            let _busy = busy;
            hub.run_command(&id, &token, command).await
        })
        .await
        .map_err(ApiError::internal)?
    }

    async fn run_command(
        &self,
        id: &str,
        token: &str,
        command: Command,
    ) -> Result<GameState, ApiError> {
        let session = self.get(id).await?;
        let mut guard = session.lock().await;
        let side = guard.seat_of(token).ok_or(ApiError::NotSeated)?;
        self.apply_latest(&mut guard, side, &command).await?;
        Ok(self.release_and_continue(id, guard, &session))
    }

    /// Applies and stores a command against the latest state of the game: when the database
    /// holds commands this copy lacks (stored by another process, or while this copy was out of
    /// the cache), the copy catches up and the command is tried again, so that it is judged
    /// exactly as a single process would judge it after the commands before it. Two commands for
    /// the same turn can thus never both be accepted: the version check in the database lets one
    /// through, and the other is judged after it (409 not your turn, or 409 when the game keeps
    /// changing under it).
    async fn apply_latest(
        &self,
        session: &mut Session,
        side: Side,
        command: &Command,
    ) -> Result<(), ApiError> {
        let mut refused_after_catching_up = false;
        let mut conflicts = 0;
        loop {
            match self.apply_and_store(session, side, command).await {
                Ok(()) => return Ok(()),
                Err(Refused::Game(error)) => {
                    if refused_after_catching_up
                        || !self.catch_up(session).await.map_err(ApiError::internal)?
                    {
                        return Err(error.into());
                    }
                    refused_after_catching_up = true;
                }
                Err(Refused::Conflict) => {
                    self.inner
                        .metrics
                        .version_conflicts
                        .fetch_add(1, Ordering::Relaxed);
                    conflicts += 1;
                    let asked = session.events.len();
                    self.catch_up(session).await.map_err(ApiError::internal)?;
                    if conflicts > MAX_CONFLICT_RETRIES {
                        return Err(ApiError::StaleVersion {
                            asked,
                            current: session.events.len(),
                        });
                    }
                }
                Err(Refused::Failed(error)) => return Err(ApiError::internal(error)),
            }
        }
    }

    /// Applies, stores (rolling the game back if storage fails) and broadcasts.
    async fn apply_and_store(
        &self,
        session: &mut Session,
        side: Side,
        command: &Command,
    ) -> Result<(), Refused> {
        session.game.apply(side, command).map_err(Refused::Game)?;
        let record = command.to_record();
        let version = session.events.len() + 1;
        let status = session.status(version);
        let at = now_millis();
        let append = Append {
            game_id: &session.id,
            seat: side,
            command: &record,
            at,
            status: &status,
        };
        if let Err(error) = self.inner.store.append(&append).await {
            // The game in memory must not run ahead of the database: rebuild it from the events.
            self.rebuild(session);
            return Err(match error {
                AppendError::Conflict(_) => Refused::Conflict,
                AppendError::Failed(error) => Refused::Failed(error),
            });
        }
        session.events.push(Event {
            seq: version - 1,
            seat: side,
            command: record,
            at,
        });
        self.broadcast(session);
        Ok(())
    }

    /// Sends the state to the game's watchers (serialised only when someone watches).
    fn broadcast(&self, session: &Session) {
        self.inner
            .watchers
            .send(&session.id, || session.state_text());
    }

    /// Applies the events the database has beyond this copy's version; returns whether there
    /// were any (and then broadcasts the new state).
    async fn catch_up(&self, session: &mut Session) -> anyhow::Result<bool> {
        let events = self
            .inner
            .store
            .events_since(&session.id, session.events.len())
            .await?;
        if events.is_empty() {
            return Ok(false);
        }
        for stored in events {
            let seq = session.events.len();
            if stored.command == TAKEBACK {
                session.events.push(Event {
                    seq,
                    seat: stored.seat,
                    command: stored.command,
                    at: stored.at,
                });
                self.rebuild(session);
                continue;
            }
            let command = Command::from_record(&stored.command)?;
            if let Err(error) = session.game.apply(stored.seat, &command) {
                self.rebuild(session);
                anyhow::bail!(
                    "event {seq} `{}` of game {} does not replay: {error}",
                    stored.command,
                    session.id
                );
            }
            session.events.push(Event {
                seq,
                seat: stored.seat,
                command: stored.command,
                at: stored.at,
            });
        }
        self.broadcast(session);
        Ok(true)
    }

    fn rebuild(&self, session: &mut Session) {
        if let Ok(mut game) = games::new_game_from(
            session.kind,
            &session.options.rules,
            session.seed,
            session.options.start.as_deref(),
            &self.inner.players,
        ) {
            let records = session
                .events
                .iter()
                .map(|event| (event.seat, event.command.as_str()));
            for (seat, record) in in_force(records) {
                if let Ok(command) = Command::from_record(record) {
                    let _ = game.apply(seat, &command);
                }
            }
            session.game = game;
        }
    }

    /// Takes back the seat's last move against the computer, with everything after it (the
    /// computer's answer): stores a take-back event (`:takeback`) and replays the game without
    /// them (Backgammon's seeded dice roll the same again). Returns the new state.
    pub async fn takeback(&self, id: &str, token: &str) -> Result<GameState, ApiError> {
        let hub = self.clone();
        let (id, token) = (id.to_string(), token.to_string());
        let busy = self.inner.lifecycle.busy();
        tokio::spawn(async move {
            let _busy = busy;
            hub.run_takeback(&id, &token).await
        })
        .await
        .map_err(ApiError::internal)?
    }

    async fn run_takeback(&self, id: &str, token: &str) -> Result<GameState, ApiError> {
        let session = self.get(id).await?;
        let mut guard = session.lock().await;
        let side = guard.seat_of(token).ok_or(ApiError::NotSeated)?;
        if guard.options.seats[side.opponent().index()] != Occupant::Computer {
            return Err(ApiError::TakebackAgainstPerson);
        }
        self.catch_up(&mut guard)
            .await
            .map_err(ApiError::internal)?;
        if guard.game.result().is_some() {
            return Err(GameError::Over.into());
        }
        let mut records: Vec<(Side, &str)> = guard
            .events
            .iter()
            .map(|event| (event.seat, event.command.as_str()))
            .collect();
        let before = in_force(records.iter().copied()).len();
        records.push((side, TAKEBACK));
        if in_force(records.iter().copied()).len() == before {
            return Err(ApiError::NothingToTakeBack);
        }
        let game = replay_game(
            guard.kind,
            &guard.options,
            guard.seed,
            &self.inner.players,
            &records,
        )
        .map_err(ApiError::internal)?;
        let previous = std::mem::replace(&mut guard.game, game);
        let version = guard.events.len() + 1;
        let status = guard.status(version);
        let at = now_millis();
        let append = Append {
            game_id: &guard.id,
            seat: side,
            command: TAKEBACK,
            at,
            status: &status,
        };
        if let Err(error) = self.inner.store.append(&append).await {
            guard.game = previous;
            return Err(match error {
                AppendError::Conflict(_) => ApiError::StaleVersion {
                    asked: version - 1,
                    current: version,
                },
                AppendError::Failed(error) => ApiError::internal(error),
            });
        }
        guard.events.push(Event {
            seq: version - 1,
            seat: side,
            command: TAKEBACK.to_string(),
            at,
        });
        self.broadcast(&guard);
        Ok(self.release_and_continue(id, guard, &session))
    }

    /// Claims the computer's turn of game `id` for this process, unless it is playing it already.
    fn claim_thinking(&self, id: &str) -> Option<ThinkingClaim> {
        lock(&self.inner.thinking)
            .insert(id.to_string())
            .then(|| ThinkingClaim {
                hub: self.clone(),
                id: id.to_string(),
            })
    }

    /// The state after a command, once the session's lock is released; the computer is set to
    /// play when it is next to act.
    fn release_and_continue(
        &self,
        id: &str,
        guard: MutexGuard<'_, Session>,
        session: &Arc<Mutex<Session>>,
    ) -> GameState {
        let state = guard.state();
        let computer_next = guard.computer_to_act().is_some();
        drop(guard);
        if computer_next {
            self.spawn_computer(id.to_string(), Arc::clone(session));
        }
        state
    }

    /// Lets the computer play while it is to act. The session is locked only to prepare the
    /// decision and to apply it, not while the computer thinks on the computer players' pool, so
    /// watchers and `GET` are never held up by thinking time. In a database shared by several
    /// processes the version check makes sure a second process thinking about the same turn (see
    /// [`Hub::start_background`]) cannot store a second move.
    fn spawn_computer(&self, id: String, session: Arc<Mutex<Session>>) {
        if self.inner.lifecycle.is_stopping() {
            return;
        }
        let Some(claim) = self.claim_thinking(&id) else {
            return;
        };
        let busy = self.inner.lifecycle.busy();
        let hub = self.clone();
        tokio::spawn(async move {
            let _claim = claim;
            let _busy = busy;
            hub.play_computer(session).await;
        });
    }

    async fn play_computer(&self, session: Arc<Mutex<Session>>) {
        for _ in 0..MAX_COMPUTER_STEPS {
            let (side, version, job) = {
                let guard = session.lock().await;
                let Some(side) = guard.computer_to_act() else {
                    return;
                };
                let job = guard
                    .game
                    .computer_job(guard.options.level, self.inner.config.think_time);
                match job {
                    Some(job) => (side, guard.events.len(), job),
                    None => return,
                }
            };
            let command = tokio::select! {
                answer = self.inner.computer.run(job) => match answer {
                    Ok(command) => command,
                    Err(error) => {
                        tracing::error!("a computer player failed: {error}");
                        return;
                    }
                },
                () = self.inner.lifecycle.stopping() => return,
            };
            let mut guard = session.lock().await;
            if guard.events.len() != version {
                // Something happened meanwhile (a resignation): decide again.
                continue;
            }
            match self.apply_and_store(&mut guard, side, &command).await {
                Ok(()) => {}
                // Another process played this turn first: catch up and see who is to act now.
                Err(Refused::Conflict) => {
                    if let Err(error) = self.catch_up(&mut guard).await {
                        tracing::warn!(game = guard.id(), "cannot catch up: {error:#}");
                        return;
                    }
                }
                // The database failed: the housekeeping takes the turn up again later.
                Err(Refused::Failed(error)) => {
                    tracing::warn!(
                        game = guard.id(),
                        "cannot store the computer's move: {error:#}"
                    );
                    return;
                }
                Err(Refused::Game(error)) => {
                    tracing::warn!(
                        game = guard.id(),
                        "the computer answered an illegal command: {error}"
                    );
                    if !self.play_fallback(&mut guard, side).await {
                        return;
                    }
                }
            }
        }
    }

    /// A player that answers something illegal must not stall the game: plays the first legal
    /// move or action instead. Returns whether it was stored.
    async fn play_fallback(&self, session: &mut Session, side: Side) -> bool {
        let fallback = match session.game.legal_moves().first() {
            Some(mv) => Command::Move(mv.clone()),
            None => match session
                .game
                .actions()
                .into_iter()
                .find(|a| *a != Action::Resign)
            {
                Some(action) => Command::Action(action),
                None => return false,
            },
        };
        self.apply_and_store(session, side, &fallback).await.is_ok()
    }

    /// Starts the background work of a serving process: the housekeeping (computer turns that
    /// no process is playing, games idle in memory, rate buckets) every few seconds, and with
    /// PostgreSQL the listener of other processes' commands. Stops at shutdown.
    ///
    /// Computer turns: the process that stored the human's command plays the computer's reply.
    /// The housekeeping takes up a turn nobody is playing: with SQLite every turn this process is
    /// not already playing (after a restart, all of them); with PostgreSQL only turns left
    /// untouched for twice the thinking time plus ten seconds (their process has gone, or is
    /// swamped). Should two processes then play the same turn, the version check stores one move.
    ///
    /// Starting it again does nothing.
    pub fn start_background(&self) {
        if self.inner.started.swap(true, Ordering::AcqRel) {
            return;
        }
        let hub = self.clone();
        tokio::spawn(async move { hub.housekeeping().await });
        if self.inner.store.is_shared() {
            tokio::spawn(crate::instances::listen(self.clone()));
        }
    }

    async fn housekeeping(&self) {
        let stopping = self.inner.lifecycle.stopping();
        tokio::pin!(stopping);
        loop {
            self.take_up_computer_turns().await;
            self.inner.cache.drop_touched_before(
                Instant::now()
                    .checked_sub(CACHE_IDLE)
                    .unwrap_or_else(Instant::now),
            );
            self.inner.limiter.forget_full();
            tokio::select! {
                () = tokio::time::sleep(HOUSEKEEPING_INTERVAL) => {}
                () = &mut stopping => return,
            }
        }
    }

    /// Starts the computer in the games where it is to act and no process is known to play.
    async fn take_up_computer_turns(&self) {
        let cutoff = if self.inner.store.is_shared() {
            let grace = 2 * self.inner.config.think_time + Duration::from_secs(10);
            now_millis() - i64::try_from(grace.as_millis()).unwrap_or(i64::MAX)
        } else {
            now_millis() + 1
        };
        let ids = match self
            .inner
            .store
            .waiting_for_computer(cutoff, SWEEP_BATCH)
            .await
        {
            Ok(ids) => ids,
            Err(error) => {
                tracing::warn!("cannot look for computer turns: {error:#}");
                return;
            }
        };
        for id in ids {
            if lock(&self.inner.thinking).contains(&id)
                || lock(&self.inner.unplayable).contains(&id)
            {
                continue;
            }
            if let Ok(session) = self.get(&id).await {
                self.spawn_computer(id, session);
            }
        }
    }

    /// Another process stored command number `version` of game `id` (a PostgreSQL
    /// notification): the copy in memory catches up and its watchers get the new state.
    pub(crate) fn on_notice(&self, id: &str, version: usize) {
        self.inner.metrics.notices.fetch_add(1, Ordering::Relaxed);
        let cached = self.inner.cache.peek(id);
        if cached.is_none() && !self.inner.watchers.is_watched(id) {
            return;
        }
        let hub = self.clone();
        let id = id.to_string();
        tokio::spawn(async move { hub.refresh(&id, version, cached).await });
    }

    async fn refresh(&self, id: &str, version: usize, cached: Option<Arc<Mutex<Session>>>) {
        match cached {
            Some(session) => {
                let mut guard = session.lock().await;
                if guard.version() < version
                    && let Err(error) = self.catch_up(&mut guard).await
                {
                    tracing::warn!(game = id, "cannot catch up: {error:#}");
                }
            }
            None => {
                if let Ok(session) = self.get(id).await {
                    self.broadcast(&*session.lock().await);
                }
            }
        }
    }

    /// After notifications may have been missed (the listening connection was lost): the games
    /// in memory may be out of date. Drops the ones not in use, brings the others and the watched
    /// games up to date.
    pub(crate) fn resync(&self) {
        self.inner.cache.drop_unused_all();
        for session in self.inner.cache.values() {
            let hub = self.clone();
            tokio::spawn(async move { hub.refresh("", usize::MAX, Some(session)).await });
        }
        for id in self.inner.watchers.watched() {
            self.on_notice(&id, usize::MAX);
        }
    }

    /// The state document of a game as the WebSocket sends it.
    pub async fn state_text(&self, id: &str) -> Result<String, ApiError> {
        let session = self.get(id).await?;
        let text = session.lock().await.state_text();
        Ok(text)
    }

    /// The values of the metrics read now.
    pub fn gauges(&self) -> Gauges {
        let sessions = self.inner.cache.values();
        // A game locked right now is in play.
        let live_games = sessions
            .iter()
            .filter(|session| {
                session
                    .try_lock()
                    .map_or(true, |session| session.game.result().is_none())
            })
            .count();
        Gauges {
            cached_games: sessions.len(),
            live_games,
            watchers: self.inner.watchers.count(),
            engine: vec![self.inner.analysis.gauges(), self.inner.computer.gauges()],
            busy: self.inner.lifecycle.busy_count(),
        }
    }
}

/// The list entry of a stored game (`None`, logged, if its options no longer read).
fn summary_of_row(row: GameRow) -> Option<GameSummary> {
    let options = match serde_json::from_str::<GameOptions>(&row.options) {
        Ok(options) => options,
        Err(error) => {
            tracing::warn!(game = row.id, "unreadable options: {error}");
            return None;
        }
    };
    Some(GameSummary {
        id: row.id,
        game: row.kind,
        seats: PerSide::from_pair(options.seats),
        version: row.version,
        created_at: row.created_at,
        result: row.result,
    })
}

#[cfg(test)]
mod takeback_tests {
    use super::*;

    #[test]
    fn a_takeback_removes_the_seats_last_move_and_what_followed() {
        let records = [
            (Side::White, "d6"),
            (Side::Black, "d2"),
            (Side::White, "b6"),
            (Side::Black, "f2"),
            (Side::White, TAKEBACK),
        ];
        assert_eq!(in_force(records), records[..2].to_vec());
    }

    #[test]
    fn actions_stay_and_a_second_takeback_goes_further_back() {
        let records = [
            (Side::White, ":roll"),
            (Side::White, "8/5 6/5"),
            (Side::Black, ":roll"),
            (Side::Black, "24/18"),
            (Side::White, ":roll"),
            (Side::White, "13/7"),
            (Side::White, TAKEBACK),
            (Side::White, TAKEBACK),
        ];
        assert_eq!(in_force(records), vec![(Side::White, ":roll")]);
    }

    #[test]
    fn a_takeback_with_nothing_to_take_back_changes_nothing() {
        let records = [(Side::Black, "d6"), (Side::White, TAKEBACK)];
        assert_eq!(in_force(records), vec![(Side::Black, "d6")]);
    }
}
