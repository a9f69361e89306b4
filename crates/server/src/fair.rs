//! The computer players' workers, shared fairly between clients: jobs wait in one queue per
//! client, and a freed worker goes to the next client in turn (round robin), so one client's
//! many deep games delay another client's move by at most the job running now. A client also
//! runs at most [`Settings::computer_workers_per_client`](crate::Settings) jobs at once, so with
//! two workers or more one stays free for the others.
//!
//! A long job (a review) runs with a checkpoint ([`FairPool::run_yielding`]) that it calls
//! between steps: while another client waits, the checkpoint hands the worker over and waits
//! for the job's next turn, so that another client's request waits at most one step of it; and
//! the checkpoint stops the job once its stop condition holds or the pool is closed.

use crate::client_key::ClientKey;
use std::collections::{HashMap, VecDeque};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::time::Duration;
use tokio::sync::oneshot;

/// How often a job waiting at its checkpoint for its next turn looks at its stop condition.
const STOP_POLL: Duration = Duration::from_millis(50);

/// A pool of workers on blocking threads, served client by client.
pub struct FairPool {
    name: &'static str,
    shared: Arc<Shared>,
}

struct Shared {
    workers: usize,
    per_client: usize,
    closed: AtomicBool,
    state: Mutex<State>,
}

/// A job waiting for a worker: a request's task, or a long job's blocking thread waiting at its
/// checkpoint for its next turn.
enum Waiter {
    Task(oneshot::Sender<Permit>),
    Thread(mpsc::SyncSender<Permit>),
}

impl Waiter {
    /// Hands `permit` over; gives it back when the waiter has gone.
    fn send(self, permit: Permit) -> Result<(), Permit> {
        match self {
            Waiter::Task(sender) => sender.send(permit),
            Waiter::Thread(sender) => sender.try_send(permit).map_err(|error| match error {
                mpsc::TrySendError::Full(permit) | mpsc::TrySendError::Disconnected(permit) => {
                    permit
                }
            }),
        }
    }
}

#[derive(Default)]
struct State {
    running: usize,
    running_by: HashMap<ClientKey, usize>,
    /// Clients with waiting jobs, in the order they are served.
    turn: VecDeque<ClientKey>,
    /// Each client's waiting jobs, oldest first.
    queues: HashMap<ClientKey, VecDeque<Waiter>>,
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

    /// Whether a client other than `client` waits and could run were a worker free.
    fn another_waits(&self, state: &State, client: &ClientKey) -> bool {
        state
            .turn
            .iter()
            .any(|other| other != client && state.running_of(other) < self.per_client)
    }

    /// Queues `waiter` of `client` first among that client's jobs.
    fn queue_first(&self, state: &mut State, client: &ClientKey, waiter: Waiter) {
        if !state.queues.contains_key(client) {
            state.turn.push_back(client.clone());
        }
        state
            .queues
            .entry(client.clone())
            .or_default()
            .push_front(waiter);
    }

    fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire)
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
                closed: AtomicBool::new(false),
                state: Mutex::default(),
            }),
        }
    }

    /// A worker for a job of `client`, once it is that client's turn.
    pub async fn acquire(&self, client: &ClientKey) -> Result<Permit, WorkerError> {
        if self.shared.is_closed() {
            return Err(WorkerError::Closed(self.name));
        }
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
                .push_back(Waiter::Task(sender));
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

    /// Runs the long `job` of `client` on a blocking thread once it has a worker, with a
    /// checkpoint it calls between its steps (see the module): [`ControlFlow::Break`] once
    /// `stop` holds or the pool is closed, and the job must then end.
    pub async fn run_yielding<T: Send + 'static>(
        &self,
        client: &ClientKey,
        stop: impl Fn() -> bool + Send + Sync + 'static,
        job: impl FnOnce(&(dyn Fn() -> ControlFlow<()> + Sync)) -> T + Send + 'static,
    ) -> Result<T, WorkerError> {
        let permit = self.acquire(client).await?;
        let turn = Turn {
            shared: Arc::clone(&self.shared),
            client: client.clone(),
            permit: Mutex::new(Some(permit)),
            stop,
        };
        tokio::task::spawn_blocking(move || job(&|| turn.checkpoint()))
            .await
            .map_err(|error| WorkerError::Failed(self.name, error))
    }

    /// Closes the pool: no job starts any more and every checkpoint answers stop (shutdown).
    pub fn close(&self) {
        self.shared.closed.store(true, Ordering::Release);
    }

    /// Name, jobs waiting, jobs running, requests refused (never: jobs wait) for the metrics.
    pub fn gauges(&self) -> (&'static str, usize, usize, u64) {
        let state = self.shared.lock();
        (self.name, state.waiting(), state.running, 0)
    }
}

/// A long job's hold on its worker, handed over and taken back at its checkpoints.
struct Turn<S> {
    shared: Arc<Shared>,
    client: ClientKey,
    /// The worker held; `None` once the job stopped while it waited for its next turn.
    permit: Mutex<Option<Permit>>,
    stop: S,
}

impl<S: Fn() -> bool> Turn<S> {
    fn should_stop(&self) -> bool {
        self.shared.is_closed() || (self.stop)()
    }

    /// Goes on, after handing the worker to another client's waiting job and waiting for the
    /// next turn when one waits; stops when the job should stop.
    fn checkpoint(&self) -> ControlFlow<()> {
        if self.should_stop() {
            return ControlFlow::Break(());
        }
        let mut held = self.permit.lock().unwrap_or_else(|p| p.into_inner());
        let Some(mut permit) = held.take() else {
            return ControlFlow::Break(());
        };
        let (sender, receiver) = mpsc::sync_channel(1);
        {
            let mut state = self.shared.lock();
            if !self.shared.another_waits(&state, &self.client) {
                *held = Some(permit);
                return ControlFlow::Continue(());
            }
            self.shared
                .queue_first(&mut state, &self.client, Waiter::Thread(sender));
            // Release without the permit's drop taking the lock again.
            permit.client = None;
            self.shared.release(&mut state, &self.client);
            self.shared.dispatch(&mut state);
        }
        loop {
            match receiver.recv_timeout(STOP_POLL) {
                Ok(permit) => {
                    *held = Some(permit);
                    return ControlFlow::Continue(());
                }
                Err(mpsc::RecvTimeoutError::Timeout) if !self.should_stop() => {}
                // Stopped while waiting: a worker handed over later finds the receiver gone
                // and goes to the next job.
                Err(_) => return ControlFlow::Break(()),
            }
        }
    }
}

/// Why a job of a [`FairPool`] gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    /// The pool no longer takes jobs (the server is shutting down).
    #[error("the {0} workers are closed")]
    Closed(&'static str),
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

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_long_job_hands_its_worker_to_another_client_at_its_checkpoints() {
        let pool = Arc::new(FairPool::new("analysis", 1, 0));
        let (started, mut running) = tokio::sync::mpsc::unbounded_channel();
        let steps = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = Arc::clone(&steps);
        let long = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move {
                pool.run_yielding(
                    &client("a"),
                    || false,
                    move |checkpoint| {
                        started.send(()).unwrap();
                        for _ in 0..100 {
                            if checkpoint().is_break() {
                                return false;
                            }
                            std::thread::sleep(Duration::from_millis(5));
                            counted.fetch_add(1, Ordering::SeqCst);
                        }
                        true
                    },
                )
                .await
            })
        };
        running.recv().await.unwrap();
        // b's short job runs within a step or two of the long one, not after its 100.
        let done_at = pool
            .run(&client("b"), {
                let steps = Arc::clone(&steps);
                move || steps.load(Ordering::SeqCst)
            })
            .await
            .unwrap();
        assert!(done_at < 20, "b ran after {done_at} steps of a");
        assert!(long.await.unwrap().unwrap(), "a's job went on to its end");
        assert_eq!(steps.load(Ordering::SeqCst), 100);
        assert_eq!(pool.gauges(), ("analysis", 0, 0, 0));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn closing_stops_a_long_job_at_its_next_checkpoint_and_starts_none() {
        let pool = Arc::new(FairPool::new("analysis", 1, 0));
        let (started, mut running) = tokio::sync::mpsc::unbounded_channel();
        let long = {
            let pool = Arc::clone(&pool);
            tokio::spawn(async move {
                pool.run_yielding(
                    &client("a"),
                    || false,
                    move |checkpoint| {
                        started.send(()).unwrap();
                        let mut steps = 0;
                        while checkpoint().is_continue() {
                            std::thread::sleep(Duration::from_millis(5));
                            steps += 1;
                        }
                        steps
                    },
                )
                .await
            })
        };
        running.recv().await.unwrap();
        pool.close();
        assert!(
            long.await.unwrap().is_ok(),
            "the job ended at its checkpoint"
        );
        assert!(matches!(
            pool.run(&client("b"), || ()).await,
            Err(WorkerError::Closed("analysis"))
        ));
    }
}
