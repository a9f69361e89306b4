//! API errors: a status and a JSON body that says what was wrong twice, in English and as a
//! machine kind a UI translates (`crates/i18n/ftl/*.ftl` key `err-<code>`, with the values in `params`):
//!
//! ```json
//! {"error": "illegal move `d6`: d6 is occupied", "code": "occupied", "params": {"square": "d6", "move": "d6"}}
//! ```

use crate::games::GameError;
use crate::games::RulesError;
use crate::games::UnknownName;
use crate::positions::PositionError;
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// An error with its sources, `what: why: …`, as logs and 500 answers show it.
pub struct Chain<'a>(pub &'a (dyn std::error::Error + 'static));

impl fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        let mut source = self.0.source();
        while let Some(error) = source {
            write!(f, ": {error}")?;
            source = error.source();
        }
        Ok(())
    }
}

pub use crate::params::Params;

/// The body of every error answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorBody {
    /// What was wrong, in one English sentence.
    pub error: String,
    /// The kind of mistake: a stable kebab-case code.
    pub code: &'static str,
    /// The values the message names (`square`, `side`, `move`, …).
    pub params: BTreeMap<&'static str, String>,
}

/// A request the server cannot read (400).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    /// A word that names no game, seat or action.
    #[error(transparent)]
    Name(#[from] UnknownName),
    /// Neither `computer` nor `human`.
    #[error("unknown opponent `{0}` (expected computer or human)")]
    UnknownOpponent(String),
    /// A computer level outside the offered range.
    #[error("level {level} is outside {min}..={max}")]
    Level {
        /// The level asked for.
        level: u8,
        /// The weakest level.
        min: u8,
        /// The strongest level.
        max: u8,
    },
    /// A lookahead deeper than the analysis offers.
    #[error("{plies} plies is outside 0..={max}")]
    Plies {
        /// The plies asked for.
        plies: u8,
        /// The deepest lookahead offered.
        max: u8,
    },
    /// Bad rule options.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Checker steps that are not `FROM/TO` pairs.
    #[error("cannot read the steps {0:?} (FROM/TO pairs separated by commas, e.g. 8/5,6/5)")]
    Steps(String),
    /// A Morris position text that does not read.
    #[error("cannot read position {text:?}: {error}")]
    MorrisPosition {
        /// The text sent.
        text: String,
        /// Why.
        error: ludus_morris::ParsePositionError,
    },
    /// A Morris rule-set name that does not exist.
    #[error(transparent)]
    MorrisRules(#[from] ludus_morris::ParseRulesError),
    /// A gnubg Position ID that does not read.
    #[error("position id: {0}")]
    PositionId(#[from] ludus_backgammon::PositionIdError),
    /// A gnubg Match ID that does not read.
    #[error("match id: {0}")]
    MatchId(#[from] ludus_backgammon::MatchIdError),
    /// Dice that do not read.
    #[error("dice: {0}")]
    Dice(#[from] ludus_backgammon::DiceError),
    /// A plain request to the WebSocket route.
    #[error("{0}")]
    NotWebSocket(String),
    /// Query parameters that do not read (an unknown one, a version that is no number).
    #[error("{0}")]
    Query(String),
    /// A pasted position in none of the formats the analysis board reads.
    #[error(
        "cannot read {0:?} as a gnubg Position ID (with its Match ID), an XGID, a Sanmill FEN or a Ludus Morris position"
    )]
    Position(String),
    /// A set-up of the analysis board's editor that the rules refuse (`POST /api/setup`).
    #[error("set-up refused: {0}")]
    Setup(#[from] crate::setup::SetupRefusal),
    /// A dice seed for a game between people (their dice come from the server's generator).
    #[error("a dice seed may be chosen only for games against the computer")]
    SeedComputerOnly,
    /// The Jacoby rule or beavers asked of a match (they are money-game options).
    #[error("the Jacoby rule and beavers are money-game options, and the match id is a match")]
    MoneyRulesInMatch,
    /// A move the analysis board cannot play on its position.
    #[error("cannot play the move: {0}")]
    Play(#[from] crate::positions::PlayRefusal),
    /// A rollout's trials outside the range offered or not a whole number of parts.
    #[error("{trials} trials: a rollout plays a multiple of {min} from {min} to {max}")]
    Trials {
        /// The trials asked for.
        trials: u64,
        /// The fewest (and the step).
        min: u64,
        /// The most.
        max: u64,
    },
    /// A text for review (`POST /api/review`) that is no record the server reads.
    #[error(
        "cannot read the text as a Ludus game link, a backgammon .mat match or SGF file, or a Morris game record ({0})"
    )]
    Record(String),
    /// A practice answer that is no legal play, move or cube answer of its exercise.
    #[error("the answer does not fit the exercise: {0}")]
    Answer(String),
    /// A player file that does not read (`POST /api/practice/file`).
    #[error("not a player file: {0}")]
    PlayerFile(String),
    /// A practice request without a readable player key (header `X-Player-Key`).
    #[error("a practice request needs the player's key in the X-Player-Key header")]
    PlayerKey,
    /// Practice thresholds that are negative or not numbers.
    #[error("thresholds are non-negative equities")]
    Threshold,
}

impl RequestError {
    /// A stable machine name of the mistake.
    pub fn code(&self) -> &'static str {
        match self {
            RequestError::Name(error) => error.code(),
            RequestError::UnknownOpponent(_) => "unknown-opponent",
            RequestError::Level { .. } => "bad-level",
            RequestError::Plies { .. } => "bad-plies",
            RequestError::Rules(error) => error.code(),
            RequestError::Steps(_) => "bad-steps",
            RequestError::MorrisPosition { error, .. } => error.code(),
            RequestError::MorrisRules(error) => error.code(),
            RequestError::PositionId(error) => error.code(),
            RequestError::MatchId(error) => error.code(),
            RequestError::Dice(error) => error.code(),
            RequestError::NotWebSocket(_) => "not-websocket",
            RequestError::Query(_) => "bad-query",
            RequestError::Position(_) => "unreadable-position",
            RequestError::Setup(refusal) => refusal.code(),
            RequestError::SeedComputerOnly => "seed-computer-only",
            RequestError::MoneyRulesInMatch => "money-rules-in-match",
            RequestError::Play(refusal) => refusal.code(),
            RequestError::Record(_) => "bad-record",
            RequestError::Trials { .. } => "bad-trials",
            RequestError::Answer(_) => "bad-answer",
            RequestError::PlayerFile(_) => "bad-player-file",
            RequestError::PlayerKey => "bad-player-key",
            RequestError::Threshold => "bad-threshold",
        }
    }

    /// The values the message names.
    pub fn params(&self) -> Params {
        match self {
            RequestError::UnknownOpponent(text)
            | RequestError::Steps(text)
            | RequestError::Position(text) => vec![("text", text.clone())],
            RequestError::Level { level, min, max } => vec![
                ("level", level.to_string()),
                ("min", min.to_string()),
                ("max", max.to_string()),
            ],
            RequestError::Plies { plies, max } => {
                vec![("plies", plies.to_string()), ("max", max.to_string())]
            }
            RequestError::Name(error) => error.params(),
            RequestError::Rules(error) => error.params(),
            RequestError::MorrisPosition { error, .. } => error.params(),
            RequestError::MorrisRules(error) => error.params(),
            RequestError::PositionId(error) => error.params(),
            RequestError::MatchId(error) => error.params(),
            RequestError::Dice(error) => error.params(),
            RequestError::Query(detail) => vec![("detail", detail.clone())],
            RequestError::NotWebSocket(_)
            | RequestError::SeedComputerOnly
            | RequestError::MoneyRulesInMatch => Vec::new(),
            RequestError::Setup(refusal) => refusal.params(),
            RequestError::Play(refusal) => refusal.params(),
            RequestError::Record(reason)
            | RequestError::Answer(reason)
            | RequestError::PlayerFile(reason) => vec![("reason", reason.clone())],
            RequestError::PlayerKey | RequestError::Threshold => Vec::new(),
            RequestError::Trials { trials, min, max } => vec![
                ("trials", trials.to_string()),
                ("min", min.to_string()),
                ("max", max.to_string()),
            ],
        }
    }
}

/// An error answer of the API.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The game refused the command: 409 when it does not fit the moment, 422 for a bad move.
    #[error(transparent)]
    Game(#[from] GameError),
    /// 400: the request is malformed.
    #[error(transparent)]
    Request(#[from] RequestError),
    /// 400, 413 or 415: the JSON body was refused before it was read.
    #[error("{detail}")]
    Body {
        /// 400 (malformed, unknown field), 413 (too large) or 415 (not JSON).
        status: StatusCode,
        /// The reason, in English.
        detail: String,
    },
    /// 403: the token does not hold a seat.
    #[error("the token does not hold a seat at this game")]
    NotSeated,
    /// 403: engine help (review, analysis, hints) for a game between people before it is over.
    #[error("engine help for a game between people is given once the game is over")]
    EngineHelpDuringGame,
    /// 403: the invitation code does not open a seat of this game (wrong, or already used).
    #[error("this invitation is not valid (wrong, or already used)")]
    BadInvite,
    /// 429: the client has as many WebSocket watchers open as it may.
    #[error("this address already has {most} game sockets open (at most {most})")]
    TooManySockets {
        /// The most it may have.
        most: usize,
    },
    /// An error answer of the HTTP layer (404 for an unknown page, 405, a path that does not
    /// read), in the API's JSON.
    #[error("{detail}")]
    Refused {
        /// The status axum chose.
        status: StatusCode,
        /// Its reason, in English.
        detail: String,
    },
    /// 404: no such game (the id asked for is not echoed back).
    #[error("no such game")]
    NoSuchGame,
    /// 404: no practising player with this key.
    #[error("no player with this key")]
    NoSuchPlayer,
    /// 404: the player has no such exercise.
    #[error("no such exercise")]
    NoSuchExercise,
    /// 409: the player's file kept changing under the request (another tab or process wrote it).
    #[error("your practice file changed meanwhile: try again")]
    PracticeConflict,
    /// 404: no such rollout (finished ones are kept a while; the id is not echoed back).
    #[error("no such rollout")]
    NoSuchRollout,
    /// 429: the client runs a rollout already.
    #[error("you have a rollout running: stop it or wait for its end")]
    RolloutRunning,
    /// 503: as many rollouts run as the server runs at once.
    #[error("the server runs as many rollouts as it can: try again shortly")]
    RolloutsBusy,
    /// 404: no such endpoint.
    #[error("no such API endpoint")]
    NoSuchEndpoint,
    /// 409: the client's view of the game is out of date.
    #[error("the game is at version {current}, not {asked}")]
    StaleVersion {
        /// The version the client named.
        asked: usize,
        /// The game's version.
        current: usize,
    },
    /// 409: post-game analysis of a Morris game.
    #[error("analysis covers backgammon games only")]
    AnalysisOfMorris,
    /// 409: the Morris analysis (`/api/morris/analysis?game=ID`) of a backgammon game.
    #[error("this analysis covers Morris games only")]
    MorrisAnalysisOfBackgammon,
    /// 501: this server has no analyser.
    #[error("this server has no match analyser")]
    NoAnalyser,
    /// 409: a take-back with no move of the seat's to take back.
    #[error("there is no move of yours to take back")]
    NothingToTakeBack,
    /// 409: a take-back in a game between two people.
    #[error("moves can be taken back only against the computer")]
    TakebackAgainstPerson,
    /// 429: too many requests of one kind from this client (`limits.rs`).
    #[error("too many {limit} requests from this address: try again in {} s", whole_seconds(*.retry_after))]
    RateLimited {
        /// The limit: `create` or `engine`.
        limit: &'static str,
        /// When a request will be allowed again.
        retry_after: Duration,
    },
    /// 429: the client already has as many unfinished games as it may.
    #[error(
        "this address already has {live} unfinished games (at most {most}): finish or resign some first"
    )]
    TooManyLiveGames {
        /// Its unfinished games.
        live: usize,
        /// The most it may have.
        most: usize,
    },
    /// 503: the analysis pool's workers and queue are full.
    #[error("the engine is busy: try again shortly")]
    EngineBusy,
    /// 429: the client's requests already hold its share of the analysis pool (`limits.rs`).
    #[error(
        "your address already has {most} engine requests running or waiting: wait for one to end"
    )]
    EngineShare {
        /// The most places one client holds.
        most: usize,
    },
    /// 429: the client's address already has a review being made (one at a time).
    #[error("a review of yours is still being made: wait for it before asking for another")]
    ReviewRunning,
    /// 503: the engine's work was stopped before its end (the server is shutting down, or
    /// nobody waited for the review any more): ask again.
    #[error("the engine's work was stopped before its end: ask again")]
    EngineStopped,
    /// 503: the review asked for is still being made (by a job that goes on): ask again.
    #[error("the review is still being made: ask again in a moment")]
    ReviewInProgress,
    /// 503: the request took longer than the server allows.
    #[error("the request took longer than {seconds} s")]
    Timeout {
        /// The limit, in seconds.
        seconds: u64,
    },
    /// 500: the server failed (a worker thread, the analyser).
    #[error("internal error: {0}")]
    Internal(String),
    /// 503: the game store cannot be read or written now (a full disk, a read-only file, a lost
    /// database connection); nothing was stored. The cause is logged, not answered.
    #[error("the game store is unavailable; nothing was stored, try again shortly")]
    StorageUnavailable {
        /// What the store said, for the log.
        cause: String,
    },
}

impl ApiError {
    /// 500 with the reason.
    pub fn internal(error: impl std::fmt::Display) -> ApiError {
        ApiError::Internal(error.to_string())
    }

    /// 500 with the reason and the reasons behind it (a worker that failed, and why).
    pub fn failed(error: impl std::error::Error + 'static) -> ApiError {
        ApiError::Internal(Chain(&error).to_string())
    }

    /// 503 `storage-unavailable`: the store failed, with the reasons behind it (a database
    /// error and its driver's) kept for the log.
    pub fn storage(error: impl std::error::Error + 'static) -> ApiError {
        ApiError::StorageUnavailable {
            cause: Chain(&error).to_string(),
        }
    }

    /// Whether the answer sheds load (the server works, it is busy) rather than reports a failure.
    fn is_shedding(&self) -> bool {
        matches!(
            self,
            ApiError::EngineBusy
                | ApiError::Timeout { .. }
                | ApiError::ReviewInProgress
                | ApiError::EngineStopped
        )
    }

    /// What the log says of a 5xx answer: the store's own words for a storage failure, the
    /// message otherwise.
    fn cause(&self) -> String {
        match self {
            ApiError::StorageUnavailable { cause } => format!("{self}: {cause}"),
            other => other.to_string(),
        }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Game(error) if error.is_conflict() => StatusCode::CONFLICT,
            ApiError::Game(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Request(_) => StatusCode::BAD_REQUEST,
            ApiError::Body { status, .. } => *status,
            ApiError::NotSeated | ApiError::EngineHelpDuringGame | ApiError::BadInvite => {
                StatusCode::FORBIDDEN
            }
            ApiError::Refused { status, .. } => *status,
            ApiError::NoSuchGame
            | ApiError::NoSuchEndpoint
            | ApiError::NoSuchRollout
            | ApiError::NoSuchPlayer
            | ApiError::NoSuchExercise => StatusCode::NOT_FOUND,
            ApiError::PracticeConflict => StatusCode::CONFLICT,
            ApiError::RolloutRunning | ApiError::EngineShare { .. } | ApiError::ReviewRunning => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ApiError::RolloutsBusy => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::StaleVersion { .. }
            | ApiError::AnalysisOfMorris
            | ApiError::MorrisAnalysisOfBackgammon
            | ApiError::NothingToTakeBack
            | ApiError::TakebackAgainstPerson => StatusCode::CONFLICT,
            ApiError::NoAnalyser => StatusCode::NOT_IMPLEMENTED,
            ApiError::RateLimited { .. }
            | ApiError::TooManyLiveGames { .. }
            | ApiError::TooManySockets { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::EngineBusy
            | ApiError::Timeout { .. }
            | ApiError::ReviewInProgress
            | ApiError::EngineStopped => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::StorageUnavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// When the client may try again (the `Retry-After` header of 429 and 503).
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            ApiError::RateLimited { retry_after, .. } => Some(*retry_after),
            ApiError::TooManyLiveGames { .. } | ApiError::TooManySockets { .. } => {
                Some(LIVE_GAMES_RETRY_AFTER)
            }
            ApiError::EngineBusy | ApiError::Timeout { .. } | ApiError::RolloutsBusy => {
                Some(BUSY_RETRY_AFTER)
            }
            ApiError::RolloutRunning
            | ApiError::EngineShare { .. }
            | ApiError::ReviewRunning
            | ApiError::EngineStopped => Some(BUSY_RETRY_AFTER),
            ApiError::ReviewInProgress => Some(REVIEW_RETRY_AFTER),
            ApiError::StorageUnavailable { .. } => Some(STORAGE_RETRY_AFTER),
            _ => None,
        }
    }

    /// A stable machine name of the mistake.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::Game(error) => error.code(),
            ApiError::Request(error) => error.code(),
            ApiError::Body { status, .. } => match *status {
                StatusCode::PAYLOAD_TOO_LARGE => "body-too-large",
                StatusCode::UNSUPPORTED_MEDIA_TYPE => "not-json",
                _ => "bad-json",
            },
            ApiError::NotSeated => "not-seated",
            ApiError::EngineHelpDuringGame => "engine-help-after-game",
            ApiError::BadInvite => "bad-invite",
            ApiError::TooManySockets { .. } => "too-many-sockets",
            ApiError::Refused { status, .. } => match *status {
                StatusCode::NOT_FOUND => "not-found",
                StatusCode::METHOD_NOT_ALLOWED => "method-not-allowed",
                status if status.is_server_error() => "internal",
                _ => "bad-request",
            },
            ApiError::NoSuchGame => "no-such-game",
            ApiError::NoSuchRollout => "no-such-rollout",
            ApiError::NoSuchPlayer => "no-such-player",
            ApiError::NoSuchExercise => "no-such-exercise",
            ApiError::PracticeConflict => "practice-conflict",
            ApiError::RolloutRunning => "rollout-running",
            ApiError::RolloutsBusy => "rollouts-busy",
            ApiError::NoSuchEndpoint => "no-such-endpoint",
            ApiError::StaleVersion { .. } => "stale-version",
            ApiError::AnalysisOfMorris => "analysis-backgammon-only",
            ApiError::MorrisAnalysisOfBackgammon => "analysis-morris-only",
            ApiError::NoAnalyser => "no-analyser",
            ApiError::NothingToTakeBack => "nothing-to-take-back",
            ApiError::TakebackAgainstPerson => "takeback-computer-only",
            ApiError::RateLimited { .. } => "rate-limited",
            ApiError::TooManyLiveGames { .. } => "too-many-live-games",
            ApiError::EngineBusy => "engine-busy",
            ApiError::EngineShare { .. } => "engine-share",
            ApiError::ReviewRunning => "review-running",
            ApiError::EngineStopped => "engine-stopped",
            ApiError::Timeout { .. } => "timeout",
            ApiError::ReviewInProgress => "review-in-progress",
            ApiError::Internal(_) => "internal",
            ApiError::StorageUnavailable { .. } => "storage-unavailable",
        }
    }

    /// The values the message names.
    pub fn params(&self) -> Params {
        match self {
            ApiError::Game(error) => error.params(),
            ApiError::Request(error) => error.params(),
            ApiError::Body { detail, .. } | ApiError::Refused { detail, .. } => {
                vec![("detail", detail.clone())]
            }
            ApiError::TooManySockets { most } | ApiError::EngineShare { most } => {
                vec![("most", most.to_string())]
            }
            ApiError::StaleVersion { asked, current } => vec![
                ("asked", asked.to_string()),
                ("current", current.to_string()),
            ],
            ApiError::RateLimited { limit, retry_after } => vec![
                ("limit", limit.to_string()),
                ("seconds", whole_seconds(*retry_after).to_string()),
            ],
            ApiError::TooManyLiveGames { live, most } => {
                vec![("live", live.to_string()), ("most", most.to_string())]
            }
            ApiError::Timeout { seconds } => vec![("seconds", seconds.to_string())],
            _ => Vec::new(),
        }
    }

    /// The answer's body.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.to_string(),
            code: self.code(),
            params: self.params().into_iter().collect(),
        }
    }
}

/// Refusals of the modules below the API, answered as the bad request they are.
macro_rules! request_refusals {
    ($($refusal:ty),+) => {
        $(impl From<$refusal> for ApiError {
            fn from(refusal: $refusal) -> ApiError {
                ApiError::Request(RequestError::from(refusal))
            }
        })+
    };
}

request_refusals!(UnknownName, PositionError);

impl From<PositionError> for RequestError {
    fn from(error: PositionError) -> RequestError {
        match error {
            PositionError::Unreadable(text) => RequestError::Position(text),
            PositionError::Dice(error) => RequestError::Dice(error),
            PositionError::Setup(refusal) => RequestError::Setup(refusal),
            PositionError::Play(refusal) => RequestError::Play(refusal),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        let status = match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => StatusCode::PAYLOAD_TOO_LARGE,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::Body {
            status,
            detail: rejection.body_text(),
        }
    }
}

/// What a client with too many live games waits before trying again.
const LIVE_GAMES_RETRY_AFTER: Duration = Duration::from_secs(60);
/// What a client waits when the engine is busy or a request timed out (an analysis takes under
/// a second).
const BUSY_RETRY_AFTER: Duration = Duration::from_secs(1);
/// When to ask again for a review still being made.
const REVIEW_RETRY_AFTER: Duration = Duration::from_secs(2);
/// When to try again after the store failed (an operator frees the disk, the database returns).
const STORAGE_RETRY_AFTER: Duration = Duration::from_secs(5);

/// Whole seconds, rounded up, at least one (the unit of `Retry-After`).
fn whole_seconds(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis().div_ceil(1000).max(1)).unwrap_or(u64::MAX)
}

/// The cause of a 5xx answer, carried in the response's extensions to the middleware that logs
/// it (`ops::observe`).
#[derive(Debug, Clone)]
pub struct ErrorCause {
    /// What failed, in words for the log.
    pub text: String,
    /// Load shedding (a full engine pool, a timeout, a review still being made): expected under
    /// load, logged as a warning; anything else is logged as an error.
    pub shedding: bool,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry_after = self.retry_after();
        let status = self.status();
        let mut response = (status, Json(self.body())).into_response();
        if status.is_server_error() {
            response.extensions_mut().insert(ErrorCause {
                text: self.cause(),
                shedding: self.is_shedding(),
            });
        }
        if let Some(wait) = retry_after
            && let Ok(value) = HeaderValue::from_str(&whole_seconds(wait).to_string())
        {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        response
    }
}
