//! The ranking term of a fit: sibling labels (`label --siblings`, the positions after a
//! decision's best plays) grouped by decision, and how far a network ranks them from their
//! labels.
//!
//! A network at 0 ply chooses the play whose position it values best, so what decides its play
//! is the *differences* between a decision's candidates, not their common level. The ranking
//! term fits those differences: within each group both the network's equities and the labels'
//! are centred on their group's mean, and the term is the mean square of what is left
//! ([`model::rank_loss`](super::model::rank_loss)). [`choice_loss`] measures what matters in
//! play: the equity (by the labels) lost by choosing the network's best candidate.

use crate::backgammon::labels::SiblingGroup;
use ludus_backgammon_engine::Probabilities;
use ludus_backgammon_engine::encoding::SparseInputs;
use ludus_backgammon_engine::net::Net;

/// Sibling groups encoded for one network's inputs: the candidates' dense inputs and their
/// labels' equities (for the side on roll after the play), group after group.
#[derive(Clone, Debug, Default)]
pub struct SiblingSet {
    width: usize,
    inputs: Vec<f32>,
    equities: Vec<f32>,
    /// Group `g` is rows `starts[g]..starts[g + 1]`.
    starts: Vec<usize>,
}

/// One step's groups: dense inputs, the labels' equities centred on their group's mean, and
/// the centring matrix (rows × rows, row-major) that centres the network's equities alike.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SiblingBatch {
    pub(crate) inputs: Vec<f32>,
    pub(crate) centred: Vec<f32>,
    pub(crate) centring: Vec<f32>,
    pub(crate) rows: usize,
}

impl SiblingSet {
    /// `groups` encoded for `net`.
    pub fn new(net: &Net, groups: &[SiblingGroup]) -> SiblingSet {
        let width = net.encoding().inputs();
        let mut set = SiblingSet {
            width,
            starts: vec![0],
            ..SiblingSet::default()
        };
        let mut x = SparseInputs::new();
        for group in groups {
            for sample in &group.candidates {
                let start = set.inputs.len();
                set.inputs.resize(start + width, 0.0);
                net.encode(&sample.position, &mut x);
                for (&i, &v) in x.indices().iter().zip(x.values()) {
                    set.inputs[start + usize::from(i)] = v;
                }
                set.equities.push(sample.target.equity());
            }
            set.starts.push(set.equities.len());
        }
        set
    }

    /// Groups in the set.
    pub fn groups(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// Candidates in the set.
    pub fn positions(&self) -> usize {
        self.equities.len()
    }

    /// The groups `groups` gathered into one batch.
    pub(crate) fn batch(&self, groups: &[usize]) -> SiblingBatch {
        let rows: usize = groups
            .iter()
            .map(|&g| self.starts[g + 1] - self.starts[g])
            .sum();
        let mut batch = SiblingBatch {
            inputs: Vec::with_capacity(rows * self.width),
            centred: Vec::with_capacity(rows),
            centring: vec![0.0; rows * rows],
            rows,
        };
        let mut at = 0;
        for &g in groups {
            let (start, end) = (self.starts[g], self.starts[g + 1]);
            let n = end - start;
            batch
                .inputs
                .extend_from_slice(&self.inputs[start * self.width..end * self.width]);
            let labels = &self.equities[start..end];
            let mean = labels.iter().sum::<f32>() / n as f32;
            batch.centred.extend(labels.iter().map(|e| e - mean));
            for i in at..at + n {
                for j in at..at + n {
                    let identity = if i == j { 1.0 } else { 0.0 };
                    batch.centring[i * rows + j] = identity - 1.0 / n as f32;
                }
            }
            at += n;
        }
        batch
    }

    /// The groups to take from `order` (a permutation of the groups), starting at `*cursor`
    /// and going round, until they hold at least `rows` candidates (at least one group);
    /// `*cursor` moves past them.
    pub(crate) fn next_groups(
        &self,
        order: &[usize],
        cursor: &mut usize,
        rows: usize,
    ) -> Vec<usize> {
        let mut taken = Vec::new();
        let mut held = 0;
        while !order.is_empty() && (taken.is_empty() || held < rows) && taken.len() < order.len() {
            let g = order[*cursor % order.len()];
            *cursor = (*cursor + 1) % order.len();
            held += self.starts[g + 1] - self.starts[g];
            taken.push(g);
        }
        taken
    }
}

/// How a network ranks held-out sibling groups against their labels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RankingError {
    /// Root mean square of the centred equity differences (network minus labels) a candidate.
    pub centred_rms: f64,
    /// Mean equity a decision lost, by the labels, choosing the network's best candidate
    /// instead of the labels' best (the 0-ply error against the labeller).
    pub choice_loss: f64,
    /// Share of the decisions where the network's best candidate is the labels'.
    pub same_choice: f64,
}

/// How `net` ranks `groups` (empty: no error). The candidates are seen from the side on roll
/// after the play, so the mover's best is the one whose equity is lowest.
pub fn choice_loss(net: &Net, groups: &[SiblingGroup]) -> RankingError {
    let mut x = SparseInputs::new();
    let mut h = vec![0.0; net.scratch_len()];
    let (mut squares, mut candidates, mut lost, mut same) = (0.0f64, 0usize, 0.0f64, 0usize);
    for group in groups {
        let pairs: Vec<(f32, f32)> = group
            .candidates
            .iter()
            .map(|s| {
                net.encode(&s.position, &mut x);
                let y = Probabilities::from_outputs(net.forward(&x, &mut h));
                (y.equity(), s.target.equity())
            })
            .collect();
        let n = pairs.len() as f32;
        let mean_y = pairs.iter().map(|p| p.0).sum::<f32>() / n;
        let mean_t = pairs.iter().map(|p| p.1).sum::<f32>() / n;
        for &(y, t) in &pairs {
            squares += f64::from((y - mean_y) - (t - mean_t)).powi(2);
        }
        candidates += pairs.len();
        let best_by = |key: fn(&(f32, f32)) -> f32| {
            (0..pairs.len())
                .min_by(|&a, &b| key(&pairs[a]).total_cmp(&key(&pairs[b])))
                .expect("a group has candidates")
        };
        let (chosen, best) = (best_by(|p| p.0), best_by(|p| p.1));
        lost += f64::from(pairs[chosen].1 - pairs[best].1);
        same += usize::from(pairs[chosen].1 == pairs[best].1);
    }
    if groups.is_empty() {
        return RankingError::default();
    }
    let decisions = groups.len() as f64;
    RankingError {
        centred_rms: (squares / candidates as f64).sqrt(),
        choice_loss: lost / decisions,
        same_choice: same as f64 / decisions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backgammon::supervised::LabelledPosition;
    use ludus_backgammon::Position;
    use ludus_backgammon_engine::eval::NetEvaluator;

    fn labelled(id: &str, win: f32) -> LabelledPosition {
        LabelledPosition {
            position: Position::from_position_id(id).expect("an id"),
            target: Probabilities::from_outputs([win, 0.0, 0.0, 0.0, 0.0]),
        }
    }

    fn group(wins: &[f32]) -> SiblingGroup {
        let ids = [
            "4HPwATDgc/ABMA",
            "4HPhASjgc/ABMA",
            "4HPwARHgc/ABMA",
            "4PPgATDgc/ABMA",
        ];
        SiblingGroup {
            candidates: wins
                .iter()
                .zip(ids)
                .map(|(&w, id)| labelled(id, w))
                .collect(),
        }
    }

    #[test]
    fn a_batch_centres_the_labels_and_its_matrix_centres_within_each_group() {
        let net = NetEvaluator::shipped().net().clone();
        let set = SiblingSet::new(&net, &[group(&[0.5, 0.6]), group(&[0.2, 0.3, 0.7])]);
        assert_eq!((set.groups(), set.positions()), (2, 5));
        let batch = set.batch(&[1, 0]);
        assert_eq!(batch.rows, 5);
        // Equities 2w - 1: -0.6, -0.4, 0.4 (mean -0.2) then 0.0, 0.2 (mean 0.1).
        let expected = [-0.4, -0.2, 0.6, -0.1, 0.1];
        for (c, e) in batch.centred.iter().zip(expected) {
            assert!((c - e).abs() < 1e-5, "{:?}", batch.centred);
        }
        // The matrix applied to the raw equities gives the centred ones.
        let raw = [-0.6f32, -0.4, 0.4, 0.0, 0.2];
        for (i, e) in expected.iter().enumerate() {
            let row = &batch.centring[i * 5..(i + 1) * 5];
            let applied: f32 = row.iter().zip(raw).map(|(m, r)| m * r).sum();
            assert!((applied - e).abs() < 1e-5, "row {i}: {applied}");
        }
        assert_eq!(batch.inputs.len(), 5 * net.encoding().inputs());
    }

    #[test]
    fn groups_are_taken_round_until_the_batch_is_full() {
        let net = NetEvaluator::shipped().net().clone();
        let set = SiblingSet::new(&net, &[group(&[0.5, 0.6]), group(&[0.2, 0.3, 0.7])]);
        let mut cursor = 1;
        assert_eq!(set.next_groups(&[1, 0], &mut cursor, 3), vec![0, 1]);
        assert_eq!(cursor, 1);
        // Never a group twice in one batch, however many rows are asked for.
        assert_eq!(set.next_groups(&[1, 0], &mut cursor, 100), vec![0, 1]);
        assert_eq!(set.next_groups(&[1, 0], &mut cursor, 1), vec![0]);
        assert!(set.next_groups(&[], &mut cursor, 4).is_empty());
    }

    #[test]
    fn the_choice_loss_is_what_the_labels_lose_by_the_networks_choice() {
        let net = NetEvaluator::shipped().net().clone();
        let group = group(&[0.5, 0.6, 0.4]);
        // Labels that agree with the network's ranking lose nothing.
        let mut x = SparseInputs::new();
        let mut h = vec![0.0; net.scratch_len()];
        let mut agreeing = group.clone();
        for c in &mut agreeing.candidates {
            net.encode(&c.position, &mut x);
            c.target = Probabilities::from_outputs(net.forward(&x, &mut h));
        }
        let exact = choice_loss(&net, std::slice::from_ref(&agreeing));
        assert_eq!(exact.same_choice, 1.0);
        assert_eq!(exact.choice_loss, 0.0);
        assert!(exact.centred_rms < 1e-6, "{exact:?}");
        // Otherwise the loss is the labels' equity of the chosen candidate above the best.
        let e = choice_loss(&net, std::slice::from_ref(&group));
        let chosen = (0..3)
            .min_by(|&a, &b| {
                let eq = |i: usize| agreeing.candidates[i].target.equity();
                eq(a).total_cmp(&eq(b))
            })
            .expect("three");
        let label = |i: usize| f64::from(group.candidates[i].target.equity());
        assert!(
            (e.choice_loss - (label(chosen) - label(2))).abs() < 1e-6,
            "{e:?}"
        );
        assert_eq!(e.same_choice, if chosen == 2 { 1.0 } else { 0.0 });
        assert_eq!(choice_loss(&net, &[]), RankingError::default());
    }
}
