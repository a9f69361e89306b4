use crate::{ludus, stderr, stdout};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The documented opening board line: the bot (player 1) to roll or double.
const ROLL_LINE: &str = "board:gnubg:extbot:0:0:0:0:-1:-1:0:0:0:5:0:3:0:0:0:-4:5:0:0:-1:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
/// The starting position with 3-1 to play.
const MOVE_LINE: &str = "board:gnubg:root:0:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:3:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";

fn connect(port: u16) -> TcpStream {
    for _ in 0..100 {
        if let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) {
            return stream;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("the external player does not listen on {port}");
}

fn ask(stream: &mut TcpStream, line: &str) -> String {
    stream.write_all(line.as_bytes()).unwrap();
    stream.write_all(b"\n\0").unwrap();
    let mut reply = String::new();
    BufReader::new(stream.try_clone().unwrap())
        .read_line(&mut reply)
        .unwrap();
    reply.trim_end().to_string()
}

#[test]
fn the_external_player_answers_board_lines_over_tcp_and_serves_a_reconnect() {
    let port = free_port();
    let mut server = external(port, &["--connections", "2"]);
    let mut first = connect(port);
    assert!(["roll", "double"].contains(&ask(&mut first, ROLL_LINE).as_str()));
    let play = ask(&mut first, MOVE_LINE);
    let start = ludus_backgammon::Position::starting();
    let dice = "31".parse().unwrap();
    assert!(start.parse_move(dice, &play).is_ok(), "{play}");
    drop(first);
    let mut second = connect(port);
    assert_eq!(ask(&mut second, "not a board"), "");
    assert!(ask(&mut second, MOVE_LINE).contains('/'));
    drop(second);
    assert!(server.wait().unwrap().success());
}

/// A port free now on loopback.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// `ludus backgammon external` at level 1 on `port` with the extra flags `more`.
fn external(port: u16, more: &[&str]) -> std::process::Child {
    let address = format!("127.0.0.1:{port}");
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "backgammon",
            "external",
            "--listen",
            &address,
            "--level",
            "1",
        ])
        .args(more)
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// The next line the server sends on `stream` (empty at its end).
fn line_from(stream: &TcpStream) -> String {
    let mut line = String::new();
    let _ = BufReader::new(stream.try_clone().unwrap()).read_line(&mut line);
    line.trim_end().to_string()
}

/// The peak resident memory of process `pid` in KiB (`VmHWM` of `/proc/PID/status`).
fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn the_external_player_serves_two_clients_at_once_and_refuses_one_more() {
    let port = free_port();
    let mut server = external(port, &["--connections", "3", "--max-connections", "2"]);
    let mut first = connect(port);
    let mut second = connect(port);
    // Both are answered while both stay open, in either order.
    assert!(ask(&mut second, MOVE_LINE).contains('/'));
    assert!(ask(&mut first, MOVE_LINE).contains('/'));
    assert!(ask(&mut second, ROLL_LINE).len() > 3);
    let third = connect(port);
    let busy = "error: busy, 2 connections are served at once";
    assert_eq!(line_from(&third), busy);
    assert_eq!(line_from(&third), "", "closed after the refusal");
    // A slot freed is served again (once the server has seen the close).
    drop(first);
    let answered = (0..100).any(|_| {
        let mut again = connect(port);
        let _ = again.write_all(format!("{MOVE_LINE}\n").as_bytes());
        let reply = line_from(&again);
        std::thread::sleep(Duration::from_millis(20));
        reply.contains('/')
    });
    assert!(answered, "no slot came free");
    drop(second);
    assert!(server.wait().unwrap().success());
}

#[test]
fn an_idle_client_is_dropped_and_an_endless_line_refused_with_memory_bounded() {
    let port = free_port();
    // Three connections: the server is still up (its memory readable) after the second.
    let mut server = external(port, &["--connections", "3", "--idle-timeout", "1"]);
    let idle = connect(port);
    let started = std::time::Instant::now();
    assert_eq!(line_from(&idle), "error: idle for 1 s");
    // Dropped for its idleness, not before the second was up (how soon after is no test's claim).
    assert!(started.elapsed() >= Duration::from_secs(1));
    assert_eq!(line_from(&idle), "");
    let mut flood = connect(port);
    assert!(ask(&mut flood, MOVE_LINE).contains('/'));
    let before = peak_rss_kib(server.id());
    // Ten MiB without a newline: the server reads 16 KiB of it, answers and closes.
    let line = vec![b'x'; 10 << 20];
    let _ = flood.write_all(&line);
    assert_eq!(line_from(&flood), "error: line longer than 16384 bytes");
    let after = peak_rss_kib(server.id());
    assert!(
        after < before + 2048,
        "peak RSS {before} KiB -> {after} KiB"
    );
    server.kill().unwrap();
    server.wait().unwrap();
}

#[test]
fn a_level_off_the_one_scale_is_refused_before_listening() {
    let output = ludus(&[
        "backgammon",
        "external",
        "--listen",
        "127.0.0.1:0",
        "--level",
        "11",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("level must be between 1 and 10, got 11"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn analyze_reports_json_and_refuses_a_missing_file_with_exit_2() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../interop/tests/data/gnubg_3_point_match.mat"
    );
    let output = ludus(&["backgammon", "analyze", file, "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["match_length"], 3);
    assert_eq!(report["players"][1]["name"], "root");
    let missing = ludus(&["backgammon", "analyze", "/nonexistent.mat"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).starts_with("error: "));
}

/// Whether an answer line matches a recorded one, where `*` stands for any one word.
fn matches_recorded(expected: &str, actual: &str) -> bool {
    let (e, a): (Vec<&str>, Vec<&str>) = (
        expected.split_whitespace().collect(),
        actual.split_whitespace().collect(),
    );
    e.len() == a.len() && e.iter().zip(&a).all(|(e, a)| *e == "*" || e == a)
}

#[test]
fn morris_uci_replays_a_recorded_session_line_for_line() {
    let session = include_str!("../data/uci_session.txt");
    let input: String = session
        .lines()
        .filter_map(|line| line.strip_prefix("> "))
        .map(|command| format!("{command}\n"))
        .collect();
    let expected: Vec<&str> = session
        .lines()
        .filter_map(|line| line.strip_prefix("< "))
        .collect();
    let text = uci_transcript("ludus-uci", &input);
    let actual: Vec<&str> = text.lines().collect();
    for (i, (e, a)) in expected.iter().zip(&actual).enumerate() {
        assert!(
            matches_recorded(e, a),
            "line {i}: expected {e:?}, got {a:?}"
        );
    }
    assert_eq!(actual.len(), expected.len(), "{text}");
}

/// `ludus morris uci` with piped stdin and stdout and an empty data directory named after
/// `name` (no endgame database changes an answer).
fn morris_uci(name: &str) -> std::process::Child {
    let data = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["morris", "uci"])
        .env("LUDUS_DATA", &data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap()
}

/// What `ludus morris uci` (see [`morris_uci`]) answers to all of `input`; it must exit 0.
fn uci_transcript(name: &str, input: &str) -> String {
    let mut child = morris_uci(name);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// Reads the next line of `lines` within `seconds`.
fn next_line_within(lines: &std::sync::mpsc::Receiver<String>, seconds: u64) -> String {
    lines
        .recv_timeout(std::time::Duration::from_secs(seconds))
        .expect("an answer in time")
}

#[test]
fn morris_uci_answers_isready_while_thinking_and_stops_at_once() {
    let mut child = morris_uci("ludus-uci-stop");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = sender.send(line);
        }
    });
    stdin
        .write_all(b"position startpos moves d6 d5\ngo infinite\nisready\n")
        .unwrap();
    assert_eq!(
        next_line_within(&lines, 5),
        "readyok",
        "isready is answered while thinking"
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(lines.try_recv().is_err(), "no bestmove before stop");
    stdin.write_all(b"stop\n").unwrap();
    let info = next_line_within(&lines, 5);
    assert!(info.starts_with("info depth "), "{info}");
    assert!(next_line_within(&lines, 5).starts_with("bestmove "));
    // A clock: Black has 2 s and 1 s increment; the answer comes well within it.
    stdin
        .write_all(b"go wtime 2000 btime 2000 winc 1000 binc 1000\nquit\n")
        .unwrap();
    assert!(next_line_within(&lines, 5).starts_with("info depth "));
    assert!(next_line_within(&lines, 5).starts_with("bestmove "));
    assert!(child.wait().unwrap().success());
}

/// A White-to-move position of three pieces a side (flying) that the 3-3 database `dbs` calls
/// a win in three plies or more: deeper than a depth-1 search sees.
fn deep_three_three_win(dbs: &ludus_morris_engine::db::Databases) -> (ludus_morris::Position, u16) {
    let rules = ludus_morris::Rules::standard();
    for seed in 0u64..20_000 {
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut pick = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 24) as usize
        };
        let mut board = ['.'; 24];
        for piece in ['W', 'W', 'W', 'B', 'B', 'B'] {
            let mut at = pick();
            while board[at] != '.' {
                at = (at + 1) % 24;
            }
            board[at] = piece;
        }
        let rings: Vec<String> = board.chunks(8).map(|r| r.iter().collect()).collect();
        let text = format!("{} w 0 0 0", rings.join("/"));
        let Ok(position) = text.parse::<ludus_morris::Position>() else {
            continue;
        };
        if let Ok(ludus_morris_engine::db::Value::Win(d)) =
            ludus_morris_engine::probe(dbs, &position, &rules)
            && d >= 3
        {
            return (position, d);
        }
    }
    panic!("no deep win among the sampled 3-3 positions");
}

#[test]
fn morris_uci_probes_the_databases_named_by_perfect_database_path() {
    let data = std::env::temp_dir().join(format!("ludus-uci-db-{}", std::process::id()));
    let built = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["morris", "solve", "--pieces", "3-3"])
        .env("LUDUS_DATA", &data)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let db_dir = data.join("morris-db");
    let dbs = ludus_morris_engine::db::Databases::new(&db_dir);
    let (position, distance) = deep_three_three_win(&dbs);
    let fen =
        ludus_morris::fen::Fen::from_state(&ludus_morris::token::MorrisState::Turn(position), 1);
    let ask = |options: &str| -> String {
        let input = format!("{options}position fen {fen}\ngo depth 1\nquit\n");
        uci_transcript("ludus-uci-db-empty", &input)
    };
    let dir = db_dir.display();
    let with = ask(&format!(
        "setoption name PerfectDatabasePath value {dir}\nsetoption name UsePerfectDatabase value true\n"
    ));
    let mate = format!("score mate {distance} ");
    assert!(with.contains(&mate), "{with}");
    assert!(with.contains("info string PerfectDatabasePath"), "{with}");
    // The same directory, not switched on: a depth-1 search does not see the win.
    let without = ask(&format!("setoption name PerfectDatabasePath value {dir}\n"));
    assert!(!without.contains(&mate), "{without}");
    // A directory that is not one is refused with its reason, and the engine goes on.
    let refused = ask(
        "setoption name PerfectDatabasePath value /no/such/dir\nsetoption name UsePerfectDatabase value maybe\n",
    );
    assert!(
        refused.contains(
            "info string error: option PerfectDatabasePath: \"/no/such/dir\" is not a directory"
        ),
        "{refused}"
    );
    assert!(
        refused.contains(
            "info string error: option UsePerfectDatabase: \"maybe\" is not true or false"
        ),
        "{refused}"
    );
    assert!(refused.contains("bestmove "), "{refused}");
    let _ = std::fs::remove_dir_all(&data);
}

/// A file of the interop crate's test data.
fn interop_data(name: &str) -> String {
    format!(
        "{}/../interop/tests/data/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ludus-convert-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn convert_turns_an_xg_file_into_the_mat_and_sgf_of_its_match() {
    let dir = scratch("xg");
    let (mat, sgf, again) = (dir.join("m.mat"), dir.join("m.sgf"), dir.join("again.mat"));
    let xg = interop_data("ludus_3_point_match.xg");
    for (from, to) in [
        (xg.as_str(), &mat),
        (xg.as_str(), &sgf),
        (sgf.to_str().unwrap(), &again),
    ] {
        let output = ludus(&["backgammon", "convert", from, to.to_str().unwrap()]);
        assert!(output.status.success(), "{from}: {}", stderr(&output));
        assert!(
            stdout(&output).starts_with("3 games → "),
            "{}",
            stdout(&output)
        );
    }
    // The .xg file holds gnubg's self-play match: its .mat export, less gnubg's comment line.
    let gnubg = std::fs::read_to_string(interop_data("gnubg_selfplay_3_point.mat")).unwrap();
    let expected: String = gnubg.lines().skip(2).map(|l| format!("{l}\n")).collect();
    assert_eq!(std::fs::read_to_string(&mat).unwrap(), expected);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), expected);
    assert!(
        std::fs::read_to_string(&sgf)
            .unwrap()
            .starts_with("(;FF[4]GM[6]")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analyze_opens_an_xg_file() {
    let xg = interop_data("ludus_3_point_match.xg");
    let output = ludus(&["backgammon", "analyze", &xg, "--plies", "0", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(report["match_length"], 3);
    assert_eq!(report["players"][0]["name"], "gnubg");
}

#[test]
fn convert_refuses_a_damaged_xg_file_and_an_xg_output_with_exit_2() {
    let dir = scratch("bad");
    let bad = dir.join("bad.xg");
    let mut bytes = std::fs::read(interop_data("ludus_3_point_match.xg")).unwrap();
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&bad, bytes).unwrap();
    let out = dir.join("out.mat");
    let output = ludus(&[
        "backgammon",
        "convert",
        bad.to_str().unwrap(),
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("bad.xg: "), "{}", stderr(&output));
    assert!(!out.exists());
    let mat = interop_data("gnubg_3_point_match.mat");
    let xg_out = dir.join("out.xg");
    let output = ludus(&["backgammon", "convert", &mat, xg_out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("must end in .mat or .sgf"),
        "{}",
        stderr(&output)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
