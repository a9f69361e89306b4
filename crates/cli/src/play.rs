//! `ludus play morris|backgammon`: the terminal UI (see `ludus-tui`).

use crate::{CliError, CliResult};
use clap::{Args, Subcommand, ValueEnum};
use ludus_tui::i18n::Lang;
use ludus_tui::ui::Opponent;
use ludus_tui::{BgOptions, MorrisOptions, PlayError, PlayOptions};
use std::path::PathBuf;

/// Arguments of `ludus play`.
#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    #[command(subcommand)]
    game: PlayGame,
}

#[derive(Debug, Subcommand)]
enum PlayGame {
    /// Nine Men's Morris on a full-screen board.
    Morris {
        /// Rule set: standard (flying with three pieces) or no-flying.
        #[arg(long)]
        rules: Option<String>,
        #[command(flatten)]
        common: CommonArgs,
    },
    /// Backgammon on a full-screen board (money play unless --match is given).
    #[command(alias = "bg")]
    Backgammon {
        /// Play a match to N points (Crawford rule); without it, money play.
        #[arg(long = "match", value_name = "N")]
        match_length: Option<u32>,
        /// Use the doubling cube in money play.
        #[arg(long)]
        cube: Option<OnOff>,
        /// Bear off automatically when nothing else matters: no contact, and one play bears off
        /// a checker with each die [default: on].
        #[arg(long, value_name = "ON_OFF")]
        auto_bear_off: Option<OnOff>,
        #[command(flatten)]
        common: CommonArgs,
    },
}

#[derive(Debug, Args)]
struct CommonArgs {
    /// The opponent: the computer or a person at the same keyboard [default: computer].
    #[arg(long)]
    vs: Option<VsArg>,
    /// The computer's level, 1 (weakest) to 10 [default: 5].
    #[arg(long)]
    level: Option<u32>,
    /// Your colour against the computer [default: white].
    #[arg(long = "as")]
    side: Option<SideArg>,
    /// Seed of the dice (backgammon) or of the engine's choices (morris).
    #[arg(long)]
    seed: Option<u64>,
    /// Language: en, et or hu [default: from LC_ALL, LC_MESSAGES or LANG].
    #[arg(long)]
    lang: Option<String>,
    /// Plain text with line prompts (also when standard output is not a terminal).
    #[arg(long)]
    plain: bool,
    /// Save the game to FILE after every move.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Resume the game saved in FILE (and keep saving there unless --save says otherwise).
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// Review the game saved in FILE: step through it with the arrow keys, each move's value,
    /// the best alternative and the loss, a summary per player and an equity graph.
    #[arg(long, value_name = "FILE", conflicts_with = "load")]
    review: Option<PathBuf>,
    /// Where your reviewed games (against the computer) become exercises for `ludus practice`
    /// [default: $LUDUS_PLAYER_FILE, else $XDG_DATA_HOME/ludus/player.json, else
    /// ~/.local/share/ludus/player.json].
    #[arg(long, value_name = "FILE")]
    player_file: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum VsArg {
    Computer,
    Human,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SideArg {
    White,
    Black,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum OnOff {
    On,
    Off,
}

impl CommonArgs {
    fn options(self) -> Result<PlayOptions, CliError> {
        let lang = match &self.lang {
            Some(code) => code.parse::<Lang>().map_err(CliError::bad_input)?,
            None => Lang::from_env(|name| std::env::var(name).ok()),
        };
        // Without any place for the player file the games are simply not kept for practice.
        let practice = match crate::player_file::store(self.player_file) {
            Ok(store) => Some(ludus_tui::practice::log::ReviewLog::new(
                store,
                crate::player_file::today()?,
            )),
            Err(_) => None,
        };
        Ok(PlayOptions {
            opponent: self.vs.map(|vs| match vs {
                VsArg::Computer => Opponent::Computer,
                VsArg::Human => Opponent::Human,
            }),
            level: self.level,
            as_white: self.side.map(|s| matches!(s, SideArg::White)),
            seed: self.seed,
            lang,
            plain: self.plain,
            save: self.save,
            load: self.load,
            review: self.review,
            practice,
        })
    }
}

/// Plays until the user leaves.
pub(crate) fn run(args: PlayArgs) -> CliResult {
    let result = match args.game {
        PlayGame::Morris { rules, common } => {
            let rules = rules
                .map(|r| r.parse().map_err(CliError::bad_input))
                .transpose()?;
            ludus_tui::play_morris(&common.options()?, MorrisOptions { rules })
        }
        PlayGame::Backgammon {
            match_length,
            cube,
            auto_bear_off,
            common,
        } => {
            let on = |switch: OnOff| matches!(switch, OnOff::On);
            let bg = BgOptions {
                match_length,
                cube: cube.map(on),
                auto_bear_off: auto_bear_off.map(on),
            };
            ludus_tui::play_backgammon(&common.options()?, bg)
        }
    };
    play_result(result)
}

/// A terminal session's error as the command line reports it.
pub(crate) fn play_result(result: Result<(), PlayError>) -> CliResult {
    result.map_err(|error| match error {
        PlayError::BadInput(message) => CliError::bad_input(message),
        // The plain-text mode's reader closed the pipe.
        PlayError::Io(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {
            CliError::StdoutClosed
        }
        PlayError::Io(error) => error.into(),
    })
}
