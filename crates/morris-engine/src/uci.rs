//! The Morris engine behind Sanmill's UCI-like engine protocol. The protocol is
//! `ludus_interop::uci` (which knows no engine); [`EngineBrain`] is this engine as its player
//! ([`Player`]) with the protocol's extras ([`UciEngine`]), and [`run`] is the protocol loop over
//! any reader and writer (`ludus morris uci` passes standard input and output).
//!
//! The session runs on its own thread, fed line by line; the calling thread reads the input and
//! answers what cannot wait while a `go` runs: `isready` (at once), `stop` (raises the search's
//! stop signal: `bestmove` follows at once). `quit` and the end of input stop a `go infinite`;
//! a bounded `go` still finishes and answers, so that piped scripts get every answer.

use crate::db::Databases;
use crate::level::{MAX_LEVEL, MIN_LEVEL};
use crate::{Level, SearchLimits, Searcher};
use ludus_interop::uci::{DEFAULT_MOVETIME, SpinOption, TextOption, UciEngine, UciSession};
use ludus_morris::player::{Choice, Limits, Player, PlayerError};
use ludus_morris::{Game, Move, Rules};
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The name of the level option (`setoption name Level value N`).
const LEVEL_OPTION: &str = "Level";
/// The name of the thread option.
const THREADS_OPTION: &str = "Threads";
/// The name of the hash size option, in MB.
const HASH_OPTION: &str = "Hash";
/// Most search threads.
const MAX_THREADS: i64 = 256;
/// Default and largest hash size in MB.
const DEFAULT_HASH_MB: i64 = 16;
/// Largest hash size in MB.
const MAX_HASH_MB: i64 = 65_536;
/// How often a finished `go infinite` looks for `stop`.
const INFINITE_POLL: Duration = Duration::from_millis(5);
/// `setoption name UsePerfectDatabase value true|false` (Sanmill's name): whether the
/// full-strength search probes the endgame databases (default false, as Sanmill's).
const USE_DATABASE_OPTION: &str = "UsePerfectDatabase";
/// `setoption name PerfectDatabasePath value DIR` (Sanmill's name): the databases' directory
/// (the `morris-db` directory, holding `standard/` and `no-flying/`; default: the data
/// directory's, see [`crate::db::default_cache_dir`]).
const DATABASE_PATH_OPTION: &str = "PerfectDatabasePath";

/// Runs the protocol with a fresh [`EngineBrain`] (the default database directory) until `quit`
/// or the end of `input`, writing every answer to `output`. Only a failure to read `input` is
/// an error; a failure to write is ignored (nobody is left to tell).
pub fn run(input: impl BufRead, output: impl Write + Send) -> io::Result<()> {
    run_session(EngineBrain::new(), input, output)
}

/// Runs the protocol with `brain` (see [`run`]).
pub fn run_session(
    brain: EngineBrain,
    mut input: impl BufRead,
    output: impl Write + Send,
) -> io::Result<()> {
    let output = Mutex::new(output);
    let stop = Arc::clone(&brain.stop);
    // `go` commands sent to the session and not answered yet.
    let searching = AtomicUsize::new(0);
    // The last `go` was `go infinite`: `quit` and the end of input stop it.
    let infinite = AtomicBool::new(false);
    let (lines, incoming) = channel::<Input>();
    std::thread::scope(|scope| {
        scope.spawn(|| answer_lines(brain, incoming, &output, &searching));
        let read = feed_lines(&mut input, &lines, &output, &stop, &searching, &infinite);
        if infinite.load(Ordering::SeqCst) {
            stop.store(true, Ordering::SeqCst);
        }
        drop(lines);
        read
    })
}

/// The session's thread: answers each line in turn, so that no earlier answer is lost.
fn answer_lines(
    brain: EngineBrain,
    incoming: std::sync::mpsc::Receiver<Input>,
    output: &Mutex<impl Write>,
    searching: &AtomicUsize,
) {
    let mut session = UciSession::new(brain);
    for input in incoming {
        let Input::Line(line) = input else {
            write_lines(
                output,
                &["info string error: the line is not UTF-8".to_string()],
            );
            continue;
        };
        let response = session.handle(&line);
        write_lines(output, &response.lines);
        if line.split_whitespace().next() == Some("go") {
            searching.fetch_sub(1, Ordering::SeqCst);
        }
        if response.quit {
            break;
        }
    }
}

/// The reading thread: passes each line to the session, answering `isready` during a search
/// and `stop` itself, until `quit` or the end of input.
fn feed_lines(
    input: &mut impl BufRead,
    lines: &std::sync::mpsc::Sender<Input>,
    output: &Mutex<impl Write>,
    stop: &AtomicBool,
    searching: &AtomicUsize,
    infinite: &AtomicBool,
) -> io::Result<()> {
    while let Some(input) = next_input(input)? {
        let Input::Line(line) = input else {
            if lines.send(Input::NotUtf8).is_err() {
                break;
            }
            continue;
        };
        let command = line.split_whitespace().next().unwrap_or("").to_string();
        match command.as_str() {
            "isready" if searching.load(Ordering::SeqCst) > 0 => {
                write_lines(output, &["readyok".to_string()]);
                continue;
            }
            "stop" => {
                stop.store(true, Ordering::SeqCst);
                continue;
            }
            "go" => {
                stop.store(false, Ordering::SeqCst);
                searching.fetch_add(1, Ordering::SeqCst);
                infinite.store(line.contains("infinite"), Ordering::SeqCst);
            }
            // Ends an infinite search; a bounded one finishes and answers first.
            "quit" if infinite.load(Ordering::SeqCst) => stop.store(true, Ordering::SeqCst),
            _ => {}
        }
        if lines.send(Input::Line(line)).is_err() || command == "quit" {
            break;
        }
    }
    Ok(())
}

/// Writes `lines` at once (one lock: the two threads never interleave inside a line).
fn write_lines(output: &Mutex<impl Write>, lines: &[String]) {
    let mut out = output
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
}

/// The most of `wanted` megabytes that can be allocated now, at least one: no more than half the
/// available memory, halved further until the allocator grants it (a table the machine cannot
/// hold would abort the process).
fn allocatable_megabytes(wanted: usize) -> usize {
    let mut megabytes = wanted.max(1).min(available_megabytes() / 2).max(1);
    while megabytes > 1 {
        let mut probe: Vec<u8> = Vec::new();
        if probe.try_reserve_exact(megabytes << 20).is_ok() {
            break;
        }
        megabytes /= 2;
    }
    megabytes
}

/// The memory available now in MB (Linux: `MemAvailable` of `/proc/meminfo`); elsewhere no
/// bound.
fn available_megabytes() -> usize {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| meminfo_available_megabytes(&text))
        .unwrap_or(usize::MAX)
}

/// `MemAvailable` of a `/proc/meminfo` text, in MB.
fn meminfo_available_megabytes(text: &str) -> Option<usize> {
    let line = text
        .lines()
        .find(|line| line.starts_with("MemAvailable:"))?;
    let kilobytes: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes / 1024)
}

/// One line of input: its text, or a line that is not UTF-8.
enum Input {
    /// A line (without its line break).
    Line(String),
    /// Bytes that are not UTF-8: answered as a bad line.
    NotUtf8,
}

/// Reads the next line of `reader`; `None` at the end of input.
fn next_input(reader: &mut impl BufRead) -> io::Result<Option<Input>> {
    let mut bytes = Vec::new();
    if reader.read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    while bytes.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        bytes.pop();
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(line) => Input::Line(line),
        Err(_) => Input::NotUtf8,
    }))
}

/// The Morris engine as the protocol's brain. Until `setoption name Level` it searches at full
/// strength, probing the endgame databases once `UsePerfectDatabase` is true, keeping its tables
/// between searches (`Threads`, `Hash` set them up); with a level, each search plays that level
/// of the table in [`Level`] (its noise, depth and time, and the databases from level 8 on), the
/// limits of `go` taking precedence. `stop` raises the brain's stop signal.
pub struct EngineBrain {
    /// The searcher of the full-strength default.
    searcher: Searcher<'static>,
    /// The rules of the session.
    rules: Rules,
    /// The level set by `setoption`, if any.
    level: Option<Level>,
    /// Search threads.
    threads: usize,
    /// Transposition table size in MB.
    hash_mb: usize,
    /// The endgame databases of `PerfectDatabasePath` (probed by the levels that use them, and
    /// at full strength when `UsePerfectDatabase` is true).
    databases: Arc<Databases>,
    /// `UsePerfectDatabase`: the full-strength search probes `databases`.
    use_databases: bool,
    /// The databases opened so far, by directory, the default's first (setting a directory
    /// again reuses its tables).
    opened: Vec<Arc<Databases>>,
    /// Raised by `stop` (and `quit`): the running search ends.
    stop: Arc<AtomicBool>,
}

impl Default for EngineBrain {
    fn default() -> Self {
        EngineBrain::new()
    }
}

impl EngineBrain {
    /// The full-strength engine, no level set, over the default database directory.
    pub fn new() -> EngineBrain {
        EngineBrain::with_databases(Databases::open_default())
    }

    /// The full-strength engine, no level set, over `databases` (`PerfectDatabasePath`'s
    /// default).
    pub fn with_databases(databases: Databases) -> EngineBrain {
        let databases = Arc::new(databases);
        let mut brain = EngineBrain {
            searcher: Searcher::new(Rules::standard()),
            rules: Rules::standard(),
            level: None,
            threads: 1,
            hash_mb: DEFAULT_HASH_MB as usize,
            databases: Arc::clone(&databases),
            use_databases: false,
            opened: vec![databases],
            stop: Arc::new(AtomicBool::new(false)),
        };
        brain.rebuild();
        brain
    }

    /// A fresh searcher with the current rules, threads, hash size and stop signal.
    fn rebuild(&mut self) {
        self.searcher = Searcher::new(self.rules);
        self.searcher.set_threads(self.threads);
        self.searcher.set_hash_megabytes(self.hash_mb);
        self.searcher.set_stop_signal(Some(Arc::clone(&self.stop)));
        self.searcher.set_opening_as_filter(true);
        self.searcher
            .set_shared_databases(self.use_databases.then(|| Arc::clone(&self.databases)));
    }

    /// Points the databases at `dir` (an existing directory), reusing tables opened before.
    fn set_database_dir(&mut self, dir: &str) -> Result<Option<String>, String> {
        let path = Path::new(dir);
        if !path.is_dir() {
            return Err(format!("{dir:?} is not a directory"));
        }
        self.databases = match self.opened.iter().find(|d| d.dir() == path) {
            Some(known) => Arc::clone(known),
            None => {
                let fresh =
                    Arc::new(Databases::new(path).with_opening(crate::db::opening::builtin()));
                self.opened.push(Arc::clone(&fresh));
                fresh
            }
        };
        self.rebuild();
        let files = database_files(path);
        Ok(Some(format!(
            "{DATABASE_PATH_OPTION} {dir}: {files} database files"
        )))
    }

    /// Waits, after an infinite search, until `stop` (UCI: no `bestmove` before it).
    fn wait_for_stop(&self) {
        while !self.stop.load(Ordering::SeqCst) {
            std::thread::sleep(INFINITE_POLL);
        }
    }

    /// Searches the current position of `game` within `limits`, among `candidates` where
    /// given: at full strength with the kept tables, or at the level set.
    fn search(&mut self, game: &Game, limits: &Limits, candidates: Option<&[Move]>) -> Choice {
        let search_limits = search_limits(limits);
        let result = match self.level {
            None => search_with(&mut self.searcher, game, &search_limits, candidates),
            Some(level) => {
                // The game's length seeds the noise: a replayed game gets the same answers.
                let seed = game.history().len() as u64;
                let mut searcher = level.searcher(self.rules, Some(&*self.databases), seed);
                searcher.set_stop_signal(Some(Arc::clone(&self.stop)));
                search_with(&mut searcher, game, &search_limits, candidates)
            }
        };
        if limits.infinite {
            self.wait_for_stop();
        }
        Choice::from(result)
    }
}

/// One search of `game`'s position by `searcher`, among `candidates` where given.
fn search_with(
    searcher: &mut Searcher<'_>,
    game: &Game,
    limits: &SearchLimits,
    candidates: Option<&[Move]>,
) -> crate::SearchResult {
    searcher.set_history(game.history());
    match candidates {
        None => searcher.search(game.position(), limits),
        Some(candidates) => searcher.search_among(game.position(), limits, candidates),
    }
}

/// The database files (`.ldb`) in the rules' sub-directories of `dir`.
fn database_files(dir: &Path) -> usize {
    ["standard", "no-flying"]
        .iter()
        .filter_map(|rules| std::fs::read_dir(dir.join(rules)).ok())
        .flatten()
        .flatten()
        .filter(|entry| entry.path().extension().is_some_and(|e| e == "ldb"))
        .count()
}

/// The engine's limits for the protocol's (an infinite search has none: the stop signal ends it).
fn search_limits(limits: &Limits) -> SearchLimits {
    if limits.infinite {
        return SearchLimits::default();
    }
    SearchLimits {
        depth: limits.depth,
        movetime: limits.movetime,
        nodes: limits.nodes,
    }
}

impl Player for EngineBrain {
    fn name(&self) -> String {
        "ludus".to_string()
    }

    fn choose(&mut self, game: &Game, limits: &Limits) -> Result<Choice, PlayerError> {
        Ok(self.search(game, limits, None))
    }
}

impl UciEngine for EngineBrain {
    fn search_among(&mut self, game: &Game, turns: &[Move], limits: &Limits) -> Option<Choice> {
        Some(self.search(game, limits, Some(turns)))
    }

    fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
        self.rebuild();
    }

    fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    fn options(&self) -> Vec<SpinOption> {
        vec![
            SpinOption {
                name: LEVEL_OPTION,
                default: i64::from(MAX_LEVEL),
                min: i64::from(MIN_LEVEL),
                max: i64::from(MAX_LEVEL),
            },
            SpinOption {
                name: THREADS_OPTION,
                default: 1,
                min: 1,
                max: MAX_THREADS,
            },
            SpinOption {
                name: HASH_OPTION,
                default: DEFAULT_HASH_MB,
                min: 1,
                max: MAX_HASH_MB,
            },
        ]
    }

    fn set_option(&mut self, name: &'static str, value: i64) -> Option<String> {
        match name {
            LEVEL_OPTION => {
                self.level = u32::try_from(value).ok().and_then(|n| Level::new(n).ok());
            }
            THREADS_OPTION => {
                self.threads = usize::try_from(value).unwrap_or(1);
                self.searcher.set_threads(self.threads);
            }
            HASH_OPTION => {
                let wanted = usize::try_from(value).unwrap_or(1);
                self.hash_mb = allocatable_megabytes(wanted);
                self.searcher.set_hash_megabytes(self.hash_mb);
                if self.hash_mb < wanted {
                    return Some(format!(
                        "Hash {wanted} MB cannot be allocated here: using {} MB",
                        self.hash_mb
                    ));
                }
            }
            _ => {}
        }
        None
    }

    fn text_options(&self) -> Vec<TextOption> {
        vec![
            TextOption::Check {
                name: USE_DATABASE_OPTION,
                default: false,
            },
            TextOption::Text {
                name: DATABASE_PATH_OPTION,
                default: self.opened[0].dir().display().to_string(),
            },
        ]
    }

    fn set_text_option(
        &mut self,
        name: &'static str,
        value: &str,
    ) -> Result<Option<String>, String> {
        match name {
            USE_DATABASE_OPTION => {
                self.use_databases = value == "true";
                self.rebuild();
                Ok(None)
            }
            DATABASE_PATH_OPTION => self.set_database_dir(value),
            _ => Err(format!("{name} is not an option of this engine")),
        }
    }

    fn default_limits(&self) -> Limits {
        match self.level {
            Some(level) => Limits {
                depth: Some(level.depth),
                movetime: Some(level.movetime),
                ..Limits::default()
            },
            None => Limits {
                movetime: Some(DEFAULT_MOVETIME),
                ..Limits::default()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A brain over an empty database directory of its own.
    fn brain(dir: &Path) -> EngineBrain {
        EngineBrain::with_databases(Databases::new(dir))
    }

    /// The answers of a session to `script`.
    fn answers(brain: EngineBrain, script: &[u8]) -> Vec<String> {
        let mut output = Vec::new();
        run_session(brain, script, &mut output).expect("an in-memory session");
        String::from_utf8(output)
            .expect("UTF-8 answers")
            .lines()
            .map(str::to_string)
            .collect()
    }

    fn scratch_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("ludus-uci-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    #[test]
    fn meminfo_gives_available_megabytes() {
        let text = "MemTotal:       16384000 kB\nMemFree:  1000 kB\nMemAvailable:    8192000 kB\n";
        assert_eq!(meminfo_available_megabytes(text), Some(8000));
        assert_eq!(meminfo_available_megabytes("MemTotal: 1 kB\n"), None);
    }

    #[test]
    fn a_scripted_session_answers_every_line_in_order() {
        let dir = scratch_dir("script");
        let lines = answers(
            brain(&dir),
            b"uci\nisready\nposition startpos\ngo depth 2\nquit\n",
        );
        assert_eq!(lines.iter().filter(|l| *l == "uciok").count(), 1);
        let ready = lines.iter().position(|l| l == "readyok").expect("readyok");
        let best = lines
            .iter()
            .position(|l| l.starts_with("bestmove "))
            .expect("a bestmove");
        assert!(ready < best);
        assert!(lines[best - 1].starts_with("info depth"), "{lines:?}");
    }

    #[test]
    fn a_line_that_is_not_utf8_is_answered_and_the_session_goes_on() {
        let dir = scratch_dir("utf8");
        let lines = answers(brain(&dir), b"\xff\xfe\nisready\n");
        assert_eq!(
            lines,
            ["info string error: the line is not UTF-8", "readyok"]
        );
    }

    #[test]
    fn setting_a_database_directory_twice_reuses_its_tables() {
        let dir = scratch_dir("reuse");
        let mut brain = brain(&dir);
        let other = scratch_dir("reuse-other");
        let other_text = other.display().to_string();
        brain.set_database_dir(&other_text).expect("a directory");
        brain.set_database_dir(&other_text).expect("a directory");
        assert_eq!(brain.opened.len(), 2);
        assert!(Arc::ptr_eq(&brain.databases, &brain.opened[1]));
        let missing = dir.join("missing").display().to_string();
        assert!(brain.set_database_dir(&missing).is_err());
    }

    #[test]
    fn an_infinite_search_ends_at_the_end_of_input() {
        let dir = scratch_dir("infinite");
        let lines = answers(brain(&dir), b"position startpos\ngo infinite\n");
        assert!(
            lines.iter().any(|l| l.starts_with("bestmove ")),
            "{lines:?}"
        );
    }
}
