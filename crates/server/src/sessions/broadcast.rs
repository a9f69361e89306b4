//! The state sent to a game's WebSocket watchers.

use super::{Session, Sessions};
use crate::error::ApiError;

impl Sessions {
    /// Sends the state to the game's watchers (serialised only when someone watches), and
    /// records the position decided on now for the analysis endpoints' refusal.
    pub(super) fn broadcast(&self, session: &Session) {
        self.index_hints(session);
        self.inner
            .watchers
            .send(&session.id, || session.state_text());
    }

    /// Records the position of `session` decided on now in the positions the analysis
    /// endpoints refuse (see `hints.rs`).
    pub(super) fn index_hints(&self, session: &Session) {
        self.inner.hints.set(&session.id, session.hint_keys());
    }

    /// The state document of a game as the WebSocket sends it.
    pub async fn state_text(&self, id: &str) -> Result<String, ApiError> {
        let session = self.get(id).await?;
        let text = session.lock().await.state_text();
        Ok(text)
    }
}
