//! `ludus practice`: exercises from your own reviewed games in the terminal (see
//! `ludus_tui::practice`): the day's set, the progress table, adding a saved game, export and
//! import of the player file, the thresholds.

use crate::output::outln;
use crate::player_file::{store, today};
use crate::{CliError, CliResult};
use clap::{Args, Subcommand, ValueEnum};
use ludus_tui::i18n::{Catalog, Lang};
use ludus_tui::practice::commands::{self, PracticeError};
use std::path::PathBuf;

/// Arguments of `ludus practice`.
#[derive(Debug, Args)]
pub(crate) struct PracticeArgs {
    #[command(subcommand)]
    command: Option<PracticeCommand>,
    /// The player file [default: $LUDUS_PLAYER_FILE, else $XDG_DATA_HOME/ludus/player.json,
    /// else ~/.local/share/ludus/player.json].
    #[arg(long, value_name = "FILE", global = true)]
    player_file: Option<PathBuf>,
    /// Language: en, et or hu [default: from LC_ALL, LC_MESSAGES or LANG].
    #[arg(long, global = true)]
    lang: Option<String>,
    /// Plain text with line prompts (also when standard output is not a terminal).
    #[arg(long)]
    plain: bool,
}

#[derive(Debug, Subcommand)]
enum PracticeCommand {
    /// The progress table: per game and day, mp per decision (checker and cube apart) or Morris
    /// value-changing moves, luck and exercise results.
    Progress,
    /// Review a saved game (backgammon .mat, Morris game record) and add its mistakes.
    Add {
        /// The saved game.
        record: PathBuf,
        /// Whose decisions [default: yours in a Ludus record, else White's].
        #[arg(long = "as")]
        side: Option<SideArg>,
    },
    /// Write a copy of the player file.
    Export {
        /// Where to write it.
        file: PathBuf,
    },
    /// Merge the player file FILE into yours (checked first; a bad file changes nothing; the
    /// same file imported twice changes nothing more).
    Import {
        /// The player file to read.
        file: PathBuf,
    },
    /// Set how much equity a backgammon decision must lose to become an exercise.
    Threshold {
        /// Checker plays, in millipoints [library default: 40].
        checker_mp: f64,
        /// Cube actions, in millipoints [library default: 40].
        cube_mp: f64,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SideArg {
    White,
    Black,
}

/// The language of `--lang` or the environment.
fn lang(code: Option<&str>) -> Result<Lang, CliError> {
    match code {
        Some(code) => code.parse::<Lang>().map_err(CliError::bad_input),
        None => Ok(Lang::from_env(|name| std::env::var(name).ok())),
    }
}

/// Runs a practice command.
pub(crate) fn run(args: PracticeArgs) -> CliResult {
    let store = store(args.player_file)?;
    let lang = lang(args.lang.as_deref())?;
    let Some(command) = args.command else {
        return crate::play::play_result(ludus_tui::practise(store, today()?, lang, args.plain));
    };
    match command {
        PracticeCommand::Progress => {
            let file = store.load().map_err(CliError::bad_input)?;
            let catalog = Catalog::new(lang);
            let table = ludus_tui::practice::table::progress_lines(&file, &catalog);
            let levels = ludus_tui::practice::table::level_lines(&file, &catalog);
            for line in table.iter().chain(&levels) {
                outln!("{line}")?;
            }
            Ok(())
        }
        PracticeCommand::Add { record, side } => {
            let side = side.map(|s| matches!(s, SideArg::White));
            let added = commands::add_record(&store, &record, side, today()?).map_err(failure)?;
            let catalog = Catalog::new(lang);
            outln!(
                "{}",
                catalog.format("practice-added", &[("count", &added.to_string())])
            )
        }
        PracticeCommand::Export { file } => commands::export_to(&store, &file).map_err(failure),
        PracticeCommand::Import { file } => commands::import_from(&store, &file).map_err(failure),
        PracticeCommand::Threshold {
            checker_mp,
            cube_mp,
        } => {
            commands::set_threshold(&store, checker_mp, cube_mp).map_err(failure)?;
            Ok(())
        }
    }
}

/// A refused file or record is bad input; the rest is a failure.
fn failure(error: PracticeError) -> CliError {
    match error {
        PracticeError::Store(ludus_tui::practice::store::StoreError::Write { .. }) => {
            CliError::Failure(error.into())
        }
        _ => CliError::bad_input(error),
    }
}
