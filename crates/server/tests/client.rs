//! A loopback HTTP client and latency percentiles, shared by the tests and the load bench
//! (`benches/load.rs` includes this file).

use serde_json::Value;
use std::time::Duration;

/// A minimal HTTP/1.1 keep-alive client over one loopback connection (for tests against a real
/// listener, where headers such as `Retry-After` and the timing of a socket matter).
pub struct HttpClient {
    stream: tokio::io::BufReader<tokio::net::TcpStream>,
}

/// An answer: status, headers (names in lowercase) and the body as JSON (or a JSON string).
pub struct HttpAnswer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

impl HttpAnswer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

impl HttpClient {
    pub async fn connect(addr: std::net::SocketAddr) -> HttpClient {
        let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
        stream.set_nodelay(true).expect("nodelay");
        HttpClient {
            stream: tokio::io::BufReader::new(stream),
        }
    }

    pub async fn request(&mut self, method: &str, path: &str, body: Option<&Value>) -> HttpAnswer {
        self.request_with(method, path, body, &[]).await
    }

    /// A request with extra header lines.
    pub async fn request_with(
        &mut self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        extra: &[(&str, &str)],
    ) -> HttpAnswer {
        use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
        let body = body.map(Value::to_string).unwrap_or_default();
        let extra: String = extra
            .iter()
            .map(|(name, value)| format!("{name}: {value}\r\n"))
            .collect();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        self.stream
            .get_mut()
            .write_all(request.as_bytes())
            .await
            .expect("write");
        let mut line = String::new();
        self.stream.read_line(&mut line).await.expect("status line");
        let status = line
            .split(' ')
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("a status line, not {line:?}"));
        let mut headers = Vec::new();
        loop {
            line.clear();
            self.stream.read_line(&mut line).await.expect("header");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
            }
        }
        let length: usize = headers
            .iter()
            .find(|(name, _)| name == "content-length")
            .map_or(0, |(_, value)| value.parse().expect("length"));
        let mut bytes = vec![0; length];
        self.stream.read_exact(&mut bytes).await.expect("body");
        let text = String::from_utf8_lossy(&bytes).to_string();
        HttpAnswer {
            status,
            headers,
            body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
        }
    }

    pub async fn get(&mut self, path: &str) -> HttpAnswer {
        self.request("GET", path, None).await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> HttpAnswer {
        self.request("POST", path, Some(&body)).await
    }
}

/// The `p`-quantile (0..=1) of some durations.
pub fn percentile(durations: &[Duration], p: f64) -> Duration {
    let mut sorted = durations.to_vec();
    sorted.sort();
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}
