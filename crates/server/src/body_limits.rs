//! The largest request bodies, one limit per route, the same whether a body comes with a
//! `Content-Length` (refused by `guard::declared_length` before it is read) or chunked (refused by
//! axum's `DefaultBodyLimit` as it is read). A leaf: it imports nothing of the server.

use axum::http::Method;

/// The largest request body of every route but the record review and the player file. Every request of the API is
/// a few hundred bytes; 16 KiB leaves room for long rule objects and nothing more.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// The largest body `POST /api/review` reads: a long match's `.mat` file is some tens of KiB,
/// gnubg's SGF of a match with its analysis some hundreds.
pub const MAX_RECORD_BYTES: usize = 512 * 1024;

/// The path whose POST body may be as large as [`MAX_RECORD_BYTES`].
pub const RECORD_REVIEW_PATH: &str = "/api/review";

/// The largest player file `POST /api/practice/file` imports: some hundreds of bytes an
/// exercise, so thousands of exercises with their schedule and years of game records.
pub const MAX_PLAYER_FILE_BYTES: usize = 2 * 1024 * 1024;

/// The path whose POST body may be as large as [`MAX_PLAYER_FILE_BYTES`].
pub const PLAYER_FILE_PATH: &str = "/api/practice/file";

/// The largest body a request of `method` to `path` may carry.
pub fn body_limit(method: &Method, path: &str) -> usize {
    match path {
        RECORD_REVIEW_PATH if method == Method::POST => MAX_RECORD_BYTES,
        PLAYER_FILE_PATH if method == Method::POST => MAX_PLAYER_FILE_BYTES,
        _ => MAX_BODY_BYTES,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_record_review_and_the_player_file_read_large_bodies() {
        assert_eq!(body_limit(&Method::POST, "/api/review"), MAX_RECORD_BYTES);
        assert_eq!(body_limit(&Method::GET, "/api/review"), MAX_BODY_BYTES);
        assert_eq!(body_limit(&Method::POST, "/api/games"), MAX_BODY_BYTES);
        assert_eq!(body_limit(&Method::POST, "/api/review/x"), MAX_BODY_BYTES);
        let file = "/api/practice/file";
        assert_eq!(body_limit(&Method::POST, file), MAX_PLAYER_FILE_BYTES);
        assert_eq!(body_limit(&Method::GET, file), MAX_BODY_BYTES);
    }
}
