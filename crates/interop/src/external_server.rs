//! gnubg's external player over TCP: the transport of [`crate::external`]'s session.
//!
//! gnubg connects, writes one FIBS board line per decision (ended by a newline and a NUL) and
//! reads one reply line. Every line is complete in itself, so a reconnecting gnubg simply goes on.
//!
//! Each connection has a thread of its own and a player of its own, at most
//! [`ConnectionLimits::max_connections`] at once (one more is answered `error: …` and closed); a
//! connection silent for [`ConnectionLimits::idle_timeout`] is closed, and a line longer than
//! [`ConnectionLimits::max_line`] bytes is answered `error: …` and ends its connection, so that a
//! client holds at most one line of memory. What happens is told to a log callback
//! ([`ServerEvent`]); the server prints nothing itself.

use crate::external::ExternalPlayer;
use ludus_backgammon::player::Player;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How long a refusal may take to write before the connection is dropped anyway.
const REFUSAL_WRITE_TIMEOUT: Duration = Duration::from_secs(1);

/// What one client may hold of the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Connections served at once; one more is answered `error: …` and closed.
    pub max_connections: usize,
    /// A connection that sends nothing for this long is closed.
    pub idle_timeout: Duration,
    /// Longest line read, in bytes (its newline not counted); a longer one is answered
    /// `error: …` and its connection closed.
    pub max_line: usize,
}

/// What the server tells its log.
#[derive(Debug)]
pub enum ServerEvent<'a> {
    /// Accepting a connection failed (the server goes on).
    AcceptFailed(&'a io::Error),
    /// A connection beyond the limit was answered `error: busy …` and closed.
    Refused {
        /// Connections served at once.
        most: usize,
    },
    /// A connection ended with an error (too long a line, idle past the timeout, I/O).
    ConnectionEnded(&'a io::Error),
    /// A line that is not a readable board (answered with an empty line).
    Unreadable {
        /// The line, trimmed.
        line: &'a str,
        /// Why it cannot be read.
        error: &'a str,
    },
    /// A line answered.
    Replied {
        /// The line, trimmed.
        line: &'a str,
        /// The reply sent.
        reply: &'a str,
    },
}

/// Serves gnubg's external player on `listener`: each connection (numbered from 0) plays with
/// `new_player(number)`. Stops accepting after `connections` connections when given (and
/// returns once they are closed); serves forever otherwise.
pub fn serve<P, F>(
    listener: &TcpListener,
    mut new_player: F,
    limits: ConnectionLimits,
    connections: Option<u64>,
    log: &(dyn Fn(ServerEvent<'_>) + Sync),
) where
    P: Player,
    F: FnMut(u64) -> P,
{
    let open = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let mut served = 0;
        for stream in listener.incoming() {
            let stream = match stream {
                Ok(s) => s,
                Err(e) => {
                    log(ServerEvent::AcceptFailed(&e));
                    continue;
                }
            };
            let Some(slot) = Slot::take(&open, limits.max_connections) else {
                refuse(stream, limits.max_connections);
                log(ServerEvent::Refused {
                    most: limits.max_connections,
                });
                continue;
            };
            let player = ExternalPlayer::new(new_player(served));
            scope.spawn(move || {
                let _slot = slot;
                if let Err(e) = serve_connection(stream, player, limits, log) {
                    log(ServerEvent::ConnectionEnded(&e));
                }
            });
            served += 1;
            if connections.is_some_and(|n| served >= n) {
                break;
            }
        }
    });
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
    let _ = stream.set_write_timeout(Some(REFUSAL_WRITE_TIMEOUT));
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
fn read_line(reader: &mut impl BufRead, buffer: &mut Vec<u8>, max: usize) -> io::Result<Line> {
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
fn serve_connection<P: Player>(
    stream: TcpStream,
    mut player: ExternalPlayer<P>,
    limits: ConnectionLimits,
    log: &(dyn Fn(ServerEvent<'_>) + Sync),
) -> io::Result<()> {
    stream.set_read_timeout(Some(limits.idle_timeout))?;
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
                let _ = writer.shutdown(Shutdown::Write);
                return Err(io::Error::other("a line over the limit"));
            }
            Err(e) if is_timeout(&e) => {
                let seconds = limits.idle_timeout.as_secs();
                let _ = writeln!(writer, "error: idle for {seconds} s");
                return Err(io::Error::other("idle past the timeout"));
            }
            Err(e) => return Err(e),
        }
        let line = String::from_utf8_lossy(&buffer);
        let line = line.trim_matches(|c: char| c == '\0' || c.is_whitespace());
        if line.is_empty() {
            continue;
        }
        let reply = player.reply(line);
        match &reply.error {
            Some(error) => log(ServerEvent::Unreadable { line, error }),
            None => log(ServerEvent::Replied {
                line,
                reply: &reply.text,
            }),
        }
        writer.write_all(reply.text.as_bytes())?;
        writer.write_all(b"\n")?;
        writer.flush()?;
    }
}

/// Whether a read failed because its timeout passed.
fn is_timeout(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
    )
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
