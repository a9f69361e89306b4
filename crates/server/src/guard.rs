//! Middleware around every answer: request bodies refused on their declared length, a JSON body
//! on every error (also on the ones axum makes: 405, a path that is not UTF-8), and the security
//! headers of every page.

use crate::body_limits::body_limit;
use crate::error::ApiError;
use axum::extract::Request;
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The pages' Content-Security-Policy: scripts, styles, images and sockets from this server only
/// (inline style attributes allowed: the pages set a few), no plug-ins, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The longest error body of axum's own that is carried over into the JSON error.
const MAX_PLAIN_ERROR_BYTES: usize = 4096;

/// Refuses a request whose declared `Content-Length` exceeds its route's limit
/// ([`body_limit`]) at once with 413, before any of its body is read (instead of waiting for a
/// body that may never come).
pub async fn declared_length(request: Request, next: Next) -> Response {
    let limit = body_limit(request.method(), request.uri().path());
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .map(|text| text.trim().parse::<u64>());
    match declared {
        Some(Ok(length)) if length > limit as u64 => ApiError::Body {
            status: axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            detail: format!("the body of {length} bytes exceeds the limit of {limit}"),
        }
        .into_response(),
        Some(Err(_)) => ApiError::Body {
            status: axum::http::StatusCode::BAD_REQUEST,
            detail: "Content-Length is not a number".to_string(),
        }
        .into_response(),
        _ => next.run(request).await,
    }
}

/// Turns an error answer that is not JSON (axum's rejections: a path that is not UTF-8, a
/// method not allowed) into the API's `{error, code, params}`, keeping its status and headers.
/// The page's own "not found" answer (HTML, for browsers) stays as it is.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let content_type = response.headers().get(header::CONTENT_TYPE);
    let is_json =
        content_type.is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    let is_page = content_type.is_some_and(|value| value.as_bytes().starts_with(b"text/html"));
    if !(status.is_client_error() || status.is_server_error()) || is_json || is_page {
        return response;
    }
    let (parts, body) = response.into_parts();
    let detail = match axum::body::to_bytes(body, MAX_PLAIN_ERROR_BYTES).await {
        Ok(bytes) if !bytes.is_empty() => String::from_utf8_lossy(&bytes).into_owned(),
        _ => status.canonical_reason().unwrap_or("error").to_string(),
    };
    let mut answer = ApiError::Refused { status, detail }.into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            answer.headers_mut().insert(name.clone(), value.clone());
        }
    }
    answer
}

/// Adds `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff`, the
/// [`CONTENT_SECURITY_POLICY`] and `Referrer-Policy: no-referrer` (the invitation is in the
/// page's address) to every answer.
pub async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let fixed: [(HeaderName, &'static str); 4] = [
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::REFERRER_POLICY, "no-referrer"),
    ];
    for (name, value) in fixed {
        headers
            .entry(name)
            .or_insert(HeaderValue::from_static(value));
    }
    response
}
