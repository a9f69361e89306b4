//! The analysis workers ([`AnalysisPool`]): places for engine requests, bounded in all and per
//! client, and a [`FairPool`] of workers that serves the clients in turn. It knows nothing of
//! HTTP or the server's state.
//!
//! A client holds at most [`AnalysisPool::per_client`] places (its running and waiting
//! requests), so that one client's flood is refused with 429 while another client's next
//! request still finds a place; the places of all clients together are bounded too (503). Jobs
//! wait in the fair pool's per-client queues, so another client's request waits at most for
//! the jobs running now, and long jobs (reviews) hand their worker over between steps.

use crate::client_key::ClientKey;
use crate::fair::{FairPool, WorkerError};
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The analysis workers and the places in their queue.
pub struct AnalysisPool {
    workers: FairPool,
    places: Arc<Places>,
    per_client: usize,
    rejected: AtomicU64,
}

/// Places taken, in all and per client.
struct Places {
    most: usize,
    taken: Mutex<PlacesTaken>,
}

#[derive(Default)]
struct PlacesTaken {
    all: usize,
    by_client: HashMap<ClientKey, usize>,
}

/// A request's place in the analysis pool, held until its answer is ready.
pub struct Admission {
    places: Arc<Places>,
    client: ClientKey,
}

impl Drop for Admission {
    fn drop(&mut self) {
        let mut taken = self.places.taken.lock().unwrap_or_else(|p| p.into_inner());
        taken.all -= 1;
        if let Some(count) = taken.by_client.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                taken.by_client.remove(&self.client);
            }
        }
    }
}

/// Why a request got no place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The client holds its share of the places already (429).
    ClientShare,
    /// Every place is taken (503).
    Full,
}

impl AnalysisPool {
    /// `workers` running jobs at once, `queue` more places waiting, a client holding at most
    /// `workers + 1` places (one running job and one waiting on a single worker).
    pub fn new(workers: usize, queue: usize) -> AnalysisPool {
        let workers = workers.max(1);
        AnalysisPool {
            workers: FairPool::new("analysis", workers, 0),
            places: Arc::new(Places {
                most: workers + queue,
                taken: Mutex::default(),
            }),
            per_client: workers + 1,
            rejected: AtomicU64::new(0),
        }
    }

    /// The most places one client holds at once.
    pub fn per_client(&self) -> usize {
        self.per_client
    }

    /// A place for a request of `client`, or why there is none (counted as a rejection).
    pub fn admit(&self, client: &ClientKey) -> Result<Admission, Refusal> {
        let mut taken = self.places.taken.lock().unwrap_or_else(|p| p.into_inner());
        let of_client = taken.by_client.get(client).copied().unwrap_or(0);
        let refusal = if of_client >= self.per_client {
            Some(Refusal::ClientShare)
        } else if taken.all >= self.places.most {
            Some(Refusal::Full)
        } else {
            None
        };
        if let Some(refusal) = refusal {
            self.rejected.fetch_add(1, Ordering::Relaxed);
            return Err(refusal);
        }
        taken.all += 1;
        *taken.by_client.entry(client.clone()).or_default() += 1;
        Ok(Admission {
            places: Arc::clone(&self.places),
            client: client.clone(),
        })
    }

    /// Runs `job` of `client` on a worker once it is that client's turn.
    pub async fn run<T: Send + 'static>(
        &self,
        client: &ClientKey,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WorkerError> {
        self.workers.run(client, job).await
    }

    /// Runs the long `job` of `client` with a checkpoint between its steps (see
    /// [`FairPool::run_yielding`]): it hands the worker to other clients' requests and stops
    /// once `stop` holds or the pool is closed.
    pub async fn run_yielding<T: Send + 'static>(
        &self,
        client: &ClientKey,
        stop: impl Fn() -> bool + Send + Sync + 'static,
        job: impl FnOnce(&(dyn Fn() -> ControlFlow<()> + Sync)) -> T + Send + 'static,
    ) -> Result<T, WorkerError> {
        self.workers.run_yielding(client, stop, job).await
    }

    /// Stops every long job at its next checkpoint and starts no more (shutdown).
    pub fn close(&self) {
        self.workers.close();
    }

    /// Name, jobs waiting, jobs running, requests refused so far (for the metrics).
    pub fn gauges(&self) -> (&'static str, usize, usize, u64) {
        let (name, waiting, running, _) = self.workers.gauges();
        (
            name,
            waiting,
            running,
            self.rejected.load(Ordering::Relaxed),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(name: &str) -> ClientKey {
        ClientKey(name.to_string())
    }

    #[tokio::test]
    async fn a_client_holds_its_share_and_the_pool_its_places() {
        let pool = AnalysisPool::new(1, 2);
        let (a, b, c) = (client("a"), client("b"), client("c"));
        let first = pool.admit(&a).expect("a's first");
        let second = pool.admit(&a).expect("a's second");
        assert_eq!(pool.admit(&a).err(), Some(Refusal::ClientShare));
        let third = pool.admit(&b).expect("b still finds a place");
        assert_eq!(pool.admit(&c).err(), Some(Refusal::Full));
        assert_eq!(pool.gauges().3, 2);
        drop(first);
        assert!(pool.admit(&c).is_ok(), "a freed place goes to whoever asks");
        drop((second, third));
        assert_eq!(pool.run(&a, || 6 * 7).await.unwrap(), 42);
        assert_eq!(pool.gauges().1, 0, "nothing waits");
        assert_eq!(pool.gauges().2, 0, "nothing runs");
    }
}
