//! The parallel labeller behind `ludus backgammon label`: seeded self-play games of a teacher,
//! their positions valued by its lookahead or by rollouts ([`Labeller`]), written to a file of
//! labelled positions ([`crate::backgammon::labels`]) game by game in order.
//!
//! Games are handed out to worker threads one at a time; each worker sends back the lines of a
//! whole game; a reorder buffer ([`InOrder`]) holds games that finished early until every game
//! before them is written, so the file is the same for any number of threads, and a stopped run
//! resumes exactly ([`LabelFile::resume`]).

use crate::backgammon::labels::{LabelFileError, format_line, resume_point};
use crate::backgammon::supervised::{
    RolloutLabel, close_cube_samples, disagreement_samples, game_samples, label, label_rollout,
    race_samples, sibling_samples,
};
use crate::file_error::FileError;
use ludus_backgammon::Position;
use ludus_backgammon_engine::NetEvaluator;
use ludus_backgammon_engine::rollout::LuckEstimate;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use thiserror::Error;

/// How the positions are valued: the teacher's lookahead or a rollout by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Labeller {
    /// The teacher's lookahead at this many plies.
    Plies(u8),
    /// A luck-adjusted rollout played by the teacher at its plies (0 or 1).
    Rollout(RolloutLabel),
}

/// Why the labelling options do not go together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum LabellerError {
    /// A rollout teacher with a lookahead deeper than 1 ply.
    #[error(
        "--rollout plays its games at 0 or 1 ply: give the teacher as net:0, net:1, FILE:0 or FILE:1"
    )]
    RolloutPlies,
    /// No games or no plies.
    #[error("--rollout and --truncate must be at least 1")]
    Zero,
}

impl Labeller {
    /// From the teacher's plies and the rollout options: `rollout` games a position (`None`:
    /// the lookahead labels) played at the teacher's plies, each truncated after `truncate`
    /// plies, luck valued by `luck`.
    pub fn new(
        plies: u8,
        rollout: Option<u64>,
        truncate: Option<u32>,
        luck: LuckEstimate,
    ) -> Result<Labeller, LabellerError> {
        let Some(games) = rollout else {
            return Ok(Labeller::Plies(plies));
        };
        if plies > 1 {
            return Err(LabellerError::RolloutPlies);
        }
        if games == 0 || truncate == Some(0) {
            return Err(LabellerError::Zero);
        }
        Ok(Labeller::Rollout(RolloutLabel {
            games,
            truncate,
            luck,
            plies,
        }))
    }
}

impl std::fmt::Display for Labeller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Labeller::Plies(plies) => write!(f, "at {plies} plies"),
            Labeller::Rollout(RolloutLabel {
                games,
                truncate,
                luck,
                plies,
            }) => {
                write!(f, "by {games}-game rollouts")?;
                if *plies > 0 {
                    write!(f, " at {plies} ply")?;
                }
                if let Some(t) = truncate {
                    write!(f, " truncated after {t} plies")?;
                }
                match luck {
                    LuckEstimate::FullWidth => Ok(()),
                    LuckEstimate::Pruned => write!(f, ", luck by the pruned choice"),
                }
            }
        }
    }
}

/// Which positions of each game are labelled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Selection {
    /// Every position on roll and some after other plays ([`game_samples`]).
    Played,
    /// Both positions of each decision where 0 ply and 2 plies disagree by at least this much
    /// equity ([`disagreement_samples`]).
    Disagreement(f64),
    /// The race positions among [`Selection::Played`]'s ([`race_samples`]).
    Race,
    /// The positions on roll whose money cube decision is within this much equity of changing
    /// ([`close_cube_samples`]).
    CloseCube(f64),
    /// The positions after this many best plays (by 0 ply) of every decision
    /// ([`sibling_samples`]).
    Siblings(usize),
}

/// What to label: the teacher, the games and how their positions are valued.
#[derive(Clone, Copy, Debug)]
pub struct LabelRun<'a> {
    /// The teacher: plays the games at 0 ply and labels.
    pub teacher: &'a NetEvaluator,
    /// Seed of the games (dice and noise).
    pub seed: u64,
    /// Games in all, counting those already in the file.
    pub games: u64,
    /// Equity noise (uniform, ±) on each play of the games.
    pub noise: f32,
    /// How the positions are valued.
    pub labeller: Labeller,
    /// Which positions are labelled.
    pub selection: Selection,
    /// Worker threads.
    pub jobs: usize,
}

impl LabelRun<'_> {
    /// The lines of game `game`: its positions and their labels.
    pub fn game_lines(&self, game: u64) -> String {
        let (seed, noise) = (self.seed, self.noise);
        let positions = match self.selection {
            Selection::Played => game_samples(self.teacher, seed, game, noise),
            Selection::Disagreement(threshold) => {
                disagreement_samples(self.teacher, seed, game, noise, threshold)
            }
            Selection::Race => race_samples(self.teacher, seed, game, noise),
            Selection::CloseCube(window) => {
                close_cube_samples(self.teacher, seed, game, noise, window)
            }
            Selection::Siblings(top) => {
                let siblings = sibling_samples(self.teacher, seed, game, noise, top);
                let numbered = siblings.into_iter().map(|(d, p)| (Some(d), p)).collect();
                return self.numbered_lines(game, numbered);
            }
        };
        self.numbered_lines(game, positions.into_iter().map(|p| (None, p)).collect())
    }

    /// The lines of game `game`'s positions, each with its decision number if it has one.
    fn numbered_lines(&self, game: u64, samples: Vec<(Option<u64>, Position)>) -> String {
        let mut out = String::new();
        for (index, (decision, position)) in samples.into_iter().enumerate() {
            let sample = match self.labeller {
                Labeller::Plies(plies) => label(self.teacher, &position, plies),
                Labeller::Rollout(how) => {
                    label_rollout(self.teacher, &position, how, self.seed, game, index as u64)
                }
            };
            out.push_str(&format_line(game, decision, &sample));
            out.push('\n');
        }
        out
    }
}

/// Games that finished out of order, held until every game before them is out.
#[derive(Debug, Default)]
pub struct InOrder {
    next: u64,
    pending: BTreeMap<u64, String>,
}

impl InOrder {
    /// A buffer whose first game is `first`.
    pub fn starting_at(first: u64) -> InOrder {
        InOrder {
            next: first,
            pending: BTreeMap::new(),
        }
    }

    /// Takes the lines of `game`.
    pub fn insert(&mut self, game: u64, lines: String) {
        self.pending.insert(game, lines);
    }

    /// The lines of the next game in order, once it has come.
    pub fn pop(&mut self) -> Option<String> {
        let lines = self.pending.remove(&self.next)?;
        self.next += 1;
        Some(lines)
    }

    /// The game the buffer waits for: every game before it is out.
    pub fn next(&self) -> u64 {
        self.next
    }
}

/// A file of labelled positions opened for labelling, after its last (perhaps partial) game was
/// dropped.
#[derive(Debug)]
pub struct LabelFile {
    path: PathBuf,
    file: File,
    first: u64,
}

impl LabelFile {
    /// Opens `path` for appending, created if missing, resumed from its last game.
    pub fn resume(path: &Path) -> Result<LabelFile, LabelFileError> {
        let first = resume_point(path)?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(FileError::of("opening", path))?;
        Ok(LabelFile {
            path: path.to_path_buf(),
            file,
            first,
        })
    }

    /// The first game labelled: the number of games already in the file.
    pub fn first(&self) -> u64 {
        self.first
    }

    /// Labels games `first..run.games` on `run.jobs` threads and writes them in order;
    /// `progress(games_done)` after each game written. Returns the positions written.
    pub fn label(
        &mut self,
        run: &LabelRun,
        mut progress: impl FnMut(u64),
    ) -> Result<u64, LabelFileError> {
        let next = AtomicU64::new(self.first);
        let failed = AtomicBool::new(false);
        let (sender, receiver) = mpsc::channel::<(u64, String)>();
        let mut order = InOrder::starting_at(self.first);
        let mut written = 0u64;
        std::thread::scope(|scope| {
            for _ in 0..run.jobs {
                let sender = sender.clone();
                let (next, failed) = (&next, &failed);
                scope.spawn(move || label_games(run, next, failed, &sender));
            }
            drop(sender);
            for (game, lines) in receiver {
                order.insert(game, lines);
                while let Some(lines) = order.pop() {
                    if let Err(error) = self.write(&lines) {
                        failed.store(true, Ordering::Relaxed);
                        return Err(error);
                    }
                    written += lines.lines().count() as u64;
                    progress(order.next());
                }
            }
            Ok(())
        })?;
        self.file.flush().map_err(|e| self.io_error(e))?;
        Ok(written)
    }

    fn write(&mut self, lines: &str) -> Result<(), LabelFileError> {
        self.file
            .write_all(lines.as_bytes())
            .map_err(|e| self.io_error(e))
    }

    fn io_error(&self, source: std::io::Error) -> LabelFileError {
        FileError::of("writing", &self.path)(source).into()
    }
}

/// One worker: takes the next game until none is left (or another failed) and sends its lines.
fn label_games(
    run: &LabelRun,
    next: &AtomicU64,
    failed: &AtomicBool,
    sender: &mpsc::Sender<(u64, String)>,
) {
    loop {
        let game = next.fetch_add(1, Ordering::Relaxed);
        if game >= run.games || failed.load(Ordering::Relaxed) {
            return;
        }
        if sender.send((game, run.game_lines(game))).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_come_out_in_order_whatever_order_they_finish_in() {
        let mut order = InOrder::starting_at(3);
        order.insert(5, "five".into());
        order.insert(4, "four".into());
        assert_eq!(order.pop(), None);
        order.insert(3, "three".into());
        assert_eq!(order.pop().as_deref(), Some("three"));
        assert_eq!(order.pop().as_deref(), Some("four"));
        assert_eq!(order.pop().as_deref(), Some("five"));
        assert_eq!(order.pop(), None);
        assert_eq!(order.next(), 6);
    }

    #[test]
    fn a_rollout_teacher_plays_at_zero_or_one_ply() {
        let luck = LuckEstimate::FullWidth;
        assert_eq!(Labeller::new(2, None, None, luck), Ok(Labeller::Plies(2)));
        assert_eq!(
            Labeller::new(2, Some(36), None, luck),
            Err(LabellerError::RolloutPlies)
        );
        let one_ply = Labeller::new(1, Some(36), None, luck).expect("valid");
        assert_eq!(one_ply.to_string(), "by 36-game rollouts at 1 ply");
        assert_eq!(
            Labeller::new(0, Some(36), Some(0), luck),
            Err(LabellerError::Zero)
        );
        let rollout = Labeller::new(0, Some(36), Some(7), LuckEstimate::Pruned).expect("valid");
        assert_eq!(
            rollout.to_string(),
            "by 36-game rollouts truncated after 7 plies, luck by the pruned choice"
        );
    }
}
