//! Players that are other programs, over Ludus's line protocol
//! (`docs/backgammon-player-protocol.md`, `ludus_interop::player_protocol`): `gnubg:Nply` runs
//! GNU Backgammon with `scripts/gnubg-player.py` (embedded in this binary), `cmd:<command line>`
//! any program that speaks the protocol. And `ludus backgammon player`: Ludus's engine speaking
//! it on stdin/stdout.

use crate::{CliError, CliResult};
use clap::Args;
use ludus_backgammon::player::{Evaluation, Player, PlayerError};
use ludus_backgammon::{Dice, MatchState, Position};
use ludus_backgammon_engine::duel::PlayerPair;
use ludus_backgammon_engine::engine::Engine;
use ludus_backgammon_engine::level::{Level, MAX_LEVEL};
use ludus_interop::player_protocol::{Mode, PlayerClient, ProtocolError, serve};
use std::io::BufReader;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The gnubg side of the protocol (run by `gnubg -q -t -p`).
const GNUBG_SCRIPT: &str = include_str!("../../../scripts/gnubg-player.py");
/// gnubg's binary where Debian installs it (used when `gnubg` is not on the PATH).
const DEBIAN_GNUBG: &str = "/usr/games/gnubg";
/// The environment variable that names another gnubg binary.
const GNUBG_ENV: &str = "LUDUS_GNUBG";
/// Deepest gnubg lookahead accepted (gnubg's 4-ply takes seconds a move).
const MAX_GNUBG_PLIES: u8 = 4;
/// How long a player may take to exit after `quit` before it is killed.
const EXIT_GRACE: Duration = Duration::from_secs(2);

/// A program that speaks the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Program {
    /// GNU Backgammon at this many plies.
    Gnubg {
        /// gnubg's lookahead for moves and cube decisions.
        plies: u8,
    },
    /// A command line, run by `sh -c`.
    Command(String),
}

impl Program {
    /// Reads `gnubg:Nply` (or `gnubg:N`) and `cmd:<command line>`; `None` for other specs.
    pub(crate) fn parse(spec: &str) -> Option<Result<Program, CliError>> {
        if let Some(command) = spec.strip_prefix("cmd:") {
            if command.trim().is_empty() {
                return Some(Err(CliError::bad_input("cmd: needs a command line")));
            }
            return Some(Ok(Program::Command(command.to_string())));
        }
        let plies = spec.strip_prefix("gnubg:")?;
        let digits = plies.strip_suffix("ply").unwrap_or(plies);
        Some(match digits.parse::<u8>() {
            Ok(plies) if plies <= MAX_GNUBG_PLIES => Ok(Program::Gnubg { plies }),
            _ => Err(CliError::bad_input(format!(
                "bad player {spec:?}: expected gnubg:0ply … gnubg:{MAX_GNUBG_PLIES}ply"
            ))),
        })
    }

    /// A short label for reports.
    fn label(&self) -> String {
        match self {
            Program::Gnubg { plies } => format!("gnubg {plies}-ply"),
            Program::Command(command) => command.clone(),
        }
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

/// A running player program and the host's side of the protocol.
pub(crate) struct ProgramPlayer {
    label: String,
    client: PlayerClient<BufReader<ChildStdout>, ChildStdin>,
    child: Child,
    _script: Option<ScriptFile>,
}

impl ProgramPlayer {
    /// Starts `program` and waits for its `ready` line.
    pub(crate) fn start(program: &Program) -> Result<ProgramPlayer, CliError> {
        let (mut command, script) = match program {
            Program::Gnubg { plies } => {
                let script = ScriptFile::write()?;
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
        };
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| CliError::bad_input(format!("cannot start {}: {e}", program.label())))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(CliError::Failure(anyhow::anyhow!("no pipes to the player")));
        };
        let client = PlayerClient::connect(BufReader::new(stdout), stdin).map_err(|e| {
            let _ = child.kill();
            CliError::Failure(anyhow::anyhow!("{}: {e}", program.label()))
        })?;
        let label = match program {
            Program::Gnubg { .. } => program.label(),
            Program::Command(_) if !client.name().is_empty() => client.name().to_string(),
            Program::Command(_) => program.label(),
        };
        Ok(ProgramPlayer {
            label,
            client,
            child,
            _script: script,
        })
    }

    /// The program's evaluation of `position` for its side on roll (`eval` request).
    pub(crate) fn evaluate(
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

    fn choose(
        &mut self,
        position: &Position,
        dice: Dice,
        plays: &[Position],
        state: Option<&MatchState>,
    ) -> Result<usize, PlayerError> {
        if plays.len() == 1 {
            return Ok(0);
        }
        let (state, mode) = match state {
            Some(state) => (*state, Mode::Cubeful),
            None => (cubeless_state(dice), Mode::Cubeless),
        };
        let mv = self
            .client
            .choose_move(position, &state, dice, mode)
            .map_err(|e| self.error(e))?;
        let after = position.apply(&mv);
        plays.iter().position(|p| *p == after).ok_or_else(|| {
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

/// Builds one player from its command-line form.
pub(crate) type PlayerMaker<'a> = dyn Fn(&str) -> Result<Box<dyn Player>, CliError> + Sync + 'a;

/// Builds the players of one duel worker from two specs, through `make` for Ludus's own.
pub(crate) fn pair_factory<'a>(
    a: &'a str,
    b: &'a str,
    make: &'a PlayerMaker<'a>,
) -> impl Fn() -> Result<PlayerPair, PlayerError> + Sync + 'a {
    move || {
        let build = |spec: &str| make(spec).map_err(|e| PlayerError::new(spec, e.message()));
        Ok((build(a)?, build(b)?))
    }
}

/// Arguments of `ludus backgammon player`.
#[derive(Debug, Args)]
pub(crate) struct PlayerArgs {
    /// Strength 1..=10 (README, "Backgammon levels").
    #[arg(long, default_value_t = u32::from(MAX_LEVEL))]
    level: u32,
    /// Seed of the noise of the lower levels.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// Serves the protocol on stdin/stdout.
pub(crate) fn run(args: PlayerArgs) -> CliResult {
    let level = Level::new(args.level).map_err(|e| CliError::bad_input(format!("--level: {e}")))?;
    let mut engine = Engine::at_level(level, args.seed);
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match serve(stdin, stdout, &mut engine) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}
