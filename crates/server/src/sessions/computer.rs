//! The computer's turns: claimed by this process, thought about on the computer players' pool
//! without holding the game, stored like a seat's command.

use super::commands::Refused;
use super::{Hub, Session, lock};
use crate::game::{Action, Command, Side};
use std::sync::Arc;
use tokio::sync::Mutex;

/// Most computer decisions in a row before the loop yields (a backgammon turn is roll + move;
/// a bound keeps a buggy player from spinning forever).
const MAX_COMPUTER_STEPS: usize = 16;

/// This process plays the computer's turn of a game while it holds this (see `Hub::thinking`).
struct ThinkingClaim {
    hub: Hub,
    id: String,
}

impl Drop for ThinkingClaim {
    fn drop(&mut self) {
        lock(&self.hub.inner.thinking).remove(&self.id);
    }
}

impl Hub {
    /// Claims the computer's turn of game `id` for this process, unless it is playing it already.
    fn claim_thinking(&self, id: &str) -> Option<ThinkingClaim> {
        lock(&self.inner.thinking)
            .insert(id.to_string())
            .then(|| ThinkingClaim {
                hub: self.clone(),
                id: id.to_string(),
            })
    }

    /// Lets the computer play while it is to act. The session is locked only to prepare the
    /// decision and to apply it, not while the computer thinks on the computer players' pool, so
    /// watchers and `GET` are never held up by thinking time. In a database shared by several
    /// processes the version check makes sure a second process thinking about the same turn (see
    /// [`Hub::start_background`]) cannot store a second move.
    pub(super) fn spawn_computer(&self, id: String, session: Arc<Mutex<Session>>) {
        if self.inner.lifecycle.is_stopping() {
            return;
        }
        let Some(claim) = self.claim_thinking(&id) else {
            return;
        };
        let busy = self.inner.lifecycle.busy();
        let hub = self.clone();
        tokio::spawn(async move {
            let _claim = claim;
            let _busy = busy;
            hub.play_computer(session).await;
        });
    }

    async fn play_computer(&self, session: Arc<Mutex<Session>>) {
        for _ in 0..MAX_COMPUTER_STEPS {
            let (side, version, job) = {
                let guard = session.lock().await;
                let Some(side) = guard.computer_to_act() else {
                    return;
                };
                let job = guard
                    .game
                    .computer_job(guard.options.level, self.inner.config.think_time);
                match job {
                    Some(job) => (side, guard.events.len(), job),
                    None => return,
                }
            };
            let command = tokio::select! {
                answer = self.inner.computer.run(job) => match answer {
                    Ok(command) => command,
                    Err(error) => {
                        tracing::error!("a computer player failed: {error}");
                        return;
                    }
                },
                () = self.inner.lifecycle.stopping() => return,
            };
            let mut guard = session.lock().await;
            if guard.events.len() != version {
                // Something happened meanwhile (a resignation): decide again.
                continue;
            }
            match self.apply_and_store(&mut guard, side, &command).await {
                Ok(()) => {}
                // Another process played this turn first: catch up and see who is to act now.
                Err(Refused::Conflict) => {
                    if let Err(error) = self.catch_up(&mut guard).await {
                        tracing::warn!(game = guard.id(), "cannot catch up: {error:#}");
                        return;
                    }
                }
                // The database failed: the housekeeping takes the turn up again later.
                Err(Refused::Failed(error)) => {
                    tracing::warn!(
                        game = guard.id(),
                        "cannot store the computer's move: {error:#}"
                    );
                    return;
                }
                Err(Refused::Game(error)) => {
                    tracing::warn!(
                        game = guard.id(),
                        "the computer answered an illegal command: {error}"
                    );
                    if !self.play_fallback(&mut guard, side).await {
                        return;
                    }
                }
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
