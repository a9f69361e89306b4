//! Limits under abuse, against a real listener on 127.0.0.1: per-client rate limits (429 with
//! `Retry-After`), the bound on live games per client (429), the bounded analysis pool (503 with
//! `Retry-After`), and a player's moves staying fast while 50 clients hammer the analysis.

use crate::client::{HttpAnswer, HttpClient, percentile};
use crate::common::{Gate, hub_with, serve};
use ludus_server::Settings;
use ludus_server::games::{AnalysisFailure, MatchAnalyser};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Asks `client` to create a game of two humans for the client at `address` (as a trusted proxy
/// would name it).
async fn create_as(client: &mut HttpClient, address: &str) -> HttpAnswer {
    let forwarded = [("X-Forwarded-For", address)];
    client
        .request_with("POST", "/api/games", Some(&human_morris()), &forwarded)
        .await
}

fn retry_after(answer: &HttpAnswer) -> u64 {
    answer
        .header("retry-after")
        .unwrap_or_else(|| panic!("a Retry-After header on {}: {}", answer.status, answer.body))
        .parse()
        .expect("whole seconds")
}

/// Both seats' tokens of a game between people created through `client`: the creator's, and the
/// friend's claimed with the invitation.
async fn friend_tokens(client: &mut HttpClient, created: &HttpAnswer) -> Value {
    let id = created.body["id"].as_str().unwrap();
    let code = crate::common::invite_code(&created.body);
    let joined = client
        .post(&format!("/api/games/{id}/join"), json!({ "invite": code }))
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let mut tokens = created.body["tokens"].clone();
    tokens[joined.body["seat"].as_str().unwrap()] = joined.body["token"].clone();
    tokens
}

fn human_morris() -> Value {
    json!({"game": "morris", "opponent": "human", "side": "white"})
}

#[tokio::test]
async fn creating_games_beyond_the_rate_is_429_with_retry_after_per_client() {
    let settings = Settings {
        rate_per_minute: 8, // one every 7.5 s, two at once
        trust_proxy: true,
        ..Settings::unlimited()
    };
    let (addr, _stop, _) = serve(hub_with(settings, None)).await;
    let mut client = HttpClient::connect(addr).await;
    let from = |address: &'static str| [("X-Forwarded-For", address)];
    for _ in 0..2 {
        let answer = create_as(&mut client, "198.51.100.1").await;
        assert_eq!(answer.status, 201, "{}", answer.body);
    }
    let refused = create_as(&mut client, "198.51.100.1").await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert_eq!(refused.body["code"], "rate-limited");
    assert!((1..=8).contains(&retry_after(&refused)));
    // Another client has its own budget; so has the engine.
    let other = create_as(&mut client, "198.51.100.2").await;
    assert_eq!(other.status, 201, "{}", other.body);
    for expected in [200, 200, 429] {
        let answer = client
            .request_with("GET", "/api/morris/analysis", None, &from("198.51.100.1"))
            .await;
        assert_eq!(answer.status, expected, "{}", answer.body);
    }
    let metrics = client.get("/metrics").await.body;
    let metrics = metrics.as_str().unwrap();
    assert!(
        metrics.contains("ludus_rate_limited_total{limit=\"create\"} 1"),
        "{metrics}"
    );
    assert!(
        metrics.contains("ludus_rate_limited_total{limit=\"engine\"} 1"),
        "{metrics}"
    );
}

#[tokio::test]
async fn without_trust_proxy_x_forwarded_for_is_ignored() {
    let settings = Settings {
        rate_per_minute: 4, // one at once
        ..Settings::unlimited()
    };
    let (addr, _stop, _) = serve(hub_with(settings, None)).await;
    let mut client = HttpClient::connect(addr).await;
    for (address, expected) in [("198.51.100.1", 201), ("198.51.100.2", 429)] {
        let answer = create_as(&mut client, address).await;
        assert_eq!(answer.status, expected, "{}", answer.body);
    }
}

#[tokio::test]
async fn a_client_has_a_bounded_number_of_live_games() {
    let settings = Settings {
        max_live_games_per_client: 2,
        ..Settings::unlimited()
    };
    let (addr, _stop, _) = serve(hub_with(settings, None)).await;
    let mut client = HttpClient::connect(addr).await;
    let mut games = Vec::new();
    for _ in 0..2 {
        let answer = client.post("/api/games", human_morris()).await;
        assert_eq!(answer.status, 201, "{}", answer.body);
        games.push(answer.body);
    }
    let refused = client.post("/api/games", human_morris()).await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert_eq!(refused.body["code"], "too-many-live-games");
    assert_eq!(retry_after(&refused), 60);
    // A finished game no longer counts.
    let id = games[0]["id"].as_str().unwrap();
    let resigned = client
        .post(
            &format!("/api/games/{id}/actions"),
            json!({"token": games[0]["token"], "action": "resign"}),
        )
        .await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    assert_eq!(client.post("/api/games", human_morris()).await.status, 201);
}

/// A backgammon game against the computer through `client` (its analysis is open at once);
/// returns its id.
async fn backgammon_game(client: &mut HttpClient) -> String {
    let created = client
        .post("/api/games", json!({"game": "backgammon", "side": "white"}))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    created.body["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_analysis_pool_answers_503_with_retry_after_and_never_queues_more() {
    let settings = Settings {
        analysis_workers: 1,
        analysis_queue: 1,
        ..Settings::unlimited()
    };
    let gate = Arc::new(Gate::default());
    let hub = hub_with(settings, Some(gate.clone()));
    let (addr, _stop, _) = serve(hub.clone()).await;
    let id = backgammon_game(&mut HttpClient::connect(addr).await).await;
    let requests: Vec<_> = (0..6)
        .map(|_| {
            let path = format!("/api/games/{id}/analysis");
            tokio::spawn(async move { HttpClient::connect(addr).await.get(&path).await })
        })
        .collect();
    // One runs, one waits, four are refused while the gate is shut.
    let deadline = Instant::now() + Duration::from_secs(20);
    while hub.analysis_pool().gauges().3 < 4 {
        assert!(
            Instant::now() < deadline,
            "{:?}",
            hub.analysis_pool().gauges()
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    gate.open();
    let mut statuses = Vec::new();
    for request in requests {
        let answer = request.await.unwrap();
        if answer.status == 503 {
            assert_eq!(answer.body["code"], "engine-busy");
            assert_eq!(retry_after(&answer), 1);
        } else {
            assert_eq!(answer.body["analysed"], true);
        }
        statuses.push(answer.status);
    }
    statuses.sort();
    assert_eq!(statuses, [200, 200, 503, 503, 503, 503]);
}

/// An analyser that keeps a core busy for a tenth of a second per call, as an engine does.
struct Burner;

impl MatchAnalyser for Burner {
    fn analyse(&self, mat: &str) -> Result<Value, AnalysisFailure> {
        let started = Instant::now();
        let mut sum = 0u64;
        while started.elapsed() < Duration::from_millis(100) {
            for byte in mat.bytes() {
                sum = std::hint::black_box(sum.wrapping_mul(31).wrapping_add(u64::from(byte)));
            }
        }
        Ok(json!({"sum": sum}))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_stay_fast_while_50_clients_hammer_the_analysis() {
    let (addr, _stop, _) = serve(hub_with(Settings::unlimited(), Some(Arc::new(Burner)))).await;
    let mut player = HttpClient::connect(addr).await;
    let bg = backgammon_game(&mut player).await;
    let stop = Arc::new(AtomicBool::new(false));
    let hammers: Vec<_> = (0..50)
        .map(|_| {
            let (stop, path) = (stop.clone(), format!("/api/games/{bg}/analysis"));
            tokio::spawn(async move {
                let mut client = HttpClient::connect(addr).await;
                let mut statuses = Vec::new();
                while !stop.load(Ordering::Relaxed) {
                    statuses.push(client.get(&path).await.status);
                }
                statuses
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Meanwhile two players play Morris through one connection.
    let created = player.post("/api/games", human_morris()).await;
    let id = created.body["id"].as_str().unwrap().to_string();
    let tokens = friend_tokens(&mut player, &created).await;
    let mut state = created.body["state"].clone();
    let mut latencies = Vec::new();
    for _ in 0..60 {
        let Some(side) = state["to_act"].as_str() else {
            break;
        };
        let body = json!({"token": tokens[side], "move": state["legal_moves"][0]});
        let started = Instant::now();
        let answer = player.post(&format!("/api/games/{id}/moves"), body).await;
        latencies.push(started.elapsed());
        assert_eq!(answer.status, 200, "{}", answer.body);
        state = answer.body;
    }
    stop.store(true, Ordering::Relaxed);
    let mut statuses = Vec::new();
    for hammer in hammers {
        statuses.extend(hammer.await.unwrap());
    }
    let (p50, p99) = (percentile(&latencies, 0.5), percentile(&latencies, 0.99));
    let busy = statuses.iter().filter(|&&status| status == 503).count();
    println!(
        "{} moves while 50 clients hammered the analysis ({} answered, {busy} refused 503): p50 {p50:?}, p99 {p99:?}",
        latencies.len(),
        statuses.len() - busy
    );
    assert!(busy > 0, "the pool was full at times");
    assert!(
        statuses
            .iter()
            .all(|&status| status == 200 || status == 503)
    );
    // The bench measures this precisely (`docs/benchmarks.md`); a loaded test machine gets a
    // generous bound.
    assert!(
        p99 < Duration::from_millis(500),
        "p99 {p99:?}: {latencies:?}"
    );
}
