//! The arguments several commands share: how a rollout values luck (`--luck`) and Morris rules
//! (`--rules`). A leaf module: it imports nothing of the commands that use it.

use crate::CliError;
use clap::ValueEnum;
use ludus_backgammon_engine::rollout::LuckEstimate;
use ludus_morris::Rules;

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
