//! A small multilayer perceptron: sparse inputs, one or two sigmoid hidden layers, five sigmoid
//! outputs.
//!
//! Inference is hand-written f32: the first layer adds one contiguous weight row per non-zero
//! input (the encoding is sparse), which the compiler vectorises; a second hidden layer is a
//! dense matrix product, the sums of 32 or 64 units kept in registers over all the first
//! layer's activations, its weights packed in panels of 64 units; the output layer is five
//! dot products. The sigmoids are [`crate::activation::sigmoid`], plain arithmetic that
//! vectorises with the sums. [`Net::forward_batch`] (the candidates of one roll) and
//! [`Net::forward_interleaved`] run on the widest [`Kernel`] the processor has (AVX2 where
//! present, chosen at run time), the same operations in the same order, so the same outputs
//! bit for bit on every kernel.
//!
//! Training with one hidden layer by plain SGD is
//! [`Net::train_step`] (used by `ludus_coach::backgammon::train`); the minibatch trainer of
//! `ludus_coach::backgammon::fit` builds any layout from [`Layers`].
//!
//! Weights file format (all little-endian), see `docs/backgammon-engine.md`. Version 1 (one
//! hidden layer; what every one-layer network writes, so older readers still read it):
//! `b"LUDUSBGW"`, `u32` format version, `u32` encoding id, `u32` inputs, `u32` hidden,
//! `u32` outputs, `u64` games trained, then f32 arrays `w1` (inputs × hidden, input-major), `b1`
//! (hidden), `w2` (outputs × hidden), `b2` (outputs), then a `u64` FNV-1a checksum of everything
//! before it. Version 2 (two hidden layers) carries the layout: `b"LUDUSBGW"`, `u32` 2, `u32`
//! encoding id, `u32` inputs, `u32` hidden layers (2), `u32` units of each, `u32` outputs, `u64`
//! games trained, then `w1`, `b1`, `wh` (first hidden × second hidden, input-major), `bh`, `w2`
//! (outputs × second hidden), `b2`, then the checksum.

pub use crate::activation::sigmoid;
use crate::activation::sigmoid_in_place;
use crate::encoding::{Encoding, SparseInputs};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::ops::Range;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The outputs: win, win gammon, win backgammon, lose gammon, lose backgammon (cumulative).
pub const OUTPUTS: usize = 5;
/// Magic bytes that open a weights file.
pub const MAGIC: &[u8; 8] = b"LUDUSBGW";
/// Version of the weights file layout with one hidden layer.
pub const FORMAT_VERSION: u32 = 1;
/// Version of the weights file layout that lists its hidden layers (two).
pub const LAYERED_FORMAT_VERSION: u32 = 2;
/// Hidden units of the shipped network (gnubg and TD-Gammon 2 used 80–128).
pub const DEFAULT_HIDDEN: usize = 128;
/// Initial weights are uniform in ±this (small, so sigmoids start near their linear part).
const INIT_SCALE: f32 = 0.1;
/// Largest hidden layer a weights file may declare (guards against absurd allocations).
const MAX_HIDDEN: usize = 4096;

/// Why a weights file could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WeightsError {
    /// The file does not start with the magic bytes.
    #[error("not a Ludus backgammon weights file (bad magic bytes)")]
    BadMagic,
    /// The file has another layout version.
    #[error(
        "weights format version {0} is not supported (expected {FORMAT_VERSION} or {LAYERED_FORMAT_VERSION}, or 3 for a bundle of class networks)"
    )]
    Version(u32),
    /// The file was made for another input encoding or shape.
    #[error(
        "weights are for encoding {encoding} with {inputs} inputs and {outputs} outputs; this engine reads encodings 1 to 6 with their own inputs, {OUTPUTS} outputs"
    )]
    Shape {
        /// Encoding id in the file.
        encoding: u32,
        /// Inputs in the file.
        inputs: u32,
        /// Outputs in the file.
        outputs: u32,
    },
    /// The hidden layer size is zero or absurd.
    #[error("hidden layer size {0} is out of range")]
    Hidden(u32),
    /// A layered file lists a number of hidden layers this engine does not evaluate.
    #[error("{0} hidden layers: this engine evaluates one or two")]
    Layers(u32),
    /// A bundle of class networks (format 3) names an unknown class or one class twice.
    #[error("class network id {0} is unknown or repeated")]
    Class(u32),
    /// A bundle of class networks (format 3) has no contact network.
    #[error("a bundle of class networks needs a contact network")]
    NoContact,
    /// Weights handed to [`Net::from_layers`] do not fit the layout they declare.
    #[error("layer weights do not fit their layout: {0}")]
    Layout(&'static str),
    /// The file is shorter or longer than its header says.
    #[error("weights file has {actual} bytes, header implies {expected}")]
    Length {
        /// Bytes expected.
        expected: usize,
        /// Bytes found.
        actual: usize,
    },
    /// The checksum does not match: the file is corrupt.
    #[error("weights file checksum mismatch (corrupt file)")]
    Checksum,
}

/// The network.
///
/// Two networks are equal when their layouts and weights are (their [`Net::id`]s may differ).
#[derive(Clone, Debug)]
pub struct Net {
    /// Names these weights while they live (see [`Net::id`]).
    id: u64,
    encoding: Encoding,
    hidden: usize,
    /// Self-play games this network was trained on (metadata).
    pub games_trained: u64,
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// The second hidden layer, if any.
    second: Option<Dense>,
    w2: Vec<f32>,
    b2: [f32; OUTPUTS],
}

impl PartialEq for Net {
    fn eq(&self, other: &Net) -> bool {
        self.encoding == other.encoding
            && self.hidden == other.hidden
            && self.games_trained == other.games_trained
            && self.w1 == other.w1
            && self.b1 == other.b1
            && self.second == other.second
            && self.w2 == other.w2
            && self.b2 == other.b2
    }
}

/// A number no other weights made in this process have had ([`Net::id`]); never 0.
fn fresh_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A second hidden layer: `units` sigmoid units over the first hidden layer's activations.
#[derive(Clone, Debug, PartialEq)]
struct Dense {
    units: usize,
    /// First hidden × `units`, input-major (the row of one first-layer unit is contiguous).
    w: Vec<f32>,
    b: Vec<f32>,
    /// The same weights packed for the blocked product: for each panel of up to
    /// [`PANEL_UNITS`] units, its weights from every first-layer unit in turn, contiguous.
    packed: Vec<f32>,
}

impl Dense {
    /// The layer of `w` (first hidden × `b.len()`, input-major) and `b`.
    fn new(w: Vec<f32>, b: Vec<f32>) -> Dense {
        let units = b.len();
        let packed = (0..units)
            .step_by(PANEL_UNITS)
            .flat_map(|start| {
                let end = (start + PANEL_UNITS).min(units);
                w.chunks_exact(units)
                    .flat_map(move |row| row[start..end].iter().copied())
            })
            .collect();
        Dense {
            units,
            w,
            b,
            packed,
        }
    }

    /// This layer's activations from the first layer's, `first`, written to `out`; the sums of
    /// the units taken together fill about eight vector registers of `LANES` floats.
    #[inline(always)]
    fn activate<const LANES: usize>(&self, first: &[f32], out: &mut [f32]) {
        match LANES {
            8 => self.panels::<64>(first, out),
            _ => self.panels::<32>(first, out),
        }
    }

    /// [`Self::activate`] with `U` units a step (a multiple of [`UNIT_BLOCK`], at most
    /// [`PANEL_UNITS`]): each panel in steps of `U` units, then of [`UNIT_BLOCK`], then the
    /// units left over one at a time.
    #[inline(always)]
    fn panels<const U: usize>(&self, first: &[f32], out: &mut [f32]) {
        let hidden = first.len();
        for start in (0..self.units).step_by(PANEL_UNITS) {
            let width = (self.units - start).min(PANEL_UNITS);
            let panel = &self.packed[start * hidden..(start + width) * hidden];
            let mut offset = 0;
            while offset + U <= width {
                self.unit_step::<U>(first, panel, start, offset, out);
                offset += U;
            }
            while offset + UNIT_BLOCK <= width {
                self.unit_step::<UNIT_BLOCK>(first, panel, start, offset, out);
                offset += UNIT_BLOCK;
            }
            let left = start + offset..start + width;
            for (unit, slot) in left.clone().zip(&mut out[left]) {
                *slot = self.unit_by_rows(first, unit);
            }
        }
    }

    /// The activation of the unit `unit`, one first-layer activation at a time.
    #[inline(always)]
    fn unit_by_rows(&self, first: &[f32], unit: usize) -> f32 {
        let mut sum = self.b[unit];
        for (row, &a) in self.w.chunks_exact(self.units).zip(first) {
            sum += row[unit] * a;
        }
        sigmoid(sum)
    }

    /// The `U` units from `start + offset`, `panel` the packed weights of the panel from
    /// `start`: their sums stay together over all the first layer's activations (the same
    /// additions in the same order as one unit at a time, bit for bit).
    ///
    /// One position at a time: measured on AVX2, the same step over several positions (each
    /// weight row loaded once for all of them) was no faster, the product being bound by its
    /// multiplications and additions rather than by loading the weights
    /// (docs/notes/2026-12-02-backgammon-trainer.md, "Two layers at 2 plies").
    #[inline(always)]
    fn unit_step<const U: usize>(
        &self,
        first: &[f32],
        panel: &[f32],
        start: usize,
        offset: usize,
        out: &mut [f32],
    ) {
        let first_unit = start + offset;
        let mut sums: [f32; U] = self.b[first_unit..first_unit + U]
            .try_into()
            .expect("a whole step");
        let width = panel.len() / first.len();
        for (row, &a) in panel.chunks_exact(width).zip(first) {
            let row: &[f32; U] = row[offset..offset + U].try_into().expect("a whole step");
            for (s, w) in sums.iter_mut().zip(row) {
                *s += w * a;
            }
        }
        sigmoid_in_place(&mut sums);
        out[first_unit..first_unit + U].copy_from_slice(&sums);
    }
}

/// A network's weights as plain arrays, the form the minibatch trainer reads and writes
/// ([`Net::layers`], [`Net::from_layers`]); the layouts are those of the weights file.
#[derive(Clone, Debug, PartialEq)]
pub struct Layers {
    /// The input encoding.
    pub encoding: Encoding,
    /// First hidden layer: inputs × its units, input-major.
    pub w1: Vec<f32>,
    /// First hidden layer's biases.
    pub b1: Vec<f32>,
    /// The second hidden layer, if any: its weights (first hidden × its units, input-major) and
    /// biases.
    pub second: Option<(Vec<f32>, Vec<f32>)>,
    /// Output layer: outputs × the last hidden layer's units, output-major.
    pub w2: Vec<f32>,
    /// Output biases.
    pub b2: [f32; OUTPUTS],
    /// Games trained (metadata).
    pub games_trained: u64,
}

/// Hidden units whose sums [`Net::hidden_layer`] keeps together over all the inputs (64 was the
/// fastest of 8 to 128 on the baseline x86-64 target:
/// docs/notes/2026-12-01-backgammon-engine-speed.md).
pub const HIDDEN_BLOCK: usize = 64;
/// The half block [`Net::hidden_layer`] takes after the whole ones when as many units are left.
const HALF_BLOCK: usize = HIDDEN_BLOCK / 2;

/// The fewest units of the second hidden layer whose sums stay together (in registers) over
/// all the first layer's activations ([`Dense::activate`] takes 32 or 64 at a time, then
/// these, then single units).
const UNIT_BLOCK: usize = 8;
/// Units of the second hidden layer whose weights are packed together, row after row (the
/// most taken at a time: eight AVX2 registers of sums).
const PANEL_UNITS: usize = 64;
/// f32 lanes of a vector register on the baseline target (SSE2 on x86-64).
const BASELINE_LANES: usize = 4;
/// f32 lanes of an AVX2 register.
const AVX2_LANES: usize = 8;

/// The environment variable that, set to `baseline`, keeps inference on [`Kernel::Baseline`]
/// even where a wider kernel is available (to measure the kernels against each other).
pub const KERNEL_VARIABLE: &str = "LUDUS_KERNEL";

/// The instruction sets the network's inference is compiled for, chosen at run time.
///
/// Every kernel runs the same Rust code, the same additions and multiplications in the same
/// order (no fused multiply-add), only on wider vectors and with more sums kept in registers
/// at a time: every kernel gives the same outputs bit for bit (tests `kernels::*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// The compilation target's own instruction set (SSE2 on x86-64).
    Baseline,
    /// AVX2 (x86-64), where `is_x86_feature_detected!` finds it.
    Avx2,
}

impl Kernel {
    /// Every kernel, the baseline first.
    pub const ALL: [Kernel; 2] = [Kernel::Baseline, Kernel::Avx2];

    /// The widest kernel this processor runs, or the baseline one where the environment
    /// variable [`KERNEL_VARIABLE`] is `baseline` (for measurements); read once.
    #[inline]
    pub fn detected() -> Kernel {
        static DETECTED: OnceLock<Kernel> = OnceLock::new();
        *DETECTED.get_or_init(|| {
            let forced = std::env::var(KERNEL_VARIABLE).is_ok_and(|v| v == "baseline");
            if !forced && Kernel::Avx2.is_available() {
                Kernel::Avx2
            } else {
                Kernel::Baseline
            }
        })
    }

    /// Whether this processor runs the kernel.
    #[inline]
    pub fn is_available(self) -> bool {
        match self {
            Kernel::Baseline => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 => false,
        }
    }

    /// This kernel where the processor runs it, else the baseline one.
    #[inline]
    fn usable(self) -> Kernel {
        if self.is_available() {
            self
        } else {
            Kernel::Baseline
        }
    }
}

/// `n` weights uniform in ±[`INIT_SCALE`].
fn draw_weights(rng: &mut ChaCha8Rng, n: usize) -> Vec<f32> {
    (0..n)
        .map(|_| rng.random_range(-INIT_SCALE..INIT_SCALE))
        .collect()
}

impl Net {
    /// A network of the board encoding ([`Encoding::Board`]) with random weights from `seed`.
    pub fn random(hidden: usize, seed: u64) -> Net {
        Net::random_with(Encoding::Board, hidden, seed)
    }

    /// A network of `encoding` with random weights from `seed`.
    pub fn random_with(encoding: Encoding, hidden: usize, seed: u64) -> Net {
        Net::random_layout(encoding, hidden, None, seed)
    }

    /// A network of `encoding` with two hidden layers of `hidden` and `second` units and random
    /// weights from `seed` (tests and speed measurements of the layout).
    pub fn random_two_layer(encoding: Encoding, hidden: usize, second: usize, seed: u64) -> Net {
        Net::random_layout(encoding, hidden, Some(second), seed)
    }

    /// Random weights from `seed`, drawn layer by layer in file order.
    fn random_layout(encoding: Encoding, hidden: usize, second: Option<usize>, seed: u64) -> Net {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut draw = |n: usize| draw_weights(&mut rng, n);
        let w1 = draw(encoding.inputs() * hidden);
        let b1 = draw(hidden);
        let second = second.map(|m| Dense::new(draw(hidden * m), draw(m)));
        let top = second.as_ref().map_or(hidden, |d| d.units);
        Net {
            id: fresh_id(),
            encoding,
            hidden,
            games_trained: 0,
            w1,
            b1,
            second,
            w2: draw(OUTPUTS * top),
            b2: [0.0; OUTPUTS],
        }
    }

    /// A network from its weights, checked against the layout they declare.
    pub fn from_layers(layers: Layers) -> Result<Net, WeightsError> {
        let inputs = layers.encoding.inputs();
        let hidden = layers.b1.len();
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(WeightsError::Hidden(hidden as u32));
        }
        if layers.w1.len() != inputs * hidden {
            return Err(WeightsError::Layout(
                "first layer weights are not inputs × hidden",
            ));
        }
        let second = match layers.second {
            None => None,
            Some((w, b)) => {
                if b.is_empty() || b.len() > MAX_HIDDEN {
                    return Err(WeightsError::Hidden(b.len() as u32));
                }
                if w.len() != hidden * b.len() {
                    return Err(WeightsError::Layout(
                        "second layer weights are not first × second",
                    ));
                }
                Some(Dense::new(w, b))
            }
        };
        let top = second.as_ref().map_or(hidden, |d| d.units);
        if layers.w2.len() != OUTPUTS * top {
            return Err(WeightsError::Layout(
                "output weights are not outputs × last hidden",
            ));
        }
        Ok(Net {
            id: fresh_id(),
            encoding: layers.encoding,
            hidden,
            games_trained: layers.games_trained,
            w1: layers.w1,
            b1: layers.b1,
            second,
            w2: layers.w2,
            b2: layers.b2,
        })
    }

    /// The network's weights as plain arrays (see [`Layers`]).
    pub fn layers(&self) -> Layers {
        Layers {
            encoding: self.encoding,
            w1: self.w1.clone(),
            b1: self.b1.clone(),
            second: self.second.as_ref().map(|d| (d.w.clone(), d.b.clone())),
            w2: self.w2.clone(),
            b2: self.b2,
            games_trained: self.games_trained,
        }
    }

    /// A number that names these weights in this process: a clone keeps it, every network made
    /// or changed ([`Self::train_step`]) gets one no other has had, so values computed from one
    /// network can be kept under its id (the evaluation cache of [`crate::eval`]). Not stored in
    /// the weights file.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Units of the second hidden layer, `None` with one hidden layer.
    pub fn second_hidden(&self) -> Option<usize> {
        self.second.as_ref().map(|d| d.units)
    }

    /// Scratch [`Self::forward`] needs: the units of all the hidden layers.
    pub fn scratch_len(&self) -> usize {
        self.hidden + self.second_hidden().unwrap_or(0)
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The input encoding this network reads.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Encodes `position` for this network.
    #[inline]
    pub fn encode(&self, position: &ludus_backgammon::Position, out: &mut SparseInputs) {
        self.encoding.encode(position, out);
    }

    /// The same network reading `encoding`, whose inputs extend this one's: the new inputs get
    /// zero weights, so every output stays exactly as it was (a warm start for training with
    /// more inputs). `None` when `encoding` does not extend this network's ([`Encoding::extends`]).
    pub fn widened(&self, encoding: Encoding) -> Option<Net> {
        if !encoding.extends(self.encoding) {
            return None;
        }
        let new = encoding.inputs();
        let mut w1 = self.w1.clone();
        w1.resize(new * self.hidden, 0.0);
        Some(Net {
            id: fresh_id(),
            encoding,
            w1,
            ..self.clone()
        })
    }

    /// The same network with `hidden` hidden units (at least as many as now): each new unit gets
    /// small random input weights from `seed` and zero output weights, so every output stays
    /// exactly as it was. `None` for fewer units or a network with two hidden layers.
    pub fn with_hidden(&self, hidden: usize, seed: u64) -> Option<Net> {
        let old = self.hidden;
        if hidden < old || self.second.is_some() {
            return None;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let inputs = self.encoding.inputs();
        let mut w1 = Vec::with_capacity(inputs * hidden);
        for row in self.w1.chunks_exact(old) {
            w1.extend_from_slice(row);
            w1.extend((old..hidden).map(|_| rng.random_range(-INIT_SCALE..INIT_SCALE)));
        }
        let mut b1 = self.b1.clone();
        b1.resize(hidden, 0.0);
        let mut w2 = Vec::with_capacity(OUTPUTS * hidden);
        for row in self.w2.chunks_exact(old) {
            w2.extend_from_slice(row);
            w2.extend(std::iter::repeat_n(0.0, hidden - old));
        }
        Some(Net {
            id: fresh_id(),
            hidden,
            w1,
            b1,
            w2,
            ..self.clone()
        })
    }

    /// The hidden layer's activations for `x`, written to `h` (length [`Self::hidden`]).
    ///
    /// The units are taken [`HIDDEN_BLOCK`] at a time, each block's sums kept together over all
    /// the active inputs, then a half block if as many are left (the pruning network's 32 units),
    /// then the units left over one row at a time: the same additions in the same order as
    /// [`Self::hidden_layer_by_rows`] (bit for bit), with fewer loads and stores of the sums.
    ///
    /// This is the baseline kernel's form; [`Self::forward_batch`] and
    /// [`Self::forward_interleaved`] run the same code on the widest [`Kernel`] detected.
    #[inline]
    pub fn hidden_layer(&self, x: &SparseInputs, h: &mut [f32]) {
        self.hidden_layer_body(x, h);
    }

    /// [`Self::hidden_layer`]'s code, inlined into each kernel's instruction set.
    #[inline(always)]
    fn hidden_layer_body(&self, x: &SparseInputs, h: &mut [f32]) {
        let n = self.hidden;
        let mut start = 0;
        while start + HIDDEN_BLOCK <= n {
            self.hidden_block::<HIDDEN_BLOCK>(x, start, h);
            start += HIDDEN_BLOCK;
        }
        if start + HALF_BLOCK <= n {
            self.hidden_block::<HALF_BLOCK>(x, start, h);
            start += HALF_BLOCK;
        }
        if start < n {
            self.hidden_units_by_rows(x, start..n, h);
        }
    }

    /// The activations of the units `start..start + B`, written to `h[start..start + B]`.
    #[inline(always)]
    fn hidden_block<const B: usize>(&self, x: &SparseInputs, start: usize, h: &mut [f32]) {
        let n = self.hidden;
        let out: &mut [f32; B] = (&mut h[start..start + B])
            .try_into()
            .expect("a whole block");
        let mut sums: [f32; B] = self.b1[start..start + B].try_into().expect("a whole block");
        for (&i, &v) in x.indices().iter().zip(x.values()) {
            let at = usize::from(i) * n + start;
            let row: &[f32; B] = self.w1[at..at + B].try_into().expect("a whole block");
            // `w * 1.0` is `w` exactly: one loop serves one-hot and valued inputs alike.
            for (a, w) in sums.iter_mut().zip(row) {
                *a += w * v;
            }
        }
        sigmoid_in_place(&mut sums);
        *out = sums;
    }

    /// The hidden layer one input row at a time over all the units: the plain form of
    /// [`Self::hidden_layer`], kept as its reference (tests, the speed example).
    pub fn hidden_layer_by_rows(&self, x: &SparseInputs, h: &mut [f32]) {
        self.hidden_units_by_rows(x, 0..self.hidden, h);
    }

    /// The activations of the units in `units`, one input row at a time.
    #[inline(always)]
    fn hidden_units_by_rows(&self, x: &SparseInputs, units: Range<usize>, h: &mut [f32]) {
        let n = self.hidden;
        let h = &mut h[units.clone()];
        h.copy_from_slice(&self.b1[units.clone()]);
        for (&i, &v) in x.indices().iter().zip(x.values()) {
            let row = &self.w1[usize::from(i) * n + units.start..usize::from(i) * n + units.end];
            if v == 1.0 {
                for (a, w) in h.iter_mut().zip(row) {
                    *a += w;
                }
            } else {
                for (a, w) in h.iter_mut().zip(row) {
                    *a += w * v;
                }
            }
        }
        sigmoid_in_place(h);
    }

    /// The second hidden layer's activations from the first's, `h[..hidden]`, written after
    /// them (`h[hidden..scratch_len]`); nothing with one hidden layer. Returns the last hidden
    /// layer's activations.
    ///
    /// The second layer's units are taken several at a time, their sums kept together over all
    /// the first layer's activations ([`Self::forward_batch`] with one position, on the
    /// baseline kernel): the same additions in the same order as
    /// [`Self::upper_layers_by_rows`], bit for bit.
    #[inline]
    pub fn upper_layers<'h>(&self, h: &'h mut [f32]) -> &'h [f32] {
        self.upper_layers_body::<BASELINE_LANES>(h)
    }

    /// [`Self::upper_layers`] on vectors of `LANES` floats.
    #[inline(always)]
    fn upper_layers_body<'h, const LANES: usize>(&self, h: &'h mut [f32]) -> &'h [f32] {
        let Some(dense) = &self.second else {
            return &h[..self.hidden];
        };
        let (first, rest) = h.split_at_mut(self.hidden);
        let out = &mut rest[..dense.units];
        dense.activate::<LANES>(first, out);
        out
    }

    /// [`Self::upper_layers`] one first-layer unit at a time: each adds its contiguous row of
    /// weights scaled by its activation to all the sums. The plain form, kept as the reference
    /// of the blocked and batched forms (tests, the speed example).
    pub fn upper_layers_by_rows<'h>(&self, h: &'h mut [f32]) -> &'h [f32] {
        let Some(dense) = &self.second else {
            return &h[..self.hidden];
        };
        let (first, rest) = h.split_at_mut(self.hidden);
        let out = &mut rest[..dense.units];
        out.copy_from_slice(&dense.b);
        for (row, &a) in dense.w.chunks_exact(dense.units).zip(first.iter()) {
            for (s, w) in out.iter_mut().zip(row) {
                *s += w * a;
            }
        }
        sigmoid_in_place(out);
        out
    }

    /// The five raw outputs of every input of `xs`, in order, written to `out` (cleared first);
    /// `scratch` holds the hidden activations and is reused between calls.
    ///
    /// Each position goes through [`Self::forward_interleaved`]'s code, the whole batch on the
    /// widest [`Kernel`] this processor has (one dispatch a batch); every output is
    /// [`Self::forward`]'s bit for bit (the same additions in the same order).
    pub fn forward_batch(
        &self,
        xs: &[SparseInputs],
        scratch: &mut Vec<f32>,
        out: &mut Vec<[f32; OUTPUTS]>,
    ) {
        self.forward_batch_on(Kernel::detected(), xs, scratch, out);
    }

    /// [`Self::forward_batch`] on `kernel` (the baseline one where this processor lacks it):
    /// every kernel gives the same outputs bit for bit.
    #[allow(unsafe_code)]
    pub fn forward_batch_on(
        &self,
        kernel: Kernel,
        xs: &[SparseInputs],
        scratch: &mut Vec<f32>,
        out: &mut Vec<[f32; OUTPUTS]>,
    ) {
        match kernel.usable() {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => {
                // SAFETY: `usable` returned AVX2 only because `is_x86_feature_detected!`
                // found it on this processor.
                unsafe { self.forward_batch_avx2(xs, scratch, out) }
            }
            _ => self.forward_batch_body::<BASELINE_LANES>(xs, scratch, out),
        }
    }

    /// [`Self::forward_batch_body`] compiled for AVX2 (eight lanes, no FMA: the same
    /// operations, so the same outputs, as the baseline kernel).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn forward_batch_avx2(
        &self,
        xs: &[SparseInputs],
        scratch: &mut Vec<f32>,
        out: &mut Vec<[f32; OUTPUTS]>,
    ) {
        self.forward_batch_body::<AVX2_LANES>(xs, scratch, out);
    }

    /// [`Self::forward_batch`] on vectors of `LANES` floats.
    #[inline(always)]
    fn forward_batch_body<const LANES: usize>(
        &self,
        xs: &[SparseInputs],
        scratch: &mut Vec<f32>,
        out: &mut Vec<[f32; OUTPUTS]>,
    ) {
        let stride = self.scratch_len();
        if scratch.len() < stride {
            scratch.resize(stride, 0.0);
        }
        // Every activation is written before it is read: no clearing needed.
        let h = &mut scratch[..stride];
        out.clear();
        out.extend(xs.iter().map(|x| self.forward_body::<LANES>(x, h)));
    }

    /// Units of the last hidden layer (the one the outputs read).
    fn top_units(&self) -> usize {
        self.second.as_ref().map_or(self.hidden, |d| d.units)
    }

    /// The output layer from the last hidden layer's activations.
    #[inline]
    pub fn output_layer(&self, h: &[f32]) -> [f32; OUTPUTS] {
        let n = self.top_units();
        let mut out = [0.0; OUTPUTS];
        for (o, slot) in out.iter_mut().enumerate() {
            let row = &self.w2[o * n..o * n + n];
            let dot: f32 = row.iter().zip(&h[..n]).map(|(w, a)| w * a).sum();
            *slot = sigmoid(dot + self.b2[o]);
        }
        out
    }

    /// The five raw outputs for `x`; `h` is scratch of length [`Self::scratch_len`].
    #[inline]
    pub fn forward(&self, x: &SparseInputs, h: &mut [f32]) -> [f32; OUTPUTS] {
        self.hidden_layer(x, h);
        let top = self.upper_layers(h);
        self.output_layer(top)
    }

    /// The output layer from hidden activations, the five dot products computed side by side:
    /// the same sums in the same order as [`Self::output_layer`] (bit for bit), without waiting
    /// on one sum's additions before starting the next.
    #[inline(always)]
    pub fn output_layer_interleaved(&self, h: &[f32]) -> [f32; OUTPUTS] {
        let n = self.top_units();
        let rows: [&[f32]; OUTPUTS] = std::array::from_fn(|o| &self.w2[o * n..o * n + n]);
        let mut dot = [0.0f32; OUTPUTS];
        for (j, &a) in h[..n].iter().enumerate() {
            for (d, row) in dot.iter_mut().zip(&rows) {
                *d += row[j] * a;
            }
        }
        std::array::from_fn(|o| sigmoid(dot[o] + self.b2[o]))
    }

    /// [`Self::forward`] on the widest [`Kernel`] this processor has, the output sums
    /// interleaved ([`Self::output_layer_interleaved`]): the same outputs bit for bit, faster.
    #[inline]
    pub fn forward_interleaved(&self, x: &SparseInputs, h: &mut [f32]) -> [f32; OUTPUTS] {
        self.forward_on(Kernel::detected(), x, h)
    }

    /// [`Self::forward_interleaved`] on `kernel` (the baseline one where this processor lacks
    /// it): every kernel gives the same outputs bit for bit.
    #[allow(unsafe_code)]
    #[inline]
    pub fn forward_on(&self, kernel: Kernel, x: &SparseInputs, h: &mut [f32]) -> [f32; OUTPUTS] {
        match kernel.usable() {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => {
                // SAFETY: `usable` returned AVX2 only because `is_x86_feature_detected!`
                // found it on this processor.
                unsafe { self.forward_avx2(x, h) }
            }
            _ => self.forward_body::<BASELINE_LANES>(x, h),
        }
    }

    /// [`Self::forward_body`] compiled for AVX2 (see [`Self::forward_batch_avx2`]).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn forward_avx2(&self, x: &SparseInputs, h: &mut [f32]) -> [f32; OUTPUTS] {
        self.forward_body::<AVX2_LANES>(x, h)
    }

    /// One position through every layer on vectors of `LANES` floats.
    #[inline(always)]
    fn forward_body<const LANES: usize>(&self, x: &SparseInputs, h: &mut [f32]) -> [f32; OUTPUTS] {
        self.hidden_layer_body(x, h);
        let top = self.upper_layers_body::<LANES>(h);
        self.output_layer_interleaved(top)
    }

    /// One SGD step on the summed cross-entropy of the outputs towards `target`.
    ///
    /// # Panics
    /// With two hidden layers (train those with `ludus_coach::backgammon::fit`; the commands
    /// refuse such a network before training it here).
    pub fn train_step(
        &mut self,
        x: &SparseInputs,
        target: &[f32; OUTPUTS],
        rate: f32,
        h: &mut [f32],
    ) {
        assert!(self.second.is_none(), "SGD steps train one hidden layer");
        self.id = fresh_id();
        let n = self.hidden;
        let y = self.forward(x, h);
        let delta_o: [f32; OUTPUTS] = std::array::from_fn(|o| target[o] - y[o]);
        // Hidden deltas use the second layer before it is updated.
        let mut delta_h_stack = [0.0f32; 512];
        let mut delta_h_heap = Vec::new();
        let delta_h: &mut [f32] = if n <= delta_h_stack.len() {
            &mut delta_h_stack[..n]
        } else {
            delta_h_heap.resize(n, 0.0);
            &mut delta_h_heap
        };
        for (j, d) in delta_h.iter_mut().enumerate() {
            let back: f32 = (0..OUTPUTS).map(|o| delta_o[o] * self.w2[o * n + j]).sum();
            *d = back * h[j] * (1.0 - h[j]);
        }
        for (o, &delta) in delta_o.iter().enumerate() {
            let step = rate * delta;
            for (w, a) in self.w2[o * n..o * n + n].iter_mut().zip(&h[..n]) {
                *w += step * a;
            }
            self.b2[o] += step;
        }
        for (&i, &v) in x.indices().iter().zip(x.values()) {
            let row = &mut self.w1[usize::from(i) * n..usize::from(i) * n + n];
            let s = rate * v;
            for (w, d) in row.iter_mut().zip(delta_h.iter()) {
                *w += s * d;
            }
        }
        for (b, d) in self.b1.iter_mut().zip(delta_h.iter()) {
            *b += rate * d;
        }
    }

    /// Serialises the network (see the module docs for the layout): version 1 with one hidden
    /// layer, version 2 with two.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(56 + 4 * (self.w1.len() + self.w2.len() + 600));
        out.extend_from_slice(MAGIC);
        let mut header = vec![self.encoding.id(), self.encoding.inputs() as u32];
        match &self.second {
            None => header.insert(0, FORMAT_VERSION),
            Some(_) => {
                header.insert(0, LAYERED_FORMAT_VERSION);
                header.push(2);
            }
        }
        header.push(self.hidden as u32);
        header.extend(self.second.as_ref().map(|d| d.units as u32));
        header.push(OUTPUTS as u32);
        for v in header {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.games_trained.to_le_bytes());
        let (wh, bh): (&[f32], &[f32]) = match &self.second {
            Some(d) => (&d.w, &d.b),
            None => (&[], &[]),
        };
        for f in self
            .w1
            .iter()
            .chain(&self.b1)
            .chain(wh)
            .chain(bh)
            .chain(&self.w2)
            .chain(&self.b2)
        {
            out.extend_from_slice(&f.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a network written by [`Self::to_bytes`] (either version), checking every header
    /// field and the checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, WeightsError> {
        if bytes.len() < 8 + 4 || &bytes[..8] != MAGIC {
            return Err(WeightsError::BadMagic);
        }
        let mut header = Header { bytes, at: 8 };
        let version = header.u32()?;
        if version != FORMAT_VERSION && version != LAYERED_FORMAT_VERSION {
            return Err(WeightsError::Version(version));
        }
        let (encoding, inputs) = (header.u32()?, header.u32()?);
        let layers = if version == FORMAT_VERSION {
            1
        } else {
            header.u32()?
        };
        if !(1..=2).contains(&layers) {
            return Err(WeightsError::Layers(layers));
        }
        let mut units = Vec::with_capacity(2);
        for _ in 0..layers {
            let n = header.u32()?;
            if n == 0 || n as usize > MAX_HIDDEN {
                return Err(WeightsError::Hidden(n));
            }
            units.push(n as usize);
        }
        let outputs = header.u32()?;
        let encoding = match Encoding::from_id(encoding) {
            Some(e) if e.inputs() == inputs as usize && outputs as usize == OUTPUTS => e,
            _ => {
                return Err(WeightsError::Shape {
                    encoding,
                    inputs,
                    outputs,
                });
            }
        };
        let games_trained = header.u64()?;
        let body = header.at;
        let (n, top) = (units[0], *units.last().unwrap_or(&units[0]));
        let second_floats = units.get(1).map_or(0, |&m| n * m + m);
        let floats = encoding.inputs() * n + n + second_floats + OUTPUTS * top + OUTPUTS;
        let expected = body + 4 * floats + 8;
        if bytes.len() != expected {
            return Err(WeightsError::Length {
                expected,
                actual: bytes.len(),
            });
        }
        let stored = u64::from_le_bytes(bytes[expected - 8..].try_into().unwrap_or([0; 8]));
        if fnv1a(&bytes[..expected - 8]) != stored {
            return Err(WeightsError::Checksum);
        }
        let mut values = bytes[body..expected - 8]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = |k: usize| -> Vec<f32> { values.by_ref().take(k).collect() };
        let w1 = take(encoding.inputs() * n);
        let b1 = take(n);
        let second = units.get(1).map(|&m| (take(n * m), take(m)));
        let w2 = take(OUTPUTS * top);
        let mut b2 = [0.0; OUTPUTS];
        b2.copy_from_slice(&take(OUTPUTS));
        Net::from_layers(Layers {
            encoding,
            w1,
            b1,
            second,
            w2,
            b2,
            games_trained,
        })
    }
}

/// Reads the header fields of a weights file in turn (too short a file is refused as bad magic,
/// as before the layered format: it is no weights file).
struct Header<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Header<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], WeightsError> {
        let field = self
            .bytes
            .get(self.at..self.at + N)
            .ok_or(WeightsError::BadMagic)?;
        self.at += N;
        field.try_into().map_err(|_| WeightsError::BadMagic)
    }

    fn u32(&mut self) -> Result<u32, WeightsError> {
        self.take::<4>().map(u32::from_le_bytes)
    }

    fn u64(&mut self) -> Result<u64, WeightsError> {
        self.take::<8>().map(u64::from_le_bytes)
    }
}

/// 64-bit FNV-1a hash (a checksum against truncated or corrupt files, not a security measure).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;
    bytes
        .iter()
        .fold(OFFSET, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}
