//! The computer's turns: claimed by this process, thought about on the computer players' pool
//! without holding the game, stored like a seat's command.

use super::commands::Refused;
use super::{Session, Sessions, lock};
use crate::client_key::ClientKey;
use crate::error::Chain;
use crate::games::{Action, Command, ComputerJob, Side};
use std::sync::Arc;
use tokio::sync::Mutex;

/// Most computer decisions in a row before the loop yields (a backgammon turn is roll + move;
/// a bound keeps a buggy player from spinning forever).
const MAX_COMPUTER_STEPS: usize = 16;

/// This process plays the computer's turn of a game while it holds this (see `Sessions::thinking`).
struct ThinkingClaim {
    sessions: Sessions,
    id: String,
}

impl Drop for ThinkingClaim {
    fn drop(&mut self) {
        lock(&self.sessions.inner.thinking).remove(&self.id);
    }
}

impl Sessions {
    /// Claims the computer's turn of game `id` for this process, unless it is playing it already.
    fn claim_thinking(&self, id: &str) -> Option<ThinkingClaim> {
        lock(&self.inner.thinking)
            .insert(id.to_string())
            .then(|| ThinkingClaim {
                sessions: self.clone(),
                id: id.to_string(),
            })
    }

    /// Lets the computer play while it is to act. The session is locked only to prepare the
    /// decision and to apply it, not while the computer thinks on the computer players' pool, so
    /// watchers and `GET` are never held up by thinking time. In a database shared by several
    /// processes the version check makes sure a second process thinking about the same turn (see
    /// [`Sessions::start_background`]) cannot store a second move.
    pub(super) fn spawn_computer(&self, id: String, session: Arc<Mutex<Session>>) {
        if self.inner.lifecycle.is_stopping() {
            return;
        }
        let Some(claim) = self.claim_thinking(&id) else {
            return;
        };
        let busy = self.inner.lifecycle.busy();
        let sessions = self.clone();
        tokio::spawn(async move {
            let _claim = claim;
            let _busy = busy;
            sessions.play_computer(session).await;
        });
    }

    async fn play_computer(&self, session: Arc<Mutex<Session>>) {
        for _ in 0..MAX_COMPUTER_STEPS {
            let Some((side, version, job, client)) = self.next_job(&session).await else {
                return;
            };
            let Some(command) = self.think(&client, job).await else {
                return;
            };
            let mut guard = session.lock().await;
            if guard.events.len() != version {
                // Something happened meanwhile (a resignation): decide again.
                continue;
            }
            if !self
                .store_computer_command(&mut guard, side, &command)
                .await
            {
                return;
            }
        }
    }

    /// The computer's seat, the game's version, the decision to compute and the client whose
    /// work it is (the game's own key when no client is known, after a restart), while the
    /// computer is to act.
    async fn next_job(
        &self,
        session: &Mutex<Session>,
    ) -> Option<(Side, usize, ComputerJob, ClientKey)> {
        let guard = session.lock().await;
        let side = guard.computer_to_act()?;
        let job = guard
            .game
            .computer_job(guard.options.level, self.inner.config.think_time)?;
        let client = guard
            .client
            .clone()
            .unwrap_or_else(|| ClientKey(format!("game {}", guard.id)));
        Some((side, guard.events.len(), job, client))
    }

    /// The computer's decision, computed on the computer players' pool in `client`'s turn;
    /// `None` when the player failed or the server is stopping.
    async fn think(&self, client: &ClientKey, job: ComputerJob) -> Option<Command> {
        tokio::select! {
            answer = self.inner.computer.run(client, job) => match answer {
                Ok(command) => Some(command),
                Err(error) => {
                    tracing::error!("a computer player failed: {}", Chain(&error));
                    None
                }
            },
            () = self.inner.lifecycle.stopping() => None,
        }
    }

    /// Stores the computer's command (or, when it is illegal, a fallback); returns whether the
    /// computer may go on playing.
    async fn store_computer_command(
        &self,
        guard: &mut Session,
        side: Side,
        command: &Command,
    ) -> bool {
        match self.apply_and_store(guard, side, command).await {
            Ok(()) => true,
            // Another process played this turn first: catch up and see who is to act now.
            Err(Refused::Conflict) => match self.catch_up(guard).await {
                Ok(_) => true,
                Err(error) => {
                    tracing::warn!(game = guard.id(), "cannot catch up: {}", Chain(&error));
                    false
                }
            },
            // The database failed: the housekeeping takes the turn up again later.
            Err(Refused::Failed(error)) => {
                tracing::warn!(
                    game = guard.id(),
                    "cannot store the computer's move: {}",
                    Chain(&error)
                );
                false
            }
            Err(Refused::Game(error)) => {
                tracing::warn!(
                    game = guard.id(),
                    "the computer answered an illegal command: {error}"
                );
                self.play_fallback(guard, side).await
            }
        }
    }

    /// A player that answers something illegal must not stall the game: plays the first legal
    /// move or action instead. Returns whether it was stored.
    async fn play_fallback(&self, session: &mut Session, side: Side) -> bool {
        let fallback = match session.game.legal_moves().first() {
            Some(mv) => Command::Move(mv.clone()),
            None => match session
                .game
                .actions()
                .into_iter()
                .find(|a| *a != Action::Resign)
            {
                Some(action) => Command::Action(action),
                None => return false,
            },
        };
        self.apply_and_store(session, side, &fallback).await.is_ok()
    }
}
