//! Load benchmark (not a test): N concurrent games of random legal moves against a real server on
//! 127.0.0.1 with a file database, every move committed before its answer. Reports moves per
//! second and latency percentiles of the move requests. Both seats are human, so no computer
//! thinking time is included.
//!
//! ```text
//! cargo bench -p ludus-server --bench load                      # 200 games, 40 commands each
//! LUDUS_LOAD_GAMES=50 LUDUS_LOAD_COMMANDS=100 cargo bench -p ludus-server --bench load
//! LUDUS_LOAD_PACE_MS=500 cargo bench -p ludus-server --bench load   # each game moves every 0.5 s
//! ```
//!
//! Without a pace every game sends its next command as soon as the answer arrives (a closed loop
//! that saturates the server: latency is then mostly queueing, by Little's law games/throughput).
//! With a pace each game waits that long between commands, like players do; the rate offered is
//! games × 1000 / pace per second.

/// The stand-in computer of the tests (no game here has a computer seat).
#[path = "../tests/players.rs"]
mod players;

use ludus_server::{Config, Hub, serve_on};
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// Concurrent games (the issue's target: 200).
const DEFAULT_GAMES: usize = 200;
/// Commands (moves and actions) per game at most; a game that ends earlier stops there.
const DEFAULT_COMMANDS: usize = 40;
/// Milliseconds between a game's commands; 0: none (closed loop).
const DEFAULT_PACE_MS: usize = 0;
/// Worker threads of the server's runtime (the machine has 2 cores).
const SERVER_THREADS: usize = 2;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A minimal HTTP/1.1 keep-alive client (one connection per game).
struct Client {
    stream: BufReader<TcpStream>,
}

impl Client {
    async fn connect(addr: SocketAddr) -> Client {
        let stream = TcpStream::connect(addr).await.expect("connect");
        stream.set_nodelay(true).expect("nodelay");
        Client {
            stream: BufReader::new(stream),
        }
    }

    async fn post(&mut self, path: &str, body: &Value) -> (u16, Value) {
        let body = body.to_string();
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        self.stream
            .get_mut()
            .write_all(request.as_bytes())
            .await
            .expect("write");
        let mut line = String::new();
        self.stream.read_line(&mut line).await.expect("status line");
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("status");
        let mut length = 0;
        loop {
            line.clear();
            self.stream.read_line(&mut line).await.expect("header");
            if line == "\r\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().expect("length");
            }
        }
        let mut bytes = vec![0; length];
        self.stream.read_exact(&mut bytes).await.expect("body");
        (status, serde_json::from_slice(&bytes).expect("JSON"))
    }
}

/// Plays one game; returns the latency of every command.
async fn play_game(
    addr: SocketAddr,
    index: usize,
    commands: usize,
    pace: Duration,
) -> Vec<Duration> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(index as u64);
    let mut client = Client::connect(addr).await;
    let game = if index.is_multiple_of(2) {
        "morris"
    } else {
        "backgammon"
    };
    let (status, created) = client
        .post(
            "/api/games",
            &json!({"game": game, "opponent": "human", "side": "white", "seed": index}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("id").to_string();
    let mut state = created["state"].clone();
    let mut latencies = Vec::with_capacity(commands);
    for _ in 0..commands {
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
        let started = Instant::now();
        let (status, next) = client.post(&path, &body).await;
        latencies.push(started.elapsed());
        assert_eq!(status, 200, "{next}");
        state = next;
    }
    latencies
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

fn main() {
    let games = env_or("LUDUS_LOAD_GAMES", DEFAULT_GAMES);
    let commands = env_or("LUDUS_LOAD_COMMANDS", DEFAULT_COMMANDS);
    let pace = Duration::from_millis(env_or("LUDUS_LOAD_PACE_MS", DEFAULT_PACE_MS) as u64);
    let db = std::env::temp_dir().join(format!("ludus-load-{}.db", std::process::id()));
    let hub = Hub::open(&db, players::first_legal(), Config::default()).expect("database");
    let server_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(SERVER_THREADS)
        .enable_all()
        .build()
        .expect("server runtime");
    let listener = server_runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    server_runtime.spawn(serve_on(listener, hub, std::future::pending()));

    let client_runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("client runtime");
    let started = Instant::now();
    let mut latencies: Vec<Duration> = client_runtime.block_on(async {
        let tasks: Vec<_> = (0..games)
            .map(|index| tokio::spawn(play_game(addr, index, commands, pace)))
            .collect();
        let mut all = Vec::new();
        for task in tasks {
            all.extend(task.await.expect("game task"));
        }
        all
    });
    let elapsed = started.elapsed();
    latencies.sort();
    let total = latencies.len();
    println!(
        "load: {games} concurrent games, pace {} ms, {total} commands in {:.2} s = {:.0} moves/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        pace.as_millis(),
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
    drop(server_runtime);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}
