//! A real server on 127.0.0.1:0: WebSocket watchers get the state at once and every change.

use crate::common::next_state;
use ludus_server::games::{Command, GameKind, Side};
use ludus_server::sessions::NewGame;
use ludus_server::{Hub, serve_on};
use serde_json::json;
use std::time::Duration;

/// The longest wait for one pushed message.
const PUSH_TIMEOUT: Duration = Duration::from_secs(5);

/// A hub over an in-memory store and a listener on 127.0.0.1 with an ephemeral port.
async fn hub_on_loopback() -> (Hub, tokio::net::TcpListener, std::net::SocketAddr) {
    let hub = crate::common::hub();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    (hub, listener, addr)
}

#[tokio::test]
async fn every_watcher_receives_every_state_change() {
    let (hub, listener, addr) = hub_on_loopback().await;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve_on(listener, hub.clone(), async {
        let _ = stopped.await;
    }));
    let created = hub
        .sessions()
        .create(NewGame {
            kind: GameKind::Morris,
            rules: json!({}),
            vs_computer: false,
            side: Some(Side::White),
            level: 5,
            seed: None,
            start: None,
        })
        .await
        .unwrap();
    let id = created.state.id.clone();
    let tokens = created.tokens.map(Option::unwrap);
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let (mut first, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let (mut second, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    assert_eq!(next_state(&mut first, PUSH_TIMEOUT).await["version"], 0);
    assert_eq!(next_state(&mut second, PUSH_TIMEOUT).await["version"], 0);
    for (ply, (side, mv)) in [(0, "d6"), (1, "d2"), (0, "b6")].into_iter().enumerate() {
        hub.sessions()
            .command(&id, &tokens[side], Command::Move(mv.to_string()))
            .await
            .unwrap();
        for socket in [&mut first, &mut second] {
            let pushed = next_state(socket, PUSH_TIMEOUT).await;
            assert_eq!(pushed["version"], ply + 1);
            assert_eq!(pushed["history"][ply]["command"], mv);
        }
    }
    // A refused command pushes nothing: the next message is the next accepted move.
    assert!(
        hub.sessions()
            .command(&id, &tokens[0], Command::Move("d6".into()))
            .await
            .is_err()
    );
    hub.sessions()
        .command(&id, &tokens[1], Command::Move("f2".into()))
        .await
        .unwrap();
    assert_eq!(next_state(&mut first, PUSH_TIMEOUT).await["version"], 4);
    let _ = stop.send(());
    drop((first, second));
    tokio::time::timeout(PUSH_TIMEOUT, server)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
}

#[tokio::test]
async fn a_watcher_sees_the_computer_reply() {
    let (hub, listener, addr) = hub_on_loopback().await;
    tokio::spawn(serve_on(listener, hub.clone(), std::future::pending()));
    let created = hub
        .sessions()
        .create(NewGame {
            kind: GameKind::Backgammon,
            rules: json!({"cube": false}),
            vs_computer: true,
            side: Some(Side::White),
            level: 5,
            seed: Some(3),
            start: None,
        })
        .await
        .unwrap();
    let id = created.state.id.clone();
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
            .await
            .unwrap();
    // Whoever opens, the watcher eventually sees white to act with dice and legal moves.
    let mut state = next_state(&mut socket, PUSH_TIMEOUT).await;
    while state["to_act"] != "white" {
        state = next_state(&mut socket, PUSH_TIMEOUT).await;
    }
    assert_eq!(state["view"]["phase"], "move");
    assert!(!state["legal_moves"].as_array().unwrap().is_empty());
}
