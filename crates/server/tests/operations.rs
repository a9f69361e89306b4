//! Operations: `/healthz` and `/metrics`, graceful shutdown (sockets closed with a reason, the
//! request in progress finished), and the bounded cache of games.

use crate::client::HttpClient;
use crate::common::{Gate, TestDb, backends, hub_with, serve};
use crate::common::{advance, hub_state, human_game};
use futures_util::StreamExt;
use ludus_server::Settings;
use ludus_server::games::GameKind;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

#[tokio::test]
async fn healthz_is_200_while_the_database_answers_and_503_after() {
    for db in backends("health").await {
        let (addr, _stop, _) = serve(db.hub().await).await;
        let mut client = HttpClient::connect(addr).await;
        let answer = client.get("/healthz").await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(answer.body["status"], "ok");
        assert_eq!(answer.body["database"], db.backend());
        if let TestDb::Postgres(url) = &db {
            crate::postgres::drop_database(url).await;
            let answer = client.get("/healthz").await;
            assert_eq!(answer.status, 503, "{}", answer.body);
            assert_eq!(answer.body["status"], "unavailable");
            assert!(answer.body["error"].is_string());
        }
    }
}

#[tokio::test]
async fn metrics_count_requests_games_watchers_and_the_engine() {
    let db = TestDb::Sqlite(crate::common::TempDb::new("metrics"));
    let (addr, _stop, _) = serve(db.hub().await).await;
    let mut client = HttpClient::connect(addr).await;
    let created = client
        .post("/api/games", json!({"game": "morris", "opponent": "human"}))
        .await;
    let id = created.body["id"].as_str().unwrap().to_string();
    assert_eq!(client.get("/api/games/feedfacefeedface").await.status, 404);
    let (_socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    let answer = client.get("/metrics").await;
    assert_eq!(answer.status, 200);
    assert_eq!(
        answer.header("content-type"),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    let text = answer.body.as_str().unwrap().to_string();
    for line in [
        "ludus_http_requests_total{route=\"/api/games\",method=\"POST\",status=\"201\"} 1",
        "ludus_http_requests_total{route=\"/api/games/{id}\",method=\"GET\",status=\"404\"} 1",
        "ludus_http_request_duration_seconds_count{route=\"/api/games\"} 1",
        "ludus_games_cached 1",
        "ludus_games_live 1",
        "ludus_websocket_watchers 1",
        "ludus_engine_queue_depth{pool=\"analysis\"} 0",
        "ludus_engine_running{pool=\"computer\"} 0",
        "ludus_engine_rejections_total{pool=\"analysis\"} 0",
        "ludus_version_conflicts_total 0",
    ] {
        assert!(text.contains(line), "{line} is missing from:\n{text}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shutdown_closes_sockets_with_a_reason_and_finishes_the_request_in_progress() {
    let gate = Arc::new(Gate::default());
    let hub = hub_with(Settings::unlimited(), Some(gate.clone()));
    let (addr, stop, server) = serve(hub.clone()).await;
    let mut client = HttpClient::connect(addr).await;
    // Against the computer: the analysis is open while the game is played.
    let created = client
        .post("/api/games", json!({"game": "backgammon", "side": "white"}))
        .await;
    let id = created.body["id"].as_str().unwrap().to_string();
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
            .await
            .unwrap();
    assert!(matches!(socket.next().await, Some(Ok(Message::Text(_)))));
    // A request in progress when the signal comes.
    let path = format!("/api/games/{id}/analysis");
    let in_progress = tokio::spawn(async move { client.get(&path).await });
    // In progress: inside the analyser (past the job's first checkpoint, which a shutdown
    // before it would answer with engine-stopped), not only running in the pool.
    while gate.calls() == 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    stop.send(()).unwrap();
    // The watcher is told why the socket closes (after any state pushed before, such as the
    // computer's opening move).
    let closing = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(_))) => continue,
                other => break other,
            }
        }
    })
    .await
    .expect("a close frame in time");
    match closing {
        Some(Ok(Message::Close(Some(frame)))) => {
            assert_eq!(frame.code, CloseCode::Away);
            assert_eq!(frame.reason.as_str(), "the server is shutting down");
        }
        other => panic!("expected a close frame, got {other:?}"),
    }
    assert!(hub.lifecycle().is_stopping());
    // The request in progress still gets its answer, then the server ends.
    gate.open();
    let answer = in_progress.await.unwrap();
    assert_eq!(answer.status, 200, "{}", answer.body);
    tokio::time::timeout(Duration::from_secs(20), server)
        .await
        .expect("the server ends")
        .unwrap()
        .unwrap();
    assert!(
        tokio::net::TcpStream::connect(addr).await.is_err(),
        "no longer accepting"
    );
}

#[tokio::test]
async fn only_a_bounded_number_of_games_stays_in_memory() {
    for db in backends("cache").await {
        let hub = db
            .hub_with(Settings {
                max_cached_games: 3,
                ..Settings::unlimited()
            })
            .await;
        let mut games = Vec::new();
        for seed in 0..10 {
            let game = human_game(&hub, GameKind::Morris, json!({}), seed).await;
            advance(&hub, &game.0, &game.1, 2).await;
            games.push(game);
        }
        assert_eq!(hub.cached_games(), 3, "{}", db.backend());
        // Every game is still there, loaded on demand, and play goes on.
        for (id, tokens) in &games {
            assert_eq!(hub_state(&hub, id).await["version"], 2);
            advance(&hub, id, tokens, 1).await;
            assert!(hub.cached_games() <= 3);
        }
        assert_eq!(hub.sessions().list(20).await.unwrap().len(), 10);
        for (id, _) in &games {
            assert_eq!(hub_state(&hub, id).await["version"], 3);
        }
    }
}
