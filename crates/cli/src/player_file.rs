//! Where `ludus play` and `ludus practice` keep the player file, and which day it is.

use crate::CliError;
use ludus_tui::practice::ludus_practice::Day;
use ludus_tui::practice::store::PlayerStore;
use std::path::PathBuf;

/// The variable that fixes "today" as a day number (days since 1970-01-01), for tests.
const TODAY_ENV: &str = "LUDUS_TODAY";

/// The player file of the flag or the environment.
pub(crate) fn store(flag: Option<PathBuf>) -> Result<PlayerStore, CliError> {
    PlayerStore::locate(flag, |name| std::env::var(name).ok()).map_err(CliError::bad_input)
}

/// Today's day number: `LUDUS_TODAY` when set, else the clock's.
pub(crate) fn today() -> Result<Day, CliError> {
    match std::env::var(TODAY_ENV) {
        Ok(text) => text.trim().parse().map_err(|_| {
            CliError::bad_input(format!("{TODAY_ENV} must be a day number, got {text:?}"))
        }),
        Err(_) => Ok(ludus_tui::practice::table::today()),
    }
}
