//! The network's activation: the logistic function `1 / (1 + e^-x)` in f32, computed with basic
//! arithmetic only (no call into the platform's `expf`), so that a loop over many activations
//! is vectorised by the compiler and every target computes the same bits.
//!
//! `e^-x` is `2^n · e^r` with `n = round(-x · log2 e)` and `|r| ≤ ln 2 / 2` (Cody and Waite's
//! two-part reduction by `ln 2`); `e^r` is its Taylor polynomial of degree 7 (the next term is
//! below 6·10⁻⁹ relative on that interval, under half an f32 ulp); `2^n` is built in the
//! exponent bits. Against the logistic function computed in f64 the result is within
//! [`SIGMOID_RELATIVE_TOLERANCE`] (tests below; measured at most 1.5·10⁻⁷, the same as
//! `1.0 / (1.0 + (-x).exp())` with glibc's `expf`, whose result it equals in about 19 of 20
//! arguments and differs from by at most 1.2·10⁻⁷ otherwise:
//! docs/notes/2026-12-02-backgammon-trainer.md, "Two layers at 2 plies").

/// The largest relative error of [`sigmoid`] against the logistic function in f64, for every
/// finite argument (about 1.7 f32 ulps: the rounding of `1 + e^-x` and of the division).
pub const SIGMOID_RELATIVE_TOLERANCE: f64 = 2.0e-7;

/// Arguments of [`exp`] are clamped to this range: `2^n` stays a normal float and the result
/// finite (the logistic function is 1 to within f32 precision above 17 and below
/// 10⁻³⁸ under −87, so the clamp changes no sigmoid by more than 10⁻³⁸).
const EXP_MIN: f32 = -87.0;
/// See [`EXP_MIN`].
const EXP_MAX: f32 = 88.0;
/// `1.5 · 2^23`: adding it rounds a float of magnitude below `2^22` to an integer, which then
/// sits in the low mantissa bits.
const ROUNDING_SHIFT: f32 = 12_582_912.0;
/// `ln 2` in two parts: the high part has nine trailing zero bits, so `n · LN2_HIGH` is exact
/// for `|n| < 512`.
const LN2_HIGH: f32 = 0.693_145_75;
/// `ln 2 − LN2_HIGH`.
const LN2_LOW: f32 = 1.428_606_8e-6;
/// Exponent bias of f32.
const EXPONENT_BIAS: u32 = 127;
/// Bits of the f32 mantissa.
const MANTISSA_BITS: u32 = 23;

/// `e^x` to within about one f32 ulp (relative), for `x` clamped to `[-87, 88]`.
#[inline(always)]
fn exp(x: f32) -> f32 {
    let x = x.clamp(EXP_MIN, EXP_MAX);
    let shifted = x * std::f32::consts::LOG2_E + ROUNDING_SHIFT;
    let n = shifted - ROUNDING_SHIFT;
    let r = (x - n * LN2_HIGH) - n * LN2_LOW;
    let taylor = 1.0
        + r * (1.0
            + r * (1.0 / 2.0
                + r * (1.0 / 6.0
                    + r * (1.0 / 24.0 + r * (1.0 / 120.0 + r * (1.0 / 720.0 + r / 5040.0))))));
    // `shifted`'s bits minus the shift's are `n` (the same binade, one unit a step), wrapping
    // for negative `n`; `n + 127` is in 1..=254 after the clamp, a normal exponent.
    let n_bits = shifted.to_bits().wrapping_sub(ROUNDING_SHIFT.to_bits());
    let two_to_n = f32::from_bits(n_bits.wrapping_add(EXPONENT_BIAS) << MANTISSA_BITS);
    taylor * two_to_n
}

/// The logistic function `1 / (1 + e^-x)`, within [`SIGMOID_RELATIVE_TOLERANCE`]; NaN stays NaN.
#[inline(always)]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + exp(-x))
}

/// [`sigmoid`] of every value of `xs`, in place (a loop the compiler vectorises).
#[inline(always)]
pub fn sigmoid_in_place(xs: &mut [f32]) {
    for x in xs {
        *x = sigmoid(*x);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The logistic function in f64.
    fn logistic(x: f32) -> f64 {
        1.0 / (1.0 + (-f64::from(x)).exp())
    }

    /// The relative error of [`sigmoid`] at `x` against the f64 logistic function.
    fn relative_error(x: f32) -> f64 {
        let exact = logistic(x);
        ((f64::from(sigmoid(x)) - exact) / exact).abs()
    }

    #[test]
    fn the_sigmoid_is_within_its_tolerance_on_a_fine_grid() {
        let worst = (-400_000..=400_000)
            .map(|i| i as f32 * 1e-4)
            .map(relative_error)
            .fold(0.0, f64::max);
        assert!(worst <= SIGMOID_RELATIVE_TOLERANCE, "worst {worst:e}");
    }

    #[test]
    fn the_sigmoid_is_within_its_tolerance_on_every_binade() {
        // Every power of two and its neighbours, both signs, up to the clamp and past it.
        for e in -30..=7 {
            let base = 2f32.powi(e);
            for x in [base, base * 1.000_001, base * 1.5, base * 1.999_99] {
                for x in [x, -x] {
                    if x > -87.0 {
                        assert!(relative_error(x) <= SIGMOID_RELATIVE_TOLERANCE, "{x}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_sigmoid_saturates_without_overflow() {
        assert_eq!(sigmoid(0.0), 0.5);
        assert_eq!(sigmoid(20.0), 1.0);
        assert_eq!(sigmoid(f32::MAX), 1.0);
        assert_eq!(sigmoid(f32::INFINITY), 1.0);
        for x in [-90.0, -1e6, f32::MIN, f32::NEG_INFINITY] {
            let s = sigmoid(x);
            assert!((0.0..1e-37).contains(&s), "sigmoid({x}) = {s}");
        }
        assert!(sigmoid(f32::NAN).is_nan());
    }

    #[test]
    fn the_exponential_is_within_two_ulps() {
        let mut x = -87.0f32;
        while x < 88.0 {
            let exact = f64::from(x).exp();
            let relative = ((f64::from(exp(x)) - exact) / exact).abs();
            assert!(
                relative < 2.0 * f64::from(f32::EPSILON),
                "e^{x}: {relative:e}"
            );
            x += 0.000_73;
        }
    }

    #[test]
    fn in_place_is_one_at_a_time() {
        let mut xs: Vec<f32> = (0..100).map(|i| (i as f32 - 50.0) * 0.37).collect();
        let one_by_one: Vec<f32> = xs.iter().map(|&x| sigmoid(x)).collect();
        sigmoid_in_place(&mut xs);
        assert_eq!(xs, one_by_one);
    }
}
