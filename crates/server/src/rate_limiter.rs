//! Per-client rate limits: token buckets keyed by the client and the kind of request. It knows
//! nothing of HTTP or the server's state.

use crate::client_key::ClientKey;
use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The rate limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Limit {
    /// `POST /api/games`.
    Create,
    /// The analysis endpoints.
    Engine,
    /// A seat's moves, actions and take-backs.
    Move,
}

impl Limit {
    /// The name in messages and metrics.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Create => "create",
            Limit::Engine => "engine",
            Limit::Move => "move",
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

/// Token buckets by client and limit: `per_minute` tokens a minute, at most a quarter of them
/// (and at least one) saved up.
pub struct RateLimiter {
    per_minute: u32,
    buckets: Mutex<HashMap<(Limit, ClientKey), Bucket>>,
}

impl RateLimiter {
    /// A limiter allowing `per_minute` requests a minute per client and limit (0: no limit).
    pub fn new(per_minute: u32) -> RateLimiter {
        RateLimiter {
            per_minute,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    fn buckets(&self) -> MutexGuard<'_, HashMap<(Limit, ClientKey), Bucket>> {
        self.buckets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn capacity(&self) -> f64 {
        f64::from((self.per_minute / 4).max(1))
    }

    fn per_second(&self) -> f64 {
        f64::from(self.per_minute) / 60.0
    }

    /// Takes a token for `client` under `limit` at `now`, or says how long until one is there.
    pub fn check_at(&self, limit: Limit, client: &ClientKey, now: Instant) -> Result<(), Duration> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let (capacity, rate) = (self.capacity(), self.per_second());
        let mut buckets = self.buckets();
        let bucket = buckets.entry((limit, client.clone())).or_insert(Bucket {
            tokens: capacity,
            updated: now,
        });
        let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * rate).min(capacity);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / rate))
        }
    }

    /// Takes a token now (see [`RateLimiter::check_at`]).
    pub fn check(&self, limit: Limit, client: &ClientKey) -> Result<(), Duration> {
        self.check_at(limit, client, Instant::now())
    }

    /// Forgets the buckets that have filled up again (a new one starts full): keeps the table
    /// as small as the set of recently active clients.
    pub fn forget_full(&self) {
        if self.per_minute == 0 {
            return;
        }
        let (capacity, rate, now) = (self.capacity(), self.per_second(), Instant::now());
        self.buckets().retain(|_, bucket| {
            let elapsed = now.saturating_duration_since(bucket.updated).as_secs_f64();
            bucket.tokens + elapsed * rate < capacity
        });
    }

    /// How many buckets are kept.
    pub fn len(&self) -> usize {
        self.buckets().len()
    }

    /// Whether no bucket is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(text: &str) -> ClientKey {
        ClientKey(text.to_string())
    }

    #[test]
    fn a_bucket_allows_a_quarter_minute_at_once_then_refills_at_the_rate() {
        let limiter = RateLimiter::new(60); // 1 a second, 15 at once
        let start = Instant::now();
        let alice = client("10.0.0.1");
        for _ in 0..15 {
            assert!(limiter.check_at(Limit::Create, &alice, start).is_ok());
        }
        let wait = limiter.check_at(Limit::Create, &alice, start).unwrap_err();
        assert!((wait.as_secs_f64() - 1.0).abs() < 1e-6, "{wait:?}");
        // Another client and another limit have their own buckets.
        assert!(
            limiter
                .check_at(Limit::Create, &client("10.0.0.2"), start)
                .is_ok()
        );
        assert!(limiter.check_at(Limit::Engine, &alice, start).is_ok());
        // Half a second later half a token is back: still half a second to wait.
        let later = start + Duration::from_millis(500);
        let wait = limiter.check_at(Limit::Create, &alice, later).unwrap_err();
        assert!((wait.as_secs_f64() - 0.5).abs() < 1e-6, "{wait:?}");
        assert!(
            limiter
                .check_at(Limit::Create, &alice, start + Duration::from_secs(1))
                .is_ok()
        );
    }

    #[test]
    fn zero_turns_the_limit_off() {
        let limiter = RateLimiter::new(0);
        for _ in 0..10_000 {
            assert!(limiter.check(Limit::Create, &client("x")).is_ok());
        }
        assert!(limiter.is_empty());
    }

    #[test]
    fn full_buckets_are_forgotten() {
        let limiter = RateLimiter::new(6000); // refills in well under a millisecond per token
        limiter.check(Limit::Engine, &client("a")).unwrap();
        assert_eq!(limiter.len(), 1);
        std::thread::sleep(Duration::from_millis(20));
        limiter.forget_full();
        assert!(limiter.is_empty());
    }
}
