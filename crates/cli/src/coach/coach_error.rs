//! How the coach's errors reach the command line: the user's fault (a bad spec, file or option)
//! exits 2, anything else 1, each with its source chain on one line.

use crate::CliError;
use ludus_backgammon::player::PlayerError;
use ludus_coach::backgammon::checkpoints::StartNetError;
use ludus_coach::backgammon::fit::FitRunError;
use ludus_coach::backgammon::labeller::LabellerError;
use ludus_coach::backgammon::labels::LabelFileError;
use ludus_coach::backgammon::player_spec::{BuildError, SpecError};
use ludus_coach::backgammon::weights::WeightsFileError;
use ludus_coach::stats::JobsError;

/// `error` as bad input (exit 2) or a failure (exit 1).
fn classify(error: impl std::error::Error + Send + Sync + 'static, bad_input: bool) -> CliError {
    let error = anyhow::Error::new(error);
    if bad_input {
        CliError::bad_input(format!("{error:#}"))
    } else {
        CliError::Failure(error)
    }
}

impl From<SpecError> for CliError {
    fn from(error: SpecError) -> Self {
        classify(error, true)
    }
}

impl From<JobsError> for CliError {
    fn from(error: JobsError) -> Self {
        classify(error, true)
    }
}

impl From<LabellerError> for CliError {
    fn from(error: LabellerError) -> Self {
        classify(error, true)
    }
}

impl From<BuildError> for CliError {
    fn from(error: BuildError) -> Self {
        let bad_input = error.is_bad_input();
        classify(error, bad_input)
    }
}

impl From<WeightsFileError> for CliError {
    fn from(error: WeightsFileError) -> Self {
        let bad_input = error.is_bad_input();
        classify(error, bad_input)
    }
}

impl From<LabelFileError> for CliError {
    fn from(error: LabelFileError) -> Self {
        let bad_input = error.is_bad_input();
        classify(error, bad_input)
    }
}

/// A player that failed during a duel or a measurement (exit 1). Its message already names the
/// player and holds its source's, so the chain is not repeated.
pub(crate) fn player_failure(error: PlayerError) -> CliError {
    CliError::Failure(anyhow::Error::msg(error.to_string()))
}

impl From<FitRunError> for CliError {
    fn from(error: FitRunError) -> Self {
        let bad_input = error.is_bad_input();
        classify(error, bad_input)
    }
}

impl From<StartNetError> for CliError {
    fn from(error: StartNetError) -> Self {
        let bad_input = error.is_bad_input();
        classify(error, bad_input)
    }
}
