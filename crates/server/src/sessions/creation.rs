//! Creating a game: its seats and their tokens, the first store, the computer's first move.

use super::{GameDocument, GameOptions, Occupant, Session, Sessions};
use crate::error::{ApiError, RequestError};
use crate::games;
use crate::games::{GameKind, Side};
use crate::store::{Insert, StoredGame, now_millis};
use rand::RngExt;
use serde_json::Value;
use tokio::sync::Mutex;

/// Bytes of randomness in a seat token (128 bits: unguessable).
const TOKEN_BYTES: usize = 16;
/// Bytes of randomness in a game id (64 bits: ids are public, they only need to be unique).
const GAME_ID_BYTES: usize = 8;
/// The strength levels offered to users.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;
/// The level used when a request names none.
pub const DEFAULT_LEVEL: u8 = 5;

fn random_hex(bytes: usize) -> String {
    let mut rng = rand::rng();
    (0..bytes)
        .map(|_| format!("{:02x}", rng.random::<u8>()))
        .collect()
}

/// What `POST /api/games` creates.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// Morris or Backgammon.
    pub kind: GameKind,
    /// Game rule options (JSON object; the game validates it).
    pub rules: Value,
    /// Play against the computer (else two humans).
    pub vs_computer: bool,
    /// The creator's seat (against the computer); `None` picks at random.
    pub side: Option<Side>,
    /// Computer strength 1..=10.
    pub level: u8,
    /// The dice seed; `None` draws one from the server's generator (the HTTP API accepts a
    /// seed only for games against the computer, see [`Settings::seeded_friend_games`]).
    ///
    /// [`Settings::seeded_friend_games`]: crate::Settings::seeded_friend_games
    pub seed: Option<u64>,
    /// A set-up position to start from (see [`games::new_game_from`]); `None` for the usual
    /// start.
    pub start: Option<String>,
}

/// The answer to creating a game.
pub struct Created {
    /// The state document.
    pub state: GameDocument,
    /// The human seats' tokens (the API hands out only the creator's: the friend's seat is
    /// claimed with `invite`).
    pub tokens: [Option<String>; 2],
    /// The one-time code that claims the friend's seat (games between people).
    pub invite: Option<String>,
    /// The creator's seat.
    pub seat: Side,
}

impl Sessions {
    /// Creates, stores and registers a game; starts the computer if it moves first.
    pub async fn create(&self, request: NewGame) -> Result<Created, ApiError> {
        self.create_for(request, None).await
    }

    /// [`Sessions::create`] for the client `creator` (its address: the per-client bound of live
    /// games counts the games stored with it).
    pub async fn create_for(
        &self,
        request: NewGame,
        creator: Option<&str>,
    ) -> Result<Created, ApiError> {
        check_level(request.level)?;
        let (mut session, seat) = self.new_session(&request)?;
        session.client = creator.map(|creator| crate::client_key::ClientKey(creator.to_string()));
        let status = session.status(0);
        let invite = session.options.invite_seat.map(|_| random_hex(TOKEN_BYTES));
        self.inner
            .store
            .insert_game(&Insert {
                game: &stored_game(&session)?,
                status: &status,
                creator,
                invite: invite.as_deref(),
            })
            .await
            .map_err(ApiError::storage)?;
        let state = session.state();
        let tokens = session.tokens.clone();
        let id = session.id.clone();
        self.index_hints(&session);
        let session = self.inner.cache.insert(&id, Mutex::new(session));
        if status.computer_to_act {
            self.spawn_computer(id, session);
        }
        Ok(Created {
            state,
            tokens,
            invite,
            seat,
        })
    }

    /// Claims the friend's seat of game `id` with its one-time invitation `code`: the seat and
    /// its token, once; afterwards (or with a wrong code) 403.
    pub async fn join(&self, id: &str, code: &str) -> Result<(Side, String), ApiError> {
        let session = self.get(id).await?;
        let seat = session
            .lock()
            .await
            .options
            .invite_seat
            .ok_or(ApiError::BadInvite)?;
        let claimed = self
            .inner
            .store
            .claim_invite(id, code)
            .await
            .map_err(ApiError::storage)?;
        if !claimed {
            return Err(ApiError::BadInvite);
        }
        let mut joined = session.lock().await;
        joined.invitation_open = false;
        // The creator's page learns at once that the friend is in (and stops offering the link).
        self.broadcast(&joined);
        let token = joined.tokens[seat.index()].clone();
        Ok((seat, token.ok_or(ApiError::BadInvite)?))
    }

    /// A session of the game `request` asks for, before any command, and the creator's seat.
    fn new_session(&self, request: &NewGame) -> Result<(Session, Side), ApiError> {
        let seed = request.seed.unwrap_or_else(|| rand::rng().random());
        let start = request.start.as_deref().map(str::trim);
        let game = games::new_game_from(
            request.kind,
            &request.rules,
            seed,
            start,
            &self.inner.players,
        )
        .map_err(RequestError::from)?;
        let seat = request
            .side
            .unwrap_or_else(|| Side::BOTH[rand::rng().random_range(0..2)]);
        let seats = seats_of(seat, request.vs_computer);
        let options = GameOptions {
            rules: serde_json::to_value(game.rules()).map_err(ApiError::internal)?,
            seats,
            level: request.level,
            start: start.map(str::to_string),
            max_plies: Some(self.inner.settings.max_plies).filter(|&most| most > 0),
            invite_seat: (!request.vs_computer).then(|| seat.opponent()),
        };
        let session = Session {
            id: random_hex(GAME_ID_BYTES),
            kind: request.kind,
            options,
            seed,
            tokens: seats.map(token_of),
            created_at: now_millis(),
            game,
            events: Vec::new(),
            client: None,
            invitation_open: !request.vs_computer,
        };
        Ok((session, seat))
    }
}

/// Refuses a level outside [`LEVELS`].
fn check_level(level: u8) -> Result<(), RequestError> {
    if LEVELS.contains(&level) {
        return Ok(());
    }
    Err(RequestError::Level {
        level,
        min: *LEVELS.start(),
        max: *LEVELS.end(),
    })
}

/// Who sits where when the creator takes `seat`: the computer in the other seat, or a second
/// person.
fn seats_of(seat: Side, vs_computer: bool) -> [Occupant; 2] {
    if !vs_computer {
        return [Occupant::Human; 2];
    }
    let mut seats = [Occupant::Computer; 2];
    seats[seat.index()] = Occupant::Human;
    seats
}

/// A fresh token for a person's seat; none for the computer's.
fn token_of(occupant: Occupant) -> Option<String> {
    (occupant == Occupant::Human).then(|| random_hex(TOKEN_BYTES))
}

/// A new game as the database first stores it: no commands yet.
fn stored_game(session: &Session) -> Result<StoredGame, ApiError> {
    Ok(StoredGame {
        id: session.id.clone(),
        kind: session.kind,
        options: serde_json::to_string(&session.options).map_err(ApiError::internal)?,
        seed: session.seed,
        tokens: session.tokens.clone(),
        created_at: session.created_at,
        events: Vec::new(),
        invitation_open: session.invitation_open,
    })
}
