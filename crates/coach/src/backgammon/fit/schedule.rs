//! The learning-rate schedule and the order of the positions in each pass: both pure functions
//! of the settings, the pass and the step, so a run resumed at a pass boundary takes exactly the
//! steps an uninterrupted run takes.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// How the learning rate moves from `rate` to `final_rate` over the run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Schedule {
    /// Half a cosine from `rate` down to `final_rate` over all the steps (after a linear warm-up
    /// over the first `warmup` steps).
    Cosine {
        /// Steps of linear warm-up from `final_rate` to `rate`.
        warmup: u64,
    },
    /// `rate` until `drop_at` of the run (a fraction), `final_rate` after it.
    Step {
        /// The fraction of the steps after which the rate drops.
        drop_at: f64,
    },
}

impl Schedule {
    /// The learning rate of step `step` (from 0) of `total` steps going from `rate` to
    /// `final_rate`.
    pub fn rate(self, step: u64, total: u64, rate: f64, final_rate: f64) -> f64 {
        let total = total.max(1);
        match self {
            Schedule::Cosine { warmup } if step < warmup => {
                final_rate + (rate - final_rate) * (step + 1) as f64 / warmup as f64
            }
            Schedule::Cosine { warmup } => {
                let span = total.saturating_sub(warmup).max(1);
                let done = (step - warmup) as f64 / span as f64;
                final_rate + 0.5 * (rate - final_rate) * (1.0 + (std::f64::consts::PI * done).cos())
            }
            Schedule::Step { drop_at } => {
                if (step as f64) < drop_at * total as f64 {
                    rate
                } else {
                    final_rate
                }
            }
        }
    }
}

/// The order of `len` positions in pass `epoch` (from 0) of a run seeded by `seed`.
pub fn epoch_order(seed: u64, epoch: u32, len: usize) -> Vec<usize> {
    let mut rng =
        ChaCha8Rng::seed_from_u64(seed ^ u64::from(epoch).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut order: Vec<usize> = (0..len).collect();
    order.shuffle(&mut rng);
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cosine_warms_up_then_falls_from_rate_to_final_rate() {
        let s = Schedule::Cosine { warmup: 10 };
        assert!((s.rate(9, 110, 1.0, 0.1) - 1.0).abs() < 1e-12);
        assert!(s.rate(0, 110, 1.0, 0.1) < 0.2);
        assert!((s.rate(10, 110, 1.0, 0.1) - 1.0).abs() < 1e-12);
        assert!((s.rate(60, 110, 1.0, 0.1) - 0.55).abs() < 1e-12);
        assert!((s.rate(110, 110, 1.0, 0.1) - 0.1).abs() < 1e-12);
        let falling: Vec<f64> = (10..110).map(|t| s.rate(t, 110, 1.0, 0.1)).collect();
        assert!(falling.windows(2).all(|w| w[1] <= w[0]));
    }

    #[test]
    fn the_step_schedule_drops_once() {
        let s = Schedule::Step { drop_at: 0.5 };
        assert_eq!(s.rate(49, 100, 1.0, 0.1), 1.0);
        assert_eq!(s.rate(50, 100, 1.0, 0.1), 0.1);
    }

    #[test]
    fn each_pass_has_its_own_order_of_every_position() {
        let a = epoch_order(3, 0, 100);
        assert_eq!(a, epoch_order(3, 0, 100));
        assert_ne!(a, epoch_order(3, 1, 100));
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
    }
}
