//! Operations: `GET /healthz` (can the database write), `GET /metrics` (Prometheus text) and
//! the middleware that counts and times every request and logs it.

use crate::hub::{EngineWork, Hub};
use crate::metrics::Metrics;
use crate::sessions::Sessions;
use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest `/healthz` waits for the database.
const HEALTH_TIMEOUT: Duration = Duration::from_secs(2);

/// The operations routes.
pub fn routes() -> Router<Hub> {
    Router::new()
        .route("/healthz", get(health))
        .route("/metrics", get(metrics))
}

/// 200 `{"status": "ok"}` when the database answers and can write (a probe row written and
/// deleted: a full disk fails it), else 503 with the reason.
async fn health(State(sessions): State<Sessions>) -> Response {
    let backend = sessions.store().backend().name();
    match tokio::time::timeout(HEALTH_TIMEOUT, sessions.store().probe_write()).await {
        Ok(Ok(())) if !sessions.lifecycle().is_stopping() => (
            StatusCode::OK,
            axum::Json(json!({ "status": "ok", "database": backend })),
        )
            .into_response(),
        outcome => {
            // The cause goes with the answer to `observe`, which logs it (a shutdown as a
            // warning, a failing database as an error).
            let (reason, shedding) = match outcome {
                Ok(Ok(())) => ("shutting down".to_string(), true),
                Ok(Err(error)) => (
                    format!("the database cannot write: {}", crate::error::Chain(&error)),
                    false,
                ),
                Err(_) => ("the database did not answer in time".to_string(), false),
            };
            let mut response = (
                StatusCode::SERVICE_UNAVAILABLE,
                axum::Json(
                    json!({ "status": "unavailable", "database": backend, "error": reason }),
                ),
            )
                .into_response();
            response.extensions_mut().insert(crate::error::ErrorCause {
                text: reason,
                shedding,
            });
            response
        }
    }
}

async fn metrics(State(sessions): State<Sessions>, State(engine): State<EngineWork>) -> Response {
    let gauges = crate::hub::gauges(&sessions, &engine);
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        sessions.metrics().render(&gauges),
    )
        .into_response()
}

/// Counts and times every request by route (the route's pattern, so that ids do not multiply
/// the series) and logs it at debug level; every 5xx answer is logged as an error with its cause.
pub async fn observe(
    State(metrics): State<Arc<Metrics>>,
    request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", MatchedPath::as_str)
        .to_string();
    let method = request.method().as_str().to_string();
    let response = next.run(request).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    metrics.request(&route, &method, status, elapsed);
    if response.status().is_server_error() {
        let recorded = response.extensions().get::<crate::error::ErrorCause>();
        let cause = recorded.map_or("no cause recorded", |cause| cause.text.as_str());
        if recorded.is_some_and(|cause| cause.shedding) {
            tracing::warn!(route, method, status, "answered {status}: {cause}");
        } else {
            tracing::error!(route, method, status, "answered {status}: {cause}");
        }
    }
    tracing::debug!(
        route,
        method,
        status,
        micros = elapsed.as_micros() as u64,
        "request"
    );
    response
}
