//! `ludus serve` as a process, on SQLite and on PostgreSQL: games survive a SIGKILL, SIGTERM
//! shuts down cleanly (exit 0), and two processes on one PostgreSQL database serve the same games.
//!
//! PostgreSQL: `LUDUS_TEST_POSTGRES` (a throw-away server's URL), else a cluster that
//! `scripts/pg-cluster.sh` starts for this test process. Without PostgreSQL its part of each test
//! is skipped with a message, except under `LUDUS_REQUIRE_POSTGRES=1` (`scripts/test`).

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/pg-cluster.sh");

static SERVER: OnceLock<Result<String, String>> = OnceLock::new();
static DATABASES: AtomicUsize = AtomicUsize::new(0);

/// A new database on the test PostgreSQL server, or `None` after saying why there is none.
fn postgres_database() -> Option<String> {
    let server = SERVER.get_or_init(|| {
        if let Ok(url) = std::env::var("LUDUS_TEST_POSTGRES") {
            return Ok(url);
        }
        let output = Command::new("bash")
            .args([SCRIPT, &std::process::id().to_string()])
            .output()
            .map_err(|error| error.to_string())?;
        if output.status.success() {
            Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
        } else {
            Err(String::from_utf8_lossy(&output.stderr).trim().to_string())
        }
    });
    let admin = match server {
        Ok(url) => url,
        Err(why) => {
            assert!(
                std::env::var("LUDUS_REQUIRE_POSTGRES").as_deref() != Ok("1"),
                "PostgreSQL is required (LUDUS_REQUIRE_POSTGRES=1): {why}"
            );
            let _ = writeln!(std::io::stderr(), "skipping the PostgreSQL part: {why}");
            return None;
        }
    };
    let name = format!(
        "ludus_cli_{}_{}",
        std::process::id(),
        DATABASES.fetch_add(1, Ordering::Relaxed)
    );
    let created = Command::new("bash")
        .args([SCRIPT, "createdb", admin, &name])
        .status()
        .expect("run scripts/pg-cluster.sh createdb");
    assert!(created.success(), "cannot create database {name}");
    Some(format!("{}/{name}", admin.rsplit_once('/').unwrap().0))
}

/// The databases a test runs on: an SQLite file, and a PostgreSQL database when there is one.
fn databases(test: &str) -> Vec<String> {
    let file = std::env::temp_dir().join(format!("ludus-cli-{test}-{}.db", std::process::id()));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
    }
    let mut all = vec![file.display().to_string()];
    all.extend(postgres_database());
    all
}

/// A running `ludus serve` and everything it has written to stderr.
struct Server {
    child: Child,
    addr: String,
    log: Arc<Mutex<String>>,
}

impl Server {
    fn start(db: &str) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--db",
                db,
                "--think-ms",
                "100",
            ])
            .args(["--rate-per-minute", "0", "--max-live-games-per-client", "0"])
            // The tests replay seeded games between people and move as fast as they can.
            .args(["--allow-seeded-friend-games", "--moves-per-minute", "0"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start ludus serve");
        let log = Arc::new(Mutex::new(String::new()));
        let (found, address) = std::sync::mpsc::channel();
        let mut lines = BufReader::new(child.stderr.take().unwrap());
        let sink = log.clone();
        std::thread::spawn(move || {
            let mut line = String::new();
            while lines.read_line(&mut line).unwrap_or(0) > 0 {
                if let Some(at) = line.find("serving http://") {
                    let rest = &line[at + "serving http://".len()..];
                    let _ = found.send(rest.split_whitespace().next().unwrap_or("").to_string());
                }
                sink.lock().unwrap().push_str(&line);
                line.clear();
            }
        });
        let addr = address
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("the server did not start: {}", log.lock().unwrap()));
        Server { child, addr, log }
    }

    /// One request on a fresh connection; the status and the body as JSON.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        self.call_as(None, method, path, body)
    }

    /// One request on a fresh connection of the practising player `key` (its `X-Player-Key`).
    fn call_as(
        &self,
        key: Option<&str>,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let body = body.map(|body| body.to_string()).unwrap_or_default();
        self.json_answer(&self.raw(key, method, path, &body))
    }

    /// `POST path` of the player `key` with `text` as the body: the status and the answer.
    fn post_text_as(&self, key: &str, path: &str, text: &str) -> (u16, Value) {
        self.json_answer(&self.raw(Some(key), "POST", path, text))
    }

    /// The body of `GET path` (of the player `key`, if any) as text.
    fn text_as(&self, key: Option<&str>, path: &str) -> String {
        let answer = self.raw(key, "GET", path, "");
        answer
            .split_once("\r\n\r\n")
            .map_or(String::new(), |(_, body)| body.to_string())
    }

    /// The body of `GET path` as text.
    fn text(&self, path: &str) -> String {
        self.text_as(None, path)
    }

    /// One request on a fresh connection (`body` as JSON when not empty): the whole answer.
    fn raw(&self, key: Option<&str>, method: &str, path: &str, body: &str) -> String {
        let mut stream = TcpStream::connect(&self.addr).expect("connect");
        let key = key
            .map(|key| format!("X-Player-Key: {key}\r\n"))
            .unwrap_or_default();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{key}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }

    /// An answer's status and its body as JSON (`null` when it is none).
    fn json_answer(&self, answer: &str) -> (u16, Value) {
        let status = answer.split(' ').nth(1).unwrap().parse().unwrap();
        let body = answer.split_once("\r\n\r\n").map_or("", |(_, body)| body);
        (status, serde_json::from_str(body).unwrap_or(Value::Null))
    }

    fn ok(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let (status, answer) = self.call(method, path, body);
        assert!(
            (200..300).contains(&status),
            "{method} {path}: {status} {answer}"
        );
        answer
    }

    /// Plays up to `commands` first legal moves (or rolls) in a game; returns the last state.
    fn advance(&self, created: &Value, commands: usize) -> Value {
        let id = created["id"].as_str().unwrap();
        let mut state = self.ok("GET", &format!("/api/games/{id}"), None);
        for _ in 0..commands {
            let Some(side) = state["to_act"].as_str() else {
                break;
            };
            let token = &created["tokens"][side];
            state = match state["legal_moves"][0].as_str() {
                Some(mv) => self.ok(
                    "POST",
                    &format!("/api/games/{id}/moves"),
                    Some(json!({"token": token, "move": mv})),
                ),
                None => self.ok(
                    "POST",
                    &format!("/api/games/{id}/actions"),
                    Some(json!({"token": token, "action": "roll"})),
                ),
            };
        }
        state
    }

    /// Creates a seeded game between two people and claims the friend's seat with the
    /// invitation's one-time code: the answer with both seats' tokens under `tokens`.
    fn create(&self, game: &str) -> Value {
        let mut created = self.ok(
            "POST",
            "/api/games",
            Some(json!({"game": game, "opponent": "human", "side": "white", "seed": 5})),
        );
        let id = created["id"].as_str().unwrap().to_string();
        let invite = created["invite"].as_str().expect("an invitation");
        let code = invite.split_once("#invite=").expect("a code").1.to_string();
        let joined = self.ok(
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({ "invite": code })),
        );
        let seat = joined["seat"].as_str().unwrap().to_string();
        created["tokens"][seat] = joined["token"].clone();
        created
    }

    /// SIGTERM; returns whether the process exited with status 0, and its log.
    fn terminate(mut self) -> (bool, String) {
        let pid = self.child.id().to_string();
        assert!(
            Command::new("kill")
                .args(["-TERM", &pid])
                .status()
                .unwrap()
                .success()
        );
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                std::thread::sleep(Duration::from_millis(50)); // the last log lines
                return (status.success(), self.log.lock().unwrap().clone());
            }
            assert!(Instant::now() < deadline, "no exit 30 s after SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn every_game_survives_a_sigkill_and_sigterm_exits_cleanly() {
    for db in databases("kill") {
        let mut server = Server::start(&db);
        let mut games = Vec::new();
        for game in ["morris", "backgammon"] {
            let created = server.create(game);
            let state = server.advance(&created, 9);
            games.push((created["id"].as_str().unwrap().to_string(), state));
        }
        server.child.kill().unwrap(); // SIGKILL
        server.child.wait().unwrap();
        let server = Server::start(&db);
        for (id, before) in &games {
            let after = server.ok("GET", &format!("/api/games/{id}"), None);
            assert_eq!(after["version"], before["version"], "{db}");
            assert!(after["version"].as_u64().unwrap() > 0);
            assert_eq!(
                after["history"], before["history"],
                "the history survived SIGKILL"
            );
            assert_eq!(after["view"], before["view"], "the board survived SIGKILL");
        }
        let (clean, log) = server.terminate();
        assert!(clean, "exit status 0 after SIGTERM: {log}");
        assert!(
            log.contains("SIGTERM: shutting down") && log.contains("shut down"),
            "{log}"
        );
    }
}

#[test]
fn two_processes_on_one_postgres_database_serve_the_same_games() {
    let Some(db) = postgres_database() else {
        return;
    };
    let a = Server::start(&db);
    let b = Server::start(&db);
    let created = a.create("morris");
    let id = created["id"].as_str().unwrap();
    // A move through B, then through A, each seen by the other.
    let mut expected = 0;
    for (mover, reader) in [(&b, &a), (&a, &b), (&b, &a)] {
        mover.advance(&created, 1);
        expected += 1;
        let deadline = Instant::now() + Duration::from_secs(10);
        while reader.ok("GET", &format!("/api/games/{id}"), None)["version"] != expected {
            assert!(
                Instant::now() < deadline,
                "the other process never saw move {expected}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    let listed = b.ok("GET", "/api/games", None);
    assert_eq!(listed["games"][0]["id"], id);
    assert_eq!(b.ok("GET", "/healthz", None)["database"], "postgres");
    // A practising player made on A, whose backgammon game is added through B: A sees its
    // exercises, and the answer given through A is in B's progress.
    let key = a.ok("POST", "/api/practice/players", None)["key"]
        .as_str()
        .unwrap()
        .to_string();
    let game = b.create("backgammon");
    play_to_the_end(&b, &game);
    let body = json!({ "game_id": game["id"], "token": game["tokens"]["white"] });
    let added = patiently(&b, &key, "POST", "/api/practice/games", body);
    let (_, today) = a.call_as(Some(&key), "GET", "/api/practice", None);
    assert_eq!(today["exercises"], added["exercises"], "{today}");
    let first = &today["due"][0];
    let answer = json!({ "exercise": first["id"], "answer": first["played"] });
    let (status, _) = a.call_as(Some(&key), "POST", "/api/practice/answers", Some(answer));
    assert_eq!(status, 200);
    let (_, progress) = b.call_as(Some(&key), "GET", "/api/practice/progress", None);
    assert_eq!(progress["answered"], 1, "{progress}");
}

#[test]
fn a_zero_timeout_is_refused_with_one_line_and_exit_2() {
    for flag in [
        "--request-timeout-secs",
        "--header-timeout-secs",
        "--write-timeout-secs",
    ] {
        let output = crate::ludus(&["serve", flag, "0"]);
        assert_eq!(output.status.code(), Some(2), "{flag}");
        let text = crate::stderr(&output);
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.starts_with("error: ") && text.contains(flag), "{text}");
    }
}

/// An 18-game, 25-point match (gnubg's self-play games three times over): its 2-ply review
/// takes the engine close to a minute of one core.
const LONG_MATCH: &str = include_str!("../data/long_25_point_match.mat");

#[test]
fn sigterm_during_a_long_review_exits_within_ten_seconds_with_the_games_stored() {
    let db = databases("sigterm").swap_remove(0);
    let server = Server::start(&db);
    let created = server.create("backgammon");
    let state = server.advance(&created, 6);
    let id = created["id"].as_str().unwrap().to_string();
    // The review's request waits on its own connection while the engine works.
    let addr = server.addr.clone();
    let asking = std::thread::spawn(move || {
        let mut stream = TcpStream::connect(&addr).expect("connect");
        let body = json!({ "text": LONG_MATCH }).to_string();
        write!(
            stream,
            "POST /api/review HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    while !server
        .text("/metrics")
        .contains("ludus_engine_running{pool=\"analysis\"} 1")
    {
        assert!(Instant::now() < deadline, "the review never started");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_secs(1));
    let signalled = Instant::now();
    let (clean, log) = server.terminate();
    let took = signalled.elapsed();
    assert!(
        took < Duration::from_secs(10),
        "exit {took:?} after SIGTERM: {log}"
    );
    assert!(clean, "exit status 0: {log}");
    let answer = asking.join().unwrap();
    assert!(
        answer.is_empty() || answer.contains("engine-stopped"),
        "the review's request: {answer}"
    );
    let server = Server::start(&db);
    let after = server.ok("GET", &format!("/api/games/{id}"), None);
    assert_eq!(after["history"], state["history"], "the game was stored");
    drop(server);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{db}{suffix}"));
    }
}

/// Plays first legal moves (and rolls) for both seats of `created` until the game ends.
fn play_to_the_end(server: &Server, created: &Value) -> Value {
    for _ in 0..200 {
        let state = server.advance(created, 50);
        if !state["result"].is_null() {
            return state;
        }
    }
    panic!("the game never ended");
}

/// Asks `method path` of the player `key` until it is no longer 503 `review-in-progress`.
fn patiently(server: &Server, key: &str, method: &str, path: &str, body: Value) -> Value {
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let (status, answer) = server.call_as(Some(key), method, path, Some(body.clone()));
        if status == 503 && answer["code"] == "review-in-progress" {
            assert!(Instant::now() < deadline, "the review never came");
            std::thread::sleep(Duration::from_millis(200));
            continue;
        }
        let log = server.log.lock().unwrap().clone();
        assert_eq!(status, 200, "{method} {path}: {answer}\n{log}");
        return answer;
    }
}

#[test]
fn a_players_mistakes_become_exercises_answered_and_scheduled_on_every_database() {
    for db in databases("practice") {
        let server = Server::start(&db);
        let (status, player) = server.call("POST", "/api/practice/players", None);
        assert_eq!(status, 201, "{player}");
        let key = player["key"].as_str().unwrap().to_string();
        // A backgammon game between two people who always make the first legal play: White's
        // decisions reviewed at 2 plies give exercises.
        let created = server.create("backgammon");
        play_to_the_end(&server, &created);
        let id = created["id"].as_str().unwrap();
        let body = json!({ "game_id": id, "token": created["tokens"]["white"] });
        let added = patiently(&server, &key, "POST", "/api/practice/games", body.clone());
        let touched = added["touched"].as_array().unwrap().len();
        assert!(touched > 0, "first legal plays make mistakes: {added}");
        // The same game again adds nothing.
        let again = patiently(&server, &key, "POST", "/api/practice/games", body);
        assert_eq!(again["touched"], json!([]));
        assert_eq!(again["exercises"], added["exercises"]);
        // Today's set: the exercises, each with a card due today.
        let (_, today) = server.call_as(Some(&key), "GET", "/api/practice", None);
        let due = today["due"].as_array().unwrap();
        assert!(!due.is_empty(), "{today}");
        let checker: Vec<&Value> = due.iter().filter(|e| e["asks"] == "checker").collect();
        assert!(checker.len() >= 2, "{today}");
        // One answered with the review's best play: right, due again in a day.
        let (first, second) = (checker[0], checker[1]);
        let right = server.call_as(
            Some(&key),
            "POST",
            "/api/practice/answers",
            Some(json!({ "exercise": first["id"], "answer": first["best"] })),
        );
        assert_eq!(right.0, 200, "{}", right.1);
        assert_eq!(right.1["right"], true, "{}", right.1);
        assert_eq!(right.1["card"]["due"], today["today"].as_u64().unwrap() + 1);
        assert_eq!(right.1["earlier"], first["played"]);
        assert_eq!(right.1["plies"], 2);
        assert!(right.1["ranking"].as_array().unwrap().len() >= 2);
        // One answered with the mistake made in the game: wrong, due again today.
        let wrong = server.call_as(
            Some(&key),
            "POST",
            "/api/practice/answers",
            Some(json!({ "exercise": second["id"], "answer": second["played"] })),
        );
        assert_eq!(wrong.1["right"], false, "{}", wrong.1);
        assert_eq!(wrong.1["card"]["due"], today["today"]);
        // Progress: one game, two answers, one right.
        let (_, progress) = server.call_as(Some(&key), "GET", "/api/practice/progress", None);
        assert_eq!(progress["games"].as_array().unwrap().len(), 1, "{progress}");
        assert_eq!(
            (progress["answered"].clone(), progress["right"].clone()),
            (json!(2), json!(1))
        );
        // The file moves to another player (another machine) and merges there once.
        let file = server.text_as(Some(&key), "/api/practice/file");
        let (_, other) = server.call("POST", "/api/practice/players", None);
        let other = other["key"].as_str().unwrap();
        for _ in 0..2 {
            let (status, imported) = server.post_text_as(other, "/api/practice/file", &file);
            assert_eq!(status, 200, "{imported}");
            assert_eq!(imported["exercises"], added["exercises"]);
        }
        // Refusals: no key, an unknown key, a file that is none.
        assert_eq!(
            server.call("GET", "/api/practice", None).1["code"],
            "bad-player-key"
        );
        let unknown = "0".repeat(32);
        let (status, answer) = server.call_as(Some(&unknown), "GET", "/api/practice", None);
        assert_eq!(
            (status, answer["code"].as_str()),
            (404, Some("no-such-player"))
        );
        let (status, answer) = server.post_text_as(other, "/api/practice/file", "{\"format\": 9}");
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("bad-player-file"))
        );
    }
}
