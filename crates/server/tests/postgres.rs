//! PostgreSQL for the tests: `LUDUS_TEST_POSTGRES` (the URL of a throw-away server), else a
//! throw-away cluster that `scripts/pg-cluster.sh` starts for this test process (and stops when it
//! exits). Every test gets a fresh database of its own.
//!
//! Without PostgreSQL the tests that need it print why and pass without running, except under
//! `LUDUS_REQUIRE_POSTGRES=1` (`scripts/test`), where they fail.

use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio_postgres::NoTls;

static SERVER: OnceLock<Result<String, String>> = OnceLock::new();
static DATABASES: AtomicUsize = AtomicUsize::new(0);

/// The administrator's URL of the server, or why there is none.
fn server() -> &'static Result<String, String> {
    SERVER.get_or_init(|| {
        if let Ok(url) = std::env::var("LUDUS_TEST_POSTGRES") {
            return Ok(url);
        }
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/pg-cluster.sh");
        let output = std::process::Command::new("bash")
            .arg(script)
            .arg(std::process::id().to_string())
            .output()
            .map_err(|error| format!("cannot run {script}: {error}"))?;
        if output.status.success() {
            Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
        } else {
            Err(format!(
                "scripts/pg-cluster.sh failed: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ))
        }
    })
}

/// The URL of a new, empty database for one test, or `None` (after saying why) when there is no
/// PostgreSQL; panics instead under `LUDUS_REQUIRE_POSTGRES=1`.
pub async fn fresh_database(test: &str) -> Option<String> {
    let admin = match server() {
        Ok(url) => url,
        Err(why) => {
            assert!(
                std::env::var("LUDUS_REQUIRE_POSTGRES").as_deref() != Ok("1"),
                "PostgreSQL is required (LUDUS_REQUIRE_POSTGRES=1): {why}"
            );
            // Straight to stderr: the test harness captures only print!-style output.
            let _ = writeln!(
                std::io::stderr(),
                "skipping the PostgreSQL part of {test}: {why}"
            );
            return None;
        }
    };
    let name = format!(
        "ludus_{}_{}",
        std::process::id(),
        DATABASES.fetch_add(1, Ordering::Relaxed)
    );
    let (client, connection) = tokio_postgres::connect(admin, NoTls)
        .await
        .expect("connect to the test server");
    tokio::spawn(connection);
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .expect("create a test database");
    let (base, _) = admin.rsplit_once('/').expect("a URL with a database");
    Some(format!("{base}/{name}"))
}

/// Drops a test database at once, closing its connections (the health check's failure).
pub async fn drop_database(url: &str) {
    let admin = server().as_ref().expect("a server");
    let (_, name) = url.rsplit_once('/').expect("a URL with a database");
    let (client, connection) = tokio_postgres::connect(admin, NoTls)
        .await
        .expect("connect to the test server");
    tokio::spawn(connection);
    client
        .batch_execute(&format!("DROP DATABASE {name} WITH (FORCE)"))
        .await
        .expect("drop the test database");
}
