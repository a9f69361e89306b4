//! The games held in memory: a least-recently-used cache with a bound, whose entries in use are
//! never dropped.
//!
//! An entry is "in use" while anyone but the cache holds its `Arc` (a request working on the game,
//! the computer thinking about it). Dropping an entry in use would let a second copy of the same
//! game be loaded beside it; dropping one nobody holds is always safe, since every command is in
//! the database before it is answered.

use lru::LruCache;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

struct Entry<T> {
    value: Arc<T>,
    touched: Instant,
}

/// Values by game id, at most `capacity` of them unless more are in use.
pub struct GameCache<T> {
    entries: Mutex<LruCache<String, Entry<T>>>,
    capacity: usize,
}

impl<T> GameCache<T> {
    /// An empty cache of at most `capacity` entries (at least 1).
    pub fn new(capacity: usize) -> GameCache<T> {
        GameCache {
            entries: Mutex::new(LruCache::unbounded()),
            capacity: capacity.max(1),
        }
    }

    fn entries(&self) -> MutexGuard<'_, LruCache<String, Entry<T>>> {
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The value of `id`, now the most recently used.
    pub fn get(&self, id: &str) -> Option<Arc<T>> {
        let mut entries = self.entries();
        let entry = entries.get_mut(id)?;
        entry.touched = Instant::now();
        Some(entry.value.clone())
    }

    /// The value of `id`, without counting as a use.
    pub fn peek(&self, id: &str) -> Option<Arc<T>> {
        self.entries().peek(id).map(|entry| entry.value.clone())
    }

    /// Adds `value` under `id` unless the id is already there (two requests loaded the same game
    /// at once): either way returns the cached value. Then drops the least recently used entries
    /// not in use while the cache is over its capacity.
    pub fn insert(&self, id: &str, value: T) -> Arc<T> {
        let mut entries = self.entries();
        if let Some(entry) = entries.get_mut(id) {
            entry.touched = Instant::now();
            return entry.value.clone();
        }
        let value = Arc::new(value);
        entries.put(
            id.to_string(),
            Entry {
                value: value.clone(),
                touched: Instant::now(),
            },
        );
        let excess = entries.len().saturating_sub(self.capacity);
        Self::drop_unused(&mut entries, excess, |_| true);
        value
    }

    /// Drops the entries not in use that nobody touched since `cutoff`; returns how many.
    pub fn drop_touched_before(&self, cutoff: Instant) -> usize {
        let mut entries = self.entries();
        let len = entries.len();
        Self::drop_unused(&mut entries, len, |entry| entry.touched < cutoff)
    }

    /// Drops every entry not in use (after missed notifications: they may be out of date).
    pub fn drop_unused_all(&self) -> usize {
        let mut entries = self.entries();
        let len = entries.len();
        Self::drop_unused(&mut entries, len, |_| true)
    }

    /// Every value now in the cache.
    pub fn values(&self) -> Vec<Arc<T>> {
        self.entries()
            .iter()
            .map(|(_, entry)| entry.value.clone())
            .collect()
    }

    /// How many entries the cache holds.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    /// Whether the cache is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops up to `count` entries not in use that `eligible` accepts, least recently used first.
    fn drop_unused(
        entries: &mut LruCache<String, Entry<T>>,
        count: usize,
        eligible: impl Fn(&Entry<T>) -> bool,
    ) -> usize {
        if count == 0 {
            return 0;
        }
        let victims: Vec<String> = entries
            .iter()
            .rev()
            .filter(|(_, entry)| Arc::strong_count(&entry.value) == 1 && eligible(entry))
            .take(count)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &victims {
            entries.pop(id);
        }
        victims.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_least_recently_used_entry_goes_first() {
        let cache = GameCache::new(2);
        cache.insert("a", 1);
        cache.insert("b", 2);
        assert_eq!(cache.get("a").as_deref(), Some(&1));
        cache.insert("c", 3);
        assert!(cache.peek("b").is_none(), "b was the least recently used");
        assert!(cache.peek("a").is_some() && cache.peek("c").is_some());
        assert_eq!(cache.len(), 2);
    }

    #[test]
    fn an_entry_in_use_is_never_dropped() {
        let cache = GameCache::new(1);
        let held = cache.insert("a", 1);
        // `b` is in use while it is inserted (its caller is about to use it), `a` is held: the
        // cache goes over its capacity rather than drop either.
        cache.insert("b", 2);
        assert!(cache.peek("a").is_some() && cache.peek("b").is_some());
        assert_eq!(cache.len(), 2);
        drop(held);
        cache.insert("c", 3);
        assert_eq!(
            cache.len(),
            1,
            "back within capacity once nothing else is held"
        );
        assert!(cache.peek("c").is_some());
    }

    #[test]
    fn inserting_a_present_id_keeps_the_first_value() {
        let cache = GameCache::new(4);
        let first = cache.insert("a", 1);
        let second = cache.insert("a", 2);
        assert!(Arc::ptr_eq(&first, &second));
        assert_eq!(*second, 1);
    }

    #[test]
    fn idle_entries_are_dropped_and_fresh_ones_kept() {
        let cache = GameCache::new(10);
        cache.insert("old", 1);
        std::thread::sleep(Duration::from_millis(2));
        let cutoff = Instant::now();
        cache.insert("new", 2);
        assert_eq!(cache.drop_touched_before(cutoff), 1);
        assert!(cache.peek("old").is_none());
        assert!(cache.peek("new").is_some());
        assert_eq!(cache.drop_unused_all(), 1);
        assert!(cache.is_empty());
    }
}
