//! The arguments several commands share: the two players of a duel (`--a`, `--b`), the
//! number of threads (`--jobs`), how a rollout values luck (`--luck`) and Morris rules
//! (`--rules`). The forms a player may
//! take are each game's, listed in its command's help. A leaf module: it imports nothing of the
//! commands that use it.

use crate::CliError;
use clap::{Args, ValueEnum};
use ludus_backgammon_engine::rollout::LuckEstimate;
use ludus_coach::stats::{JobsError, check_jobs};
use ludus_morris::Rules;

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

/// How a rollout values each roll's luck (`--luck`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum LuckArg {
    /// The full network's best play.
    Full,
    /// The lookahead's pruned reply choice.
    Pruned,
}

impl From<LuckArg> for LuckEstimate {
    fn from(arg: LuckArg) -> LuckEstimate {
        match arg {
            LuckArg::Full => LuckEstimate::FullWidth,
            LuckArg::Pruned => LuckEstimate::Pruned,
        }
    }
}

/// Reads `--rules` of a Morris command (`standard`, `no-flying`, with options).
pub(crate) fn parse_rules(text: &str) -> Result<Rules, CliError> {
    text.parse::<Rules>().map_err(CliError::bad_input)
}
