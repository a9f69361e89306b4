//! Evaluation: the [`Evaluator`] trait and the network's evaluator, which values a position for
//! the side on roll from the network, the bearoff databases, or the final result, and ranks the
//! replies inside the lookahead with the small pruning network.

use crate::bearoff::{BearoffDb, TwoSidedDb, is_bearoff};
use crate::classes::{ClassNets, PositionClass};
use crate::encoding::SparseInputs;
use crate::eval_cache::EvalCache;
use crate::filters::Filters;
use crate::net::{DEFAULT_HIDDEN, Net, OUTPUTS};
use crate::probabilities::{Probabilities, argmax_equity, lost};
use ludus_backgammon::Position;
use std::cell::RefCell;
use std::sync::{Arc, OnceLock};

/// The shipped weights, trained by `ludus backgammon train` (see docs/backgammon-engine.md).
pub const SHIPPED_WEIGHTS: &[u8] = include_bytes!("../weights/ludus-bg.bin");
/// The shipped pruning network, distilled from the shipped network by `ludus backgammon
/// train-pruning` (see docs/backgammon-engine.md); empty or unreadable means no pruning.
pub const SHIPPED_PRUNING_WEIGHTS: &[u8] = include_bytes!("../weights/ludus-bg-prune.bin");
/// Replies re-scored with the full network after the pruning network's ranking.
pub const PRUNE_KEEP: usize = 3;
/// Most replies a pruning evaluator re-scores ([`NetEvaluator::with_pruning`] caps its `keep`).
pub const MAX_PRUNE_KEEP: usize = 16;
/// Hidden layers up to this size (pruning networks) are evaluated with a small stack buffer.
const SMALL_STACK_HIDDEN: usize = 32;
/// Hidden layers up to this size (the shipped network's) use a medium stack buffer.
const MEDIUM_STACK_HIDDEN: usize = 128;
/// Largest hidden layers (all of them together) evaluated with a stack buffer.
const MAX_STACK_HIDDEN: usize = 512;

/// Anything that judges a position for the side on roll at 0 ply.
pub trait Evaluator: Send + Sync {
    /// The probabilities for the side on roll of a position whose game goes on.
    fn eval(&self, position: &Position) -> Probabilities;

    /// Like [`Self::eval`] but also accepts finished games (the side on roll has [`lost`]).
    fn eval_any(&self, position: &Position) -> Probabilities {
        match lost(position) {
            Some(kind) => Probabilities::lost(kind),
            None => self.eval(position),
        }
    }

    /// Scores the positions after each candidate play (each seen from the mover, not swapped):
    /// the mover's probabilities. The default evaluates them one by one.
    fn eval_after_moves(&self, after: &[Position], out: &mut Vec<Probabilities>) {
        out.clear();
        out.extend(after.iter().map(|p| self.eval_any(&p.swapped()).flipped()));
    }

    /// The best of the plays leading to `after` (mover's view, not empty) for the mover, as the
    /// lookahead chooses replies: its index and the mover's probabilities after it. `scratch`
    /// is reused between calls. The default is [`full_width_best`].
    fn best_play(
        &self,
        after: &[Position],
        scratch: &mut Vec<Probabilities>,
    ) -> (usize, Probabilities) {
        full_width_best(self, after, scratch)
    }

    /// The filter chain of [`crate::search::rank_moves_valued`] with this evaluator.
    fn filters(&self) -> Filters {
        Filters::FULL
    }
}

/// The best of the plays leading to `after` (mover's view, not empty) with every play scored by
/// `evaluator` at 0 ply ([`Evaluator::eval_after_moves`]): its index (the first of the highest
/// equity) and the mover's probabilities after it. `scratch` is reused between calls.
pub fn full_width_best<E: Evaluator + ?Sized>(
    evaluator: &E,
    after: &[Position],
    scratch: &mut Vec<Probabilities>,
) -> (usize, Probabilities) {
    evaluator.eval_after_moves(after, scratch);
    let best = argmax_equity(scratch);
    (best, scratch[best])
}

/// The network, with bearoff equities from the databases once both sides are on their home
/// boards (exact two-sided values for up to 6 checkers a side, one-sided otherwise).
#[derive(Clone, Debug)]
pub struct NetEvaluator {
    /// The network of each position class.
    nets: ClassNets,
    use_bearoff: bool,
    use_two_sided: bool,
    /// The cheap network that ranks the replies inside the lookahead, and how many of its best
    /// the full network re-scores.
    pruning: Option<(Arc<Net>, usize)>,
    filters: Filters,
    /// Whether the values of plays go through this thread's evaluation cache
    /// ([`crate::eval_cache`]; the same values either way, bit for bit).
    cached: bool,
}

impl NetEvaluator {
    /// Wraps a network; the bearoff database is used for bearoff boards.
    pub fn new(net: Net) -> NetEvaluator {
        NetEvaluator::from_classes(ClassNets::single(net))
    }

    /// Wraps a network a position class (see [`crate::classes`]); the bearoff database is used
    /// for bearoff boards.
    pub fn from_classes(nets: ClassNets) -> NetEvaluator {
        NetEvaluator {
            nets,
            use_bearoff: true,
            use_two_sided: true,
            pruning: None,
            filters: Filters::FULL,
            cached: true,
        }
    }

    /// The same evaluator with the one-sided bearoff database only (self-play training uses it,
    /// so the shipped weights replay exactly from their documented command).
    #[must_use]
    pub fn one_sided_only(mut self) -> NetEvaluator {
        self.use_two_sided = false;
        self
    }

    /// The same evaluator without the bearoff database (the network judges every board).
    #[must_use]
    pub fn without_bearoff(mut self) -> NetEvaluator {
        self.use_bearoff = false;
        self
    }

    /// The evaluator with the shipped weights (a network a position class where the file bundles
    /// them).
    pub fn shipped() -> NetEvaluator {
        static NETS: OnceLock<ClassNets> = OnceLock::new();
        let nets = NETS.get_or_init(|| {
            ClassNets::from_bytes(SHIPPED_WEIGHTS)
                .unwrap_or_else(|_| ClassNets::single(Net::random(DEFAULT_HIDDEN, 0)))
        });
        let shipped = NetEvaluator {
            nets: nets.clone(),
            use_bearoff: true,
            use_two_sided: true,
            pruning: None,
            filters: Filters::SHIPPED,
            cached: true,
        };
        match shipped_pruning_net() {
            Some(pruner) => shipped.with_pruning(pruner, PRUNE_KEEP),
            None => shipped,
        }
    }

    /// The shipped network searched the way it was before pruning and the 1-ply stage (every
    /// reply scored by the full network, the 0-ply filter straight to the deep evaluation): the
    /// reference the faster search is measured against.
    pub fn shipped_full_width() -> NetEvaluator {
        NetEvaluator::shipped().full_width()
    }

    /// The same evaluator with every reply scored by the full network and no 1-ply stage.
    #[must_use]
    pub fn full_width(mut self) -> NetEvaluator {
        self.pruning = None;
        self.filters = Filters::FULL;
        self
    }

    /// The same evaluator with replies inside the lookahead ranked by `pruner` (a small network
    /// on the same inputs) and only its best `keep` (1 to [`MAX_PRUNE_KEEP`]) re-scored by the
    /// full network.
    #[must_use]
    pub fn with_pruning(mut self, pruner: Arc<Net>, keep: usize) -> NetEvaluator {
        self.pruning = Some((pruner, keep.clamp(1, MAX_PRUNE_KEEP)));
        self
    }

    /// The same evaluator with the filter chain `filters` for choosing plays.
    #[must_use]
    pub fn with_filters(mut self, filters: Filters) -> NetEvaluator {
        self.filters = filters;
        self
    }

    /// The same evaluator without the evaluation cache: every play's value computed afresh
    /// (the reference the cache is tested and timed against).
    #[must_use]
    pub fn uncached(mut self) -> NetEvaluator {
        self.cached = false;
        self
    }

    /// The pruning network, if replies are pruned.
    pub fn pruning_net(&self) -> Option<&Net> {
        self.pruning.as_ref().map(|(net, _)| net.as_ref())
    }

    /// The exact value of a bearoff board (database) when this evaluator uses one for it.
    fn bearoff_value(&self, position: &Position) -> Option<Probabilities> {
        if !self.use_bearoff || !is_bearoff(position) {
            return None;
        }
        if self.use_two_sided
            && let Some(win) = TwoSidedDb::get().win_probability(position)
        {
            return Some(Probabilities {
                win,
                ..Probabilities::default()
            });
        }
        Some(BearoffDb::get().probabilities(position))
    }

    /// The network (the contact network where classes have their own).
    pub fn net(&self) -> &Net {
        self.nets.contact()
    }

    /// The network of each position class.
    pub fn classes(&self) -> &ClassNets {
        &self.nets
    }

    /// The network of `position`'s class alone, without bearoff or terminal checks.
    #[inline]
    pub fn eval_net(&self, position: &Position) -> Probabilities {
        net_probabilities(self.nets.for_position(position), position)
    }
}

/// The shipped pruning network, read once; `None` when the file is missing, corrupt or made for
/// another input encoding (then the lookahead scores every reply with the full network).
pub fn shipped_pruning_net() -> Option<Arc<Net>> {
    static PRUNER: OnceLock<Option<Arc<Net>>> = OnceLock::new();
    PRUNER
        .get_or_init(|| Net::from_bytes(SHIPPED_PRUNING_WEIGHTS).ok().map(Arc::new))
        .clone()
}

/// The buffers of the batched evaluations ([`play_values`]), one set a thread, reused.
#[derive(Default)]
struct Batch {
    /// The encoded positions each network judges (one batch a position class).
    inputs: [Vec<SparseInputs>; 3],
    /// Those positions (the side on roll's view), for the cache.
    positions: [Vec<Position>; 3],
    /// Where each of them goes in the caller's output.
    slots: [Vec<usize>; 3],
    /// The network's hidden activations.
    hidden: Vec<f32>,
    /// The network's raw outputs.
    outputs: Vec<[f32; OUTPUTS]>,
    /// The values computed before on this thread.
    cache: EvalCache,
}

thread_local! {
    static BATCH: RefCell<Batch> = RefCell::new(Batch::default());
}

/// The mover's probabilities after each of the plays leading to `after` (mover's view), in
/// order, written to `out` (cleared first): exact where the game is over or the board is in the
/// evaluator's bearoff database, the others from `pruner` or else from the network of their
/// class, one batch a network ([`Net::forward_batch`], the same values as one at a time, bit
/// for bit), or read from this thread's [`EvalCache`] where that network valued the position
/// before (unless the evaluator is [`NetEvaluator::uncached`]).
fn play_values<'a>(
    evaluator: &NetEvaluator,
    pruner: Option<&Net>,
    after: impl Iterator<Item = &'a Position>,
    out: &mut Vec<Probabilities>,
) {
    out.clear();
    let routed = pruner.is_none() && evaluator.nets.is_routed();
    let nets: [&Net; 3] = match pruner {
        Some(net) => [net; 3],
        None => PositionClass::ALL.map(|c| evaluator.nets.for_class(c).as_ref()),
    };
    BATCH.with_borrow_mut(|batch| {
        batch.inputs.iter_mut().for_each(Vec::clear);
        batch.positions.iter_mut().for_each(Vec::clear);
        batch.slots.iter_mut().for_each(Vec::clear);
        for play in after {
            let next = play.swapped();
            let known = match lost(&next) {
                Some(kind) => Some(Probabilities::lost(kind)),
                None => evaluator.bearoff_value(&next),
            };
            if let Some(value) = known {
                out.push(value.flipped());
                continue;
            }
            let class = if routed {
                PositionClass::of(&next) as usize
            } else {
                0
            };
            if evaluator.cached
                && let Some(value) = batch.cache.get(nets[class], &next)
            {
                out.push(value.flipped());
                continue;
            }
            batch.slots[class].push(out.len());
            out.push(Probabilities::default());
            let mut x = SparseInputs::new();
            nets[class].encode(&next, &mut x);
            batch.inputs[class].push(x);
            batch.positions[class].push(next);
        }
        for (class, net) in nets.iter().enumerate() {
            if batch.inputs[class].is_empty() {
                continue;
            }
            net.forward_batch(&batch.inputs[class], &mut batch.hidden, &mut batch.outputs);
            let computed = batch.slots[class].iter().zip(&batch.positions[class]);
            for ((&slot, position), &o) in computed.zip(&batch.outputs) {
                let value = Probabilities::from_outputs(o);
                if evaluator.cached {
                    batch.cache.put(net, position, value);
                }
                out[slot] = value.flipped();
            }
        }
    });
}

/// The probabilities `net` gives the side on roll of `position`.
#[inline]
pub fn net_probabilities(net: &Net, position: &Position) -> Probabilities {
    let mut x = SparseInputs::new();
    net.encode(position, &mut x);
    forward(net, &x)
}

/// The probabilities `net` gives for the inputs `x`, with a stack buffer no larger than needed
/// (clearing a large one costs as much as a small network's evaluation).
#[inline]
fn forward(net: &Net, x: &SparseInputs) -> Probabilities {
    let n = net.scratch_len();
    let outputs = if n <= SMALL_STACK_HIDDEN {
        net.forward_interleaved(x, &mut [0.0f32; SMALL_STACK_HIDDEN])
    } else if n <= MEDIUM_STACK_HIDDEN {
        net.forward_interleaved(x, &mut [0.0f32; MEDIUM_STACK_HIDDEN])
    } else if n <= MAX_STACK_HIDDEN {
        net.forward_interleaved(x, &mut [0.0f32; MAX_STACK_HIDDEN])
    } else {
        net.forward_interleaved(x, &mut vec![0.0f32; n])
    };
    Probabilities::from_outputs(outputs)
}

/// The indices of the `keep` (1..=[`MAX_PRUNE_KEEP`]) best entries of `scores` by equity (the
/// first index among equals), written to the front of `out` and returned, best first.
fn top_indices<'a>(
    scores: &[Probabilities],
    keep: usize,
    out: &'a mut [usize; MAX_PRUNE_KEEP],
) -> &'a mut [usize] {
    let mut values = [f32::NEG_INFINITY; MAX_PRUNE_KEEP];
    let mut len = 0;
    for (i, p) in scores.iter().enumerate() {
        let e = p.equity();
        if len == keep && e <= values[len - 1] {
            continue;
        }
        let mut at = len.min(keep - 1);
        while at > 0 && e > values[at - 1] {
            values[at] = values[at - 1];
            out[at] = out[at - 1];
            at -= 1;
        }
        values[at] = e;
        out[at] = i;
        len = (len + 1).min(keep);
    }
    &mut out[..len]
}

impl Evaluator for NetEvaluator {
    fn eval(&self, position: &Position) -> Probabilities {
        self.bearoff_value(position)
            .unwrap_or_else(|| self.eval_net(position))
    }

    /// The plays' values with the network's evaluations taken as one batch.
    fn eval_after_moves(&self, after: &[Position], out: &mut Vec<Probabilities>) {
        play_values(self, None, after.iter(), out);
    }

    fn best_play(
        &self,
        after: &[Position],
        scratch: &mut Vec<Probabilities>,
    ) -> (usize, Probabilities) {
        let Some((pruner, keep)) = &self.pruning else {
            return full_width_best(self, after, scratch);
        };
        if after.len() <= *keep {
            return full_width_best(self, after, scratch);
        }
        play_values(self, Some(pruner), after.iter(), scratch);
        let mut top = [0usize; MAX_PRUNE_KEEP];
        let top = top_indices(scratch, (*keep).min(MAX_PRUNE_KEEP), &mut top);
        top.sort_unstable();
        play_values(self, None, top.iter().map(|&i| &after[i]), scratch);
        let mut best = (top[0], Probabilities::default(), f32::NEG_INFINITY);
        for (&i, p) in top.iter().zip(scratch.iter()) {
            if p.equity() > best.2 {
                best = (i, *p, p.equity());
            }
        }
        (best.0, best.1)
    }

    fn filters(&self) -> Filters {
        self.filters
    }
}
