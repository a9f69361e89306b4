//! Live games: the sessions in memory (a bounded cache over the database), seats and their
//! tokens, storage of every command before it is acknowledged, broadcast of every change, and the
//! computer's turns.
//!
//! [`Sessions`], the core of the server's state, is built here (the HTTP state around it, with
//! the engine work and the rate limits, is [`crate::hub::Hub`]); its work is split by job:
//!
//! | module | job |
//! |---|---|
//! | `session` | one game in memory: its state document, seats and tokens |
//! | `loading` | the cache over the database: loading and replaying a stored game, the list |
//! | `creation` | creating a game: seats, tokens, the first store |
//! | `commands` | a seat's command: applied, stored (retried on conflicts), broadcast |
//! | `catch_up` | bringing a copy in memory up to the database |
//! | `takeback` | taking back a move against the computer |
//! | `computer` | the computer's turns |
//! | `broadcast` | sending the state to watchers |
//! | `housekeeping` | the background work: computer turns nobody plays, idle games |
//! | `resync` | other processes' commands (PostgreSQL notifications) |

mod broadcast;
mod catch_up;
mod commands;
mod computer;
mod creation;
mod housekeeping;
mod loading;
mod resync;
mod session;
mod takeback;

pub use creation::{Created, DEFAULT_LEVEL, LEVELS, NewGame};
pub use session::{
    Event, GameDocument, GameOptions, GameSummary, Occupant, PLY_LIMIT_REASON, Session,
};
pub use takeback::TAKEBACK;

use crate::cache::GameCache;
use crate::games::GameError;
use crate::games::UnknownName;
use crate::games::{Players, RulesError};
use crate::lifecycle::Lifecycle;
use crate::metrics::{Gauges, Metrics};
use crate::settings::Settings;
use crate::store::{Store, StoreError};
use crate::watchers::Watchers;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex as StdMutex, MutexGuard as StdMutexGuard};
use std::time::Duration;
use tokio::sync::Mutex;

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

/// Why a stored game cannot be brought into memory, or a copy in memory up to the database.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored options do not read.
    #[error("the stored options do not read")]
    Options(#[from] serde_json::Error),
    /// The game refuses its stored options or start.
    #[error("the game cannot be set up")]
    Rules(#[from] RulesError),
    /// A stored command that does not read.
    #[error("a stored command does not read")]
    Record(#[from] UnknownName),
    /// A stored command that the game refuses.
    #[error("`{record}` does not replay")]
    Refused {
        /// The command as stored.
        record: String,
        /// Why the game refuses it.
        #[source]
        error: GameError,
    },
}

/// The live games: the cache over the database, the computer players, the watchers, and the
/// settings and counters they share with the HTTP state. Cheap to clone (an `Arc`).
#[derive(Clone)]
pub struct Sessions {
    inner: Arc<SessionsInner>,
}

struct SessionsInner {
    store: Store,
    players: Players,
    config: Config,
    settings: Arc<Settings>,
    cache: GameCache<Mutex<Session>>,
    watchers: Watchers,
    /// Games whose computer turn this process is playing.
    thinking: StdMutex<HashSet<String>>,
    /// Games that failed to load (a record that no longer replays): not taken up again.
    unplayable: StdMutex<HashSet<String>>,
    /// The positions decided on now in unfinished games between people.
    hints: crate::hints::LiveHints,
    computer: crate::fair::FairPool,
    metrics: Arc<Metrics>,
    lifecycle: Arc<Lifecycle>,
    /// Whether the background work has been started.
    started: AtomicBool,
}

fn lock<T>(mutex: &StdMutex<T>) -> StdMutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Sessions {
    /// The live games on `store` under `settings`. Nothing is loaded now: games are read from
    /// the store when first asked for.
    pub fn new(store: Store, players: Players, config: Config, settings: Settings) -> Sessions {
        Sessions {
            inner: Arc::new(SessionsInner {
                store,
                players,
                config,
                cache: GameCache::new(settings.max_cached_games),
                watchers: Watchers::new(settings.watch_buffer),
                thinking: StdMutex::default(),
                unplayable: StdMutex::default(),
                hints: crate::hints::LiveHints::default(),
                computer: crate::fair::FairPool::new(
                    "computer",
                    settings.computer_workers,
                    settings.computer_workers_per_client,
                ),
                metrics: Arc::default(),
                lifecycle: Arc::default(),
                started: AtomicBool::new(false),
                settings: Arc::new(settings),
            }),
        }
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

    /// The operator's settings, shared.
    pub fn shared_settings(&self) -> Arc<Settings> {
        Arc::clone(&self.inner.settings)
    }

    /// The server's counters.
    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// The server's counters, shared.
    pub fn shared_metrics(&self) -> Arc<Metrics> {
        Arc::clone(&self.inner.metrics)
    }

    /// The positions the analysis endpoints refuse now (see `hints.rs`).
    pub fn hints(&self) -> &crate::hints::LiveHints {
        &self.inner.hints
    }

    /// Shutdown and the work it waits for.
    pub fn lifecycle(&self) -> &Lifecycle {
        &self.inner.lifecycle
    }

    /// Shutdown and the work it waits for, shared.
    pub fn shared_lifecycle(&self) -> Arc<Lifecycle> {
        Arc::clone(&self.inner.lifecycle)
    }

    /// The WebSocket watchers.
    pub fn watchers(&self) -> &Watchers {
        &self.inner.watchers
    }

    /// How many games are in memory.
    pub fn cached_games(&self) -> usize {
        self.inner.cache.len()
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
                    .map_or(true, |session| session.result().is_none())
            })
            .count();
        Gauges {
            cached_games: sessions.len(),
            live_games,
            watchers: self.inner.watchers.count(),
            engine: vec![self.inner.computer.gauges()],
            busy: self.inner.lifecycle.busy_count(),
        }
    }
}
