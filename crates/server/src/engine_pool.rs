//! Bounded pools of engine workers on blocking threads ([`EnginePool`]): a few workers, a short
//! queue, refusals counted. It knows nothing of HTTP or the server's state.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// A bounded pool of engine workers on blocking threads.
pub struct EnginePool {
    name: &'static str,
    workers: Arc<Semaphore>,
    /// Room for running and waiting jobs together; `None`: callers always wait (the computer
    /// players, at most one job per game).
    admission: Option<Arc<Semaphore>>,
    waiting: Arc<AtomicUsize>,
    running: Arc<AtomicUsize>,
    rejected: AtomicU64,
}

/// A place in an engine pool's queue, taken before the request is handled.
pub struct Admission {
    _permit: Option<OwnedSemaphorePermit>,
}

impl EnginePool {
    /// A pool running `workers` jobs at once; with a `queue`, at most that many more wait and
    /// the rest are refused.
    pub fn new(name: &'static str, workers: usize, queue: Option<usize>) -> EnginePool {
        let workers = workers.max(1);
        EnginePool {
            name,
            workers: Arc::new(Semaphore::new(workers)),
            admission: queue.map(|queue| Arc::new(Semaphore::new(workers + queue))),
            waiting: Arc::default(),
            running: Arc::default(),
            rejected: AtomicU64::new(0),
        }
    }

    /// A place in the queue, or `None` (counted as a rejection) when the queue is full.
    pub fn admit(&self) -> Option<Admission> {
        let Some(admission) = &self.admission else {
            return Some(Admission { _permit: None });
        };
        match admission.clone().try_acquire_owned() {
            Ok(permit) => Some(Admission {
                _permit: Some(permit),
            }),
            Err(_) => {
                self.rejected.fetch_add(1, Ordering::Relaxed);
                None
            }
        }
    }

    /// Runs `job` on a blocking thread once a worker is free.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WorkerError> {
        // The worker and the counters are held by the job itself: a job whose caller stopped
        // waiting still counts until it ends, so no more than `workers` ever run.
        let waiting = Counted::new(&self.waiting);
        let permit = self
            .workers
            .clone()
            .acquire_owned()
            .await
            .map_err(|error| WorkerError::Closed(self.name, error))?;
        drop(waiting);
        let running = Counted::new(&self.running);
        tokio::task::spawn_blocking(move || {
            let _held = (permit, running);
            job()
        })
        .await
        .map_err(|error| WorkerError::Failed(self.name, error))
    }

    /// Name, jobs waiting, jobs running, requests refused so far (for the metrics).
    pub fn gauges(&self) -> (&'static str, usize, usize, u64) {
        (
            self.name,
            self.waiting.load(Ordering::Relaxed),
            self.running.load(Ordering::Relaxed),
            self.rejected.load(Ordering::Relaxed),
        )
    }
}

/// One in a gauge while it lives.
struct Counted(Arc<AtomicUsize>);

impl Counted {
    fn new(gauge: &Arc<AtomicUsize>) -> Counted {
        gauge.fetch_add(1, Ordering::Relaxed);
        Counted(gauge.clone())
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Why a job of an [`EnginePool`] gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    /// The pool no longer takes jobs.
    #[error("the {0} workers are closed")]
    Closed(&'static str, #[source] tokio::sync::AcquireError),
    /// The job panicked or was cancelled.
    #[error("a job of the {0} workers failed")]
    Failed(&'static str, #[source] tokio::task::JoinError),
    /// The pool was dropped while the job waited for a worker.
    #[error("the {0} workers went away")]
    Dropped(&'static str),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_pool_refuses_and_counts_the_refusal() {
        let pool = EnginePool::new("analysis", 1, Some(1));
        let first = pool.admit().expect("a worker");
        let second = pool.admit().expect("a place in the queue");
        assert!(pool.admit().is_none());
        assert_eq!(pool.gauges().3, 1);
        drop(first);
        assert!(pool.admit().is_some());
        drop(second);
        assert_eq!(pool.run(|| 6 * 7).await.unwrap(), 42);
        assert_eq!(pool.gauges().1, 0, "nothing waits");
        assert_eq!(pool.gauges().2, 0, "nothing runs");
    }
}
