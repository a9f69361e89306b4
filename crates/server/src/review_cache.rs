//! The reviews made and being made ([`ReviewCache`]): by game id and version, or by a pasted
//! record's hash, with the jobs under way so that a retry waits for the same job, each job's
//! client (who may have at most [`MAX_REVIEWS_PER_CLIENT`] under way) and when a request last
//! waited for it ([`Watched`]: a pasted record's job nobody asks about stops). It starts no job
//! itself (`review::reviewed` does, on the analysis pool) and knows nothing of the server's
//! state.

use crate::client_key::ClientKey;
use crate::error::ApiError;
use crate::review_page::ReviewPage;
use lru::LruCache;
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// A review job: the game id (or record key) and the version it reviews.
pub type ReviewJob = (String, usize);

/// The most reviews made (running or waiting for a worker) at once; more are refused with 503
/// `engine-busy`.
pub const MAX_REVIEWS_MAKING: usize = 8;
/// The most reviews one client has made at once (its game's and a pasted record's, say); more
/// are refused with 429 `review-running`.
pub const MAX_REVIEWS_PER_CLIENT: usize = 2;
/// A pasted record's review job that no request has waited for this long stops at its next
/// checkpoint (a request waits up to the request limit, 20 s by default, and the page asks again
/// at once).
pub const ABANDONED_AFTER: Duration = Duration::from_secs(30);

/// A review job's answer: the review, or why it failed.
pub type Outcome = Option<Result<Arc<ReviewPage>, ReviewFailure>>;

/// Why a review job failed, kept so that every request waiting for it can answer the same.
#[derive(Debug, Clone)]
pub enum ReviewFailure {
    /// The analyser cannot review this kind of game (501).
    NoAnalyser,
    /// Stopped before its end: the server is shutting down, or nobody waited (503).
    Stopped,
    /// Anything else (500), with the reason.
    Internal(String),
}

impl ReviewFailure {
    /// The failure kept of a job's error.
    fn of(error: ApiError) -> ReviewFailure {
        match error {
            ApiError::NoAnalyser => ReviewFailure::NoAnalyser,
            ApiError::EngineStopped => ReviewFailure::Stopped,
            other => ReviewFailure::Internal(other.to_string()),
        }
    }

    /// The error every waiting request answers.
    pub fn again(self) -> ApiError {
        match self {
            ReviewFailure::NoAnalyser => ApiError::NoAnalyser,
            ReviewFailure::Stopped => ApiError::EngineStopped,
            ReviewFailure::Internal(reason) => ApiError::Internal(reason),
        }
    }
}

/// A review job under way: its answer to come, its client, who waits for it.
struct Making {
    answer: watch::Receiver<Outcome>,
    client: ClientKey,
    watched: Watched,
}

/// Who waits for a review job: the requests waiting now, and when the last one stopped.
#[derive(Clone, Debug)]
pub struct Watched(Arc<Mutex<Watchers>>);

#[derive(Debug)]
struct Watchers {
    waiting: usize,
    since: Instant,
}

/// A request waiting for a review job, from its creation to its drop.
pub struct Watching(Watched);

impl Drop for Watching {
    fn drop(&mut self) {
        let mut watchers = self.0.lock();
        watchers.waiting -= 1;
        watchers.since = Instant::now();
    }
}

impl Watched {
    fn now() -> Watched {
        Watched(Arc::new(Mutex::new(Watchers {
            waiting: 0,
            since: Instant::now(),
        })))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Watchers> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A request waits for the job until the answer is dropped.
    pub fn watch(&self) -> Watching {
        self.lock().waiting += 1;
        Watching(self.clone())
    }

    /// Whether no request waits for the job and none has for `after`.
    pub fn unwatched_for(&self, after: Duration) -> bool {
        let watchers = self.lock();
        watchers.waiting == 0 && watchers.since.elapsed() > after
    }
}

/// A review asked for: its key and version, and the client asking.
#[derive(Debug, Clone)]
pub struct ReviewAsked {
    /// The game id or the pasted record's key.
    pub key: String,
    /// The game's version (0 for a pasted record).
    pub version: usize,
    /// The client asking.
    pub client: ClientKey,
}

/// A job to start: its key, the sender of its answer, and who waits for it.
pub struct NewJob {
    /// The job's key and version.
    pub job: ReviewJob,
    /// Where its answer goes.
    pub done: watch::Sender<Outcome>,
    /// Who waits for it.
    pub watched: Watched,
}

/// How many reviews the cache keeps.
const CACHED_REVIEWS: usize = 64;

/// Reviews already made, by game id and the game's version (a review of a game that has moved
/// on since is made again), or by a pasted record's hash; and the reviews being made.
pub struct ReviewCache {
    reviews: Mutex<LruCache<String, (usize, Arc<ReviewPage>)>>,
    making: Mutex<HashMap<ReviewJob, Making>>,
    record_keys: RandomState,
}

impl Default for ReviewCache {
    fn default() -> ReviewCache {
        ReviewCache {
            reviews: Mutex::new(LruCache::new(
                NonZeroUsize::new(CACHED_REVIEWS).unwrap_or(NonZeroUsize::MIN),
            )),
            making: Mutex::default(),
            record_keys: RandomState::new(),
        }
    }
}

impl ReviewCache {
    /// The review of game `id` at `version`, if made.
    pub fn get(&self, id: &str, version: usize) -> Option<Arc<ReviewPage>> {
        let mut reviews = self.reviews.lock().unwrap_or_else(|p| p.into_inner());
        match reviews.get(id) {
            Some((made_at, review)) if *made_at == version => Some(review.clone()),
            _ => None,
        }
    }

    /// Keeps the review of game `id` at `version`.
    pub fn put(&self, id: &str, version: usize, review: Arc<ReviewPage>) {
        let mut reviews = self.reviews.lock().unwrap_or_else(|p| p.into_inner());
        reviews.put(id.to_string(), (version, review));
    }

    /// The cache key of a pasted record: its hash under this server's own random keys.
    pub fn record_key(&self, text: &str) -> String {
        format!("record:{:016x}", self.record_keys.hash_one(text))
    }

    /// How many reviews are being made.
    pub fn making_count(&self) -> usize {
        self.making_jobs().len()
    }

    fn making_jobs(&self) -> std::sync::MutexGuard<'_, HashMap<ReviewJob, Making>> {
        self.making.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The answer of the job making the review `asked` for, and who waits for
    /// it: the job already under way, the cached review, or a new job — `start` is given the new
    /// job (refused with 429 `review-running` when the client has [`MAX_REVIEWS_PER_CLIENT`]
    /// under way, with 503 `engine-busy` when [`MAX_REVIEWS_MAKING`] are).
    pub fn join_or_start(
        &self,
        asked: ReviewAsked,
        start: impl FnOnce(NewJob),
    ) -> Result<(watch::Receiver<Outcome>, Watched), ApiError> {
        let mut making = self.making_jobs();
        let job = (asked.key, asked.version);
        if let Some(under_way) = making.get(&job) {
            return Ok((under_way.answer.clone(), under_way.watched.clone()));
        }
        // A job may have ended since the caller looked in the cache.
        if let Some(review) = self.get(&job.0, job.1) {
            return Ok((watch::channel(Some(Ok(review))).1, Watched::now()));
        }
        let of_client = making
            .values()
            .filter(|under_way| under_way.client == asked.client)
            .count();
        if of_client >= MAX_REVIEWS_PER_CLIENT {
            return Err(ApiError::ReviewRunning);
        }
        if making.len() >= MAX_REVIEWS_MAKING {
            return Err(ApiError::EngineBusy);
        }
        let (done, answer) = watch::channel(None);
        let watched = Watched::now();
        let under_way = Making {
            answer: answer.clone(),
            client: asked.client,
            watched: watched.clone(),
        };
        making.insert(job.clone(), under_way);
        drop(making);
        start(NewJob {
            job,
            done,
            watched: watched.clone(),
        });
        Ok((answer, watched))
    }

    /// Ends `job` with `outcome`: a review made is kept, and every request waiting is answered.
    pub fn finish(
        &self,
        job: ReviewJob,
        done: watch::Sender<Outcome>,
        outcome: Result<ReviewPage, ApiError>,
    ) {
        let outcome = outcome.map(Arc::new).map_err(ReviewFailure::of);
        if let Ok(review) = &outcome {
            self.put(&job.0, job.1, review.clone());
        }
        self.making_jobs().remove(&job);
        let _ = done.send(Some(outcome));
    }
}
