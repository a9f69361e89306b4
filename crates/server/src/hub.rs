//! The HTTP state: the live games ([`Sessions`], the core) and what the endpoints share around
//! them — the engine work ([`EngineWork`]: the analysis pool, the reviews made, the rollouts),
//! the per-client rate limits ([`Limiters`]), the settings and the counters. Each is a substate
//! (axum's `FromRef`) that a handler or middleware takes alone, so that no module needs the
//! whole state and the state needs none of the modules that use it.

use crate::engine_pool::AnalysisPool;
use crate::games::Players;
use crate::lifecycle::Lifecycle;
use crate::metrics::{Gauges, Metrics};
use crate::rate_limiter::RateLimiter;
use crate::review_cache::ReviewCache;
use crate::rollouts::Rollouts;
use crate::sessions::{Config, Sessions};
use crate::settings::Settings;
use crate::store::{Store, StoreError};
use axum::extract::FromRef;
use std::path::Path;
use std::sync::Arc;

/// The state of the HTTP server. Cheap to clone (its parts are `Arc`s).
#[derive(Clone, FromRef)]
pub struct Hub {
    sessions: Sessions,
    engine: EngineWork,
    limiters: Limiters,
    settings: Arc<Settings>,
    metrics: Arc<Metrics>,
}

impl Hub {
    /// A server on `store` with the default [`Settings`]. Nothing is loaded now: games are read
    /// from the store when first asked for.
    pub fn new(store: Store, players: Players, config: Config) -> Result<Hub, StoreError> {
        Ok(Hub::with_settings(
            store,
            players,
            config,
            Settings::default(),
        ))
    }

    /// A server on `store` with the given settings.
    pub fn with_settings(
        store: Store,
        players: Players,
        config: Config,
        settings: Settings,
    ) -> Hub {
        let sessions = Sessions::new(store, players, config, settings);
        Hub {
            engine: EngineWork::new(sessions.settings(), sessions.shared_lifecycle()),
            limiters: Limiters::new(sessions.settings()),
            settings: sessions.shared_settings(),
            metrics: sessions.shared_metrics(),
            sessions,
        }
    }

    /// Opens the SQLite file (creating it) with the default settings.
    pub fn open(path: &Path, players: Players, config: Config) -> Result<Hub, StoreError> {
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
    ) -> Result<Hub, StoreError> {
        let store = Store::connect(db, pool_size).await?;
        Ok(Hub::with_settings(store, players, config, settings))
    }

    /// Starts the background work of a serving process: the sessions' housekeeping (see
    /// [`Sessions::start_background`]), each round of which also forgets the rate limits' full
    /// buckets. Stops at shutdown; starting it again does nothing.
    pub fn start_background(&self) {
        let limiters = self.limiters.clone();
        self.sessions.start_background(move || {
            limiters.requests().forget_full();
            limiters.moves().forget_full();
        });
    }

    /// The live games.
    pub fn sessions(&self) -> &Sessions {
        &self.sessions
    }

    /// The engine work of the endpoints.
    pub fn engine(&self) -> &EngineWork {
        &self.engine
    }

    /// The per-client rate limits.
    pub fn limiters(&self) -> &Limiters {
        &self.limiters
    }

    /// The database.
    pub fn store(&self) -> &Store {
        self.sessions.store()
    }

    /// The operator's settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The server's counters.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// Shutdown and the work it waits for.
    pub fn lifecycle(&self) -> &Lifecycle {
        self.sessions.lifecycle()
    }

    /// The workers of the analysis endpoints.
    pub fn analysis_pool(&self) -> &AnalysisPool {
        self.engine.pool()
    }

    /// Reviews already made.
    pub fn reviews(&self) -> &ReviewCache {
        self.engine.reviews()
    }

    /// How many games are in memory.
    pub fn cached_games(&self) -> usize {
        self.sessions.cached_games()
    }

    /// The values of the metrics read now: the games', then the analysis pool's and the
    /// computer players' engines.
    pub fn gauges(&self) -> Gauges {
        gauges(&self.sessions, &self.engine)
    }
}

/// The values of the metrics read now: the games', then the analysis pool's and the computer
/// players' engines.
pub fn gauges(sessions: &Sessions, engine: &EngineWork) -> Gauges {
    let mut gauges = sessions.gauges();
    gauges.engine.insert(0, engine.pool().gauges());
    gauges
}

/// The engine work the endpoints share: the analysis pool, the reviews made and the analysis
/// board's rollouts, and whether the server is stopping (long work stops then).
#[derive(Clone)]
pub struct EngineWork {
    inner: Arc<EngineWorkInner>,
}

struct EngineWorkInner {
    pool: AnalysisPool,
    reviews: ReviewCache,
    rollouts: Rollouts,
    lifecycle: Arc<Lifecycle>,
}

impl EngineWork {
    /// The engine work sized by `settings`, stopping when `lifecycle` (the server's) stops.
    pub fn new(settings: &Settings, lifecycle: Arc<Lifecycle>) -> EngineWork {
        EngineWork {
            inner: Arc::new(EngineWorkInner {
                pool: AnalysisPool::new(settings.analysis_workers, settings.analysis_queue),
                reviews: ReviewCache::default(),
                rollouts: Rollouts::default(),
                lifecycle,
            }),
        }
    }

    /// The workers of the analysis endpoints.
    pub fn pool(&self) -> &AnalysisPool {
        &self.inner.pool
    }

    /// Reviews already made.
    pub fn reviews(&self) -> &ReviewCache {
        &self.inner.reviews
    }

    /// The analysis board's rollouts.
    pub fn rollouts(&self) -> &Rollouts {
        &self.inner.rollouts
    }

    /// Whether the server is shutting down.
    pub fn is_stopping(&self) -> bool {
        self.inner.lifecycle.is_stopping()
    }
}

/// The per-client rate limits: of requests (creating games, engine requests) and of a seat's
/// moves, actions and take-backs.
#[derive(Clone)]
pub struct Limiters {
    inner: Arc<LimitersInner>,
}

struct LimitersInner {
    requests: RateLimiter,
    moves: RateLimiter,
}

impl Limiters {
    /// The limits at `settings`' rates.
    pub fn new(settings: &Settings) -> Limiters {
        Limiters {
            inner: Arc::new(LimitersInner {
                requests: RateLimiter::new(settings.rate_per_minute),
                moves: RateLimiter::new(settings.moves_per_minute),
            }),
        }
    }

    /// The rate of creating games and of engine requests.
    pub fn requests(&self) -> &RateLimiter {
        &self.inner.requests
    }

    /// The rate of a seat's moves, actions and take-backs.
    pub fn moves(&self) -> &RateLimiter {
        &self.inner.moves
    }
}
