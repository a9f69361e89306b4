//! Prometheus metrics in the text exposition format (`GET /metrics`), written by hand: a few
//! counters, gauges and one latency histogram need no library.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds of the latency histogram's buckets, in seconds.
const LATENCY_BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// One latency histogram.
#[derive(Debug, Default, Clone)]
struct Histogram {
    /// Observations at or below each bound (not cumulative here; summed when written).
    buckets: [u64; LATENCY_BUCKETS.len()],
    count: u64,
    sum: f64,
}

impl Histogram {
    fn observe(&mut self, seconds: f64) {
        if let Some(index) = LATENCY_BUCKETS.iter().position(|&bound| seconds <= bound) {
            self.buckets[index] += 1;
        }
        self.count += 1;
        self.sum += seconds;
    }
}

/// Counters the server keeps about itself.
#[derive(Default)]
pub struct Metrics {
    /// Requests by (route, method, status).
    requests: Mutex<BTreeMap<(String, String, u16), u64>>,
    /// Latency by route.
    latency: Mutex<BTreeMap<String, Histogram>>,
    /// Requests refused by a rate limit, by limit.
    rate_limited: Mutex<BTreeMap<&'static str, u64>>,
    /// Commands that lost a race for a version to another process or copy.
    pub version_conflicts: AtomicU64,
    /// Notifications of other processes' commands received.
    pub notices: AtomicU64,
    /// Answers with a 5xx status.
    pub server_errors: AtomicU64,
    /// Accept errors other than a connection's own (out of file descriptors).
    pub accept_errors: AtomicU64,
    /// Connections closed at once because the server or their client had as many as it may.
    pub connections_refused: AtomicU64,
}

/// The values read at scrape time from the rest of the server.
#[derive(Debug, Default, Clone)]
pub struct Gauges {
    /// Games in this process's memory.
    pub cached_games: usize,
    /// Unfinished games among them.
    pub live_games: usize,
    /// Connected WebSocket watchers.
    pub watchers: usize,
    /// Per engine pool (`analysis`, `computer`): waiting, running, rejected so far.
    pub engine: Vec<(&'static str, usize, usize, u64)>,
    /// Commands, computer moves and sockets in progress.
    pub busy: usize,
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Metrics {
    /// Counts one answered request.
    pub fn request(&self, route: &str, method: &str, status: u16, elapsed: Duration) {
        if status >= 500 {
            self.server_errors.fetch_add(1, Ordering::Relaxed);
        }
        *lock(&self.requests)
            .entry((route.to_string(), method.to_string(), status))
            .or_default() += 1;
        lock(&self.latency)
            .entry(route.to_string())
            .or_default()
            .observe(elapsed.as_secs_f64());
    }

    /// Counts one accept error.
    pub fn accept_error(&self) {
        self.accept_errors.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts one connection closed at once for the connection limits.
    pub fn connection_refused(&self) {
        self.connections_refused.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts one request refused by the rate limit `limit`.
    pub fn rate_limited(&self, limit: &'static str) {
        *lock(&self.rate_limited).entry(limit).or_default() += 1;
    }

    /// The exposition text, with the gauges read now.
    pub fn render(&self, gauges: &Gauges) -> String {
        let mut out = String::new();
        self.render_requests(&mut out);
        self.render_latency(&mut out);
        let process_gauges = [
            (
                "ludus_games_cached",
                "Games held in this process's memory.",
                gauges.cached_games,
            ),
            (
                "ludus_games_live",
                "Unfinished games held in this process's memory (games in play).",
                gauges.live_games,
            ),
            (
                "ludus_websocket_watchers",
                "Connected WebSocket watchers.",
                gauges.watchers,
            ),
            (
                "ludus_work_in_progress",
                "Commands, computer moves and sockets in progress.",
                gauges.busy,
            ),
        ];
        for (name, help, value) in process_gauges {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {value}"
            );
        }
        self.render_engine(&mut out, gauges);
        self.render_counters(&mut out);
        out
    }

    fn render_requests(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "# HELP ludus_http_requests_total HTTP requests answered, by route, method and status.\n\
             # TYPE ludus_http_requests_total counter"
        );
        for ((route, method, status), count) in lock(&self.requests).iter() {
            let _ = writeln!(
                out,
                "ludus_http_requests_total{{route=\"{}\",method=\"{method}\",status=\"{status}\"}} {count}",
                escape(route)
            );
        }
    }

    fn render_latency(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "# HELP ludus_http_request_duration_seconds Time to answer a request, by route.\n\
             # TYPE ludus_http_request_duration_seconds histogram"
        );
        for (route, histogram) in lock(&self.latency).iter() {
            let route = escape(route);
            let mut cumulative = 0;
            for (bound, count) in LATENCY_BUCKETS.iter().zip(histogram.buckets) {
                cumulative += count;
                let _ = writeln!(
                    out,
                    "ludus_http_request_duration_seconds_bucket{{route=\"{route}\",le=\"{bound}\"}} {cumulative}"
                );
            }
            let _ = writeln!(
                out,
                "ludus_http_request_duration_seconds_bucket{{route=\"{route}\",le=\"+Inf\"}} {}\n\
                 ludus_http_request_duration_seconds_sum{{route=\"{route}\"}} {}\n\
                 ludus_http_request_duration_seconds_count{{route=\"{route}\"}} {}",
                histogram.count, histogram.sum, histogram.count
            );
        }
    }

    fn render_engine(&self, out: &mut String, gauges: &Gauges) {
        let families = [
            (
                "ludus_engine_queue_depth",
                "gauge",
                "Engine jobs waiting for a worker, by pool.",
            ),
            (
                "ludus_engine_running",
                "gauge",
                "Engine jobs running, by pool.",
            ),
            (
                "ludus_engine_rejections_total",
                "counter",
                "Engine requests refused: with 429 beyond the client's share, with 503 when the pool and its queue were full.",
            ),
        ];
        for (index, (name, kind, help)) in families.into_iter().enumerate() {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
            for &(pool, waiting, running, rejected) in &gauges.engine {
                let value = match index {
                    0 => waiting as u64,
                    1 => running as u64,
                    _ => rejected,
                };
                let _ = writeln!(out, "{name}{{pool=\"{pool}\"}} {value}");
            }
        }
    }

    fn render_counters(&self, out: &mut String) {
        let _ = writeln!(
            out,
            "# HELP ludus_rate_limited_total Requests refused with 429, by limit.\n\
             # TYPE ludus_rate_limited_total counter"
        );
        for (limit, count) in lock(&self.rate_limited).iter() {
            let _ = writeln!(out, "ludus_rate_limited_total{{limit=\"{limit}\"}} {count}");
        }
        let counters = [
            (
                "ludus_version_conflicts_total",
                "Commands that found their game changed by another process or copy first.",
                &self.version_conflicts,
            ),
            (
                "ludus_notifications_total",
                "Notifications of stored commands received from PostgreSQL.",
                &self.notices,
            ),
            (
                "ludus_http_server_errors_total",
                "Requests answered with a 5xx status (each is logged with its cause).",
                &self.server_errors,
            ),
            (
                "ludus_accept_errors_total",
                "Errors accepting connections (such as running out of file descriptors).",
                &self.accept_errors,
            ),
            (
                "ludus_connections_refused_total",
                "Connections closed at once because the server or their client had as many as allowed.",
                &self.connections_refused,
            ),
        ];
        for (name, help, value) in counters {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} counter\n{name} {}",
                value.load(Ordering::Relaxed)
            );
        }
    }
}

/// A label value with `\`, `"` and line breaks escaped.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_histogram_is_cumulative_and_counts_every_request() {
        let metrics = Metrics::default();
        metrics.request("/a", "GET", 200, Duration::from_micros(500));
        metrics.request("/a", "GET", 200, Duration::from_millis(30));
        metrics.request("/a", "POST", 429, Duration::from_secs(20));
        let text = metrics.render(&Gauges::default());
        assert!(
            text.contains(
                "ludus_http_requests_total{route=\"/a\",method=\"GET\",status=\"200\"} 2"
            )
        );
        assert!(
            text.contains(
                "ludus_http_requests_total{route=\"/a\",method=\"POST\",status=\"429\"} 1"
            )
        );
        assert!(
            text.contains(
                "ludus_http_request_duration_seconds_bucket{route=\"/a\",le=\"0.001\"} 1"
            )
        );
        assert!(
            text.contains("ludus_http_request_duration_seconds_bucket{route=\"/a\",le=\"0.05\"} 2")
        );
        assert!(
            text.contains("ludus_http_request_duration_seconds_bucket{route=\"/a\",le=\"10\"} 2")
        );
        assert!(
            text.contains("ludus_http_request_duration_seconds_bucket{route=\"/a\",le=\"+Inf\"} 3")
        );
        assert!(text.contains("ludus_http_request_duration_seconds_count{route=\"/a\"} 3"));
        metrics.request("/a", "GET", 503, Duration::from_millis(1));
        let text = metrics.render(&Gauges::default());
        assert!(text.contains("ludus_http_server_errors_total 1"), "{text}");
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
