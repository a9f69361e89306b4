//! The inference kernels (`Kernel`: the baseline instruction set and AVX2 chosen at run time)
//! against each other and against the plain reference forms: the same outputs bit for bit, and
//! the network with its own sigmoid within tolerance of the exact logistic function.
//!
//! On a processor without AVX2 the AVX2 kernel falls back to the baseline one, so these tests
//! then compare the baseline kernel with itself and with the reference forms.

use crate::common::two_layer_net;
use ludus_backgammon::random_positions;
use ludus_backgammon_engine::encoding::SparseInputs;
use ludus_backgammon_engine::eval::{NetEvaluator, shipped_pruning_net};
use ludus_backgammon_engine::net::{KERNEL_VARIABLE, Kernel, Net};

/// Encoded positions of seeded random play for `net`.
fn inputs(net: &Net, count: usize, seed: u64) -> Vec<SparseInputs> {
    random_positions(seed, count)
        .iter()
        .map(|p| {
            let mut x = SparseInputs::new();
            net.encode(p, &mut x);
            x
        })
        .collect()
}

/// The networks compared: the shipped one (256 units), its pruning network (32), and two-layer
/// networks whose second layers are a whole panel and more (128: two panels of 64), a panel and
/// a remainder in steps of 8 and single units (100 = 64 + 32 + 4), and fewer units than a step
/// (20 = 16 + 4, and 5).
fn networks() -> Vec<Net> {
    let mut nets = vec![NetEvaluator::shipped().net().clone()];
    nets.extend(shipped_pruning_net().map(|n| (*n).clone()));
    nets.push(two_layer_net(256, 128, 11));
    nets.push(two_layer_net(48, 100, 12));
    nets.push(two_layer_net(24, 20, 13));
    nets.push(two_layer_net(8, 5, 14));
    nets
}

#[test]
fn every_kernel_gives_the_reference_outputs_bit_for_bit_in_batches_of_every_size() {
    for (n, net) in networks().iter().enumerate() {
        let xs = inputs(net, 11, 50 + n as u64);
        let mut h = vec![0.0; net.scratch_len()];
        let reference: Vec<[f32; 5]> = xs.iter().map(|x| net.forward(x, &mut h)).collect();
        let (mut scratch, mut out) = (Vec::new(), Vec::new());
        for kernel in Kernel::ALL {
            for len in 0..=xs.len() {
                net.forward_batch_on(kernel, &xs[..len], &mut scratch, &mut out);
                assert_eq!(out, reference[..len], "net {n}, {kernel:?}, batch of {len}");
            }
            for (x, expected) in xs.iter().zip(&reference) {
                assert_eq!(&net.forward_on(kernel, x, &mut h), expected, "net {n}");
            }
        }
    }
}

#[test]
fn the_detected_kernel_is_available_and_the_baseline_always_is() {
    assert!(Kernel::Baseline.is_available());
    assert!(Kernel::detected().is_available());
    #[cfg(target_arch = "x86_64")]
    {
        let forced = std::env::var(KERNEL_VARIABLE).is_ok_and(|v| v == "baseline");
        assert_eq!(
            Kernel::detected() == Kernel::Avx2,
            std::arch::is_x86_feature_detected!("avx2") && !forced
        );
    }
}

/// The logistic function in f64.
fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `net`'s outputs for `x` computed densely in f64 with the exact logistic function.
fn exact_outputs(net: &Net, x: &SparseInputs) -> [f64; 5] {
    let l = net.layers();
    let dense = x.to_dense();
    let layer = |input: &[f64], w: &[f32], b: &[f32]| -> Vec<f64> {
        let units = b.len();
        (0..units)
            .map(|k| {
                let sum: f64 = input
                    .iter()
                    .enumerate()
                    .map(|(i, a)| a * f64::from(w[i * units + k]))
                    .sum();
                logistic(f64::from(b[k]) + sum)
            })
            .collect()
    };
    let first: Vec<f64> = dense.iter().map(|&v| f64::from(v)).collect();
    let mut top = layer(&first, &l.w1, &l.b1);
    if let Some((w, b)) = &l.second {
        top = layer(&top, w, b);
    }
    let n = top.len();
    std::array::from_fn(|o| {
        let dot: f64 = (0..n).map(|k| top[k] * f64::from(l.w2[o * n + k])).sum();
        logistic(f64::from(l.b2[o]) + dot)
    })
}

#[test]
fn the_shipped_network_is_within_a_few_millionths_of_its_exact_function() {
    // f32 sums of ~40 inputs, sigmoids within 2e-7 relative: the outputs stay within 2e-6 of
    // the same network computed in f64 with the exact logistic function.
    let net = NetEvaluator::shipped().net().clone();
    let mut h = vec![0.0; net.scratch_len()];
    let mut worst = 0.0f64;
    for x in inputs(&net, 300, 61) {
        let fast = net.forward_interleaved(&x, &mut h);
        for (a, b) in fast.iter().zip(exact_outputs(&net, &x)) {
            worst = worst.max((f64::from(*a) - b).abs());
        }
    }
    assert!(worst < 2e-6, "worst {worst:e}");
}
