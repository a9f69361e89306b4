//! Limits that keep abusive clients from taking the server from everyone else:
//!
//! - per-client rate limits (token buckets keyed by the client's address) on creating games, on
//!   engine requests and on moves (actions and take-backs included), answered 429 with
//!   `Retry-After`;
//! - an upper bound on the live games one client has created, answered 429;
//! - bounded engine pools: analysis runs on a few workers with a short queue, served client by
//!   client; a client holding its share of the places gets 429 and a full queue 503, both with
//!   `Retry-After` (never an unbounded queue); the computer players have
//!   workers of their own, so that analysis never delays a game, and a player's own move needs no
//!   engine at all;
//! - a timeout on every request (503).

pub use crate::client_key::ClientKey;
pub use crate::engine_pool::{Admission, AnalysisPool, Refusal};
use crate::error::ApiError;
pub use crate::fair::WorkerError;
use crate::games::Checkpoint;
use crate::hub::{EngineWork, Limiters};
use crate::metrics::Metrics;
pub use crate::rate_limiter::{Limit, RateLimiter};
use crate::sessions::Sessions;
use crate::settings::Settings;
use crate::store::now_millis;
use axum::Json;
use axum::extract::{ConnectInfo, FromRef, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Unfinished games created within this window count as live for the per-client bound (so that
/// games abandoned long ago stop counting).
pub const LIVE_WINDOW: Duration = Duration::from_secs(24 * 3600);

impl<S> FromRequestParts<S> for ClientKey
where
    S: Send + Sync,
    Arc<Settings>: FromRef<S>,
{
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let settings = Arc::<Settings>::from_ref(state);
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|info| info.0.ip());
        Ok(ClientKey::of(&parts.headers, peer, settings.trust_proxy))
    }
}

/// 429 for `limit`, counted in the metrics.
pub(crate) fn too_many_requests(
    limit: Limit,
    retry_after: Duration,
    metrics: &Metrics,
) -> ApiError {
    metrics.rate_limited(limit.name());
    ApiError::RateLimited {
        limit: limit.name(),
        retry_after,
    }
}

/// Middleware of `POST /api/games`: the creation rate and the live games of the client.
pub async fn limit_creation(
    State(limiters): State<Limiters>,
    State(sessions): State<Sessions>,
    client: ClientKey,
    request: Request,
    next: Next,
) -> Response {
    if let Err(wait) = limiters.requests().check(Limit::Create, &client) {
        return too_many_requests(Limit::Create, wait, sessions.metrics()).into_response();
    }
    let most = sessions.settings().max_live_games_per_client;
    if most > 0 {
        let since = now_millis() - i64::try_from(LIVE_WINDOW.as_millis()).unwrap_or(i64::MAX);
        match sessions.store().live_games_of(&client.0, since).await {
            Ok(live) if live >= most => {
                sessions.metrics().rate_limited("live-games");
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
    State(limiters): State<Limiters>,
    State(metrics): State<Arc<Metrics>>,
    client: ClientKey,
    request: Request,
    next: Next,
) -> Response {
    if let Err(wait) = limiters.moves().check(Limit::Move, &client) {
        return too_many_requests(Limit::Move, wait, &metrics).into_response();
    }
    next.run(request).await
}

/// Middleware of the analysis endpoints: the engine rate of the client, then a place in the
/// analysis pool's queue, held until the answer is ready.
pub async fn limit_engine(
    State(limiters): State<Limiters>,
    State(engine): State<EngineWork>,
    State(metrics): State<Arc<Metrics>>,
    client: ClientKey,
    request: Request,
    next: Next,
) -> Response {
    if let Err(wait) = limiters.requests().check(Limit::Engine, &client) {
        return too_many_requests(Limit::Engine, wait, &metrics).into_response();
    }
    let admission = match engine.pool().admit(&client) {
        Ok(admission) => admission,
        Err(Refusal::ClientShare) => {
            metrics.rate_limited("engine-share");
            let most = engine.pool().per_client();
            return ApiError::EngineShare { most }.into_response();
        }
        Err(Refusal::Full) => return ApiError::EngineBusy.into_response(),
    };
    let response = next.run(request).await;
    drop(admission);
    response
}

/// Middleware of the whole API: answers 503 when a request takes longer than the timeout.
pub async fn time_limit(
    State(settings): State<Arc<Settings>>,
    request: Request,
    next: Next,
) -> Response {
    let limit = settings.request_timeout;
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::Timeout {
            seconds: limit.as_secs(),
        }
        .into_response(),
    }
}

/// Runs `work` (an engine's thinking) of `client` on the analysis pool's blocking threads in
/// that client's turn (the middleware [`limit_engine`] has given the request its place in the
/// pool's queue); its answer as JSON.
pub async fn engine<T, E>(
    engine: &EngineWork,
    client: &ClientKey,
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<Json<T>, ApiError>
where
    T: Send + 'static,
    E: Send + 'static,
    ApiError: From<E>,
{
    let answer = engine
        .pool()
        .run(client, work)
        .await
        .map_err(ApiError::failed)?;
    Ok(Json(answer?))
}

/// Runs the long `work` of `client` (a whole match's analysis, a review) on the analysis pool
/// with a checkpoint between its steps (see `fair.rs`): it hands the worker to other clients
/// meanwhile, and stops once the server shuts down or `stop` holds, answering
/// [`ApiError::EngineStopped`] then.
pub async fn long_engine<T: Send + 'static>(
    engine: &EngineWork,
    client: &ClientKey,
    stop: impl Fn() -> bool + Send + Sync + 'static,
    work: impl FnOnce(Checkpoint) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let shutting_down = engine.clone();
    let stop = move || shutting_down.is_stopping() || stop();
    let answer = engine
        .pool()
        .run_yielding(client, stop, move |checkpoint| {
            let stopped = AtomicBool::new(false);
            let watched = || {
                let flow = checkpoint();
                if flow.is_break() {
                    stopped.store(true, Ordering::Relaxed);
                }
                flow
            };
            let answer = work(&watched);
            if stopped.load(Ordering::Relaxed) {
                Err(ApiError::EngineStopped)
            } else {
                answer
            }
        })
        .await;
    match answer {
        Ok(answer) => answer,
        Err(WorkerError::Closed(_)) => Err(ApiError::EngineStopped),
        Err(error) => Err(ApiError::failed(error)),
    }
}

/// Set when dropped: a request's long engine work stops once the request has gone (its
/// client left, or the request limit answered for it).
pub struct GoneOnDrop(Arc<AtomicBool>);

impl GoneOnDrop {
    /// A new marker, and the condition that holds once it is dropped.
    pub fn new() -> (GoneOnDrop, impl Fn() -> bool + Send + Sync + 'static) {
        let gone = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&gone);
        (GoneOnDrop(gone), move || seen.load(Ordering::Relaxed))
    }
}

impl Drop for GoneOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
