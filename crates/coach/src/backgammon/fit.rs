//! The minibatch trainer behind `ludus backgammon fit`: a network fitted to labelled positions
//! (`ludus backgammon label`) with AdamW on the tensors of [candle](https://github.com/huggingface/candle)
//! (its optimiser and its backpropagation; nothing of either is written here).
//!
//! * One or two sigmoid hidden layers, five sigmoid outputs, the summed cross-entropy of the
//!   outputs ([`model`]); from random weights or warm-started from any network of the engine;
//! * minibatches in a fresh order each pass, the learning rate on a cosine or step schedule
//!   ([`schedule`]), both pure functions of the seed, the pass and the step;
//! * optionally a ranking term over sibling labels grouped by decision ([`siblings`]), whole
//!   groups each step in an order of their own, also a pure function of the seed and the pass;
//! * after each pass the held-out positions are valued by the engine's own inference of the
//!   exported network, and the best pass so far is kept (the starting network counts as pass 0:
//!   a warm start that no pass improves is kept as it was);
//! * a checkpoint after each pass ([`Checkpoint`], written beside its name and renamed onto it),
//!   from which a stopped run resumes.
//!
//! Candle's AdamW keeps its moments to itself, so they cannot be checkpointed: each pass starts
//! a fresh AdamW (moments zero, bias correction from step one) at the pass's scheduled rate. A
//! resumed run therefore takes exactly the steps of an uninterrupted one, bit for bit.

pub mod model;
pub mod schedule;
pub mod siblings;

use crate::backgammon::labels::SiblingGroup;
use crate::backgammon::supervised::{FitError, LabelledPosition, fit_error};
use crate::file_error::FileError;
use candle_core::Device;
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use ludus_backgammon_engine::encoding::Encoding;
use ludus_backgammon_engine::encoding::SparseInputs;
use ludus_backgammon_engine::net::{Layers, Net, OUTPUTS, WeightsError};
pub use model::ModelError;
use model::{Model, batch_tensors, loss, rank_loss};
use rand::{RngExt, SeedableRng};
pub use schedule::{Schedule, epoch_order};
use siblings::SiblingBatch;
pub use siblings::{RankingError, SiblingSet, choice_loss};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Settings of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct FitConfig {
    /// Seed of the orders of the positions.
    pub seed: u64,
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions a step.
    pub batch: usize,
    /// Peak learning rate.
    pub rate: f64,
    /// Learning rate at the end.
    pub final_rate: f64,
    /// AdamW's decoupled weight decay.
    pub weight_decay: f64,
    /// How the rate goes from `rate` to `final_rate`.
    pub schedule: Schedule,
    /// Weight of the ranking term ([`siblings`]) beside the cross-entropy: 0 leaves it out.
    pub rank_weight: f64,
}

impl Default for FitConfig {
    fn default() -> Self {
        FitConfig {
            seed: 1,
            epochs: 20,
            batch: 128,
            rate: 1e-3,
            final_rate: 1e-5,
            weight_decay: 1e-4,
            schedule: Schedule::Cosine { warmup: 200 },
            rank_weight: 0.0,
        }
    }
}

/// What a pass ended with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The pass, from 1.
    pub epoch: u32,
    /// Mean training loss over the pass (the cross-entropy).
    pub train_loss: f64,
    /// Mean ranking term over the pass (0 without one).
    pub rank_loss: f64,
    /// The engine's error on the held-out positions after it.
    pub held_out: FitError,
    /// How the network ranks the held-out sibling groups after it.
    pub held_out_ranking: RankingError,
    /// The best pass so far (this one when it is the best; 0 when the starting network is still
    /// better than every pass, as a warm start can be).
    pub best_epoch: u32,
    /// The learning rate of its last step.
    pub rate: f64,
}

/// What the trainer reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FitEvent {
    /// Steps done of the whole run (counting the passes before a resume).
    Step {
        /// Steps done.
        done: u64,
        /// Steps in the run.
        total: u64,
    },
    /// A pass ended (and its checkpoint is written).
    Epoch(EpochReport),
}

/// Why training failed.
#[derive(Debug, Error)]
pub enum FitRunError {
    /// Settings that train nothing (the user's).
    #[error("{0}")]
    Settings(&'static str),
    /// The checkpoint was made by other settings (the user's).
    #[error("{} was made by other settings ({found}); remove it or train as before", path.display())]
    OtherSettings {
        /// The checkpoint.
        path: PathBuf,
        /// Its settings.
        found: String,
    },
    /// The checkpoint is not one (the user's file).
    #[error("{}: not a checkpoint of ludus backgammon fit", .0.display())]
    Checkpoint(PathBuf),
    /// A network in the checkpoint does not read.
    #[error("{}: {error}", path.display())]
    CheckpointWeights {
        /// The checkpoint.
        path: PathBuf,
        /// What is wrong with the network.
        error: WeightsError,
    },
    /// The tensors failed.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// Reading or writing a file failed.
    #[error(transparent)]
    Io(#[from] FileError),
}

impl FitRunError {
    /// True when the user's settings or files are at fault, not the machine.
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, FitRunError::Model(_) | FitRunError::Io(_))
    }
}

impl From<candle_core::Error> for FitRunError {
    fn from(e: candle_core::Error) -> Self {
        FitRunError::Model(ModelError::Tensor(e))
    }
}

/// A run's state after a whole pass: enough to go on exactly as if it had not stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The settings of the run (`Debug` form), checked on resume.
    pub settings: String,
    /// Passes done.
    pub epochs_done: u32,
    /// The best pass so far (0: the starting network, which no pass has beaten yet).
    pub best_epoch: u32,
    /// Its held-out equity error.
    pub best_error: f64,
    /// The network after the last pass.
    pub net: Net,
    /// The network after the best pass.
    pub best: Net,
}

/// Magic bytes that open a checkpoint file.
const CHECKPOINT_MAGIC: &[u8; 8] = b"LUDUSFIT";

impl Checkpoint {
    /// The checkpoint as bytes: magic, then the settings, the counters and both networks, each
    /// length-prefixed (the networks in the weights format, checksummed).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = CHECKPOINT_MAGIC.to_vec();
        let push = |out: &mut Vec<u8>, bytes: &[u8]| {
            out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
            out.extend_from_slice(bytes);
        };
        push(&mut out, self.settings.as_bytes());
        out.extend_from_slice(&self.epochs_done.to_le_bytes());
        out.extend_from_slice(&self.best_epoch.to_le_bytes());
        out.extend_from_slice(&self.best_error.to_le_bytes());
        push(&mut out, &self.net.to_bytes());
        push(&mut out, &self.best.to_bytes());
        out
    }

    /// Reads [`Self::to_bytes`]; `path` names the file in errors.
    pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<Checkpoint, FitRunError> {
        let bad = || FitRunError::Checkpoint(path.to_path_buf());
        let mut rest = bytes.strip_prefix(CHECKPOINT_MAGIC).ok_or_else(bad)?;
        let mut take = |n: usize| -> Result<&[u8], FitRunError> {
            let (head, tail) = rest.split_at_checked(n).ok_or_else(bad)?;
            rest = tail;
            Ok(head)
        };
        let len = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])) as usize;
        let n = len(take(8)?);
        let settings = String::from_utf8(take(n)?.to_vec()).map_err(|_| bad())?;
        let epochs_done = u32::from_le_bytes(take(4)?.try_into().map_err(|_| bad())?);
        let best_epoch = u32::from_le_bytes(take(4)?.try_into().map_err(|_| bad())?);
        let best_error = f64::from_le_bytes(take(8)?.try_into().map_err(|_| bad())?);
        let weights = |b: &[u8]| {
            Net::from_bytes(b).map_err(|error| FitRunError::CheckpointWeights {
                path: path.to_path_buf(),
                error,
            })
        };
        let n = len(take(8)?);
        let net = weights(take(n)?)?;
        let n = len(take(8)?);
        let best = weights(take(n)?)?;
        Ok(Checkpoint {
            settings,
            epochs_done,
            best_epoch,
            best_error,
            net,
            best,
        })
    }

    /// Writes the checkpoint beside `path` and renames it onto `path`.
    pub fn write(&self, path: &Path) -> Result<(), FitRunError> {
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, self.to_bytes()).map_err(FileError::of("writing", &tmp))?;
        std::fs::rename(&tmp, path).map_err(FileError::of("renaming to", path))?;
        Ok(())
    }

    /// The checkpoint at `path`, `None` when there is none.
    pub fn read(path: &Path) -> Result<Option<Checkpoint>, FitRunError> {
        match std::fs::read(path) {
            Ok(bytes) => Checkpoint::from_bytes(&bytes, path).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(FileError::of("reading", path)(e).into()),
        }
    }
}

/// A network of `encoding` with `hidden` (and `second`) sigmoid units, weights uniform in
/// ±1/√fan-in from `seed` (the usual initialisation of a sigmoid layer), biases zero.
pub fn random_net(
    encoding: Encoding,
    hidden: usize,
    second: Option<usize>,
    seed: u64,
) -> Result<Net, WeightsError> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut draw = |fan_in: usize, n: usize| -> Vec<f32> {
        let scale = 1.0 / (fan_in.max(1) as f32).sqrt();
        (0..n).map(|_| rng.random_range(-scale..scale)).collect()
    };
    let inputs = encoding.inputs();
    let w1 = draw(inputs, inputs * hidden);
    let second = second.map(|m| (draw(hidden, hidden * m), vec![0.0; m]));
    let top = second.as_ref().map_or(hidden, |(_, b)| b.len());
    let w2 = draw(top, OUTPUTS * top);
    Net::from_layers(Layers {
        encoding,
        w1,
        b1: vec![0.0; hidden],
        second,
        w2,
        b2: [0.0; OUTPUTS],
        games_trained: 0,
    })
}

/// Labelled positions as the dense inputs of one network's encoding and their targets.
#[derive(Clone, Debug)]
pub struct Dataset {
    width: usize,
    inputs: Vec<f32>,
    targets: Vec<f32>,
}

impl Dataset {
    /// `samples` encoded for `net`.
    pub fn new(net: &Net, samples: &[LabelledPosition]) -> Dataset {
        let width = net.encoding().inputs();
        let mut inputs = vec![0.0f32; width * samples.len()];
        let mut targets = Vec::with_capacity(OUTPUTS * samples.len());
        let mut x = SparseInputs::new();
        for (row, sample) in inputs.chunks_exact_mut(width).zip(samples) {
            net.encode(&sample.position, &mut x);
            for (&i, &v) in x.indices().iter().zip(x.values()) {
                row[usize::from(i)] = v;
            }
            targets.extend_from_slice(&sample.target.to_array());
        }
        Dataset {
            width,
            inputs,
            targets,
        }
    }

    /// Positions in the set.
    pub fn len(&self) -> usize {
        self.targets.len() / OUTPUTS
    }

    /// True when the set is empty.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The rows `rows` gathered into one batch's inputs and targets.
    fn gather(&self, rows: &[usize], inputs: &mut Vec<f32>, targets: &mut Vec<f32>) {
        inputs.clear();
        targets.clear();
        for &r in rows {
            inputs.extend_from_slice(&self.inputs[r * self.width..(r + 1) * self.width]);
            targets.extend_from_slice(&self.targets[r * OUTPUTS..(r + 1) * OUTPUTS]);
        }
    }
}

/// A training run: settings, data and where its checkpoint lives.
#[derive(Debug)]
pub struct FitRun<'a> {
    /// The settings.
    pub config: FitConfig,
    /// The positions to train on, encoded.
    pub train: &'a Dataset,
    /// The held-out positions (valued by the engine after each pass).
    pub held_out: &'a [LabelledPosition],
    /// The sibling groups the ranking term is fitted on (it needs `config.rank_weight > 0`).
    pub siblings: &'a SiblingSet,
    /// The held-out sibling groups (ranked by the engine after each pass).
    pub held_out_siblings: &'a [SiblingGroup],
    /// The checkpoint written after each pass and resumed from.
    pub checkpoint: &'a Path,
}

impl FitRun<'_> {
    /// Steps in one pass.
    fn steps_per_epoch(&self) -> u64 {
        self.train.len().div_ceil(self.config.batch) as u64
    }

    /// Trains `start` (ignored when the checkpoint exists: the run resumes from it) for the
    /// passes not yet done; `event` is told of each step and pass, and stops the run by
    /// returning `false`. Returns the last checkpoint (its `best` is the network to keep).
    pub fn fit(
        &self,
        start: &Net,
        mut event: impl FnMut(FitEvent) -> bool,
    ) -> Result<Checkpoint, FitRunError> {
        self.check()?;
        let settings = format!("{:?}", self.config);
        let mut state = match Checkpoint::read(self.checkpoint)? {
            Some(c) if c.settings != settings => {
                return Err(FitRunError::OtherSettings {
                    path: self.checkpoint.to_path_buf(),
                    found: c.settings,
                });
            }
            Some(c) => c,
            None => Checkpoint {
                settings,
                epochs_done: 0,
                best_epoch: 0,
                best_error: fit_error(start, self.held_out).equity,
                net: start.clone(),
                best: start.clone(),
            },
        };
        while state.epochs_done < self.config.epochs {
            let report = self.epoch(&mut state, &mut event)?;
            state.write(self.checkpoint)?;
            if !event(FitEvent::Epoch(report)) {
                break;
            }
        }
        Ok(state)
    }

    fn check(&self) -> Result<(), FitRunError> {
        if self.config.epochs == 0 || self.config.batch == 0 {
            return Err(FitRunError::Settings(
                "--epochs and --batch must be at least 1",
            ));
        }
        if self.train.is_empty() {
            return Err(FitRunError::Settings("no positions to train on"));
        }
        let rates = [
            self.config.rate,
            self.config.final_rate,
            self.config.weight_decay,
            self.config.rank_weight,
        ];
        if rates.iter().any(|r| !r.is_finite() || *r < 0.0) {
            return Err(FitRunError::Settings(
                "rates, weight decay and rank weight must be finite and not negative",
            ));
        }
        Ok(())
    }

    /// One pass from `state`, which it updates (the best network kept).
    fn epoch(
        &self,
        state: &mut Checkpoint,
        event: &mut impl FnMut(FitEvent) -> bool,
    ) -> Result<EpochReport, FitRunError> {
        let device = Device::Cpu;
        let c = &self.config;
        let model = Model::from_net(&state.net, &device)?;
        let per = self.steps_per_epoch();
        let total = per * u64::from(c.epochs);
        let first = per * u64::from(state.epochs_done);
        let rate_at = |step: u64| c.schedule.rate(step, total, c.rate, c.final_rate);
        let params = ParamsAdamW {
            lr: rate_at(first),
            weight_decay: c.weight_decay,
            ..ParamsAdamW::default()
        };
        let mut optimiser = AdamW::new(model.vars(), params)?;
        let order = epoch_order(c.seed, state.epochs_done, self.train.len());
        let (mut inputs, mut targets) = (Vec::new(), Vec::new());
        let mut loss_sum = 0.0f64;
        let ranking = c.rank_weight > 0.0 && self.siblings.groups() > 0;
        let group_order = if ranking {
            epoch_order(
                c.seed ^ SIBLING_SALT,
                state.epochs_done,
                self.siblings.groups(),
            )
        } else {
            Vec::new()
        };
        let (mut cursor, mut rank_sum) = (0, 0.0f64);
        for (k, rows) in order.chunks(c.batch).enumerate() {
            let step = first + k as u64;
            optimiser.set_learning_rate(rate_at(step));
            self.train.gather(rows, &mut inputs, &mut targets);
            let (x, t) = batch_tensors(&inputs, &targets, rows.len(), &device)?;
            let mut batch_loss = loss(&model.logits(&x)?, &t)?;
            let cross_entropy = f64::from(batch_loss.to_scalar::<f32>()?);
            if ranking {
                let groups = self
                    .siblings
                    .next_groups(&group_order, &mut cursor, c.batch);
                let term = ranking_term(&model, &self.siblings.batch(&groups), &device)?;
                rank_sum += f64::from(term.to_scalar::<f32>()?);
                batch_loss = (batch_loss + term.affine(c.rank_weight, 0.0)?)?;
            }
            optimiser.backward_step(&batch_loss)?;
            loss_sum += cross_entropy * rows.len() as f64;
            event(FitEvent::Step {
                done: step + 1,
                total,
            });
        }
        state.epochs_done += 1;
        state.net = model.to_net(state.net.games_trained)?;
        let held_out = fit_error(&state.net, self.held_out);
        if held_out.equity < state.best_error {
            state.best_epoch = state.epochs_done;
            state.best_error = held_out.equity;
            state.best = state.net.clone();
        }
        Ok(EpochReport {
            epoch: state.epochs_done,
            train_loss: loss_sum / self.train.len() as f64,
            rank_loss: rank_sum / per as f64,
            held_out,
            held_out_ranking: choice_loss(&state.net, self.held_out_siblings),
            best_epoch: state.best_epoch,
            rate: rate_at(first + per - 1),
        })
    }
}

/// Mixed into the seed of the sibling groups' order, so it is not the positions' order.
const SIBLING_SALT: u64 = 0x5B1B_11C6_0000_0001;

/// The ranking term of one batch of sibling groups.
fn ranking_term(
    model: &Model,
    batch: &SiblingBatch,
    device: &Device,
) -> Result<candle_core::Tensor, FitRunError> {
    let n = batch.rows;
    let x = candle_core::Tensor::from_slice(&batch.inputs, (n, batch.inputs.len() / n), device)?;
    let centring = candle_core::Tensor::from_slice(&batch.centring, (n, n), device)?;
    let centred = candle_core::Tensor::from_slice(&batch.centred, (n, 1), device)?;
    Ok(rank_loss(&model.logits(&x)?, &centring, &centred)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::supervised::{game_samples, label, sibling_samples};
    use ludus_backgammon_engine::eval::NetEvaluator;

    /// The positions of two games labelled by the shipped network at 0 ply: the first to train
    /// on, the second held out.
    fn tiny_sets() -> (Vec<LabelledPosition>, Vec<LabelledPosition>) {
        let teacher = NetEvaluator::shipped();
        let labelled = |game| -> Vec<LabelledPosition> {
            game_samples(&teacher, 5, game, 0.1)
                .iter()
                .map(|p| label(&teacher, p, 0))
                .collect()
        };
        (labelled(0), labelled(1))
    }

    fn config(epochs: u32) -> FitConfig {
        FitConfig {
            seed: 3,
            epochs,
            batch: 16,
            rate: 0.01,
            final_rate: 0.001,
            weight_decay: 1e-4,
            schedule: Schedule::Cosine { warmup: 4 },
            rank_weight: 0.0,
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ludus-fit-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let path = dir.join("run.ckpt");
        let _ = std::fs::remove_file(&path);
        path
    }

    fn fit_tiny(name: &str, epochs: u32, stop_after: Option<u32>) -> Checkpoint {
        let (train, held_out) = tiny_sets();
        let start = random_net(Encoding::Tactical, 8, Some(4), 7).expect("a layout");
        let data = Dataset::new(&start, &train);
        let path = scratch(name);
        let run = FitRun {
            config: config(epochs),
            train: &data,
            held_out: &held_out,
            siblings: &SiblingSet::default(),
            held_out_siblings: &[],
            checkpoint: &path,
        };
        let stop =
            |event| !matches!((event, stop_after), (FitEvent::Epoch(r), Some(n)) if r.epoch == n);
        let mut state = run.fit(&start, stop).expect("a run");
        if stop_after.is_some() {
            state = run.fit(&start, |_| true).expect("the resumed run");
        }
        let _ = std::fs::remove_dir_all(path.parent().expect("a scratch directory"));
        state
    }

    /// Runs `run` to the end from `start`: the last checkpoint and every pass's report.
    fn fit_with_reports(run: &FitRun, start: &Net) -> (Checkpoint, Vec<EpochReport>) {
        let mut reports = Vec::new();
        let state = run
            .fit(start, |e| {
                if let FitEvent::Epoch(r) = e {
                    reports.push(r);
                }
                true
            })
            .expect("a run");
        (state, reports)
    }

    #[test]
    fn two_runs_from_one_seed_give_the_same_weights() {
        let a = fit_tiny("same-a", 2, None);
        let b = fit_tiny("same-b", 2, None);
        assert_eq!(a.net, b.net);
        assert_eq!(a, b);
    }

    #[test]
    fn a_stopped_run_resumes_to_the_uninterrupted_result() {
        let whole = fit_tiny("whole", 3, None);
        let resumed = fit_tiny("resumed", 3, Some(1));
        assert_eq!(resumed.epochs_done, 3);
        assert_eq!(resumed, whole);
    }

    #[test]
    fn the_loss_falls_on_a_tiny_problem_and_the_best_pass_is_kept() {
        let (train, held_out) = tiny_sets();
        let start = random_net(Encoding::Tactical, 16, None, 1).expect("a layout");
        let data = Dataset::new(&start, &train);
        let path = scratch("falls");
        let run = FitRun {
            config: FitConfig {
                rate: 0.02,
                ..config(30)
            },
            train: &data,
            held_out: &held_out,
            siblings: &SiblingSet::default(),
            held_out_siblings: &[],
            checkpoint: &path,
        };
        let (state, reports) = fit_with_reports(&run, &start);
        let (first, last) = (reports[0], reports[reports.len() - 1]);
        assert!(
            last.train_loss < 0.8 * first.train_loss,
            "{first:?} -> {last:?}"
        );
        let best = reports
            .iter()
            .min_by(|a, b| a.held_out.equity.total_cmp(&b.held_out.equity))
            .expect("passes");
        // The starting network is pass 0: kept when no pass values the held-out game better.
        let start_error = fit_error(&start, &held_out).equity;
        let expected = if best.held_out.equity < start_error {
            best.epoch
        } else {
            0
        };
        assert_eq!(state.best_epoch, expected);
        assert_eq!(fit_error(&state.best, &held_out).equity, state.best_error);
    }

    /// Sibling groups of one game labelled by the shipped network at 0 ply.
    fn sibling_groups(game: u64) -> Vec<SiblingGroup> {
        let teacher = NetEvaluator::shipped();
        let mut groups: Vec<SiblingGroup> = Vec::new();
        let mut last = None;
        for (decision, p) in sibling_samples(&teacher, 9, game, 0.1, 4) {
            if last != Some(decision) {
                groups.push(SiblingGroup::default());
                last = Some(decision);
            }
            let group = groups.last_mut().expect("a group");
            group.candidates.push(label(&teacher, &p, 0));
        }
        groups.retain(|g| g.candidates.len() >= 2);
        groups
    }

    #[test]
    fn the_ranking_term_brings_the_held_out_ranking_closer_and_is_off_at_weight_zero() {
        let (train, held_out) = tiny_sets();
        let (groups, held_out_groups) = (sibling_groups(0), sibling_groups(1));
        let start = random_net(Encoding::Tactical, 16, None, 2).expect("a layout");
        let data = Dataset::new(&start, &train);
        let siblings = SiblingSet::new(&start, &groups);
        let fit = |name: &str, rank_weight: f64, siblings: &SiblingSet| {
            let path = scratch(name);
            let run = FitRun {
                config: FitConfig {
                    rank_weight,
                    ..config(6)
                },
                train: &data,
                held_out: &held_out,
                siblings,
                held_out_siblings: &held_out_groups,
                checkpoint: &path,
            };
            let result = fit_with_reports(&run, &start);
            let _ = std::fs::remove_dir_all(path.parent().expect("a scratch directory"));
            result
        };
        // Weight 0: the siblings change nothing, bit for bit (the recipe's weights stay).
        let (plain, _) = fit("rank-none", 0.0, &SiblingSet::default());
        let (unweighted, _) = fit("rank-zero", 0.0, &siblings);
        assert_eq!(plain.net, unweighted.net);
        // A heavy ranking term: its loss falls and the held-out groups are ranked closer to
        // their labels than without it.
        let (ranked, reports) = fit("rank-heavy", 50.0, &siblings);
        let (first, last) = (reports[0], reports[reports.len() - 1]);
        assert!(
            first.rank_loss > 0.0 && last.rank_loss < first.rank_loss,
            "{first:?} {last:?}"
        );
        let without = choice_loss(&plain.net, &held_out_groups);
        let with = choice_loss(&ranked.net, &held_out_groups);
        assert_eq!(last.held_out_ranking, with);
        assert!(
            with.centred_rms < without.centred_rms,
            "{with:?} {without:?}"
        );
    }

    #[test]
    fn a_checkpoint_of_other_settings_is_refused() {
        let (train, held_out) = tiny_sets();
        let start = random_net(Encoding::Tactical, 4, None, 1).expect("a layout");
        let data = Dataset::new(&start, &train);
        let path = scratch("other");
        let mut run = FitRun {
            config: config(1),
            train: &data,
            held_out: &held_out,
            siblings: &SiblingSet::default(),
            held_out_siblings: &[],
            checkpoint: &path,
        };
        run.fit(&start, |_| true).expect("a run");
        run.config.batch = 32;
        let error = run.fit(&start, |_| true).expect_err("other settings");
        assert!(error.is_bad_input() && matches!(error, FitRunError::OtherSettings { .. }));
        std::fs::write(&path, b"LUDUSFITshort").expect("a scratch file");
        assert!(matches!(
            run.fit(&start, |_| true),
            Err(FitRunError::Checkpoint(_))
        ));
    }
}
