//! Load benchmark (not a test): N concurrent games of random legal moves against real servers on
//! 127.0.0.1, every move committed before its answer. Reports moves per second and latency
//! percentiles of the move requests. Both seats are human, so no computer thinking time is
//! included.
//!
//! ```text
//! cargo bench -p ludus-server --bench load                      # 200 games, 40 commands each
//! LUDUS_LOAD_GAMES=50 LUDUS_LOAD_COMMANDS=100 cargo bench -p ludus-server --bench load
//! LUDUS_LOAD_PACE_MS=500 cargo bench -p ludus-server --bench load   # each game moves every 0.5 s
//! # Two instances on one PostgreSQL (a throw-away cluster with PostgreSQL's durable defaults):
//! LUDUS_LOAD_DB=postgres LUDUS_LOAD_INSTANCES=2 LUDUS_LOAD_GAMES=1000 LUDUS_LOAD_PACE_MS=3000 \
//!     LUDUS_LOAD_COMMANDS=20 cargo bench -p ludus-server --bench load
//! # Moves while 50 clients hammer the analysis endpoint (each analysis burns 0.4 s of CPU):
//! LUDUS_LOAD_HAMMER=50 LUDUS_LOAD_GAMES=20 LUDUS_LOAD_PACE_MS=200 cargo bench -p ludus-server --bench load
//! ```
//!
//! `LUDUS_LOAD_ANALYSIS_WORKERS`: the analysis pool's workers (default: half the cores); a large
//! number shows what an unbounded pool would do to the moves.
//! `LUDUS_LOAD_DB`: `sqlite` (a file, the default), `postgres` (a throw-away cluster started by
//! `scripts/pg-cluster.sh --durable`) or a `postgres://` URL of an empty database.
//! `LUDUS_LOAD_INSTANCES`: server instances (PostgreSQL only), each a hub with its own runtime of
//! two worker threads, cache, connection pool and notification listener, as separate processes
//! would have; a game's commands go to the instances in turn, as behind a load balancer without
//! sticky sessions (the hardest case: each copy must catch up with the other's move).
//!
//! Without a pace every game sends its next command as soon as the answer arrives (a closed loop
//! that saturates the server: latency is then mostly queueing, by Little's law games/throughput).
//! With a pace each game waits that long between commands, like players do; the rate offered is
//! games × 1000 / pace per second.

/// The stand-in computer of the tests (no game here has a computer seat).
#[path = "../tests/players.rs"]
mod players;

/// The tests' loopback HTTP client (one connection per game and instance) and percentiles.
#[path = "../tests/client.rs"]
#[allow(
    dead_code,
    reason = "the tests use all of the client, the bench its requests"
)]
mod client;

use client::{HttpClient, percentile};

use ludus_server::games::report::BackgammonReport;
use ludus_server::games::{AnalysisFailure, MatchAnalyser, Players};
use ludus_server::store::Store;
use ludus_server::{Config, Hub, Settings, serve_on};
use rand::{RngExt, SeedableRng};
use serde_json::json;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Concurrent games.
const DEFAULT_GAMES: usize = 200;
/// Commands (moves and actions) per game at most; a game that ends earlier stops there.
const DEFAULT_COMMANDS: usize = 40;
/// Milliseconds between a game's commands; 0: none (closed loop).
const DEFAULT_PACE_MS: usize = 0;
/// Worker threads of each server instance's runtime (the machine has 2 cores).
const SERVER_THREADS: usize = 2;
/// CPU time of one analysis request of the hammering clients (the issue's ~0.4 s).
const ANALYSIS_CPU: Duration = Duration::from_millis(400);

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Plays one game, its commands going to the instances in turn; returns the latency of every
/// command.
async fn play_game(
    addrs: Arc<Vec<SocketAddr>>,
    index: usize,
    commands: usize,
    pace: Duration,
) -> Vec<Duration> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(index as u64);
    let mut clients = Vec::new();
    for &addr in addrs.iter() {
        clients.push(HttpClient::connect(addr).await);
    }
    let game = if index.is_multiple_of(2) {
        "morris"
    } else {
        "backgammon"
    };
    let created = clients[index % addrs.len()]
        .post(
            "/api/games",
            json!({"game": game, "opponent": "human", "side": "white", "seed": index}),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let mut created = created.body;
    let id = created["id"].as_str().expect("id").to_string();
    // The friend's seat, claimed with the invitation's one-time code.
    let code = created["invite"].as_str().expect("an invitation");
    let code = code.split_once("#invite=").expect("a code").1.to_string();
    let joined = clients[index % addrs.len()]
        .post(&format!("/api/games/{id}/join"), json!({ "invite": code }))
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    created["tokens"][joined.body["seat"].as_str().expect("seat")] = joined.body["token"].clone();
    let mut state = created["state"].clone();
    let mut latencies = Vec::with_capacity(commands);
    for command in 0..commands {
        if !pace.is_zero() {
            // Start the games out of step, then keep each one's rhythm.
            let jitter = Duration::from_micros(rng.random_range(0..=pace.as_micros() as u64));
            tokio::time::sleep(if latencies.is_empty() { jitter } else { pace }).await;
        }
        let Some(side) = state["to_act"].as_str() else {
            break;
        };
        let token = created["tokens"][side].clone();
        let moves = state["legal_moves"].as_array().cloned().unwrap_or_default();
        let (path, body) = if moves.is_empty() {
            let action = if state["view"]["phase"] == "doubled" {
                "take"
            } else {
                "roll"
            };
            (
                format!("/api/games/{id}/actions"),
                json!({"token": token, "action": action}),
            )
        } else {
            let mv = &moves[rng.random_range(0..moves.len())];
            (
                format!("/api/games/{id}/moves"),
                json!({"token": token, "move": mv}),
            )
        };
        let client = &mut clients[(index + command + 1) % addrs.len()];
        let started = Instant::now();
        let next = client.post(&path, body).await;
        latencies.push(started.elapsed());
        assert_eq!(next.status, 200, "{}", next.body);
        state = next.body;
    }
    latencies
}

/// Asks for the analysis of game `id` again and again until `stop`; returns the statuses.
async fn hammer(addr: SocketAddr, id: String, stop: Arc<AtomicBool>) -> Vec<u16> {
    let mut client = HttpClient::connect(addr).await;
    let path = format!("/api/games/{id}/analysis");
    let mut statuses = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        statuses.push(client.get(&path).await.status);
    }
    statuses
}

/// An analyser that keeps a core busy for [`ANALYSIS_CPU`] per call, as the engine does.
struct Burner;

impl MatchAnalyser for Burner {
    fn analyse(&self, mat: &str) -> Result<BackgammonReport, AnalysisFailure> {
        let started = Instant::now();
        let mut sum = 0u64;
        while started.elapsed() < ANALYSIS_CPU {
            for byte in mat.bytes() {
                sum = std::hint::black_box(sum.wrapping_mul(31).wrapping_add(u64::from(byte)));
            }
        }
        let mut report = BackgammonReport::default();
        report.players[0].name = sum.to_string();
        Ok(report)
    }
}

/// Where the games are stored.
enum Database {
    Sqlite(std::path::PathBuf),
    Postgres(String),
}

impl Database {
    fn from_env() -> Database {
        match std::env::var("LUDUS_LOAD_DB").as_deref() {
            Err(_) | Ok("sqlite") => Database::Sqlite(
                std::env::temp_dir().join(format!("ludus-load-{}.db", std::process::id())),
            ),
            Ok("postgres") => Database::Postgres(throw_away_postgres()),
            Ok(url) => Database::Postgres(url.to_string()),
        }
    }

    fn name(&self) -> String {
        match self {
            Database::Sqlite(path) => path.display().to_string(),
            Database::Postgres(url) => url.clone(),
        }
    }

    fn describe(&self) -> &'static str {
        match self {
            Database::Sqlite(_) => "SQLite",
            Database::Postgres(_) => "PostgreSQL",
        }
    }
}

/// A database `ludus_load` on a throw-away durable cluster, stopped when this process exits.
fn throw_away_postgres() -> String {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/pg-cluster.sh");
    let output = std::process::Command::new("bash")
        .args([script, &std::process::id().to_string(), "--durable"])
        .output()
        .expect("run scripts/pg-cluster.sh");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let admin = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
            .await
            .expect("connect");
        tokio::spawn(connection);
        client
            .batch_execute("CREATE DATABASE ludus_load")
            .await
            .expect("create the database");
    });
    format!("{}/ludus_load", admin.rsplit_once('/').expect("a URL").0)
}

/// One server instance: its runtime, hub and address.
fn start_instance(
    database: &Database,
    players: &Players,
    settings: &Settings,
) -> (tokio::runtime::Runtime, Hub, SocketAddr) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(SERVER_THREADS)
        .enable_all()
        .build()
        .expect("server runtime");
    let hub = runtime.block_on(async {
        let store = Store::connect(&database.name(), 32)
            .await
            .expect("database");
        Hub::with_settings(store, players.clone(), Config::default(), settings.clone())
    });
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    runtime.spawn(serve_on(listener, hub.clone(), std::future::pending()));
    (runtime, hub, addr)
}

fn main() {
    let games = env_or("LUDUS_LOAD_GAMES", DEFAULT_GAMES);
    let commands = env_or("LUDUS_LOAD_COMMANDS", DEFAULT_COMMANDS);
    let pace = Duration::from_millis(env_or("LUDUS_LOAD_PACE_MS", DEFAULT_PACE_MS) as u64);
    let instances = env_or("LUDUS_LOAD_INSTANCES", 1).max(1);
    let hammers = env_or("LUDUS_LOAD_HAMMER", 0);
    let database = Database::from_env();
    assert!(
        instances == 1 || matches!(database, Database::Postgres(_)),
        "several instances share a PostgreSQL database: set LUDUS_LOAD_DB=postgres"
    );
    let players = Players {
        analyser: Some(Arc::new(Burner)),
        ..players::first_legal()
    };
    let mut settings = Settings {
        // Reproducible dice in the benchmark's games between people.
        seeded_friend_games: true,
        ..Settings::unlimited()
    };
    settings.analysis_workers = env_or("LUDUS_LOAD_ANALYSIS_WORKERS", settings.analysis_workers);
    settings.analysis_queue = 4 * settings.analysis_workers;
    let servers: Vec<_> = (0..instances)
        .map(|_| start_instance(&database, &players, &settings))
        .collect();
    let addrs = Arc::new(servers.iter().map(|(_, _, addr)| *addr).collect::<Vec<_>>());

    let client_runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("client runtime");
    let stop = Arc::new(AtomicBool::new(false));
    let hammering: Vec<_> = client_runtime.block_on(async {
        if hammers == 0 {
            return Vec::new();
        }
        let mut client = HttpClient::connect(addrs[0]).await;
        let created = client
            .post(
                "/api/games",
                json!({"game": "backgammon", "side": "white", "seed": 1}),
            )
            .await
            .body;
        let id = created["id"].as_str().expect("id").to_string();
        (0..hammers)
            .map(|_| tokio::spawn(hammer(addrs[0], id.clone(), stop.clone())))
            .collect()
    });
    let started = Instant::now();
    let mut latencies: Vec<Duration> = client_runtime.block_on(async {
        let tasks: Vec<_> = (0..games)
            .map(|index| tokio::spawn(play_game(addrs.clone(), index, commands, pace)))
            .collect();
        let mut all = Vec::new();
        for task in tasks {
            all.extend(task.await.expect("game task"));
        }
        all
    });
    let elapsed = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    let analysed: Vec<u16> = client_runtime.block_on(async {
        let mut all = Vec::new();
        for task in hammering {
            all.extend(task.await.expect("hammer task"));
        }
        all
    });
    latencies.sort();
    let total = latencies.len();
    let conflicts: u64 = servers
        .iter()
        .map(|(_, hub, _)| hub.metrics().version_conflicts.load(Ordering::Relaxed))
        .sum();
    println!(
        "load: {games} concurrent games on {instances} instance(s), {}, pace {} ms: {total} commands in {:.2} s = {:.0} moves/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {conflicts} commands met a stale copy",
        database.describe(),
        pace.as_millis(),
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    if hammers > 0 {
        let refused = analysed.iter().filter(|&&status| status == 503).count();
        println!(
            "hammer: {hammers} clients asked for {} analyses: {} answered, {refused} refused (503)",
            analysed.len(),
            analysed.iter().filter(|&&status| status == 200).count()
        );
    }
    drop(servers);
    if let Database::Sqlite(path) = database {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}
