//! Players that are other programs, over Ludus's line protocol
//! (`docs/backgammon-player-protocol.md`, `ludus_interop::player_protocol`): GNU Backgammon run
//! with this crate's own `assets/gnubg-player.py`, or any command line that speaks the protocol.

use ludus_backgammon::player::{Evaluation, PlayRequest, Player, PlayerError};
use ludus_backgammon::{Dice, MatchState, Position};
use ludus_interop::player_protocol::{Mode, PlayerClient, ProtocolError};
use std::io::BufReader;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use thiserror::Error;

/// The gnubg side of the protocol (run by `gnubg -q -t -p`).
pub const GNUBG_SCRIPT: &str = include_str!("../../assets/gnubg-player.py");
/// gnubg's binary where Debian installs it (used when `gnubg` is not on the PATH).
const DEBIAN_GNUBG: &str = "/usr/games/gnubg";
/// The environment variable that names another gnubg binary.
const GNUBG_ENV: &str = "LUDUS_GNUBG";
/// Deepest gnubg lookahead accepted (gnubg's 4-ply takes seconds a move).
pub const MAX_GNUBG_PLIES: u8 = 4;
/// How long a player may take to exit after `quit` before it is killed.
const EXIT_GRACE: Duration = Duration::from_secs(2);

/// A program that speaks the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Program {
    /// GNU Backgammon at this many plies.
    Gnubg {
        /// gnubg's lookahead for moves and cube decisions.
        plies: u8,
    },
    /// A command line, run by `sh -c`.
    Command(String),
}

impl Program {
    /// A short label for reports.
    pub fn label(&self) -> String {
        match self {
            Program::Gnubg { plies } => format!("gnubg {plies}-ply"),
            Program::Command(command) => command.clone(),
        }
    }
}

/// Why a player program could not be started.
#[derive(Debug, Error)]
pub enum StartError {
    /// The program could not be run (a missing binary: the user's choice).
    #[error("cannot start {program}: {error}")]
    Spawn {
        /// The program's label.
        program: String,
        /// Why.
        error: std::io::Error,
    },
    /// The gnubg script could not be written to a temporary file.
    #[error(transparent)]
    Script(std::io::Error),
    /// The child process came without pipes.
    #[error("no pipes to the player")]
    Pipes,
    /// The program did not open the protocol.
    #[error("{program}")]
    Connect {
        /// The program's label.
        program: String,
        /// What the protocol saw.
        #[source]
        source: ProtocolError,
    },
}

impl StartError {
    /// True when the user's choice of program is at fault (it does not run).
    pub fn is_bad_input(&self) -> bool {
        matches!(self, StartError::Spawn { .. })
    }
}

/// The embedded gnubg script written to a file of its own for one player; removed on drop.
struct ScriptFile(PathBuf);

impl ScriptFile {
    fn write() -> std::io::Result<ScriptFile> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!("ludus-gnubg-player-{}-{n}.py", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, GNUBG_SCRIPT)?;
        Ok(ScriptFile(path))
    }
}

impl Drop for ScriptFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// gnubg's binary: `$LUDUS_GNUBG`, else `gnubg` on the PATH, else Debian's.
fn gnubg_binary() -> String {
    if let Ok(path) = std::env::var(GNUBG_ENV) {
        return path;
    }
    let on_path = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|p| p.join("gnubg").is_file()));
    if on_path {
        "gnubg".to_string()
    } else {
        DEBIAN_GNUBG.to_string()
    }
}

/// The command that runs `program`, and the script file it needs kept while it runs.
fn command(program: &Program) -> Result<(Command, Option<ScriptFile>), StartError> {
    Ok(match program {
        Program::Gnubg { plies } => {
            let script = ScriptFile::write().map_err(StartError::Script)?;
            let mut command = Command::new(gnubg_binary());
            command
                .args(["-q", "-t", "-p"])
                .arg(&script.0)
                .env("GNUBG_PLAYER_PLIES", plies.to_string());
            (command, Some(script))
        }
        Program::Command(line) => {
            let mut command = Command::new("sh");
            command.args(["-c", line]);
            (command, None)
        }
    })
}

/// A running player program and the host's side of the protocol.
pub struct ProgramPlayer {
    label: String,
    client: PlayerClient<BufReader<ChildStdout>, ChildStdin>,
    child: Child,
    _script: Option<ScriptFile>,
}

impl ProgramPlayer {
    /// Starts `program` and waits for its `ready` line.
    pub fn start(program: &Program) -> Result<ProgramPlayer, StartError> {
        let (mut command, script) = command(program)?;
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|error| StartError::Spawn {
                program: program.label(),
                error,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(StartError::Pipes);
        };
        let client = PlayerClient::connect(BufReader::new(stdout), stdin).map_err(|source| {
            let _ = child.kill();
            StartError::Connect {
                program: program.label(),
                source,
            }
        })?;
        let label = match program {
            Program::Command(_) if !client.name().is_empty() => client.name().to_string(),
            _ => program.label(),
        };
        Ok(ProgramPlayer {
            label,
            client,
            child,
            _script: script,
        })
    }

    /// The program's evaluation of `position` for its side on roll (`eval` request).
    pub fn evaluate(
        &mut self,
        position: &Position,
        state: &MatchState,
        mode: Mode,
    ) -> Result<Evaluation, PlayerError> {
        self.client
            .evaluate(position, state, mode)
            .map_err(|e| self.error(e))
    }

    fn error(&self, error: ProtocolError) -> PlayerError {
        PlayerError::new(self.label.clone(), error)
    }
}

impl Drop for ProgramPlayer {
    fn drop(&mut self) {
        let _ = self.client.quit();
        let deadline = Instant::now() + EXIT_GRACE;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The state sent with a cubeless request: a money game, centred cube (unused by the player).
fn cubeless_state(dice: Dice) -> MatchState {
    MatchState {
        dice: Some(dice),
        ..MatchState::default()
    }
}

impl Player for ProgramPlayer {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn choose(&mut self, request: PlayRequest<'_>) -> Result<usize, PlayerError> {
        if request.plays.len() == 1 {
            return Ok(0);
        }
        let (position, dice) = (request.position, request.dice);
        let (state, mode) = match request.state {
            Some(state) => (*state, Mode::Cubeful),
            None => (cubeless_state(dice), Mode::Cubeless),
        };
        let mv = self
            .client
            .choose_move(position, &state, dice, mode)
            .map_err(|e| self.error(e))?;
        request.index_of(&position.apply(&mv)).ok_or_else(|| {
            let message = format!(
                "the play {mv} in {} with {dice} is not among the legal plays",
                position.position_id()
            );
            PlayerError::new(self.label.clone(), message)
        })
    }

    fn double(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        self.client
            .double(position, state)
            .map_err(|e| self.error(e))
    }

    fn take(&mut self, position: &Position, state: &MatchState) -> Result<bool, PlayerError> {
        self.client.take(position, state).map_err(|e| self.error(e))
    }

    /// The program's `eval` answer; cubeless requests carry a money game's state.
    fn evaluate(
        &mut self,
        position: &Position,
        state: Option<&MatchState>,
    ) -> Result<Option<Evaluation>, PlayerError> {
        let (state, mode) = match state {
            Some(state) => (*state, Mode::Cubeful),
            None => (MatchState::default(), Mode::Cubeless),
        };
        ProgramPlayer::evaluate(self, position, &state, mode).map(Some)
    }
}
