//! `ludus backgammon external`: gnubg's external player over TCP (glue over `ludus-interop`'s
//! session, with the engine at a level as its player).
//!
//! gnubg connects, writes one FIBS board line per decision (ended by a newline and a NUL) and
//! reads one reply line. Every line is complete in itself, so a reconnecting gnubg simply goes on.

use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::level::{Level, MAX_LEVEL};
use ludus_interop::external::ExternalPlayer;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};

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
    /// Serve this many connections, then exit (default: forever).
    #[arg(long, value_name = "N")]
    connections: Option<u64>,
    /// Log every line and reply on stderr.
    #[arg(long)]
    verbose: bool,
}

/// Runs the server.
pub(crate) fn run(args: ExternalArgs) -> CliResult {
    let level = Level::new(args.level).map_err(|e| CliError::bad_input(format!("--level: {e}")))?;
    let listener = TcpListener::bind(&args.listen)
        .map_err(|e| CliError::bad_input(format!("cannot listen on {}: {e}", args.listen)))?;
    eprintln!("ludus: gnubg external player listening on {}", args.listen);
    let mut served = 0;
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            Err(e) => {
                eprintln!("ludus: accept failed: {e}");
                continue;
            }
        };
        // The noise of the lower levels seeded by the connection's number.
        let mut player = ExternalPlayer::new(Engine::at_level(level, served));
        if let Err(e) = serve(stream, &mut player, args.verbose) {
            eprintln!("ludus: connection ended: {e}");
        }
        served += 1;
        if args.connections.is_some_and(|n| served >= n) {
            break;
        }
    }
    Ok(())
}

/// Answers the lines of one connection until gnubg closes it.
fn serve(
    stream: TcpStream,
    player: &mut ExternalPlayer<Engine>,
    verbose: bool,
) -> std::io::Result<()> {
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        if reader.read_until(b'\n', &mut buffer)? == 0 {
            return Ok(());
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

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_backgammon::player::Player;
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
