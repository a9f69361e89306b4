//! The computer players' workers, shared fairly between clients: jobs wait in one queue per
//! client, and a freed worker goes to the next client in turn (round robin), so one client's
//! many deep games delay another client's move by at most the job running now. A client also
//! runs at most [`Settings::computer_workers_per_client`](crate::Settings) jobs at once, so with
//! two workers or more one stays free for the others.

use crate::client_key::ClientKey;
use crate::engine_pool::WorkerError;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::oneshot;

/// A pool of workers on blocking threads, served client by client.
pub struct FairPool {
    name: &'static str,
    shared: Arc<Shared>,
}

struct Shared {
    workers: usize,
    per_client: usize,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    running: usize,
    running_by: HashMap<ClientKey, usize>,
    /// Clients with waiting jobs, in the order they are served.
    turn: VecDeque<ClientKey>,
    /// Each client's waiting jobs, oldest first.
    queues: HashMap<ClientKey, VecDeque<oneshot::Sender<Permit>>>,
}

impl State {
    fn running_of(&self, client: &ClientKey) -> usize {
        self.running_by.get(client).copied().unwrap_or(0)
    }

    fn waiting(&self) -> usize {
        self.queues.values().map(VecDeque::len).sum()
    }
}

/// A worker held by a client's job; dropping it hands the worker to the next client in turn.
pub struct Permit {
    shared: Arc<Shared>,
    client: Option<ClientKey>,
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            let mut state = self.shared.lock();
            self.shared.release(&mut state, &client);
            self.shared.dispatch(&mut state);
        }
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn may_start(&self, state: &State, client: &ClientKey) -> bool {
        state.running < self.workers && state.running_of(client) < self.per_client
    }

    fn take(self: &Arc<Self>, state: &mut State, client: &ClientKey) -> Permit {
        state.running += 1;
        *state.running_by.entry(client.clone()).or_default() += 1;
        Permit {
            shared: Arc::clone(self),
            client: Some(client.clone()),
        }
    }

    fn release(&self, state: &mut State, client: &ClientKey) {
        state.running -= 1;
        if let Some(count) = state.running_by.get_mut(client) {
            *count -= 1;
            if *count == 0 {
                state.running_by.remove(client);
            }
        }
    }

    /// Hands free workers to waiting jobs, one client after the other.
    fn dispatch(self: &Arc<Self>, state: &mut State) {
        let mut passed = 0;
        while state.running < self.workers && passed < state.turn.len() {
            let Some(client) = state.turn.pop_front() else {
                return;
            };
            if !self.may_start(state, &client) {
                state.turn.push_back(client);
                passed += 1;
                continue;
            }
            passed = 0;
            if let Some(waiter) = state.queues.get_mut(&client).and_then(VecDeque::pop_front) {
                let permit = self.take(state, &client);
                if let Err(mut unsent) = waiter.send(permit) {
                    // The job was given up while it waited: undo without re-entering the lock.
                    unsent.client = None;
                    self.release(state, &client);
                }
            }
            if state
                .queues
                .get(&client)
                .is_some_and(|queue| !queue.is_empty())
            {
                state.turn.push_back(client);
            } else {
                state.queues.remove(&client);
            }
        }
    }
}

impl FairPool {
    /// A pool running `workers` jobs at once, at most `per_client` of one client (0: no bound
    /// below `workers`).
    pub fn new(name: &'static str, workers: usize, per_client: usize) -> FairPool {
        let workers = workers.max(1);
        let per_client = if per_client == 0 {
            workers
        } else {
            per_client.min(workers)
        };
        FairPool {
            name,
            shared: Arc::new(Shared {
                workers,
                per_client,
                state: Mutex::default(),
            }),
        }
    }

    /// A worker for a job of `client`, once it is that client's turn.
    pub async fn acquire(&self, client: &ClientKey) -> Result<Permit, WorkerError> {
        let waiting = {
            let mut state = self.shared.lock();
            if self.shared.may_start(&state, client) && !state.queues.contains_key(client) {
                return Ok(self.shared.take(&mut state, client));
            }
            let (sender, receiver) = oneshot::channel();
            if !state.queues.contains_key(client) {
                state.turn.push_back(client.clone());
            }
            state
                .queues
                .entry(client.clone())
                .or_default()
                .push_back(sender);
            receiver
        };
        waiting.await.map_err(|_| WorkerError::Dropped(self.name))
    }

    /// Runs `job` of `client` on a blocking thread once it has a worker.
    pub async fn run<T: Send + 'static>(
        &self,
        client: &ClientKey,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WorkerError> {
        // The job holds the worker: a job whose caller stopped waiting counts until it ends.
        let permit = self.acquire(client).await?;
        tokio::task::spawn_blocking(move || {
            let _held = permit;
            job()
        })
        .await
        .map_err(|error| WorkerError::Failed(self.name, error))
    }

    /// Name, jobs waiting, jobs running, requests refused (never: jobs wait) for the metrics.
    pub fn gauges(&self) -> (&'static str, usize, usize, u64) {
        let state = self.shared.lock();
        (self.name, state.waiting(), state.running, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn client(name: &str) -> ClientKey {
        ClientKey(name.to_string())
    }

    #[tokio::test]
    async fn a_freed_worker_goes_to_the_next_client_in_turn() {
        let pool = Arc::new(FairPool::new("computer", 1, 0));
        let first = pool.acquire(&client("a")).await.unwrap();
        // Client a queues three jobs, then b one: b is served right after the running job.
        let mut order = Vec::new();
        let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel();
        let mut tasks = Vec::new();
        for name in ["a", "a", "a", "b"] {
            let (pool, sender) = (Arc::clone(&pool), sender.clone());
            tasks.push(tokio::spawn(async move {
                let permit = pool.acquire(&client(name)).await.unwrap();
                sender.send(name).unwrap();
                tokio::time::sleep(Duration::from_millis(5)).await;
                drop(permit);
            }));
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(pool.gauges().1, 4);
        drop(first);
        for _ in 0..4 {
            order.push(receiver.recv().await.unwrap());
        }
        assert_eq!(order, ["a", "b", "a", "a"]);
        for task in tasks {
            task.await.unwrap();
        }
        assert_eq!(pool.gauges(), ("computer", 0, 0, 0));
    }

    #[tokio::test]
    async fn a_client_runs_at_most_its_share() {
        let pool = FairPool::new("computer", 2, 1);
        let held = pool.acquire(&client("a")).await.unwrap();
        let a = client("a");
        let blocked = tokio::time::timeout(Duration::from_millis(20), pool.acquire(&a));
        assert!(blocked.await.is_err(), "a second job of a waits");
        let other = pool.acquire(&client("b")).await.unwrap();
        assert_eq!(pool.gauges().2, 2);
        drop((held, other));
        assert_eq!(pool.gauges(), ("computer", 0, 0, 0));
    }

    #[tokio::test]
    async fn a_job_given_up_while_waiting_frees_its_place() {
        let pool = FairPool::new("computer", 1, 0);
        let held = pool.acquire(&client("a")).await.unwrap();
        let b = client("b");
        let given_up = tokio::time::timeout(Duration::from_millis(10), pool.acquire(&b));
        assert!(given_up.await.is_err());
        drop(held);
        assert_eq!(pool.gauges().2, 0, "no worker lost to the abandoned job");
        assert_eq!(pool.run(&client("c"), || 6 * 7).await.unwrap(), 42);
    }
}
