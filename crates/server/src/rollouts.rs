//! Rollouts of the analysis board (`POST /api/backgammon/rollouts`, then `GET` and `DELETE
//! /api/backgammon/rollouts/{id}`): a rollout of a position before its roll, or of one play of
//! a roll (the position after it, answered from the mover's view), cubeless or cubeful,
//! truncated or to the end of each game, runs in parts of
//! [`ROLLOUT_UNIT`] games, each part a job of the analysis pool (so other clients' analyses run
//! between them), its progress asked for while it runs. A rollout stops when asked to, when
//! nobody has asked for it for [`ABANDONED_AFTER`], or at shutdown; a client runs one at a time,
//! the server at most [`MAX_RUNNING`].

use crate::client_key::ClientKey;
use crate::games::backgammon::{RolloutKind, RolloutLength, RolloutPart};
use ludus_backgammon::Position;
use serde::Serialize;
use std::collections::HashMap;
use std::future::Future;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Games in one part of a rollout (one of each ordered first roll).
pub const ROLLOUT_UNIT: u64 = 36;
/// The fewest trials a rollout may ask for.
pub const MIN_TRIALS: u64 = ROLLOUT_UNIT;
/// The most trials a rollout may ask for.
pub const MAX_TRIALS: u64 = 36 * ROLLOUT_UNIT;
/// Rollouts running at once on the server.
pub const MAX_RUNNING: usize = 4;
/// A rollout nobody has asked about for this long stops.
pub const ABANDONED_AFTER: Duration = Duration::from_secs(30);
/// How long a finished or stopped rollout is kept for its last answer.
const KEPT_AFTER_END: Duration = Duration::from_secs(600);

/// Where a rollout stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RolloutState {
    /// Parts are still being played.
    Running,
    /// Every trial asked for was played.
    Finished,
    /// Stopped before the end (asked to, abandoned, or the server shutting down).
    Stopped,
}

/// A rollout's answer: its progress and its result so far, for the side on roll (of a play:
/// for the side that played it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RolloutAnswer {
    /// The rollout's id.
    pub id: String,
    /// The gnubg Position ID asked about (before the roll; of a play, before the play).
    pub position_id: String,
    /// The play rolled out, with its dice (`None`: the position before its roll).
    pub play: Option<RolledPlay>,
    /// How far each game is played.
    pub length: RolloutLength,
    /// Whether the cube is played (money, centred at 1 at the start): `equity` is then cubeful.
    pub cubeful: bool,
    /// Trials asked for.
    pub trials: u64,
    /// Trials played so far.
    pub done: u64,
    /// Where it stands.
    pub state: RolloutState,
    /// Mean cubeless equity of the trials played (0 before the first part).
    pub equity: f64,
    /// Half the width of the 95 % interval of `equity`.
    pub ci95: f64,
    /// Mean chances: win, win gammon, win backgammon, lose gammon, lose backgammon.
    pub chances: [f64; 5],
}

/// One play of a roll, rolled out: the position after it, seen from the side that played it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RolledPlay {
    /// The dice, higher first ("31").
    pub dice: String,
    /// The play in gnubg's notation ("8/5 6/5").
    pub play: String,
}

/// What a rollout plays: `position` (the side on roll's view, before its roll) — for a play,
/// the position after it — `trials` games of `kind`.
#[derive(Debug, Clone)]
pub struct RolloutSpec {
    /// The gnubg Position ID asked about.
    pub position_id: String,
    /// The position whose games are played.
    pub position: Position,
    /// The play, where the rollout is of one ([`RolloutAnswer::play`]).
    pub play: Option<RolledPlay>,
    /// Trials.
    pub trials: u64,
    /// How far each game is played, and whether the cube is played.
    pub kind: RolloutKind,
}

/// Why a rollout was not started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartRefusal {
    /// The client runs one already.
    ClientBusy,
    /// [`MAX_RUNNING`] are running.
    ServerBusy,
}

/// One rollout.
struct Rollout {
    id: String,
    client: ClientKey,
    spec: RolloutSpec,
    progress: Mutex<(RolloutPart, RolloutState, Instant)>,
    stop: AtomicBool,
    asked: Mutex<Instant>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Rollout {
    fn answer(&self) -> RolloutAnswer {
        let (part, state, _) = *lock(&self.progress);
        let n = part.games.max(1) as f64;
        let variance = if part.games > 1 {
            ((part.equity_squared - part.equity * part.equity / n) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        RolloutAnswer {
            id: self.id.clone(),
            position_id: self.spec.position_id.clone(),
            play: self.spec.play.clone(),
            length: self.spec.kind.length,
            cubeful: self.spec.kind.cubeful,
            trials: self.spec.trials,
            done: part.games,
            state,
            equity: part.equity / n,
            ci95: 1.96 * (variance / n).sqrt(),
            chances: part.chances.map(|sum| sum / n),
        }
    }

    fn state(&self) -> RolloutState {
        lock(&self.progress).1
    }

    fn end(&self, state: RolloutState) {
        let mut progress = lock(&self.progress);
        progress.1 = state;
        progress.2 = Instant::now();
    }

    /// Whether it should stop before its next part: asked to, or abandoned.
    fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || lock(&self.asked).elapsed() > ABANDONED_AFTER
    }
}

/// The rollouts of the server.
#[derive(Default)]
pub struct Rollouts {
    all: Mutex<HashMap<String, Arc<Rollout>>>,
}

impl Rollouts {
    /// Starts the rollout `spec` (its trials a multiple of [`ROLLOUT_UNIT`] between
    /// [`MIN_TRIALS`] and [`MAX_TRIALS`], checked by the caller) for `client`: its first answer,
    /// and the job that plays it ([`RolloutJob::play`]).
    pub fn start(
        &self,
        client: ClientKey,
        spec: RolloutSpec,
    ) -> Result<(RolloutAnswer, RolloutJob), StartRefusal> {
        let mut all = lock(&self.all);
        all.retain(|_, r| {
            let (_, state, ended) = *lock(&r.progress);
            state == RolloutState::Running || ended.elapsed() < KEPT_AFTER_END
        });
        let running: Vec<&Arc<Rollout>> = all
            .values()
            .filter(|r| r.state() == RolloutState::Running)
            .collect();
        if running.iter().any(|r| r.client == client) {
            return Err(StartRefusal::ClientBusy);
        }
        if running.len() >= MAX_RUNNING {
            return Err(StartRefusal::ServerBusy);
        }
        let rollout = Arc::new(Rollout {
            id: format!("{:016x}", rand::random::<u64>()),
            client,
            spec,
            progress: Mutex::new((
                RolloutPart::default(),
                RolloutState::Running,
                Instant::now(),
            )),
            stop: AtomicBool::new(false),
            asked: Mutex::new(Instant::now()),
        });
        all.insert(rollout.id.clone(), Arc::clone(&rollout));
        Ok((rollout.answer(), RolloutJob(rollout)))
    }

    /// The answer of rollout `id` (the asking keeps it going), or `None`.
    pub fn get(&self, id: &str) -> Option<RolloutAnswer> {
        let rollout = lock(&self.all).get(id).cloned()?;
        *lock(&rollout.asked) = Instant::now();
        Some(rollout.answer())
    }

    /// Stops rollout `id` before its next part; its answer, or `None`.
    pub fn stop(&self, id: &str) -> Option<RolloutAnswer> {
        let rollout = lock(&self.all).get(id).cloned()?;
        rollout.stop.store(true, Ordering::Relaxed);
        if rollout.state() == RolloutState::Running {
            rollout.end(RolloutState::Stopped);
        }
        Some(rollout.answer())
    }
}

/// The work of a started rollout: its parts, played one after the other.
pub struct RolloutJob(Arc<Rollout>);

impl RolloutJob {
    /// The position whose games are played.
    pub fn position(&self) -> Position {
        self.0.spec.position
    }

    /// How far each game is played, and whether the cube is played.
    pub fn kind(&self) -> RolloutKind {
        self.0.spec.kind
    }

    /// Plays the parts, `part(games)` playing the games numbered `games` (one job of the
    /// analysis pool; `None` where it could not run), until all are played or it stops.
    pub async fn play<F>(self, mut part: impl FnMut(Range<u64>) -> F)
    where
        F: Future<Output = Option<RolloutPart>>,
    {
        let rollout = self.0;
        let mut start = 0;
        let trials = rollout.spec.trials;
        let of_play = rollout.spec.play.is_some();
        while start < trials {
            if rollout.should_stop() {
                rollout.end(RolloutState::Stopped);
                return;
            }
            let games = start..(start + ROLLOUT_UNIT).min(trials);
            let Some(played) = part(games).await else {
                rollout.end(RolloutState::Stopped);
                return;
            };
            let mut progress = lock(&rollout.progress);
            if progress.1 != RolloutState::Running {
                return;
            }
            // A play's games are played by the opponent on roll: seen from the mover.
            progress
                .0
                .merge(&if of_play { played.other_side() } else { played });
            start = progress.0.games;
        }
        rollout.end(RolloutState::Finished);
    }
}
