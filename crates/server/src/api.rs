//! The HTTP routes: the JSON API of `docs/architecture.md`, the WebSocket feed and the web UI.

use crate::analysis_board::backgammon::BackgammonAnalysis;
use crate::analysis_board::morris::MorrisAnalysis;
use crate::client_key::ClientKey;
use crate::error::{ApiError, RequestError};
use crate::games::backgammon::StepsView;
use crate::games::{Action, Command, GameKind, PerSide, Side};
use crate::hints::HintKey;
use crate::hub::{EngineWork, Hub};
use crate::limits;
use crate::practice;
use crate::rollouts::RolloutAnswer;
use crate::sessions::{DEFAULT_LEVEL, GameDocument, GameSummary, NewGame, Sessions};
use crate::{assets, ops};
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::middleware::from_fn_with_state;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// How many games `GET /api/games` lists.
const LIST_LIMIT: usize = 50;

/// The whole application: API, WebSocket, web UI, and the operations endpoints.
pub fn router(hub: Hub) -> Router {
    // Limits (`limits.rs`): creating games and the engine endpoints are rate-limited per
    // client, the engine endpoints also wait for a place in the analysis pool.
    let creation = from_fn_with_state(hub.clone(), limits::limit_creation);
    let engine = from_fn_with_state(hub.clone(), limits::limit_engine);
    let moves = from_fn_with_state(hub.clone(), limits::limit_moves);
    Router::new()
        .route("/api/openapi.json", get(openapi))
        .route(
            "/api/games",
            get(list_games).merge(post(create_game).layer(creation)),
        )
        .route("/api/games/{id}", get(game_state))
        .route(
            "/api/games/{id}/moves",
            post(play_move).layer(moves.clone()),
        )
        .route(
            "/api/games/{id}/actions",
            post(take_action).layer(moves.clone()),
        )
        .route(
            "/api/games/{id}/takeback",
            post(take_back).layer(moves.clone()),
        )
        .route("/api/games/{id}/join", post(join_game).layer(moves))
        .route("/api/games/{id}/steps", get(move_steps))
        .route("/api/games/{id}/export", get(export_game))
        .route(
            "/api/games/{id}/analysis",
            get(analyse_game).layer(engine.clone()),
        )
        .route(
            "/api/games/{id}/review",
            get(crate::review::review_game).layer(engine.clone()),
        )
        .route("/api/games/{id}/ws", get(watch_game))
        .route(
            "/api/morris/analysis",
            get(morris_analysis).layer(engine.clone()),
        )
        .route(
            "/api/backgammon/analysis",
            get(backgammon_analysis).layer(engine.clone()),
        )
        .route(
            "/api/backgammon/rollouts",
            post(start_rollout).layer(engine.clone()),
        )
        .route(
            "/api/backgammon/rollouts/{id}",
            get(rollout_progress).delete(stop_rollout),
        )
        .route(
            "/api/review", // body_limits::RECORD_REVIEW_PATH
            post(crate::review::review_record)
                .layer::<_, std::convert::Infallible>(DefaultBodyLimit::max(
                    crate::body_limits::MAX_RECORD_BYTES,
                ))
                .layer(engine.clone()),
        )
        .route("/api/practice/players", post(practice::create_player))
        .route("/api/practice", get(practice::overview))
        .route(
            "/api/practice/games",
            post(practice::add_game).layer(engine.clone()),
        )
        .route(
            "/api/practice/answers",
            post(practice::answer).layer(engine),
        )
        .route("/api/practice/progress", get(practice::progress))
        .route(
            "/api/practice/file", // body_limits::PLAYER_FILE_PATH
            get(practice::export_file).merge(
                post(practice::import_file).layer::<_, std::convert::Infallible>(
                    DefaultBodyLimit::max(crate::body_limits::MAX_PLAYER_FILE_BYTES),
                ),
            ),
        )
        .route("/api/practice/threshold", put(practice::set_threshold))
        .route("/api/position", get(read_position))
        .route("/api/position/play", get(play_on_position))
        .route("/api/position/steps", get(steps_on_position))
        .route("/api/setup", post(write_setup))
        .route("/api/{*rest}", get(api_not_found).post(api_not_found))
        .merge(assets::routes())
        .merge(ops::routes())
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(crate::body_limits::MAX_BODY_BYTES))
        .layer(from_fn_with_state(hub.clone(), limits::time_limit))
        .layer(axum::middleware::from_fn(crate::guard::declared_length))
        .layer(axum::middleware::from_fn(crate::guard::json_errors))
        .layer(axum::middleware::from_fn(crate::guard::security_headers))
        .layer(from_fn_with_state(hub.clone(), ops::observe))
        .with_state(hub)
}

/// A JSON body whose rejections become `{error}` answers.
type Body<T> = Result<Json<T>, axum::extract::rejection::JsonRejection>;

fn body<T>(body: Body<T>) -> Result<T, ApiError> {
    body.map(|Json(value)| value).map_err(ApiError::from)
}

/// Query parameters whose rejections become `{error}` answers.
type QueryOf<T> = Result<Query<T>, axum::extract::rejection::QueryRejection>;

fn read_query<T>(query: QueryOf<T>) -> Result<T, ApiError> {
    query
        .map(|Query(value)| value)
        .map_err(|rejection| RequestError::Query(rejection.body_text()).into())
}

async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        include_str!("openapi.json"),
    )
        .into_response()
}

async fn api_not_found() -> ApiError {
    ApiError::NoSuchEndpoint
}

async fn method_not_allowed() -> ApiError {
    ApiError::Refused {
        status: StatusCode::METHOD_NOT_ALLOWED,
        detail: "this method is not allowed here".to_string(),
    }
}

/// `GET /api/games`.
#[derive(Debug, Serialize)]
struct GameList {
    games: Vec<GameSummary>,
}

/// The most game ids `GET /api/games?ids=` takes.
const MAX_LISTED_IDS: usize = 200;

/// `GET /api/games?ids=a,b,c`: only those games (the seats a browser holds).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    #[serde(default)]
    ids: Option<String>,
}

async fn list_games(
    State(sessions): State<Sessions>,
    query: QueryOf<ListQuery>,
) -> Result<Json<GameList>, ApiError> {
    let games = match read_query(query)?.ids {
        None => sessions.list(LIST_LIMIT).await?,
        Some(text) => sessions.list_of(&listed_ids(&text)?, LIST_LIMIT).await?,
    };
    Ok(Json(GameList { games }))
}

/// The ids of `a,b,c`, at most [`MAX_LISTED_IDS`].
fn listed_ids(text: &str) -> Result<Vec<String>, RequestError> {
    let ids: Vec<String> = text
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(String::from)
        .collect();
    if ids.len() > MAX_LISTED_IDS {
        return Err(RequestError::Query(format!(
            "at most {MAX_LISTED_IDS} ids may be listed, not {}",
            ids.len()
        )));
    }
    Ok(ids)
}

/// `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    game: String,
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    rules: Option<Value>,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    start: Option<String>,
}

/// The answer to `POST /api/games`.
#[derive(Debug, Serialize)]
struct CreatedGame {
    /// The game id.
    id: String,
    /// The creator's seat.
    seat: Side,
    /// The creator's token.
    token: Option<String>,
    /// The creator's token by seat (the other seat's is never sent: it is claimed through the
    /// invitation).
    tokens: PerSide<Option<String>>,
    /// The invitation path for the other seat (a game between two people), with its one-time
    /// code in the fragment: `/play/ID#invite=CODE`.
    invite: Option<String>,
    /// The state.
    state: GameDocument,
}

async fn create_game(
    State(sessions): State<Sessions>,
    client: ClientKey,
    request: Body<CreateRequest>,
) -> Result<(StatusCode, Json<CreatedGame>), ApiError> {
    let request = body(request)?;
    let kind: GameKind = match request.game.as_str() {
        // The short name the CLI also takes.
        "bg" => GameKind::Backgammon,
        text => text.parse()?,
    };
    let vs_computer = match request.opponent.as_deref() {
        None | Some("computer") => true,
        Some("human") => false,
        Some(other) => return Err(RequestError::UnknownOpponent(other.to_string()).into()),
    };
    let side = match request.side.as_deref() {
        None | Some("random") => None,
        Some(text) => Some(text.parse::<Side>()?),
    };
    if request.seed.is_some() && !vs_computer && !sessions.settings().seeded_friend_games {
        return Err(RequestError::SeedComputerOnly.into());
    }
    let created = sessions
        .create_for(
            NewGame {
                kind,
                rules: request.rules.unwrap_or_else(|| json!({})),
                vs_computer,
                side,
                level: request.level.unwrap_or(DEFAULT_LEVEL),
                seed: request.seed,
                start: request.start,
            },
            Some(&client.0),
        )
        .await?;
    let id = created.state.id.clone();
    // The friend's token never goes to the creator: the friend claims the seat with the code.
    let invite = created
        .invite
        .as_ref()
        .map(|code| format!("/play/{id}#invite={code}"));
    let token = created.tokens[created.seat.index()].clone();
    let mut tokens = [None, None];
    tokens[created.seat.index()] = token.clone();
    Ok((
        StatusCode::CREATED,
        Json(CreatedGame {
            id,
            seat: created.seat,
            token,
            tokens: PerSide::from_pair(tokens),
            invite,
            state: created.state,
        }),
    ))
}

/// `POST /api/games/{id}/join`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinRequest {
    invite: String,
}

/// The answer to `POST /api/games/{id}/join`: the claimed seat and its token.
#[derive(Debug, Serialize)]
struct JoinedSeat {
    seat: Side,
    token: String,
}

async fn join_game(
    State(sessions): State<Sessions>,
    Path(id): Path<String>,
    request: Body<JoinRequest>,
) -> Result<Json<JoinedSeat>, ApiError> {
    let request = body(request)?;
    let (seat, token) = sessions.join(&id, request.invite.trim()).await?;
    Ok(Json(JoinedSeat { seat, token }))
}

async fn game_state(
    State(sessions): State<Sessions>,
    Path(id): Path<String>,
) -> Result<Json<GameDocument>, ApiError> {
    let session = sessions.get(&id).await?;
    let state = session.lock().await.state();
    Ok(Json(state))
}

/// `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    token: String,
    #[serde(rename = "move")]
    mv: String,
}

async fn play_move(
    State(sessions): State<Sessions>,
    Path(id): Path<String>,
    client: ClientKey,
    request: Body<MoveRequest>,
) -> Result<Json<GameDocument>, ApiError> {
    let request = body(request)?;
    let command = Command::Move(request.mv.trim().to_string());
    let state = sessions
        .command_from(&id, &request.token, command, Some(client))
        .await?;
    Ok(Json(state))
}

/// `POST /api/games/{id}/actions`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionRequest {
    token: String,
    action: String,
}

async fn take_action(
    State(sessions): State<Sessions>,
    Path(id): Path<String>,
    client: ClientKey,
    request: Body<ActionRequest>,
) -> Result<Json<GameDocument>, ApiError> {
    let request = body(request)?;
    let action: Action = request.action.parse()?;
    let state = sessions
        .command_from(&id, &request.token, Command::Action(action), Some(client))
        .await?;
    Ok(Json(state))
}

/// `POST /api/games/{id}/takeback`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TakebackRequest {
    token: String,
}

async fn take_back(
    State(sessions): State<Sessions>,
    Path(id): Path<String>,
    request: Body<TakebackRequest>,
) -> Result<Json<GameDocument>, ApiError> {
    let request = body(request)?;
    Ok(Json(sessions.takeback(&id, &request.token).await?))
}

/// `GET /api/games/{id}/steps?taken=8/5,6/5&version=N`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepsQuery {
    #[serde(default)]
    taken: Option<String>,
    #[serde(default)]
    version: Option<usize>,
}

/// Reads `8/5,6/5` (also separated by spaces): checker steps in the mover's numbering.
fn read_steps(text: &str) -> Result<Vec<[u8; 2]>, RequestError> {
    let bad = || RequestError::Steps(text.to_string());
    text.split([',', ' '])
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (from, to) = part.split_once('/').ok_or_else(bad)?;
            Ok([
                from.parse().map_err(|_| bad())?,
                to.parse().map_err(|_| bad())?,
            ])
        })
        .collect()
}

async fn move_steps(
    State(sessions): State<Sessions>,
    Path(id): Path<String>,
    query: QueryOf<StepsQuery>,
) -> Result<Json<StepsView>, ApiError> {
    let query = read_query(query)?;
    let taken = read_steps(query.taken.as_deref().unwrap_or(""))?;
    let session = sessions.get(&id).await?;
    let view = session.lock().await.steps(&taken, query.version)?;
    Ok(Json(view))
}

async fn export_game(
    State(sessions): State<Sessions>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let session = sessions.get(&id).await?;
    let (kind, text) = session.lock().await.export();
    let file_name = match kind {
        GameKind::Morris => format!("morris-{id}.txt"),
        GameKind::Backgammon => format!("backgammon-{id}.mat"),
    };
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{file_name}\""),
            ),
        ],
        text,
    )
        .into_response())
}

async fn watch_game(
    State(sessions): State<Sessions>,
    Path(id): Path<String>,
    client: ClientKey,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    // 404 before the upgrade; the game is read again once the socket is open.
    drop(sessions.get(&id).await?);
    let upgrade = upgrade.map_err(|rejection| RequestError::NotWebSocket(rejection.body_text()))?;
    let settings = sessions.settings();
    let most = settings.max_sockets_per_client;
    let Some(permit) = sessions.watchers().admit(&client, most) else {
        sessions.metrics().rate_limited("sockets");
        return Err(ApiError::TooManySockets { most });
    };
    // The socket only pushes: what a client sends is read and dropped, so a few KiB is plenty.
    let upgrade = upgrade
        .max_message_size(settings.max_ws_message_bytes)
        .max_frame_size(settings.max_ws_message_bytes);
    Ok(upgrade.on_upgrade(move |socket| async move {
        let _permit = permit;
        let _busy = sessions.lifecycle().busy();
        // Subscribe first, then read the state: no change can fall in between.
        let updates = Subscription::new(&sessions, &id);
        let Ok(first) = sessions.state_text(&id).await else {
            return;
        };
        feed(socket, updates, Arc::new(first), &sessions, &id).await;
    }))
}

/// A watcher's receiver of a game's states; leaving unregisters it.
struct Subscription {
    sessions: Sessions,
    id: String,
    /// Always `Some` until dropped.
    receiver: Option<tokio::sync::broadcast::Receiver<Arc<String>>>,
}

impl Subscription {
    fn new(sessions: &Sessions, id: &str) -> Subscription {
        Subscription {
            sessions: sessions.clone(),
            id: id.to_string(),
            receiver: Some(sessions.watchers().subscribe(id)),
        }
    }

    async fn recv(&mut self) -> Result<Arc<String>, RecvError> {
        match &mut self.receiver {
            Some(receiver) => receiver.recv().await,
            None => Err(RecvError::Closed),
        }
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        // The receiver must be gone before the registry counts the game's receivers.
        self.receiver = None;
        self.sessions.watchers().unsubscribed(&self.id);
    }
}

/// The close frame sent to every watcher when the server shuts down.
fn going_away() -> Message {
    Message::Close(Some(CloseFrame {
        code: close_code::AWAY,
        reason: "the server is shutting down".into(),
    }))
}

/// Sends the current state, then every change, until the watcher leaves or the server stops.
async fn feed(
    mut socket: WebSocket,
    mut updates: Subscription,
    first: Arc<String>,
    sessions: &Sessions,
    id: &str,
) {
    if socket
        .send(Message::Text(first.as_str().into()))
        .await
        .is_err()
    {
        return;
    }
    let stopping = sessions.lifecycle().stopping();
    tokio::pin!(stopping);
    loop {
        tokio::select! {
            update = updates.recv() => {
                let text = match update {
                    Ok(text) => text,
                    // Fell behind: skip to the present.
                    Err(RecvError::Lagged(_)) => match sessions.state_text(id).await {
                        Ok(text) => Arc::new(text),
                        Err(_) => return,
                    },
                    Err(RecvError::Closed) => return,
                };
                if socket.send(Message::Text(text.as_str().into())).await.is_err() {
                    return;
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            () = &mut stopping => {
                let _ = socket.send(going_away()).await;
                return;
            }
        }
    }
}

/// `GET /api/games/{id}/analysis`: the post-game analysis of a backgammon game's match record.
async fn analyse_game(
    State(sessions): State<Sessions>,
    State(engine): State<EngineWork>,
    client: ClientKey,
    Path(id): Path<String>,
) -> Result<Json<crate::games::report::BackgammonReport>, ApiError> {
    let session = sessions.get(&id).await?;
    let record = {
        let guard = session.lock().await;
        if !guard.engine_help_allowed() {
            return Err(ApiError::EngineHelpDuringGame);
        }
        guard.backgammon_record()
    };
    drop(session);
    let Some(record) = record else {
        return Err(ApiError::AnalysisOfMorris);
    };
    let Some(analyser) = sessions.players().analyser.clone() else {
        return Err(ApiError::NoAnalyser);
    };
    let (_request, gone) = limits::GoneOnDrop::new();
    let report = limits::long_engine(&engine, &client, gone, move |checkpoint| {
        analyser
            .analyse_match(&record, checkpoint)
            .map_err(ApiError::internal)
    })
    .await?;
    Ok(Json(report))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionQuery {
    text: String,
    #[serde(default)]
    dice: Option<String>,
}

/// `GET /api/position?text=…&dice=…`: a pasted position read, the dice typed beside it checked
/// (see `positions.rs`).
async fn read_position(
    query: QueryOf<PositionQuery>,
) -> Result<Json<crate::positions::PastedPosition>, ApiError> {
    let query = read_query(query)?;
    Ok(Json(crate::positions::read_position_with_dice(
        &query.text,
        query.dice.as_deref(),
    )?))
}

#[derive(Debug, Deserialize)]
struct PlayQuery {
    text: String,
    #[serde(default)]
    dice: Option<String>,
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    rules: Option<String>,
}

/// `GET /api/position/play?text=…&dice=…&move=…`: the position after a move (see `positions.rs`).
async fn play_on_position(
    query: QueryOf<PlayQuery>,
) -> Result<Json<crate::positions::PlayedPosition>, ApiError> {
    let query = read_query(query)?;
    Ok(Json(crate::positions::play_move(
        &query.text,
        query.dice.as_deref(),
        &query.mv,
        query.rules.as_deref(),
    )?))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionStepsQuery {
    text: String,
    #[serde(default)]
    dice: Option<String>,
    #[serde(default)]
    taken: Option<String>,
}

/// `GET /api/position/steps?text=…&dice=…&taken=8/5,6/5`: a backgammon move built checker by
/// checker on a pasted position, as a game's `/steps` (see `positions.rs`).
async fn steps_on_position(
    query: QueryOf<PositionStepsQuery>,
) -> Result<Json<StepsView>, ApiError> {
    let query = read_query(query)?;
    let taken = read_steps(query.taken.as_deref().unwrap_or(""))?;
    Ok(Json(crate::positions::position_steps(
        &query.text,
        query.dice.as_deref(),
        &taken,
    )?))
}

/// `POST /api/setup`: a set-up checked and written as ids (see `setup.rs`).
async fn write_setup(
    request: Body<crate::setup::SetupRequest>,
) -> Result<Json<crate::setup::SetupIds>, ApiError> {
    let request = body(request)?;
    Ok(Json(
        crate::setup::write_ids(&request).map_err(RequestError::from)?,
    ))
}

/// 403 `engine-help-after-game` when `key` is a position decided on now in an unfinished game
/// between people (see `hints.rs`).
fn refuse_live_position(sessions: &Sessions, key: Option<HintKey>) -> Result<(), ApiError> {
    match key {
        Some(key) if sessions.hints().refuses(&key) => Err(ApiError::EngineHelpDuringGame),
        _ => Ok(()),
    }
}

#[derive(Debug, Deserialize)]
struct MorrisAnalysisQuery {
    position: Option<String>,
    rules: Option<String>,
    /// A game: its current position with its history (the game's hint); `position` and
    /// `rules` are then the game's.
    game: Option<String>,
}

/// `GET /api/morris/analysis?position=…&rules=…` or `?game=ID`: every legal move ranked.
async fn morris_analysis(
    State(sessions): State<Sessions>,
    State(engine): State<EngineWork>,
    client: ClientKey,
    query: QueryOf<MorrisAnalysisQuery>,
) -> Result<Json<MorrisAnalysis>, ApiError> {
    let query = read_query(query)?;
    refuse_live_position(
        &sessions,
        HintKey::of_morris_request(query.position.as_deref()),
    )?;
    let players = sessions.players().clone();
    let Some(id) = query.game else {
        return limits::engine(&engine, &client, move || {
            crate::analysis_board::morris::analysis(
                query.position.as_deref(),
                query.rules.as_deref(),
                &players,
            )
        })
        .await;
    };
    let session = sessions.get(&id).await?;
    let (kind, record) = {
        let guard = session.lock().await;
        if !guard.engine_help_allowed() {
            return Err(ApiError::EngineHelpDuringGame);
        }
        guard.export()
    };
    drop(session);
    if kind != GameKind::Morris {
        return Err(ApiError::MorrisAnalysisOfBackgammon);
    }
    limits::engine(&engine, &client, move || {
        crate::analysis_board::morris::game_analysis(&record, &players).map_err(ApiError::internal)
    })
    .await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RolloutRequest {
    /// The gnubg Position ID rolled out (the side on roll's view, before its roll).
    position_id: String,
    /// Trials: a multiple of `rollouts::ROLLOUT_UNIT` up to `rollouts::MAX_TRIALS`.
    trials: u64,
    /// How far each game is played (truncated when absent).
    #[serde(default)]
    length: crate::games::backgammon::RolloutLength,
    /// Whether the cube is played (money, centred at 1 at the start; cubeless when absent).
    #[serde(default)]
    cubeful: bool,
    /// The dice of `play`.
    #[serde(default)]
    dice: Option<String>,
    /// A play of `dice` to roll out instead of the position before its roll.
    #[serde(default)]
    play: Option<String>,
}

/// What a rollout request asks to play: the position before its roll, or after one play.
fn rollout_spec(request: RolloutRequest) -> Result<crate::rollouts::RolloutSpec, ApiError> {
    use crate::rollouts::{RolledPlay, RolloutSpec};
    let position_id = request.position_id.trim().to_string();
    let before =
        ludus_backgammon::Position::from_position_id(&position_id).map_err(RequestError::from)?;
    let (position, play) = match request.play.as_deref().map(str::trim) {
        None | Some("") => (before, None),
        Some(text) => {
            let dice = request.dice.as_deref().unwrap_or("");
            let (dice, play, after) = crate::positions::play_to_roll_out(&before, dice, text)
                .map_err(RequestError::from)?;
            let dice = dice.to_string();
            (after, Some(RolledPlay { dice, play }))
        }
    };
    Ok(RolloutSpec {
        position_id,
        position,
        play,
        trials: request.trials,
        kind: crate::games::backgammon::RolloutKind {
            length: request.length,
            cubeful: request.cubeful,
        },
    })
}

/// `POST /api/backgammon/rollouts`: starts a rollout (cubeless or cubeful, truncated or to the
/// end) of a position before its roll, or of one play (202 with its first answer); its parts run
/// as jobs of the analysis pool.
async fn start_rollout(
    State(sessions): State<Sessions>,
    State(engine): State<EngineWork>,
    client: ClientKey,
    request: Body<RolloutRequest>,
) -> Result<(StatusCode, Json<RolloutAnswer>), ApiError> {
    use crate::rollouts::{MAX_TRIALS, MIN_TRIALS, StartRefusal};
    let request = body(request)?;
    let trials = request.trials;
    if !(MIN_TRIALS..=MAX_TRIALS).contains(&trials) || trials % MIN_TRIALS != 0 {
        let (min, max) = (MIN_TRIALS, MAX_TRIALS);
        return Err(RequestError::Trials { trials, min, max }.into());
    }
    let spec = rollout_spec(request)?;
    refuse_live_position(
        &sessions,
        HintKey::of_backgammon_request(Some(&spec.position_id)),
    )?;
    let (runner, pool) = (sessions.clone(), engine.clone());
    let (answer, job) = match engine.rollouts().start(client.clone(), spec) {
        Ok(started) => started,
        Err(StartRefusal::ClientBusy) => return Err(ApiError::RolloutRunning),
        Err(StartRefusal::ServerBusy) => return Err(ApiError::RolloutsBusy),
    };
    let (position, kind) = (job.position(), job.kind());
    tokio::spawn(job.play(move |games| {
        let (sessions, engine, client) = (runner.clone(), pool.clone(), client.clone());
        async move {
            let ranker = std::sync::Arc::clone(&sessions.players().backgammon.analyst);
            let work = move || ranker.rollout(&position, games, kind);
            engine.pool().run(&client, work).await.ok().flatten()
        }
    }));
    Ok((StatusCode::ACCEPTED, Json(answer)))
}

/// `GET /api/backgammon/rollouts/{id}`: a rollout's progress and result so far (asking keeps it
/// going: one nobody asks about stops).
async fn rollout_progress(
    State(engine): State<EngineWork>,
    Path(id): Path<String>,
) -> Result<Json<RolloutAnswer>, ApiError> {
    engine
        .rollouts()
        .get(&id)
        .map(Json)
        .ok_or(ApiError::NoSuchRollout)
}

/// `DELETE /api/backgammon/rollouts/{id}`: stops a rollout before its next part; its answer.
async fn stop_rollout(
    State(engine): State<EngineWork>,
    Path(id): Path<String>,
) -> Result<Json<RolloutAnswer>, ApiError> {
    engine
        .rollouts()
        .stop(&id)
        .map(Json)
        .ok_or(ApiError::NoSuchRollout)
}

#[derive(Debug, Deserialize)]
struct BackgammonAnalysisQuery {
    position_id: Option<String>,
    match_id: Option<String>,
    dice: Option<String>,
    plies: Option<u8>,
    #[serde(default)]
    jacoby: bool,
    #[serde(default)]
    beavers: bool,
}

async fn backgammon_analysis(
    State(sessions): State<Sessions>,
    State(engine): State<EngineWork>,
    client: ClientKey,
    query: QueryOf<BackgammonAnalysisQuery>,
) -> Result<Json<BackgammonAnalysis>, ApiError> {
    let query = read_query(query)?;
    let requested = HintKey::of_backgammon_request(query.position_id.as_deref());
    refuse_live_position(&sessions, requested)?;
    let players = sessions.players().clone();
    limits::engine(&engine, &client, move || {
        let (position_id, match_id) = (query.position_id.as_deref(), query.match_id.as_deref());
        let dice = query.dice.as_deref();
        let money = crate::games::backgammon::MoneyRules {
            jacoby: query.jacoby,
            beavers: query.beavers,
        };
        crate::analysis_board::backgammon::analysis(
            position_id,
            match_id,
            dice,
            query.plies,
            money,
            &players,
        )
    })
    .await
}
