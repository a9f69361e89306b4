//! The state sent to a game's WebSocket watchers.

use super::{Hub, Session};
use crate::error::ApiError;

impl Hub {
    /// Sends the state to the game's watchers (serialised only when someone watches).
    pub(super) fn broadcast(&self, session: &Session) {
        self.inner
            .watchers
            .send(&session.id, || session.state_text());
    }

    /// The state document of a game as the WebSocket sends it.
    pub async fn state_text(&self, id: &str) -> Result<String, ApiError> {
        let session = self.get(id).await?;
        let text = session.lock().await.state_text();
        Ok(text)
    }
}
