//! Where a self-play training run starts and when it writes its weights: the warm start (a
//! saved network resumed, widened to a larger encoding, grown to more hidden units, or a new
//! random one) and the checkpoint policy (every so many games or positions, the first failure
//! to write stopping the run).

use super::weights::{WeightsFileError, read_weights, write_weights};
use ludus_backgammon_engine::encoding::Encoding;
use ludus_backgammon_engine::net::{DEFAULT_HIDDEN, Net};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Most hidden units a trained network may have.
pub const MAX_HIDDEN: usize = 1024;

/// How a training run starts ([`StartNet::net`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StartNet {
    /// Resume this weights file (keeping its game count); a new random network without it.
    pub resume: Option<PathBuf>,
    /// Hidden units: of a new network ([`DEFAULT_HIDDEN`] when `None`), or those a resumed
    /// network grows to.
    pub hidden: Option<usize>,
    /// The input encoding's id: of a new network (features when `None`), or the one a resumed
    /// network is widened to.
    pub encoding: Option<u32>,
    /// Seed of the new weights.
    pub seed: u64,
}

/// Why a training run cannot start.
#[derive(Debug, Error)]
pub enum StartNetError {
    /// Hidden units out of range.
    #[error("--hidden must be between 1 and {MAX_HIDDEN}")]
    Hidden,
    /// No such encoding.
    #[error("--encoding must be 1 to 6, not {0}")]
    Encoding(u32),
    /// The resumed network has two hidden layers (self-play trains one).
    #[error("{} has two hidden layers: train it with `ludus backgammon fit --init`", .0.display())]
    TwoLayers(PathBuf),
    /// The resumed network has more inputs than the encoding asked for.
    #[error("--encoding {encoding}: {} has more inputs; a network can only be widened", path.display())]
    Narrower {
        /// The encoding's id.
        encoding: u32,
        /// The resumed file.
        path: PathBuf,
    },
    /// The resumed network has more hidden units than asked for.
    #[error("--hidden {hidden}: {} has {has} hidden units; a network can only grow", path.display())]
    Smaller {
        /// The units asked for.
        hidden: usize,
        /// The resumed file.
        path: PathBuf,
        /// Its units.
        has: usize,
    },
    /// The resumed file cannot be read.
    #[error(transparent)]
    Weights(#[from] WeightsFileError),
}

impl StartNetError {
    /// True when the settings or the file are at fault, not the I/O.
    pub fn is_bad_input(&self) -> bool {
        match self {
            StartNetError::Weights(error) => error.is_bad_input(),
            _ => true,
        }
    }
}

impl StartNet {
    /// The network the run starts from: the resumed one (widened to the encoding, grown to the
    /// hidden units when given) or a new random one.
    pub fn net(&self) -> Result<Net, StartNetError> {
        let hidden = self.hidden.unwrap_or(DEFAULT_HIDDEN);
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(StartNetError::Hidden);
        }
        let encoding = match self.encoding {
            None => None,
            Some(id) => Some(Encoding::from_id(id).ok_or(StartNetError::Encoding(id))?),
        };
        let Some(path) = &self.resume else {
            let encoding = encoding.unwrap_or(Encoding::Features);
            return Ok(Net::random_with(encoding, hidden, self.seed));
        };
        let mut net = read_weights(path)?;
        if net.second_hidden().is_some() {
            return Err(StartNetError::TwoLayers(path.clone()));
        }
        if let Some(encoding) = encoding {
            net = net
                .widened(encoding)
                .ok_or_else(|| StartNetError::Narrower {
                    encoding: encoding.id(),
                    path: path.clone(),
                })?;
        }
        if self.hidden.is_some() {
            net = net
                .with_hidden(hidden, self.seed)
                .ok_or_else(|| StartNetError::Smaller {
                    hidden,
                    path: path.clone(),
                    has: net.hidden(),
                })?;
        }
        Ok(net)
    }
}

/// What [`Checkpoints::after`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checkpoint {
    /// No checkpoint was due.
    NotDue,
    /// The weights were written.
    Written,
    /// Writing failed: the run should stop ([`Checkpoints::finish`] returns the error).
    Failed,
}

/// The checkpoint policy of a training run: the weights written to one file every `every`
/// games (or positions), and once more at the end; the first failure to write kept.
#[derive(Debug)]
pub struct Checkpoints<'a> {
    out: &'a Path,
    every: u64,
    next: u64,
    failure: Option<WeightsFileError>,
}

impl<'a> Checkpoints<'a> {
    /// Checkpoints to `out` every `every` units (at least one), `done` already.
    pub fn new(out: &'a Path, every: u64, done: u64) -> Checkpoints<'a> {
        let every = every.max(1);
        Checkpoints {
            out,
            every,
            next: (done / every + 1) * every,
            failure: None,
        }
    }

    /// Called after each unit, `done` in all: writes `net` when a checkpoint is due.
    pub fn after(&mut self, net: &Net, done: u64) -> Checkpoint {
        if done < self.next {
            return Checkpoint::NotDue;
        }
        self.next = (done / self.every + 1) * self.every;
        match write_weights(self.out, net) {
            Ok(()) => Checkpoint::Written,
            Err(error) => {
                self.failure = Some(error);
                Checkpoint::Failed
            }
        }
    }

    /// Ends the run: the first failure, or the final weights written.
    pub fn finish(&mut self, net: &Net) -> Result<(), WeightsFileError> {
        if let Some(error) = self.failure.take() {
            return Err(error);
        }
        write_weights(self.out, net)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkpoints_fall_due_every_so_many_units_counting_those_already_done() {
        let dir = std::env::temp_dir().join(format!("ludus-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let out = dir.join("w.txt");
        let net = Net::random_with(Encoding::Board, 4, 1);
        let mut checkpoints = Checkpoints::new(&out, 10, 15);
        let due: Vec<u64> = (16..=40)
            .filter(|&done| checkpoints.after(&net, done) == Checkpoint::Written)
            .collect();
        assert_eq!(due, [20, 30, 40]);
        checkpoints.finish(&net).expect("written");
        assert_eq!(read_weights(&out).expect("read back").hidden(), 4);
    }

    #[test]
    fn a_new_network_has_the_layout_asked_for_and_bad_settings_are_refused() {
        let start = StartNet {
            hidden: Some(8),
            encoding: Some(1),
            ..StartNet::default()
        };
        assert_eq!(start.net().expect("a network").hidden(), 8);
        let too_wide = StartNet {
            hidden: Some(MAX_HIDDEN + 1),
            ..StartNet::default()
        };
        assert!(matches!(too_wide.net(), Err(StartNetError::Hidden)));
        let unknown = StartNet {
            encoding: Some(9),
            ..StartNet::default()
        };
        assert!(matches!(unknown.net(), Err(StartNetError::Encoding(9))));
    }
}
