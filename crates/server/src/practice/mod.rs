//! Practice from a player's own games (`/api/practice/…`): the decisions a player got wrong in
//! reviewed games become exercises (`ludus_practice`), scheduled by SM-2, answered on the board and
//! judged by the review's own analysis ([`judge`]), with the player's progress over time.
//!
//! A player is known by a private key the browser holds (`POST /api/practice/players` makes one:
//! 128 random bits, no account) and sends in the `X-Player-Key` header; the server keeps the
//! player's file (`ludus_practice::PlayerFile`, the same document the terminal keeps in a local
//! file and both export and import) in its database, SQLite or PostgreSQL, under that key, with a
//! version every write checks and advances — so two server processes on one PostgreSQL database
//! serve the same player, and a write that lost the race is made again on the newer file.

pub mod decisions;
pub mod judge;

use crate::error::{ApiError, RequestError};
use crate::hub::{EngineWork, Limiters};
use crate::limits::{ClientKey, Limit};
use crate::review::stored_game_review;
use crate::review_cache::ReviewAsked;
use crate::sessions::Sessions;
use crate::store::Store;
use crate::store::now_millis;
use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use ludus_practice::backgammon::{BgQuestion, question_of};
use ludus_practice::{
    Answer, Card, Day, Exercise, ExerciseId, GameRecord, LevelStrength, PlayerFile, ProgressRow,
    Question, Threshold,
};
use rand::RngExt;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// The header that carries the player's key.
pub const PLAYER_KEY_HEADER: &str = "x-player-key";
/// The most exercises of a day's set.
pub const DAILY_SET: usize = 20;
/// How often a write that lost the race to another write is made again on the newer file.
const WRITE_TRIES: usize = 4;

/// A practising player's private key: 32 lowercase hex digits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerKey(String);

impl PlayerKey {
    /// A new random key (128 bits).
    fn new() -> PlayerKey {
        let bytes: [u8; 16] = rand::rng().random();
        PlayerKey(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
    }

    /// The key in `text`, if it is one.
    pub fn read(text: &str) -> Option<PlayerKey> {
        let text = text.trim();
        let well_formed = text.len() == 32
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c));
        well_formed.then(|| PlayerKey(text.to_string()))
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PlayerKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts
            .headers
            .get(PLAYER_KEY_HEADER)
            .and_then(|value| value.to_str().ok())
            .and_then(PlayerKey::read)
            .ok_or(ApiError::Request(RequestError::PlayerKey))
    }
}

/// Today as a day number (days since 1970-01-01 UTC).
pub fn today() -> Day {
    Day::try_from(now_millis() / 86_400_000).unwrap_or(0)
}

/// The player's file and its stored version.
async fn load(store: &Store, key: &PlayerKey) -> Result<(PlayerFile, i64), ApiError> {
    let (document, version) = store
        .practice_file(&key.0)
        .await
        .map_err(ApiError::storage)?
        .ok_or(ApiError::NoSuchPlayer)?;
    let file = ludus_practice::import(&document).map_err(ApiError::internal)?;
    Ok((file, version))
}

/// Applies `edit` to the player's file and stores it; made again on the newer file when another
/// write came first ([`ApiError::PracticeConflict`] after [`WRITE_TRIES`]).
async fn change<T>(
    store: &Store,
    key: &PlayerKey,
    mut edit: impl FnMut(&mut PlayerFile) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    for _ in 0..WRITE_TRIES {
        let (mut file, version) = load(store, key).await?;
        let answer = edit(&mut file)?;
        let document = ludus_practice::export(&file);
        let stored = store
            .store_practice_file(&key.0, &document, version + 1)
            .await
            .map_err(ApiError::storage)?;
        if stored {
            return Ok(answer);
        }
    }
    Err(ApiError::PracticeConflict)
}

/// `POST /api/practice/players`'s answer.
#[derive(Debug, Serialize)]
pub struct NewPlayer {
    /// The player's private key: the browser keeps it and sends it as `X-Player-Key`.
    pub key: String,
}

/// `POST /api/practice/players`: a new player with an empty file (201); rate-limited as the
/// creation of games.
pub async fn create_player(
    State(sessions): State<Sessions>,
    State(limiters): State<Limiters>,
    client: ClientKey,
) -> Result<(StatusCode, Json<NewPlayer>), ApiError> {
    if let Err(retry_after) = limiters.requests().check(Limit::Create, &client) {
        let metrics = sessions.metrics();
        return Err(crate::limits::too_many_requests(
            Limit::Create,
            retry_after,
            metrics,
        ));
    }
    let key = PlayerKey::new();
    let document = ludus_practice::export(&PlayerFile::default());
    let stored = sessions
        .store()
        .store_practice_file(&key.0, &document, 1)
        .await
        .map_err(ApiError::storage)?;
    if !stored {
        return Err(ApiError::internal("a new player key was taken"));
    }
    Ok((StatusCode::CREATED, Json(NewPlayer { key: key.0 })))
}

/// What an exercise asks, for the page: `checker`, `double`, `take` or `morris`.
fn asks(exercise: &Exercise) -> &'static str {
    match exercise.question {
        Question::MorrisMove => "morris",
        _ => match question_of(exercise) {
            Ok(BgQuestion::Checker) => "checker",
            Ok(BgQuestion::Double) => "double",
            Ok(BgQuestion::Take) | Err(_) => "take",
        },
    }
}

/// An exercise of the day's set with its schedule.
#[derive(Debug, Serialize)]
pub struct DueExercise {
    /// The exercise.
    #[serde(flatten)]
    pub exercise: Exercise,
    /// What it asks: `checker`, `double`, `take` or `morris`.
    pub asks: &'static str,
    /// Its SM-2 card.
    pub card: Card,
}

/// `GET /api/practice`'s answer.
#[derive(Debug, Serialize)]
pub struct PracticeView {
    /// Today's day number.
    pub today: Day,
    /// The thresholds that make exercises.
    pub threshold: Threshold,
    /// All the player's exercises.
    pub exercises: usize,
    /// Today's set: due exercises, the ones erred on most often first (at most [`DAILY_SET`]).
    pub due: Vec<DueExercise>,
    /// The days the next exercises fall due after today's, soonest first (at most five).
    pub next_due: Vec<Day>,
}

/// `GET /api/practice`: today's set of exercises.
pub async fn overview(
    State(sessions): State<Sessions>,
    key: PlayerKey,
) -> Result<Json<PracticeView>, ApiError> {
    let (file, _) = load(sessions.store(), &key).await?;
    let today = today();
    let due = ludus_practice::daily_set(&file.exercises, &file.cards, today, DAILY_SET)
        .into_iter()
        .filter_map(|id| {
            let exercise = file.exercise(id)?.clone();
            let card = file.cards.iter().find(|card| card.id == id)?.clone();
            Some(DueExercise {
                asks: asks(&exercise),
                exercise,
                card,
            })
        })
        .collect();
    let mut next_due: Vec<Day> = file
        .cards
        .iter()
        .map(|card| card.due)
        .filter(|&due| due > today)
        .collect();
    next_due.sort_unstable();
    next_due.truncate(5);
    Ok(Json(PracticeView {
        today,
        threshold: file.threshold,
        exercises: file.exercises.len(),
        due,
        next_due,
    }))
}

/// `POST /api/practice/games`'s body: a game of this server and the seat token of the player.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddGame {
    /// The game.
    pub game_id: String,
    /// The player's seat token in it.
    pub token: String,
}

/// `POST /api/practice/games`'s answer.
#[derive(Debug, Serialize)]
pub struct AddedGame {
    /// The exercises the game made or counted again, in the game's order (none when the game
    /// was added before).
    pub touched: Vec<ExerciseId>,
    /// All the player's exercises now.
    pub exercises: usize,
}

/// `POST /api/practice/games`: the review of the player's game (made as `GET …/review` makes
/// it, and cached with it; 503 `review-in-progress` while it is made) added to the player's file:
/// the seat's decisions in its finished games, the mistakes among them as exercises.
pub async fn add_game(
    State(sessions): State<Sessions>,
    State(engine): State<EngineWork>,
    client: ClientKey,
    key: PlayerKey,
    request: Result<Json<AddGame>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<AddedGame>, ApiError> {
    let Json(request) = request.map_err(ApiError::from)?;
    let session = sessions.get(&request.game_id).await?;
    let (side, version, (kind, record), backgammon) = {
        let guard = session.lock().await;
        let side = guard.seat_of(&request.token).ok_or(ApiError::NotSeated)?;
        if !guard.engine_help_allowed() {
            return Err(ApiError::EngineHelpDuringGame);
        }
        (
            side,
            guard.version(),
            guard.export(),
            guard.backgammon_record(),
        )
    };
    drop(session);
    load(sessions.store(), &key).await?;
    let asked = ReviewAsked {
        key: request.game_id,
        version,
        client,
    };
    let review =
        stored_game_review(&sessions, &engine, asked, kind, record.clone(), backgammon).await?;
    let day = today();
    let games = decisions::of_review(&review, &record, side, day);
    let added = change(sessions.store(), &key, |file| {
        let touched = file.add_review(&games.decisions, games.games.clone(), day);
        Ok(AddedGame {
            touched,
            exercises: file.exercises.len(),
        })
    })
    .await?;
    Ok(Json(added))
}

/// `POST /api/practice/answers`'s body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    /// The exercise answered.
    pub exercise: ExerciseId,
    /// The answer: a checker play in gnubg notation (`13/9 13/10`), `double`, `no double`,
    /// `take`, `pass`, or a Morris move.
    pub answer: String,
}

/// `POST /api/practice/answers`'s answer.
#[derive(Debug, Serialize)]
pub struct Answered {
    /// The answer judged, with the ranking at the review's ply.
    #[serde(flatten)]
    pub judgement: judge::Judgement,
    /// What the player chose in the game.
    pub earlier: String,
    /// The exercise's card after the answer (due again today when wrong).
    pub card: Card,
}

/// `POST /api/practice/answers`: the answer judged by the review's analysis on the analysis
/// pool, the result recorded and the exercise rescheduled.
pub async fn answer(
    State(sessions): State<Sessions>,
    State(engine): State<EngineWork>,
    client: ClientKey,
    key: PlayerKey,
    request: Result<Json<AnswerRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Answered>, ApiError> {
    let Json(request) = request.map_err(ApiError::from)?;
    let (file, _) = load(sessions.store(), &key).await?;
    let exercise = file
        .exercise(request.exercise)
        .cloned()
        .ok_or(ApiError::NoSuchExercise)?;
    let Some(analyser) = sessions.players().analyser.clone() else {
        return Err(ApiError::NoAnalyser);
    };
    let earlier = exercise.played.clone();
    let Json(judgement) = crate::limits::engine(&engine, &client, move || {
        judge::judge(analyser.as_ref(), &exercise, &request.answer, &|| {
            ControlFlow::Continue(())
        })
    })
    .await?;
    let grade = if judgement.right {
        Answer::Right
    } else {
        Answer::Wrong
    };
    let day = today();
    let card = change(sessions.store(), &key, |file| {
        file.answer(request.exercise, grade, day)
            .cloned()
            .ok_or(ApiError::NoSuchExercise)
    })
    .await?;
    Ok(Json(Answered {
        judgement,
        earlier,
        card,
    }))
}

/// `GET /api/practice/progress`'s answer.
#[derive(Debug, Serialize)]
pub struct ProgressView {
    /// Per game kind and day: error rates, luck, exercise results.
    pub rows: Vec<ProgressRow>,
    /// Every reviewed game's record, in the order they were added (the plot's points).
    pub games: Vec<GameRecord>,
    /// All the player's exercises.
    pub exercises: usize,
    /// Exercises answered, and answered right.
    pub answered: usize,
    /// Of them, answered right.
    pub right: usize,
    /// The computer levels' measured strength (`ludus_practice::LEVELS`).
    pub levels: &'static [LevelStrength],
    /// The player's checker play in millipoints a decision over all reviewed backgammon games,
    /// and the level to try next (the weakest that errs less); `None` before such a game.
    pub checker_mp: Option<f64>,
    /// The level to try next.
    pub level_to_try: Option<u8>,
}

/// `GET /api/practice/progress`: the player's progress.
pub async fn progress(
    State(sessions): State<Sessions>,
    key: PlayerKey,
) -> Result<Json<ProgressView>, ApiError> {
    let (file, _) = load(sessions.store(), &key).await?;
    let kinds = file.exercises.iter().map(|e| (e.id, e.game)).collect();
    let progress = ludus_practice::progress(&file.games, &file.results, &kinds);
    let checker_mp = ludus_practice::checker_mp_per_decision(&file.games);
    let right = file
        .results
        .iter()
        .filter(|result| result.answer != Answer::Wrong)
        .count();
    Ok(Json(ProgressView {
        rows: progress.rows,
        games: file.games,
        exercises: file.exercises.len(),
        answered: file.results.len(),
        right,
        levels: &ludus_practice::LEVELS,
        checker_mp,
        level_to_try: checker_mp.map(ludus_practice::level_to_try),
    }))
}

/// `GET /api/practice/file`: the player's file, to download (the terminal's `ludus practice
/// import` reads it, and `POST` here merges it on another machine).
pub async fn export_file(
    State(sessions): State<Sessions>,
    key: PlayerKey,
) -> Result<Response, ApiError> {
    let (file, _) = load(sessions.store(), &key).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"ludus-player.json\"",
            ),
        ],
        ludus_practice::export(&file),
    )
        .into_response())
}

/// `POST /api/practice/file`'s answer.
#[derive(Debug, Serialize)]
pub struct Imported {
    /// All the player's exercises after the merge.
    pub exercises: usize,
}

/// `POST /api/practice/file` (the body: a player file, at most
/// [`MAX_PLAYER_FILE_BYTES`](crate::body_limits::MAX_PLAYER_FILE_BYTES)): the file checked and
/// merged into the player's (`PlayerFile::merge`: importing it twice changes nothing).
pub async fn import_file(
    State(sessions): State<Sessions>,
    key: PlayerKey,
    body: String,
) -> Result<Json<Imported>, ApiError> {
    let imported = ludus_practice::import(&body)
        .map_err(|error| ApiError::Request(RequestError::PlayerFile(error.to_string())))?;
    let exercises = change(sessions.store(), &key, |file| {
        file.merge(imported.clone());
        Ok(file.exercises.len())
    })
    .await?;
    Ok(Json(Imported { exercises }))
}

/// `PUT /api/practice/threshold`: the equity a decision must lose to become an exercise
/// (checker play and cube apart; for the games added from now on).
pub async fn set_threshold(
    State(sessions): State<Sessions>,
    key: PlayerKey,
    request: Result<Json<Threshold>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Threshold>, ApiError> {
    let Json(threshold) = request.map_err(ApiError::from)?;
    let valid = |x: f64| x.is_finite() && x >= 0.0;
    if !valid(threshold.checker) || !valid(threshold.cube) {
        return Err(RequestError::Threshold.into());
    }
    change(sessions.store(), &key, |file| {
        file.threshold = threshold;
        Ok(threshold)
    })
    .await
    .map(Json)
}
