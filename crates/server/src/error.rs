//! API errors: a status and a JSON body `{"error": "…"}` that says what was wrong.

use crate::game::GameError;
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// An error answer of the API.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status (4xx for the client's mistakes, 500 otherwise).
    pub status: StatusCode,
    /// What was wrong, in one sentence.
    pub message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 403: the token does not hold the seat.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such game or page.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: the request does not fit the game (e.g. analysing a Morris game).
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 501: this server has no such feature configured.
    pub fn not_implemented(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_IMPLEMENTED, message)
    }

    /// 500: the server failed (storage).
    pub fn internal(error: impl std::fmt::Display) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {error}"),
        )
    }
}

impl From<GameError> for ApiError {
    fn from(error: GameError) -> ApiError {
        let status = match error {
            GameError::Over | GameError::NotYourTurn(_) | GameError::ActionNotAllowed(_) => {
                StatusCode::CONFLICT
            }
            GameError::BadNotation { .. } | GameError::Illegal { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
        };
        ApiError::new(status, error.to_string())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let status = match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => StatusCode::PAYLOAD_TOO_LARGE,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, rejection.body_text())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}
