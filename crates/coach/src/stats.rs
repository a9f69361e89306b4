//! Statistics and bounds shared by every measurement of the coach.

use thiserror::Error;

/// z for a two-sided 95 % interval (normal approximation).
pub const Z95: f64 = 1.96;

/// The most worker threads a measurement or a labelling run may use.
pub const MAX_JOBS: usize = 64;

/// A thread count outside `1..=MAX_JOBS`.
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
#[error("--jobs must be 1 to {MAX_JOBS}, not {0}")]
pub struct JobsError(pub usize);

/// `jobs` when it lies in `1..=MAX_JOBS`.
pub fn check_jobs(jobs: usize) -> Result<usize, JobsError> {
    if (1..=MAX_JOBS).contains(&jobs) {
        Ok(jobs)
    } else {
        Err(JobsError(jobs))
    }
}

/// Half-width of the 95 % interval of the mean of `samples` (0 for fewer than two), from the
/// sample variance.
pub fn mean_ci95(samples: impl Iterator<Item = f64> + Clone) -> f64 {
    let n = samples.clone().count() as f64;
    if n < 2.0 {
        return 0.0;
    }
    let mean = samples.clone().sum::<f64>() / n;
    let variance = samples.map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    Z95 * (variance / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_of_a_known_sample() {
        // Mean 2.5, sample variance 5/3, n = 4: 1.96 * sqrt(5/12).
        let half = mean_ci95([1.0, 2.0, 3.0, 4.0].into_iter());
        assert!((half - 1.96 * (5.0f64 / 12.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn no_interval_below_two_samples() {
        assert_eq!(mean_ci95([3.0].into_iter()), 0.0);
        assert_eq!(mean_ci95(std::iter::empty()), 0.0);
    }

    #[test]
    fn jobs_bounds() {
        assert_eq!(check_jobs(1), Ok(1));
        assert_eq!(check_jobs(MAX_JOBS), Ok(MAX_JOBS));
        assert_eq!(check_jobs(0), Err(JobsError(0)));
        assert_eq!(check_jobs(MAX_JOBS + 1), Err(JobsError(MAX_JOBS + 1)));
        assert_eq!(JobsError(0).to_string(), "--jobs must be 1 to 64, not 0");
    }
}
