//! `ludus backgammon external`: gnubg's external player over TCP (glue over `ludus-interop`).
//!
//! gnubg connects, writes one FIBS board line per decision (ended by a newline and a NUL) and
//! reads one reply line. Every line is complete in itself, so a reconnecting gnubg simply goes on.

use crate::{CliError, CliResult};
use clap::Args;
use ludus_interop::external::{EngineBrain, ExternalPlayer};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};

/// Weakest and strongest `--level`.
const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// Arguments of `ludus backgammon external`.
#[derive(Debug, Args)]
pub(crate) struct ExternalArgs {
    /// Address to listen on, e.g. 127.0.0.1:4711.
    #[arg(long, value_name = "HOST:PORT")]
    listen: String,
    /// Strength 1..=10: 1-4 choose moves at 0 ply, 5-8 at 1 ply, 9-10 at 2 plies (and the cube at 1).
    #[arg(long, default_value_t = 5)]
    level: u8,
    /// Serve this many connections, then exit (default: forever).
    #[arg(long, value_name = "N")]
    connections: Option<u64>,
    /// Log every line and reply on stderr.
    #[arg(long)]
    verbose: bool,
}

/// Move and cube plies of a level.
fn plies(level: u8) -> (u8, u8) {
    match level {
        0..=4 => (0, 0),
        5..=8 => (1, 0),
        _ => (2, 1),
    }
}

/// Runs the server.
pub(crate) fn run(args: ExternalArgs) -> CliResult {
    if !LEVELS.contains(&args.level) {
        return Err(CliError::bad_input(format!(
            "--level must be {} to {}",
            LEVELS.start(),
            LEVELS.end()
        )));
    }
    let listener = TcpListener::bind(&args.listen)
        .map_err(|e| CliError::bad_input(format!("cannot listen on {}: {e}", args.listen)))?;
    eprintln!("ludus: gnubg external player listening on {}", args.listen);
    let (move_plies, cube_plies) = plies(args.level);
    let mut served = 0;
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(s) => s,
            Err(e) => {
                eprintln!("ludus: accept failed: {e}");
                continue;
            }
        };
        let mut player = ExternalPlayer::new(EngineBrain::new(move_plies, cube_plies));
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
    player: &mut ExternalPlayer<EngineBrain>,
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
