//! Limits that keep abusive clients from taking the server from everyone else:
//!
//! - per-client rate limits (token buckets keyed by the client's address) on creating games, on
//!   engine requests and on moves (actions and take-backs included), answered 429 with
//!   `Retry-After`;
//! - an upper bound on the live games one client has created, answered 429;
//! - bounded engine pools: analysis runs on a few workers with a short queue, beyond which
//!   requests get 503 with `Retry-After` (never an unbounded queue); the computer players have
//!   workers of their own, so that analysis never delays a game, and a player's own move needs no
//!   engine at all;
//! - a timeout on every request (503).

use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::sessions::Hub;
use crate::store::now_millis;
use axum::Json;
use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Unfinished games created within this window count as live for the per-client bound (so that
/// games abandoned long ago stop counting).
pub const LIVE_WINDOW: Duration = Duration::from_secs(24 * 3600);

/// The client a request comes from: its address (an IPv6 address by its /64 network, which one
/// subscriber usually holds whole), or `unknown`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientKey(pub String);

impl ClientKey {
    /// The key of a request with these headers from `peer`, trusting `X-Forwarded-For` or not.
    pub fn of(headers: &HeaderMap, peer: Option<IpAddr>, trust_proxy: bool) -> ClientKey {
        let forwarded = trust_proxy.then(|| forwarded_for(headers)).flatten();
        ClientKey(
            forwarded
                .or(peer)
                .map_or_else(|| "unknown".to_string(), key_of),
        )
    }
}

impl FromRequestParts<Hub> for ClientKey {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, hub: &Hub) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|info| info.0.ip());
        Ok(ClientKey::of(
            &parts.headers,
            peer,
            hub.settings().trust_proxy,
        ))
    }
}

/// The last address of `X-Forwarded-For`: the one the proxy in front of us appended.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .last()
        .and_then(|entry| entry.trim().parse().ok())
}

fn key_of(address: IpAddr) -> String {
    match address {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let segments = v6.segments();
                format!(
                    "{:x}:{:x}:{:x}:{:x}::/64",
                    segments[0], segments[1], segments[2], segments[3]
                )
            }
        },
    }
}

/// The rate limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Limit {
    /// `POST /api/games`.
    Create,
    /// The analysis endpoints.
    Engine,
    /// A seat's moves, actions and take-backs.
    Move,
}

impl Limit {
    /// The name in messages and metrics.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Create => "create",
            Limit::Engine => "engine",
            Limit::Move => "move",
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Token buckets by client and limit: `per_minute` tokens a minute, at most a quarter of them
/// (and at least one) saved up.
pub struct RateLimiter {
    per_minute: u32,
    buckets: Mutex<HashMap<(Limit, ClientKey), Bucket>>,
}

impl RateLimiter {
    /// A limiter allowing `per_minute` requests a minute per client and limit (0: no limit).
    pub fn new(per_minute: u32) -> RateLimiter {
        RateLimiter {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    fn buckets(&self) -> MutexGuard<'_, HashMap<(Limit, ClientKey), Bucket>> {
        self.buckets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn capacity(&self) -> f64 {
        f64::from((self.per_minute / 4).max(1))
    }

    fn per_second(&self) -> f64 {
        f64::from(self.per_minute) / 60.0
    }

    /// Takes a token for `client` under `limit` at `now`, or says how long until one is there.
    pub fn check_at(&self, limit: Limit, client: &ClientKey, now: Instant) -> Result<(), Duration> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let (capacity, rate) = (self.capacity(), self.per_second());
        let mut buckets = self.buckets();
        let bucket = buckets.entry((limit, client.clone())).or_insert(Bucket {
            tokens: capacity,
            updated: now,
        });
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * rate).min(capacity);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / rate))
        }
    }

    /// Takes a token now (see [`RateLimiter::check_at`]).
    pub fn check(&self, limit: Limit, client: &ClientKey) -> Result<(), Duration> {
        self.check_at(limit, client, Instant::now())
    }

    /// Forgets the buckets that have filled up again (a new one starts full): keeps the table
    /// as small as the set of recently active clients.
    pub fn forget_full(&self) {
        if self.per_minute == 0 {
            return;
        }
        let (capacity, rate, now) = (self.capacity(), self.per_second(), Instant::now());
        self.buckets().retain(|_, bucket| {
            let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
            bucket.tokens + elapsed * rate < capacity
        });
    }

    /// How many buckets are kept.
    pub fn len(&self) -> usize {
        self.buckets().len()
    }

    /// Whether no bucket is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A bounded pool of engine workers on blocking threads.
pub struct EnginePool {
    name: &'static str,
    workers: Arc<Semaphore>,
    /// Room for running and waiting jobs together; `None`: callers always wait (the computer
    /// players, at most one job per game).
    admission: Option<Arc<Semaphore>>,
    waiting: Arc<AtomicUsize>,
    running: Arc<AtomicUsize>,
    rejected: AtomicU64,
}

/// A place in an engine pool's queue, taken before the request is handled.
pub struct Admission {
    _permit: Option<OwnedSemaphorePermit>,
}

impl EnginePool {
    /// A pool running `workers` jobs at once; with a `queue`, at most that many more wait and
    /// the rest are refused.
    pub fn new(name: &'static str, workers: usize, queue: Option<usize>) -> EnginePool {
        let workers = workers.max(1);
        EnginePool {
            name,
            workers: Arc::new(Semaphore::new(workers)),
            admission: queue.map(|queue| Arc::new(Semaphore::new(workers + queue))),
            waiting: Arc::default(),
            running: Arc::default(),
            rejected: AtomicU64::new(0),
        }
    }

    /// A place in the queue, or `None` (counted as a rejection) when the queue is full.
    pub fn admit(&self) -> Option<Admission> {
        let Some(admission) = &self.admission else {
            return Some(Admission { _permit: None });
        };
        match admission.clone().try_acquire_owned() {
            Ok(permit) => Some(Admission {
                _permit: Some(permit),
            }),
            Err(_) => {
                self.rejected.fetch_add(1, Ordering::Relaxed);
                None
            }
        }
    }

    /// Runs `job` on a blocking thread once a worker is free.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WorkerError> {
        // The worker and the counters are held by the job itself: a job whose caller stopped
        // waiting still counts until it ends, so no more than `workers` ever run.
        let waiting = Counted::new(&self.waiting);
        let permit = self
            .workers
            .clone()
            .acquire_owned()
            .await
            .map_err(|error| WorkerError::Closed(self.name, error))?;
        drop(waiting);
        let running = Counted::new(&self.running);
        tokio::task::spawn_blocking(move || {
            let _held = (permit, running);
            job()
        })
        .await
        .map_err(|error| WorkerError::Failed(self.name, error))
    }

    /// Name, jobs waiting, jobs running, requests refused so far (for the metrics).
    pub fn gauges(&self) -> (&'static str, usize, usize, u64) {
        (
            self.name,
            self.waiting.load(Ordering::Relaxed),
            self.running.load(Ordering::Relaxed),
            self.rejected.load(Ordering::Relaxed),
        )
    }
}

/// One in a gauge while it lives.
struct Counted(Arc<AtomicUsize>);

impl Counted {
    fn new(gauge: &Arc<AtomicUsize>) -> Counted {
        gauge.fetch_add(1, Ordering::Relaxed);
        Counted(gauge.clone())
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

fn too_many_requests(limit: Limit, retry_after: Duration, metrics: &Metrics) -> ApiError {
    metrics.rate_limited(limit.name());
    ApiError::RateLimited {
        limit: limit.name(),
        retry_after,
    }
}

/// Why a job of an [`EnginePool`] gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    /// The pool no longer takes jobs.
    #[error("the {0} workers are closed")]
    Closed(&'static str, #[source] tokio::sync::AcquireError),
    /// The job panicked or was cancelled.
    #[error("a job of the {0} workers failed")]
    Failed(&'static str, #[source] tokio::task::JoinError),
    /// The pool was dropped while the job waited for a worker.
    #[error("the {0} workers went away")]
    Dropped(&'static str),
}

/// Middleware of `POST /api/games`: the creation rate and the live games of the client.
pub async fn limit_creation(
    State(hub): State<Hub>,
    client: ClientKey,
    request: Request,
    next: Next,
) -> Response {
    if let Err(wait) = hub.limiter().check(Limit::Create, &client) {
        return too_many_requests(Limit::Create, wait, hub.metrics()).into_response();
    }
    let most = hub.settings().max_live_games_per_client;
    if most > 0 {
        let since = now_millis() - i64::try_from(LIVE_WINDOW.as_millis()).unwrap_or(i64::MAX);
        match hub.store().live_games_of(&client.0, since).await {
            Ok(live) if live >= most => {
                hub.metrics().rate_limited("live-games");
                return ApiError::TooManyLiveGames { live, most }.into_response();
            }
            Ok(_) => {}
            Err(error) => return ApiError::storage(error).into_response(),
        }
    }
    next.run(request).await
}

/// Middleware of the moves, actions and take-backs: the client's move rate.
pub async fn limit_moves(
    State(hub): State<Hub>,
    client: ClientKey,
    request: Request,
    next: Next,
) -> Response {
    if let Err(wait) = hub.move_limiter().check(Limit::Move, &client) {
        return too_many_requests(Limit::Move, wait, hub.metrics()).into_response();
    }
    next.run(request).await
}

/// Middleware of the analysis endpoints: the engine rate of the client, then a place in the
/// analysis pool's queue, held until the answer is ready.
pub async fn limit_engine(
    State(hub): State<Hub>,
    client: ClientKey,
    request: Request,
    next: Next,
) -> Response {
    if let Err(wait) = hub.limiter().check(Limit::Engine, &client) {
        return too_many_requests(Limit::Engine, wait, hub.metrics()).into_response();
    }
    let Some(admission) = hub.analysis_pool().admit() else {
        return ApiError::EngineBusy.into_response();
    };
    let response = next.run(request).await;
    drop(admission);
    response
}

/// Middleware of the whole API: answers 503 when a request takes longer than the timeout.
pub async fn time_limit(State(hub): State<Hub>, request: Request, next: Next) -> Response {
    let limit = hub.settings().request_timeout;
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::Timeout {
            seconds: limit.as_secs(),
        }
        .into_response(),
    }
}

/// Runs `work` (an engine's thinking) on the analysis pool's blocking threads (the middleware
/// [`limit_engine`] has given the request its place in the pool's queue); its answer as
/// JSON.
pub async fn engine<T, E>(
    hub: &Hub,
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<Json<T>, ApiError>
where
    T: Send + 'static,
    E: Send + 'static,
    ApiError: From<E>,
{
    let answer = hub
        .analysis_pool()
        .run(work)
        .await
        .map_err(ApiError::failed)?;
    Ok(Json(answer?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(text: &str) -> ClientKey {
        ClientKey(text.to_string())
    }

    #[test]
    fn a_bucket_allows_a_quarter_minute_at_once_then_refills_at_the_rate() {
        let limiter = RateLimiter::new(60); // 1 a second, 15 at once
        let start = Instant::now();
        let alice = client("10.0.0.1");
        for _ in 0..15 {
            assert!(limiter.check_at(Limit::Create, &alice, start).is_ok());
        }
        let wait = limiter.check_at(Limit::Create, &alice, start).unwrap_err();
        assert!((wait.as_secs_f64() - 1.0).abs() < 1e-6, "{wait:?}");
        // Another client and another limit have their own buckets.
        assert!(
            limiter
                .check_at(Limit::Create, &client("10.0.0.2"), start)
                .is_ok()
        );
        assert!(limiter.check_at(Limit::Engine, &alice, start).is_ok());
        // Half a second later half a token is back: still half a second to wait.
        let later = start + Duration::from_millis(500);
        let wait = limiter.check_at(Limit::Create, &alice, later).unwrap_err();
        assert!((wait.as_secs_f64() - 0.5).abs() < 1e-6, "{wait:?}");
        assert!(
            limiter
                .check_at(Limit::Create, &alice, start + Duration::from_secs(1))
                .is_ok()
        );
    }

    #[test]
    fn zero_turns_the_limit_off() {
        let limiter = RateLimiter::new(0);
        for _ in 0..10_000 {
            assert!(limiter.check(Limit::Create, &client("x")).is_ok());
        }
        assert!(limiter.is_empty());
    }

    #[test]
    fn full_buckets_are_forgotten() {
        let limiter = RateLimiter::new(6000); // refills in well under a millisecond per token
        limiter.check(Limit::Engine, &client("a")).unwrap();
        assert_eq!(limiter.len(), 1);
        std::thread::sleep(Duration::from_millis(20));
        limiter.forget_full();
        assert!(limiter.is_empty());
    }

    #[test]
    fn client_keys_come_from_the_peer_or_a_trusted_proxy() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "203.0.113.9, 198.51.100.7".parse().unwrap(),
        );
        let peer: IpAddr = "127.0.0.1".parse().unwrap();
        assert_eq!(ClientKey::of(&headers, Some(peer), false).0, "127.0.0.1");
        assert_eq!(ClientKey::of(&headers, Some(peer), true).0, "198.51.100.7");
        let v6: IpAddr = "2001:db8:1:2:3:4:5:6".parse().unwrap();
        assert_eq!(
            ClientKey::of(&HeaderMap::new(), Some(v6), false).0,
            "2001:db8:1:2::/64"
        );
        let mapped: IpAddr = "::ffff:192.0.2.1".parse().unwrap();
        assert_eq!(
            ClientKey::of(&HeaderMap::new(), Some(mapped), true).0,
            "192.0.2.1"
        );
        assert_eq!(ClientKey::of(&HeaderMap::new(), None, false).0, "unknown");
    }

    #[test]
    fn a_refusal_carries_retry_after_in_whole_seconds() {
        use axum::http::{StatusCode, header};
        let response = ApiError::RateLimited {
            limit: "create",
            retry_after: Duration::from_millis(1200),
        }
        .into_response();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(response.headers()[header::RETRY_AFTER], "2");
        let response = ApiError::EngineBusy.into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "1");
        assert!(
            ApiError::NoAnalyser
                .into_response()
                .headers()
                .get(header::RETRY_AFTER)
                .is_none()
        );
    }

    #[tokio::test]
    async fn a_full_pool_refuses_and_counts_the_refusal() {
        let pool = EnginePool::new("analysis", 1, Some(1));
        let first = pool.admit().expect("a worker");
        let second = pool.admit().expect("a place in the queue");
        assert!(pool.admit().is_none());
        assert_eq!(pool.gauges().3, 1);
        drop(first);
        assert!(pool.admit().is_some());
        drop(second);
        assert_eq!(pool.run(|| 6 * 7).await.unwrap(), 42);
        assert_eq!(pool.gauges().1, 0, "nothing waits");
        assert_eq!(pool.gauges().2, 0, "nothing runs");
    }
}
