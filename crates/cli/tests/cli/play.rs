//! `ludus play`: the real binary driven in tmux (a private tmux server per test: `new-session -d
//! -x 100 -y 30`, `send-keys`, `capture-pane`) through a short game of each kind, and the
//! plain-text fallback through a pipe. The tmux tests are skipped, with a message, when tmux is
//! missing, unless `LUDUS_REQUIRE_TMUX=1` makes that a failure (`scripts/test` installs tmux and
//! sets it).

use ludus_backgammon::{Match, Rules as BgRules, SeededDice};
use ludus_morris::record::Record;
use ludus_morris::{Game, Rules};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long to wait for the screen to show something.
const SCREEN_TIMEOUT: Duration = Duration::from_secs(20);
/// Longest wait for a review's first screen (its analysis, 2-ply for backgammon, on a loaded
/// machine).
const REVIEW_TIMEOUT: Duration = Duration::from_secs(120);
/// Between two looks at the screen.
const POLL: Duration = Duration::from_millis(100);
/// Plies of the scripted Morris game before giving up on reaching a winning move.
const MAX_PLIES: usize = 400;

/// A tmux server of its own with one session running `ludus play …`.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts `ludus play game --lang en args` in a 100×30 session, or `None` (with a message)
    /// without tmux; a missing tmux fails the test under `LUDUS_REQUIRE_TMUX=1`.
    fn play(name: &str, game: &str, args: &[&str]) -> Option<Tmux> {
        Tmux::play_sized(name, (100, 30), game, args)
    }

    /// [`Tmux::play`] in a session of `width`×`height`.
    fn play_sized(name: &str, size: (u16, u16), game: &str, args: &[&str]) -> Option<Tmux> {
        let args: Vec<&str> = ["play", game, "--lang", "en"]
            .into_iter()
            .chain(args.iter().copied())
            .collect();
        // Reviewed games go to a player file of the test's own, never the user's.
        let player_file = temp_dir(name).join("player.json");
        Tmux::start(
            name,
            size,
            &args,
            &[("LUDUS_PLAYER_FILE", path_str(&player_file))],
        )
    }

    /// `ludus args` in a session of `width`×`height` with the environment variables `env`, or
    /// `None` (with a message) without tmux; a missing tmux fails the test under
    /// `LUDUS_REQUIRE_TMUX=1`.
    fn start(
        name: &str,
        (width, height): (u16, u16),
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            assert!(
                std::env::var("LUDUS_REQUIRE_TMUX").as_deref() != Ok("1"),
                "tmux is not installed and LUDUS_REQUIRE_TMUX=1: apt-get install -y tmux ({name})"
            );
            eprintln!("SKIPPED: tmux is not installed (apt-get install -y tmux); {name} not run");
            return None;
        }
        let socket = format!("ludus-test-{}-{name}", std::process::id());
        let mut command = vec![env!("CARGO_BIN_EXE_ludus").to_string()];
        command.extend(args.iter().map(|a| a.to_string()));
        let mut tmux = Command::new("tmux");
        tmux.args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .args(["-s", "play"])
            .args(["-e", "TERM=xterm-256color"]);
        for (key, value) in env {
            tmux.args(["-e", &format!("{key}={value}")]);
        }
        // Keep the pane after the program ends so the last screen can be read.
        let status = tmux.arg(command.join(" ")).status().expect("tmux runs");
        assert!(status.success(), "tmux new-session failed");
        let tmux = Tmux { socket };
        tmux.run(&["set-option", "-t", "play", "remain-on-exit", "on"]);
        Some(tmux)
    }

    fn run(&self, args: &[&str]) -> String {
        let output = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "play"])
    }

    /// Types text literally.
    fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", "play", "-l", text]);
    }

    /// Presses named keys (`Enter`, `Left`, …).
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Waits until the screen shows `text`; panics with the screen otherwise.
    fn wait_for(&self, text: &str) -> String {
        self.wait_within(text, SCREEN_TIMEOUT)
    }

    /// Like [`Tmux::wait_for`], waiting at most `timeout` (a review analyses the match at 2
    /// plies before it shows).
    fn wait_within(&self, text: &str, timeout: Duration) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < timeout,
                "the screen never showed {text:?}:\n{screen}"
            );
            std::thread::sleep(POLL);
        }
    }

    /// Whether the program has ended.
    fn ended(&self) -> bool {
        self.run(&["display-message", "-p", "-t", "play", "#{pane_dead}"])
            .trim()
            == "1"
    }

    /// Waits until the screen no longer shows `text`; panics with the screen otherwise.
    fn wait_until_gone(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if !screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < SCREEN_TIMEOUT,
                "the screen kept showing {text:?}:\n{screen}"
            );
            std::thread::sleep(POLL);
        }
    }

    fn wait_until_ended(&self) {
        let start = Instant::now();
        while !self.ended() {
            assert!(
                start.elapsed() < SCREEN_TIMEOUT,
                "ludus did not end:\n{}",
                self.screen()
            );
            std::thread::sleep(POLL);
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludus-play-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path_str(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temp path")
}

/// A Morris game played by a simple rule (take a removal when there is one, else the first
/// move) until the side to move has a winning move; returns the game and that move.
fn morris_game_one_move_from_the_end() -> (Game, String) {
    let mut game = Game::new(Rules::standard());
    for _ in 0..MAX_PLIES {
        let legal = game.legal_moves();
        let winning = legal.iter().find(|mv| {
            let mut next = game.clone();
            next.play(**mv).is_ok() && next.outcome().is_some_and(|o| o.winner.is_some())
        });
        if let Some(mv) = winning {
            return (game, mv.to_string());
        }
        let mv = legal
            .iter()
            .find(|m| m.remove.is_some())
            .or(legal.first())
            .copied()
            .expect("the game goes on");
        game.play(mv).unwrap();
    }
    panic!("no winning move within {MAX_PLIES} plies");
}

/// The game as a record of two people (`docs/morris-record.md`).
fn morris_record(game: &Game) -> String {
    let mut record = Record::new(game.clone());
    for tag in ["WhiteType", "BlackType"] {
        record.set_tag(tag, "human");
    }
    record.to_string()
}

#[test]
fn morris_in_tmux_opening_keys_then_a_resumed_game_to_its_end() {
    let dir = temp_dir("morris");
    let save = dir.join("opening.txt");
    let Some(tmux) = Tmux::play(
        "morris-opening",
        "morris",
        &["--vs", "human", "--save", path_str(&save)],
    ) else {
        return;
    };
    tmux.wait_for("Place a piece on an empty point.");
    for mv in ["a7", "a1", "d7", "d1"] {
        tmux.type_text(mv);
        tmux.keys(&["Enter"]);
    }
    tmux.wait_for("2. d7            d1");
    // Completion: "g7" + Tab gives "g7x"; then the removal by arrow keys is also possible, but
    // here the prefix "g7xd" is unique and Enter plays it.
    tmux.type_text("g7");
    tmux.keys(&["Tab"]);
    tmux.wait_for("Move › g7x");
    tmux.type_text("d");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("3. g7xd1");
    assert!(
        screen.contains("━"),
        "the mill is drawn in heavy lines:\n{screen}"
    );
    // Black places with the arrow keys: the cursor starts on a7; Down goes to a4.
    tmux.keys(&["Down", "Enter"]);
    tmux.wait_for("3. g7xd1         a4");
    tmux.keys(&["q"]);
    tmux.wait_for("(y/n)");
    tmux.keys(&["y"]);
    tmux.wait_until_ended();
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(
        saved.ends_with("\n1. a7 a1 2. d7 d1 3. g7xd1 a4 *\n"),
        "{saved}"
    );
    drop(tmux);

    // Resume a game one move from its end and finish it.
    let (game, winning) = morris_game_one_move_from_the_end();
    let winner = game.position().side_to_move();
    let record = dir.join("ending.txt");
    std::fs::write(&record, morris_record(&game)).unwrap();
    let Some(tmux) = Tmux::play("morris-ending", "morris", &["--load", path_str(&record)]) else {
        return;
    };
    tmux.wait_for("Moves");
    tmux.type_text(&winning);
    tmux.keys(&["Enter"]);
    let name = if winner == ludus_morris::Color::White {
        "White wins."
    } else {
        "Black wins."
    };
    tmux.wait_for(name);
    tmux.keys(&["q"]);
    tmux.wait_until_ended();
    let saved = std::fs::read_to_string(&record).unwrap();
    let result = if name.starts_with("White") {
        "1-0"
    } else {
        "0-1"
    };
    assert!(saved.contains(&format!("[Result \"{result}\"]")), "{saved}");
    assert!(saved.contains(&winning), "{saved}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn backgammon_in_tmux_a_move_a_double_and_a_drop() {
    const SEED: u64 = 3;
    let dir = temp_dir("bg");
    let save = dir.join("match.mat");
    // The same dice as the program: the opening roll comes first from the seed.
    let mut record = Match::new(BgRules::match_to(3), ["White".into(), "Black".into()]);
    let game = record.new_game(&mut SeededDice::new(SEED)).unwrap();
    let opener = game.on_roll();
    let first_move = game.legal_moves()[0].to_string();
    let seed = SEED.to_string();
    let Some(tmux) = Tmux::play(
        "backgammon",
        "backgammon",
        &[
            "--vs",
            "human",
            "--match",
            "3",
            "--seed",
            &seed,
            "--save",
            path_str(&save),
        ],
    ) else {
        return;
    };
    tmux.wait_for("Match to 3");
    tmux.type_text(&first_move);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&format!(": {first_move}"));
    // The other player doubles; the opener drops.
    tmux.keys(&["d"]);
    tmux.wait_for("doubles to 2. Take or pass?");
    tmux.keys(&["p"]);
    let screen = tmux.wait_for("won 1 point");
    assert!(
        screen.contains("Score 1") || screen.contains("Score 0"),
        "{screen}"
    );
    tmux.keys(&["q"]);
    tmux.wait_until_ended();
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.contains(" Doubles => 2"), "{saved}");
    assert!(saved.contains(" Drops"), "{saved}");
    assert!(saved.contains("Wins 1 point"), "{saved}");
    let read = ludus_backgammon::read_mat(&saved).expect("a valid .mat");
    assert_eq!(read.score()[opener.other().index()], 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn backgammon_in_tmux_the_computer_moves_by_itself() {
    let Some(tmux) = backgammon_against_level_1("bg-computer", ludus_backgammon::Seat::One) else {
        return;
    };
    tmux.wait_for("White played");
    leave_without_saving(&tmux);
}

/// `ludus play bg` at level 1 (seed 1) with the person in `seat` (Zero: White, One: Black) in a
/// tmux pane; when the person opens, its first legal move is played, so the computer is next.
/// `None` when tmux is missing (the test is skipped).
fn backgammon_against_level_1(name: &str, seat: ludus_backgammon::Seat) -> Option<Tmux> {
    const SEED: u64 = 1;
    let mut record = Match::new(BgRules::default(), ["White".into(), "Black".into()]);
    let game = record.new_game(&mut SeededDice::new(SEED)).unwrap();
    let seed = SEED.to_string();
    let side = match seat {
        ludus_backgammon::Seat::Zero => "white",
        ludus_backgammon::Seat::One => "black",
    };
    let tmux = Tmux::play(name, "bg", &["--level", "1", "--seed", &seed, "--as", side])?;
    if game.on_roll() == seat {
        tmux.wait_for("Type a move");
        tmux.type_text(&game.legal_moves()[0].to_string());
        tmux.keys(&["Enter"]);
    }
    Some(tmux)
}

/// Leaves a game that was never saved: `q`, `l`, then `y` at the offer to save.
fn leave_without_saving(tmux: &Tmux) {
    tmux.keys(&["q"]);
    tmux.wait_for("l: leave (offers to save)");
    tmux.keys(&["l"]);
    tmux.wait_for("s: save it");
    tmux.keys(&["y"]);
    tmux.wait_until_ended();
}

/// `ludus play morris --vs human` with `args`, its input through a pipe: `d6`, then leaving
/// without saving (`q`, `y`); what it printed, after a successful exit.
fn morris_through_a_pipe(args: &[&str]) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["play", "morris", "--vs", "human"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ludus runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"d6\nq\ny\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn plain_text_when_stdout_is_not_a_terminal() {
    let text = morris_through_a_pipe(&["--lang", "hu"]);
    assert!(text.contains("Malom"), "{text}");
    assert!(text.contains("1. d6"), "{text}");
}

#[test]
fn bad_options_are_bad_input() {
    let output = crate::ludus(&["play", "morris", "--level", "11", "--plain"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(crate::stderr(&output).contains("--level must be 1..=10"));
    let output = crate::ludus(&["play", "bg", "--lang", "fr", "--plain"]);
    assert_eq!(output.status.code(), Some(2));
    let output = crate::ludus(&["play", "morris", "--load", "/nonexistent/x.txt"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn morris_in_tmux_help_backspace_and_leaving_saves_where_asked() {
    let dir = temp_dir("morris-leave");
    let save = dir.join("kept.txt");
    let Some(tmux) = Tmux::play("morris-leave", "morris", &["--level", "1", "--seed", "7"]) else {
        return;
    };
    tmux.wait_for("Place a piece on an empty point.");
    // `?` shows every key; any key closes the help.
    tmux.keys(&["?"]);
    let help = tmux.wait_for("Any key closes this help.");
    for line in ["Backspace", "take back your last move", "rematch", "review"] {
        assert!(help.contains(line), "{line}:\n{help}");
    }
    tmux.keys(&["x"]);
    tmux.wait_until_gone("Any key closes this help.");
    // A move, the computer's reply, then Backspace on the empty line: nothing is taken back.
    tmux.type_text("d6");
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("The computer played");
    let reply_line = screen
        .lines()
        .find(|l| l.contains("1. d6"))
        .expect("the move list")
        .to_string();
    tmux.keys(&["BSpace", "BSpace"]);
    // The help opening proves both Backspaces were handled before it.
    tmux.keys(&["?"]);
    let screen = tmux.wait_for("Any key closes this help.");
    tmux.keys(&["x"]);
    let screen_after = tmux.wait_until_gone("Any key closes this help.");
    assert!(
        screen_after.contains(reply_line.trim_end()),
        "both moves stay:\n{screen}\n{screen_after}"
    );
    assert!(!screen_after.contains("Move taken back"), "{screen_after}");
    // Leaving offers to save (nothing was given with --save); s asks where.
    tmux.keys(&["q"]);
    tmux.wait_for("s: save it");
    tmux.keys(&["s"]);
    let prompt = tmux.wait_for("Save to:");
    assert!(
        prompt.contains("ludus-morris"),
        "a default is offered:\n{prompt}"
    );
    let erase = vec!["BSpace"; 80];
    tmux.keys(&erase);
    tmux.wait_for("Save to: ▏");
    tmux.type_text(path_str(&save));
    tmux.keys(&["Enter"]);
    tmux.wait_until_ended();
    let saved = std::fs::read_to_string(&save).expect("saved where asked");
    assert!(saved.contains("1. d6 "), "{saved}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn backgammon_in_tmux_numbering_stays_while_the_computer_moves() {
    let Some(tmux) = backgammon_against_level_1("bg-numbers", ludus_backgammon::Seat::Zero) else {
        return;
    };
    // Every look at the screen until the computer's move is done shows the person's numbers.
    let start = Instant::now();
    loop {
        let screen = tmux.screen();
        assert!(
            screen.contains("12 11 10  9  8  7") && screen.contains("13 14 15 16 17 18"),
            "the numbers flipped:\n{screen}"
        );
        if screen.contains("Black played") {
            assert!(screen.contains("Computer, level 1"), "{screen}");
            break;
        }
        assert!(start.elapsed() < SCREEN_TIMEOUT, "no move:\n{screen}");
        std::thread::sleep(Duration::from_millis(20));
    }
    leave_without_saving(&tmux);
}

#[test]
fn plain_status_line_is_never_cut_at_80_columns() {
    let text = morris_through_a_pipe(&["--lang", "en", "--plain"]);
    let question = text
        .lines()
        .find(|l| l.contains("y: leave without saving · n: stay"))
        .unwrap_or_else(|| panic!("the whole status line is printed:\n{text}"));
    assert!(question.chars().count() > 80, "{question}");
}

#[test]
fn reviews_in_tmux_step_through_a_morris_game_and_a_backgammon_session() {
    let dir = temp_dir("review");
    let mut game = Game::new(Rules::standard());
    for mv in ["a7", "a1", "d7", "g1", "g7xa1", "d1"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let morris = dir.join("morris.txt");
    std::fs::write(&morris, morris_record(&game)).unwrap();
    let Some(tmux) = Tmux::play("morris-review", "morris", &["--review", path_str(&morris)]) else {
        return;
    };
    // The review is computed before it shows: on a loaded machine that takes a while.
    let screen = tmux.wait_within("Review: move 1 of 6", REVIEW_TIMEOUT);
    assert!(screen.contains("White's advantage"), "{screen}");
    assert!(
        screen.contains("errors · loss") || screen.contains("1 error · loss"),
        "{screen}"
    );
    tmux.keys(&["Right", "Right", "Right"]);
    let screen = tmux.wait_for("Review: move 4 of 6");
    // Black's g1 let White close a mill: marked as an error with the best move named.
    assert!(
        screen.contains("mistake") || screen.contains("blunder") || screen.contains("inaccuracy"),
        "{screen}"
    );
    assert!(screen.contains("best g7"), "{screen}");
    tmux.keys(&["Left"]);
    tmux.wait_for("Review: move 3 of 6");
    tmux.keys(&["q"]);
    tmux.wait_until_ended();
    drop(tmux);

    let mat = backgammon_session_file(&dir, 6);
    let Some(tmux) = Tmux::play("bg-review", "bg", &["--review", path_str(&mat)]) else {
        return;
    };
    let screen = tmux.wait_within("Review: decision 1 of", REVIEW_TIMEOUT);
    assert!(screen.contains("White's equity"), "{screen}");
    tmux.keys(&["Right"]);
    tmux.wait_for("Review: decision 2 of");
    tmux.keys(&["Escape"]);
    tmux.wait_until_gone("Review: decision");
    tmux.keys(&["q"]);
    tmux.wait_for("l: leave");
    tmux.keys(&["l"]);
    tmux.wait_until_ended();
    let _ = std::fs::remove_dir_all(dir);
}

/// A money session saved in `dir`: `plays` plays or more by the first legal move from seed 5,
/// until White (the person when the file has no settings) is to move; the file's path.
fn backgammon_session_file(dir: &Path, plays: usize) -> PathBuf {
    let mut record = Match::new(BgRules::default(), ["White".into(), "Black".into()]);
    let mut dice = SeededDice::new(5);
    let game = record.new_game(&mut dice).unwrap();
    let mut played = 0;
    while played < plays || game.turn() != ludus_backgammon::Seat::Zero {
        let mv = game.legal_moves()[0];
        game.play(&mv).unwrap();
        game.roll(&mut dice).unwrap();
        played += 1;
    }
    let mat = dir.join("session.mat");
    std::fs::write(&mat, ludus_backgammon::write_mat(&record)).unwrap();
    mat
}

#[test]
fn the_backgammon_review_in_tmux_at_80_by_24_cuts_nothing() {
    let dir = temp_dir("review-80");
    let mat = backgammon_session_file(&dir, 12);
    let Some(tmux) = Tmux::play_sized(
        "bg-review-80",
        (80, 24),
        "bg",
        &["--review", path_str(&mat)],
    ) else {
        return;
    };
    tmux.wait_within("Review: decision 1 of", REVIEW_TIMEOUT);
    tmux.keys(&["Right", "Right"]);
    let screen = tmux.wait_for("Review: decision 3 of");
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(lines.len(), 24, "{screen}");
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{screen}");
    // The board whole, the decision's panel beside it.
    assert!(lines[15].contains("12 11 10  9  8  7 bar"), "{screen}");
    for part in ["Played: ", "Best: ", "Loss: "] {
        assert!(screen.contains(part), "{part}\n{screen}");
    }
    // A summary line per player, each ending in its error rate.
    for who in ["○ White (You): ", "● Black (Computer, level 5): "] {
        let line = lines
            .iter()
            .find(|l| l.contains(who))
            .unwrap_or_else(|| panic!("no summary of {who}:\n{screen}"));
        let rate = line.rsplit("error rate ").next().unwrap_or("");
        assert!(rate.trim().parse::<f64>().is_ok(), "{line}\n{screen}");
    }
    // The graph: its title, its bars and the row of marks with the cursor, above the status.
    let title = lines
        .iter()
        .position(|l| l.contains("White's equity (! blunder, ? error, · doubtful)"))
        .unwrap_or_else(|| panic!("no graph title:\n{screen}"));
    assert!(
        lines[title + 1..21].iter().any(|l| l.contains('█')),
        "{screen}"
    );
    assert!(lines[21].contains('▲'), "the marks row:\n{screen}");
    assert!(
        lines[23].ends_with("a/Esc closes · q leaves"),
        "the keys line:\n{screen}"
    );
    tmux.keys(&["q"]);
    tmux.wait_for("l: leave");
    // The reviewed file is where the session is saved: leaving needs no question.
    tmux.keys(&["l"]);
    tmux.wait_until_ended();
    let _ = std::fs::remove_dir_all(dir);
}

/// The longest of six games between levels 2 and 4 (seed 5) as a record in `dir`, via `ludus
/// morris duel --record`; its path.
fn long_morris_game(dir: &Path) -> PathBuf {
    let all = dir.join("duel.txt");
    let output = crate::ludus(&[
        "morris",
        "duel",
        "--a",
        "level:2",
        "--b",
        "level:4",
        "--games",
        "6",
        "--seed",
        "5",
        "--quiet",
        "--record",
        path_str(&all),
    ]);
    assert!(output.status.success(), "{}", crate::stderr(&output));
    let text = std::fs::read_to_string(&all).unwrap();
    let longest = text
        .split("[Event ")
        .filter(|g| !g.trim().is_empty())
        .max_by_key(|g| g.matches('.').count())
        .expect("a game");
    let game = dir.join("long.txt");
    std::fs::write(&game, format!("[Event {longest}")).unwrap();
    game
}

#[test]
fn the_morris_review_in_tmux_shows_its_progress_and_esc_cancels_it() {
    let dir = temp_dir("review-progress");
    let game = long_morris_game(&dir);
    let Some(tmux) = Tmux::play_sized(
        "morris-progress",
        (80, 24),
        "morris",
        &["--review", path_str(&game)],
    ) else {
        return;
    };
    // The progress line is caught while the review runs (it takes a few tenths of a second).
    let start = Instant::now();
    let progress = loop {
        let screen = tmux.screen();
        if let Some(line) = screen
            .lines()
            .find(|l| l.contains("Reviewing the game: move "))
        {
            break line.to_string();
        }
        assert!(start.elapsed() < SCREEN_TIMEOUT, "no progress:\n{screen}");
        std::thread::sleep(Duration::from_millis(5));
    };
    tmux.keys(&["Escape"]);
    assert!(
        progress.contains(" of ") && (progress.contains('█') || progress.contains('░')),
        "{progress}"
    );
    assert!(progress.trim_end().ends_with("Esc cancels"), "{progress}");
    tmux.wait_for("Review cancelled.");
    // The screen answers at once: the help opens and closes, the review can be asked again.
    tmux.keys(&["?"]);
    tmux.wait_for("Any key closes this help.");
    tmux.keys(&["x"]);
    tmux.wait_until_gone("Any key closes this help.");
    tmux.keys(&["a"]);
    tmux.wait_within("Review: move 1 of", REVIEW_TIMEOUT);
    tmux.keys(&["q"]);
    tmux.wait_until_ended();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn morris_in_tmux_keys_typed_during_the_computers_animation_all_count() {
    // The computer (White, level 1) moves first; the person's keys reach the program while it
    // thinks or animates its placement. The first key ends the animation and counts: "f2" Enter
    // is Black's f2 (or, had the computer taken f2, "f2 is occupied."), never another point.
    let Some(tmux) = Tmux::play(
        "morris-animation-keys",
        "morris",
        &["--as", "black", "--level", "1", "--seed", "3"],
    ) else {
        return;
    };
    // Keys sent before the program has drawn (and so set the terminal to raw mode) go through
    // the terminal's line discipline, which turns Enter into a line feed: on a loaded machine
    // they could arrive that early. The program's first screen comes before the computer's move.
    tmux.wait_for("Nine Men's Morris");
    tmux.type_text("f2");
    tmux.keys(&["Enter"]);
    // The first line of the move list ("1. d6   f2", inside the panel's frame).
    let first_moves = |screen: &str| -> Vec<String> {
        screen
            .lines()
            .find_map(|l| l.split("   1. ").nth(1))
            .map(|rest| {
                rest.split_whitespace()
                    .take_while(|word| !word.starts_with('│'))
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    };
    let start = Instant::now();
    let screen = loop {
        let screen = tmux.screen();
        let played = first_moves(&screen).get(1).is_some_and(|mv| mv == "f2");
        if played || screen.contains("f2 is occupied.") {
            break screen;
        }
        assert!(
            start.elapsed() < SCREEN_TIMEOUT,
            "f2 was neither played nor refused:\n{screen}"
        );
        std::thread::sleep(POLL);
    };
    assert!(
        !screen.contains("No legal move starts with"),
        "a key was misread:\n{screen}"
    );
    // An occupied point is named as such, in the words of the web page.
    let occupied = first_moves(&screen)
        .first()
        .expect("White's first move is listed")
        .clone();
    tmux.type_text(&occupied);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&format!("{occupied} is occupied."));
    // Esc clears the refused text; then q offers to save, y leaves.
    tmux.keys(&["Escape"]);
    tmux.wait_until_gone("is occupied.");
    tmux.keys(&["q"]);
    tmux.wait_for("s: save it");
    tmux.keys(&["y"]);
    tmux.wait_until_ended();
}

#[test]
fn backgammon_in_tmux_hint_with_its_value_and_u_takes_back_a_move() {
    let Some(tmux) = backgammon_against_level_1("bg-takeback", ludus_backgammon::Seat::Zero) else {
        return;
    };
    // After the computer's answer it is the person's turn again (roll first, unless it doubled).
    tmux.wait_for("Black played");
    tmux.keys(&["h"]);
    let screen = tmux.wait_for("Hint: ");
    let hint = screen
        .lines()
        .find(|l| l.trim_start().starts_with("Hint: "))
        .expect("the hint line");
    assert!(
        hint.trim_end().ends_with(')'),
        "the hint has its value: {hint}"
    );
    tmux.keys(&["u"]);
    let screen = tmux.wait_for("Move taken back.");
    assert!(
        screen.contains("Type a move"),
        "the same dice to play again:\n{screen}"
    );
    leave_without_saving(&tmux);
}

/// The cube's cells on a captured screen: (row, text) of each board row whose cube column (4
/// cells from column 48: the board starts at column 1, the cube at its column 47) is not empty.
fn cube_cells(screen: &str) -> Vec<(usize, String)> {
    screen
        .lines()
        .enumerate()
        .skip(1)
        .take(15)
        .filter_map(|(row, line)| {
            let cell: String = line.chars().skip(48).take(4).collect();
            let cell = cell.trim().to_string();
            (!cell.is_empty()).then_some((row, cell))
        })
        .collect()
}

/// Issue 41: at 80×24 the review draws the cube as it stood at each decision (not the game's
/// final cube) and lists the alternatives with their equities and plies, the cube table in
/// words.
#[test]
fn the_backgammon_review_in_tmux_shows_the_cube_as_it_stood_and_the_alternatives() {
    let dir = temp_dir("review-cube");
    // gnubg's 3-point match: Black doubles, White takes, Black plays 64, White redoubles, Black
    // passes (game 1 ends with White owning a 2-cube).
    let mat = dir.join("match.mat");
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../interop/tests/data/gnubg_3_point_match.mat"
    );
    std::fs::copy(source, &mat).unwrap();
    let Some(tmux) = Tmux::play_sized(
        "bg-review-cube",
        (80, 24),
        "bg",
        &["--review", path_str(&mat)],
    ) else {
        return;
    };
    let screen = tmux.wait_within("Review: decision 1 of", REVIEW_TIMEOUT);
    assert_eq!(
        cube_cells(&screen),
        [(8, "64".to_string())],
        "centred:\n{screen}"
    );
    assert!(
        screen.contains(" Move ") && screen.contains("Equity Ply"),
        "{screen}"
    );
    let played = screen
        .lines()
        .find(|l| l.contains("▸8/5 6/5"))
        .unwrap_or_else(|| panic!("the play made is marked:\n{screen}"));
    let numbers: Vec<&str> = played.split_whitespace().rev().take(2).collect();
    assert!(numbers[0].parse::<u8>().is_ok(), "its plies: {played}");
    assert!(numbers[1].parse::<f64>().is_ok(), "its equity: {played}");
    tmux.keys(&["Right"]);
    let screen = tmux.wait_for("Review: decision 2 of");
    for words in ["no double", "double, take", "double, pass"] {
        assert!(screen.contains(words), "{words}:\n{screen}");
    }
    assert_eq!(cube_cells(&screen), [(8, "64".to_string())], "{screen}");
    tmux.keys(&["Right", "Right"]);
    let screen = tmux.wait_for("Review: decision 4 of");
    let cells = cube_cells(&screen);
    assert_eq!(cells.len(), 1, "{screen}");
    assert_eq!(cells[0].1, "2", "the 2-cube White took:\n{screen}");
    assert_ne!(cells[0].0, 8, "beside its owner:\n{screen}");
    assert!(screen.lines().all(|l| l.chars().count() <= 80), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for("l: leave");
    tmux.keys(&["l"]);
    tmux.wait_until_ended();
    let _ = std::fs::remove_dir_all(dir);
}

/// The day number the practice test runs on (`LUDUS_TODAY`): 2024-10-04.
const PRACTICE_DAY: u32 = 20_000;

/// A finished money game in which White plays its 0-ply worst move every time (the deliberate
/// errors) and Black its 0-ply best; written as a `.mat` in `dir`.
pub(crate) fn backgammon_game_with_errors(dir: &Path) -> PathBuf {
    use ludus_backgammon::{Phase, Position, Seat};
    let engine = ludus_backgammon_engine::engine::Engine::new(0);
    let mut record = Match::new(BgRules::default(), ["White".into(), "Black".into()]);
    let mut dice = SeededDice::new(5);
    record.new_game(&mut dice).unwrap();
    while let Some(game) = record.current_mut() {
        let Phase::Moving(roll) = game.phase() else {
            game.roll(&mut dice).unwrap();
            continue;
        };
        // The opponent's equity after each play (it is on roll then).
        let value = |after: &Position| engine.evaluate(&after.swapped()).equity();
        let mut plays = game.position().legal_moves_with_positions(roll);
        plays.sort_by(|a, b| value(&a.1).total_cmp(&value(&b.1)));
        let choice = match game.on_roll() {
            Seat::Zero => plays.last(),
            Seat::One => plays.first(),
        };
        game.play(&choice.map(|(mv, _)| *mv).unwrap_or_default())
            .unwrap();
    }
    let mat = dir.join("errors.mat");
    std::fs::write(&mat, ludus_backgammon::write_mat(&record)).unwrap();
    mat
}

/// Answers the exercise on the practice screen with `choice`: a play is typed, a cube action
/// is its key.
fn answer_exercise(tmux: &Tmux, choice: &str) {
    match choice {
        "double" => tmux.keys(&["d"]),
        "no double" => tmux.keys(&["r"]),
        "take" => tmux.keys(&["t"]),
        "pass" => tmux.keys(&["p"]),
        play => {
            tmux.type_text(play);
            tmux.keys(&["Enter"]);
        }
    }
}

#[test]
fn practice_in_tmux_a_reviewed_game_gives_exercises_answered_right_and_wrong() {
    use ludus_tui::practice::ludus_practice::daily_set;
    use ludus_tui::practice::store::PlayerStore;
    let dir = temp_dir("practice");
    let player = dir.join("player.json");
    let _ = std::fs::remove_file(&player);
    let mat = backgammon_game_with_errors(&dir);
    let today = PRACTICE_DAY.to_string();
    let env = [
        ("LUDUS_PLAYER_FILE", path_str(&player)),
        ("LUDUS_TODAY", today.as_str()),
    ];
    // The review of the game (White's, the person's by default) makes the exercises.
    let Some(tmux) = Tmux::start(
        "practice-review",
        (100, 30),
        &["play", "bg", "--lang", "en", "--review", path_str(&mat)],
        &env,
    ) else {
        return;
    };
    tmux.wait_within("new exercises for practice.", REVIEW_TIMEOUT);
    tmux.keys(&["q"]);
    tmux.wait_until_ended();
    drop(tmux);
    let store = PlayerStore::new(&player);
    let file = store.load().unwrap();
    assert_eq!(file.games.len(), 1);
    let set = daily_set(&file.exercises, &file.cards, PRACTICE_DAY, 20);
    assert!(set.len() >= 2, "{} exercises", set.len());
    let exercise = |i: usize| file.exercise(set[i]).unwrap().clone();
    let (first, second) = (exercise(0), exercise(1));

    // The first answered with the best choice, the second with the game's mistake.
    let Some(tmux) = Tmux::start("practice", (100, 30), &["practice", "--lang", "en"], &env) else {
        return;
    };
    tmux.wait_for(&format!("Exercise 1 of {}", set.len()));
    answer_exercise(&tmux, &first.best);
    let screen = tmux.wait_within("Right!", REVIEW_TIMEOUT);
    assert!(screen.contains("Comes back tomorrow."), "{screen}");
    assert!(screen.contains("Ranking (2-ply)"), "{screen}");
    assert!(
        screen.contains(&format!("In the game you played: {}", first.played)),
        "{screen}"
    );
    tmux.keys(&["Enter"]);
    tmux.wait_for(&format!("Exercise 2 of {}", set.len()));
    answer_exercise(&tmux, &second.played);
    let screen = tmux.wait_within("Wrong.", REVIEW_TIMEOUT);
    assert!(screen.contains("Comes back today."), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_until_ended();
    drop(tmux);

    // Scheduled apart in the file: the right one tomorrow, the wrong one today.
    let saved = store.load().unwrap();
    let due = |id| saved.cards.iter().find(|c| c.id == id).unwrap().due;
    assert_eq!(
        (due(first.id), due(second.id)),
        (PRACTICE_DAY + 1, PRACTICE_DAY)
    );
    assert_eq!(saved.results.len(), 2);

    // The progress table: the game's row with one exercise right and one wrong.
    let output = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["practice", "progress", "--lang", "en", "--player-file"])
        .arg(&player)
        .output()
        .unwrap();
    let table = crate::stdout(&output);
    assert!(output.status.success(), "{table}");
    let row = table
        .lines()
        .find(|l| l.starts_with("2024-10-04"))
        .unwrap_or_else(|| panic!("{table}"));
    assert!(
        row.contains("Backgammon") && row.ends_with("1 / 1"),
        "{row}"
    );

    // Export and import round-trip; a corrupt file is refused and changes nothing.
    let exported = dir.join("exported.json");
    let practice = |args: &[&str], file: &Path| {
        Command::new(env!("CARGO_BIN_EXE_ludus"))
            .arg("practice")
            .args(args)
            .arg("--player-file")
            .arg(file)
            .output()
            .unwrap()
    };
    assert!(
        practice(&["export", path_str(&exported)], &player)
            .status
            .success()
    );
    let copy = dir.join("copy.json");
    // Imported into a new file, and once more: merging the same file again changes nothing.
    for _ in 0..2 {
        assert!(
            practice(&["import", path_str(&exported)], &copy)
                .status
                .success()
        );
        assert_eq!(PlayerStore::new(&copy).load().unwrap(), saved);
    }
    let corrupt = dir.join("corrupt.json");
    std::fs::write(&corrupt, "{\"format\": 1").unwrap();
    let refused = practice(&["import", path_str(&corrupt)], &copy);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(crate::stderr(&refused).lines().count(), 1);
    assert_eq!(PlayerStore::new(&copy).load().unwrap(), saved);
    let _ = std::fs::remove_dir_all(dir);
}
