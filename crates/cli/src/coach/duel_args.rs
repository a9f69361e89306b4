//! The arguments every duel and parallel job shares: the two players (`--a`, `--b`) and the
//! number of threads (`--jobs`). The forms a player may take are each game's, listed in its
//! command's help.

use clap::Args;
use ludus_coach::stats::{JobsError, check_jobs};

/// The two players of a duel.
#[derive(Debug, Args)]
pub(crate) struct DuelPlayers {
    /// Player A, in one of the forms the command's description lists.
    #[arg(long)]
    pub(crate) a: String,
    /// Player B, same forms as --a.
    #[arg(long)]
    pub(crate) b: String,
}

/// How many threads a command runs.
#[derive(Debug, Args)]
pub(crate) struct Jobs {
    /// Threads, each with its own players: games (or pairs) played at once; external
    /// programs mostly wait, so several keep the cores busy.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
}

impl Jobs {
    /// The thread count, when it lies in `1..=MAX_JOBS`.
    pub(crate) fn count(&self) -> Result<usize, JobsError> {
        check_jobs(self.jobs)
    }
}
