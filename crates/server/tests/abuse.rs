//! Limits under abuse, against a real listener on 127.0.0.1: per-client rate limits (429 with
//! `Retry-After`), the bound on live games per client (429), the bounded analysis pool (503 with
//! `Retry-After`), and a player's moves staying fast while 50 clients hammer the analysis.

use crate::client::{HttpAnswer, HttpClient, percentile};
use crate::common::{Gate, hub_with, serve};
use crate::setup::encoded;
use ludus_server::Settings;
use ludus_server::games::report::BackgammonReport;
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
    let id = created.body["id"].as_str().unwrap().to_string();
    // When the computer won the opening roll it is still moving: wait until the game waits for
    // White, so that the game (and a review's key, its id and version) stands still.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let state = client.get(&format!("/api/games/{id}")).await.body;
        if state["to_act"] == "white" {
            return id;
        }
        assert!(
            Instant::now() < deadline,
            "the computer never gave White the turn: {state}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_gets_its_share_of_the_analysis_pool_and_a_full_pool_answers_503() {
    let settings = Settings {
        analysis_workers: 1,
        analysis_queue: 2,
        trust_proxy: true,
        ..Settings::unlimited()
    };
    let gate = Arc::new(Gate::default());
    let hub = hub_with(settings, Some(gate.clone()));
    let (addr, _stop, _) = serve(hub.clone()).await;
    let id = backgammon_game(&mut HttpClient::connect(addr).await).await;
    let path = format!("/api/games/{id}/analysis");
    let ask = |from: &'static str| {
        let path = path.clone();
        tokio::spawn(async move {
            let forwarded = [("X-Forwarded-For", from)];
            let mut client = HttpClient::connect(addr).await;
            client.request_with("GET", &path, None, &forwarded).await
        })
    };
    // Client a asks four times: two places (one running, one waiting), two refusals of its
    // share; b still finds a place; then the pool is full for c.
    let mut requests: Vec<_> = (0..4).map(|_| ask("10.0.0.1")).collect();
    let deadline = Instant::now() + Duration::from_secs(20);
    while hub.analysis_pool().gauges().3 < 2 {
        assert!(
            Instant::now() < deadline,
            "{:?}",
            hub.analysis_pool().gauges()
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    requests.push(ask("10.0.0.2"));
    while hub.analysis_pool().gauges().1 < 2 {
        assert!(
            Instant::now() < deadline,
            "{:?}",
            hub.analysis_pool().gauges()
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let full = ask("10.0.0.3").await.unwrap();
    assert_eq!(full.status, 503, "{}", full.body);
    assert_eq!(full.body["code"], "engine-busy");
    assert_eq!(retry_after(&full), 1);
    gate.open();
    let mut statuses = Vec::new();
    for request in requests {
        let answer = request.await.unwrap();
        match answer.status {
            429 => {
                assert_eq!(answer.body["code"], "engine-share");
                assert_eq!(retry_after(&answer), 1);
            }
            _ => assert_eq!(answer.body["players"][0]["name"], "analysed"),
        }
        statuses.push(answer.status);
    }
    statuses.sort();
    assert_eq!(statuses, [200, 200, 200, 429, 429]);
}

/// A server whose analyser waits on a gate, under a one-second request limit, with a client.
struct HeldReviews {
    hub: ludus_server::Hub,
    gate: Arc<Gate>,
    client: HttpClient,
    _stop: tokio::sync::oneshot::Sender<()>,
}

impl HeldReviews {
    async fn start() -> Self {
        let settings = Settings {
            request_timeout: Duration::from_secs(1),
            ..Settings::unlimited()
        };
        let gate = Arc::new(Gate::default());
        let hub = hub_with(settings, Some(gate.clone()));
        let (addr, stop, _) = serve(hub.clone()).await;
        let client = HttpClient::connect(addr).await;
        Self {
            hub,
            gate,
            client,
            _stop: stop,
        }
    }

    /// Waits (at most 20 s) until no review is being made any more.
    async fn until_no_job(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.hub.reviews().making_count() > 0 {
            assert!(Instant::now() < deadline, "a review job never ended");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Asks `method path` again until the review is made; every answer before it must say
    /// `review-in-progress`. The made review's body.
    async fn until_made(&mut self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let answer = self.client.request(method, path, body).await;
            if answer.status == 200 {
                return answer.body;
            }
            assert_eq!(answer.body["code"], "review-in-progress", "{}", answer.body);
            assert!(Instant::now() < deadline, "the review never came");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Opens the gate when a test ends, also by a failed assertion: the runtime's shutdown waits for
/// its blocking threads, so a test that failed with the analyser held would otherwise hang.
impl Drop for HeldReviews {
    fn drop(&mut self) {
        self.gate.open();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_slower_than_the_request_limit_is_made_once_and_arrives_on_a_retry() {
    let mut server = HeldReviews::start().await;
    let id = backgammon_game(&mut server.client).await;
    let path = format!("/api/games/{id}/review");
    // While the analyser is held, each request answers 503 `review-in-progress` (not the
    // request limit's own `timeout`)…
    for _ in 0..3 {
        let waiting = server.client.get(&path).await;
        assert_eq!(waiting.status, 503, "{}", waiting.body);
        assert_eq!(waiting.body["code"], "review-in-progress");
        assert_eq!(retry_after(&waiting), 2);
    }
    // …and every one of them waits for the same job.
    assert_eq!(server.hub.reviews().making_count(), 1);
    assert!(server.gate.calls() <= 1);
    server.gate.open();
    let review = server.until_made("GET", &path, None).await;
    assert_eq!(review["game"], "backgammon");
    assert_eq!(review["report"]["players"][0]["name"], "analysed");
    assert_eq!(server.gate.calls(), 1, "the review was made once");
    server.until_no_job().await;
    // Made, it is answered from the cache.
    assert_eq!(server.client.get(&path).await.status, 200);
    assert_eq!(server.gate.calls(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pasted_record_slower_than_the_request_limit_arrives_on_a_retry() {
    let mut server = HeldReviews::start().await;
    let mat = include_str!("../../backgammon/tests/data/gnubg_3_point_match.mat");
    let body = json!({ "text": mat });
    let waiting = server.client.post("/api/review", body.clone()).await;
    assert_eq!(waiting.status, 503, "{}", waiting.body);
    assert_eq!(waiting.body["code"], "review-in-progress");
    // Another text is another job; the same text joins the first.
    let other = json!({ "text": format!("{mat}\n") });
    assert_eq!(server.client.post("/api/review", other).await.status, 503);
    assert_eq!(
        server.client.post("/api/review", body.clone()).await.status,
        503
    );
    assert_eq!(server.hub.reviews().making_count(), 2);
    // A third text of the same client waits for one of its reviews to end.
    let third = json!({ "text": format!("{mat}\n\n") });
    let refused = server.client.post("/api/review", third).await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert_eq!(refused.body["code"], "review-running");
    server.gate.open();
    let review = server.until_made("POST", "/api/review", Some(&body)).await;
    assert_eq!(review["imported"], true);
    // The other text's job may still wait for a worker: let it end before counting.
    server.until_no_job().await;
    assert_eq!(server.gate.calls(), 2, "one job per text");
}

/// An analyser that keeps a core busy for a tenth of a second per call, as an engine does.
struct Burner;

impl MatchAnalyser for Burner {
    fn analyse(&self, mat: &str) -> Result<BackgammonReport, AnalysisFailure> {
        let started = Instant::now();
        let mut sum = 0u64;
        while started.elapsed() < Duration::from_millis(100) {
            for byte in mat.bytes() {
                sum = std::hint::black_box(sum.wrapping_mul(31).wrapping_add(u64::from(byte)));
            }
        }
        Ok(crate::common::named_report(&sum.to_string()))
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
    // One address: beyond its share the analysis is refused with 429, beyond the pool with 503.
    let busy = statuses
        .iter()
        .filter(|&&status| status == 503 || status == 429)
        .count();
    println!(
        "{} moves while 50 clients hammered the analysis ({} answered, {busy} refused): p50 {p50:?}, p99 {p99:?}",
        latencies.len(),
        statuses.len() - busy
    );
    assert!(busy > 0, "the pool was full at times");
    assert!(
        statuses
            .iter()
            .all(|&status| [200, 429, 503].contains(&status))
    );
    // Every move was answered 200 while the pool refused analyses (asserted above); the latency
    // is the load bench's figure (`cargo bench -p ludus-server --bench load`), not a test's.
}

// ---- Fair engine use: reviews that yield, stop and are bounded per client ----

/// An analyser whose review of a match is `steps` steps of `step` each, burning a core and
/// asking the checkpoint between steps, as the engine does between decisions; it counts the
/// steps made and names the report by the match's first player.
struct Stepper {
    steps: usize,
    step: Duration,
    made: std::sync::atomic::AtomicUsize,
}

impl Stepper {
    fn new(steps: usize, step: Duration) -> Arc<Stepper> {
        Arc::new(Stepper {
            steps,
            step,
            made: std::sync::atomic::AtomicUsize::new(0),
        })
    }

    fn made(&self) -> usize {
        self.made.load(Ordering::SeqCst)
    }
}

impl MatchAnalyser for Stepper {
    fn analyse(&self, mat: &str) -> Result<BackgammonReport, AnalysisFailure> {
        let record = ludus_backgammon::read_mat(mat)?;
        self.analyse_match(&record, &|| std::ops::ControlFlow::Continue(()))
    }

    fn analyse_match(
        &self,
        record: &ludus_backgammon::Match,
        checkpoint: ludus_server::games::Checkpoint,
    ) -> Result<BackgammonReport, AnalysisFailure> {
        for _ in 0..self.steps {
            if checkpoint().is_break() {
                return Err("stopped".into());
            }
            let started = Instant::now();
            while started.elapsed() < self.step {
                std::hint::black_box(started.elapsed());
            }
            self.made.fetch_add(1, Ordering::SeqCst);
        }
        Ok(crate::common::named_report(&record.names()[0]))
    }
}

/// A `.mat` money session of one unfinished game between `white` and `black`.
fn session_of(white: &str, black: &str) -> String {
    format!(
        " 0 point match\n\n Game 1\n {white} : 0                      {black} : 0\n  1) 31: 8/5 6/5\n"
    )
}

/// One request of the client at `from` on a fresh connection, and how long it took.
async fn ask_as(
    addr: std::net::SocketAddr,
    from: &str,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (HttpAnswer, Duration) {
    let forwarded = [("X-Forwarded-For", from)];
    let mut client = HttpClient::connect(addr).await;
    let started = Instant::now();
    let answer = client
        .request_with(method, path, body.as_ref(), &forwarded)
        .await;
    (answer, started.elapsed())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_reviews_from_one_address_leaves_another_its_review_and_analyses() {
    let settings = Settings {
        analysis_workers: 1,
        analysis_queue: 4,
        trust_proxy: true,
        ..Settings::unlimited()
    };
    // Each review: 3 s of one core in 60 steps.
    let stepper = Stepper::new(60, Duration::from_millis(50));
    let hub = hub_with(settings, Some(stepper.clone()));
    let (addr, _stop, _) = serve(hub.clone()).await;
    // Twelve different records pasted at once from one address.
    let flood: Vec<_> = (0..12)
        .map(|i| {
            let body = json!({ "text": session_of(&format!("flood{i}"), "b") });
            tokio::spawn(async move {
                ask_as(addr, "10.0.0.1", "POST", "/api/review", Some(body)).await
            })
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(10);
    while stepper.made() == 0 {
        assert!(
            Instant::now() < deadline,
            "the flood's reviews never started"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Another address: three analyses, then a review of its own, each within its limit.
    let path = "/api/backgammon/analysis?position_id=4HPwATDgc/ABMA&dice=31";
    // Each is answered (not refused, not timed out): its wait is one step of the flood's jobs.
    for _ in 0..3 {
        let (answer, took) = ask_as(addr, "10.0.0.2", "GET", path, None).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        println!("an analysis beside the flood took {took:?}");
    }
    let own = json!({ "text": session_of("victim", "b") });
    let (answer, took) = ask_as(addr, "10.0.0.2", "POST", "/api/review", Some(own)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["report"]["players"][0]["name"], "victim");
    println!("the victim's review took {took:?} beside the flood");
    let mut statuses = Vec::new();
    for request in flood {
        let (answer, _) = request.await.unwrap();
        if answer.status == 429 {
            let code = answer.body["code"].as_str().unwrap().to_string();
            assert!(
                ["engine-share", "review-running"].contains(&code.as_str()),
                "{code}"
            );
        }
        statuses.push(answer.status);
    }
    let admitted = statuses.iter().filter(|&&status| status != 429).count();
    assert!(
        admitted <= ludus_server::review::MAX_REVIEWS_PER_CLIENT,
        "{statuses:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pasted_review_nobody_waits_for_stops_and_a_games_review_goes_on() {
    let settings = Settings {
        request_timeout: Duration::from_secs(1),
        review_abandoned_after: Duration::from_millis(300),
        ..Settings::unlimited()
    };
    // Each review: 4 s of one core in 80 steps; a request waits half a second for it.
    let stepper = Stepper::new(80, Duration::from_millis(50));
    let hub = hub_with(settings, Some(stepper.clone()));
    let (addr, _stop, _) = serve(hub.clone()).await;
    let body = json!({ "text": session_of("left", "b") });
    let (answer, _) = ask_as(addr, "10.0.0.1", "POST", "/api/review", Some(body)).await;
    assert_eq!(answer.body["code"], "review-in-progress", "{}", answer.body);
    // Nobody asks again: the job stops at a step soon after, long before its 80 steps.
    let deadline = Instant::now() + Duration::from_secs(3);
    while hub.reviews().making_count() > 0 {
        assert!(Instant::now() < deadline, "the abandoned review went on");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let stopped_at = stepper.made();
    assert!(stopped_at < 40, "{stopped_at} steps made");
    // A game's review is kept for its page: it goes on to its end without anyone asking.
    let mut client = HttpClient::connect(addr).await;
    let id = backgammon_game(&mut client).await;
    let answer = client.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(answer.body["code"], "review-in-progress", "{}", answer.body);
    let deadline = Instant::now() + Duration::from_secs(20);
    while hub.reviews().making_count() > 0 {
        assert!(Instant::now() < deadline, "the game's review never ended");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        stepper.made(),
        stopped_at + 80,
        "the game's review went to its end"
    );
    assert_eq!(
        client.get(&format!("/api/games/{id}/review")).await.status,
        200
    );
}

// ---- Connections, messages and bodies a client controls ----

/// Settings for the attacks below: no rate limits, the connection limits at their defaults.
fn guarded() -> Settings {
    Settings {
        max_connections_per_client: ludus_server::settings::DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
        max_sockets_per_client: ludus_server::settings::DEFAULT_MAX_SOCKETS_PER_CLIENT,
        ..Settings::unlimited()
    }
}

/// A Morris game between people through `client`: its id.
async fn human_game_id(client: &mut HttpClient) -> String {
    let created = client.post("/api/games", human_morris()).await;
    assert_eq!(created.status, 201, "{}", created.body);
    created.body["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_websocket_message_closes_the_socket_and_is_never_buffered() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let (addr, _stop, _) = serve(hub_with(guarded(), None)).await;
    let mut client = HttpClient::connect(addr).await;
    let id = human_game_id(&mut client).await;
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
            .await
            .unwrap();
    assert!(matches!(socket.next().await, Some(Ok(Message::Text(_)))));
    // 8 MiB, far over the 4 KiB a client may send: the server refuses it and closes the socket.
    let huge = "x".repeat(8 << 20);
    let _ = socket.send(Message::Text(huge.into())).await;
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Close(frame))) => return format!("closed {frame:?}"),
                None | Some(Err(_)) => return "dropped".to_string(),
                Some(Ok(_)) => {}
            }
        }
    })
    .await
    .expect("the socket ends");
    println!("an 8 MiB WebSocket message: the socket {ended}");
    assert_eq!(client.get("/healthz").await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_per_client_are_bounded() {
    let settings = Settings {
        max_sockets_per_client: 2,
        ..guarded()
    };
    let (addr, _stop, _) = serve(hub_with(settings, None)).await;
    let id = human_game_id(&mut HttpClient::connect(addr).await).await;
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let mut open = Vec::new();
    for _ in 0..2 {
        open.push(tokio_tungstenite::connect_async(&url).await.unwrap());
    }
    match tokio_tungstenite::connect_async(&url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 429);
        }
        other => panic!("a third socket: {:?}", other.map(|(_, response)| response)),
    }
    drop(open);
    // Places free again once the sockets close.
    let deadline = Instant::now() + Duration::from_secs(5);
    while tokio_tungstenite::connect_async(&url).await.is_err() {
        assert!(Instant::now() < deadline, "a socket place freed");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Opens a connection to `addr` from the loopback address `from` (any 127.0.0.0/8 address
/// reaches the loopback), so one test can act as several clients.
async fn connect_from(from: &str, addr: std::net::SocketAddr) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(addr).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_half_open_connections_leave_healthz_answering() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let settings = Settings {
        header_timeout: Duration::from_secs(1),
        ..guarded()
    };
    let (addr, _stop, _) = serve(hub_with(settings, None)).await;
    // An attacker at 127.0.0.2 opens 300 connections that never finish their headers.
    let mut half_open = Vec::new();
    for _ in 0..300 {
        let mut stream = connect_from("127.0.0.2", addr).await;
        let _ = stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            .await;
        half_open.push(stream);
    }
    let mut latencies = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        let answer = HttpClient::connect(addr).await.get("/healthz").await;
        latencies.push(started.elapsed());
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    // Served, not refused: the five answers above came while 300 half-open connections stood.
    let worst = latencies.iter().max().copied().unwrap();
    println!("/healthz under 300 half-open connections: worst of 5 {worst:?}");
    // Past the header timeout every one of them has been closed by the server.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for stream in &mut half_open {
        let mut byte = [0u8; 1];
        let read = tokio::time::timeout(Duration::from_secs(2), stream.read(&mut byte)).await;
        assert!(
            matches!(read, Ok(Ok(0)) | Ok(Err(_))),
            "a half-open connection still open: {read:?}"
        );
    }
    let metrics = HttpClient::connect(addr).await.get("/metrics").await.body;
    let metrics = metrics.as_str().unwrap();
    let refused = format!(
        "ludus_connections_refused_total {}",
        300 - ludus_server::settings::DEFAULT_MAX_CONNECTIONS_PER_CLIENT
    );
    assert!(metrics.contains(&refused), "{metrics}");
}

/// `GET /healthz` on a new connection from `from`: whether it was answered 200.
async fn healthz_from(from: &str, addr: std::net::SocketAddr) -> bool {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = connect_from(from, addr).await;
    let _ = stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await;
    let mut answer = vec![0u8; 256];
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut answer)).await;
    matches!(read, Ok(Ok(n)) if answer[..n].starts_with(b"HTTP/1.1 200"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_that_never_read_their_answers_are_closed_and_free_their_places() {
    // A write timeout of 3 s: long enough that the held connections are still open when the
    // next one is tried on a loaded machine, short enough for the wait below.
    let settings = Settings {
        write_timeout: Duration::from_secs(3),
        ..guarded()
    };
    let most = settings.max_connections_per_client;
    let (addr, _stop, _) = serve(hub_with(settings, None)).await;
    // A client at 127.0.0.3 fills its connections with pipelined requests for a 28 KB file and
    // never reads an answer: tens of megabytes wait in the socket buffers.
    let request = "GET /assets/app.js HTTP/1.1\r\nHost: x\r\n\r\n".repeat(2000);
    let mut held = Vec::new();
    for _ in 0..most {
        let (reader, mut writer) = connect_from("127.0.0.3", addr).await.into_split();
        let request = request.clone();
        tokio::spawn(async move {
            use tokio::io::AsyncWriteExt;
            let _ = writer.write_all(request.as_bytes()).await;
            writer
        });
        held.push(reader);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !healthz_from("127.0.0.3", addr).await,
        "while its {most} connections are held, the client gets no more"
    );
    // Another client is served meanwhile.
    assert!(healthz_from("127.0.0.4", addr).await);
    // Past the write timeout the server has closed them: the client is served again.
    let mut served = false;
    for _ in 0..20 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        if healthz_from("127.0.0.3", addr).await {
            served = true;
            break;
        }
    }
    assert!(
        served,
        "the never-reading connections still hold their places"
    );
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declared_body_over_the_limit_is_413_at_once() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (addr, _stop, _) = serve(hub_with(guarded(), None)).await;
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 99999999999\r\n\r\n",
        )
        .await
        .unwrap();
    let started = Instant::now();
    let mut answer = vec![0u8; 4096];
    let read = tokio::time::timeout(Duration::from_secs(2), stream.read(&mut answer))
        .await
        .expect("an answer without waiting for the body")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..read]);
    println!(
        "a declared 99999999999-byte body: answered in {:?}",
        started.elapsed()
    );
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("\"code\":\"body-too-large\""), "{answer}");
}

/// Sends `POST /api/review` with the JSON body `{"text": "x…x"}` of `bytes` bytes, with a
/// `Content-Length` or chunked, and returns the answer's status line and body.
async fn review_body_of(addr: std::net::SocketAddr, bytes: usize, chunked: bool) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let text = "x".repeat(bytes - r#"{"text":""}"#.len());
    let body = format!(r#"{{"text":"{text}"}}"#);
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = "POST /api/review HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
                Connection: close\r\n";
    let request = if chunked {
        let mut chunks = String::new();
        for piece in body.as_bytes().chunks(64 * 1024) {
            chunks.push_str(&format!(
                "{:x}\r\n{}\r\n",
                piece.len(),
                std::str::from_utf8(piece).unwrap()
            ));
        }
        format!("{head}Transfer-Encoding: chunked\r\n\r\n{chunks}0\r\n\r\n")
    } else {
        format!("{head}Content-Length: {}\r\n\r\n{body}", body.len())
    };
    // A refused body may be cut off before it is all sent: the answer is what counts.
    let _ = stream.write_all(request.as_bytes()).await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_record_review_has_one_body_limit_with_content_length_and_chunked() {
    let (addr, _stop, _) = serve(hub_with(guarded(), None)).await;
    let limit = ludus_server::body_limits::MAX_RECORD_BYTES;
    for chunked in [false, true] {
        // 300 KB (gnubg's SGF of a match with its analysis is about 257 KB): read, then judged
        // as a record (this text is none), never refused for its size.
        let read = review_body_of(addr, 300_000, chunked).await;
        assert!(
            !read.starts_with("HTTP/1.1 413"),
            "chunked {chunked}: {read}"
        );
        assert!(read.contains("\"code\":\""), "chunked {chunked}: {read}");
        assert!(
            !read.contains("body-too-large"),
            "chunked {chunked}: {read}"
        );
        // Over the limit: 413 either way.
        let refused = review_body_of(addr, limit + 100_000, chunked).await;
        assert!(
            refused.starts_with("HTTP/1.1 413"),
            "chunked {chunked}: {refused}"
        );
        assert!(
            refused.contains("body-too-large"),
            "chunked {chunked}: {refused}"
        );
    }
    // Every other route keeps the small limit, also declared.
    let small = ludus_server::MAX_BODY_BYTES;
    assert!(small < 300_000);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_is_json_and_every_answer_has_the_security_headers() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (addr, _stop, _) = serve(hub_with(guarded(), None)).await;
    let mut client = HttpClient::connect(addr).await;
    let not_allowed = client.request("DELETE", "/api/games", None).await;
    assert_eq!(not_allowed.status, 405);
    assert_eq!(not_allowed.body["code"], "method-not-allowed");
    // An unknown address: the page's translated 404 view for browsers, JSON under /api/.
    let page = client.get("/no/such/page").await;
    assert_eq!(page.status, 404);
    assert!(
        page.header("content-type")
            .is_some_and(|t| t.starts_with("text/html"))
    );
    let api = client.get("/api/no/such").await;
    assert_eq!(api.status, 404);
    assert_eq!(api.body["code"], "no-such-endpoint");
    let home = client.get("/").await;
    assert_eq!(home.header("x-frame-options"), Some("DENY"));
    assert_eq!(home.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(
        home.header("content-security-policy"),
        Some(ludus_server::guard::CONTENT_SECURITY_POLICY)
    );
    // A path that is not UTF-8 (%FF): JSON too.
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET /api/games/%FF HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("application/json"), "{answer}");
    assert!(answer.contains("\"code\":\"bad-request\""), "{answer}");
}

// ---- Fair queues ----

/// A Morris player of level `.0` that thinks 40 ms per level above the first (level 10: 360 ms),
/// then plays the first legal move.
struct SlowPlayer(u8);

impl ludus_morris::player::Player for SlowPlayer {
    fn name(&self) -> String {
        "slow".into()
    }

    fn choose(
        &mut self,
        game: &ludus_morris::Game,
        _: &ludus_morris::player::Limits,
    ) -> Result<ludus_morris::player::Choice, ludus_morris::player::PlayerError> {
        std::thread::sleep(Duration::from_millis(40 * u64::from(self.0 - 1)));
        Ok(ludus_morris::player::Choice::new(
            game.legal_moves().first().copied(),
        ))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_level_1_reply_waits_at_most_one_job_behind_another_clients_30_deep_games() {
    let settings = Settings {
        trust_proxy: true,
        computer_workers: 2,
        computer_workers_per_client: 0, // round robin alone
        ..Settings::unlimited()
    };
    let standard = crate::players::first_legal();
    let players = ludus_server::games::Players {
        morris: ludus_server::games::MorrisComputer::new(
            |level, _| Box::new(SlowPlayer(level)),
            standard.morris.analyst.clone(),
        ),
        ..standard
    };
    let hub = ludus_server::Hub::with_settings(
        ludus_server::store::Store::in_memory().unwrap(),
        players,
        ludus_server::Config {
            think_time: Duration::from_secs(1),
        },
        settings,
    );
    let (addr, _stop, _) = serve(hub.clone()).await;
    let mut client = HttpClient::connect(addr).await;
    let deep = json!({"game": "morris", "side": "black", "level": 10});
    let forwarded = [("X-Forwarded-For", "198.51.100.1")];
    for _ in 0..30 {
        let answer = client
            .request_with("POST", "/api/games", Some(&deep), &forwarded)
            .await;
        assert_eq!(answer.status, 201, "{}", answer.body);
    }
    // 30 computer moves of 360 ms on 2 workers: 5.4 s of work queued for client 1.
    let started = Instant::now();
    let quick = json!({"game": "morris", "side": "black", "level": 1});
    let other = [("X-Forwarded-For", "198.51.100.2")];
    let created = client
        .request_with("POST", "/api/games", Some(&quick), &other)
        .await;
    let id = created.body["id"].as_str().unwrap().to_string();
    loop {
        let state = client.get(&format!("/api/games/{id}")).await.body;
        if state["version"].as_u64() >= Some(1) {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "no reply");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let waited = started.elapsed();
    let (_, waiting, running, _) = hub.gauges().engine[1];
    println!(
        "a level-1 reply behind 30 level-10 games of another client: {waited:?} ({waiting} waiting, {running} running)"
    );
    // The reply came while most of the other client's deep games still waited: it did not
    // queue behind them (first come, first served would have run all 30 first).
    assert!(waiting > 10, "the deep games were still queued");
}

#[tokio::test]
async fn moves_beyond_the_rate_are_429() {
    let settings = Settings {
        moves_per_minute: 12, // three at once: the seat claimed, then two moves
        ..Settings::unlimited()
    };
    let (addr, _stop, _) = serve(hub_with(settings, None)).await;
    let mut client = HttpClient::connect(addr).await;
    let created = client.post("/api/games", human_morris()).await;
    let id = created.body["id"].as_str().unwrap().to_string();
    let tokens = friend_tokens(&mut client, &created).await;
    let moves = [
        ("white", "d6", 200),
        ("black", "d2", 200),
        ("white", "b6", 429),
    ];
    for (side, mv, expected) in moves {
        let body = json!({"token": tokens[side], "move": mv});
        let answer = client.post(&format!("/api/games/{id}/moves"), body).await;
        assert_eq!(answer.status, expected, "{}", answer.body);
        if expected == 429 {
            assert_eq!(answer.body["params"]["limit"], "move");
        }
    }
}

// ---- Unbounded games ----

#[tokio::test]
async fn an_endless_game_ends_drawn_at_the_ply_limit() {
    let settings = Settings {
        max_plies: 40,
        ..Settings::unlimited()
    };
    let (addr, _stop, _) = serve(hub_with(settings, None)).await;
    let mut client = HttpClient::connect(addr).await;
    let endless = json!({"game": "morris", "opponent": "human", "side": "white",
        "rules": {"threefold": false, "n_move_rule": null}});
    let created = client.post("/api/games", endless).await;
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let tokens = friend_tokens(&mut client, &created).await;
    // Placing, then shuffling a piece back and forth forever.
    let mut state = created.body["state"].clone();
    while state["result"].is_null() {
        let side = state["to_act"].as_str().unwrap();
        let body = json!({"token": tokens[side], "move": state["legal_moves"][0]});
        let answer = client.post(&format!("/api/games/{id}/moves"), body).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        state = answer.body;
        assert!(state["version"].as_u64().unwrap() <= 40);
    }
    assert_eq!(state["version"], 40);
    assert_eq!(
        state["result"],
        json!({"winner": null, "points": 0, "reason": "ply-limit"})
    );
    assert!(state["legal_moves"].as_array().unwrap().is_empty());
    let body = json!({"token": tokens["white"], "move": "a1"});
    let refused = client.post(&format!("/api/games/{id}/moves"), body).await;
    assert_eq!(refused.status, 409, "{}", refused.body);
}

// ---- Fair dice, seats and engine help ----

#[tokio::test]
async fn a_seed_is_refused_for_games_between_people() {
    let (addr, _stop, _) = serve(hub_with(Settings::unlimited(), None)).await;
    let mut client = HttpClient::connect(addr).await;
    let friends = json!({"game": "backgammon", "opponent": "human", "seed": 42});
    let refused = client.post("/api/games", friends).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert_eq!(refused.body["code"], "seed-computer-only");
    let training = json!({"game": "backgammon", "opponent": "computer", "seed": 42});
    assert_eq!(client.post("/api/games", training).await.status, 201);
    // Without a seed two friend games roll apart: the dice are the server's.
    let mut openings = std::collections::BTreeSet::new();
    for _ in 0..8 {
        let created = client
            .post(
                "/api/games",
                json!({"game": "backgammon", "opponent": "human"}),
            )
            .await;
        openings.insert(created.body["state"]["view"]["dice"].to_string());
    }
    assert!(
        openings.len() > 1,
        "eight games, one opening roll: {openings:?}"
    );
}

#[tokio::test]
async fn a_mid_game_review_between_people_is_403_and_open_once_it_is_over() {
    let gate = Arc::new(Gate::default());
    gate.open();
    let (addr, _stop, _) = serve(hub_with(Settings::unlimited(), Some(gate))).await;
    let mut client = HttpClient::connect(addr).await;
    let created = client
        .post(
            "/api/games",
            json!({"game": "backgammon", "opponent": "human"}),
        )
        .await;
    let id = created.body["id"].as_str().unwrap().to_string();
    let tokens = friend_tokens(&mut client, &created).await;
    for aid in ["review", "analysis"] {
        let refused = client.get(&format!("/api/games/{id}/{aid}")).await;
        assert_eq!(refused.status, 403, "{aid}: {}", refused.body);
        assert_eq!(refused.body["code"], "engine-help-after-game");
    }
    let side = created.body["state"]["to_act"].as_str().unwrap();
    let body = json!({"token": tokens[side], "action": "resign"});
    let resigned = client.post(&format!("/api/games/{id}/actions"), body).await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    let analysis = client.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!(analysis.status, 200, "{}", analysis.body);
    // Against the computer the aids are there during the game.
    let computer = client
        .post("/api/games", json!({"game": "backgammon", "side": "white"}))
        .await;
    let id = computer.body["id"].as_str().unwrap();
    assert_eq!(
        client
            .get(&format!("/api/games/{id}/analysis"))
            .await
            .status,
        200
    );
}

/// A server with a friend game of one kind (both seats claimed) after its first move.
struct LiveFriendGame {
    client: HttpClient,
    id: String,
    tokens: Value,
    /// The state after the first move.
    state: Value,
    _stop: tokio::sync::oneshot::Sender<()>,
}

impl LiveFriendGame {
    async fn start(game: &str) -> LiveFriendGame {
        let (addr, stop, _) = serve(hub_with(Settings::unlimited(), None)).await;
        let mut client = HttpClient::connect(addr).await;
        let created = client
            .post("/api/games", json!({"game": game, "opponent": "human"}))
            .await;
        let id = created.body["id"].as_str().unwrap().to_string();
        let tokens = friend_tokens(&mut client, &created).await;
        let state = &created.body["state"];
        let side = state["to_act"].as_str().unwrap();
        let body = json!({"token": tokens[side], "move": state["legal_moves"][0]});
        let moved = client.post(&format!("/api/games/{id}/moves"), body).await;
        assert_eq!(moved.status, 200, "{}", moved.body);
        LiveFriendGame {
            client,
            id,
            tokens,
            state: moved.body,
            _stop: stop,
        }
    }

    /// The status of an analysis request and its error code.
    async fn analysis(&mut self, path: &str) -> (u16, Value) {
        let answer = self.client.get(path).await;
        (answer.status, answer.body["code"].clone())
    }
}

/// The answer to engine help refused during a game between people.
fn refused() -> (u16, Value) {
    (403, json!("engine-help-after-game"))
}

#[tokio::test]
async fn the_analysis_board_refuses_the_position_of_a_live_game_between_people() {
    let mut live = LiveFriendGame::start("morris").await;
    let text = live.state["view"]["position"].as_str().unwrap().to_string();
    let position: ludus_morris::Position = text.parse().unwrap();
    let morris = |text: &str| format!("/api/morris/analysis?position={}", encoded(text));
    // The position itself and its images under the board's symmetries are all refused.
    for symmetry in [0, 5, 11] {
        let image = position.transformed(ludus_morris::geometry::Symmetry::ALL[symmetry]);
        let answer = live.analysis(&morris(&image.to_string())).await;
        assert_eq!(answer, refused(), "{image}");
    }
    // Other positions and the empty board stay open while the game goes on.
    assert_eq!(live.analysis("/api/morris/analysis").await.0, 200);
    let other = morris("W......./.B....../W....... b 7 8 0");
    assert_eq!(live.analysis(&other).await.0, 200);
    // Once the game is over its last position is open to analysis.
    let side = live.state["to_act"].as_str().unwrap();
    let body = json!({"token": live.tokens[side], "action": "resign"});
    let path = format!("/api/games/{}/actions", live.id);
    let resigned = live.client.post(&path, body).await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    assert_eq!(live.analysis(&morris(&text)).await.0, 200);
}

#[tokio::test]
async fn the_backgammon_analysis_refuses_a_live_friend_games_position_from_either_side() {
    let mut live = LiveFriendGame::start("backgammon").await;
    let id = live.state["view"]["position_id"]
        .as_str()
        .unwrap()
        .to_string();
    let position = ludus_backgammon::Position::from_position_id(&id).unwrap();
    assert_ne!(position, ludus_backgammon::Position::starting());
    let backgammon = |id: &str| {
        format!(
            "/api/backgammon/analysis?position_id={}&dice=31",
            encoded(id)
        )
    };
    for asked in [id.clone(), position.swapped().position_id()] {
        let answer = live.analysis(&backgammon(&asked)).await;
        assert_eq!(answer, refused(), "{asked}");
    }
    // The opening position stays open: it is every game's start.
    assert_eq!(live.analysis(&backgammon("4HPwATDgc/ABMA")).await.0, 200);
}

// ---- Operations ----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_fails_healthz_and_5xx_are_counted() {
    let file = crate::common::TempDb::new("full");
    let store = ludus_server::store::Store::open(&file.0).unwrap();
    let hub = ludus_server::Hub::with_settings(
        store,
        crate::players::first_legal(),
        ludus_server::Config::default(),
        Settings::unlimited(),
    );
    let (addr, _stop, _) = serve(hub.clone()).await;
    let mut client = HttpClient::connect(addr).await;
    assert_eq!(client.get("/healthz").await.status, 200);
    // The file may not grow any more: as on a full disk.
    match hub.store() {
        ludus_server::store::Store::Sqlite(sqlite) => sqlite.limit_growth(0).unwrap(),
        ludus_server::store::Store::Postgres(_) => unreachable!("an SQLite file"),
    }
    let mut failed = 0;
    for _ in 0..50 {
        let answer = client.post("/api/games", human_morris()).await;
        if answer.status == 503 {
            failed += 1;
            assert_eq!(
                answer.body["code"], "storage-unavailable",
                "{}",
                answer.body
            );
            assert_eq!(retry_after(&answer), 5);
            assert!(
                !answer.body.to_string().contains("full"),
                "the cause is logged, not told"
            );
        }
        assert!(
            answer.status == 201 || answer.status == 503,
            "{}",
            answer.body
        );
    }
    assert!(failed > 0, "the file filled up");
    let health = client.get("/healthz").await;
    assert_eq!(health.status, 503, "{}", health.body);
    assert!(
        health.body["error"].as_str().unwrap().contains("full"),
        "{}",
        health.body
    );
    let metrics = client.get("/metrics").await.body;
    let metrics = metrics.as_str().unwrap();
    assert!(
        metrics.contains(&format!("ludus_http_server_errors_total {}", failed + 1)),
        "{metrics}"
    );
}
