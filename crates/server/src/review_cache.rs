//! The reviews made and being made ([`ReviewCache`]): by game id and version, or by a pasted
//! record's hash, with the jobs under way so that a retry waits for the same job. It starts no
//! job itself (`review::reviewed` does, on the analysis pool) and knows nothing of the server's
//! state.

use crate::error::ApiError;
use crate::review_page::ReviewPage;
use lru::LruCache;
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// A review job: the game id (or record key) and the version it reviews.
pub type ReviewJob = (String, usize);

/// The most reviews made (running or waiting for a worker) at once; more are refused with 503
/// `engine-busy`.
pub const MAX_REVIEWS_MAKING: usize = 8;

/// A review job's answer: the review, or why it failed.
pub type Outcome = Option<Result<Arc<ReviewPage>, ReviewFailure>>;

/// Why a review job failed, kept so that every request waiting for it can answer the same.
#[derive(Debug, Clone)]
pub enum ReviewFailure {
    /// The analyser cannot review this kind of game (501).
    NoAnalyser,
    /// Anything else (500), with the reason.
    Internal(String),
}

impl ReviewFailure {
    /// The failure kept of a job's error.
    fn of(error: ApiError) -> ReviewFailure {
        match error {
            ApiError::NoAnalyser => ReviewFailure::NoAnalyser,
            other => ReviewFailure::Internal(other.to_string()),
        }
    }

    /// The error every waiting request answers.
    pub fn again(self) -> ApiError {
        match self {
            ReviewFailure::NoAnalyser => ApiError::NoAnalyser,
            ReviewFailure::Internal(reason) => ApiError::Internal(reason),
        }
    }
}

/// How many reviews the cache keeps.
const CACHED_REVIEWS: usize = 64;

/// Reviews already made, by game id and the game's version (a review of a game that has moved
/// on since is made again), or by a pasted record's hash; and the reviews being made.
pub struct ReviewCache {
    reviews: Mutex<LruCache<String, (usize, Arc<ReviewPage>)>>,
    making: Mutex<HashMap<ReviewJob, watch::Receiver<Outcome>>>,
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

    fn making_jobs(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<ReviewJob, watch::Receiver<Outcome>>> {
        self.making.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The answer of the job making review `key` at `version`: the one already under way, the
    /// cached review, or a new job — `start` is given the job and the sender of its answer
    /// (refused with 503 `engine-busy` when [`MAX_REVIEWS_MAKING`] are under way).
    pub fn join_or_start(
        &self,
        key: String,
        version: usize,
        start: impl FnOnce(ReviewJob, watch::Sender<Outcome>),
    ) -> Result<watch::Receiver<Outcome>, ApiError> {
        let mut making = self.making_jobs();
        let job = (key, version);
        if let Some(answer) = making.get(&job) {
            return Ok(answer.clone());
        }
        // A job may have ended since the caller looked in the cache.
        if let Some(review) = self.get(&job.0, job.1) {
            return Ok(watch::channel(Some(Ok(review))).1);
        }
        if making.len() >= MAX_REVIEWS_MAKING {
            return Err(ApiError::EngineBusy);
        }
        let (done, answer) = watch::channel(None);
        making.insert(job.clone(), answer.clone());
        drop(making);
        start(job, done);
        Ok(answer)
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
