//! A seat's command: its token checked, applied to the latest state of the game, stored (tried
//! again when another process stored a command first), broadcast; then the computer's turn.

use super::{Event, GameDocument, Session, Sessions};
use crate::client_key::ClientKey;
use crate::error::ApiError;
use crate::games::{Command, Game, GameError, Side};
use crate::store::{Append, AppendError, StoreError, now_millis};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio::sync::{Mutex, MutexGuard};

/// Most times a command is tried again after finding its game changed by another process first.
const MAX_CONFLICT_RETRIES: usize = 3;

/// A seat's command as it arrived: its game, the seat's token, the command and its client.
struct SeatCommand {
    id: String,
    token: String,
    command: Command,
    client: Option<ClientKey>,
}

/// Why a command was not stored.
pub(super) enum Refused {
    /// The game refused it.
    Game(GameError),
    /// Another command was stored at this version first.
    Conflict,
    /// The database failed.
    Failed(StoreError),
}

impl Sessions {
    /// Carries out a seat's command: checks the token, applies it, stores it, broadcasts the new
    /// state and returns it. On any error the game is unchanged. The command runs to its end even
    /// if the caller stops waiting (a command stored but not applied in memory, or the reverse,
    /// must not happen), and a shutdown waits for it.
    pub async fn command(
        &self,
        id: &str,
        token: &str,
        command: Command,
    ) -> Result<GameDocument, ApiError> {
        self.command_from(id, token, command, None).await
    }

    /// [`Sessions::command`] from `client`: the computer's answer to it queues as that client's work.
    pub async fn command_from(
        &self,
        id: &str,
        token: &str,
        command: Command,
        client: Option<ClientKey>,
    ) -> Result<GameDocument, ApiError> {
        let sessions = self.clone();
        let request = SeatCommand {
            id: id.to_string(),
            token: token.to_string(),
            command,
            client,
        };
        let busy = self.inner.lifecycle.busy();
        tokio::spawn(async move {
            let _busy = busy;
            sessions.run_command(request).await
        })
        .await
        .map_err(ApiError::internal)?
    }

    async fn run_command(&self, request: SeatCommand) -> Result<GameDocument, ApiError> {
        let session = self.get(&request.id).await?;
        let mut guard = session.lock().await;
        let side = guard.seat_of(&request.token).ok_or(ApiError::NotSeated)?;
        if request.client.is_some() {
            guard.client = request.client;
        }
        self.apply_latest(&mut guard, side, &request.command)
            .await?;
        Ok(self.release_and_continue(&request.id, guard, &session))
    }

    /// Applies and stores a command against the latest state of the game: when the database
    /// holds commands this copy lacks (stored by another process, or while this copy was out of
    /// the cache), the copy catches up and the command is tried again, so that it is judged
    /// exactly as a single process would judge it after the commands before it. Two commands for
    /// the same turn can thus never both be accepted: the version check in the database lets one
    /// through, and the other is judged after it (409 not your turn, or 409 when the game keeps
    /// changing under it).
    async fn apply_latest(
        &self,
        session: &mut Session,
        side: Side,
        command: &Command,
    ) -> Result<(), ApiError> {
        let mut refused_after_catching_up = false;
        let mut conflicts = 0;
        loop {
            match self.apply_and_store(session, side, command).await {
                Ok(()) => return Ok(()),
                Err(Refused::Game(error)) => {
                    if refused_after_catching_up
                        || !self.catch_up(session).await.map_err(ApiError::storage)?
                    {
                        return Err(error.into());
                    }
                    refused_after_catching_up = true;
                }
                Err(Refused::Conflict) => {
                    self.inner
                        .metrics
                        .version_conflicts
                        .fetch_add(1, Ordering::Relaxed);
                    conflicts += 1;
                    let asked = session.events.len();
                    self.catch_up(session).await.map_err(ApiError::storage)?;
                    if conflicts > MAX_CONFLICT_RETRIES {
                        return Err(ApiError::StaleVersion {
                            asked,
                            current: session.events.len(),
                        });
                    }
                }
                Err(Refused::Failed(error)) => return Err(ApiError::storage(error)),
            }
        }
    }

    /// Applies, stores (rolling the game back if storage fails) and broadcasts.
    pub(super) async fn apply_and_store(
        &self,
        session: &mut Session,
        side: Side,
        command: &Command,
    ) -> Result<(), Refused> {
        if session.at_ply_limit() {
            return Err(Refused::Game(GameError::Over));
        }
        let record = command.to_record();
        self.change_and_store(session, side, record, |game| game.apply(side, command))
            .await
    }

    /// Changes the game by `change`, stores the change as `record` of `side` (rolling the game
    /// back if storage fails) and broadcasts.
    pub(super) async fn change_and_store(
        &self,
        session: &mut Session,
        side: Side,
        record: String,
        change: impl FnOnce(&mut dyn Game) -> Result<(), GameError>,
    ) -> Result<(), Refused> {
        change(session.game.as_mut()).map_err(Refused::Game)?;
        let version = session.events.len() + 1;
        let status = session.status(version);
        let at = now_millis();
        let append = Append {
            game_id: &session.id,
            seat: side,
            command: &record,
            at,
            status: &status,
        };
        if let Err(error) = self.inner.store.append(&append).await {
            // The game in memory must not run ahead of the database: rebuild it from the events.
            self.rebuild(session);
            return Err(match error {
                AppendError::Conflict(_) => Refused::Conflict,
                AppendError::Failed(error) => Refused::Failed(error),
            });
        }
        session.events.push(Event {
            seq: version - 1,
            seat: side,
            command: record,
            at,
        });
        self.broadcast(session);
        Ok(())
    }

    /// The state after a command, once the session's lock is released; the computer is set to
    /// play when it is next to act.
    pub(super) fn release_and_continue(
        &self,
        id: &str,
        guard: MutexGuard<'_, Session>,
        session: &Arc<Mutex<Session>>,
    ) -> GameDocument {
        let state = guard.state();
        let computer_next = guard.computer_to_act().is_some();
        drop(guard);
        if computer_next {
            self.spawn_computer(id.to_string(), Arc::clone(session));
        }
        state
    }
}
