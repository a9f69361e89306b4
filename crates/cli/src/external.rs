//! `ludus backgammon external`: gnubg's external player over TCP (glue over `ludus-interop`'s
//! session, with the engine at a level as its player).
//!
//! gnubg connects, writes one FIBS board line per decision (ended by a newline and a NUL) and
//! reads one reply line. Every line is complete in itself, so a reconnecting gnubg simply goes on.
//!
//! Each connection has a thread of its own, at most `--max-connections` at once (one more is
//! answered `error: …` and closed); a connection silent for `--idle-timeout` seconds is closed,
//! and a line longer than `--max-line` bytes is answered `error: …` and ends its connection, so
//! that a client holds at most one line of memory.

use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::level::{Level, MAX_LEVEL};
use ludus_interop::external::ExternalPlayer;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Arguments of `ludus backgammon external`.
#[derive(Debug, Args)]
pub(crate) struct ExternalArgs {
    /// Address to listen on, e.g. 127.0.0.1:4711.
    #[arg(long, value_name = "HOST:PORT")]
    listen: String,
    /// Strength 1..=10, the Backgammon levels of every front end (README, "Backgammon levels"):
    /// 1-7 play at 0 ply with less and less noise, 8 at 0 ply, 9 at 1 ply, 10 at 2 plies.
    #[arg(long, default_value_t = u32::from(MAX_LEVEL))]
    level: u32,
    /// Serve this many connections, then exit once they are closed (default: forever).
    #[arg(long, value_name = "N")]
    connections: Option<u64>,
    /// Log every line and reply on stderr.
    #[arg(long)]
    verbose: bool,
    /// The limits of each connection.
    #[command(flatten)]
    limits: ConnectionLimits,
}

/// What one client may hold of the server.
#[derive(Debug, Clone, Copy, Args)]
struct ConnectionLimits {
    /// Connections served at once (1..=1024); one more is answered `error: …` and closed.
    #[arg(long, default_value_t = 8, value_name = "N")]
    max_connections: usize,
    /// Close a connection that sends nothing for this many seconds (1..=86400).
    #[arg(long, default_value_t = 600, value_name = "SECONDS")]
    idle_timeout: u64,
    /// Longest line read, in bytes (64..=1048576); a longer one is answered `error: …` and
    /// its connection closed.
    #[arg(long, default_value_t = 16 * 1024, value_name = "BYTES")]
    max_line: usize,
}

impl ConnectionLimits {
    /// The limits when each lies in its documented range.
    fn check(self) -> Result<ConnectionLimits, CliError> {
        let bad =
            |flag: &str, range: &str| Err(CliError::bad_input(format!("--{flag} must be {range}")));
        if !(1..=1024).contains(&self.max_connections) {
            return bad("max-connections", "1..=1024");
        }
        if !(1..=86_400).contains(&self.idle_timeout) {
            return bad("idle-timeout", "1..=86400");
        }
        if !(64..=1 << 20).contains(&self.max_line) {
            return bad("max-line", "64..=1048576");
        }
        Ok(self)
    }
}

/// Runs the server.
pub(crate) fn run(args: ExternalArgs) -> CliResult {
    let level = Level::new(args.level).map_err(|e| CliError::bad_input(format!("--level: {e}")))?;
    let limits = args.limits.check()?;
    let listener = TcpListener::bind(&args.listen)
        .map_err(|e| CliError::bad_input(format!("cannot listen on {}: {e}", args.listen)))?;
    eprintln!("ludus: gnubg external player listening on {}", args.listen);
    let open = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let mut served = 0;
        for stream in listener.incoming() {
            let stream = match stream {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("ludus: accept failed: {e}");
                    continue;
                }
            };
            let Some(slot) = Slot::take(&open, limits.max_connections) else {
                refuse(stream, limits.max_connections);
                continue;
            };
            // The noise of the lower levels seeded by the connection's number.
            let player = ExternalPlayer::new(Engine::at_level(level, served));
            let verbose = args.verbose;
            scope.spawn(move || {
                let _slot = slot;
                if let Err(e) = serve(stream, player, limits, verbose) {
                    eprintln!("ludus: connection ended: {e}");
                }
            });
            served += 1;
            if args.connections.is_some_and(|n| served >= n) {
                break;
            }
        }
    });
    Ok(())
}

/// One of the connections served at once, given back when dropped.
struct Slot<'a>(&'a AtomicUsize);

impl<'a> Slot<'a> {
    /// A slot when fewer than `most` are taken.
    fn take(open: &'a AtomicUsize, most: usize) -> Option<Slot<'a>> {
        open.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
            (n < most).then_some(n + 1)
        })
        .ok()
        .map(|_| Slot(open))
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Answers a connection beyond the limit with an error line and closes it.
fn refuse(mut stream: TcpStream, most: usize) {
    eprintln!("ludus: refused a connection: {most} are served at once");
    let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
    let _ = writeln!(stream, "error: busy, {most} connections are served at once");
}

/// What reading one line gave.
enum Line {
    /// The peer closed the connection.
    Closed,
    /// A line in the buffer (its newline removed, or the last bytes before the end).
    Complete,
    /// More than the limit without a newline.
    TooLong,
}

/// Reads one line of at most `max` bytes (its newline not counted) into `buffer`.
fn read_line(reader: &mut impl BufRead, buffer: &mut Vec<u8>, max: usize) -> std::io::Result<Line> {
    buffer.clear();
    let limit = u64::try_from(max).unwrap_or(u64::MAX) + 1;
    let read = reader.by_ref().take(limit).read_until(b'\n', buffer)?;
    if read == 0 {
        return Ok(Line::Closed);
    }
    if buffer.last() == Some(&b'\n') {
        buffer.pop();
    } else if buffer.len() > max {
        return Ok(Line::TooLong);
    }
    Ok(Line::Complete)
}

/// Answers the lines of one connection until gnubg closes it, it stays silent past the idle
/// timeout, or it sends a line over the limit.
fn serve(
    stream: TcpStream,
    mut player: ExternalPlayer<Engine>,
    limits: ConnectionLimits,
    verbose: bool,
) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(limits.idle_timeout)))?;
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    let mut buffer = Vec::new();
    loop {
        match read_line(&mut reader, &mut buffer, limits.max_line) {
            Ok(Line::Closed) => return Ok(()),
            Ok(Line::Complete) => {}
            Ok(Line::TooLong) => {
                writeln!(writer, "error: line longer than {} bytes", limits.max_line)?;
                // The answer goes out before the close (which resets: the rest is unread).
                let _ = writer.shutdown(std::net::Shutdown::Write);
                return Err(std::io::Error::other("a line over the limit"));
            }
            Err(e) if is_timeout(&e) => {
                let _ = writeln!(writer, "error: idle for {} s", limits.idle_timeout);
                return Err(std::io::Error::other("idle past the timeout"));
            }
            Err(e) => return Err(e),
        }
        let line = String::from_utf8_lossy(&buffer);
        let line = line.trim_matches(|c: char| c == '\0' || c.is_whitespace());
        if line.is_empty() {
            continue;
        }
        let reply = player.reply(line);
        if let Some(error) = &reply.error {
            eprintln!("ludus: unreadable line {line:?}: {error}");
        } else if verbose {
            eprintln!("{line} -> {}", reply.text);
        }
        writer.write_all(reply.text.as_bytes())?;
        writer.write_all(b"\n")?;
        writer.flush()?;
    }
}

/// Whether a read failed because its timeout passed.
fn is_timeout(error: &std::io::Error) -> bool {
    matches!(
        error.kind(),
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_backgammon::player::Player;
    use std::io::Cursor;

    #[test]
    fn a_line_over_the_limit_is_too_long_and_never_read_past_it() {
        let mut input = Cursor::new(vec![b'x'; 10_000]);
        let mut buffer = Vec::new();
        assert!(matches!(
            read_line(&mut input, &mut buffer, 100),
            Ok(Line::TooLong)
        ));
        assert_eq!(buffer.len(), 101);
        assert_eq!(input.position(), 101);
        let mut input = Cursor::new(b"ab\ncd".to_vec());
        let mut lines = Vec::new();
        while let Ok(Line::Complete) = read_line(&mut input, &mut buffer, 2) {
            lines.push(buffer.clone());
        }
        assert_eq!(lines, [b"ab".to_vec(), b"cd".to_vec()]);
    }

    #[test]
    fn slots_are_bounded_and_given_back() {
        let open = AtomicUsize::new(0);
        let first = Slot::take(&open, 2).expect("a slot");
        let second = Slot::take(&open, 2).expect("a slot");
        assert!(Slot::take(&open, 2).is_none());
        drop(first);
        assert!(Slot::take(&open, 2).is_some());
        drop(second);
        assert_eq!(open.load(Ordering::Acquire), 0);
    }
    use ludus_backgammon::{MatchState, Move, Position};
    use ludus_interop::fibs::{Decision, FibsBoard};

    /// Board lines gnubg sent to the external player, recorded in ludus-interop's tests.
    fn recorded_lines() -> String {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../interop/tests/data/fibs_lines.txt"
        );
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn every_reply_of_the_engine_to_recorded_gnubg_lines_is_legal() {
        for level in [1, 8] {
            let level = Level::new(level).expect("a level");
            let mut player = ExternalPlayer::new(Engine::at_level(level, 0));
            for line in recorded_lines().lines() {
                let reply = player.reply(line);
                assert_eq!(reply.error, None);
                let board: FibsBoard = line.parse().expect("a board line");
                match board.decision().expect("a decision") {
                    Decision::TakeOrDrop => assert!(["take", "drop"].contains(&&*reply.text)),
                    Decision::RollOrDouble => {
                        assert!(["roll", "double"].contains(&&*reply.text));
                    }
                    Decision::Move(dice) => {
                        let position = board.position().expect("a position");
                        let legal = position.legal_moves(dice);
                        if reply.text.is_empty() {
                            assert!(legal.iter().all(Move::is_empty), "{line}");
                        } else {
                            let mv = position.parse_move(dice, &reply.text).expect("legal");
                            assert!(
                                legal
                                    .iter()
                                    .any(|m| position.apply(m) == position.apply(&mv))
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_engine_neither_doubles_nor_drops_at_the_start() {
        let mut engine = Engine::at_level(Level::strongest(), 0);
        let state = MatchState::default();
        let start = Position::starting();
        assert!(!Player::double(&mut engine, &start, &state).expect("a decision"));
        assert!(Player::take(&mut engine, &start, &state).expect("a decision"));
    }
}
