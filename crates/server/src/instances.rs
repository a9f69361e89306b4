//! Several server processes on one PostgreSQL database: each listens on the notification
//! channel, where every stored command is announced as `game_id:version` when it commits, and
//! brings its copy of that game (if it holds one, or has watchers of it) up to date, pushing the
//! new state to its WebSocket watchers.
//!
//! A lost listening connection is reopened with a growing delay; since notifications may have
//! been missed meanwhile, the games in memory are then dropped or caught up (`Hub::resync`).

use crate::error::Chain;
use crate::sessions::Sessions;
use crate::store::Store;
use std::time::Duration;

/// The first delay before reconnecting; it doubles up to [`MAX_RECONNECT_DELAY`].
const FIRST_RECONNECT_DELAY: Duration = Duration::from_millis(100);
/// The longest delay between two connection attempts.
const MAX_RECONNECT_DELAY: Duration = Duration::from_secs(5);

/// Reads a notification payload, `game_id:version`.
pub fn parse_notice(payload: &str) -> Option<(&str, usize)> {
    let (id, version) = payload.rsplit_once(':')?;
    Some((id, version.parse().ok()?))
}

/// Listens for other processes' commands until the shutdown.
pub async fn listen(sessions: Sessions) {
    let Store::Postgres(store) = sessions.store() else {
        return;
    };
    let stopping = sessions.lifecycle().stopping();
    tokio::pin!(stopping);
    let mut delay = FIRST_RECONNECT_DELAY;
    loop {
        match store.listen().await {
            Ok(mut listener) => {
                delay = FIRST_RECONNECT_DELAY;
                tracing::debug!("listening for other processes' commands");
                // Anything committed before LISTEN took effect was not announced to us.
                sessions.resync();
                loop {
                    tokio::select! {
                        notice = listener.notices.recv() => match notice {
                            Some(payload) => match parse_notice(&payload) {
                                Some((id, version)) => sessions.on_notice(id, version),
                                None => tracing::warn!("unreadable notification `{payload}`"),
                            },
                            None => break,
                        },
                        () = &mut stopping => return,
                    }
                }
                tracing::warn!("lost the PostgreSQL notification connection: reconnecting");
            }
            Err(error) => {
                tracing::warn!("cannot listen for notifications: {}", Chain(&error));
            }
        }
        tokio::select! {
            () = tokio::time::sleep(delay) => {}
            () = &mut stopping => return,
        }
        delay = (delay * 2).min(MAX_RECONNECT_DELAY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_read_back() {
        assert_eq!(parse_notice("0123abcd:17"), Some(("0123abcd", 17)));
        assert_eq!(parse_notice("0123abcd"), None);
        assert_eq!(parse_notice("0123abcd:x"), None);
    }
}
