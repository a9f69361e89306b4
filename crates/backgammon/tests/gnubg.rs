//! Where gnubg is and whether it can run: shared by the oracle test here and the binary's
//! duel tests (`crates/cli/tests/cli.rs` includes this file).

use std::process::Command;

/// Where Debian installs gnubg.
pub const GNUBG: &str = "/usr/games/gnubg";

/// Whether gnubg can run; without it, a failure under `LUDUS_REQUIRE_GNUBG=1` (as
/// `scripts/test` sets it), else a message that `what` did not run (the test is skipped).
pub fn gnubg_is_installed(what: &str) -> bool {
    if Command::new(GNUBG).arg("--version").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var("LUDUS_REQUIRE_GNUBG").as_deref() != Ok("1"),
        "{GNUBG} is missing and LUDUS_REQUIRE_GNUBG=1: apt-get install -y gnubg"
    );
    eprintln!("SKIPPED: {GNUBG} is missing (apt-get install -y gnubg); {what} did not run");
    false
}
